"""The tournament's tables as ``pokernight.table.Table``s: how a tournament table plays.

``TournamentTables`` keeps one ``Table`` per tournament table and follows the
tournament's events with table commands: it opens the tables, seats each player
with their tournament stack, sets each level's game and stakes (from the next hand,
as the table does any change), moves players, adds rebought chips, colours up,
stands players out and closes broken tables. Every table is opened as a tournament
table (``TableOpened.tournament``): a player sitting out or away is dealt in, posts
the blinds and antes, and is checked or folded by the clock.

When a table's hand is over, ``report`` reads it back as the tournament's
``ReportHand``: everybody's stack, the positions played, and who took the last
chips of each player left with none (the winners of the last pot they were in).

The tables are hosted by ``DIRECTOR``, who is never seated; their buy-in and stack
limits are lifted (a tournament stack is whatever it is) and they have no debt cap. Every
seat and chip command here is given ``by`` the director: a tournament table takes no
other (decision 48).

``Seating`` is what following needs of a table: its seats and a way to give it a
command. A ``Table`` is one; the server's table actors are another (it puts the
command in the actor's inbox), so the server follows the events with this very
code (``TournamentTables`` with its own ``open_table``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Generic, Protocol, TypeVar

from pokernight.rules import AntePosted, PotAwarded
from pokernight.rules.pots import compute_pots
from pokernight.table import (
    AddChips,
    BotLevel,
    ChangeSettings,
    CloseTable,
    Command,
    Seat,
    SitDown,
    SitOut,
    StandUp,
    Table,
    TableSettings,
)
from pokernight.tournament.commands import ReportHand
from pokernight.tournament.events import (
    AddedOn,
    ChipsColouredUp,
    Eliminated,
    FinalTableDrawn,
    Finished,
    LevelStarted,
    PlayerMoved,
    Rebought,
    Seated,
    Started,
    TableAdded,
    TableBroken,
    TournamentEvent,
)
from pokernight.tournament.state import TournamentState
from pokernight.tournament.structure import Structure

DIRECTOR = "tournament-director"
"""The host of every tournament table: it changes the stakes each level and closes tables."""
CHIPS_WITHOUT_LIMIT = 10**15
"""A tournament table's buy-in and stack cap: no limit a real stack could reach."""


def table_settings(structure: Structure, level: int) -> TableSettings:
    """A tournament table's settings at ``level``: its game and stakes, the structure's
    seats and clock, and no buy-in limits or debt cap."""
    return TableSettings(
        variant=structure.game_at(level).key,
        betting=structure.betting,
        stakes=structure.stakes_at(level),
        seats=structure.seats,
        min_buy_in=1,
        max_buy_in=CHIPS_WITHOUT_LIMIT,
        max_stack=CHIPS_WITHOUT_LIMIT,
        debt_cap=None,
        action_seconds=structure.action_seconds,
        time_bank_seconds=structure.time_bank_seconds,
        bot_delay_seconds=structure.bot_delay_seconds,
    ).validated()


class Seating(Protocol):
    """A tournament table as following its events needs it."""

    @property
    def seats(self) -> Mapping[int, Seat]: ...

    def apply(self, command: Command, now: float) -> object: ...


Handle = TypeVar("Handle", bound=Seating)


def open_plain_table(number: int, settings: TableSettings) -> Table:
    return Table.open(settings, DIRECTOR, tournament=True)


