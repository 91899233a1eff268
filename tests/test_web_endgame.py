"""The end of a hand and of the night in a real Chromium: showing a hand by choice, the
fairness proof download, the statistics panel and closing the table.

Ann plays a hand against a bot by clicking, shows her cards afterwards (the dealer's
line appears in the chat), downloads the hand's fairness proof and checks it, reads
the statistics, then closes the table: everybody is cashed out and the page says the
game is over. Saved as tests/artifacts/endgame-closed.png.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pokernight.commitment import Reveal, check_reveals
from tests.test_web_host import DESKTOP, _create_and_sit, _play_hand_out
from tests.web_helpers import ARTIFACTS, plain_page, served_room


def test_show_proof_statistics_and_closing_by_clicking(browser: Any, tmp_path: Path) -> None:
    with served_room(tmp_path, hand_pause=0.3) as url:
        host = plain_page(browser, DESKTOP)
        host.goto(f"{url}/")
        _create_and_sit(host, lambda: host.fill("[name=bot_delay_seconds]", "0.1"))
        host.select_option("#bot-seat", "3")
        host.click("#add-bot")
        host.locator(".seat[data-seat='3'] .bot-badge").wait_for()
        host.click("#host-start")
        host.locator(".hand-number").filter(has_text=re.compile("^Hand #1$")).wait_for()
        host.click("#host-start")  # pause after this hand
        _play_hand_out(host)

        proof_link = host.locator(".hands details a.proof").first
        proof_link.wait_for(state="attached")
        host.locator(".hands details summary").first.click()
        with host.expect_download() as download:
            proof_link.click()
        proof = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
        reveals = [Reveal.from_dict(item) for item in proof["revealed"]]
        assert check_reveals(proof["commitment"], proof["leaves"], reveals) == []
        assert len(reveals) >= 2  # at least her own two cards

        show = host.locator("#show-cards")
        if show.is_visible():  # not shown down already: she may show now
            show.click()
            host.locator(".chat-lines li:has-text('Dealer')").wait_for()
            assert "shows" in host.locator(".chat-lines").inner_text()
            host.wait_for_selector("#show-cards", state="hidden")

        host.click("#stats-refresh")
        host.locator(".stats .stats-card").nth(1).wait_for()
        assert "Ann" in host.locator(".stats").inner_text()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        # Issue 31: at 1280 px WTSD, W$SD, Biggest pot and Net hid behind a horizontal scroll.
        for width, height, name in (
            (1280, 900, "stats-desktop.png"),
            (360, 780, "stats-phone.png"),
        ):
            host.set_viewport_size({"width": width, "height": height})
            stats = host.locator(".stats")
            stats.scroll_into_view_if_needed()
            stats.screenshot(path=str(ARTIFACTS / name))
            box = stats.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
            assert stats.evaluate("element => element.scrollWidth <= element.clientWidth")
            for title in ("WTSD", "W$SD", "Biggest pot", "Net"):
                shown = stats.locator("dt", has_text=title).first.bounding_box()
                assert shown is not None and box["x"] <= shown["x"]
                assert shown["x"] + shown["width"] <= box["x"] + box["width"], (title, width)
        host.set_viewport_size({"width": 1280, "height": 900})

        host.click("#close-table")
        host.click("#close-confirm")
        host.wait_for_selector("#table-note:has-text('the game is over')")
        host.wait_for_selector(".seat.me", state="detached")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        host.screenshot(path=str(ARTIFACTS / "endgame-closed.png"), full_page=True)
        assert host.locator(".panel.host").is_hidden()
