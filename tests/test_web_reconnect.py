"""The page reconnects by itself after the server goes away, and shows refusals in words."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web_helpers import (
    WAIT_MS,
    free_port,
    served_room,
)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    opened = browser.new_context().new_page()
    opened.set_default_timeout(WAIT_MS)
    yield opened
    opened.context.close()


def _create_table(page: Any, url: str) -> None:
    page.goto(f"{url}/")
    page.fill("#create-name", "Alice")
    page.click("#create-submit")
    page.wait_for_selector("button[data-key='sit-0']")


def test_a_refused_buy_in_is_explained_beside_the_buy_in(page: Any, tmp_path: Path) -> None:
    with served_room(tmp_path) as url:
        _create_table(page, url)
        page.click("button[data-key='sit-0']")
        page.fill("#buy-in", "999999")
        page.click("#buy-in-submit")
        expect(page.locator("#buy-in-error")).to_contain_text(
            re.compile("999,999|buy-in", re.IGNORECASE), timeout=WAIT_MS
        )
        assert page.locator(".seat.me").count() == 0


def test_the_page_reconnects_after_a_drop_and_keeps_the_seat(page: Any, tmp_path: Path) -> None:
    port = free_port()
    with served_room(tmp_path, port=port) as url:
        _create_table(page, url)
        page.click("button[data-key='sit-0']")
        page.click("#buy-in-submit")
        page.wait_for_selector(".seat.me")
    page.wait_for_selector("#banner:has-text('reconnecting')")
    with served_room(tmp_path, port=port):
        page.wait_for_selector("#banner", state="hidden")
        page.click("#chat-input")
        page.keyboard.type("back again")
        page.keyboard.press("Enter")
        page.wait_for_selector(".chat-lines li:has-text('back again')")
        assert page.locator(".seat.me .name").inner_text() == "Alice"


def test_a_reload_shows_the_chat_and_whether_the_table_deals(page: Any, tmp_path: Path) -> None:
    """After a reload the page resumes from the server's memory of the table's versions:
    the room (chat, dealing or paused) comes with them, so the host's button pauses."""
    with served_room(tmp_path) as url:
        _create_table(page, url)
        page.click("button[data-key='sit-0']")
        page.click("#buy-in-submit")
        page.wait_for_selector(".seat.me")
        page.click("#chat-input")
        page.keyboard.type("deal me in")
        page.keyboard.press("Enter")
        page.wait_for_selector(".chat-lines li:has-text('deal me in')")
        page.click("#host-start")
        expect(page.locator("#host-start")).to_have_text("Pause after this hand")
        page.reload()
        page.wait_for_selector(".seat.me")
        expect(page.locator(".chat-lines li")).to_contain_text(["deal me in"])
        expect(page.locator("#host-start")).to_have_text("Pause after this hand")
