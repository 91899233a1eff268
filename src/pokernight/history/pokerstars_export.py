"""Writing one of our hands as PokerStars hand-history text, from its events.

PokerTracker, Hold'em Manager and most other trackers import PokerStars text,
so that is the form we write, line for line as a PokerStars play-chip table
does (amounts are whole chips, with no currency sign):

    PokerStars Hand #20261125123400000007: Hold'em No Limit (10/20) - 2026/11/25 20:00:00 UTC
    Table 'pokernight 1234' 9-max Seat #3 is the button
    Seat 1: Ann (1000 in chips)
    Ann: posts the ante 5
    Ann: posts small blind 10
    *** HOLE CARDS ***
    Dealt to Ann [Ah Kd]
    Bob: raises 40 to 60
    *** FLOP *** [Td Ts 5c]
    Uncalled bet (40) returned to Bob
    *** SHOW DOWN ***
    Bob: shows [Ah Kd] (Two Pair, Aces and Tens)
    Bob collected 120 from pot
    *** SUMMARY ***
    Total pot 120 | Rake 0
    Board [Td Ts 5c Ah Js]
    Seat 1: Ann (small blind) folded before Flop

A hand may be written as a spectator saw it (``rules.visible_events``): a card
nobody was shown has no "Dealt to" line, as an opponent's hole cards in a real
PokerStars file. Given every card, each player gets "Dealt to" lines, as if
each were the hero: the host's archive.

Choices, and what is left out (docs/decisions/0030-pokerstars-export.md):

- Hand numbers must be unique across everything a tracker has imported (it
  drops a second hand with the same number): the caller passes one.
- Games: Hold'em and Omaha in no-limit, pot-limit and limit ("Hold'em Limit"),
  Seven-Card Stud and Razz ("7 Card Stud Limit", "Razz Limit"), the hi-lo games, and the
  draws ("5 Card Draw", "Triple Draw 2-7 Lowball", "Badugi"). The wild-card games,
  short-deck and a double board have no PokerStars form: ``PokerStarsError``.
- Stud: "*** 3rd STREET ***" to "*** RIVER ***", "brings in for", "completes it
  to"; the header names no button (PokerStars stud has none).
- Draws: "*** DEALING HANDS ***", then "*** DRAW ***" (single draw) or "*** FIRST DRAW ***"
  to "*** THIRD DRAW ***"; "discards N cards [..]" (the cards when the view saw them) or
  "stands pat", and the hero's new cards as "Dealt to NAME [kept] [drawn]".
- A board run twice: the streets dealt after the players chose are "FIRST FLOP" (turn,
  river), the second run's "SECOND ...", each run's showdown "*** FIRST SHOW DOWN ***" and
  "*** SECOND SHOW DOWN ***", and the summary says "Hand was run twice" and both boards.
- A bomb pot: every player "posts the ante", and no preflop betting comes before the flop.
- Straddles are written "posts straddle N", a big blind posted to be dealt in
  "posts big blind N", and the big blind's ante "posts the ante N".
- Hand descriptions are ours ("One Pair, Tens"), not PokerStars' wording.
- Names are written as they are: a name that itself reads like an action line
  ("Bob: folds") can mislead a reader that goes by patterns.

What PokerStars text cannot say: a no-limit or pot-limit minimum bet below the
big blind (our stakes' ``small_bet``); readers take the big blind.

PokerKit 0.7.7's ``PokerStarsParser`` reads "Hold'em No Limit" only, and of its
forced bets only "posts small blind" and "posts big blind": not antes, not a
straddle, not the other games. The tests read those hands with it unchanged and
every other hand with a test-only widening of it whose game PokerKit's own engine
replays (tests/test_history_pokerstars.py); PokerKit has no pot-limit hold'em or
no-limit Omaha, so those two are written but not replayed.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Final

from pokernight.cards import Card
from pokernight.history.table_export import PlayedHand
from pokernight.rules import Hand, visible_events
from pokernight.rules.events import (
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    BringInPosted,
    CardsDealt,
    CardsDrawn,
    CardsMucked,
    CardsShown,
    Event,
    HandStarted,
    PotAwarded,
    RunsChosen,
    SecondRunStarted,
    StreetStarted,
)
from pokernight.rules.stakes import BettingStructure
from pokernight.rules.variants import variant_for

GAMES: Final = {
    "nlhe": "Hold'em",
    "plhe": "Hold'em",
    "flhe": "Hold'em",
    "nlo": "Omaha",
    "plo": "Omaha",
    "stud": "7 Card Stud",
    "razz": "Razz",
    "plo8": "Omaha Hi/Lo",
    "o8": "Omaha Hi/Lo",
    "stud8": "7 Card Stud Hi/Lo",
    "nl5cd": "5 Card Draw",
    "fl5cd": "5 Card Draw",
    "27td": "Triple Draw 2-7 Lowball",
    "badugi": "Badugi",
}
"""Our variant -> the game's PokerStars name (any betting structure follows it)."""

