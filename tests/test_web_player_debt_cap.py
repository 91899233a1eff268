"""The host sets one player's debt cap through the page (seed 003, "Maximum Debt:
configurable per player"; decision 57), in a real Chromium: a refusal is shown as the server
words it, the player's own page says the cap is theirs and how much they may still add,
everybody reads the dealer's line, and the ledger marks the cap as the player's own.
A screenshot of the dialog and of the player's page: tests/artifacts/presets/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web_helpers import (
    ARTIFACTS,
    invite_link,
    join_by_invite,
    plain_page,
    served_room,
    sit_at,
)

pytestmark = pytest.mark.slow

DESKTOP = {"width": 1280, "height": 900}
SHOTS = ARTIFACTS / "presets"


def test_the_host_sets_beas_debt_cap_and_her_page_and_the_ledger_say_it(
    browser: Any, tmp_path: Path
) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with served_room(tmp_path) as url:
        host, bea = plain_page(browser, DESKTOP), plain_page(browser, DESKTOP)
        host.goto(f"{url}/")
        host.fill("#create-name", "Ann")
        host.select_option("#create-preset", "seed-003-house-rules")  # debt 1,000 each
        host.click("#create-submit")
        host.wait_for_selector("#felt")
        sit_at(host, 0, 1_000)
        join_by_invite(bea, invite_link(host), "Bea")
        sit_at(bea, 3, 400)
        bea.locator("#rebuy-hint").filter(
            has_text="You can add up to 600 (debt cap 1,000)."
        ).wait_for()
        row = host.locator("#host-players li").filter(has_text="Bea")
        row.wait_for()

        row.locator("button", has_text="Debt cap").click()
        dialog = host.locator("dialog.host-dialog")
        assert "Bea's debt cap (now 1,000, the table's)" in dialog.inner_text()
        host.fill("#debt-cap-amount", "100")
        host.click("#debt-cap-submit")
        host.locator("#debt-cap-submit-error").filter(
            has_text="would not allow the minimum buy-in of 200"
        ).wait_for()
        host.fill("#debt-cap-amount", "500")
        dialog.screenshot(path=str(SHOTS / "debt-cap-dialog.png"))
        host.click("#debt-cap-submit")
        dialog.wait_for(state="detached")

        bea.locator("#rebuy-hint").filter(
            has_text="You can add up to 100 (your own debt cap 500)."
        ).wait_for()
        for page in (host, bea):
            page.locator(".chat-lines li").filter(
                has_text="The host sets Bea's own debt cap to 500"
            ).wait_for()
        bea.get_by_label("Chips to add").fill("100")
        bea.click("#add-chips")
        bea.locator("#rebuy-hint").filter(
            has_text="You cannot add chips: you owe 500 and your own debt cap is 500. "
            "The host can raise it (it is yours alone)."
        ).wait_for()
        bea.screenshot(path=str(SHOTS / "debt-cap-player.png"), full_page=True)

        host.click("#ledger-refresh")
        cap = host.locator(".ledger tr").filter(has_text="Bea").locator("td.debt-cap")
        cap.filter(has_text="500 (own)").wait_for()
        assert (
            host.locator(".ledger tr").filter(has_text="Ann").locator("td.debt-cap").inner_text()
            == "1,000"
        )
