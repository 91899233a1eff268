"""One line of text for every event a seat sees: the --plain log, and the rich game's log.

Hand events come from the rules engine (locally, or decoded from a server's
JSON); table events and chat come from a server as its JSON messages.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokernight.cards import Rank
from pokernight.rules import (
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
    variant_for,
)
from pokernight.rules.hand_names import hand_structure
from pokernight.tui.cards import plain_cards
from pokernight.words import words


class Narrator:
    """Tells a hand's events, in order, one line each (None: nothing worth saying).

    An action is told as the engine named it (``ActionTaken.says``: a bet, a raise, a
    completion...), as the page's hand log does: nothing is worked out here. Once the
    board is run twice, each shown hand and award says which board it is of.
    """

    def __init__(self) -> None:
        self.run_twice = False

    def line(self, event: Event, names: Sequence[str]) -> str | None:
        if isinstance(event, HandStarted):
            self.run_twice = False
        elif isinstance(event, SecondRunStarted):
            self.run_twice = True
        text = _line(event, names)
        if text is not None and self.run_twice and isinstance(event, CardsShown | PotAwarded):
            board = "terminal.second_board" if event.board else "terminal.first_board"
            return words()(board, text=text)
        return text

    def lines(self, events: Sequence[Event], names: Sequence[str]) -> list[str]:
        return [text for event in events if (text := self.line(event, names)) is not None]


def _line(event: Event, names: Sequence[str]) -> str | None:
    say = words()
    if isinstance(event, HandStarted):
        variant = variant_for(event.variant, event.betting)
        return say("terminal.new_hand", game=variant.name, button=names[event.button])
    if isinstance(event, StreetStarted):
        street = event.name.replace(" ", "_")
        return f"--- {say(f'terminal.street.{street}')} ---"
    if isinstance(event, AntePosted):
        return say("terminal.antes", name=names[event.seat], amount=event.amount)
    if isinstance(event, BlindPosted):
        if event.kind == "straddle":
            return say("terminal.straddles", name=names[event.seat], amount=event.amount)
        return say(f"terminal.posts_{event.kind}", name=names[event.seat], amount=event.amount)
    if isinstance(event, BringInPosted):
        said = say("terminal.brings_in", name=names[event.seat], amount=event.amount)
        return _all_in(said, event.all_in)
    if isinstance(event, CardsDealt):
        return _dealt(event, names)
    if isinstance(event, CardsDrawn):
        # The number drawn is everybody's; the cards only the drawer's own copy names.
        key = "terminal.draws" if event.count else "terminal.stands_pat"
        said = say(key, name=names[event.seat], count=event.count)
        return f"{said}: {plain_cards(event.drawn)}" if event.drawn else said
    if isinstance(event, StubReshuffled):
        return say("terminal.stub_reshuffled", count=event.size)
    if isinstance(event, RunsChosen):
        key = "terminal.runs_twice" if event.runs == 2 else "terminal.runs_once"
        return say(key, name=names[event.seat])
    if isinstance(event, SecondRunStarted):
        return f"--- {say('terminal.second_run')} ---"
    if isinstance(event, ActionTaken):
        return _action(event, names)
    if isinstance(event, WildRankChanged):
        if event.rank is None:
            return say("terminal.only_queens_wild", card=str(event.card))
        ranks = say(f"hands.ranks.{Rank(event.rank).symbol}")
        return say("terminal.wild_with_queens", ranks=ranks, card=str(event.card))
    if isinstance(event, BetReturned):
        return say("terminal.bet_returned", amount=event.amount, name=names[event.seat])
    if isinstance(event, CardsShown):
        hand = say.hand(hand_structure(event.description), event.description)
        return say(
            "terminal.shows", name=names[event.seat], cards=plain_cards(event.cards), hand=hand
        )
    if isinstance(event, CardsMucked):
        return say("terminal.mucks", name=names[event.seat])
    if isinstance(event, PotAwarded):
        return _awarded(event, names)
    if isinstance(event, HandEnded):
        stacks = ", ".join(
            f"{name} {stack}" for name, stack in zip(names, event.final_stacks, strict=True)
        )
        return say("terminal.hand_over", stacks=stacks)
    return None


def _dealt(event: CardsDealt, names: Sequence[str]) -> str:
    say = words()
    if event.seat is None:
        return f"{say('terminal.board')}: {plain_cards(event.cards)}"
    who = names[event.seat]
    if event.hidden:
        return say("terminal.dealt_hidden", name=who, count=event.hidden)
    key = "terminal.dealt_face_up" if event.face_up else "terminal.dealt_face_down"
    return say(key, name=who, cards=plain_cards(event.cards))


def _action(event: ActionTaken, names: Sequence[str]) -> str:
    """ "Bob bets 20", "Cy raises to 60", "Ann completes to 20", "Bob calls (to 40) and is
    all-in": amounts are the seat's street total. An event from before the engine named
    its actions (``says`` empty) is told by its kind."""
    say = words()
    said = event.says if event.says in ACTIONS else event.kind
    kind = said if said in ACTIONS else "bet_or_raise"
    key = f"terminal.act.{kind}" if event.amount is None else f"terminal.act.{kind}_amount"
    return _all_in(say(key, name=names[event.seat], amount=event.amount), event.all_in)


# The actions told, each in words of its own (``terminal.act.<kind>`` and ``..._amount``).
ACTIONS = ("fold", "check", "call", "bet", "raise", "complete", "bet_or_raise")


def _all_in(said: str, all_in: bool) -> str:
    return words()("terminal.and_all_in", said=said) if all_in else said


def _awarded(event: PotAwarded, names: Sequence[str]) -> str:
    """ "Bob wins the main pot of 60 with ...", or a split with each share after the hand."""
    say = words()
    if event.is_hi_lo:
        return _awarded_in_halves(event, names)
    pot = _pot(event, "terminal.main_pot", "terminal.side_pot")
    hand = (
        say.hand(hand_structure(event.description), event.description) if event.description else ""
    )
    with_hand = "_with" if hand else ""
    if len(event.winners) == 1:
        winner = names[event.winners[0][0]]
        return say(
            f"terminal.wins{with_hand}", name=winner, pot=pot, amount=event.amount, hand=hand
        )
    who = f" {say('terminal.and')} ".join(names[seat] for seat, _ in event.winners)
    shares = ", ".join(f"{names[seat]} {chips}" for seat, chips in event.winners)
    return say(
        f"terminal.split{with_hand}",
        names=who,
        pot=pot,
        amount=event.amount,
        hand=hand,
        shares=shares,
    )


def _pot(event: PotAwarded, main: str, side: str) -> str:
    return words()(main) if event.index == 0 else words()(side, number=event.index)


def _awarded_in_halves(event: PotAwarded, names: Sequence[str]) -> str:
    """ "The main pot of 60, high: Bob 30, low: Ann 15, Cy 15 (high: ..., low: ...)"; in
    Chicago the second half is the spade's, as the engine's description names it."""
    say = words()

    def half(shares: tuple[tuple[int, int], ...]) -> str:
        return ", ".join(f"{names[seat]} {chips}" for seat, chips in shares)

    structure = hand_structure(event.description)
    spade = structure["second"] == "spade" if structure else "spade" in event.description
    word = "spade" if spade else "low"
    low = (
        say(f"terminal.half_{word}", shares=half(event.low))
        if event.low
        else say(f"terminal.no_{word}")
    )
    pot = _pot(event, "terminal.main_pot_first", "terminal.side_pot_first")
    said = say("terminal.halves", pot=pot, amount=event.amount, high=half(event.high), low=low)
    return f"{said} ({say.hand(structure, event.description)})"


def narrate_table(message: dict[str, Any], names: Mapping[int, str]) -> str | None:
    """The line for a server message about the table rather than the hand (None: nothing new).

    ``names`` are by table seat. Chat is quoted as text: it is never markup.
    """
    say = words()
    kind = message.get("type")
    seat = message.get("seat", -1)
    who = names.get(seat) or say("terminal.seat_name", number=seat + 1)
    if kind == "PlayerSeated":
        # The name as remembered, so a bot is marked; a bare message names itself.
        seated = names.get(seat, message["name"])
        return say("terminal.sits", name=seated, seat=seat + 1, amount=message["buy_in"])
    if kind == "PlayerLeft":
        return say("terminal.leaves", name=who, amount=message["cash_out"])
    if kind == "SatOut":
        return say("terminal.sits_out", name=who, reason=message["reason"])
    if kind == "SatIn":
        return say("terminal.back_in", name=who)
    if kind == "ChipsAdded":
        return say("terminal.adds_chips", name=who, amount=message["amount"])
    if kind == "PlayerActed" and message.get("timed_out"):
        return say("terminal.timed_out", name=who)
    if kind == "StraddleChosen":
        return say("terminal.straddle_on" if message["on"] else "terminal.straddle_off", name=who)
    if kind == "HandDealt" and message.get("bomb_pot"):
        return say("terminal.bomb_pot", amount=say.grouped(message["bomb_pot"]))
    if kind == "chat":
        # The dealer's lines come with a code: worded in the terminal's language (issue 38).
        name, text = message["name"], message["text"]
        if message.get("dealer"):
            name = say("table.dealer")
            text = say.sentence(
                "table.dealer.", message.get("code"), message.get("params", {}), text
            )
        return say("terminal.chat", name=name, text=text)
    if kind == "room":
        return say("terminal.dealing" if message["running"] else "terminal.paused")
    if kind == "TableClosed":
        return say("terminal.table_closed")
    if kind == "error":
        reason = say.refusal(message.get("code"), message.get("params", {}), message["reason"])
        return say("terminal.server_says", reason=reason)
    return None
