"""A night without a snag (issue 31), in a real Chromium against a real room.

What a new group of friends ran into, each played as they played it: back from a replay
every click, key and chat is taken at once (and a replay opens beside the table); a
dealer's choice table says so and which game comes next, its fixed-limit hand offers no
sizing left from a no-limit one, a folded seat says so once, the last hand's Show goes
with the deal, the Add-chips box empties, the host's Deal button says it resumes; a
newcomer waiting for the host reads one note; the draw is played with the keyboard and
says "Click" on a desktop; a sit-and-go is set up from its lobby and takes its players
to their tables; the lobby's Starts at is for scheduled tournaments; the stream shows
the bets, the button and a bomb pot. Screenshots go to tests/artifacts/snags/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.test_web_host import DESKTOP, _add_bots, _create_and_sit
from tests.web_helpers import (
    ARTIFACTS,
    WAIT_MS,
    served_room,
    wait_until_acted,
    watched_page,
)

pytestmark = pytest.mark.slow

SHOTS = ARTIFACTS / "snags"


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _my_turn(page: Any) -> str:
    """Wait for the player's turn; the version it came at."""
    page.locator("body[data-my-turn='true']").wait_for(timeout=WAIT_MS)
    version: str = page.evaluate("document.body.dataset.version")
    return version


def _hand(page: Any, number: int) -> None:
    page.locator(".hand-number").filter(has_text=re.compile(rf"^Hand #{number}$")).wait_for(
        timeout=WAIT_MS
    )


def test_back_from_a_replay_every_click_key_and_chat_is_taken_at_once(
    browser: Any, tmp_path: Path
) -> None:
    """Item 1: back from a replay, clicks, keys and chat were silently dropped (the
    rebuilt screen's request ids were taken for resends). Item 4: Replay opens beside the
    table, which plays on."""
    with served_room(tmp_path, hand_pause=0.3) as url:
        ann = watched_page(browser, viewport=DESKTOP)
        ann.goto(f"{url}/")
        code = _create_and_sit(ann, lambda: ann.fill("[name=bot_delay_seconds]", "0.1"))
        _add_bots(ann, "3")
        ann.click("#host-start")
        version = _my_turn(ann)
        ann.click("#act-fold" if ann.locator("#act-fold").is_enabled() else "#act-call")
        wait_until_acted(ann, version)
        replay = ann.locator(".replay-link").first
        replay.wait_for(timeout=WAIT_MS)
        with ann.context.expect_page() as opened:
            replay.click()
        beside = opened.value
        beside.wait_for_selector("body[data-replay-step]", timeout=WAIT_MS)
        assert "/hand/" in beside.url and ann.locator("#felt").count() == 1
        beside.close()

        # The table screen built again in the same tab, as "Back to the table" does.
        ann.goto(f"{url}/#{code}/hand/1")
        ann.wait_for_selector("body[data-replay-step]", timeout=WAIT_MS)
        ann.click("a.back")
        ann.wait_for_selector("#felt")
        for turn, how in enumerate(("click", "key", "click"), start=1):
            version = _my_turn(ann)
            if how == "key":
                ann.locator("#chat-input").blur()  # the keys act off the chat box
                ann.keyboard.press("c")
            else:
                ann.click("#act-call")
            wait_until_acted(ann, version)  # taken at once: no "duplicate", no silence
            ann.fill("#chat-input", f"turn {turn} taken")
            ann.press("#chat-input", "Enter")
            ann.locator(".chat-lines li", has_text=f"turn {turn} taken").wait_for(timeout=WAIT_MS)
        assert ann.locator("#action-error").inner_text() == ""
        _shot(ann, "back-from-a-replay")
        assert ann.errors == [], ann.errors


