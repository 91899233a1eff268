"""Playing a whole tournament in one process, with an injected clock: bots, tests, benches.

``play_tournament`` registers the entrants, then plays the tournament's tables
(``TournamentTables``) until it is over, every action decided by ``choose`` (a seat's
``HandView`` in, a legal ``Action`` out: a bot's ``decide``). Nothing waits: time is a
number, so a tournament of hours plays in seconds, levels and breaks included.

The tables play at the same time, as they do in a room: each has its own hand and its
own pace (an action takes ``seconds_per_action``; a table deals again
``seconds_between_hands`` after its hand ended), and the simulation steps through the
tables' actions in the order of their times, one action at a time, so a table deals
and reports while others are mid-hand. A table that is free deals as soon as the
tournament lets it (the one that dealt longest ago first); a hand is reported when its
last action is taken. The tournament's clock (levels, breaks) is that simulated time.
The director copes with tables in a hand as the server's does: balancing and broken
tables seat players at tables in a hand (dealt in from the next one), and the final
table, hand-for-hand rounds and the chip race wait for the hands in play.

A player ``away`` (no page open) is acted for by the table's clock after the action
clock; one sitting out, at once.
"""

from __future__ import annotations

from collections import Counter
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
Away = Callable[[str], bool]


@dataclass(frozen=True, slots=True)
class Entry:
    player_id: str
    name: str
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class HandReport:
    """One hand of the simulation, told to ``after_hand``: where it was played, its
    number (in the order hands were dealt), when it began and when it was reported, the
    stacks its players began it with, whether it was a hand-for-hand hand, and the
    tournament events its report caused."""

    table: int
    number: int
    began: float
    at: float
    began_with: Mapping[str, int]
    hand_for_hand: bool
    events: tuple[TournamentEvent, ...]


@dataclass(slots=True)
class Run:
    """A simulation's tournament and tables, its clock, and every event so far (from
    ``TournamentCreated``: folded again, they rebuild the tournament); ``dealt``: the
    hands each table dealt."""

    tournament: Tournament
    tables: TournamentTables[Table]
    now: float
    events: list[TournamentEvent] = field(default_factory=list)
    hands: int = 0
    dealt: Counter[int] = field(default_factory=Counter)

    def apply(self, command: object, rng: Random) -> list[TournamentEvent]:
        events = self.tournament.apply(command, self.now, rng)  # type: ignore[arg-type]
        self.tables.follow(self.tournament, events, self.now)
        self.events += events
        return events


@dataclass(slots=True)
class _InPlay:
    """A table's hand in play: its number, when it began, and when its next action is
    taken (``by_clock``: by the table's clock, for a player sitting out or away)."""

    number: int
    began: float
    acts_at: float = 0.0
    by_clock: bool = False


@dataclass(slots=True)
class _Schedule:
    """Every table's place in simulated time: the hands in play, when each table may deal
    again after its last hand (its pause), and the number of the hand each dealt last."""

    in_play: dict[int, _InPlay] = field(default_factory=dict)
    free_at: dict[int, float] = field(default_factory=dict)
    last_dealt: dict[int, int] = field(default_factory=dict)

    def next_action(self) -> tuple[float, int] | None:
        return min(((hand.acts_at, table) for table, hand in self.in_play.items()), default=None)

    def wake(self, run: Run) -> float | None:
        """The next time something may let a waiting table deal: a table free again, or
        the end of a break."""
        times = [
            at
            for table, at in self.free_at.items()
            if at > run.now and table not in self.in_play and table in run.tournament.tables
        ]
        on_break = run.tournament.on_break
        if on_break is not None and on_break.until > run.now:
            times.append(on_break.until)
        return min(times, default=None)


