"""``pokernight eval``: one line per hand, one clear line and status 2 on bad input."""

from __future__ import annotations

import io

import pytest

from pokernight.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["eval", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_eval_prints_value_category_and_the_five_cards(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "Ah", "Kh", "Qh", "Jh", "Th", "2c", "3d")
    value, category, cards = out.rstrip("\n").split("\t")
    assert (status, category, cards) == (0, "straight flush", "Ah Kh Qh Jh Th")
    assert int(value) > 0


def test_better_hand_prints_a_higher_value(capsys: pytest.CaptureFixture[str]) -> None:
    _, pair, _ = run(capsys, "Ah", "Ad", "7c", "5s", "2d")
    _, two_pair, _ = run(capsys, "Ah", "Ad", "7c", "7s", "2d")
    assert int(two_pair.split("\t")[0]) > int(pair.split("\t")[0])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["Ah", "Xz"], "Xz is not a card"),
        (["Ah", "Ah"], "Ah appears twice"),
        (["2c", "3c", "4c", "5c", "6c", "7c", "8c", "9c"], "1 to 7 cards, not 8"),
        ([], "no cards given"),
        (["--wild", "Z", "Ah"], "Z is not a rank"),
        (["--omaha", "Ah Kh Qh", "2c", "3c", "4c"], "4 or 5 hole cards, not 3"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert err.count("\n") == 1 and message in err


def test_stdin_prints_one_line_per_hand_in_order(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("Ah Kd\n2c 3c 4c 5c 6c\nKc Kd Ks\n"))
    status, out, _ = run(capsys, "--stdin")
    categories = [line.split("\t")[1] for line in out.splitlines()]
    assert (status, categories) == (0, ["high card", "straight flush", "three of a kind"])


def test_stdin_stops_at_the_first_bad_line_and_names_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("Ah Kd\nAh Xz\nKc Kd\n"))
    status, out, err = run(capsys, "--stdin")
    assert (status, len(out.splitlines())) == (2, 1)
    assert "line 2: Xz is not a card" in err


def test_wild_ranks_make_five_of_a_kind(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--wild", "Q,7", "Qh", "7c", "Qd", "Ah", "Ad")
    assert out.split("\t")[1] == "five of a kind"


def test_low_prints_the_best_razz_low(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--low", "7h", "5d", "4c", "2s", "Ad", "Kd", "Kc")
    assert out.rstrip("\n").split("\t")[1:] == ["low", "7h 5d 4c 2s Ad"]


def test_omaha_uses_two_hole_cards_and_three_from_the_board(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "--omaha", "Ah Kh Qh Jh", "2h", "7c", "8d", "9s", "3c")
    assert out.split("\t")[1] == "high card"
