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


def test_draw_equity_is_monte_carlo_with_every_hand_drawing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 7-5-4-3-2 is 2-7's nuts: it stands pat and no draw beats it.
    args = ["equity", "--variant", "27td", "7h5d4c3s2d", "KhKd8c4s3h", "--samples", "500"]
    assert main([*args, "--seed", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split()[-3:] == ["100.00%", "0.00%", "100.00%"]
    assert out[-1] == "each hand draws soundly at each of 3 draw(s) left"
    assert main(["equity", "--variant", "badugi", "Ah2d3c", "Ks8h7d6c"]) == 2
    assert "Badugi: each hand is 4 cards" in capsys.readouterr().err


def test_standard_draws_keep_what_a_player_would() -> None:
    from pokernight.cards import parse_cards
    from pokernight.equity.draws import easy_discards, standard_discards

    def throw(cards: str, showdown: str) -> str:
        return " ".join(map(str, standard_discards(parse_cards(cards), showdown)))

    assert throw("AhAd7c5s2d", "high") == "7c 5s 2d"  # keep the pair
    assert throw("AhKh7h5h2d", "high") == "2d"  # four to a flush
    assert throw("9h8d7c6s2d", "high") == "2d"  # four in a row
    assert throw("KhKd7c7s7d", "high") == ""  # a full house stands pat
    assert throw("7h5d4c3s2d", "deuce7") == ""  # the nuts stands pat
    assert throw("Kh8d4c3s2d", "deuce7") == "Kh"  # a nine or lower kept
    assert throw("4h4d4c3s2d", "deuce7") == "4d 4c"  # pairs broken
    assert throw("Ah2d3c4s", "badugi") == ""  # a badugi stands pat
    assert throw("Ah2h3c4s", "badugi") == "2h"  # the suited card goes
    easy = easy_discards(parse_cards("Kh8d4c3s2d"), "deuce7")
    assert " ".join(map(str, easy)) == "Kh"  # even a beginner throws a king...
    assert easy_discards(parse_cards("Th8d4c3s2d"), "deuce7") == ()  # ...but keeps a ten
