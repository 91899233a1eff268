"""``pokernight import`` of PokerNow's full game log (issue 36, decision 65): a 120-hand
night imports whole, every hand ending with the stacks the log's next hand starts with;
its PHH export replays; bad hands are named and the rest imported; a log imported twice
adds nothing."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from pokernight.cli.main import main
from pokernight.history.pokernow import log_hands, next_stacks, read_log
from pokernight.history.table_export import played_hands
from pokernight.store import open_store
from pokernight.table import table_event_from_dict
from tests.async_helpers import run
from tests.test_cli_import import SUMMARY, table_count

DATA = Path(__file__).parent / "data" / "pokernow"
SESSION = DATA / "session.csv"
ADDING = re.compile(r'^"(?P<name>.+?) @ [^"]+" adding (?P<amount>\d+) chips$')


def _import(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    assert main(["import", *argv]) == 0
    captured = capsys.readouterr()
    found = SUMMARY.search(captured.out)
    assert found is not None, captured.out + captured.err
    return int(found[1]), found[2], captured.err


def _table_hands(url: str, code: str) -> list:  # type: ignore[type-arg]
    async def read() -> list:  # type: ignore[type-arg]
        async with await open_store(url) as store:
            record = await store.tables.latest_table_by_code(code)
            assert record is not None
            stored = await store.tables.load_events(record.id)
        return list(played_hands(table_event_from_dict(item.data) for item in stored))

    return run(read())


def _added_between(text: str) -> list[dict[str, int]]:
    """The chips each player added before each hand (the log's lines between hands)."""
    added: list[dict[str, int]] = [{}]
    for line in read_log(text):
        if line.entry.startswith("-- starting hand"):
            added.append({})
        found = ADDING.match(line.entry)
        if found is not None:
            added[-1][found["name"]] = added[-1].get(found["name"], 0) + int(found["amount"])
    return added[1:]


def test_a_pokernow_night_imports_whole_to_the_log_s_stacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = str(tmp_path / "room.sqlite3")
    count, code, err = _import([str(SESSION), "--db", url], capsys)
    text = SESSION.read_text(encoding="utf-8")
    log = log_hands(read_log(text))
    assert count == len(log) == 120 and not err
    games = {hand.game for hand in log}
    assert {"No Limit Texas Hold'em", "Pot Limit Omaha Hi"} <= games
    assert "(second run)" in text and "posts a straddle" in text and "and go all in" in text
    assert "joined the game" in text and "quits the game" in text
    hands = _table_hands(url, code)
    assert len(hands) == 120
    starts, added = next_stacks(log), _added_between(text)
    checked = matched = 0
    for number, played in enumerate(hands[:-1]):
        final = dict(zip(played.names, played.hand.final_stacks, strict=True))
        following = starts[number + 1]
        for name, stack in final.items():
            if name in following:
                expected = following[name] - added[number].get(name, 0)
                assert Decimal(stack) == expected, (number + 1, name)
                matched += 1
        checked += 1
    assert checked == 119 and matched > 500


def test_the_imported_night_exports_to_phh_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = str(tmp_path / "room.sqlite3")
    _, code, _ = _import([str(SESSION), "--db", url], capsys)
    exported = tmp_path / "night.phhs"
    argv = ["export", code, "--format", "phh", "--db", url, "--out", str(exported)]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(["replay", str(exported)]) == 0  # every hand ends with its recorded stacks
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 120


def test_importing_the_same_log_twice_adds_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = str(tmp_path / "room.sqlite3")
    _import([str(SESSION), "--db", url], capsys)
    tables = table_count(url)
    assert main(["import", str(SESSION), "--db", url]) == 0
    out = capsys.readouterr().out
    assert "120 hands were imported before" in out and "nothing new to import" in out
    assert table_count(url) == tables


def test_bad_hands_are_named_and_the_rest_imported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = str(tmp_path / "room.sqlite3")
    count, _, err = _import([str(DATA / "bad_hands.csv"), "--db", url], capsys)
    assert count == 2
    assert "hand #2: left out: the chips do not add up: 30 put in the pot, 50 collected" in err
    assert "hand #3: left out: the game 'Pot Limit Seven Card Stud'" in err


def test_a_file_of_no_known_format_is_named_as_such(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "scores.csv"
    other.write_text("when,who,points\n2026-01-01,Al,3\n", encoding="utf-8")
    assert main(["import", str(other), "--db", str(tmp_path / "room.sqlite3")]) == 2
    assert "none of the formats pokernight imports" in capsys.readouterr().err
