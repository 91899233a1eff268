"""What players, the host and the server ask a table to do.

Commands are requests: ``Table.verify`` refuses one with the exact reason,
``Table.apply`` turns an accepted one into events and folds them. Only the
events are stored; a command is never replayed.

A command a client may ask for says so itself (decision 61): its ``intent`` is the
message's ``type`` on the wire, and its fields are the message's fields, with their types
and limits (``Annotated`` with ``msgspec.Meta``). ``player_id`` is always who asks, taken
from their connection and never from the message; a field with the metadata
``OF_THE_SENDER`` is another fact of theirs the room knows (their name, whether they came
by the invite link); ``asked_as(name)``, a field the wire calls ``name`` (the
``player_id`` of the player a host command is about); ``NEVER_ASKED``, the clock's or the
director's, never a client's. The server reads its messages from these records and nothing else
(``server/tables/messages.py``). The commands with no ``intent`` are the server's own. Each
command's decider is marked ``@decides(ItsRecord)``, where it is written.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Annotated, Any, ClassVar, TypeVar

import msgspec

from pokernight.table.settings import TableSettings

ASKED = "asked"
"""The key, in a command field's metadata, of how a client's message fills the field."""
SENDER = "the sender"
"""``ASKED``'s value for a fact of the sender's own, which the room fills in."""
NEVER = "never"
"""``ASKED``'s value for a field no message sets: it keeps its default."""

# What a client may send, as the records' field types say it (decision 61).
SeatNumber = Annotated[int, msgspec.Meta(ge=0, le=99)]
Chips = Annotated[int, msgspec.Meta(ge=0, le=10**12)]
PlayerRef = Annotated[str, msgspec.Meta(max_length=64)]
Reason = Annotated[str, msgspec.Meta(max_length=280)]
"""The host's reason, as long as a chat line at most: the decider says how long it may be
(``host_commands.REASON_CHARS``), in words, when it is too long."""
Discards = Annotated[
    tuple[Annotated[str, msgspec.Meta(max_length=3)], ...], msgspec.Meta(max_length=5)
]
CardsToShow = Annotated[
    tuple[Annotated[str, msgspec.Meta(max_length=8)], ...], msgspec.Meta(max_length=7)
]


OF_THE_SENDER = {ASKED: SENDER}
"""A field's metadata: the room fills it in with a fact of the sender's, never from their
message (their name, whether they came by the invite link or as a program)."""
NEVER_ASKED = {ASKED: NEVER}
"""A field's metadata: no client's message sets it (the clock's, the director's)."""


def asked_as(name: str) -> dict[str, str]:
    """A field's metadata: the message names the field ``name``."""
    return {ASKED: name}


D = TypeVar("D", bound=Callable[..., Any])
DECIDERS: dict[type, Callable[..., Any]] = {}
"""The decider of each command, ``decider(table, command) -> events``, by its record's
type: filled by ``decides`` as the deciding modules are read (``table.py`` reads them all)."""


def decides(kind: type) -> Callable[[D], D]:
    """Marks the decider of ``kind``: ``Table`` hands it every such command."""

    def mark(decider: D) -> D:
        if kind in DECIDERS:
            raise TypeError(f"{kind.__name__} has a decider already")
        DECIDERS[kind] = decider
        return decider

    return mark


class BotLevel(StrEnum):
    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


@dataclass(frozen=True, slots=True)
class SitDown:
    """``invited``: the player came by the table's invite link (no approval needed);
    ``program``: the player joined as a program (a bot of their own), which sits only where
    the host allows programs; ``bot``: the seat is played by the room's bot of that level
    (a tournament seats its bot entrants so; a browser's sit never names one); ``by``: the
    host, when the host seats the player (a tournament's director: a tournament table
    takes no other sit, decision 48; a browser's sit never names one)."""

    intent: ClassVar[str] = "sit"
    seat: SeatNumber
    player_id: str
    name: str = field(metadata=OF_THE_SENDER)
    buy_in: Chips
    invited: bool = field(default=False, metadata=OF_THE_SENDER)
    program: bool = field(default=False, metadata=OF_THE_SENDER)
    bot: BotLevel | None = field(default=None, metadata=NEVER_ASKED)
    by: str | None = field(default=None, metadata=NEVER_ASKED)


@dataclass(frozen=True, slots=True)
class ApproveRebuy:
    """The host lets ``requester`` add the chips they asked for (limits checked again)."""

    intent: ClassVar[str] = "approve_rebuy"
    player_id: str
    requester: PlayerRef = field(metadata=asked_as("player_id"))


@dataclass(frozen=True, slots=True)
class DeclineRebuy:
    intent: ClassVar[str] = "decline_rebuy"
    player_id: str
    requester: PlayerRef = field(metadata=asked_as("player_id"))


