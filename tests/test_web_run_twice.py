"""Run it twice in a real Chromium, against a real room (issue 22): two friends go all in
before the flop at a table that plays run it twice; each is asked in turn and taps "Run
it twice"; the felt shows both boards, each named, and the showdown says which board won
which half. Saved as tests/artifacts/run-twice-question.png and run-twice.png."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.test_web_host import DESKTOP, _create_and_sit
from tests.web_helpers import (
    ARTIFACTS,
    FrameLog,
    _hand_events,
    invite_link,
    join_by_invite,
    served_room,
    wait_until_acted,
    watched_page,
)

# The room deals from a seed (the test-only POKERNIGHT_TEST_SHUFFLE_SEED): the same two
# boards every run, whatever they are; the assertions hold for any deal all the same.
RUN_TWICE_SEED = 22


def _my_turn(pages: list[Any]) -> Any:
    """The page whose turn it is, once one is."""
    for _ in range(200):
        for page in pages:
            if page.evaluate("document.body.dataset.myTurn") == "true":
                return page
        pages[0].wait_for_timeout(50)
    raise AssertionError("nobody's turn came")


def _tap(page: Any, button: str) -> None:
    version = page.evaluate("document.body.dataset.version")
    page.click(button)
    wait_until_acted(page, version)


def _board_chips(text: str) -> int:
    """The chips a board's line awards, whoever won them: "Bob wins 2,000", a board two
    players shared ("Bob wins 1,000, Ann wins 1,000"), or a split ("Ann and Bob split 60").
    The deal is the room's own: a test that read one winner failed on a shared board."""
    said = text.split(" from ", maxsplit=1)[0]
    split = re.search(r" split ([\d,]+)", said)
    amounts = [split.group(1)] if split else re.findall(r" wins ([\d,]+)", said)
    return sum(int(amount.replace(",", "")) for amount in amounts)


def test_two_friends_all_in_agree_to_run_it_twice_and_see_both_boards(
    browser: Any, tmp_path: Path
) -> None:
    # The pause also comes before the first deal; after the showdown it keeps the result
    # in view while the test reads it (one player is broke then, unless both boards tie).
    with served_room(tmp_path, hand_pause=5, seed=RUN_TWICE_SEED) as url:
        ann = watched_page(browser, viewport=DESKTOP)
        frames = FrameLog("ann")  # what the room sent Ann's page
        frames.watch(ann)
        ann.goto(f"{url}/")
        _create_and_sit(ann, lambda: ann.check("[name=run_it_twice]"))
        bob = watched_page(browser, viewport=DESKTOP)
        join_by_invite(bob, invite_link(ann), "Bob")
        bob.click("button[data-key='sit-1']")
        bob.click("#buy-in-submit")
        bob.wait_for_selector(".seat.me")
        ann.click("#host-start")
        pages = [ann, bob]
        for page in pages:
            page.locator(".hand-number").filter(has_text=re.compile("^Hand #1$")).wait_for()

        shover = _my_turn(pages)
        _tap(shover, "#act-allin")
        caller = _my_turn(pages)
        assert caller is not shover
        _tap(caller, "#act-call")

        # Asked in turn: the page to answer shows the question and nothing else to do.
        first = _my_turn(pages)
        other = bob if first is ann else ann
        question = first.locator(".runs-question")
        question.wait_for()
        assert "Run the rest of the board twice?" in question.inner_text()
        assert first.locator("#act-fold").is_hidden() and first.locator("#act-call").is_hidden()
        assert other.locator(".runs-question").is_hidden()
        assert first.locator(".board .card:not(.slot)").count() == 0  # nothing dealt yet
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        first.screenshot(path=str(ARTIFACTS / "run-twice-question.png"))
        _tap(first, "#act-twice")
        second = _my_turn(pages)
        assert second is other
        second.keyboard.press("t")  # the key says it too

        for page in pages:
            page.locator(".showdown .award").nth(1).wait_for()
            boards = [page.locator(f".board.run-{run} .card:not(.slot)") for run in (1, 2)]
            assert [board.count() for board in boards] == [5, 5]
            assert page.locator(".board.run-1 .run-label").inner_text() == "Run 1"
            first_cards = [boards[0].nth(i).get_attribute("data-card") for i in range(5)]
            second_cards = [boards[1].nth(i).get_attribute("data-card") for i in range(5)]
            assert first_cards != second_cards  # the second run's cards are new ones
            awards = page.locator(".showdown .award").all_inner_texts()
            assert [line.split(":")[0] for line in awards] == ["First board", "Second board"]
            # Both bought in alike and went all in: each board won half the pot.
            halves = [_board_chips(line) for line in awards]
            assert halves[0] == halves[1] > 0, awards
            log = page.locator("[aria-labelledby=log-title] .log").inner_text()
            assert "runs it twice" in log and "Second run" in log
            assert page.errors == [], page.errors
        announced = ann.locator("#winner .line").all_text_contents()
        assert [line.split(":")[0] for line in announced] == ["First board", "Second board"]
        # On a desktop the announcement is for screen readers: it covers neither board.
        banner = ann.locator("#winner").bounding_box()
        felt = ann.locator("#felt").bounding_box()
        assert banner is not None and felt is not None
        assert banner["x"] + banner["width"] <= felt["x"], "the announcement is off the felt"
        # Each winner's label names their hand on both boards (issue 31: the first only).
        for label in ann.locator(".seat .won").all_inner_texts():
            assert re.fullmatch(r"Run 1: .+ \u00b7 Run 2: .+|.+ \(both runs\)", label), label
        ann.wait_for_timeout(800)  # the second board's cards have landed
        ann.screenshot(path=str(ARTIFACTS / "run-twice.png"))
        # The room sent each answer as a hand event, the same to both players.
        answers = [
            (event["seat"], event["runs"])
            for frame in frames.frames
            for event in _hand_events(frame)
            if event.get("type") == "RunsChosen"
        ]
        assert sorted(runs for _, runs in answers) == [2, 2]
