"""The state of one hand, and the reducer that folds one event into it.

``HandState`` is mutable on purpose: the engine appends an event and applies it
in place, so an action costs no copy. Every change to a hand goes through
``record``, which checks after every event that chips are conserved (the live
action path, ``Hand.act``, calls the action's reducer ``action_taken`` directly
and checks the same); rebuilding a hand from its events is recording them into a
fresh state.

Betting bookkeeping for the current street:

- ``level``: the highest street total anybody has put in;
- ``increment``: the size of the last full bet or raise (a raise must add at
  least this much); it starts as the street's full bet;
- ``last_full_to``: the level set by the last full bet or raise;
- ``acted_level[seat]``: the level when the seat last acted (-1: not yet);
  a seat may raise again only if a full raise came after it acted, or the raises
  since then add up to a full raise (a short all-in alone does not reopen);
- ``opened``: a full bet stands (the big blind counts, a stud bring-in does not);
- ``raises``: bets and raises so far, for the fixed-limit cap;
- ``live``: players not folded; ``active``: live players with chips left;
- ``legal``: the legal actions of the seat to act, computed once when asked;
- ``cursor``: the last seat to act (None: nobody yet; action starts at the
  street's ``opener``, computed by ``positions``).

Draw games (``rules.draws``): ``drawing`` while the street's draw round is on, ``drawn``
the seats that drew this round; ``stub`` the cards left to deal once the discards were
reshuffled (None: the deck itself, from ``deck_position``), dealt from ``stub_position``;
``discard_pile`` the discards a reshuffle would take.

Facts fixed for the whole hand (``betting``, ``is_stud``, ``last_street``, each
street's ``full_bets``, ``rotations``: the seats clockwise from each seat) are
computed once here: the engine asks for them on every action, and deriving them
from the variant and stakes each time cost a tenth of a hand.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, Final

from pokernight.cards import Card, Rank
from pokernight.rules.errors import ChipsNotConservedError
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
    HandEnded,
    HandStarted,
    PotAwarded,
    RunsChosen,
    SecondRunStarted,
    StreetStarted,
    StubReshuffled,
    WildRankChanged,
)
from pokernight.rules.stakes import BettingStructure, Stakes
from pokernight.rules.variants import Variant, variant_for


class HandState:
    __slots__ = (
        "acted_level",
        "active",
        "bets",
        "betting",
        "board",
        "bomb_pot",
        "bring_in_pending",
        "button",
        "cap_lifted",
        "cards",
        "chips_behind",
        "chips_in_pots",
        "contributed",
        "count",
        "cursor",
        "dead",
        "dead_small_blind",
        "deck_position",
        "discard_pile",
        "double_board",
        "drawing",
        "drawn",
        "final_stacks",
        "first_board",
        "first_burn",
        "folded",
        "follows_queen",
        "full_bet",
        "full_bets",
        "increment",
        "is_stud",
        "jacks_to_open",
        "last_aggressor",
        "last_full_to",
        "last_street",
        "legal",
        "level",
        "live",
        "mucked",
        "opened",
        "opener",
        "other_board",
        "over",
        "pending_queen",
        "posted_big_blinds",
        "queen_carries_over",
        "raise_cap",
        "raises",
        "rotations",
        "run_it_twice",
        "runout_street",
        "runs",
        "runs_chosen",
        "shown",
        "stacks",
        "stakes",
        "starting_stacks",
        "straddles",
        "street_index",
        "stub",
        "stub_position",
        "to_act",
        "total_chips",
        "up",
        "variant",
        "wild_rank",
    )

    def __init__(self, event: HandStarted) -> None:
        count = len(event.stacks)
        self.variant, self.is_stud, self.follows_queen, self.last_street = _variant_facts(
            event.variant, event.betting
        )
        self.stakes: Stakes = event.stakes
        self.betting = self.variant.betting
        self.full_bets = _full_bets(self.variant, self.stakes)
        self.raise_cap = self.stakes.raise_cap if self.betting is _FIXED_LIMIT else None
        self.rotations = rotations(count)
        seats = self.rotations[0]
        self.button = event.button
        self.dead_small_blind = event.dead_small_blind
        self.posted_big_blinds = event.posted_big_blinds
        self.bomb_pot = event.bomb_pot
        self.straddles = event.straddles
        self.count = count
        self.starting_stacks = event.stacks
        self.total_chips = sum(event.stacks)
        self.chips_behind = self.total_chips  # in the stacks
        self.chips_in_pots = 0  # put in this hand and not yet awarded, bets included
        self.stacks = list(event.stacks)
        self.bets = [0] * count
        self.contributed = [0] * count
        self.dead = [0] * count  # antes: in ``contributed``, never in ``bets`` (see ``pots``)
        self.folded = [False] * count
        self.live = count
        self.active = count
        self.legal: Any = None
        self.cards: list[list[Card]] = [[] for _ in seats]  # one list a seat
        self.up: list[list[Card]] = [[] for _ in seats]
        self.board: list[Card] = []
        self.deck_position = 0
        self.first_burn: int | None = None  # the deck position of the hand's first burn
        self.street_index = -1
        self.level = 0
        self.full_bet = 0
        self.increment = 0
        self.last_full_to = 0
        self.opened = False
        self.raises = 0
        self.cap_lifted = False
        self.acted_level = [-1] * count
        self.bring_in_pending = False
        self.last_aggressor: int | None = None
        self.opener: int | None = None
        self.cursor: int | None = None
        self.to_act: int | None = None
        self.wild_rank: int | None = None
        self.pending_queen: tuple[Card, int | None] | None = None
        # Follow the Queen's house rule: a queen last on a street waits for the next street.
        self.queen_carries_over = event.ftq_queen_carries_over
        self.shown = [False] * count
        self.mucked = [False] * count
        self.over = False
        self.final_stacks: tuple[int, ...] | None = None
        self.jacks_to_open = event.jacks_to_open
        self.drawing = False
        self.drawn = [False] * count
        self.stub: tuple[Card, ...] | None = None
        self.stub_position = 0
        self.discard_pile: list[Card] = []
        self.run_it_twice = event.run_it_twice
        self.runs_chosen = [0] * count
        self.runs = 0
        self.runout_street = 0
        self.first_board: tuple[Card, ...] = ()
        self.double_board = event.double_board
        self.other_board: list[Card] = []  # a double board's second board

    def copy(self, started: HandStarted) -> HandState:
        """An independent copy (``started``: the hand's first event): every list copied,
        the rest (numbers, cards, tuples, the cached legal actions: all immutable) shared.
        Field by field, as the compiled build needs."""
        twin = HandState(started)
        twin.acted_level = list(self.acted_level)
        twin.active = self.active
        twin.bets = list(self.bets)
        twin.betting = self.betting
        twin.board = list(self.board)
        twin.bring_in_pending = self.bring_in_pending
        twin.button = self.button
        twin.cap_lifted = self.cap_lifted
        twin.cards = [list(cards) for cards in self.cards]
        twin.chips_behind = self.chips_behind
        twin.chips_in_pots = self.chips_in_pots
        twin.contributed = list(self.contributed)
        twin.count = self.count
        twin.cursor = self.cursor
        twin.dead = list(self.dead)
        twin.dead_small_blind = self.dead_small_blind
        twin.deck_position = self.deck_position
        twin.first_burn = self.first_burn
        twin.final_stacks = self.final_stacks
        twin.folded = list(self.folded)
        twin.full_bet = self.full_bet
        twin.full_bets = self.full_bets
        twin.follows_queen = self.follows_queen
        twin.increment = self.increment
        twin.is_stud = self.is_stud
        twin.last_aggressor = self.last_aggressor
        twin.last_full_to = self.last_full_to
        twin.last_street = self.last_street
        twin.legal = self.legal
        twin.level = self.level
        twin.live = self.live
        twin.mucked = list(self.mucked)
        twin.opened = self.opened
        twin.opener = self.opener
        twin.over = self.over
        twin.pending_queen = self.pending_queen
        twin.queen_carries_over = self.queen_carries_over
        twin.posted_big_blinds = self.posted_big_blinds
        twin.bomb_pot = self.bomb_pot
        twin.raise_cap = self.raise_cap
        twin.raises = self.raises
        twin.rotations = self.rotations
        twin.shown = list(self.shown)
        twin.stacks = list(self.stacks)
        twin.stakes = self.stakes
        twin.starting_stacks = self.starting_stacks
        twin.street_index = self.street_index
        twin.to_act = self.to_act
        twin.total_chips = self.total_chips
        twin.up = [list(cards) for cards in self.up]
        twin.variant = self.variant
        twin.wild_rank = self.wild_rank
        twin.jacks_to_open = self.jacks_to_open
        twin.drawing = self.drawing
        twin.drawn = list(self.drawn)
        twin.stub = self.stub
        twin.stub_position = self.stub_position
        twin.discard_pile = list(self.discard_pile)
        twin.run_it_twice = self.run_it_twice
        twin.runs_chosen = list(self.runs_chosen)
        twin.runs = self.runs
        twin.runout_street = self.runout_street
        twin.first_board = self.first_board
        twin.double_board = self.double_board
        twin.other_board = list(self.other_board)
        return twin


_FIXED_LIMIT: Final = BettingStructure.FIXED_LIMIT


@cache
def rotations(count: int) -> tuple[tuple[int, ...], ...]:
    """For each start 0 to ``count`` (``count`` is 0 again), the seats clockwise from it."""
    return tuple(
        tuple((start + offset) % count for offset in range(count)) for start in range(count + 1)
    )


@cache  # looked up on every hand's start, where the same few variants come back
def _variant_facts(key: str, betting: str) -> tuple[Variant, bool, bool, int]:
    """The variant a hand's first event names, whether it is stud, whether an up card
    after a queen names a wild rank (Follow the Queen), and its last street's index: read
    off the variant once, not on every hand."""
    variant = variant_for(key, betting)
    return variant, variant.is_stud, variant.follows_queen, len(variant.streets) - 1


def _full_bets(variant: Variant, stakes: Stakes) -> tuple[int, ...]:
    """Each street's full bet: the smallest bet, and the first raise increment."""
    if variant.betting is _FIXED_LIMIT:
        return tuple(stakes.fixed_bet(street.bets_big) for street in variant.streets)
    return (stakes.minimum_bet(),) * len(variant.streets)


def record(state: HandState, log: list[Event], event: Event) -> None:
    """Append the event to the hand's log and fold it into the state (in place), then
    check that chips are conserved.

    The check runs after every event, so it compares running totals (O(1)) that
    every chip movement keeps (``_take``, ``_bet_returned``, ``_pot_awarded``); the
    hand's end recounts the stacks themselves.
    """
    log.append(event)
    state.legal = None
    _HANDLERS[type(event)](state, event)
    if state.chips_behind + state.chips_in_pots != state.total_chips:
        raise chips_lost(state)


def chips_lost(state: HandState) -> ChipsNotConservedError:
    return ChipsNotConservedError(
        f"chips are not conserved: stacks {state.stacks}, in {state.contributed}"
    )


def _take(state: HandState, seat: int, chips: int) -> None:
    """Move chips from the seat's stack into the hand."""
    stacks = state.stacks
    stacks[seat] -= chips
    state.contributed[seat] += chips
    state.chips_behind -= chips
    state.chips_in_pots += chips
    if not stacks[seat] and chips:
        state.active -= 1


def _street_started(state: HandState, event: StreetStarted) -> None:
    count = state.count
    state.street_index = event.index
    if event.burn:
        if state.stub is None:
            if state.first_burn is None:
                state.first_burn = state.deck_position
            state.deck_position += 1
        else:
            state.stub_position += 1
    if state.variant.streets[event.index].draws:
        state.drawing = True
        state.drawn = [False] * count
    state.full_bet = state.full_bets[event.index]
    state.bets = [0] * count
    state.level = 0
    state.increment = state.full_bet
    state.last_full_to = 0
    state.opened = False
    state.raises = 0
    state.cap_lifted = False
    # A bomb pot has no betting before the flop: there, everybody has acted already.
    state.acted_level = [0 if state.bomb_pot and not event.index else -1] * count
    state.last_aggressor = None
    state.opener = None
    state.cursor = None
    state.bring_in_pending = state.is_stud and event.index == 0 and state.stakes.bring_in > 0
    if state.raise_cap is not None:  # fixed-limit only: no call elsewhere
        _note_heads_up(state)


def _ante_posted(state: HandState, event: AntePosted) -> None:
    _take(state, event.seat, event.amount)
    state.dead[event.seat] += event.amount
    if state.raise_cap is not None:  # fixed-limit only: no call elsewhere
        _note_heads_up(state)


def _blind_posted(state: HandState, event: BlindPosted) -> None:
    seat, bets = event.seat, state.bets
    _take(state, seat, event.amount)
    bets[seat] += event.amount
    if bets[seat] > state.level:
        state.level = bets[seat]
    # Any blind opens the betting: a raise counts from it (even a lone small
    # blind when the big blind had no chips left after the ante).
    state.opened = True
    if event.kind != "small":
        straddle = event.kind == "straddle"
        # A voluntary straddle is posted in full (``forced``), twice the blind before it:
        # its amount is its level. A straddle the stakes name may be short.
        nominal = max(state.stakes.straddle, event.amount) if straddle else state.stakes.big_blind
        # A big blind (or straddle) all-in for less does not lower the bet: the others
        # still call the full blind, and a raise counts from it (TDA; Robert's Rules).
        # A straddle sets a new minimum bring-in, not a raise (Robert's Rules, No-limit 2):
        # a raise must add the straddle's amount.
        if nominal > state.level:
            state.level = nominal
        if state.betting is _FIXED_LIMIT:
            # The big blind is the round's bet and a straddle its first raise, for the cap;
            # each raise after them is one bet of the street (docs/rules.md, Betting).
            state.raises = 2 if straddle else max(state.raises, 1)
        else:
            state.raises = 1
            if nominal > state.increment:
                state.increment = nominal
    state.last_full_to = state.level
    if state.raise_cap is not None:  # fixed-limit only: no call elsewhere
        _note_heads_up(state)


def _bring_in_posted(state: HandState, event: BringInPosted) -> None:
    _take(state, event.seat, event.amount - state.bets[event.seat])
    state.bets[event.seat] = event.amount
    # A bring-in all-in for less does not lower it: the others call the full bring-in.
    state.level = max(state.level, event.amount, state.stakes.bring_in)
    state.acted_level[event.seat] = state.level
    state.cursor = event.seat
    state.bring_in_pending = False
    state.to_act = None
    if state.raise_cap is not None:  # fixed-limit only: no call elsewhere
        _note_heads_up(state)


def _cards_dealt(state: HandState, event: CardsDealt) -> None:
    cards = event.cards
    state.deck_position += len(cards) + event.hidden
    state.opener = None
    seat = event.seat
    if seat is None:
        (state.other_board if event.board else state.board).extend(cards)
    else:
        state.cards[seat].extend(cards)
        if event.face_up:
            state.up[seat].extend(cards)
    if event.face_up and state.follows_queen:
        for card in cards:
            if card.rank == Rank.QUEEN:
                state.pending_queen = (card, seat)


def _cards_drawn(state: HandState, event: CardsDrawn) -> None:
    """A seat's draw: its discards leave its hand (for the discard pile, after it was served:
    a reshuffle never gives a player back the cards they just threw), the cards drawn
    join it, from the stub."""
    seat = event.seat
    held = state.cards[seat]
    for card in event.discarded:
        held.remove(card)
    held.extend(event.drawn)
    if state.stub is None:
        state.deck_position += event.count
    else:
        state.stub_position += event.count
    state.discard_pile.extend(event.discarded)
    drawn, folded = state.drawn, state.folded
    drawn[seat] = True
    # The round is over once every live player drew (nobody folds during a draw); the
    # betting that follows starts at the street's opener, as after a deal.
    state.drawing = not all(drawn[other] or folded[other] for other in range(state.count))
    state.to_act = None


def _stub_reshuffled(state: HandState, event: StubReshuffled) -> None:
    state.stub = event.cards
    state.stub_position = 0
    state.discard_pile = []


def _wild_rank_changed(state: HandState, event: WildRankChanged) -> None:
    state.wild_rank = event.rank
    state.pending_queen = None


def action_taken(state: HandState, event: ActionTaken) -> None:
    """The reducer for an action; ``Hand.act`` calls it directly, without the dispatch."""
    seat = event.seat
    kind = event.kind
    if kind == "fold":
        state.folded[seat] = True
        state.live -= 1
        if state.stacks[seat]:
            state.active -= 1
    elif event.amount is not None:
        to = event.amount
        bets = state.bets
        _take(state, seat, to - bets[seat])
        bets[seat] = to
        if kind == "bet_or_raise":
            size = to - raise_base(state)
            if is_full_raise(state, size):
                if size > state.increment:
                    state.increment = _next_increment(state, size)
                state.last_full_to = to
                state.opened = True
                state.raises += 1
            if to > state.level:
                state.level = to
            state.last_aggressor = seat
            state.bring_in_pending = False
    state.acted_level[seat] = state.level
    state.cursor = seat
    state.to_act = None
    if state.raise_cap is not None:  # fixed-limit only: no call elsewhere
        _note_heads_up(state)


def is_full_raise(state: HandState, size: int) -> bool:
    """Whether a bet or raise of ``size`` counts as a full one (reopens the betting, counts
    for the cap). Fixed-limit: half a bet or more does (Robert's Rules, betting 6); the
    other structures need the full increment (no-limit 3)."""
    if state.betting is _FIXED_LIMIT:
        return 2 * size >= state.increment
    return size >= state.increment


def _next_increment(state: HandState, size: int) -> int:
    """What a raise must add after a full one of ``size``, larger than the last: in no-limit
    and pot-limit the raise itself; in fixed-limit bets keep the street's size, and only an
    open pair's big bet on fourth street makes raises big (an all-in between does not)."""
    if state.betting is not _FIXED_LIMIT:
        return size
    big = state.stakes.fixed_bet(True)
    return big if size >= big else state.increment


def _note_heads_up(state: HandState) -> None:
    """Fixed-limit: raising is unlimited once the action is heads-up (two players with
    chips) before the cap is reached; once capped, a later fold does not lift it."""
    cap = state.raise_cap
    if cap is not None and state.active <= 2 and state.raises < cap:
        state.cap_lifted = True


def all_hands_shown(state: HandState) -> bool:
    """Every live hand is turned up at the showdown: when no more betting was possible (at
    most one player with chips), and at a double board, where a hand that loses one board
    may win the other (docs/rules.md, Table options)."""
    return state.active <= 1 or state.double_board


def raise_base(state: HandState) -> int:
    """What a bet or raise is measured from: the level, except that completing a stud
    bring-in counts from zero, and in fixed-limit completing a short all-in (less than
    half a bet) counts from the last full bet: bets of 10, an all-in for 14, the next
    player calls 14 or completes to 20 (Robert's Rules, betting 6)."""
    if state.betting is _FIXED_LIMIT:
        return state.last_full_to
    return state.level if state.opened or state.last_aggressor is not None else 0


def _bet_returned(state: HandState, event: BetReturned) -> None:
    seat, chips = event.seat, event.amount
    if not state.stacks[seat] and not state.folded[seat]:
        state.active += 1
    state.stacks[seat] += chips
    state.bets[seat] -= chips
    state.contributed[seat] -= chips
    state.chips_behind += chips
    state.chips_in_pots -= chips
    # What was called is the level now: nobody faces the part that came back (a seat asked
    # to run it twice before the next street must not be asked to call it).
    state.level = max(state.bets)


def _cards_shown(state: HandState, event: CardsShown) -> None:
    state.shown[event.seat] = True


def _cards_mucked(state: HandState, event: CardsMucked) -> None:
    state.mucked[event.seat] = True


def _pot_awarded(state: HandState, event: PotAwarded) -> None:
    # ``contributed`` keeps what each seat put in; the pot leaves ``chips_in_pots``.
    for seat, chips in event.winners:
        state.stacks[seat] += chips
        state.chips_behind += chips
    state.chips_in_pots -= event.amount


def _runs_chosen(state: HandState, event: RunsChosen) -> None:
    """One answer to running it twice: a "once" settles it; twice once every live seat said so
    (the rest of the board is then run from the next street on)."""
    chosen = state.runs_chosen
    chosen[event.seat] = event.runs
    if event.runs == 1:
        state.runs = 1
    elif all(chosen[seat] == 2 or state.folded[seat] for seat in range(state.count)):
        state.runs = 2
        state.runout_street = state.street_index + 1
    state.to_act = None


def _second_run_started(state: HandState, event: SecondRunStarted) -> None:
    """The first run's board is kept aside; the second is dealt onto the cards both share."""
    state.first_board = tuple(state.board)
    del state.board[event.shared :]
    state.street_index = event.street - 1


def _hand_ended(state: HandState, event: HandEnded) -> None:
    if sum(state.stacks) != state.total_chips:
        raise ChipsNotConservedError(f"the hand ends with stacks {state.stacks}")
    state.over = True
    state.to_act = None
    state.final_stacks = event.final_stacks


def _hand_started(state: HandState, event: HandStarted) -> None:
    raise ValueError("a hand starts only once")


_HANDLERS: Final[dict[type[Event], Callable[[HandState, Any], None]]] = {
    HandStarted: _hand_started,
    StreetStarted: _street_started,
    AntePosted: _ante_posted,
    BlindPosted: _blind_posted,
    BringInPosted: _bring_in_posted,
    CardsDealt: _cards_dealt,
    WildRankChanged: _wild_rank_changed,
    CardsDrawn: _cards_drawn,
    StubReshuffled: _stub_reshuffled,
    ActionTaken: action_taken,
    BetReturned: _bet_returned,
    CardsShown: _cards_shown,
    CardsMucked: _cards_mucked,
    PotAwarded: _pot_awarded,
    RunsChosen: _runs_chosen,
    SecondRunStarted: _second_run_started,
    HandEnded: _hand_ended,
}