@dataclass(frozen=True, slots=True)
class AddChips:
    """A rebuy or top-up; during a hand the player is in, it waits for the hand to end.
    ``by``: the host, when the host gives the chips (a tournament's director: its rebuys and
    add-ons, the only chips a tournament table takes)."""

    intent: ClassVar[str] = "add_chips"
    player_id: str
    amount: Chips
    by: str | None = field(default=None, metadata=NEVER_ASKED)


@dataclass(frozen=True, slots=True)
class CarryDebt:
    """The server's: ``amount`` is what member ``player_id`` owes from earlier nights."""

    player_id: str
    amount: int


@dataclass(frozen=True, slots=True)
class StandUp:
    """Leave the table and cash out the stack. ``by``: the host, when the host stands the
    player up (a tournament's director: a player out, or moved; nobody leaves a tournament
    table with their chips by themselves)."""

    intent: ClassVar[str] = "stand_up"
    player_id: str
    by: str | None = field(default=None, metadata=NEVER_ASKED)


@dataclass(frozen=True, slots=True)
class SitOut:
    intent: ClassVar[str] = "sit_out"
    player_id: str


@dataclass(frozen=True, slots=True)
class SitIn:
    intent: ClassVar[str] = "sit_in"
    player_id: str


@dataclass(frozen=True, slots=True)
class Straddle:
    """A player straddles (``on``) or stops, from the next hand, wherever the table allows
    it (``TableSettings.straddles``: under the gun, or Mississippi from any seat from
    under the gun to the button, and re-straddles left of a straddle)."""

    intent: ClassVar[str] = "straddle"
    player_id: str
    on: bool


@dataclass(frozen=True, slots=True)
class PostBigBlind:
    """A player waiting for the big blind posts one to be dealt in at once."""

    intent: ClassVar[str] = "post_big_blind"
    player_id: str


@dataclass(frozen=True, slots=True)
class ChangeSettings:
    """The host's settings from the next hand. A client sends only the keys it changes (a
    JSON object, ``server/tables/settings_input.py``): the others keep the upcoming values."""

    intent: ClassVar[str] = "settings"
    player_id: str
    settings: TableSettings


@dataclass(frozen=True, slots=True)
class TransferHost:
    """The host hands the table to ``new_host``, a seated player."""

    intent: ClassVar[str] = "transfer_host"
    player_id: str
    new_host: PlayerRef = field(metadata=asked_as("player_id"))


@dataclass(frozen=True, slots=True)
class HostAway:
    """The server's: the host has had no page open for the table's ``host_away_seconds``
    (the server keeps that time: the table has no clock of its own); ``present``: the
    players with a page open now, among whom the table picks the next host (decision 52)."""

    present: frozenset[str]


@dataclass(frozen=True, slots=True)
class SitPlayerOut:
    """The host sits ``target`` out: now between hands, from the next hand during one."""

    intent: ClassVar[str] = "sit_player_out"
    player_id: str
    target: PlayerRef = field(metadata=asked_as("player_id"))


@dataclass(frozen=True, slots=True)
class CorrectStack:
    """The host sets ``target``'s stack to ``stack`` chips, between their hands, for
    ``reason`` (shown to everybody and kept in the ledger: decision 51)."""

    intent: ClassVar[str] = "correct_stack"
    player_id: str
    target: PlayerRef = field(metadata=asked_as("player_id"))
    stack: Chips
    reason: Reason


@dataclass(frozen=True, slots=True)
class SetDebtCap:
    """The host sets ``target``'s own debt cap to ``cap`` chips, counted for that player in
    place of the table's (seed 003: "Maximum Debt: configurable per player"); None: the
    table's cap again."""

    intent: ClassVar[str] = "set_debt_cap"
    player_id: str
    target: PlayerRef = field(metadata=asked_as("player_id"))
    cap: Chips | None


@dataclass(frozen=True, slots=True)
class RemovePlayer:
    """The host removes ``target`` from the table for ``reason``: cashed out at once between
    hands, else when the hand ends (their cards folded at their turns); they may not sit
    here again until the host lets them back (``LetPlayerBack``)."""

    intent: ClassVar[str] = "remove_player"
    player_id: str
    target: PlayerRef = field(metadata=asked_as("player_id"))
    reason: Reason


@dataclass(frozen=True, slots=True)
class StandPlayerUp:
    """The host stands ``target`` up for ``reason``, between their hands: a player who walked
    away without standing up is cashed out and their seat is free for somebody else, as a
    card room picks up an absent player's chips. Unlike a removal, they may sit again."""

    intent: ClassVar[str] = "stand_player_up"
    player_id: str
    target: PlayerRef = field(metadata=asked_as("player_id"))
    reason: Reason


@dataclass(frozen=True, slots=True)
class LetPlayerBack:
    """The host lets ``target``, whom the host removed, sit at this table again; one still
    at the table (their hand not over yet) stays in the seat."""

    intent: ClassVar[str] = "let_player_back"
    player_id: str
    target: PlayerRef = field(metadata=asked_as("player_id"))


