"""``pokernight bench eval``: every evaluator timed on the same hands, the low ones too."""

from __future__ import annotations

import random

import pokerkit
import pytest

from pokernight.bench.eval import best_time
from pokernight.bench.lowball import GAMES, low_rows
from pokernight.cli.main import main


def test_every_low_game_is_timed_against_pokerkit() -> None:
    rows = low_rows(pokerkit, 200, random.Random(1), lambda run: best_time(run, rounds=1))
    assert [row.game for row in rows] == [game.name for game in GAMES]
    assert all(row.ours_per_second > 0 for row in rows)
    assert all(row.pokerkit_per_second is not None and row.pokerkit_per_second > 0 for row in rows)


def test_without_pokerkit_the_low_games_are_timed_alone() -> None:
    rows = low_rows(None, 50, random.Random(1), lambda run: best_time(run, rounds=1))
    assert all(row.pokerkit_per_second is None for row in rows)


def test_the_command_prints_both_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "eval", "--hands", "200", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    assert "Seven-card hands, seed 1" in out and "Low and short-deck hands, seed 1" in out
    assert "badugi" in out and "eight or better" in out and "pokerkit" in out
