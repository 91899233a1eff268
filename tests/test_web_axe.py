"""axe-core on every page of the room (issue 38 item 1), in a real Chromium.

One room, one browser; the pages in turn: the lobby; a table of every game the room deals
with a hand in play (the page's player to act: their cards up, the action bar out), one
page going from table to table; a club night (a member's hold'em table where a side-pot
hand went to showdown) seen at its showdown with the host panel opened (settings, QR code,
the close confirmation), in the stream view and in the replayer; the club's page with that
night in it; a running tournament's lobby (as its director) and its clock. No violation of
impact serious or critical is allowed; any other must be in ``ALLOWED`` with its reason.
Every violation found is listed in tests/artifacts/axe/violations*.txt. The audit before
the work and what was fixed: docs/accessibility.md."""

from __future__ import annotations

import asyncio
import json
import os
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from pokernight.rules import VARIANTS
from pokernight.server.tables.identity import DEVICE_HEADER
from tests.axe import FAILING_IMPACTS, Violation, audit
from tests.test_web_games import deal_one_hand_beside
from tests.test_web_replay import _play_side_pot_hand
from tests.web_helpers import (
    ARTIFACTS,
    found_the_club,
    request_json_now,
    served_room,
    stored_device,
    watched,
)

pytestmark = pytest.mark.slow

Json = dict[str, Any]
# One file per test worker (``-n 2`` may share the module's tests out between two).
REPORT = ARTIFACTS / "axe" / f"violations{os.environ.get('PYTEST_XDIST_WORKER', '')}.txt"
DESKTOP = {"width": 1280, "height": 900}
# Violations of lesser impact the room lives with, by rule id: why each is not a barrier.
ALLOWED: dict[str, str] = {}
TOURNAMENT = {
    "name": "Friday sit-and-go",
    "structure": "quick",
    "entries": 2,
    "starting_stack": 1_000,
    "bot_delay_seconds": 0.5,
}


@dataclass
class Room:
    url: str
    folder: Path
    context: Any
    # Every violation found, allowed or not: written to REPORT.
    found: list[Violation]


