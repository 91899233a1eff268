"""``pokernight replay``: one JSON line per hand, ``--check`` against the logs."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from pokernight.cli.main import main

DATA = Path(__file__).parent / "data" / "phh"
NT_HAND = DATA / "wsop-2023-43" / "00-02-07.phh"
HANDHQ = DATA / "handhq" / "abs-1000NLH-10-handhq_1-first-hands.phhs"


def run_replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[Any], str]:
    status = main(["replay", *args])
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.splitlines()]
    return status, lines, captured.err


def test_prints_one_json_line_per_hand_with_its_finishing_stacks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, lines, _ = run_replay(capsys, str(NT_HAND))
    assert status == 0
    assert lines == [
        {
            "file": str(NT_HAND),
            "index": 0,
            "finishing_stacks": [7340000, 3775000, 5110000, 8935000, 4545000],
        }
    ]


def test_every_hand_of_a_phhs_file_gets_its_index(capsys: pytest.CaptureFixture[str]) -> None:
    _, lines, _ = run_replay(capsys, str(HANDHQ))
    assert [line["index"] for line in lines] == [0, 1, 2]


def test_cent_amounts_are_printed_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", str(HANDHQ)])
    first = capsys.readouterr().out.splitlines()[0]
    assert status == 0
    assert '"finishing_stacks": [2059.90, 1975.00, 1198.50, 1708.00, 1997.50, 1512.50]' in first


def test_an_unsupported_hand_gets_an_error_and_the_others_still_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    unsupported = DATA / "wsop-2023-43" / "01-53-52.phh"  # 2-7 single draw: not a game here
    status, lines, _ = run_replay(capsys, str(unsupported), str(NT_HAND))
    assert status == 1
    assert lines[0] == {
        "file": str(unsupported),
        "index": 0,
        "error": "variant N2L1D is not supported",
    }
    assert "finishing_stacks" in lines[1]


def test_check_passes_when_every_hand_matches_its_log(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run_replay(capsys, "--check", str(NT_HAND))
    assert status == 0
    assert err == ""


def test_check_fails_and_says_which_hand_differs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    wrong = tmp_path / "wrong.phh"
    text = NT_HAND.read_text()
    wrong.write_text(text.replace("finishing_stacks = [7340000", "finishing_stacks = [7340001"))
    status, lines, err = run_replay(capsys, "--check", str(wrong))
    assert status == 1
    assert lines[0]["finishing_stacks"][0] == 7340000
    assert f"{wrong} hand 0: finishing stacks [7340000," in err
    assert "the file says [7340001," in err


def test_without_check_a_difference_is_not_a_failure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    wrong = tmp_path / "wrong.phh"
    wrong.write_text(NT_HAND.read_text().replace("[7340000", "[7340001"))
    status, _, err = run_replay(capsys, str(wrong))
    assert status == 0
    assert err == ""


def test_a_directory_is_searched_for_phh_files(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "nested").mkdir()
    shutil.copy(NT_HAND, tmp_path / "nested" / "a.phh")
    shutil.copy(HANDHQ, tmp_path / "b.phhs")
    (tmp_path / "notes.txt").write_text("not a hand")
    _, lines, _ = run_replay(capsys, str(tmp_path))
    assert [Path(line["file"]).name for line in lines] == ["b.phhs"] * 3 + ["a.phh"]


def test_a_file_that_is_not_phh_gets_an_error_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = \n")
    status, lines, _ = run_replay(capsys, str(broken))
    assert status == 1
    assert lines[0]["error"].startswith("not valid TOML")


def test_a_missing_file_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", "/nonexistent/hand.phh"])
    assert status == 2
    assert "no such file or directory" in capsys.readouterr().err


def test_help_describes_the_output(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["replay", "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "--check" in out
    assert "one JSON line per hand" in out
