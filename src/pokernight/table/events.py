"""The events of a table: frozen records, appended in order, never changed.

A table is the fold of its events (``fold.evolve``), so the server persists
them and rebuilds a table after a restart by folding them again. Seats are
table seat numbers (0-based, clockwise). ``DeckCommitted`` and ``HandDealt`` hold
the shuffled deck and its salt: they never leave the server (only the commitment is
sent).

Every event turns into a JSON-ready dict (``to_dict``: tuples as lists, the
class name under "type") and back (``table_event_from_dict``), by the core's one event
codec (``rules.codec``, decision 59).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from pokernight.rules import Stakes
from pokernight.rules.codec import EVENTS, Family
from pokernight.rules.events import HAND_OPTIONS
from pokernight.table.mixing import Contribution
from pokernight.table.settings import TableSettings


@dataclass(frozen=True, slots=True)
class TableEvent:
    """Base of every table event. ``omitted_when_unset``: the options ``to_dict`` leaves
    out while unset (``rules.codec``)."""

    omitted_when_unset: ClassVar[tuple[str | tuple[str, ...], ...]] = ()

    def __init_subclass__(cls) -> None:
        EVENTS.register(Family.TABLE, cls)

    def to_dict(self) -> dict[str, Any]:
        return EVENTS.encode(self)


@dataclass(frozen=True, slots=True)
class TableOpened(TableEvent):
    """A new table; ``host`` None: nobody hosts it yet (the first player seated will).

    ``tournament``: a table of a tournament (``pokernight.tournament``), for life. Every
    player with chips is dealt in, sitting out or away: their blinds and antes are
    posted and the clock checks or folds for them at once (TDA 29: a player must be at
    the seat to have a live hand). A player who arrives (moved, or from a broken table)
    is dealt in at once, except between the button and the small blind (TDA 9).
    """

    settings: TableSettings
    host: str | None
    tournament: bool = False


@dataclass(frozen=True, slots=True)
class PlayerSeated(TableEvent):
    """``bot_level``: the seat is played by a bot of that level (None: a person);
    ``program``: by a player's own program (joined as one: shown as a bot to everybody).
    Older stored events have no ``program``: people."""

    seat: int
    player_id: str
    name: str
    buy_in: int
    bot_level: str | None = None
    program: bool = False


@dataclass(frozen=True, slots=True)
class SeatRequested(TableEvent):
    """A player asked for a seat at a table where the host approves seats (``program``:
    a player who joined as a program, so the host sees what they let in)."""

    seat: int
    player_id: str
    name: str
    buy_in: int
    program: bool = False


@dataclass(frozen=True, slots=True)
class SeatDeclined(TableEvent):
    player_id: str


@dataclass(frozen=True, slots=True)
class RebuyRequested(TableEvent):
    """A seated player asked to add chips at a table where the host approves rebuys."""

    seat: int
    player_id: str
    amount: int


@dataclass(frozen=True, slots=True)
class RebuyDeclined(TableEvent):
    player_id: str


@dataclass(frozen=True, slots=True)
class ChipsQueued(TableEvent):
    """A rebuy or top-up asked for during a hand the player is in: added before the next."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class ChipsAdded(TableEvent):
    """Chips bought go on the table; ``queued``: they had waited for a hand to end."""

    seat: int
    amount: int
    queued: bool = False


@dataclass(frozen=True, slots=True)
class DebtCarried(TableEvent):
    """What a member of the club still owes from earlier nights (their season balance,
    payments counted, when it is a debt; 0 when it is not): it counts against this table's
    debt cap, so the cap follows the member from table to table (decision 35)."""

    player_id: str
    amount: int


@dataclass(frozen=True, slots=True)
class DebtCapSet(TableEvent):
    """The host set ``player_id``'s own debt cap to ``cap`` chips (None: the table's again):
    counted for them wherever the table's is (refusals, the seats' rebuy room, the ledger).
    Public."""

    player_id: str
    cap: int | None


@dataclass(frozen=True, slots=True)
class PlayerLeft(TableEvent):
    """``reason``: the host's, when the host removed the player (``PlayerRemoved``); kept
    with the cash-out in the ledger. Left out of ``to_dict`` when empty: a player who
    stands up reads as before."""

    seat: int
    player_id: str
    cash_out: int
    reason: str = ""

    omitted_when_unset = ("reason",)


