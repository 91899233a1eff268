"""A winner's result under their seat (``web/js/table_view.js``, issue 31): a board run
twice names the hand on each board, not the first one's alone."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web_helpers import module_page

RESULT = """async ([first, second, runTwice]) => {
    const { resultWords } = await import('/js/table_view.js');
    const hand = {
        firstBoard: runTwice ? ['As', 'Kd', '7c'] : null,
        shown: new Map(first === null ? [] : [[0, first]]),
        shownSecond: new Map(second === null ? [] : [[0, second]]),
    };
    return resultWords(hand, 0);
}"""


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    return module_page(browser)


def test_a_board_run_twice_names_the_hand_on_each_board(page: Any) -> None:
    words = page.evaluate(RESULT, ["Flush, ace high", "Pair of sevens", True])
    assert words == "Run 1: Flush, ace high \u00b7 Run 2: Pair of sevens"


def test_a_double_boards_result_names_its_boards(page: Any) -> None:
    assert page.evaluate(RESULT, ["Straight", "Two pair", False]) == (
        "Board 1: Straight \u00b7 Board 2: Two pair"
    )


def test_the_same_hand_on_both_boards_is_named_once(page: Any) -> None:
    assert page.evaluate(RESULT, ["Two pair", "Two pair", True]) == "Two pair (both runs)"
    assert page.evaluate(RESULT, ["Two pair", "Two pair", False]) == "Two pair (both boards)"


def test_one_board_names_its_hand_and_a_hand_won_unseen_says_wins(page: Any) -> None:
    assert page.evaluate(RESULT, ["Three of a kind", None, False]) == "Three of a kind"
    assert page.evaluate(RESULT, [None, None, False]) == "wins"
