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
from pokernight.tui.cards import plain_cards


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
            return f"{'Second' if event.board else 'First'} board: {text}"
        return text

    def lines(self, events: Sequence[Event], names: Sequence[str]) -> list[str]:
        return [text for event in events if (text := self.line(event, names)) is not None]


def _line(event: Event, names: Sequence[str]) -> str | None:
    if isinstance(event, HandStarted):
        variant = variant_for(event.variant, event.betting)
        return f"New hand of {variant.name}; the button is {names[event.button]}"
    if isinstance(event, StreetStarted):
        return f"--- {event.name} ---"
    if isinstance(event, AntePosted):
        return f"{names[event.seat]} antes {event.amount}"
    if isinstance(event, BlindPosted):
        if event.kind == "straddle":
            return f"{names[event.seat]} straddles {event.amount}"
        return f"{names[event.seat]} posts the {event.kind} blind of {event.amount}"
    if isinstance(event, BringInPosted):
        return f"{names[event.seat]} brings in for {event.amount}{_all_in(event.all_in)}"
    if isinstance(event, CardsDealt):
        return _dealt(event, names)
    if isinstance(event, CardsDrawn):
        # The number drawn is everybody's; the cards only the drawer's own copy names.
        said = "stands pat" if not event.count else f"draws {event.count}"
        mine = f": {plain_cards(event.drawn)}" if event.drawn else ""
        return f"{names[event.seat]} {said}{mine}"
    if isinstance(event, StubReshuffled):
        return f"The stub ran out: {event.size} cards are shuffled into a new stub"
    if isinstance(event, RunsChosen):
        return f"{names[event.seat]} runs it {'twice' if event.runs == 2 else 'once'}"
    if isinstance(event, SecondRunStarted):
        return "--- second run: the same streets again ---"
    if isinstance(event, ActionTaken):
        return _action(event, names)
    if isinstance(event, WildRankChanged):
        if event.rank is None:
            return f"Only queens are wild now ({event.card})"
        return f"{Rank(event.rank).plural} are wild with the queens now (after {event.card})"
    if isinstance(event, BetReturned):
        return f"{event.amount} uncalled goes back to {names[event.seat]}"
    if isinstance(event, CardsShown):
        return f"{names[event.seat]} shows {plain_cards(event.cards)}: {event.description}"
    if isinstance(event, CardsMucked):
        return f"{names[event.seat]} mucks"
    if isinstance(event, PotAwarded):
        return _awarded(event, names)
    if isinstance(event, HandEnded):
        stacks = ", ".join(
            f"{name} {stack}" for name, stack in zip(names, event.final_stacks, strict=True)
        )
        return f"Hand over. Stacks: {stacks}"
    return None


def _dealt(event: CardsDealt, names: Sequence[str]) -> str:
    if event.seat is None:
        return f"Board: {plain_cards(event.cards)}"
    who = names[event.seat]
    if event.hidden:
        return f"{who} is dealt {event.hidden} card{'s' if event.hidden > 1 else ''} face down"
    face = "face up" if event.face_up else "face down"
    return f"{who} is dealt {plain_cards(event.cards)} {face}"


# What each action says, as a verb and how its amount (a street total) is told.
_ACTION_WORDS = {
    "fold": "folds",
    "check": "checks",
    "call": "calls",
    "bet": "bets",
    "raise": "raises to",
    "complete": "completes to",
}


def _action(event: ActionTaken, names: Sequence[str]) -> str:
    """ "Bob bets 20", "Cy raises to 60", "Ann completes to 20", "Bob calls (to 40) and is
    all-in": amounts are the seat's street total. An event from before the engine named
    its actions (``says`` empty) is told by its kind."""
    words = _ACTION_WORDS.get(event.says) or _ACTION_WORDS.get(event.kind, "bets or raises to")
    if event.amount is None:
        amount = ""
    elif words == "calls":
        amount = f" (to {event.amount})"
    else:
        amount = f" {event.amount}"
    return f"{names[event.seat]} {words}{amount}{_all_in(event.all_in)}"


def _all_in(all_in: bool) -> str:
    return " and is all-in" if all_in else ""


