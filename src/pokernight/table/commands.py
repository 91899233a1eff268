"""What players, the host and the server ask a table to do.

Commands are requests: ``Table.verify`` refuses one with the exact reason,
``Table.apply`` turns an accepted one into events and folds them. Only the
events are stored; a command is never replayed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from pokernight.table.settings import TableSettings


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

    seat: int
    player_id: str
    name: str
    buy_in: int
    invited: bool = False
    program: bool = False
    bot: BotLevel | None = None
    by: str | None = None


@dataclass(frozen=True, slots=True)
class ApproveRebuy:
    """The host lets ``requester`` add the chips they asked for (limits checked again)."""

    player_id: str
    requester: str


@dataclass(frozen=True, slots=True)
class DeclineRebuy:
    player_id: str
    requester: str


@dataclass(frozen=True, slots=True)
class AddChips:
    """A rebuy or top-up; during a hand the player is in, it waits for the hand to end.
    ``by``: the host, when the host gives the chips (a tournament's director: its rebuys and
    add-ons, the only chips a tournament table takes)."""

    player_id: str
    amount: int
    by: str | None = None


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

    player_id: str
    by: str | None = None


@dataclass(frozen=True, slots=True)
class SitOut:
    player_id: str


@dataclass(frozen=True, slots=True)
class SitIn:
    player_id: str


@dataclass(frozen=True, slots=True)
class Straddle:
    """A player straddles (``on``) or stops, from the next hand, wherever the table allows
    it (``TableSettings.straddles``: under the gun, or Mississippi from any seat from
    under the gun to the button, and re-straddles left of a straddle)."""

    player_id: str
    on: bool


@dataclass(frozen=True, slots=True)
class PostBigBlind:
    """A player waiting for the big blind posts one to be dealt in at once."""

    player_id: str


@dataclass(frozen=True, slots=True)
class ChangeSettings:
    player_id: str
    settings: TableSettings


@dataclass(frozen=True, slots=True)
class TransferHost:
    """The host hands the table to ``new_host``, a seated player."""

    player_id: str
    new_host: str


@dataclass(frozen=True, slots=True)
class HostAway:
    """The server's: the host has had no page open for the table's ``host_away_seconds``
    (the server keeps that time: the table has no clock of its own); ``present``: the
    players with a page open now, among whom the table picks the next host (decision 52)."""

    present: frozenset[str]


@dataclass(frozen=True, slots=True)
class SitPlayerOut:
    """The host sits ``target`` out: now between hands, from the next hand during one."""

    player_id: str
    target: str


@dataclass(frozen=True, slots=True)
class CorrectStack:
    """The host sets ``target``'s stack to ``stack`` chips, between their hands, for
    ``reason`` (shown to everybody and kept in the ledger: decision 51)."""

    player_id: str
    target: str
    stack: int
    reason: str


@dataclass(frozen=True, slots=True)
class SetDebtCap:
    """The host sets ``target``'s own debt cap to ``cap`` chips, counted for that player in
    place of the table's (seed 003: "Maximum Debt: configurable per player"); None: the
    table's cap again."""

    player_id: str
    target: str
    cap: int | None


@dataclass(frozen=True, slots=True)
class RemovePlayer:
    """The host removes ``target`` from the table for ``reason``: cashed out at once between
    hands, else when the hand ends (their cards folded at their turns); they may not sit
    here again until the host lets them back (``LetPlayerBack``)."""

    player_id: str
    target: str
    reason: str


@dataclass(frozen=True, slots=True)
class LetPlayerBack:
    """The host lets ``target``, whom the host removed, sit at this table again; one still
    at the table (their hand not over yet) stays in the seat."""

    player_id: str
    target: str


@dataclass(frozen=True, slots=True)
class SitBotIn:
    """The host sits the bot at ``seat`` back in (a person sits in by themselves)."""

    player_id: str
    seat: int


@dataclass(frozen=True, slots=True)
class ApproveSeat:
    """The host seats ``requester``, who asked for a seat at a table that approves seats."""

    player_id: str
    requester: str


@dataclass(frozen=True, slots=True)
class DeclineSeat:
    player_id: str
    requester: str


@dataclass(frozen=True, slots=True)
class AddBot:
    """The host seats a bot of ``level`` (a ``BotLevel`` value); ``buy_in`` None: the default."""

    player_id: str
    seat: int
    level: str
    buy_in: int | None = None


@dataclass(frozen=True, slots=True)
class RemoveBot:
    """The host takes the bot at ``seat`` away; its stack is cashed out."""

    player_id: str
    seat: int


@dataclass(frozen=True, slots=True)
class ShowCards:
    """A player shows everybody their cards of the last hand that ended (won without a
    showdown, mucked, or folded: a player's choice, docs/rules.md, Showdown); ``cards``:
    only these of them (one card, say), None: all not shown yet."""

    player_id: str
    cards: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class RabbitHunt:
    """A seated player asks to see the board the last hand would have dealt had it not
    ended early (``TableSettings.rabbit_hunting``)."""

    player_id: str


@dataclass(frozen=True, slots=True)
class CallBombPot:
    """The host makes the next hand with a flop a bomb pot."""

    player_id: str


@dataclass(frozen=True, slots=True)
class CloseTable:
    """The host ends the game: everybody is cashed out and the table closes for good
    (at once between hands, else when the hand is over)."""

    player_id: str


@dataclass(frozen=True, slots=True)
class CommitDeck:
    """Shuffle and commit to the next hand's deck, before the players' contributions are
    taken; ``rng`` shuffles the deck and draws the commitment's salt."""

    rng: random.Random


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

    player_id: str
    kind: str
    amount: int | None = None
    timed_out: bool = False
    absent: bool = False
    cards: tuple[str, ...] = ()


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
    | StartHand
    | Act
)
