"""What players, the director and the tables ask a tournament to do.

Commands are requests: ``Tournament.verify`` refuses one with the exact reason,
``Tournament.apply`` turns an accepted one into events and folds them, then lets
the director do what follows by itself (``director``). Only the events are stored.
Time (``now``) and the random source come with each call, not in the commands.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pokernight.table import Positions
from pokernight.tournament.structure import Structure


@dataclass(frozen=True, slots=True)
class Register:
    """``bot``: the level of a bot that plays the entry (None: a person, who registers
    themselves); ``by``: who registers it when that is not the player: a bot's entry is
    the director's to make (decision 48)."""

    player_id: str
    name: str
    bot: str | None = None
    by: str | None = None


@dataclass(frozen=True, slots=True)
class Unregister:
    player_id: str


@dataclass(frozen=True, slots=True)
class ChangeStructure:
    """The director edits the structure, before the start only."""

    player_id: str
    structure: Structure


@dataclass(frozen=True, slots=True)
class Start:
    """The director starts a scheduled tournament now (it starts by itself at its time; a
    sit-and-go when it is full)."""

    player_id: str


@dataclass(frozen=True, slots=True)
class Tick:
    """The clock: whatever is due by ``now`` happens (levels, breaks, a scheduled start,
    a rebuy's time running out)."""


@dataclass(frozen=True, slots=True)
class StartHand:
    """Table ``table`` asks to deal its next hand."""

    table: int


@dataclass(frozen=True, slots=True)
class ReportHand:
    """Table ``table``'s hand is over: ``stacks`` of everybody seated there (chips added
    during the hand included), the ``positions`` it was played with, and for each player
    left without a chip who took their last chips (``knockouts``: the winners of the last
    pot they were in; required when there are bounties)."""

    table: int
    stacks: Mapping[str, int]
    positions: Positions
    knockouts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Rebuy:
    player_id: str


@dataclass(frozen=True, slots=True)
class AddOn:
    player_id: str


@dataclass(frozen=True, slots=True)
class RecordDeal:
    """The director records the deal the players left agreed: ``amounts`` of the prizes
    left, for each of them (see ``icm`` for ways to reckon it)."""

    player_id: str
    amounts: Mapping[str, int]


Command = (
    Register
    | Unregister
    | ChangeStructure
    | Start
    | Tick
    | StartHand
    | ReportHand
    | Rebuy
    | AddOn
    | RecordDeal
)
