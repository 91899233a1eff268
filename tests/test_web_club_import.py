"""A club moving in, in a real Chromium (issue 36, item 4; decision 65): the PokerNow
session's log and its ledger imported into a running room (Alice, the club's organiser,
matched to the ledger's Alice) and the club page shows the ledger's balances in the
standings, labelled as imported, the ledger's night among the imported nights, and the
log's table with its hands but not its money (counted once). The screenshot goes to
tests/artifacts/club/imported-ledger.png
(the page's top), imported-standings.png and imported-nights.png.
"""

from __future__ import annotations

import csv
import io
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pokernight.cli.main import main
from tests.web_helpers import ARTIFACTS, found_the_club, get_as_member, served_room, watched_page

pytestmark = pytest.mark.slow

DATA = Path(__file__).parent / "data" / "pokernow"
LEDGER = DATA / "session_ledger.csv"
SESSION = DATA / "session.csv"
SHOTS = ARTIFACTS / "club"


def _signed(amount: int) -> str:
    return f"+{amount:,}" if amount > 0 else f"{amount:,}"


def test_an_imported_ledger_opens_the_season_on_the_club_page(
    browser: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    nets = {
        row["player_nickname"]: int(row["net"])
        for row in csv.DictReader(io.StringIO(LEDGER.read_text(encoding="utf-8")))
    }
    with served_room(tmp_path) as url:
        alice = watched_page(browser, viewport={"width": 1280, "height": 900})
        found_the_club(alice, tmp_path, "Alice")
        database = f"sqlite+aiosqlite:///{tmp_path / 'room.sqlite3'}"
        argv = ["import", str(SESSION), str(LEDGER), "--member", "Alice=Alice", "--db", database]
        with ThreadPoolExecutor(1) as pool:  # Playwright's loop runs in this thread
            assert pool.submit(main, argv).result() == 0
        out = capsys.readouterr().out
        assert "Alice is Alice from now on" in out and "shown as imported" in out

        device = json.loads(alice.evaluate("localStorage.getItem('pokernight.device')"))["device"]
        season = get_as_member(f"{url}/api/club/season", device)
        by_name = {row["name"]: row for row in season["standings"]}
        assert {name: row["balance"] for name, row in by_name.items()} == nets
        assert by_name["Alice"]["member_id"] is not None and by_name["Alice"]["hands"] > 0
        assert all(row["imported"] == row["balance"] for row in by_name.values())
        assert len(season["ledgers"]) == 1 and season["ledgers"][0]["night"] == "2026-03-14"
        [table] = season["nights"]
        assert table["status"] == "imported" and not table["counts_money"]

        alice.goto(f"{url}/#club")
        alice.reload()  # the page showed the season before the import
        alice.wait_for_selector("#club-imported .imported-nights")
        rows = alice.locator("#club-standings tbody tr")
        assert rows.count() == len(nets)
        for row in rows.all():
            header = row.locator("th").inner_text()
            name = header.removesuffix(" (imported)")
            assert (header != name) == (name != "Alice")  # the guests: labelled imported
            assert row.locator(".balance").inner_text() == _signed(nets[name])
            assert row.locator(".imported-money").inner_text() == _signed(nets[name])
        assert "Imported" in alice.locator("#club-standings thead").inner_text()
        night = alice.locator("#club-imported .night").first
        assert "imported from session_ledger.csv" in night.locator("summary").inner_text()
        people = night.locator(".night-people li").all_inner_texts()
        assert people[0] == f"Alice: {_signed(nets['Alice'])}"
        assert f"Erin (imported): {_signed(nets['Erin'])}" in people
        hands_only = alice.locator("#club-nights").text_content()  # the night is folded
        assert "the night's money is not in the season" in hands_only
        # The page's top (the hand search below runs long): the title and the standings.
        alice.screenshot(path=str(SHOTS / "imported-ledger.png"))
        alice.locator("#club-standings").screenshot(path=str(SHOTS / "imported-standings.png"))
        alice.locator("#club-imported").screenshot(path=str(SHOTS / "imported-nights.png"))
        assert not alice.errors
