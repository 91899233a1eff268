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
