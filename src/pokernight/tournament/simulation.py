"""Playing a whole tournament in one process, with an injected clock: bots, tests, benches.

``play_tournament`` registers the entrants, then plays hand after hand at the
tournament's tables (``TournamentTables``) until it is over, every hand decided by
``choose`` (a seat's ``HandView`` in, a legal ``Action`` out: a bot's ``decide``).
Nothing waits: time is a number that moves on by ``seconds_per_action`` with each
action and ``seconds_between_hands`` after each hand, so a tournament of hours plays
in seconds, levels and breaks included.

One hand is played at a time across all the tables, each table in turn (the one that
dealt longest ago first, among those the tournament lets deal); so between any two
hands every table is between hands, and balancing, breaking tables and hand-for-hand
can be checked after each one. A player ``away`` (no page open) is acted for by the
table's clock after the action clock; one sitting out, at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random

from pokernight.rules import Action, HandView, view
from pokernight.table import Act, Table
from pokernight.table import StartHand as DealHand
from pokernight.tournament.commands import Register, Tick
from pokernight.tournament.commands import StartHand as AskToDeal
from pokernight.tournament.events import TournamentEvent
from pokernight.tournament.state import Status
from pokernight.tournament.tables import TournamentTables, plain_tables, report
from pokernight.tournament.tournament import Tournament

Chooser = Callable[[str, HandView], Action]
"""A player id and their seat's view of the hand: the action they take."""


@dataclass(frozen=True, slots=True)
class Entry:
    player_id: str
    name: str
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class HandReport:
    """One hand of the simulation, told to ``after_hand``: where and when it was played,
    the stacks its players began it with, whether it was a hand-for-hand hand, and the
    tournament events its report caused."""

    table: int
    number: int
    at: float
    began_with: Mapping[str, int]
    hand_for_hand: bool
    events: tuple[TournamentEvent, ...]


@dataclass(slots=True)
class Run:
    """A simulation's tournament and tables, its clock, and every event so far (from
    ``TournamentCreated``: folded again, they rebuild the tournament)."""

    tournament: Tournament
    tables: TournamentTables[Table]
    now: float
    events: list[TournamentEvent] = field(default_factory=list)
    hands: int = 0

    def apply(self, command: object, rng: Random) -> list[TournamentEvent]:
        events = self.tournament.apply(command, self.now, rng)  # type: ignore[arg-type]
        self.tables.follow(self.tournament, events, self.now)
        self.events += events
        return events


def play_tournament(
    tournament: Tournament,
    entries: Sequence[Entry],
    choose: Chooser,
    rng: Random,
    *,
    start: float = 0.0,
    seconds_per_action: float = 4.0,
    seconds_between_hands: float = 5.0,
    away: Callable[[str], bool] = lambda _player: False,
    after_hand: Callable[[Run, HandReport], None] | None = None,
    most_hands: int = 20_000,
) -> Run:
    """Register ``entries`` and play the tournament to its end; the run, for reading."""
    run = Run(tournament, plain_tables(tournament.structure), start, [tournament.created])
    for entry in entries:
        # The simulation is its own director: it registers the bots too.
        by = None if entry.bot is None else tournament.director
        run.apply(Register(entry.player_id, entry.name, entry.bot, by=by), rng)
    last_dealt: dict[int, int] = {}
    while run.tournament.status is not Status.FINISHED:
        if run.hands >= most_hands:
            raise RuntimeError(f"the tournament is not over after {most_hands} hands")
        run.apply(Tick(), rng)
        if run.tournament.status is not Status.RUNNING:
            run.now = _next_start(run)
            continue
        number = _next_table(run, last_dealt)
        if number is None:
            run.now = _resume_time(run)
            continue
        run.hands += 1
        last_dealt[number] = run.hands
        run.apply(AskToDeal(number), rng)
        dealt = run.tournament.in_play[number]
        _play_hand(run, number, rng, choose=choose, away=away, seconds=seconds_per_action)
        events = run.apply(report(number, run.tables.tables[number]), rng)
        if after_hand is not None:
            told = HandReport(
                number, run.hands, run.now, dealt.stacks, dealt.hand_for_hand, tuple(events)
            )
            after_hand(run, told)
        run.now += seconds_between_hands
    return run


def _next_table(run: Run, last_dealt: dict[int, int]) -> int | None:
    """The table to deal next: of those the tournament lets deal, the one that dealt
    longest ago (a new table first)."""
    ready = [
        number for number in run.tournament.tables if run.tournament.can(AskToDeal(number), run.now)
    ]
    return min(ready, key=lambda number: (last_dealt.get(number, 0), number), default=None)


def _resume_time(run: Run) -> float:
    tournament = run.tournament
    if tournament.on_break is not None:
        return max(run.now, tournament.on_break.until)
    raise RuntimeError(f"no table can deal at {run.now:g} and nothing is due")


def _next_start(run: Run) -> float:
    starts_at = run.tournament.structure.starts_at
    if starts_at is None or run.now >= starts_at:
        raise RuntimeError("the tournament cannot start: too few entries")
    return starts_at


def _play_hand(
    run: Run,
    number: int,
    rng: Random,
    *,
    choose: Chooser,
    away: Callable[[str], bool],
    seconds: float,
) -> None:
    table = run.tables.tables[number]
    table.apply(DealHand(rng), run.now)
    while (hand := table.hand) is not None and (started := table.started) is not None:
        index = hand.to_act
        assert index is not None, "a hand in play has a player to act"
        seat = table.seats[started.seats[index]]
        if seat.sitting_out or away(seat.player_id):
            run.now, act = _clock_act(table, run.now, away)
        else:
            run.now += seconds
            action = choose(seat.player_id, view(hand, index))
            act = Act(seat.player_id, action.kind.value, action.amount)
        table.apply(act, run.now)


def _clock_act(table: Table, now: float, away: Callable[[str], bool]) -> tuple[float, Act]:
    """The table's clock acting for a player who is not there: when their time is up, and
    what it does."""
    present = [seat.player_id for seat in table.seats.values() if not away(seat.player_id)]
    when = max(now, table.deadline(present))
    act = table.tick(when, present)
    assert act is not None
    return when, act
