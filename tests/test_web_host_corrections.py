"""The host corrects a stack and removes a player through the page (decision 51), in a real
Chromium: each is a small dialog asking for the amount or the reason; a refusal is shown as
the server words it; every player reads the dealer's line with the reason; the removed
player is refused a seat with the reason; the ledger panel shows both entries with theirs.

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


def _row(host: Any, name: str) -> Any:
    """The host panel's line of the seated player ``name``."""
    return host.locator("#host-players li").filter(has_text=name)


def test_the_host_corrects_a_stack_and_removes_a_player_and_the_ledger_says_why(
    browser: Any, tmp_path: Path
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with served_room(tmp_path) as url:
        host, bea, cy = (
            plain_page(browser, DESKTOP),
            plain_page(browser, DESKTOP),
            plain_page(browser, DESKTOP),
        )
        host.goto(f"{url}/")
        host.fill("#create-name", "Ann")
        host.click("#create-submit")
        host.wait_for_selector("#felt")
        sit_at(host, 0, 1_000)
        link = invite_link(host)
        join_by_invite(bea, link, "Bea")
        sit_at(bea, 4, 1_000)
        join_by_invite(cy, link, "Cy")
        sit_at(cy, 5, 1_000)
        host.locator("#host-players li").filter(has_text="Cy").wait_for()

        # A correction without a reason: the server says why, the dialog stays open.
        _row(host, "Bea").locator("button", has_text="Correct stack").click()
        host.fill("#correct-stack-amount", "1200")
        host.click("#correct-stack-submit")
        refusal = host.locator("#correct-stack-submit-error")
        refusal.filter(has_text="Give a reason").wait_for()
        host.locator("dialog.host-dialog").screenshot(path=str(SHOTS / "correct-refused.png"))
        host.fill("#correct-stack-reason", "paid 200 in cash")
        host.click("#correct-stack-submit")
        host.locator("dialog.host-dialog").wait_for(state="detached")
        bea.locator(".seat.me").filter(has_text="1,200").wait_for()
        said = "The host set Bea's stack to 1,200 (was 1,000): paid 200 in cash"
        for page in (host, bea, cy):
            page.locator(".chat-lines li").filter(has_text=said).wait_for()

        _row(host, "Cy").locator("button", has_text="Remove").click()
        assert "may not sit here again" in host.locator("dialog.host-dialog").inner_text()
        host.fill("#remove-reason", "rude in the chat")
        host.locator("dialog.host-dialog").screenshot(path=str(SHOTS / "remove-dialog.png"))
        host.click("#remove-submit")
        cy.locator(".seat.me").wait_for(state="detached")
        for page in (host, bea, cy):
            page.locator(".chat-lines li").filter(
                has_text="The host removed Cy from the table: rude in the chat"
            ).wait_for()
            page.locator(".chat-lines li").filter(
                has_text="Cy leaves the table, cashed out with 1,000"
            ).wait_for()
        removed = host.locator("#host-removed li")
        removed.filter(has_text="Cy: rude in the chat").wait_for()
        assert removed.locator("button:has-text('Let back')").count() == 1

        # Cy's page says why and offers no seat (the server refuses one: test_protocol_...).
        cy.locator("#removed-note").filter(
            has_text="The host removed you from this table (rude in the chat)"
        ).wait_for()
        assert cy.locator("button[data-key^='sit-']").count() == 0
        cy.screenshot(path=str(SHOTS / "removed-player.png"), full_page=True)

        host.click("#ledger-refresh")
        reasons = host.locator("#ledger-reasons li")
        reasons.nth(1).wait_for()
        lines = reasons.all_inner_texts()
        host.locator("#ledger-title").scroll_into_view_if_needed()
        host.screenshot(path=str(SHOTS / "host-after.png"), full_page=True)
        host.locator("#ledger-reasons").screenshot(path=str(SHOTS / "ledger-reasons.png"))
        accounts = host.locator(".ledger table").first.inner_text()
    assert lines == [
        "Bea: stack corrected +200 \u2014 paid 200 in cash (before the first hand)",
        "Cy: cash-out 1,000 \u2014 removed by the host: rude in the chat (before the first hand)",
    ]
    assert "Bea\t1,200\t1,200\t0\t0" in accounts  # bought in, at the table, cashed out, net
