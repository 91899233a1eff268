"""The events of one hand: frozen records, appended in order, never changed.

Each event is a frozen ``msgspec.Struct`` (decision 18): a hand makes some
thirty-five of them, and a Struct is built and read in C, five times faster
to build than a frozen dataclass and three times faster to read. Like a frozen
dataclass it refuses assignment, compares and hashes by type and value, and
has the same ``repr``; ``msgspec.structs`` has ``replace`` and ``asdict``.

A hand is the fold of its events (``state.record``). Amounts are chips. Seats
are indices into the players dealt in (0-based, clockwise). ``ActionTaken.amount``
and ``BringInPosted.amount`` are street totals ("to"), so a call or a raise is
recorded by where the seat's bet for this street stands afterwards.

Every event turns into a JSON-ready dict (``to_dict``: cards as "Ah" text,
tuples as lists, the class name under "type") and back (``event_from_dict``), by the
core's one event codec (``rules.codec``, decision 59).
"""

from __future__ import annotations

from typing import Any, ClassVar

from msgspec import Struct

from pokernight.cards import Card
from pokernight.rules.codec import EVENTS, Family
from pokernight.rules.stakes import Stakes

FIRST_BOARD = ("board",)
"""An event of the first (or only) board reads as before hands had two."""

HAND_OPTIONS = ("bomb_pot", "jacks_to_open", "run_it_twice", "straddles", "double_board",
                "ftq_queen_carries_over")  # fmt: skip
"""A hand's options (``HandStarted``, the table's ``HandDealt``), left out when unused."""


# ``gc=False``: an event holds numbers, strings, cards, tuples of them and (in
# HandStarted) a frozen ``Stakes`` of numbers: nothing that could lead back to it, so it
# is never part of a reference cycle and the collector need not track it.
class Event(Struct, frozen=True, gc=False):
    """Base of every event (the options are inherited). ``omitted_when_unset``: the
    options ``to_dict`` leaves out while unset (``rules.codec``)."""

    omitted_when_unset: ClassVar[tuple[str | tuple[str, ...], ...]] = ()

    def __init_subclass__(cls) -> None:
        EVENTS.register(Family.HAND, cls)

    def to_dict(self) -> dict[str, Any]:
        return EVENTS.encode(self)


class HandStarted(Event, frozen=True):
    """``dead_small_blind``: nobody posts the small blind (the big blind sits left of
    the button); ``posted_big_blinds``: seats that post a live big blind to be dealt in;
    ``bomb_pot``: a bomb pot, every player posts this ante, nobody posts a blind, and
    there is no betting before the flop (0: a hand as usual, left out of ``to_dict``);
    ``jacks_to_open``: before the draw, the first raise needs a pair of jacks or better;
    ``straddles``: seats that post a voluntary straddle, in the order they post it, each
    twice the blind before it (a Mississippi straddle from any seat from under the gun to
    the button, and re-straddles left of it: ``forced``; empty, left out of ``to_dict``);
    ``ftq_queen_carries_over``: Follow the Queen's house rule, a queen dealt last on a street
    is followed by the next street's first up card (``dealing``; off: the seed's rule, only
    queens are wild after it)."""

    variant: str
    betting: str
    stakes: Stakes
    stacks: tuple[int, ...]
    button: int
    dead_small_blind: bool = False
    posted_big_blinds: tuple[int, ...] = ()
    bomb_pot: int = 0
    jacks_to_open: bool = False  # Five-Card Draw's table option
    run_it_twice: bool = False  # the players may agree to run the rest of the board twice
    straddles: tuple[int, ...] = ()
    double_board: bool = False  # a bomb pot dealt two boards, each for half of every pot
    ftq_queen_carries_over: bool = False  # Follow the Queen's house rule

    # Options left out when unused: every other hand's log reads as before them.
    omitted_when_unset = HAND_OPTIONS


class StreetStarted(Event, frozen=True):
    """A new betting round; ``burn``: one card is burnt before this street's cards."""

    index: int
    name: str
    burn: bool = False


class AntePosted(Event, frozen=True):
    seat: int
    amount: int


class BlindPosted(Event, frozen=True):
    seat: int
    amount: int
    kind: str  # "small", "big", "straddle" or "posted" (a big blind posted to be dealt in)


class BringInPosted(Event, frozen=True):
    """``all_in``: the bring-in took every chip the seat had."""

    seat: int
    amount: int
    all_in: bool = False


class CardsDealt(Event, frozen=True):
    """Cards to a seat (``seat`` None: to the board, or a stud community card).

    ``hidden`` is set only in a filtered view: that many face-down cards went to
    ``seat`` and ``cards`` is empty. ``board``: which board the cards went to in a
    double-board hand (1: the second; 0, left out of ``to_dict``: the first or only one).
    """

    seat: int | None
    cards: tuple[Card, ...]
    face_up: bool
    hidden: int = 0
    board: int = 0

    omitted_when_unset = FIRST_BOARD


