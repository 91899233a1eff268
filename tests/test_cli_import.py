"""``pokernight import``: PHH files into a table's history, read back by export and stats,
on SQLite and PostgreSQL; bad input is one line and changes nothing."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from sqlalchemy import func, select

from pokernight.cli.main import main
from pokernight.cli.stored_table import IMPORTED
from pokernight.store import StoredEvent, TableStatus, open_store, schema
from tests.async_helpers import run
from tests.test_phh_import import random_session, replays

DATA = Path(__file__).parent / "data" / "phh"
FAMOUS = sorted(str(path) for path in (DATA / "famous").glob("*.phh"))
HANDHQ = str(DATA / "handhq" / "abs-1000NLH-10-handhq_1-first-hands.phhs")
WSOP = sorted(str(path) for path in (DATA / "wsop-2023-43").glob("*.phh"))
PLURIBUS_30 = sorted(str(path) for path in (DATA / "pluribus" / "30").glob("*.phh"))
SUMMARY = re.compile(r"imported (\d+) hands into table (\d{4}) \((\d+) left out\)")
TWO_HANDS_ONE_BAD = """
[1]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p2 f']
players = ['Ann', 'Bob']

[2]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'p1 f']
players = ['Ann', 'Bob']
"""


def imported(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """(hands imported, the table's code, what was said on stderr) of a successful import."""
    assert main(["import", *argv]) == 0
    captured = capsys.readouterr()
    found = SUMMARY.search(captured.out)
    assert found is not None, captured.out
    return int(found[1]), found[2], captured.err


def table_count(url: str) -> int:
    async def count() -> int:
        async with await open_store(url) as store, store.database.transaction() as connection:
            return int(
                (await connection.execute(select(func.count(schema.tables.c.id)))).scalar_one()
            )

    return run(count())


def test_import_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["import", "--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "usage: pokernight import" in out and "--code" in out and "--new" in out


@pytest.mark.parametrize(
    "data",
    # The draw games (issue 22) take famous' badugi hand and WSOP's seven 2-7 triple draw
    # and badugi hands: only 2-7 single draw (N2L1D) is left out for its game; famous'
    # short-deck hand is left out for its button blind, its triple-draw hand for its chips
    # (in cents, too many).
    [(FAMOUS, 3, 0), ([HANDHQ], 3, 0), (WSOP, 75, 7), (PLURIBUS_30, len(PLURIBUS_30), 0)],
    ids=["famous", "handhq", "wsop-2023-43", "pluribus-30"],
)
def test_the_datas_hands_are_imported_and_read_like_hands_played_here(
    store_url: str,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    data: tuple[list[str], int, int],
) -> None:
    """(files, hands imported, hands left out for a game we do not play)"""
    files, taken, left_out = data
    count, code, err = imported([*files, "--db", store_url], capsys)
    assert count == taken and err.count("left out: variant") == left_out
    if files == FAMOUS:
        assert "phua-xuan-2019.phh: left out: blinds_or_straddles [0, 0, 0, 0, 0, 3000]" in err
    assert "Traceback" not in err
    out = tmp_path / "imported.phhs"
    argv = ["export", code, "--db", store_url, "--format", "phh", "--out", str(out)]
    assert main(argv) == 0
    assert f"wrote {count} hands of table {code} (imported)" in capsys.readouterr().out
    assert main(["stats", code, "--db", store_url]) == 0
    assert f"Table {code} (imported): {count} hands" in capsys.readouterr().out
    assert main(["stats", code, "--db", store_url, "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert sum(row["net"] for row in rows) == 0


def test_the_unsupported_games_are_named_file_by_file(
    store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _count, code, err = imported([*FAMOUS, "--db", store_url], capsys)
    # Every game of famous is one we play now: what is left out is named, with why.
    short_deck = DATA / "famous" / "phua-xuan-2019.phh"
    assert f"{short_deck}: left out: blinds_or_straddles [0, 0, 0, 0, 0, 3000]" in err
    assert f"{DATA / 'famous' / 'arieh-yockey-2019.phh'}: left out: 2,219,500,000 chips" in err
    assert main(["stats", code, "--db", store_url, "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {"Phil Ivey", "Tom Dwan", "Patrik Antonius"} <= {row["name"] for row in rows}


def test_cents_in_one_file_make_every_hand_count_in_cents(
    store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """One chip for the whole import: the Antonius-Blom pot is written in cents, so the
    WSOP final table's stacks, a hundred times larger in chips, are more than a table
    holds; imported alone, they fit (the test above)."""
    count, _code, err = imported([*FAMOUS, *WSOP[:3], "--db", store_url], capsys)
    assert count == 3  # two hold'em hands and the badugi hand (issue 22)
    assert "chips in play (a chip is 1/100: the smallest amount in these hands)" in err


def stored_session(url: str, variant: str, seed: int) -> str:
    """A played random session in the database: the table's code."""

    async def save() -> str:
        async with await open_store(url) as store:
            record = await store.tables.create_table({}, random.Random(seed))
            events = random_session(variant, seed)
            stored = [StoredEvent.of(seq, event, 0.0) for seq, event in enumerate(events, 1)]
            await store.tables.append_events(record.id, stored)
            await store.tables.close_table(record.id)
            return record.code

    return run(save())


def hand_texts(path: Path) -> list[str]:
    """The hands of an exported ``.phhs`` file, without the table's hand numbers."""
    chunks = re.split(r"^\[\d+\]\n", path.read_text("utf-8"), flags=re.MULTILINE)
    return [chunk.strip() + "\n" for chunk in chunks if chunk.strip()]


@pytest.mark.parametrize(("variant", "seed"), [("nlhe", 2), ("stud", 3)])
def test_a_played_session_exported_and_imported_exports_the_same_hands(
    store_url: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str, seed: int
) -> None:
    played = stored_session(store_url, variant, seed)
    first, again = tmp_path / "played.phhs", tmp_path / "again.phhs"
    export = ["export", "--db", store_url, "--format", "phh", "--out"]
    assert main([export[0], played, *export[1:], str(first)]) == 0
    count, code, _err = imported([str(first), "--db", store_url, "--new"], capsys)
    assert main([export[0], code, *export[1:], str(again)]) == 0
    playable = [text for text in hand_texts(first) if replays(text)]
    assert count == len(playable)
    assert hand_texts(again) == playable


def test_hands_go_on_into_an_imported_table_with_its_players(
    store_url: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _count, code, _err = imported([HANDHQ, "--db", store_url], capsys)
    hands = tmp_path / "two.phhs"
    hands.write_text(TWO_HANDS_ONE_BAD.replace("Bob", "Rab"), encoding="utf-8")
    count, same, err = imported([str(hands), "--db", store_url, "--code", code], capsys)
    assert (count, same) == (1, code)
    assert f"{hands} [2]: left out: action 3 'p1 f': not your turn" in err
    assert main(["stats", code, "--db", store_url, "--json"]) == 0
    rows = {row["name"]: row for row in map(json.loads, capsys.readouterr().out.splitlines())}
    assert rows["Rab"]["hands"] == 1 and rows["Ann"]["hands"] == 1


def test_hands_that_are_all_refused_store_nothing(
    store_url: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.phhs"
    bad.write_text(TWO_HANDS_ONE_BAD.split("[2]")[1], encoding="utf-8")
    assert main(["import", str(bad), "--db", store_url]) == 1
    captured = capsys.readouterr()
    assert f"{bad}: left out: action 3 'p1 f': not your turn" in captured.err
    assert "imported no hand (1 left out): nothing was stored" in captured.out
    assert table_count(store_url) == 0


def test_a_table_played_here_takes_no_imported_hands(
    store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    played = stored_session(store_url, "nlhe", 2)
    assert main(["import", HANDHQ, "--db", store_url, "--code", played]) == 2
    err = capsys.readouterr().err
    assert f"table {played} was not imported" in err and err.count("\n") == 1
    assert table_count(store_url) == 1


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["nothere.phh"], "there is no file nothere.phh"),
        ([HANDHQ, "--db", "nosuch://room"], "'nosuch' databases are not supported"),
        ([HANDHQ, "--db", "postgresql://nobody@127.0.0.1:1/room"], "is unavailable"),
        ([HANDHQ, "--code", "12a4"], "'12a4' is not a table code"),
        ([HANDHQ, "--code", "1234", "--db", "/nonexistent/room.sqlite3"], "no database at"),
    ],
)
def test_bad_input_is_one_line_and_changes_nothing(
    argv: list[str], reason: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["import", *argv]) == 2
    err = capsys.readouterr().err
    assert reason in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_file_that_is_not_phh_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = tmp_path / "notes.phh"
    text.write_text("this is = not toml [", encoding="utf-8")
    database = tmp_path / "room.sqlite3"
    assert main(["import", str(text), "--db", str(database)]) == 2
    assert "not valid TOML" in capsys.readouterr().err
    assert not database.exists()


def test_imported_tables_keep_their_status(
    store_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _count, code, _err = imported([HANDHQ, "--db", store_url], capsys)

    async def status() -> str | None:
        async with await open_store(store_url) as store:
            record = await store.tables.latest_table_by_code(code)
            return None if record is None else record.status

    assert run(status()) == TableStatus.IMPORTED == IMPORTED
