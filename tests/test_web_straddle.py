"""A voluntary straddle in a real Chromium, against a real room: the host allows
straddles in the table's settings, Ann taps "Straddle under the gun", and the next time
she is under the gun the room posts her straddle, twice the big blind; she acts last
before the flop. Saved as tests/artifacts/straddle.png. At a Mississippi table, Ann taps
"Straddle (any seat, the button too)" and straddles from the button: the small blind
acts first and she last. Saved as tests/artifacts/straddle-mississippi.png."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from tests.test_web_host import DESKTOP, _add_bots, _create_and_sit
from tests.web_helpers import (
    ARTIFACTS,
    FrameLog,
    _hand_events,
    _hand_frames,
    plain_page,
    served_room,
    wait_until_acted,
)

SECONDS = 60  # three hands put her under the gun once; a bot thinks 0.1 s


def _set_up(page: Any) -> None:
    page.fill("[name=bot_delay_seconds]", "0.1")
    page.select_option("[name=straddles]", "under_the_gun")


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
        ann = plain_page(browser, DESKTOP)
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


def _events_by_hand(frames: FrameLog) -> dict[int, list[dict[str, Any]]]:
    """Each hand's events as Ann was told them (snapshots repeat some: kept once each)."""
    hands: dict[int, list[dict[str, Any]]] = {}
    for frame, number in _hand_frames(frames):
        events = hands.setdefault(number, [])
        for item in _hand_events(frame):
            if item not in events:
                events.append(item)
    return hands


def test_a_mississippi_straddle_on_the_button_is_posted_and_the_small_blind_acts_first(
    browser: Any, tmp_path: Path
) -> None:
    with served_room(tmp_path, hand_pause=0.3) as url:
        ann = plain_page(browser, DESKTOP)
        frames = FrameLog("ann")
        frames.watch(ann)
        ann.goto(f"{url}/")

        def set_up() -> None:
            ann.fill("[name=bot_delay_seconds]", "0.1")
            ann.select_option("[name=straddles]", "mississippi")

        _create_and_sit(ann, set_up)
        _add_bots(ann, "2", "3", "4")
        straddle = ann.locator("#straddle")
        assert straddle.inner_text() == "Straddle (any seat, the button too)"
        straddle.click()
        ann.locator("#straddle[aria-pressed='true']").wait_for()
        assert straddle.inner_text() == "Straddling (any seat, the button too): stop"
        ann.click("#host-start")
        deadline = time.monotonic() + SECONDS
        # Seats 0 (Ann), 2, 3, 4: the first hand's button is Ann's, the bot under the gun
        # (4) does not straddle, so hers is the first straddle: from the button.
        while not _straddles(frames):
            assert time.monotonic() < deadline, "no straddle was posted"
            ann.wait_for_timeout(50)
        ann.click("#host-start")  # pause after this hand
        # Her straddle stays on: a hand that ends in folds may be followed by another she
        # straddles before the pause lands. The first is the one from the button.
        hands = _events_by_hand(frames)
        number = min(n for n, events in hands.items() if any(
            e["type"] == "BlindPosted" and e["kind"] == "straddle" for e in events))  # fmt: skip
        # The blinds and the bot under the gun act first (if all three fold, she wins it).
        while not _my_turn(ann) and not _ended(_events_by_hand(frames)[number]):
            assert time.monotonic() < deadline, "her turn never came"
            ann.wait_for_timeout(50)
        ann.wait_for_timeout(800)  # the cards have landed
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        ann.screenshot(path=str(ARTIFACTS / "straddle-mississippi.png"))
        events = _events_by_hand(frames)[number]
        started = next(e for e in events if e["type"] == "HandStarted")
        button = started["button"]
        assert started["straddles"] == [button], "the button straddles: Mississippi"
        posted = {e["kind"]: e for e in events if e["type"] == "BlindPosted"}
        assert posted["straddle"]["seat"] == button and posted["straddle"]["amount"] == 40
        acted = [e["seat"] for e in events if e["type"] == "ActionTaken"]
        count = len(started["stacks"])
        assert acted[:3] == [posted["small"]["seat"], posted["big"]["seat"], (button + 3) % count]
        if not _ended(events) and _my_turn(ann):  # her turn in that hand, not a later one
            assert len(acted) == 3, "she acts last, after the blinds and under the gun"
            # The hand in words says it (the page's log, from the server's events).
            assert ann.locator("ol.log li", has_text="Ann straddles 40").count() == 1


def _ended(events: list[dict[str, Any]]) -> bool:
    return any(e["type"] == "HandEnded" for e in events)
