"""The browser's winning-five highlighter agrees with the server's evaluators.

``web/js/best_five.js`` packs values like ``evaluate.strength.pack``; run in
Chromium on random seven-card hands, its best value must equal the Python
``high_value`` (no wild cards) and ``wild_value`` (Follow the Queen's wild
ranks), and the five cards it picks must make that value.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pokernight.cards import CARDS, parse_cards
from pokernight.evaluate import high_value, wild_value
from tests.web_helpers import module_page

HANDS = 400
QUEEN = 10


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    return module_page(browser)


def _browser_best(page: Any, hands: list[list[str]], wild: list[list[int]]) -> list[Any]:
    result: list[Any] = page.evaluate(
        """async ([hands, wild]) => {
            const m = await import('/js/best_five.js');
            return hands.map((cards, i) => {
              const game = wild[i].length ? 'wild' : 'high';
              const best = m.bestFive(cards, [], { game, wildRanks: wild[i] });
              return [best.value, best.cards, m.fiveCardValue(best.cards, new Set(wild[i]))];
            });
        }""",
        [hands, wild],
    )
    return result


def _random_hands(rng: random.Random) -> tuple[list[list[str]], list[list[int]]]:
    hands, wild = [], []
    for number in range(HANDS):
        hands.append([str(card) for card in rng.sample(CARDS, 7)])
        follow = rng.randrange(13)
        wild.append([] if number % 2 else sorted({QUEEN, follow}))
    return hands, wild


def test_highlighted_five_make_the_same_value_as_the_server_evaluators(page: Any) -> None:
    hands, wild = _random_hands(random.Random(5))
    for cards, ranks, (value, five, five_value) in zip(
        hands, wild, _browser_best(page, hands, wild), strict=True
    ):
        held = parse_cards(" ".join(cards))
        expected = wild_value(held, frozenset(ranks)) if ranks else high_value(held)
        assert value == expected, (cards, ranks)
        assert len(five) == 5 and set(five) <= set(cards)
        assert five_value == expected


def test_five_of_a_kind_is_found_with_wild_queens(page: Any) -> None:
    cards = ["As", "Ah", "Ad", "Qc", "Qh", "2c", "7d"]
    [(value, five, _)] = _browser_best(page, [cards], [[QUEEN]])
    assert value >> 20 == 9  # Category.FIVE_OF_A_KIND
    assert sorted(five) == sorted(["As", "Ah", "Ad", "Qc", "Qh"])