@pytest.fixture(scope="module")
def room(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    folder = tmp_path_factory.mktemp("axe")
    with served_room(folder, hand_pause=0.2, extra=("--no-rate-limits",), seed=38) as url:
        context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
        checked = Room(url, folder, context, [])
        yield checked
        context.close()
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text("".join(f"{violation}\n" for violation in checked.found))


def barriers(room: Room, found: list[Violation]) -> list[str]:
    """The violations a page may not have: serious or critical ones, and any other whose
    rule is not allowed by name."""
    room.found += found
    return [
        str(violation)
        for violation in found
        if violation.impact in FAILING_IMPACTS or violation.rule not in ALLOWED
    ]


def test_the_lobby_and_a_new_table_nobody_sits_at_yet(room: Room) -> None:
    """The lobby, then the table its form made: every seat offered ("Sit here"), whose
    spoken name must begin with the words shown (WCAG 2.5.3: it said "Sit in seat 4")."""
    page = room.context.new_page()
    page.goto(f"{room.url}/")
    page.wait_for_selector("#create-name")
    found = audit(page, "lobby")
    page.fill("#create-name", "Ann")
    page.click("#create-submit")
    page.wait_for_selector("button.sit[data-key='sit-3']")
    found += audit(page, "a new table, nobody seated")
    assert barriers(room, found) == []
    page.close()


def test_a_table_of_every_game_with_a_hand_in_play(room: Room) -> None:
    """One page goes from table to table (a new address after the #: the page's own way
    from one table to another, without loading it again)."""
    found: list[Violation] = []
    page = watched(room.context.new_page())
    page.goto(f"{room.url}/")
    for key in VARIANTS:
        settings = {"variant": key, "seats": 3, "bot_delay_seconds": 0}
        created = request_json_now(
            f"{room.url}/api/tables", {"name": f"Ann {key}", "settings": settings}
        )
        seat = {"token": created["token"], "player_id": created["player_id"], "name": "Ann"}
        page.evaluate(
            "([key, seat]) => localStorage.setItem(key, seat)",
            [f"pokernight.seat.{created['code']}", json.dumps(seat)],
        )
        page.goto(f"{room.url}/#{created['code']}")
        page.locator(f".table-title h1:has-text('{created['code']}')").wait_for()
        expect(page.locator("body[data-my-turn='true']")).to_have_count(0)  # not the last's
        deal_one_hand_beside(room.url, created)
        page.locator("body[data-my-turn='true']").wait_for()
        found += audit(page, f"table {key}")
    assert page.errors == [], page.errors
    page.close()
    assert barriers(room, found) == []


@dataclass
class Night:
    """A club night: a member's table where one side-pot hand was played to a showdown, and
    the member's browser (signed in, holding the host's seat)."""

    code: str
    token: str
    context: Any


@pytest.fixture(scope="module")
def night(room: Room, browser: Any) -> Iterator[Night]:
    context = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    member = watched(context.new_page())
    found_the_club(member, room.folder, "Ann")
    body = {"name": "Ann", "settings": {"seats": 6, "min_buy_in": 100, "max_buy_in": 1000}}
    request = urllib.request.Request(
        f"{room.url}/api/tables",
        json.dumps(body).encode(),
        {"content-type": "application/json", DEVICE_HEADER: stored_device(member)},
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        created = json.loads(answer.read())
    code, token = created["code"], created["token"]
    seat = {"token": token, "player_id": created["player_id"], "name": "Ann"}
    member.evaluate(
        "([key, seat]) => localStorage.setItem(key, seat)",
        [f"pokernight.seat.{code}", json.dumps(seat)],
    )
    with ThreadPoolExecutor(1) as pool:
        pool.submit(
            asyncio.run, _play_side_pot_hand(room.url, code, token, created["invite"])
        ).result()
    member.close()
    yield Night(code, token, context)
    context.close()


def test_a_showdown_its_host_panel_stream_and_replay(room: Room, night: Night) -> None:
    url, code = room.url, night.code
    host = watched(night.context.new_page())
    host.goto(f"{url}/#{code}")
    host.wait_for_selector(".showdown")
    for details in (".host-settings", ".invite-qr"):
        host.locator(f"{details} > summary").click()
    host.locator("#invite-qr[src]").wait_for()
    host.click("#close-table")
    expect(host.locator("#close-confirm")).to_be_visible()
    found = audit(host, "table at a showdown, host panel open")

    stream = watched(room.context.new_page())
    stream.goto(f"{url}/stream.html#{code}")
    stream.wait_for_selector(".award")
    found += audit(stream, "stream view")

    steps = request_json_now(f"{url}/api/tables/{code}/hands/1/replay", token=night.token)
    replay = watched(night.context.new_page())
    replay.goto(f"{url}/#{code}/hand/1/{len(steps['steps']) - 1}")
    replay.wait_for_selector(f"body[data-replay-step='{len(steps['steps']) - 1}']")
    found += audit(replay, "replayer")
    for page in (host, stream, replay):
        assert page.errors == [], page.errors
        page.close()
    assert barriers(room, found) == []


def test_the_club_and_a_tournament_with_its_clock(room: Room, night: Night) -> None:
    url = room.url
    member = watched(night.context.new_page())
    member.goto(f"{url}/#club")
    member.wait_for_selector("#club-standings table")
    member.wait_for_selector("#hand-search-results li")
    found = audit(member, "club")

    created = request_json_now(f"{url}/api/tournaments", TOURNAMENT)
    token = created["director_token"]
    lobby_url = f"{url}/#tournament/{created['id']}"
    key = f"pokernight.director.{created['id']}"
    member.evaluate("([key, token]) => localStorage.setItem(key, token)", [key, token])
    member.goto(lobby_url)
    member.fill("#entrant-name", "Ann")
    member.click("#register-form button[type=submit]")
    member.click("#add-bot")
    expect(member.locator("#tournament-strip")).to_contain_text("Level 1")
    found += audit(member, "tournament lobby")
    member.goto(f"{lobby_url}/clock")
    expect(member.locator(".clock-blinds")).to_have_text("25/50")
    found += audit(member, "tournament clock")
    assert member.errors == [], member.errors
    member.close()
    assert barriers(room, found) == []