def test_a_dealers_choice_night_says_what_comes_and_leaves_nothing_behind(
    browser: Any, tmp_path: Path
) -> None:
    """Items 7, 8, 9, 13 and 14 in one night of hold'em then stud at a dealer's choice
    table with a bot, paused between them."""
    with served_room(tmp_path, hand_pause=0.3) as url:
        ann = watched_page(browser, viewport=DESKTOP)
        ann.goto(f"{url}/")

        def dealers_choice() -> None:
            ann.fill("[name=bot_delay_seconds]", "0.1")
            ann.check("[name=dealers_choice][value=nlhe]")
            ann.check("[name=dealers_choice][value=stud]")

        _create_and_sit(ann, dealers_choice)
        _add_bots(ann, "3")
        choice = ann.locator("#dealers-choice")
        expect(choice).to_have_text("Dealer's choice \u00b7 next: No-Limit Hold'em")
        expect(ann.locator("#host-start")).to_have_text("Deal (start the game)")
        ann.click("#host-start")
        _hand(ann, 1)
        ann.click("#host-start")  # pause after this hand
        version = _my_turn(ann)
        assert ann.locator(".sizing").is_visible()  # no-limit: amounts to choose
        ann.click("#act-fold" if ann.locator("#act-fold").is_enabled() else "#act-call")
        wait_until_acted(ann, version)
        mine = ann.locator(".seat.me")
        if "folded" in (mine.get_attribute("class") or ""):  # item 13: said once, not twice
            assert mine.locator(".tag", has_text="Folded").count() == 1
            assert mine.locator(".tag.action").count() == 0
        ann.locator("#host-start", has_text="Deal again (resume the game)").wait_for(
            timeout=WAIT_MS
        )
        expect(choice).to_have_text("Dealer's choice \u00b7 next: Seven-Card Stud")
        show = ann.locator("#show-cards")
        shown_before_the_deal = show.is_visible()
        # Item 8: the box empties once the chips are added, and says what a stack may hold.
        ann.fill(".add-chips input", "100")
        ann.click("#add-chips")
        expect(ann.locator(".add-chips input")).to_have_value("")
        expect(ann.locator("#rebuy-hint")).not_to_contain_text("biggest stack")
        _shot(ann, "between-hands")

        ann.click("#host-start")  # the stud hand: fixed-limit
        _hand(ann, 2)
        assert ann.locator(".sizing").is_hidden()  # item 7: nothing left from hold'em
        if shown_before_the_deal:  # item 14: the last hand's Show goes with the deal
            expect(show).to_be_hidden()
        version = _my_turn(ann)
        assert ann.locator(".sizing").is_hidden()
        _shot(ann, "fixed-limit-stud")
        assert ann.errors == [], ann.errors


def test_a_newcomer_waiting_for_the_host_reads_one_note(browser: Any, tmp_path: Path) -> None:
    """Item 12: "You asked for seat 2: waiting for the host" and "Pick an empty seat" at once."""
    with served_room(tmp_path) as url:
        ann, bea = watched_page(browser, viewport=DESKTOP), watched_page(browser, viewport=DESKTOP)
        ann.goto(f"{url}/")
        code = _create_and_sit(ann, lambda: ann.check("[name=approve_seats]"))
        bea.goto(f"{url}/")
        bea.fill("#join-code", code)
        bea.fill("#join-name", "Bea")
        bea.click("#join-submit")
        expect(bea.locator(".spectator-area .hint")).to_have_text(re.compile("Pick an empty seat"))
        bea.click("button[data-key='sit-1']")
        bea.click("#buy-in-submit")
        bea.wait_for_selector("#seat-request-note:has-text('waiting for the host')")
        expect(bea.locator(".spectator-area .hint")).to_have_count(0)
        _shot(bea, "waiting-for-the-host")


def test_a_draw_is_played_with_the_keyboard(browser: Any, tmp_path: Path) -> None:
    """Items 3 and 15: Space on a card marked it and the focus fell to the page (the next
    Enter unmarked the first card); the prompt said "Tap" on a desktop."""
    with served_room(tmp_path, hand_pause=0.3) as url:
        ann = watched_page(browser, viewport=DESKTOP)
        ann.goto(f"{url}/")

        def five_card_draw() -> None:
            ann.select_option("[name=variant]", "nl5cd")
            ann.fill("[name=bot_delay_seconds]", "0.1")

        _create_and_sit(ann, five_card_draw)
        _add_bots(ann, "3")
        ann.click("#host-start")
        while True:  # check or call to the draw
            version = _my_turn(ann)
            if ann.locator("#act-draw").is_visible():
                break
            ann.click("#act-call")
            wait_until_acted(ann, version)
        expect(ann.locator(".draw-note")).to_have_text(re.compile("^Click the cards"))
        first = ann.locator(".discard-cards button").first
        card = first.get_attribute("data-card")
        first.focus()
        ann.keyboard.press("Space")
        focused = ann.evaluate("document.activeElement.dataset.card ?? null")
        assert focused == card, "the card just marked keeps the focus"
        expect(ann.locator(f".discard-cards button[data-card='{card}']")).to_have_attribute(
            "aria-pressed", "true"
        )
        ann.keyboard.press("Tab")
        ann.keyboard.press("Space")  # the second card, marked from the keyboard too
        expect(ann.locator(".discard-cards button.marked")).to_have_count(2)
        expect(ann.locator("#act-draw")).to_contain_text("Draw 2")
        _shot(ann, "draw-by-keyboard")
        ann.keyboard.press("d")
        wait_until_acted(ann, version)
        assert ann.errors == [], ann.errors


