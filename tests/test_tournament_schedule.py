"""The simulation's tables play at the same time in simulated time, as a room's do.

A 27-player sit-and-go (three tables of nine) played to a winner by the bench's cheap
random policy: each table deals one hand at a time and waits its pause before the
next; hands at different tables overlap; a table deals only when balanced (no table two
players shorter, TDA 10), though others are mid-hand; the levels begin and the breaks end
when the simulated clock says and no hand is dealt during a break; every chip is counted
at every report.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable
from itertools import pairwise

from pokernight.bench.tournament import random_choose
from pokernight.tournament import Status, Tournament, from_template
from pokernight.tournament.events import (
    BreakStarted,
    ChipsColouredUp,
    HandStarted,
    LevelStarted,
    Started,
    TournamentEvent,
)
from pokernight.tournament.fold import evolve
from pokernight.tournament.simulation import Entry, HandReport, Run, play_tournament
from pokernight.tournament.structure import Structure

STRUCTURE = from_template("normal", entries=27, seats=9)
PAUSE = 5.0


def test_the_tables_play_at_once_and_the_clock_runs_the_levels() -> None:
    hands: dict[int, list[tuple[float, float]]] = defaultdict(list)
    raced = 0

    def after_hand(run: Run, report: HandReport) -> None:
        nonlocal raced
        hands[report.table].append((report.began, report.at))
        tournament = run.tournament
        assert tournament.chips_in_tournament() == tournament.chips_expected()
        raced += sum(isinstance(event, ChipsColouredUp) for event in report.events)
        if not raced:
            assert tournament.chips_expected() == 27 * STRUCTURE.starting_stack
        for number, table in run.tables.tables.items():  # none once it is over
            if number in tournament.in_play:
                continue  # its chips are in a pot
            seated = tournament.tables[number]
            assert table.hand is None
            for seat, player in seated.items():
                assert table.seats[seat].stack == tournament.players[player].stack

    entries = [Entry(f"p{index}", f"Player {index}", "easy") for index in range(27)]
    run = play_tournament(
        Tournament.create(STRUCTURE, "director"),
        entries,
        random_choose(7),
        random.Random(7),
        seconds_between_hands=PAUSE,
        after_hand=after_hand,
    )
    assert run.tournament.status is Status.FINISHED
    assert sum(len(played) for played in hands.values()) == run.hands

    # One hand at a time at each table, the pause between them.
    for played in hands.values():
        for (_, ended), (began, _) in pairwise(played):
            assert began >= ended + PAUSE
    # Hands at different tables overlap in time.
    spans = [(began, ended, table) for table, played in hands.items() for began, ended in played]
    assert any(
        began < other_end and other_began < ended and table != other
        for began, ended, table in spans
        for other_began, other_end, other in spans
    )

    levels = [event for event in run.events if isinstance(event, LevelStarted)]
    breaks = [event for event in run.events if isinstance(event, BreakStarted)]
    assert len(levels) > 6 and breaks, "the tournament lasts through levels and a break"
    start = next(event.at for event in run.events if isinstance(event, Started))
    assert [level.at for level in levels] == level_starts(STRUCTURE, start, len(levels))
    dealt = [event.at for event in run.events if isinstance(event, HandStarted)]
    assert not [at for at in dealt for pause in breaks if pause.at <= at < pause.until]
    assert level_of_each(run.events) == [sum(level.at <= at for level in levels) for at in dealt], (
        "each hand is dealt at the level the clock is at"
    )
    assert_balanced_when_dealing(run.events)


def assert_balanced_when_dealing(events: list[TournamentEvent]) -> None:
    """Folding the log again: when a table deals, no table is two players shorter than it,
    and some tables deal while another is in a hand."""
    tournament = Tournament.from_events(events[:1])
    alongside = 0
    for event in events[1:]:
        if isinstance(event, HandStarted):
            sizes = [len(seated) for seated in tournament.tables.values()]
            assert len(tournament.tables[event.table]) <= min(sizes) + 1, f"{sizes}"
            alongside += bool(tournament.in_play)
        evolve(tournament, event)
    assert alongside


def level_starts(structure: Structure, start: float, count: int) -> list[float]:
    """When levels 1 to ``count`` begin by the structure: each level's minutes, and the
    breaks after them."""
    starts, at = [], start
    for level in range(1, count + 1):
        starts.append(at)
        at += structure.minutes_of(level) * 60
        pause = structure.break_after(level)
        if pause is not None:
            at += pause.minutes * 60
    return starts


def level_of_each(events: Iterable[TournamentEvent]) -> list[int]:
    """The level in force when each hand was dealt, as the log tells it."""
    level, seen = 0, []
    for event in events:
        if isinstance(event, LevelStarted):
            level = event.level
        elif isinstance(event, HandStarted):
            seen.append(level)
    return seen
