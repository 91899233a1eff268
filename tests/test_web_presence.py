"""The host's page closes for good and a friend's page becomes the host's (issue 32, seed
003, decision 52), in a real Chromium: the friend sees the host tagged Away; once the host
has had no page open for ``host_away_seconds`` the host panel appears on the friend's page
with a line saying why, the dealer says it in the chat, and the panel works (the new host
closes the table).

The room runs in this process, on a thread, with a clock the test moves forward: nobody
waits the two minutes. Screenshots, to look at as a player would: tests/artifacts/presence/.
"""

from __future__ import annotations

import asyncio
import queue
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from pokernight.server.tables.actor import Wake
from tests.server_helpers import FAST, serving_app
from tests.web_helpers import ARTIFACTS, WAIT_MS, invite_link, join_by_invite, sit_at, watched_page

DESKTOP = {"width": 1280, "height": 900}
SHOTS = ARTIFACTS / "presence"


class MovedClock:
    """The room's clock: this machine's time, plus whatever the test moved it on by."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


@contextmanager
def room_on_a_thread(
    tmp_path: Path, clock: MovedClock
) -> Iterator[tuple[str, Callable[[str], None]]]:
    """A room served on a thread of its own for the block: its URL, and a function that
    wakes a table (by code) to look at its clock again."""
    started: queue.Queue[Any] = queue.Queue()

    async def serve() -> None:
        stop = asyncio.Event()
        try:
            config = replace(FAST, hand_pause_seconds=1.0, clock=clock)
            async with serving_app(tmp_path, config) as (url, app):
                started.put((url, app, asyncio.get_running_loop(), stop))
                await stop.wait()
        except BaseException as error:  # told to the test, not lost on the thread
            started.put(error)
            raise

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    first = started.get(timeout=60)
    if isinstance(first, BaseException):
        raise first
    url, app, loop, stop = first

    def wake(code: str) -> None:
        loop.call_soon_threadsafe(lambda: app.state.lobby.actor(code).submit(Wake()))

    try:
        yield url, wake
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(30)


def test_the_hosts_page_closes_and_the_friends_page_becomes_the_hosts(
    browser: Any, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    SHOTS.mkdir(parents=True, exist_ok=True)
    clock = MovedClock()
    with room_on_a_thread(tmp_path, clock) as (url, wake):
        ann, bob = watched_page(browser, viewport=DESKTOP), watched_page(browser, viewport=DESKTOP)
        ann.goto(f"{url}/")
        ann.fill("#create-name", "Ann")
        ann.click("#create-submit")
        ann.wait_for_selector("#felt")
        sit_at(ann, 0)
        code = ann.evaluate("location.hash.slice(1).split('/')[0]")
        join_by_invite(bob, invite_link(ann), "Bob")
        sit_at(bob, 3)
        host_panel = bob.locator("section.panel.host")
        expect(host_panel).to_be_hidden()

        ann.context.close()  # the phone died: Ann's page is gone for good
        expect(bob.locator(".seat .tag.away")).to_have_count(1, timeout=WAIT_MS)
        bob.screenshot(path=str(SHOTS / "1-the-host-is-away.png"), full_page=True)

        clock.ahead += 120.0  # two minutes (the table's host_away_seconds) pass at once
        wake(code)
        expect(host_panel).to_be_visible(timeout=WAIT_MS)
        why = bob.locator("#host-why")
        expect(why).to_have_text(
            "You are the host now: Ann has had no page open. Seats, settings, dealing and "
            "closing the table are yours; you may pass the role on (or back) below."
        )
        dealer = bob.locator(".chat-lines li").filter(
            has_text="Bob hosts the table now: Ann has had no page open for 2 minutes"
        )
        expect(dealer).to_have_count(1)
        bob.screenshot(path=str(SHOTS / "2-the-friend-hosts.png"), full_page=True)
        host_panel.screenshot(path=str(SHOTS / "3-the-host-panel.png"))

        # The panel is Bob's to use: he ends the night.
        bob.click("#close-table")
        bob.click("#close-confirm")
        expect(bob.locator("#table-note")).to_contain_text("The host closed the table")
        bob.screenshot(path=str(SHOTS / "4-the-new-host-closed-the-table.png"), full_page=True)
        assert not bob.errors, bob.errors
