"""All-in luck in a real Chromium (issue 37, item 1; decision 67): a night of all-ins, and
the ledger's and the season's "expected" beside what was won, and the graph's two lines.

Alice founds the club and opens a table; Bob and Carol join by her invite as members.
Python protocol clients play their seats (the tokens the pages keep) on a seeded deck:
everybody shoves (a three-way all-in with side pots, then heads-up ones), the bust buy
in again. The ledger on Alice's table page and the season on the club page must show the
server's expected chips, which differ from the chips won; the graph draws a solid and a
dashed line for each person. Screenshots go to tests/artifacts/luck/.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.server_helpers import shoving_night
from tests.web_helpers import (
    ARTIFACTS,
    found_the_club,
    get_as_member,
    invite_link,
    served_room,
    stored_device,
    stored_seat,
    watched_page,
)

pytestmark = pytest.mark.slow

Json = dict[str, Any]
SHOTS = ARTIFACTS / "luck"
HANDS = 3
SEED = 37


def _signed(amount: int) -> str:
    return f"+{amount:,}" if amount > 0 else f"{amount:,}"


def test_the_ledger_and_the_season_show_the_expected_chips(browser: Any, tmp_path: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with served_room(tmp_path, hand_pause=0.2, seed=SEED) as url, ThreadPoolExecutor(1) as pool:
        pages = [watched_page(browser, viewport={"width": 1280, "height": 900}) for _ in "abc"]
        alice, bob, carol = pages
        found_the_club(alice, tmp_path, "Alice")
        alice.goto(f"{url}/")
        alice.fill("#create-name", "Alice")
        alice.click("#create-submit")
        alice.wait_for_url(lambda address: "#" in address and address.split("#")[1].isdigit())
        code = alice.url.split("#")[1]
        link = invite_link(alice)
        for page, name in ((bob, "Bob"), (carol, "Carol")):
            page.goto(link)
            page.fill("#join-name", name)
            page.click("form.join-here button[type=submit]")
            page.wait_for_selector(".spectator-area .hint")
        seats = [stored_seat(page, code) for page in pages]
        tokens = [seat["token"] for seat in seats]
        night = shoving_night(url, code, tokens, (2_000, 1_000, 400), hands=HANDS, rebuy=400)
        pool.submit(asyncio.run, night).result()

        # The ledger: the server's expected chips beside the net, for each person.
        ledger = get_as_member(f"{url}/api/tables/{code}/ledger", stored_device(alice))
        expected = {row["name"]: row["expected"] for row in ledger["accounts"]}
        nets = {row["name"]: row["net"] for row in ledger["accounts"]}
        assert expected != nets, "the seeded all-ins ran as their equity said, to the chip"
        assert sum(expected.values()) == sum(nets.values()) == 0
        alice.click("#ledger-refresh")
        rows = alice.locator(".ledger table").first.locator("tbody tr")
        rows.nth(2).wait_for()
        shown = {
            row.locator("th").inner_text(): row.locator("td.expected").inner_text()
            for row in rows.all()
        }
        assert shown == {name: f"{value:,}" for name, value in expected.items()}
        alice.locator("#ledger-title").scroll_into_view_if_needed()
        alice.locator(".ledger").screenshot(path=str(SHOTS / "ledger.png"))
        # Wider than the side panel, the table scrolls sideways to its expected column.
        alice.locator(".ledger td.expected").first.scroll_into_view_if_needed()
        assert alice.locator(".ledger td.expected").first.is_visible()
        alice.locator(".ledger").screenshot(path=str(SHOTS / "ledger-expected.png"))

        # The season: the same expected chips beside the chips won; the hands add up to them.
        season = get_as_member(f"{url}/api/club/season", stored_device(alice))
        by_name = {row["name"]: row for row in season["standings"]}
        assert {name: row["expected"] for name, row in by_name.items()} == expected
        assert {name: row["net"] for name, row in by_name.items()} == nets
        hands = get_as_member(f"{url}/api/club/hands", stored_device(alice))["hands"]
        assert len(hands) == HANDS
        for name, value in expected.items():
            players = [p for hand in hands for p in hand["players"] if p["name"] == name]
            assert sum(p["expected"] for p in players) == value
            assert sum(p["result"] for p in players) == nets[name]
        alice.goto(f"{url}/#club")
        alice.wait_for_selector("#club-standings table")
        standings = alice.locator("#club-standings tbody tr")
        season_shown = {
            row.locator("th").inner_text(): row.locator("td.expected").inner_text()
            for row in standings.all()
        }
        assert season_shown == {name: _signed(value) for name, value in expected.items()}

        # The graph: one solid and one dashed line a person, ending at the won and expected.
        stats = get_as_member(f"{url}/api/club/stats", stored_device(alice))
        for row in season["standings"]:
            last = stats["series"][row["key"]]["all"][-1]
            assert last[1:] == [row["net"], row["expected"]]
        chart = alice.locator(".chart")
        assert chart.locator("path.series:not(.expected)").count() == 3
        assert chart.locator("path.series.expected").count() == 3
        dashed = chart.locator("path.series.expected").first
        assert dashed.evaluate("path => getComputedStyle(path).strokeDasharray") != "none"
        legend = alice.locator(".chart-holder .legend").inner_text()
        for value in expected.values():
            assert f"expected {_signed(value)}" in legend, legend
        alice.locator("#club-standings").screenshot(path=str(SHOTS / "season-standings.png"))
        alice.locator(".chart-holder").screenshot(path=str(SHOTS / "season-graph.png"))
        alice.screenshot(path=str(SHOTS / "season.png"), full_page=True)
        for page in pages:
            assert page.errors == [], page.errors
