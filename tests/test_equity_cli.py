"""``pokernight equity`` prints each hand's win, tie and equity."""

from __future__ import annotations

import pytest

from pokernight.cli.main import main


def test_equity_command_prints_exact_shares_after_the_flop(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["equity", "AhKh", "QsQd", "--board", "2c7d9h"]) == 0
    out = capsys.readouterr().out
    assert "exact: every one of 990 deals" in out
    assert "28.28%" in out and "71.72%" in out


def test_equity_command_shows_the_monte_carlo_error_bound(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["equity", "--variant", "ftq", "AhKh2d", "QsJc9d", "--samples", "2000", "--seed", "3"]
    assert main(args) == 0
    assert "Monte Carlo: 2,000 deals, ±" in capsys.readouterr().out


def test_equity_command_refuses_a_bad_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "AhKh", "Xx"]) == 2
    assert "Xx is not a card" in capsys.readouterr().err


def test_hi_lo_equity_is_told_as_scoop_part_and_each_half(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Both lows are A-2-3-4-8 on this river; the kings take the high: a quartered pot.
    args = ["equity", "--variant", "o8", "Ac2cKsKd", "Ad2d9h9s", "--board", "3h4s8dKh7c"]
    assert main(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["hand", "scoop", "part", "high", "low", "equity"]
    assert out[1].split()[-5:] == ["0.00%", "100.00%", "100.00%", "50.00%", "75.00%"]
    assert out[2].split()[-5:] == ["0.00%", "100.00%", "0.00%", "50.00%", "25.00%"]
