"""``pokernight bench tournament``: a whole tournament played to a winner, and its numbers."""

from __future__ import annotations

import pytest

from pokernight.bench.tournament import play_once
from pokernight.cli.main import main


@pytest.mark.parametrize("play", ["random", "bots"])
def test_a_tournament_is_played_to_a_winner_and_timed(play: str) -> None:
    played = play_once(18, seed=3, play=play)
    assert played.hands > 0 and played.wall > 0 and played.cpu > 0
    assert played.hands_per_second == played.hands / played.wall
    # Two tables, then the final one; each table's time is within the tournament's.
    assert played.tables == 3 and played.level >= 1
    assert 0 < played.table_seconds <= 3 * played.seconds
    assert played.hands_per_elimination == played.hands / 17


def test_the_command_prints_the_hands_and_the_speed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["bench", "tournament", "--players", "12", "--rounds", "1", "--play", "random"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "hands/s" in out and "random" in out and "12" in out
    assert "level" in out and "elimination" in out and " min" in out


def test_too_few_players_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "tournament", "--players", "1"]) != 0
    assert "--players must be at least 2" in capsys.readouterr().err