class ActionTaken(Event, frozen=True):
    """An action; ``kind`` is what the engine was asked (an ActionKind value) and ``says``
    what it was in poker words (``labels``): "fold", "check", "call", "bet", "raise" or
    "complete" (a bet that brings a stud bring-in, or in fixed limit a short all-in bet of
    less than half a bet, up to a full bet). ``all_in``: the action put every chip of the seat in
    (a call for less is "call" and all-in). Events made before these fields existed
    decode with ``says`` empty; the engine always names it."""

    seat: int
    kind: str  # an ActionKind value
    amount: int | None = None  # the seat's street total after a call, bet or raise
    says: str = ""
    all_in: bool = False


class CardsDrawn(Event, frozen=True):
    """A draw: the seat threw away ``discarded`` and was dealt ``drawn`` in their place
    (none: it stood pat). ``count``, the number drawn, is public; the cards are the
    seat's alone: a view for anybody else leaves both empty (``views``)."""

    seat: int
    count: int
    discarded: tuple[Card, ...] = ()
    drawn: tuple[Card, ...] = ()


class StubReshuffled(Event, frozen=True):
    """The stub could not serve a draw without its last card (Robert's Rules: never dealt):
    the discards and that last card, ``size`` cards, were shuffled into a new stub.
    ``cards`` is the stub from now on in dealing order: the old stub's cards still to be
    dealt, then the reshuffled ones. Nobody may see it: every view leaves it empty."""

    size: int
    cards: tuple[Card, ...] = ()


class WildRankChanged(Event, frozen=True):
    """Follow the Queen: ``rank`` is now wild with the queens (None: only queens).

    ``card`` and ``seat`` name the up card that caused the change (seat None for
    a community card).
    """

    rank: int | None
    card: Card
    seat: int | None


class BetReturned(Event, frozen=True):
    """The part of a bet nobody called goes back to the bettor."""

    seat: int
    amount: int


class CardsShown(Event, frozen=True):
    """A hand turned up at the showdown: ``description`` names its value; for a hand that
    wins a pot, ``best`` holds the (up to) five cards that make it, of the seat's and the
    board's (Omaha: two of the hand and three of the board; Razz: the five of the low; a
    wild card for whatever it stands for; hi-lo games: the five of each half it wins, up
    to ten), the cards a client raises. A hand that wins nothing, and events made before
    ``best`` existed, have it empty. ``board``: which board it was read on when there are
    two (a board run twice: 0 the first run's, 1 the second's; left out of ``to_dict``
    when 0, the only board of most hands)."""

    seat: int
    cards: tuple[Card, ...]
    description: str = ""
    best: tuple[Card, ...] = ()
    board: int = 0

    omitted_when_unset = FIRST_BOARD


class CardsMucked(Event, frozen=True):
    seat: int


class PotAwarded(Event, frozen=True):
    """Pot ``index`` (0 = main pot) shared by ``winners`` as (seat, chips) pairs.

    In a hi-lo split game ``high`` and ``low`` say how each half was shared (``winners``
    adds them up, a scoop once); ``low`` is empty when no hand qualified and the high
    hands took the pot. Chicago's spade half is carried in ``low`` the same way (empty:
    nobody in the pot held a spade in the hole). Other games leave both empty, and
    ``to_dict`` leaves them out, so the logs of every other game read as they did before
    hi-lo games existed."""

    index: int
    amount: int
    winners: tuple[tuple[int, int], ...]
    description: str = ""
    high: tuple[tuple[int, int], ...] = ()
    low: tuple[tuple[int, int], ...] = ()
    board: int = 0  # the board whose share this is, when there are two (``CardsShown``)

    # Both halves go when there are none (``low`` stays, empty, beside a ``high``).
    omitted_when_unset = (*FIRST_BOARD, ("high", "low"))

    @property
    def is_hi_lo(self) -> bool:
        return bool(self.high)


class RunsChosen(Event, frozen=True):
    """Run it twice: with no more betting possible before the last street, a live seat said
    how many times it wants the rest of the board run (2: twice, 1: once). All agreeing
    to twice runs it twice; one saying once runs it once, and nobody else is asked."""

    seat: int
    runs: int


class SecondRunStarted(Event, frozen=True):
    """The first run's board is complete: the streets from ``street`` on are dealt again,
    from the same deck, onto the first ``shared`` cards of the board, the ones both runs
    share (the first run's board is kept: ``HandState.first_board``)."""

    street: int
    shared: int


class HandEnded(Event, frozen=True):
    final_stacks: tuple[int, ...]


def drop_unset(data: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """``data`` without the fields of ``names`` left at their empty default (0, False,
    ()): an option added later leaves every record made without it as it was."""
    for name in names:
        if not data[name]:
            del data[name]
    return data


def event_from_dict(data: dict[str, Any]) -> Event:
    """The event that ``Event.to_dict`` turned into ``data``; a ValueError for anything else."""
    event: Event = EVENTS.decode(Family.HAND, data)
    return event
