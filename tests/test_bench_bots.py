"""``pokernight bench bots``: every game played by bots, its speed and each decision timed."""

from __future__ import annotations

import re

import pytest

from pokernight.cli.main import main
from pokernight.rules import VARIANTS


def test_every_game_is_played_and_each_decision_timed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "bots", "--hands", "2", "--players", "3", "--level", "easy"]) == 0
    out = capsys.readouterr().out
    for game in VARIANTS:
        row = re.search(
            rf"^│ +{re.escape(game)} │ +2 │.*│ +([\d.]+) │ +([\d.]+) │ +([\d.]+) │$", out, re.M
        )
        assert row is not None, f"no row for {game}"
        median, p99, worst = (float(value) for value in row.groups())
        # Each shown to a hundredth of a millisecond: a quick decision's median may be 0.00.
        assert 0 <= median <= p99 <= worst and worst > 0
    assert re.search(r"slowest game: \w+, [\d.]+ s for 2 hands", out)
    assert "highest p99 of a decision" in out


def test_an_unknown_game_is_refused_before_anything_is_played(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bench", "bots", "--games", "nlhe,whist"]) != 0
    assert "whist" in capsys.readouterr().err
