"""``pokernight stats``: a table's player statistics from the database, as a table or JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pokernight.cli.main import main
from pokernight.history.stats import TableStats
from pokernight.history.table_export import played_hands
from tests.test_cli_export import HANDS, play_table, stored_table


def test_json_gives_one_object_per_player_with_the_numbers_of_the_played_hands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, code = stored_table(tmp_path, "nlhe")
    assert main(["stats", code, "--db", db, "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row["name"] for row in rows] == ["Ann", "Bob", "Cat"]
    assert all(row["hands"] == HANDS and row["pfr_percent"] == 0.0 for row in rows)
    assert sum(row["net"] for row in rows) == 0
    expected = TableStats()
    for played in played_hands(play_table("nlhe")):
        expected.add(played)
    assert rows == [row.to_dict() for row in expected.rows()]


def test_the_table_names_every_player_and_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, code = stored_table(tmp_path, "stud")
    assert main(["stats", code, "--db", db]) == 0
    out = capsys.readouterr().out
    assert f"Table {code}: {HANDS} hands" in out
    for text in ("Ann", "Bob", "Cat", "VPIP", "PFR", "AF", "WTSD", "Net"):
        assert text in out


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["stats", "12a4"], "'12a4' is not a table code"),
        (["stats", "1234", "--db", "/nonexistent/room.sqlite3"], "there is no database at"),
    ],
)
def test_bad_input_gets_one_line(
    argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) != 0
    err = capsys.readouterr().err
    assert reason in err and "Traceback" not in err and err.strip().count("\n") == 0
