"""The seeds' rooms in one click, in a real Chromium (decision 57): for each preset the
server sends, the host picks it under "Start from" in the lobby, reads the seed's lines it
follows, creates the table, and the server reports exactly the settings the preset makes
(``GET /api/tables/{code}``); seed 003's table shows its blind level. Picking "The room's
defaults" again gives the room's own. Screenshots of the lobby with each preset picked, and
of seed 003's table, go to tests/artifacts/presets/.
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from pokernight.server.tables.presets import PRESETS
from pokernight.server.tables.settings_input import ROOM_DEFAULTS, settings_from_json
from tests.web_helpers import ARTIFACTS, served_room, watched_page

pytestmark = pytest.mark.slow

SHOTS = ARTIFACTS / "presets"
DESKTOP = {"width": 1280, "height": 1400}


def table_settings(url: str, code: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{url}/api/tables/{code}", timeout=30) as response:
        settings: dict[str, Any] = json.loads(response.read())["settings"]
        return settings


def create_from(page: Any, url: str, key: str, name: str) -> str:
    """``name`` creates a table in the lobby from the preset ``key`` ("": the room's
    defaults); its code. A screenshot of the lobby with it picked is kept."""
    page.goto(f"{url}/")
    page.fill("#create-name", name)
    page.select_option("#create-preset", key)
    if key:
        page.locator("#preset-lines li").first.wait_for()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{key}.png"), full_page=True)
    page.click("#create-submit")
    page.wait_for_selector("#felt")
    code: str = page.evaluate("location.hash.slice(1)")
    return code


def test_each_preset_is_one_click_and_the_server_plays_what_it_says(
    browser: Any, tmp_path: Path
) -> None:
    with served_room(tmp_path) as url:
        page = watched_page(browser, viewport=DESKTOP)
        page.goto(f"{url}/")
        # The lobby is drawn once the catalogues and the games have come, after "load".
        page.locator("#create-preset option").first.wait_for(state="attached")
        offered = page.eval_on_selector_all(
            "#create-preset option", "(options) => options.map((o) => [o.value, o.textContent])"
        )
        assert offered == [
            ["", "The room's defaults"],
            *([preset.key, preset.name] for preset in PRESETS),
        ]
        for number, preset in enumerate(PRESETS):
            code = create_from(page, url, preset.key, f"Host{number}")
            assert table_settings(url, code) == preset.table_settings().to_dict(), preset.key
        # Seed 003's table says its blind level; the levels count from the first hand.
        page.locator("#blind-clock").filter(
            has_text="Level 1 of 8: 5/10 \u00b7 15-minute levels from the first hand"
        ).wait_for()
        page.screenshot(path=str(SHOTS / "seed-003-table.png"), full_page=True)
        # Dealt, the first level's 15 minutes run: the page counts down to 10/20.
        page.click("button[data-key='sit-0']")
        page.click("#buy-in-submit")
        page.wait_for_selector(".seat.me")
        page.select_option("#bot-seat", "3")
        page.click("#add-bot")
        page.locator(".seat[data-seat='3'] .bot-badge").wait_for()
        page.click("#host-start")
        page.locator("#blind-clock").filter(
            has_text=re.compile(r"^Level 1 of 8: 5/10 \u00b7 next 10/20 in 1[45]:\d\d$")
        ).wait_for()
        page.screenshot(path=str(SHOTS / "seed-003-dealt.png"), full_page=True)
        # The seed's lines are shown as it says them, with what the preset sets for each.
        page.goto(f"{url}/")
        page.select_option("#create-preset", "seed-003-house-rules")
        lines = page.locator("#preset-lines li").all_text_contents()
        assert lines[0].startswith("Blind Increases: Automatically increase on a timer")
        assert "a level every 15 minutes" in lines[0]
        assert page.locator("[name=debt_cap]").input_value() == "1000"
        assert page.locator("[name=blind_levels]").input_value().startswith("10/20, 15/30")
        # Back to the room's defaults: the table a friend expects, the form emptied of it.
        page.select_option("#create-preset", "")
        assert page.locator("#preset-lines li").count() == 0
        code = create_from(page, url, "", "Friend")
        assert table_settings(url, code) == settings_from_json(ROOM_DEFAULTS).to_dict()
        assert page.errors == []
