"""The dealer's lines in the chat in the page's language (issue 38): on a German table Ana,
the host, corrects Bruno's stack, sets his own debt cap, removes him and lets him back; the
server sends each line with its code and params, and both pages say it in German (and the
ledger the removal), every word from the catalogue (``tests/i18n_audit.py``; the host's
typed reasons are data, shown as typed). Screenshot: tests/artifacts/languages/de-dealer-chat.png.

And a hello the server refuses (no table with that code) stays in German on the page,
though the close that follows it carries the English words.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.i18n_audit import unworded
from tests.test_web_languages_table import SHOTS, Table, _page
from tests.web_helpers import served_room

PAID, GONE = "hat bar bezahlt", "muss nach Hause"
# What the German pages say, in order (Bruno's buy-in: the page's default, 2,000).
SAID = (
    f"Der Gastgeber hat den Stack von Bruno auf 1.234 gesetzt (vorher 2.000): {PAID}",
    "Der Gastgeber setzt das eigene Schuldenlimit von Bruno auf 5.000",
    f"Der Gastgeber hat Bruno vom Tisch entfernt: {GONE}",
    "Bruno verlässt den Tisch und wird mit 1.234 ausgezahlt",
    "Der Gastgeber lässt Bruno wieder zu: Bruno darf wieder an diesem Tisch Platz nehmen",
)


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_room(tmp_path_factory.mktemp("languages-dealer")) as served:
        yield served


def _dialog(host: Any, key: str, fields: dict[str, str]) -> None:
    """The host panel's dialog ``key`` about Bruno's seat, filled in and sent."""
    host.click(f"#host-players button[data-key^='{key}-']")
    for selector, value in fields.items():
        host.fill(selector, value)
    host.locator("dialog[open] button[type=submit]").click()
    host.wait_for_selector("dialog[open]", state="detached")


def test_the_dealer_tells_the_hosts_corrections_in_german(browser: Any, url: str) -> None:
    table = Table(browser, url, "de")
    table.seat_everybody(shots=False)
    host, guest = table.host, table.guest
    _dialog(host, "correct", {"#correct-stack-amount": "1234", "#correct-stack-reason": PAID})
    _dialog(host, "debt-cap", {"#debt-cap-amount": "5000"})
    _dialog(host, "remove", {"#remove-reason": GONE})
    host.click("#host-removed button[data-key^='let-back-']")
    lines = host.locator(".chat-lines li")
    lines.filter(has_text=SAID[-1]).wait_for()
    guest.locator(".chat-lines li").filter(has_text=SAID[-1]).wait_for()
    # The ledger's line for Bruno's cash-out: the table's words, then Ana's reason.
    host.click("#ledger-refresh")
    host.locator(".ledger li").filter(has_text=f"vom Gastgeber entfernt: {GONE}").wait_for()
    SHOTS.mkdir(parents=True, exist_ok=True)
    host.screenshot(path=str(SHOTS / "de-dealer-chat.png"), full_page=True)
    dealer = [text.removeprefix("Dealer ") for text in lines.all_inner_texts()]
    assert [text for text in dealer if text in SAID] == list(SAID)
    for page in (host, guest):
        assert unworded(page, [*table.data, PAID, GONE]) == {"left": [], "missing": []}
        assert page.errors == []


def test_a_table_that_is_not_there_is_told_in_german(browser: Any, url: str) -> None:
    """The server refuses the hello with its code, then closes with the English words: the
    page keeps the German."""
    page = _page(browser, "de")
    with page.expect_websocket() as opened:
        page.goto(f"{url}/#9999")
    opened.value.wait_for_event("close")
    page.evaluate("new Promise((done) => setTimeout(done))")  # the page's own close handler
    banner = page.locator(".banner.error")
    assert banner.inner_text() == "Kein offener Tisch mit dem Code 9999."
    assert page.errors == []