@dataclass(frozen=True, slots=True)
class SitBotIn:
    """The host sits the bot at ``seat`` back in (a person sits in by themselves)."""

    intent: ClassVar[str] = "sit_bot_in"
    player_id: str
    seat: SeatNumber


@dataclass(frozen=True, slots=True)
class ApproveSeat:
    """The host seats ``requester``, who asked for a seat at a table that approves seats."""

    intent: ClassVar[str] = "approve_seat"
    player_id: str
    requester: PlayerRef = field(metadata=asked_as("player_id"))


@dataclass(frozen=True, slots=True)
class DeclineSeat:
    intent: ClassVar[str] = "decline_seat"
    player_id: str
    requester: PlayerRef = field(metadata=asked_as("player_id"))


@dataclass(frozen=True, slots=True)
class AddBot:
    """The host seats a bot of ``level`` (a ``BotLevel`` value); ``buy_in`` None: the default."""

    intent: ClassVar[str] = "add_bot"
    player_id: str
    seat: SeatNumber
    level: Annotated[str, msgspec.Meta(max_length=16)]
    buy_in: Chips | None = None


@dataclass(frozen=True, slots=True)
class RemoveBot:
    """The host takes the bot at ``seat`` away; its stack is cashed out."""

    intent: ClassVar[str] = "remove_bot"
    player_id: str
    seat: SeatNumber


@dataclass(frozen=True, slots=True)
class ShowCards:
    """A player shows everybody their cards of the last hand that ended (won without a
    showdown, mucked, or folded: a player's choice, docs/rules.md, Showdown); ``cards``:
    only these of them (one card, say), None: all not shown yet."""

    intent: ClassVar[str] = "show_cards"
    player_id: str
    cards: CardsToShow | None = None


@dataclass(frozen=True, slots=True)
class RabbitHunt:
    """A seated player asks to see the board the last hand would have dealt had it not
    ended early (``TableSettings.rabbit_hunting``)."""

    intent: ClassVar[str] = "rabbit_hunt"
    player_id: str


@dataclass(frozen=True, slots=True)
class CallBombPot:
    """The host makes the next hand with a flop a bomb pot."""

    intent: ClassVar[str] = "call_bomb_pot"
    player_id: str


@dataclass(frozen=True, slots=True)
class CloseTable:
    """The host ends the game: everybody is cashed out and the table closes for good
    (at once between hands, else when the hand is over)."""

    intent: ClassVar[str] = "close_table"
    player_id: str


@dataclass(frozen=True, slots=True)
class CommitDeck:
    """Shuffle and commit to the next hand's deck, before the players' contributions are
    taken; ``rng`` shuffles the deck and draws the commitment's salt."""

    rng: random.Random


@dataclass(frozen=True, slots=True)
class RestartClock:
    """The turn's clock starts again now: the server's, when it takes a table up again
    after a restart or from a process that died, so the time it was down counts against
    nobody (as a dealer stops the clock while the game is held up)."""


@dataclass(frozen=True, slots=True)
class StartHand:
    """Deal the next hand. From the deck committed for it, mixed by ``contributions``
    (player id and value, each checked by ``deal.check_contribution``), if a
    ``CommitDeck`` came first; else ``rng`` shuffles the deck and draws the commitment's salt.

    Only ``apply`` draws from ``rng``: ``verify`` and ``can`` check without shuffling.
    """

    rng: random.Random
    contributions: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class Act:
    """A player's action in the hand (``kind``: an ``ActionKind`` value).

    ``amount`` is the street total of a bet or raise; ``cards`` a draw's discards ("Ah"
    text; none: stand pat). ``timed_out`` is set only
    by ``Table.tick``: the clock acting for a player whose time ran out;
    ``absent``: without waiting for their time bank, as they had no page open.
    """

    intent: ClassVar[str] = "act"
    player_id: str
    kind: str
    amount: Chips | None = None
    timed_out: bool = field(default=False, metadata=NEVER_ASKED)
    absent: bool = field(default=False, metadata=NEVER_ASKED)
    cards: Discards = ()


Command = (
    SitDown
    | AddChips
    | CarryDebt
    | StandUp
    | SitOut
    | SitIn
    | PostBigBlind
    | ChangeSettings
    | TransferHost
    | HostAway
    | SitPlayerOut
    | CorrectStack
    | SetDebtCap
    | RemovePlayer
    | StandPlayerUp
    | LetPlayerBack
    | SitBotIn
    | ApproveSeat
    | DeclineSeat
    | ApproveRebuy
    | DeclineRebuy
    | AddBot
    | RemoveBot
    | CloseTable
    | ShowCards
    | RabbitHunt
    | Straddle
    | CallBombPot
    | CommitDeck
    | RestartClock
    | StartHand
    | Act
)
