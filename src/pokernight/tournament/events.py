"""The events of a tournament: frozen records, appended in order, never changed.

A tournament is the fold of its events (``fold.evolve``): a server persists them
and rebuilds the tournament after a restart by folding them again. Every change
of state is one of these, so they are also what the lobby, the tables and the
results are told. Tables are numbered from 1; seats are 0-based, as at the table;
levels and places are counted from 1. ``at`` is the clock's time (seconds).

Every event turns into a JSON-ready dict (``to_dict``: the class name under "type")
and back (``tournament_event_from_dict``), by the core's one event codec (``rules.codec``,
decision 59).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pokernight.rules import Stakes
from pokernight.rules.codec import EVENTS, Family
from pokernight.table import Positions
from pokernight.tournament.structure import Structure

Stacks = tuple[tuple[str, int], ...]
"""(player id, chips) pairs."""


@dataclass(frozen=True, slots=True)
class TournamentEvent:
    def __init_subclass__(cls) -> None:
        EVENTS.register(Family.TOURNAMENT, cls)

    def to_dict(self) -> dict[str, Any]:
        return EVENTS.encode(self)


@dataclass(frozen=True, slots=True)
class TournamentCreated(TournamentEvent):
    """A new tournament; ``director`` runs it (changes the structure, starts it early)."""

    structure: Structure
    director: str


@dataclass(frozen=True, slots=True)
class StructureChanged(TournamentEvent):
    structure: Structure


@dataclass(frozen=True, slots=True)
class Registered(TournamentEvent):
    """``bot``: the level of the bot that plays the entry (None: a person)."""

    player_id: str
    name: str
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class Unregistered(TournamentEvent):
    player_id: str


@dataclass(frozen=True, slots=True)
class Started(TournamentEvent):
    """The tournament starts with ``tables`` (their numbers); seats follow, one
    ``Seated`` each, then level 1."""

    at: float
    tables: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TableAdded(TournamentEvent):
    """A late entrant found every table full: a new one opens."""

    table: int


@dataclass(frozen=True, slots=True)
class Seated(TournamentEvent):
    """A player drew ``seat`` at ``table`` with ``stack`` chips (at the start, or late)."""

    player_id: str
    table: int
    seat: int
    stack: int


@dataclass(frozen=True, slots=True)
class LevelStarted(TournamentEvent):
    """Level ``level`` plays ``game`` for ``stakes`` from the next hand at each table."""

    level: int
    at: float
    game: str
    stakes: Stakes


@dataclass(frozen=True, slots=True)
class BreakStarted(TournamentEvent):
    """No hand starts until ``until``; ``colour_up``: the chip to race off meanwhile."""

    after_level: int
    at: float
    until: float
    colour_up: int | None


@dataclass(frozen=True, slots=True)
class ChipsColouredUp(TournamentEvent):
    """The ``chip`` denomination is raced off (TDA 23): each player's odd chips
    (fewer than one ``into`` chip) went into a race, ``cards`` the card each drew
    best; ``stacks`` are everybody's stacks after it (a player is never raced out)."""

    chip: int
    into: int
    stacks: Stacks
    cards: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class HandStarted(TournamentEvent):
    table: int
    at: float


@dataclass(frozen=True, slots=True)
class Knockout:
    """Who won the last pot a player who lost every chip was in (their bounty's takers),
    the odd chip's winner first."""

    player_id: str
    by: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HandPlayed(TournamentEvent):
    """A hand at ``table`` is over: ``stacks`` of everybody seated there after it,
    ``positions`` of the button and blinds it was played with, and for each player left
    without a chip, who took their last chips (``knockouts``)."""

    table: int
    at: float
    stacks: Stacks
    positions: Positions
    knockouts: tuple[Knockout, ...] = ()


@dataclass(frozen=True, slots=True)
class Busted(TournamentEvent):
    """``player_id`` lost every chip during the rebuy period: they may rebuy until
    ``until``, and are out if they have not."""

    player_id: str
    until: float


@dataclass(frozen=True, slots=True)
class Rebought(TournamentEvent):
    player_id: str
    chips: int
    price: int


@dataclass(frozen=True, slots=True)
class AddedOn(TournamentEvent):
    player_id: str
    chips: int
    price: int


@dataclass(frozen=True, slots=True)
class PrizePoolFixed(TournamentEvent):
    """No more entries, rebuys or add-ons: the pool and each place's prize are final."""

    entries: int
    pool: int
    prizes: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Eliminated(TournamentEvent):
    """``player_id`` finished in ``place``; ``tied``: how many share the places from
    ``place`` down (1: nobody), sharing their prizes equally."""

    player_id: str
    place: int
    tied: int = 1


@dataclass(frozen=True, slots=True)
class PrizeAwarded(TournamentEvent):
    player_id: str
    place: int
    amount: int


@dataclass(frozen=True, slots=True)
class BountyCollected(TournamentEvent):
    """``player_id`` wins ``amount`` for knocking out ``from_player`` (their own bounty when
    they are the same: the winner's, or one left when a deal ends it); in a progressive
    knockout, ``added`` more goes on their own head."""

    player_id: str
    from_player: str
    amount: int
    added: int = 0


@dataclass(frozen=True, slots=True)
class PlayerMoved(TournamentEvent):
    """To balance the tables (``reason`` "balance") or from a broken table ("broken")."""

    player_id: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class TableBroken(TournamentEvent):
    """The table's players have all moved (``PlayerMoved`` each, just before)."""

    table: int


@dataclass(frozen=True, slots=True)
class HandForHandEntered(TournamentEvent):
    """The next player out finishes on the bubble: each table plays one hand at a time."""

    players_left: int


@dataclass(frozen=True, slots=True)
class HandForHandRoundPlayed(TournamentEvent):
    """Every table has played its hand of this hand-for-hand round."""


@dataclass(frozen=True, slots=True)
class HandForHandLeft(TournamentEvent):
    players_left: int


@dataclass(frozen=True, slots=True)
class FinalTableDrawn(TournamentEvent):
    """Everybody left is drawn a new seat at ``table`` (the other tables close)."""

    table: int
    seats: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class DealRecorded(TournamentEvent):
    """The players left agreed to share the prizes left as ``amounts``; their places
    follow their stacks (``PrizeAwarded`` each, then ``Finished``)."""

    amounts: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Finished(TournamentEvent):
    """The tournament is over; ``places``: of the players still in it (the winner's 1st,
    or after a deal each one's, by stacks)."""

    at: float
    places: tuple[tuple[str, int], ...]


def tournament_event_from_dict(data: dict[str, Any]) -> TournamentEvent:
    """The event ``to_dict`` gave ``data``; a ValueError for anything else."""
    event: TournamentEvent = EVENTS.decode(Family.TOURNAMENT, data)
    return event
