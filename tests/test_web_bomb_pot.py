"""A bomb pot in a real Chromium, against a real room: the host taps "Bomb pot next
hand", the dealer says it, and the next hand opens on the flop with everybody's ante in
the pot and a "Bomb pot" badge by the hand number. Saved as
tests/artifacts/bomb-pot.png."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.test_web_host import DESKTOP, _add_bots, _create_and_sit
from tests.web_helpers import ARTIFACTS, plain_page, served_room, watched_page


def test_the_host_calls_a_bomb_pot_and_the_hand_opens_on_the_flop(
    browser: Any, tmp_path: Path
) -> None:
    with served_room(tmp_path, hand_pause=0.3) as url:
        ann = plain_page(browser, DESKTOP)
        ann.goto(f"{url}/")
        _create_and_sit(ann, lambda: ann.fill("[name=bot_delay_seconds]", "6"))
        _add_bots(ann, "3", "5")
        ann.click("#host-bomb")
        ann.locator(".chat-lines li:has-text('calls a bomb pot')").wait_for()
        ann.click("#host-start")
        ann.locator(".hand-number").filter(has_text=re.compile("^Hand #1$")).wait_for()
        assert ann.locator("#bomb-pot").inner_text() == "Bomb pot: 40 each"
        assert ann.locator(".board .card:not(.slot)").count() == 3  # the flop, at once
        assert ann.locator("#pot").inner_text().startswith("Pot 120")
        ann.wait_for_timeout(1500)  # the cards have landed (the bots think for 3 s or more)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        ann.screenshot(path=str(ARTIFACTS / "bomb-pot.png"))


def test_a_double_board_bomb_pot_opens_on_two_flops_each_named(
    browser: Any, tmp_path: Path
) -> None:
    def set_up() -> None:
        ann.fill("[name=bot_delay_seconds]", "6")
        ann.check("[name=bomb_pot_double_board]")

    with served_room(tmp_path, hand_pause=0.3) as url:
        ann = watched_page(browser, viewport=DESKTOP)
        ann.goto(f"{url}/")
        _create_and_sit(ann, set_up)
        _add_bots(ann, "3", "5")
        ann.click("#host-bomb")
        ann.locator(".chat-lines li:has-text('calls a bomb pot')").wait_for()
        ann.click("#host-start")
        ann.locator(".hand-number").filter(has_text=re.compile("^Hand #1$")).wait_for()
        boards = [ann.locator(f".board.run-{n} .card:not(.slot)") for n in (1, 2)]
        assert [board.count() for board in boards] == [3, 3]  # two flops, at once
        labels = ann.locator(".board .run-label").all_inner_texts()
        assert labels == ["Board 1", "Board 2"]
        log = ann.locator("[aria-labelledby=log-title] .log").inner_text()
        assert "Second board: " in log  # the hand log tells the second flop
        assert ann.errors == [], ann.errors
        ann.wait_for_timeout(1500)  # the cards have landed (the bots think for 3 s or more)
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        ann.screenshot(path=str(ARTIFACTS / "bomb-pot-double-board.png"))
