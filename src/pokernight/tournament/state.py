"""What a tournament is at one moment: its entrants, tables, clock, pool and bubble.

``TournamentState`` is the record the deciders and the director read and the fold
(``fold.evolve``) changes; ``Tournament`` adds the commands on top. It is mutable,
with one owner that changes it in order, and ``copy`` gives a twin that a command
may change while this one stays as it was.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import Self

from pokernight.table import Positions
from pokernight.tournament.errors import TournamentError
from pokernight.tournament.events import BreakStarted, TournamentCreated
from pokernight.tournament.structure import Format


class Status(StrEnum):
    REGISTERING = "registering"
    RUNNING = "running"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Entrant:
    """A registered player. ``entry`` orders registrations (from 1); ``bounty``: the money
    on their head; ``rebuy_until``: lost every chip in the rebuy period, may rebuy until
    then; ``place``: where they finished (the best of the places they share); ``prize``:
    the money they won by it (a deal's amount, after a deal)."""

    player_id: str
    name: str
    entry: int
    bot: str | None = None
    stack: int = 0
    table: int | None = None
    seat: int | None = None
    rebuys: int = 0
    added_on: bool = False
    bounty: int = 0
    rebuy_until: float | None = None
    place: int | None = None
    prize: int = 0

    @property
    def is_out(self) -> bool:
        return self.place is not None


@dataclass(frozen=True, slots=True)
class Bust:
    """A player left without a chip and not yet placed: at ``table``, in the hand
    ``hand`` (hands are numbered across the tournament) that they began with
    ``stack_before``; ``by``: who took their last chips; ``round``: the hand-for-hand
    round it happened in (None: an ordinary hand)."""

    player_id: str
    table: int
    stack_before: int
    hand: int
    by: tuple[str, ...]
    round: int | None


@dataclass(frozen=True, slots=True)
class HandInPlay:
    """A hand being played at a table: its number, everybody's stacks at its start, and
    whether it is a hand-for-hand hand."""

    number: int
    stacks: dict[str, int]
    hand_for_hand: bool


class TournamentState:
    def __init__(self, created: TournamentCreated) -> None:
        self.structure = created.structure
        self.director = created.director
        self.status = Status.REGISTERING
        self.players: dict[str, Entrant] = {}
        self.entries = 0  # registrations kept (unregistering takes one back)
        self.started_at: float | None = None
        self.level = 0  # the level being played, or whose break it is (from 1)
        self.period_ends_at = math.inf  # when the level or break in progress ends
        self.on_break: BreakStarted | None = None
        self.colour_up_due: int | None = None
        self.chips_in_play = created.structure.chips
        self.chips_created = 0  # by chip races (TDA 23: nobody is raced out)
        self.tables: dict[int, dict[int, str]] = {}  # table: seat: player id
        self.positions: dict[int, Positions] = {}
        self.opened_seats: dict[int, list[int]] = {}  # each table's seats in the order they opened
        self.next_table = 1
        self.in_play: dict[int, HandInPlay] = {}
        self.hands_started = 0
        self.busts: list[Bust] = []
        self.hand_for_hand = False
        self.round = 0  # hand-for-hand rounds completed
        self.round_played: set[int] = set()  # the tables that played this round's hand
        self.pool = 0  # money: buy-ins, rebuys and add-ons
        self.prizes: tuple[int, ...] | None = None  # fixed: no more entries, rebuys, add-ons
        self.deal: dict[str, int] | None = None
        self.finished_at: float | None = None
        self.created = created

    def copy(self) -> Self:
        """An independent twin: every container the fold changes is copied (entrants and
        busts are frozen records, shared)."""
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.players = dict(self.players)
        twin.tables = {number: dict(seats) for number, seats in self.tables.items()}
        twin.positions = dict(self.positions)
        twin.opened_seats = {number: list(seats) for number, seats in self.opened_seats.items()}
        twin.in_play = dict(self.in_play)
        twin.busts = list(self.busts)
        twin.round_played = set(self.round_played)
        twin.deal = None if self.deal is None else dict(self.deal)
        return twin

    # Queries -----------------------------------------------------------------------------

    def entrant(self, player_id: str) -> Entrant:
        """The entrant ``player_id``, or a TournamentError telling them they are not one."""
        entrant = self.players.get(player_id)
        if entrant is None:
            raise TournamentError("not_registered")
        return entrant

    @property
    def alive(self) -> list[Entrant]:
        """Everybody still in the tournament (a player who lost every chip but is not yet
        placed, or may still rebuy, included), in the order they registered."""
        if self.status is Status.REGISTERING:
            return []
        return [entrant for entrant in self.players.values() if not entrant.is_out]

    @property
    def players_left(self) -> int:
        return len(self.alive)

    @property
    def paid_places(self) -> int:
        """How many places are paid: fixed with the pool, else as the field stands now."""
        if self.prizes is not None:
            return len(self.prizes)
        return self.structure.payouts_for(max(self.entries, 2)).places

    def seated_at(self, table: int) -> dict[int, str]:
        return self.tables.get(table, {})

    def chips_at(self, table: int) -> int:
        return sum(self.players[player].stack for player in self.seated_at(table).values())

    def with_chips(self, table: int) -> dict[int, str]:
        """The seats of ``table`` whose players have chips (a player waiting to rebuy has none)."""
        return {
            seat: player
            for seat, player in self.seated_at(table).items()
            if self.players[player].stack > 0
        }

    def chips_in_tournament(self) -> int:
        return sum(entrant.stack for entrant in self.players.values())

    def chips_expected(self) -> int:
        """Every chip that came into the tournament: starting stacks, rebuys, add-ons, and
        what chip races made (never negative: see ``chips_created``)."""
        structure = self.structure
        if self.status is Status.REGISTERING:
            return 0
        rebuy_chips = sum(entrant.rebuys for entrant in self.players.values()) * (
            structure.rebuys.chips if structure.rebuys else 0
        )
        add_on_chips = sum(entrant.added_on for entrant in self.players.values()) * (
            structure.add_on.chips if structure.add_on else 0
        )
        return (
            self.entries * structure.starting_stack
            + rebuy_chips
            + add_on_chips
            + self.chips_created
        )

    def round_in_progress(self) -> bool:
        """A hand-for-hand round has begun and not every table has played it."""
        return bool(self.round_played) or any(hand.hand_for_hand for hand in self.in_play.values())

    def registration_open(self) -> bool:
        """Registering is open: before the start, or during late registration."""
        if self.status is Status.REGISTERING:
            return True
        structure = self.structure
        return (
            self.status is Status.RUNNING
            and structure.format is Format.SCHEDULED
            and self.prizes is None
            and self.level <= structure.late_registration_level
        )

    def field_full(self) -> bool:
        return 0 < self.structure.entries <= self.entries

    def rebuys_open(self) -> bool:
        rebuys = self.structure.rebuys
        return (
            rebuys is not None
            and self.status is Status.RUNNING
            and self.prizes is None
            and self.level <= rebuys.until_level
        )

    def add_on_open(self) -> bool:
        add_on = self.structure.add_on
        return (
            add_on is not None
            and self.status is Status.RUNNING
            and self.prizes is None
            and self.level == add_on.level
        )

    def pool_can_grow(self) -> bool:
        return self.registration_open() or self.rebuys_open() or self.add_on_open()

    def break_order(self) -> list[int]:
        """The tables open now, in the order they break: the structure's, then the highest
        number first."""
        listed = [number for number in self.structure.break_order if number in self.tables]
        rest = sorted((number for number in self.tables if number not in listed), reverse=True)
        return listed + rest
