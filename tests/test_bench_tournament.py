"""``pokernight bench tournament``: a whole tournament played to a winner, and its numbers."""

from __future__ import annotations

import pytest

from pokernight.bench.tournament import (
    REAL_FINAL_TABLE_HOURS,
    SEATS,
    play_once,
    real_final_table_hours,
)
from pokernight.cli.main import main

HOUR = 3_600.0


@pytest.mark.parametrize("play", ["random", "bots"])
def test_a_tournament_is_played_to_a_winner_and_timed(play: str) -> None:
    played = play_once(18, seed=3, play=play)
    assert played.hands > 0 and played.wall > 0 and played.cpu > 0
    assert played.hands_per_second == played.hands / played.wall
    # Two tables, then the final one; each table's time is within the tournament's.
    assert played.tables == 3 and played.level >= 1
    assert 0 < played.table_seconds <= 3 * played.seconds
    assert played.hands_per_elimination == played.hands / 17
    # Nine of the eighteen left: the final table, reached inside the tournament.
    assert 0 < played.final_table_seconds < played.seconds
    assert 0 < played.final_table_hands < played.hands
    assert played.hands_per_elimination_to_final_table == played.final_table_hands / 9


def test_a_hundred_bots_reach_the_final_table_when_a_real_field_does() -> None:
    """Issue 39: a 100-player bot tournament at the normal structure lasts as a real one.
    A real online field of 100 reached its final table after 2.6 h (Full Tilt's 10-minute
    levels); a real tournament of the structure lasts 4 to 5 hours; and before its final
    table a real field plays 7.7 to 10.7 hands per elimination at this pace (57 an hour), the tables
    falling as fast as the exit curve allows and as slowly (docs/performance.md). One
    seeded draw (eight seeds: 2 h 22 min to 2 h 49 min, 3 h 44 min to 4 h 14 min)."""
    played = play_once(100, seed=0)
    real = REAL_FINAL_TABLE_HOURS[100] * HOUR
    assert 0.8 * real <= played.final_table_seconds <= 1.2 * real
    assert 3.5 * HOUR <= played.seconds <= 5 * HOUR
    assert 7.7 <= played.hands_per_elimination_to_final_table <= 10.7
    assert played.players - SEATS == 91


def test_a_real_fields_hours_are_read_between_its_sizes() -> None:
    assert real_final_table_hours(100) == 2.6
    assert real_final_table_hours(150) == pytest.approx(2.95)
    assert real_final_table_hours(20) is None and real_final_table_hours(701) is None


def test_the_command_prints_the_hands_and_the_speed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "tournament", "--players", "12", "--rounds", "1", "--play", "random"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "hands/s" in out and "random" in out and "12" in out
    assert "level" in out and "elimination" in out and " min" in out


def test_several_seeds_give_each_figures_mean_and_range(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "tournament", "--players", "12", "--rounds", "1", "--seeds", "2"]
    assert main([*args, "--play", "random", "--seconds-per-action", "8"]) == 0
    out = capsys.readouterr().out
    assert "mean" in out and "least" in out and "most" in out and "final table after" in out


def test_too_few_players_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "tournament", "--players", "1"]) != 0
    assert "--players must be at least 2" in capsys.readouterr().err
    assert main(["bench", "tournament", "--seeds", "0"]) != 0
    assert "--seeds positive" in capsys.readouterr().err
