"""Rabbit hunting in a real Chromium, against a real room.

Ann opens a table with rabbit hunting on, plays heads-up against a bot and folds (or
checks when she may not fold) until a hand ends before the river; the host has paused
the game after each hand, so the rabbit is there to hunt. She taps "Rabbit hunt": the
board the hand would have dealt appears on the felt, marked as never dealt, and the
dealer says it. Saved as tests/artifacts/rabbit-hunt.png.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.test_web_host import DESKTOP, _add_bots, _create_and_sit
from tests.web_helpers import ARTIFACTS, FrameLog, plain_page, served_room, wait_until_acted

HANDS = 6


def _set_up(page: Any) -> None:
    page.fill("[name=bot_delay_seconds]", "0.1")
    page.check("[name=rabbit_hunting]")


def _hands_dealt(frames: FrameLog) -> int:
    return sum(frame.get("type") == "HandDealt" for frame in frames.frames)


def _fold_or_check_to_the_end(page: Any) -> None:
    while page.locator(".hand-number").inner_text() != "":
        if page.evaluate("document.body.dataset.myTurn") != "true":
            page.wait_for_timeout(50)
            continue
        version = page.evaluate("document.body.dataset.version")
        fold = page.locator("#act-fold")
        (fold if fold.is_enabled() else page.locator("#act-call")).click()
        wait_until_acted(page, version)


def test_a_hand_that_ended_early_shows_its_rabbit_on_the_felt(browser: Any, tmp_path: Path) -> None:
    with served_room(tmp_path, hand_pause=0.3) as url:
        ann = plain_page(browser, DESKTOP)
        frames = FrameLog("ann")
        frames.watch(ann)
        ann.goto(f"{url}/")
        _create_and_sit(ann, lambda: _set_up(ann))
        _add_bots(ann, "3")
        for _ in range(HANDS):
            dealt = _hands_dealt(frames)
            ann.click("#host-start")  # deal
            # Frames, not the page: a hand the bot folds in a blink may never be drawn.
            deadline = time.monotonic() + 30
            while _hands_dealt(frames) == dealt:
                assert time.monotonic() < deadline, "no hand was dealt"
                ann.wait_for_timeout(20)
            ann.click("#host-start")  # and pause after this hand
            _fold_or_check_to_the_end(ann)
            ann.wait_for_timeout(200)  # the hand's end, told
            if ann.locator("#rabbit-hunt").is_visible():
                break
        else:
            raise AssertionError(f"no hand of {HANDS} ended before the river")
        ann.click("#rabbit-hunt")
        rabbit = ann.locator(".board .card.rabbit")
        rabbit.first.wait_for()
        assert rabbit.count() in (2, 5)  # the turn and river, or the whole board
        assert all(
            "the rabbit, not dealt" in (rabbit.nth(i).get_attribute("aria-label") or "")
            for i in range(rabbit.count())
        )
        ann.locator(".chat-lines li:has-text('hunts the rabbit')").wait_for()
        ann.wait_for_selector("#rabbit-hunt", state="hidden")  # once a hand
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        ann.screenshot(path=str(ARTIFACTS / "rabbit-hunt.png"))