def test_a_sit_and_go_is_set_up_from_its_lobby_and_starts_at_the_table(
    browser: Any, tmp_path: Path
) -> None:
    """Items 5 and 15: the organiser registered and was sent to a page with only
    "Unregister"; the start did not take them to their table; Starts at showed for a
    sit-and-go."""
    with served_room(tmp_path, hand_pause=0.3) as url:
        boss = watched_page(browser, viewport=DESKTOP)
        boss.goto(f"{url}/")
        expect(boss.locator("#tournament-starts-at")).to_be_hidden()  # a sit-and-go's default
        boss.select_option("#tournament-format", "scheduled")
        expect(boss.locator("#tournament-starts-at")).to_be_visible()
        boss.select_option("#tournament-format", "sit-and-go")
        expect(boss.locator("#tournament-starts-at")).to_be_hidden()
        boss.fill("#tournament-entries", "3")
        boss.click("#tournament-submit")
        boss.fill("#entrant-name", "Boss")
        boss.click("#register-form button[type=submit]")
        add_bot = boss.locator("#add-bot")
        add_bot.wait_for(timeout=WAIT_MS)  # still the lobby: the director adds the bots here
        assert "/play" not in boss.url
        _shot(boss, "sit-and-go-registered")
        add_bot.click()
        expect(boss.locator("#seats-to-fill")).to_contain_text("1 more to start")
        boss.locator("#add-bot").click()
        boss.wait_for_url(re.compile(r"#tournament/\d+/play$"), timeout=WAIT_MS)
        boss.locator(".seat.me").wait_for(timeout=WAIT_MS)
        _shot(boss, "sit-and-go-at-the-table")
        assert boss.errors == [], boss.errors


def test_the_stream_shows_the_bets_the_button_and_a_bomb_pot(browser: Any, tmp_path: Path) -> None:
    """Item 16: a stream watcher could not follow the action."""
    with served_room(tmp_path, hand_pause=1.0) as url:
        ann = watched_page(browser, viewport=DESKTOP)
        ann.goto(f"{url}/")
        code = _create_and_sit(ann, lambda: ann.fill("[name=bot_delay_seconds]", "0.3"))
        _add_bots(ann, "2", "3")
        stream = watched_page(browser, viewport={"width": 1920, "height": 1080})
        stream.goto(f"{url}/stream.html#{code}")
        ann.click("#host-start")
        _hand(ann, 1)
        stream.locator(".stream-seat .dealer").wait_for(timeout=WAIT_MS)
        assert stream.locator(".stream-seat .dealer").count() == 1
        stream.locator(".stream-seat .bet").first.wait_for(timeout=WAIT_MS)  # the blinds
        _shot(stream, "stream-bets")
        ann.click("#host-bomb")  # the next hand
        for _ in range(1_200):  # Ann plays this one out (a minute at most)
            if stream.locator("#bomb-pot").count():
                break
            if ann.evaluate("document.body.dataset.myTurn") == "true":
                version = ann.evaluate("document.body.dataset.version")
                ann.click("#act-call")
                wait_until_acted(ann, version)
            else:
                ann.wait_for_timeout(50)
        expect(stream.locator("#bomb-pot")).to_contain_text("Bomb pot:")
        _shot(stream, "stream-bomb-pot")
        assert stream.errors == [], stream.errors