class TournamentTables(Generic[Handle]):
    """``open_table``: a new tournament table numbered so, with these settings."""

    def __init__(
        self, structure: Structure, open_table: Callable[[int, TableSettings], Handle]
    ) -> None:
        self.structure = structure
        self.open_table = open_table
        self.level = 1
        self.tables: dict[int, Handle] = {}

    def follow(
        self, tournament: TournamentState, events: Iterable[TournamentEvent], now: float
    ) -> None:
        """Carry ``events`` (just folded into ``tournament``) out at the tables."""
        for event in events:
            self._follow(tournament, event, now)

    def _follow(self, tournament: TournamentState, event: TournamentEvent, now: float) -> None:
        match event:
            case Started():
                self.structure = tournament.structure
                for number in event.tables:
                    self._open(number)
            case TableAdded():
                self._open(event.table)
            case Seated():
                self.tables[event.table].apply(
                    sit_down(tournament, event.player_id, event.seat, event.stack), now
                )
            case LevelStarted():
                self.level = event.level
                settings = table_settings(self.structure, event.level)
                for table in self.tables.values():
                    table.apply(ChangeSettings(DIRECTOR, settings), now)
            case PlayerMoved():
                self._move(tournament, event, now)
            case TableBroken():
                self.tables.pop(event.table).apply(CloseTable(DIRECTOR), now)
            case Eliminated():
                number = self.table_of(event.player_id)
                self.tables[number].apply(StandUp(event.player_id, by=DIRECTOR), now)
            case Rebought() | AddedOn():
                number = self.table_of(event.player_id)
                self.tables[number].apply(AddChips(event.player_id, event.chips, by=DIRECTOR), now)
            case ChipsColouredUp():
                for player, stack in event.stacks:
                    self._reseat(tournament, player, stack, now)
            case FinalTableDrawn():
                self._draw_final_table(tournament, event, now)
            case Finished():
                for table in self.tables.values():
                    table.apply(CloseTable(DIRECTOR), now)
                self.tables = {}

    def _draw_final_table(
        self, tournament: TournamentState, event: FinalTableDrawn, now: float
    ) -> None:
        """Everybody stands up from the last tables, which close; the final table opens
        with the seats drawn (its button starts afresh)."""
        for table in self.tables.values():
            for seated in list(table.seats.values()):
                table.apply(StandUp(seated.player_id, by=DIRECTOR), now)
            table.apply(CloseTable(DIRECTOR), now)
        final = self._open(event.table)
        self.tables = {event.table: final}
        for player, seat in event.seats:
            final.apply(sit_down(tournament, player, seat, tournament.players[player].stack), now)

    def _open(self, number: int) -> Handle:
        table = self.open_table(number, table_settings(self.structure, self.level))
        self.tables[number] = table
        return table

    def table_of(self, player_id: str) -> int:
        for number, table in self.tables.items():
            if any(seat.player_id == player_id for seat in table.seats.values()):
                return number
        raise KeyError(f"{player_id} sits at no tournament table")

    def _move(self, tournament: TournamentState, event: PlayerMoved, now: float) -> None:
        source = self.tables[event.from_table]
        seat = source.seats[event.from_seat]
        source.apply(StandUp(event.player_id, by=DIRECTOR), now)
        target = self.tables[event.to_table]
        target.apply(sit_down(tournament, event.player_id, event.to_seat, seat.stack), now)
        if seat.sitting_out:  # away at one table, away at the next: blinded there too
            target.apply(SitOut(event.player_id), now)

    def _reseat(self, tournament: TournamentState, player: str, stack: int, now: float) -> None:
        """A stack the chip race changed: the table has no command to take chips away, so
        the player stands up and sits down again at the same seat (between hands: a
        break) with the new stack, sitting out as before."""
        table = self.tables[self.table_of(player)]
        number = next(n for n, seat in table.seats.items() if seat.player_id == player)
        seat = table.seats[number]
        if seat.stack == stack:
            return
        table.apply(StandUp(player, by=DIRECTOR), now)
        table.apply(sit_down(tournament, player, number, stack), now)
        if seat.sitting_out:
            table.apply(SitOut(player), now)


def plain_tables(structure: Structure) -> TournamentTables[Table]:
    """The tournament's tables as plain ``Table``s in memory (the simulation's)."""
    return TournamentTables(structure, open_plain_table)


def sit_down(tournament: TournamentState, player: str, seat: int, stack: int) -> SitDown:
    """``player`` sits at ``seat`` with ``stack``; a bot entrant is played by the room's bot."""
    entrant = tournament.players[player]
    bot = None if entrant.bot is None else BotLevel(entrant.bot)
    return SitDown(seat, player, entrant.name, stack, bot=bot, by=DIRECTOR)


def report(number: int, table: Table) -> ReportHand:
    """Table ``number``'s hand that just ended, as the tournament's report."""
    if table.hand is not None or table.positions is None:
        raise ValueError(f"table {number} has no finished hand to report")
    stacks = {seat.player_id: seat.stack + seat.queued for seat in table.seats.values()}
    # Chips bought during the hand (a rebuy, an add-on) keep a player who lost it in.
    out = {player: takers for player, takers in knockouts(table).items() if not stacks[player]}
    return ReportHand(number, stacks, table.positions, out)


def knockouts(table: Table) -> dict[str, tuple[str, ...]]:
    """For each player the table's last hand left without a chip, the winners of the last
    pot they were in (the odd chip's winner first)."""
    hand, started = table.last_hand, table.last_started
    if hand is None or started is None or hand.final_stacks is None:
        return {}
    final = hand.final_stacks
    busted = [index for index, stack in enumerate(final) if stack == 0]
    if not busted:
        return {}
    count = len(final)
    won, dead = [0] * count, [0] * count
    winners: dict[int, tuple[int, ...]] = {}
    for item in hand.events:
        if isinstance(item, PotAwarded):
            winners[item.index] = tuple(seat for seat, _ in item.winners)
            for seat, chips in item.winners:
                won[seat] += chips
        elif isinstance(item, AntePosted):
            dead[item.seat] += item.amount
    # The pots as the engine counted them at the showdown: stacks before the awards.
    before = [stack - gain for stack, gain in zip(final, won, strict=True)]
    pots = compute_pots(hand.contributed, dead, hand.folded, before)
    player = [table.seats[seat].player_id for seat in started.seats]
    result: dict[str, tuple[str, ...]] = {}
    for index in busted:
        last = max((number for number, pot in enumerate(pots) if index in pot.eligible), default=0)
        result[player[index]] = tuple(player[seat] for seat in winners.get(last, ()))
    return result
