"""A club moving in (issue 36, item 4; decision 65): ``pokernight import`` of a ledger
opens the club's season with its balances, shown as imported; the same ledger twice adds
nothing; a night that does not sum to zero is refused, named, and nothing is stored; a
name matched to a member once is used by the next import; a night whose ledger and log
are both imported counts its money once (the ledger's)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from sqlalchemy import func, select

from pokernight.cli.main import main
from pokernight.history.season import ClubNight, Season, season, season_csv
from pokernight.server.club.nights import Nights
from pokernight.store import open_store, schema
from tests.async_helpers import run

DATA = Path(__file__).parent / "data" / "pokernow"
LEDGER = DATA / "session_ledger.csv"
SESSION = DATA / "session.csv"


def _nets(path: Path = LEDGER) -> dict[str, int]:
    rows = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8")))
    return {row["player_nickname"]: int(row["net"]) for row in rows}


def _import(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code = main(["import", *argv])
    captured = capsys.readouterr()
    assert code == 0, captured.out + captured.err
    return captured.out


async def _club_season(url: str) -> tuple[Season, str]:
    async with await open_store(url) as store:
        club = await store.club.default_club()
        nights = Nights(store)
        tables = await nights.of_club(club.id)
        ledgers = await nights.ledgers_of_club(club.id)
        everything: list[ClubNight] = [
            *tables,
            *await nights.tournaments_of_club(club.id),
            *ledgers,
        ]
        return season(everything), season_csv(everything, [])


def _season(url: str) -> Season:
    return run(_club_season(url))[0]


def _count(url: str, table: str) -> int:
    async def count() -> int:
        async with await open_store(url) as store, store.database.transaction() as connection:
            found = await connection.execute(
                select(func.count()).select_from(schema.metadata.tables[table])
            )
            return int(found.scalar_one())

    return run(count())


def _add_member(url: str, name: str) -> int:
    async def add() -> int:
        async with await open_store(url) as store:
            club = await store.club.default_club()
            return (await store.club.add_member(club.id, name)).id

    return run(add())


def test_a_ledger_opens_the_season_with_its_balances(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = str(tmp_path / "room.sqlite3")
    out = _import([str(LEDGER), "--db", url], capsys)
    assert "the night of 2026-03-14 (10 players) is in the club's season, shown as imported" in out
    assert "not matched to a member (guests): Alice, Bob, Carol" in out
    result, text = run(_club_season(url))
    balances = {standing.person.name: standing.balance for standing in result.standings}
    assert balances == _nets()
    for standing in result.standings:
        assert standing.person.imported and standing.imported == standing.balance
        assert standing.nights == 1 and standing.hands == 0
    assert sum(transfer.amount for transfer in result.transfers) > 0
    assert "2026-03-14,imported,L1,Erin,,64710" in text


def test_importing_the_same_ledger_twice_adds_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = str(tmp_path / "room.sqlite3")
    _import([str(LEDGER), "--db", url], capsys)
    before = _season(url).balances()
    out = _import([str(LEDGER), "--db", url], capsys)
    assert "was imported before: nothing new was stored" in out
    # The same night in another file (a plain name,net with its date): not again either.
    again = tmp_path / "plain.csv"
    lines = [f"{name},{net},2026-03-14" for name, net in _nets().items()]
    again.write_text("name,net,date\n" + "\n".join(lines) + "\n", encoding="utf-8")
    out = _import([str(again), "--db", url], capsys)
    assert "the night of 2026-03-14 was imported before" in out
    assert _count(url, "ledger_nights") == 1
    assert _season(url).balances() == before


def test_a_ledger_night_that_does_not_sum_to_zero_is_refused_and_nothing_stored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = str(tmp_path / "room.sqlite3")
    good = tmp_path / "good.csv"
    good.write_text("name,net,date\nAl,5,2026-01-02\nBo,-5,2026-01-02\n", encoding="utf-8")
    _import([str(good), "--db", url], capsys)
    bad = tmp_path / "bad.csv"
    bad.write_text(
        "name,net,date\nAl,10,2026-01-09\nBo,-10,2026-01-09\nAl,7,2026-01-16\nBo,-2,2026-01-16\n",
        encoding="utf-8",
    )
    assert main(["import", str(bad), "--member", "Al=Al", "--db", url]) == 2
    err = capsys.readouterr().err
    assert "the nets of the night 2026-01-16 sum to 5, not 0: nothing was stored" in err
    assert _count(url, "ledger_nights") == 1 and _count(url, "ledger_imports") == 1
    assert _count(url, "imported_names") == 0
    assert _season(url).balances() == {"guest:imported:al": 5, "guest:imported:bo": -5}


def test_a_name_matched_once_is_used_by_the_next_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = str(tmp_path / "room.sqlite3")
    alice = _add_member(url, "Alice Smith")
    out = _import([str(LEDGER), "--member", "Alice=Alice Smith", "--db", url], capsys)
    assert "Alice is Alice Smith from now on" in out
    assert "guests): Bob, Carol" in out and "Alice," not in out
    # The next imports, without --member: the log's Alice seat and a later ledger's Alice.
    out = _import([str(SESSION), "--db", url], capsys)
    assert "imported 120 hands" in out and "Alice," not in out
    later = tmp_path / "later.csv"
    later.write_text("name,net,date\nalice,-300,2026-03-21\nBob,300,2026-03-21\n", "utf-8")
    _import([str(later), "--db", url], capsys)
    result = _season(url)
    mine = next(row for row in result.standings if row.person.member_id == alice)
    assert mine.person.name == "Alice Smith" and not mine.person.imported
    assert mine.balance == _nets()["Alice"] - 300 and mine.nights == 2
    assert mine.hands > 0  # the log's Alice played as the member
    assert not any(row.person.name == "Alice" for row in result.standings)


def test_a_night_whose_ledger_and_log_are_imported_counts_its_money_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = str(tmp_path / "room.sqlite3")
    _import([str(SESSION), "--db", url], capsys)
    assert all(standing.balance == 0 for standing in _season(url).standings)  # hands only
    _import([str(LEDGER), "--db", url], capsys)
    result = _season(url)
    by_name = {standing.person.name: standing for standing in result.standings}
    assert {name: row.balance for name, row in by_name.items()} == _nets()
    assert all(row.nights == 1 for row in by_name.values())  # the ledger's night, once
    assert sum(row.hands for row in by_name.values()) > 120  # and the log's hands
    assert len(result.stats) == len(by_name)  # one person per name: hands and money


def test_import_s_help_names_the_ledger_and_member_matching(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["import", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "a ledger (PokerNow's ledger CSV, or 'name,net'" in text
    assert "open the club's season with their balances, shown as imported" in text
    assert "--member NAME=MEMBER" in text