def play_tournament(
    tournament: Tournament,
    entries: Sequence[Entry],
    choose: Chooser,
    rng: Random,
    *,
    start: float = 0.0,
    seconds_per_action: float = 4.0,
    seconds_between_hands: float = 5.0,
    away: Away = lambda _player: False,
    after_hand: Callable[[Run, HandReport], None] | None = None,
    most_hands: int = 20_000,
) -> Run:
    """Register ``entries`` and play the tournament to its end; the run, for reading."""
    run = Run(tournament, plain_tables(tournament.structure), start, [tournament.created])
    for entry in entries:
        # The simulation is its own director: it registers the bots too.
        by = None if entry.bot is None else tournament.director
        run.apply(Register(entry.player_id, entry.name, entry.bot, by=by), rng)
    schedule = _Schedule()

    def advance(number: int) -> bool:
        """Table ``number``'s hand after its last command: the time of its next action,
        or, over, its report (True)."""
        table = run.tables.tables[number]
        hand = schedule.in_play[number]
        if table.hand is not None:
            hand.acts_at, hand.by_clock = _when_to_act(table, run.now, away, seconds_per_action)
            return False
        del schedule.in_play[number]
        dealt = run.tournament.in_play[number]
        events = run.apply(report(number, table), rng)
        schedule.free_at[number] = run.now + seconds_between_hands
        if after_hand is not None:
            told = HandReport(
                number,
                hand.number,
                hand.began,
                run.now,
                dealt.stacks,
                dealt.hand_for_hand,
                tuple(events),
            )
            after_hand(run, told)
        return True

    settle = True  # the tournament may have changed: tables may deal
    while True:
        if settle:
            run.apply(Tick(), rng)
            if run.tournament.status is Status.REGISTERING:
                run.now = _next_start(run)
                continue
            for number in _free_tables(run, schedule):
                if not run.tournament.can(AskToDeal(number), run.now):
                    continue
                if run.hands >= most_hands:
                    raise RuntimeError(f"the tournament is not over after {most_hands} hands")
                _deal(run, schedule, number, rng)
                advance(number)
        if run.tournament.status is Status.FINISHED:
            return run
        due, wake = schedule.next_action(), schedule.wake(run)
        if due is not None and (wake is None or due[0] < wake):
            run.now, number = due
            _act(run, schedule.in_play[number], number, choose, away)
            settle = advance(number)
        elif wake is not None:
            run.now, settle = wake, True
        else:
            raise RuntimeError(f"no table can deal at {run.now:g} and nothing is due")


def _free_tables(run: Run, schedule: _Schedule) -> list[int]:
    """The tables not in a hand whose pause after their last one is over, the one that
    dealt longest ago (a new table) first."""
    free = [
        number
        for number in run.tournament.tables
        if number not in schedule.in_play and schedule.free_at.get(number, run.now) <= run.now
    ]
    return sorted(free, key=lambda number: (schedule.last_dealt.get(number, 0), number))


def _deal(run: Run, schedule: _Schedule, number: int, rng: Random) -> None:
    run.hands += 1
    run.dealt[number] += 1
    schedule.last_dealt[number] = run.hands
    schedule.in_play[number] = _InPlay(run.hands, run.now)
    run.apply(AskToDeal(number), rng)
    run.tables.tables[number].apply(DealHand(rng), run.now)


def _when_to_act(table: Table, now: float, away: Away, seconds: float) -> tuple[float, bool]:
    """When the player to act at ``table`` acts, and whether the table's clock acts for
    them (sitting out or away: when their time is up)."""
    seat = table.seat_to_act()
    if seat.sitting_out or away(seat.player_id):
        return max(now, table.deadline(_present(table, away))), True
    return now + seconds, False


def _act(run: Run, hand: _InPlay, number: int, choose: Chooser, away: Away) -> None:
    table = run.tables.tables[number]
    if hand.by_clock:
        act = table.tick(run.now, _present(table, away))
        assert act is not None, "the clock acts at the deadline"
    else:
        playing, started = table.hand, table.started
        assert playing is not None and started is not None and playing.to_act is not None
        seat = table.seats[started.seats[playing.to_act]]
        action = choose(seat.player_id, view(playing, playing.to_act))
        act = Act(seat.player_id, action.kind.value, action.amount)
    table.apply(act, run.now)


def _present(table: Table, away: Away) -> list[str]:
    return [seat.player_id for seat in table.seats.values() if not away(seat.player_id)]


def _next_start(run: Run) -> float:
    starts_at = run.tournament.structure.starts_at
    if starts_at is None or run.now >= starts_at:
        raise RuntimeError("the tournament cannot start: too few entries")
    return starts_at