STRUCTURES: Final = {
    BettingStructure.NO_LIMIT: "No Limit",
    BettingStructure.POT_LIMIT: "Pot Limit",
    BettingStructure.FIXED_LIMIT: "Limit",
}

STREET_HEADERS: Final = {
    "preflop": "HOLE CARDS",
    "flop": "FLOP",
    "turn": "TURN",
    "river": "RIVER",
    "third street": "3rd STREET",
    "fourth street": "4th STREET",
    "fifth street": "5th STREET",
    "sixth street": "6th STREET",
    "seventh street": "RIVER",
    "predraw": "DEALING HANDS",
    "first draw": "FIRST DRAW",
    "second draw": "SECOND DRAW",
    "third draw": "THIRD DRAW",
}

FOLDED_ON: Final = {
    "preflop": "before Flop",
    "flop": "on the Flop",
    "turn": "on the Turn",
    "river": "on the River",
    "third street": "on the 3rd Street",
    "fourth street": "on the 4th Street",
    "fifth street": "on the 5th Street",
    "sixth street": "on the 6th Street",
    "seventh street": "on the River",
    "predraw": "before the Draw",
    "first draw": "after the 1st Draw",
    "second draw": "after the 2nd Draw",
    "third draw": "after the 3rd Draw",
}

RUN_WORDS: Final = ("FIRST", "SECOND")
"""A board run twice: each run's streets and showdown are headed FIRST and SECOND."""

BLIND_WORDS: Final = {
    "small": "small blind",
    "big": "big blind",
    "posted": "big blind",
    "straddle": "straddle",
}


class PokerStarsError(ValueError):
    """A hand that PokerStars text cannot hold (the reason is the message)."""


@dataclass(frozen=True, slots=True)
class TableInfo:
    """What the header says beyond the hand: the hand's number, the table's name and size,
    when the hand began (seconds since the epoch), and each hand seat's table seat number
    (1-based; default: 1, 2, 3...) and the button's (None: the hand seat's)."""

    number: int = 1
    name: str = "pokernight"
    max_seats: int = 9
    at: float = 0.0
    seat_numbers: tuple[int, ...] = ()
    button_seat: int | None = None


def pokerstars_game(started: HandStarted) -> str:
    """The game as PokerStars names it: "Hold'em No Limit", "Razz Limit"."""
    if started.double_board:
        raise PokerStarsError("PokerStars has no form for a double board")
    game = GAMES.get(started.variant)
    if game is None:
        variant = variant_for(started.variant)
        why = " (wild cards)" if variant.has_wild_cards else ""
        raise PokerStarsError(f"PokerStars has no form for {variant.name}{why}")
    return f"{game} {STRUCTURES[BettingStructure(started.betting)]}"


def to_pokerstars(
    hand: Hand,
    names: Sequence[str],
    events: Sequence[Event] | None = None,
    table: TableInfo | None = None,
) -> str:
    """The finished ``hand`` as one PokerStars hand history, ending in a newline.

    ``names``: the players' names by hand seat; ``events``: the hand's events as one
    view saw them (default: all of them, every card).
    """
    events = hand.events if events is None else events
    started = events[0]
    assert isinstance(started, HandStarted)
    info = table or TableInfo()
    # The main pot is "main pot" only when side pots follow it (the awards come main first).
    side_pots = any(isinstance(event, PotAwarded) and event.index for event in events)
    writer = _Writer(started, names, info, hand.variant.is_stud, side_pots, hand.runs)
    for event in events[1:]:
        writer.add(event)
    return "\n".join(writer.finished()) + "\n"


