"""The host stands up a player who walked away, through the page, in a real Chromium: a small
dialog asks for the reason (refused without one, as the server says it); every player reads
the dealer's line; the seat is free, and the player sits again when back.

Screenshots, for a person to look at as a player would: tests/artifacts/host/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web_helpers import (
    ARTIFACTS,
    invite_link,
    join_by_invite,
    plain_page,
    served_room,
    sit_at,
)

DESKTOP = {"width": 1280, "height": 900}
SHOTS = ARTIFACTS / "host"


def test_the_host_stands_up_a_player_who_walked_away(browser: Any, tmp_path: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with served_room(tmp_path) as url:
        host, bea = plain_page(browser, DESKTOP), plain_page(browser, DESKTOP)
        host.goto(f"{url}/")
        host.fill("#create-name", "Ann")
        host.click("#create-submit")
        host.wait_for_selector("#felt")
        sit_at(host, 0, 1_000)
        join_by_invite(bea, invite_link(host), "Bea")
        sit_at(bea, 4, 1_000)
        row = host.locator("#host-players li").filter(has_text="Bea")
        row.wait_for()
        host.locator("#host-players").screenshot(path=str(SHOTS / "stand-up-button.png"))

        row.locator("button", has_text="Stand up").click()
        dialog = host.locator("dialog.host-dialog")
        assert "may sit again" in dialog.inner_text()
        host.click("#stand-up-submit")  # no reason: the server says why, the dialog stays
        host.locator("#stand-up-submit-error").filter(has_text="Give a reason").wait_for()
        host.fill("#stand-up-reason", "went home without standing up")
        assert host.locator("#stand-up-submit-error").inner_text() == ""  # typed: no refusal
        dialog.screenshot(path=str(SHOTS / "stand-up-dialog.png"))
        host.click("#stand-up-submit")
        dialog.wait_for(state="detached")
        bea.locator(".seat.me").wait_for(state="detached")
        for page in (host, bea):
            page.locator(".chat-lines li").filter(
                has_text="Bea leaves the table, cashed out with 1,000"
            ).wait_for()
        host.locator("#host-players li").filter(has_text="Nobody else is seated").wait_for()
        host.screenshot(path=str(SHOTS / "stood-up-host.png"), full_page=True)

        # Not removed: Bea's page offers seats again, and she sits when back.
        assert host.locator("#host-removed li").count() == 0
        sit_at(bea, 4, 1_000)
        row.wait_for()
        bea.screenshot(path=str(SHOTS / "stood-up-back.png"), full_page=True)