@dataclass(frozen=True, slots=True)
class StackCorrected(TableEvent):
    """The host set seat ``seat``'s stack to ``stack`` chips (it ``was`` so many), between
    its hands, for ``reason``: the chips added are lent like a rebuy, those taken away paid
    back like a cash-out (a ledger ``correction``, decision 51). Public."""

    seat: int
    player_id: str
    stack: int
    was: int
    reason: str

    @property
    def change(self) -> int:
        """Chips added (positive) or taken away (negative)."""
        return self.stack - self.was


@dataclass(frozen=True, slots=True)
class PlayerRemoved(TableEvent):
    """The host removed ``player_id`` (``name``, at seat ``seat``) from the table for
    ``reason``. Between hands a ``PlayerLeft`` follows at once; during a hand they were dealt
    into, their cards are checked or folded at each of their turns and the ``PlayerLeft``
    follows when the hand ends. They may not sit here again until ``PlayerLetBack``."""

    seat: int
    player_id: str
    name: str
    reason: str


@dataclass(frozen=True, slots=True)
class PlayerLetBack(TableEvent):
    """The host lifted a removal: ``player_id`` may sit at this table again (one still at the
    table, their hand not over yet, stays and plays their own turns again)."""

    player_id: str


@dataclass(frozen=True, slots=True)
class SatOut(TableEvent):
    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class SatIn(TableEvent):
    seat: int


@dataclass(frozen=True, slots=True)
class StraddleChosen(TableEvent):
    """Seat ``seat`` straddles from now on (``on``), or no longer: wherever the table's
    straddles allow it (``TableSettings.straddles``; ``table.deal`` works out which)."""

    seat: int
    on: bool


@dataclass(frozen=True, slots=True)
class BigBlindOffered(TableEvent):
    """A waiting player chose to post a big blind to be dealt in at once."""

    seat: int


HOST_LEFT = "left"
HOST_AWAY = "away"
HOST_SAT_OUT = "sat out by the clock"
HOST_HANDED_OVER = "handed over"
HOST_FIRST_SEATED = "first seated"
"""Why the host changed (``HostChanged.reason``): the host left the table, had no page open
for the table's ``host_away_seconds``, was sat out by the clock, handed the role over; or
nobody hosted and the first person seated does."""


@dataclass(frozen=True, slots=True)
class HostChanged(TableEvent):
    """``host`` hosts the table from now on (None: nobody, only bots are left), in place of
    ``previous``, for ``reason`` (``HOST_LEFT``...). Events stored before reasons have none
    (``""``) and no ``previous``."""

    host: str | None
    reason: str = ""
    previous: str | None = None


@dataclass(frozen=True, slots=True)
class SettingsChanged(TableEvent):
    """New settings from the host; they take effect when the next hand starts."""

    settings: TableSettings


@dataclass(frozen=True, slots=True)
class CardsShownByChoice(TableEvent):
    """A player showed their cards of hand ``hand_number`` after it ended (public)."""

    hand_number: int
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RabbitHunted(TableEvent):
    """The board hand ``hand_number`` would have dealt after it ended early, street by
    street, shown to everybody at a player's asking: never dealt, not part of the hand,
    and not among the hand's dealt cards in its fairness proof (public)."""

    hand_number: int
    seat: int
    streets: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class BountyPaid(TableEvent):
    """The 7-2 bounty of hand ``hand_number`` (``TableSettings.seven_deuce_bounty``): seat
    ``seat`` won a pot with seven-deuce and showed it; ``payments`` are (seat, chips) from
    each other player dealt in, each at most their stack (public)."""

    hand_number: int
    seat: int
    payments: tuple[tuple[int, int], ...]

    @property
    def total(self) -> int:
        return sum(amount for _, amount in self.payments)


@dataclass(frozen=True, slots=True)
class BombPotCalled(TableEvent):
    """The host called a bomb pot: the next hand of a game with a flop is one (public)."""


@dataclass(frozen=True, slots=True)
class CloseRequested(TableEvent):
    """The host closes the table: at once between hands, else when the hand is over."""


