"""A draw round in a real Chromium (issue 22): the player taps cards to mark them, the
button says "Draw N" (or "Stand pat" with none marked), and the cards drawn replace the
ones thrown. The page only shows what the server says: the legal actions carry the draw
and how many may go; no frame the page receives names another seat's drawn cards.
A screenshot of the draw round goes to tests/artifacts/draw/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.test_web_games import (
    _at,
    _post,
    _versions,
    deal_one_hand_beside,
    my_turn_or_showdown,
    open_as_creator,
)
from tests.web_helpers import ARTIFACTS, FrameLog, served_room, wait_until_acted

pytestmark = pytest.mark.slow

SHOTS = ARTIFACTS / "draw"
MY_CARDS = """() => [...document.querySelectorAll('.seat.me .cards .card')]
    .map((card) => card.dataset.card ?? null)"""


def _others_drawn(log: FrameLog, mine: int) -> list[str]:
    """Cards of another seat's draw named in any frame the page received."""
    named = []
    for frame in log.frames:
        events = frame.get("hand") if isinstance(frame.get("hand"), list) else []
        if frame.get("type") == "snapshot" and frame.get("hand"):
            events = frame["hand"]["events"]
        for item in events or []:
            if item.get("type") == "CardsDrawn" and item["seat"] != mine:
                named += item.get("drawn", []) + item.get("discarded", [])
            if item.get("type") == "StubReshuffled":
                named += item.get("cards", [])
    return named


def test_a_draw_round_is_played_by_tapping_cards(browser: Any, tmp_path: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with served_room(tmp_path, hand_pause=0.2) as url:
        settings = {"variant": "27td", "seats": 3, "bot_delay_seconds": 0}
        created = _post(f"{url}/api/tables", {"name": "Ann", "settings": settings})
        context = browser.new_context(
            viewport={"width": 430, "height": 932}, reduced_motion="reduce", has_touch=True
        )
        page, log, errors = open_as_creator(context, url, created, "Ann")
        deal_one_hand_beside(url, created)
        draws = 0
        while not any(f.get("type") == "HandFinished" for f in _versions(log)):
            if not my_turn_or_showdown(page):
                continue
            version = page.evaluate("document.body.dataset.version")
            while not any(f["v"] == int(version) for f in _versions(log)):
                page.wait_for_timeout(20)
            legal = (_at(log, int(version))[0] or {})["legal"]
            if not legal.get("can_draw"):
                page.click("#act-call")
                wait_until_acted(page, version)
                continue
            assert legal["max_discard"] == 5
            assert page.locator("#act-draw .label").text_content() == "Stand pat"
            before = page.evaluate(MY_CARDS)
            choices = page.locator(".discard-cards .discard")
            assert choices.count() == 5
            throw = [
                choices.nth(0).get_attribute("data-card"),
                choices.nth(2).get_attribute("data-card"),
            ]
            choices.nth(0).tap()
            choices.nth(2).tap()
            choices.nth(4).tap()
            choices.nth(4).tap()  # tapped twice: unmarked again
            assert page.locator(".discard.marked").count() == 2
            assert page.locator("#act-draw .label").text_content() == "Draw 2"
            if draws == 0:
                page.wait_for_timeout(300)
                page.screenshot(path=str(SHOTS / "draw-round.png"), full_page=True)
            page.tap("#act-draw")
            wait_until_acted(page, version)
            page.locator(".discard-cards").wait_for(state="hidden")
            after = page.evaluate(MY_CARDS)
            assert len(after) == 5 and None not in after, after
            assert not set(throw) & set(after), (throw, after)
            assert set(before) - set(throw) <= set(after)
            draws += 1
        mine = next(f for f in _versions(log) if f.get("type") == "HandDealt")["seats"].index(0)
        context.close()
    assert not errors, errors
    assert draws >= 1, "the page's player drew at least once"
    assert _others_drawn(log, mine) == []
