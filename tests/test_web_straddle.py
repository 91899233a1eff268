"""A voluntary straddle in a real Chromium, against a real room: the host allows
straddles in the table's settings, Ann taps "Straddle under the gun", and the next time
she is under the gun the room posts her straddle, twice the big blind; she acts last
before the flop. Saved as tests/artifacts/straddle.png."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.test_web_host import _add_bots, _create_and_sit, _page
from tests.web_helpers import ARTIFACTS, FrameLog, served_room, wait_until_acted

SECONDS = 60  # three hands put her under the gun once; a bot thinks 0.1 s


def _set_up(page: Any) -> None:
    page.fill("[name=bot_delay_seconds]", "0.1")
    page.check("[name=voluntary_straddle]")


def _straddles(frames: FrameLog) -> list[dict[str, Any]]:
    return [
        item
        for frame in frames.frames
        for item in frame.get("hand") or []
        if isinstance(item, dict)
        and item.get("type") == "BlindPosted"
        and item.get("kind") == "straddle"
    ]


def _my_turn(page: Any) -> bool:
    return bool(page.evaluate("document.body.dataset.myTurn") == "true")


def test_a_player_who_chose_to_straddles_when_under_the_gun(browser: Any, tmp_path: Path) -> None:
    with served_room(tmp_path, hand_pause=0.3) as url:
        ann = _page(browser)
        frames = FrameLog("ann")
        frames.watch(ann)
        ann.goto(f"{url}/")
        _create_and_sit(ann, lambda: _set_up(ann))
        _add_bots(ann, "3", "5")
        ann.click("#straddle")
        ann.locator("#straddle[aria-pressed='true']").wait_for()
        ann.click("#host-start")
        deadline = time.monotonic() + SECONDS
        # She calls whatever comes until the room posts her straddle (frames, not the
        # page: a hand the bots fold round in a blink may never be drawn on a busy machine).
        while not _straddles(frames):
            assert time.monotonic() < deadline, "no straddle was posted"
            if _my_turn(ann):
                version = ann.evaluate("document.body.dataset.version")
                ann.click("#act-call")
                wait_until_acted(ann, version)
            else:
                ann.wait_for_timeout(50)
        (straddle,) = _straddles(frames)
        assert straddle["amount"] == 40
        ann.click("#host-start")  # pause after this hand
        while not _my_turn(ann) and ann.locator(".hand-number").inner_text() != "":
            assert time.monotonic() < deadline, "her turn never came"
            ann.wait_for_timeout(50)  # the others act first: she straddled, she acts last
        assert "null" not in ann.locator(".table-title").inner_text()
        ann.wait_for_timeout(800)  # the cards have landed
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        ann.screenshot(path=str(ARTIFACTS / "straddle.png"))