def played_to_pokerstars(
    played: PlayedHand,
    code: str,
    max_seats: int,
    all_cards: bool = False,
    as_seat: int | None = None,
) -> str:
    """A table's finished hand as PokerStars text: as a spectator saw it, as the hand seat
    ``as_seat`` saw it (its own "Dealt to" line: the hero's), or every card.

    The table is named "pokernight CODE"; the hand's number is ``hand_id``'s.
    """
    if all_cards:
        events: Sequence[Event] = played.hand.events
    else:
        events = visible_events(played.hand.events, as_seat)
    info = TableInfo(
        number=hand_id(played, code),
        name=f"pokernight {code}",
        max_seats=max_seats,
        at=played.started.at,
        seat_numbers=tuple(seat + 1 for seat in played.started.seats),
        button_seat=played.started.button + 1,
    )
    return to_pokerstars(played.hand, played.names, events, info)


def hand_id(played: PlayedHand, code: str) -> int:
    """A number no other table's hand has (trackers keep one hand per number): the day
    the hand was dealt, the table's code and the table's hand number, in digits."""
    day = datetime.fromtimestamp(played.started.at, UTC).strftime("%Y%m%d")
    return int(f"{day}{code}{played.number:07d}")


@dataclass(slots=True)
class _Writer:
    """Turns the events into lines, keeping what the summary at the end needs."""

    started: HandStarted
    names: Sequence[str]
    info: TableInfo
    stud: bool
    side_pots: bool
    runs: int = 1  # 2: a board run twice (streets and showdowns headed FIRST, SECOND)
    lines: list[str] = field(default_factory=list)
    forced: list[str] = field(default_factory=list)  # antes first, then blinds (as PokerStars)
    antes: int = 0  # how many of ``forced`` are antes
    posted: dict[int, int] = field(default_factory=dict)  # forced bets by seat
    blinds: dict[int, set[str]] = field(default_factory=dict)  # blind kinds by seat
    street: str = "preflop"
    street_bets: dict[int, int] = field(default_factory=dict)
    known: dict[int, list[Card]] = field(default_factory=dict)  # cards seen so far, by seat
    dealt_now: dict[int, list[Card]] = field(default_factory=dict)
    board: list[Card] = field(default_factory=list)
    dealing: bool = False
    showdown: bool = False
    folded_on: dict[int, str] = field(default_factory=dict)
    shown: dict[int, CardsShown] = field(default_factory=dict)
    mucked: set[int] = field(default_factory=set)
    unseen: set[int] = field(default_factory=set)  # seats with a card this view did not see
    won: dict[int, int] = field(default_factory=dict)
    pots: dict[int, int] = field(default_factory=dict)
    run: int | None = None  # the run being dealt (0 or 1) once the runs were chosen
    boards: list[list[Card]] = field(default_factory=list)  # each run's board
    showdown_run: int | None = None

    def __post_init__(self) -> None:
        self.lines += self._header()

    def add(self, event: Event) -> None:
        if not isinstance(event, CardsDealt):
            self._flush_dealt()
        if not isinstance(event, CardsDealt | AntePosted | BlindPosted):
            self._flush_forced()
        if isinstance(event, StreetStarted):
            self.street = event.name
            self.street_bets = {}
            self.dealing = False
        elif isinstance(event, RunsChosen):
            if self.runs > 1:
                self.run = 0
        elif isinstance(event, SecondRunStarted):
            self.run = 1
            self.boards = [list(self.board)]
            self.board = self.board[: event.shared]
        elif isinstance(event, CardsDrawn):
            self._drawn(event)
        elif isinstance(event, AntePosted):
            self.forced.insert(self.antes, self._posted(event.seat, "the ante", event.amount))
            self.antes += 1
        elif isinstance(event, BlindPosted):
            self.street_bets[event.seat] = event.amount
            self.blinds.setdefault(event.seat, set()).add(event.kind)
            self.forced.append(self._posted(event.seat, BLIND_WORDS[event.kind], event.amount))
        elif isinstance(event, CardsDealt):
            self._dealt(event)
        elif isinstance(event, BringInPosted):
            self.street_bets[event.seat] = event.amount
            self._say(event.seat, f"brings in for {event.amount}", event.all_in)
        elif isinstance(event, ActionTaken):
            self._action(event)
        elif isinstance(event, BetReturned):
            self.lines.append(f"Uncalled bet ({event.amount}) returned to {self.names[event.seat]}")
        else:
            self._showdown(event)

    def finished(self) -> list[str]:
        self._flush_dealt()
        return self.lines + self._summary()

    def _drawn(self, event: CardsDrawn) -> None:
        """ "discards N cards [..]" (the cards when this view saw them) or "stands pat";
        the cards drawn are a "Dealt to" line: those kept, then the new ones."""
        if not self.dealing:
            self.dealing = True
            self.lines.append(f"*** {self._street_header()} ***")
        name = self.names[event.seat]
        if not event.count:
            self.lines.append(f"{name}: stands pat")
            return
        thrown = f" {_cards(event.discarded)}" if event.discarded else ""
        plural = "s" if event.count > 1 else ""
        self.lines.append(f"{name}: discards {event.count} card{plural}{thrown}")
        held = self.known.get(event.seat)
        if event.drawn and held is not None:
            kept = [card for card in held if card not in event.discarded]
            self.lines.append(f"Dealt to {name} {_cards(kept)} {_cards(event.drawn)}")
            self.known[event.seat] = kept + list(event.drawn)
        else:
            self.unseen.add(event.seat)  # a hand changed out of this view's sight

    def _street_header(self) -> str:
        header = STREET_HEADERS[self.street]
        if header == "FIRST DRAW" and self.variant_draws == 1:
            return "DRAW"
        if self.run is not None and self.street in ("flop", "turn", "river"):
            return f"{RUN_WORDS[self.run]} {header}"
        return header

    @property
    def variant_draws(self) -> int:
        return sum(street.draws for street in variant_for(self.started.variant).streets)

    def _header(self) -> list[str]:
        started, info = self.started, self.info
        stakes = started.stakes
        if BettingStructure(started.betting) is BettingStructure.FIXED_LIMIT:
            levels = (stakes.fixed_bet(False), stakes.fixed_bet(True))
        elif self.stud:
            levels = (stakes.bring_in, stakes.minimum_bet())
        else:
            levels = (stakes.small_blind, stakes.big_blind)
        when = datetime.fromtimestamp(info.at, UTC).strftime("%Y/%m/%d %H:%M:%S")
        table = f"Table '{info.name}' {info.max_seats}-max"
        if not self.stud:  # PokerStars stud has no button
            table += f" Seat #{self._button_seat()} is the button"
        lines = [
            f"PokerStars Hand #{info.number}: {pokerstars_game(started)} "
            f"({levels[0]}/{levels[1]}) - {when} UTC",
            table,
        ]
        lines += [
            f"Seat {self._seat_number(seat)}: {self.names[seat]} ({stack} in chips)"
            for seat, stack in enumerate(started.stacks)
        ]
        return lines

    def _seat_number(self, seat: int) -> int:
        return self.info.seat_numbers[seat] if self.info.seat_numbers else seat + 1

    def _button_seat(self) -> int:
        button = self.info.button_seat
        return self._seat_number(self.started.button) if button is None else button

    def _posted(self, seat: int, what: str, amount: int) -> str:
        # A forced bet is all-in when, with the seat's others, it took the whole stack.
        self.posted[seat] = self.posted.get(seat, 0) + amount
        all_in = " and is all-in" if self.posted[seat] == self.started.stacks[seat] else ""
        return f"{self.names[seat]}: posts {what} {amount}{all_in}"

    def _dealt(self, event: CardsDealt) -> None:
        if not self.dealing:
            self._flush_forced()
            self.dealing = True
            if event.seat is not None or self.street in ("preflop", "predraw") or self.stud:
                self.lines.append(f"*** {self._street_header()} ***")
        if event.seat is None:
            self._board(event.cards)
        else:
            self.dealt_now.setdefault(event.seat, []).extend(event.cards)
            if event.hidden:
                self.unseen.add(event.seat)

    def _board(self, cards: Sequence[Card]) -> None:
        if self.stud:  # a stud deck ran short: one card for everybody
            self.lines[-1] = f"*** {self._street_header()} *** {_cards(cards)}"
        else:
            before = f" {_cards(self.board)}" if self.board else ""
            self.lines.append(f"*** {self._street_header()} ***{before} {_cards(cards)}")
        self.board += cards

    def _flush_forced(self) -> None:
        self.lines += self.forced
        self.forced = []

    def _flush_dealt(self) -> None:
        """One "Dealt to" line per seat and street: the cards seen before, then the new."""
        for seat, cards in self.dealt_now.items():
            if not cards:
                continue  # face down, and this view did not see them
            before = self.known.setdefault(seat, [])
            shown_before = f" {_cards(before)}" if before else ""
            self.lines.append(f"Dealt to {self.names[seat]}{shown_before} {_cards(cards)}")
            before += cards
        self.dealt_now = {}

    def _action(self, event: ActionTaken) -> None:
        seat, before = event.seat, self.street_bets.get(event.seat, 0)
        facing = max(self.street_bets.values(), default=0)
        if event.kind == "fold":
            self.folded_on[seat] = self.street
            self._say(seat, "folds", False)
            return
        if event.kind == "check":
            self._say(seat, "checks", False)
            return
        assert event.amount is not None
        self.street_bets[seat] = event.amount
        if event.kind == "call":
            words = f"calls {event.amount - before}"
        elif event.says == "complete" and self.stud:
            words = f"completes it to {event.amount}"
        elif facing == 0:
            words = f"bets {event.amount}"
        else:
            # "raises X to Y": X is the raise over the bet faced (a short all-in's too).
            words = f"raises {event.amount - facing} to {event.amount}"
        self._say(seat, words, event.all_in)

    def _say(self, seat: int, words: str, all_in: bool) -> None:
        self.lines.append(f"{self.names[seat]}: {words}{' and is all-in' if all_in else ''}")

    def _showdown(self, event: Event) -> None:
        if (
            self.run is not None
            and isinstance(event, CardsShown | PotAwarded)
            and event.board != self.showdown_run
        ):  # each run's showdown, headed by its run
            self.showdown_run = event.board
            self.showdown = True
            self.lines.append(f"*** {RUN_WORDS[self.showdown_run]} SHOW DOWN ***")
        if isinstance(event, CardsShown | CardsMucked) and not self.showdown:
            self.showdown = True
            self.lines.append("*** SHOW DOWN ***")
        if isinstance(event, CardsShown):
            self.shown[event.seat] = event
            description = event.description or "shows"
            self._say(event.seat, f"shows {_cards(event.cards)} ({description})", False)
        elif isinstance(event, CardsMucked):
            self.mucked.add(event.seat)
            self._say(event.seat, "mucks hand", False)
        elif isinstance(event, PotAwarded):
            self.pots[event.index] = self.pots.get(event.index, 0) + event.amount
            for seat, chips in event.winners:
                self.won[seat] = self.won.get(seat, 0) + chips
            # PokerStars writes a hi-lo pot's halves as collections of their own.
            for seat, chips in (*event.high, *event.low) if event.is_hi_lo else event.winners:
                self.lines.append(f"{self.names[seat]} collected {chips} from {self._pot(event)}")

    def _pot(self, award: PotAwarded) -> str:
        if award.index:
            return f"side pot-{award.index}"
        return "main pot" if self.side_pots else "pot"

    def _summary(self) -> list[str]:
        total = sum(self.pots.values())
        pots = ""
        if len(self.pots) > 1:
            sides = " ".join(f"Side pot-{i} {n}." for i, n in sorted(self.pots.items()) if i)
            pots = f" Main pot {self.pots.get(0, 0)}. {sides}"
        lines = ["*** SUMMARY ***", f"Total pot {total}{pots} | Rake 0"]
        if self.boards:  # a board run twice: both boards
            lines.append("Hand was run twice")
            for word, board in zip(RUN_WORDS, [*self.boards, self.board], strict=True):
                lines.append(f"{word} Board {_cards(board)}")
        elif self.board:
            lines.append(f"Board {_cards(self.board)}")
        lines += [self._seat_summary(seat) for seat in range(len(self.started.stacks))]
        return lines

    def _seat_summary(self, seat: int) -> str:
        role = self._role(seat)
        won = self.won.get(seat, 0)
        if seat in self.folded_on:
            outcome = f"folded {FOLDED_ON[self.folded_on[seat]]}"
        elif seat in self.shown:
            shown = self.shown[seat]
            said = f"showed {_cards(shown.cards)} and "
            with_hand = f" with {shown.description}" if shown.description else ""
            outcome = said + (f"won ({won}){with_hand}" if won else f"lost{with_hand}")
        elif seat in self.mucked:
            # A mucked hand's cards are listed only when all of them were seen.
            known = [] if seat in self.unseen else self.known.get(seat, [])
            outcome = f"mucked {_cards(known)}" if known else "mucked"
        else:
            outcome = f"collected ({won})" if won else "lost"
        return f"Seat {self._seat_number(seat)}: {self.names[seat]}{role} {outcome}"

    def _role(self, seat: int) -> str:
        if self.stud:
            return ""
        blinds = self.blinds.get(seat, set())
        roles = [
            (self._seat_number(seat) == self._button_seat(), " (button)"),
            ("small" in blinds, " (small blind)"),
            ("big" in blinds, " (big blind)"),
        ]
        return "".join(role for holds, role in roles if holds)


def _cards(cards: Iterable[Card]) -> str:
    return "[" + " ".join(str(card) for card in cards) + "]"
