"""``pokernight deal``: a final table's deal by ICM and by the chip chop, to the chip."""

from __future__ import annotations

import re

import pytest

from pokernight.cli.main import main


def _shares(out: str) -> dict[str, tuple[int, int]]:
    rows = re.findall(r"│ (\w+)\s+│\s+[\d,]+ │\s+[\d.]+% │\s+([\d,]+) │\s+([\d,]+) │", out)
    return {
        name: (int(icm.replace(",", "")), int(chop.replace(",", ""))) for name, icm, chop in rows
    }


def test_each_player_is_offered_their_icm_and_chip_chop_shares_of_the_prizes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["deal", "Alice=52000", "Bob=31000", "Cat=17000", "--prizes", "500,300,200"]) == 0
    shares = _shares(capsys.readouterr().out)
    assert set(shares) == {"Alice", "Bob", "Cat"}
    for column in (0, 1):
        assert sum(share[column] for share in shares.values()) == 1_000  # to the chip
    assert shares["Alice"][0] > shares["Bob"][0] > shares["Cat"][0] >= 200
    # The chip chop pays the bigger stack more than ICM does: ICM flattens.
    assert shares["Alice"][1] > shares["Alice"][0]


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["Alice=5", "--prizes", "1,2"], "first place first"),
        (["Alice", "--prizes", "3"], "is not NAME=CHIPS"),
        (["Alice=1", "Alice=2", "--prizes", "3"], "Alice is named twice"),
        (["Alice=1", "--prizes", "a lot"], "whole numbers"),
    ],
)
def test_a_bad_deal_is_one_line(
    argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["deal", *argv]) != 0
    error = capsys.readouterr().err
    assert reason in error and error.count("\n") == 1