def _awarded(event: PotAwarded, names: Sequence[str]) -> str:
    """ "Bob wins the main pot of 60 with ...", or a split with each share after the hand."""
    pot = "the main pot" if event.index == 0 else f"side pot {event.index}"
    if event.is_hi_lo:
        return _awarded_in_halves(event, names, pot)
    hand = f" with {event.description}" if event.description else ""
    if len(event.winners) == 1:
        return f"{names[event.winners[0][0]]} wins {pot} of {event.amount}{hand}"
    who = " and ".join(names[seat] for seat, _ in event.winners)
    shares = ", ".join(f"{names[seat]} {chips}" for seat, chips in event.winners)
    return f"{who} split {pot} of {event.amount}{hand}: {shares}"


def _awarded_in_halves(event: PotAwarded, names: Sequence[str], pot: str) -> str:
    """ "The main pot of 60, high: Bob 30, low: Ann 15, Cy 15 (high: ..., low: ...)"; in
    Chicago the second half is the spade's, as the engine's description names it."""

    def half(shares: tuple[tuple[int, int], ...]) -> str:
        return ", ".join(f"{names[seat]} {chips}" for seat, chips in shares)

    word = "spade" if "spade" in event.description else "low"
    low = f"{word}: {half(event.low)}" if event.low else f"no {word}"
    said = f"{pot[0].upper()}{pot[1:]} of {event.amount}, high: {half(event.high)}, {low}"
    return f"{said} ({event.description})"


def narrate_table(message: dict[str, Any], names: Mapping[int, str]) -> str | None:
    """The line for a server message about the table rather than the hand (None: nothing new).

    ``names`` are by table seat. Chat is quoted as text: it is never markup.
    """
    kind = message.get("type")
    seat = message.get("seat", -1)
    who = names.get(seat, f"Seat {seat + 1}")
    if kind == "PlayerSeated":
        # The name as remembered, so a bot is marked; a bare message names itself.
        seated = names.get(seat, message["name"])
        return f"{seated} sits in seat {seat + 1} with {message['buy_in']}"
    if kind == "PlayerLeft":
        return f"{who} leaves the table with {message['cash_out']}"
    if kind == "SatOut":
        return f"{who} sits out ({message['reason']})"
    if kind == "SatIn":
        return f"{who} is back in"
    if kind == "ChipsAdded":
        return f"{who} adds {message['amount']} chips"
    if kind == "PlayerActed" and message.get("timed_out"):
        return f"{who} ran out of time"
    if kind == "CardsShownByChoice":
        return f"{who} shows {' '.join(message['cards'])} (hand #{message['hand_number']})"
    if kind == "StraddleChosen":
        return f"{who} straddles from the next hand" if message["on"] else f"{who} stops straddling"
    if kind == "BombPotCalled":
        return "The host calls a bomb pot: the next hand with a flop, everybody antes"
    if kind == "HandDealt" and message.get("bomb_pot"):
        return f"A bomb pot: everybody antes {message['bomb_pot']:,}, and the flop comes at once"
    if kind == "RabbitHunted":
        streets = " | ".join(" ".join(cards) for cards in message["streets"])
        return f"{who} hunts the rabbit: {streets} (not dealt, hand #{message['hand_number']})"
    if kind == "BountyPaid":
        return _bounty_words(message, names)
    if kind == "chat":
        return f"{message['name']} says: {message['text']}"
    if kind == "room":
        return "The host deals the cards" if message["running"] else "The host pauses the game"
    if kind == "TableClosed":
        return "The host closed the table: the game is over, and everybody was cashed out"
    if kind == "error":
        return f"The server says: {message['reason']}"
    return None


def _bounty_words(message: dict[str, Any], names: Mapping[int, str]) -> str:
    """The line for a bounty paid, as the page says it: "Ann wins the 7-2 bounty: 90 (50
    from Bob, 40 from Cy), hand #3"."""
    payments = [(int(seat), int(amount)) for seat, amount in message["payments"]]
    total = sum(amount for _, amount in payments)
    winner = names.get(message["seat"], f"Seat {message['seat'] + 1}")
    paid = ", ".join(f"{amount:,} from {names.get(s, f'Seat {s + 1}')}" for s, amount in payments)
    told = f" ({paid})" if paid else ""
    return f"{winner} wins the 7-2 bounty: {total:,}{told}, hand #{message['hand_number']}"
