"""The host panel in a real Chromium: a bot added by clicking plays a hand against the host.

The host creates a table in the lobby (bots think for a tenth of a second),
sits down, picks an empty seat and a level in the host panel and clicks "Add
bot"; the bot's seat carries the robot badge and "bot (hard)" for a screen
reader, on the table and in the stream view. The host deals and plays a hand
out against the bot by clicking; no frame the host's page received names the
bot's face-down cards. The host panel is saved as tests/artifacts/host-panel-bots.png.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.web_helpers import (
    ARTIFACTS,
    FrameLog,
    call_and_wait,
    invite_link,
    join_by_invite,
    plain_page,
    served_room,
)

DESKTOP = {"width": 1280, "height": 900}
MAX_ACTIONS = 40


def _play_hand_out(page: Any) -> int:
    """Call or check at every turn until the hand is over; the number of actions taken."""
    actions = 0
    for _ in range(MAX_ACTIONS):
        if page.locator(".hand-number").inner_text() == "":
            return actions
        if page.evaluate("document.body.dataset.myTurn") == "true":
            call_and_wait(page)
            actions += 1
        else:
            page.wait_for_timeout(100)
    raise AssertionError(f"the hand was not over after {actions} actions")


def _down_cards_dealt_to(frames: list[dict[str, Any]]) -> set[int]:
    """The hand seats whose face-down cards were named in any frame."""
    seats = set()
    for frame in frames:
        events = (
            (frame.get("hand") or {}).get("events", [])
            if frame.get("type") == "snapshot"
            else frame.get("hand", [])
        )
        for item in events:
            if item["type"] == "CardsDealt" and not item["face_up"] and item["cards"]:
                seats.add(item["seat"])
    return seats


def _create_and_sit(host: Any, set_up: Callable[[], None]) -> str:
    """Ann creates a table with the settings ``set_up`` fills in and sits in seat 1."""
    host.fill("#create-name", "Ann")
    host.click("details.settings summary")
    set_up()
    host.click("#create-submit")
    host.wait_for_selector("#felt")
    code: str = host.evaluate("location.hash.slice(1)")
    host.click("button[data-key='sit-0']")
    host.click("#buy-in-submit")
    host.wait_for_selector(".seat.me")
    return code


def _add_bots(host: Any, *seats: str) -> None:
    """The host seats a bot (of the default level) in each of ``seats``, by clicking."""
    for seat in seats:
        host.select_option("#bot-seat", seat)
        host.click("#add-bot")
        host.locator(f".seat[data-seat='{seat}'] .bot-badge").wait_for()


def test_the_host_adds_a_bot_by_clicking_and_plays_a_hand_against_it(
    browser: Any, tmp_path: Path
) -> None:
    with served_room(tmp_path, hand_pause=0.3) as url:
        host = plain_page(browser, DESKTOP)
        frames = FrameLog("host")
        frames.watch(host)
        host.goto(f"{url}/")
        code = _create_and_sit(host, lambda: host.fill("[name=bot_delay_seconds]", "0.1"))

        host.select_option("#bot-seat", "3")
        host.select_option("#bot-level", "hard")
        host.click("#add-bot")
        bot_seat = host.locator(".seat[data-seat='3']")
        bot_seat.locator(".bot-badge").wait_for()
        assert "bot (hard)" in bot_seat.locator(".bot-badge").text_content()
        assert "bot (hard)" in str(bot_seat.get_attribute("aria-label"))
        assert host.locator("#host-players button:has-text('Remove bot')").count() == 1

        stream = plain_page(browser, DESKTOP)
        stream.goto(f"{url}/stream.html#{code}")
        stream.locator(".bot-badge").wait_for()
        assert stream.locator(".bot-badge .visually-hidden").text_content() == "bot (hard)"

        host.click("#host-start")
        host.locator(".hand-number").filter(has_text=re.compile("^Hand #1$")).wait_for()
        host.click("#host-start")  # pause after this hand: it stays on the felt
        _play_hand_out(host)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        host.screenshot(path=str(ARTIFACTS / "host-panel-bots.png"), full_page=True)

        assert host.locator(".seat[data-seat='3'] .bot-badge").count() == 1
        hand_events = [frame for frame in frames.frames if frame.get("type") == "PlayerActed"]
        assert any(frame["seat"] == 3 for frame in hand_events), "the bot acted"
        assert _down_cards_dealt_to(frames.frames) == {0}, "only the host's own cards"


def test_the_host_approves_a_seat_sits_the_player_out_and_sees_her_leave(
    browser: Any, tmp_path: Path
) -> None:
    with served_room(tmp_path) as url:
        host, guest = plain_page(browser, DESKTOP), plain_page(browser, DESKTOP)
        host.goto(f"{url}/")
        code = _create_and_sit(host, lambda: host.check("[name=approve_seats]"))

        guest.goto(f"{url}/")
        guest.fill("#join-code", code)
        guest.fill("#join-name", "Bea")
        guest.click("#join-submit")
        guest.click("button[data-key='sit-4']")
        guest.click("#buy-in-submit")
        guest.wait_for_selector("#seat-request-note:has-text('waiting for the host')")
        assert guest.locator(".seat.me").count() == 0

        approve = host.locator("#host-requests button:has-text('Approve')")
        approve.wait_for()
        assert "Bea asks for seat 5" in host.locator("#host-requests").inner_text()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        host.locator(".panel.host").screenshot(path=str(ARTIFACTS / "host-panel-requests.png"))
        approve.click()
        guest.wait_for_selector(".seat.me[data-seat='4']")
        assert guest.locator("#seat-request-note").inner_text() == ""

        host.click("#host-players button:has-text('Sit out')")
        guest.wait_for_selector(".seat.me .tag:has-text('Sitting out')")
        assert guest.locator("#sit-out").inner_text() == "Sit back in"
        assert host.locator(".seat[data-seat='4'] .tag.away").count() == 0
        guest.close()  # her page is gone: everybody sees she is away
        host.wait_for_selector(".seat[data-seat='4'] .tag.away:has-text('Away')")


def test_seat_flags_are_the_servers_a_newcomer_waits_and_may_post_a_big_blind(
    browser: Any, tmp_path: Path
) -> None:
    """Before the first hand nobody waits for the big blind; after it, a newcomer does and
    is offered to post one, and the server takes the offer (the page used to offer it to
    everybody who sat, and the server refused)."""
    with served_room(tmp_path, hand_pause=0.3) as url:
        host, guest = plain_page(browser, DESKTOP), plain_page(browser, DESKTOP)
        host.goto(f"{url}/")
        _create_and_sit(host, lambda: host.fill("[name=bot_delay_seconds]", "0.1"))
        me = host.locator(".seat.me")
        assert me.locator(".tag:has-text('Waiting')").count() == 0
        assert host.locator("button:has-text('Post a big blind')").is_hidden()
        host.select_option("#bot-seat", "3")
        host.click("#add-bot")
        host.locator(".seat[data-seat='3'] .bot-badge").wait_for()
        host.click("#host-start")
        host.locator(".hand-number").filter(has_text=re.compile("^Hand #1$")).wait_for()
        host.click("#host-start")  # pause after this hand
        _play_hand_out(host)

        link = invite_link(host)
        host.click("details.invite-qr summary")
        # The image gets its source when the server's drawing arrives: wait for that.
        qr = host.locator("#invite-qr[src^='data:image/svg+xml']")
        qr.wait_for()
        assert qr.evaluate("image => image.decode().then(() => image.naturalWidth)") > 100
        join_by_invite(guest, link, "Bea")
        guest.click("button[data-key='sit-5']")
        guest.click("#buy-in-submit")
        mine = guest.locator(".seat.me")
        mine.locator(".tag:has-text('Waiting')").wait_for()
        post = guest.locator("button:has-text('Post a big blind')")
        post.wait_for()
        post.click()
        post.wait_for(state="hidden")  # offered: the server says she is posting
        assert guest.locator("#seat-error").inner_text() == ""
        host.click("#host-start")
        guest.locator(".hand-number").filter(has_text=re.compile("^Hand #2$")).wait_for()
        guest.locator(".seat.me .card").first.wait_for()  # dealt in at once


def test_the_host_approves_a_rebuy_with_one_tap_and_the_player_sees_it_wait(
    browser: Any, tmp_path: Path
) -> None:
    with served_room(tmp_path) as url:
        host, guest = plain_page(browser, DESKTOP), plain_page(browser, DESKTOP)
        host.goto(f"{url}/")
        _create_and_sit(host, lambda: host.check("[name=approve_rebuys]"))
        join_by_invite(guest, invite_link(host), "Bea")
        guest.click("button[data-key='sit-4']")
        guest.fill("#buy-in", "1000")
        guest.click("#buy-in-submit")
        guest.wait_for_selector(".seat.me")
        guest.fill("[aria-label='Chips to add']", "500")
        guest.click("#add-chips")
        guest.locator("#rebuy-hint").filter(has_text="waiting for the host").wait_for()
        approve = host.locator("#host-rebuys button:has-text('Approve')")
        approve.wait_for()
        assert "Bea asks to add 500 chips" in host.locator("#host-rebuys").inner_text()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        host.locator(".panel.host").screenshot(path=str(ARTIFACTS / "host-panel-rebuy.png"))
        approve.click()
        guest.locator(".seat.me .stack, .seat.me").filter(has_text="1,500").first.wait_for()
        assert host.locator("#host-rebuys").inner_text() == "Nobody is waiting to add chips."