@dataclass(frozen=True, slots=True)
class TableClosed(TableEvent):
    """The game is over: everybody has been cashed out (``PlayerLeft`` each) just before."""


@dataclass(frozen=True, slots=True)
class HandDealt(TableEvent):
    """A hand dealt to ``seats`` (clockwise) with ``stacks``; ``hand_button`` indexes ``seats``.

    ``button``, ``small_blind`` and ``big_blind`` are seat numbers (a seat may be
    empty: a dead button or small blind); ``posted`` seats posted a big blind to
    be dealt in. ``deck`` is the order dealt and ``salt`` the commitment's salt: both
    stay on the server, never sent to anybody, during the hand or after it;
    ``commitment`` (``commitment.deck_commitment``) is of the deck before the
    ``contributions`` mixed it (``table.mixing``). ``committed_at``: when the
    ``DeckCommitted`` that published the commitment was made; None, and no
    contribution, when the deck was committed at the deal (as before players took part).
    ``bomb_pot``: the hand is a bomb pot with this ante (0: it is not).
    ``straddles``: seats that post a voluntary straddle, in order (a Mississippi straddle
    or re-straddles; a lone straddle under the gun is ``stakes.straddle``); left out of
    ``to_dict`` when empty.
    """

    hand_number: int
    at: float
    variant: str
    betting: str
    level: int
    stakes: Stakes
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    button: int
    small_blind: int | None
    big_blind: int | None
    posted: tuple[int, ...]
    hand_button: int
    deck: tuple[str, ...]
    salt: str
    commitment: str
    contributions: tuple[Contribution, ...] = ()
    committed_at: float | None = None
    bomb_pot: int = 0
    jacks_to_open: bool = False  # Five-Card Draw's option
    run_it_twice: bool = False  # the players may agree to run the board twice
    straddles: tuple[int, ...] = ()
    double_board: bool = False  # a bomb pot dealt two boards
    ftq_queen_carries_over: bool = False  # Follow the Queen's house rule

    # Options left out when unused: every other hand reads as before them.
    omitted_when_unset = HAND_OPTIONS


@dataclass(frozen=True, slots=True)
class DeckCommitted(TableEvent):
    """The server's deck for hand ``hand_number``, committed before the players' contributions
    are taken (``table.mixing``): ``commitment`` is published at once, ``deck`` and ``salt``
    stay on the server."""

    hand_number: int
    at: float
    deck: tuple[str, ...]
    salt: str
    commitment: str


@dataclass(frozen=True, slots=True)
class PlayerActed(TableEvent):
    """An action in the hand; ``timed_out``: the clock acted for a player who did not;
    ``absent``: who had no page open, so it did not wait for (nor spend) their time bank.
    ``cards``: a draw's discards, secret (the server never sends them: only the hand's
    own events, filtered per seat, say what was thrown); left out of ``to_dict`` when
    empty, so the logs of every other action read as before draw games."""

    hand_number: int
    seat: int
    kind: str
    amount: int | None
    at: float
    timed_out: bool = False
    absent: bool = False
    cards: tuple[str, ...] = ()

    omitted_when_unset = ("cards",)


@dataclass(frozen=True, slots=True)
class ClockRestarted(TableEvent):
    """The turn in hand ``hand_number`` is timed from ``at`` on (the table was taken up
    again after it had stopped: the downtime counts against nobody's clock or bank)."""

    hand_number: int
    at: float


@dataclass(frozen=True, slots=True)
class HandFinished(TableEvent):
    """The hand is over; ``stacks`` are the final stacks, in the order of its ``seats``."""

    hand_number: int
    stacks: tuple[int, ...]


# Names a stored event had before it was renamed (decision 28): old logs still load.
RENAMED: dict[str, str] = {"HandStarted": "HandDealt"}
for _old, _new in RENAMED.items():
    EVENTS.rename(Family.TABLE, _old, _new)


def table_event_from_dict(data: dict[str, Any]) -> TableEvent:
    """The event ``to_dict`` gave ``data``; a ValueError for anything else."""
    event: TableEvent = EVENTS.decode(Family.TABLE, data)
    return event
