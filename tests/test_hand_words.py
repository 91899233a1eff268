"""Hands and cards in the page's language (issue 38): the server sends each hand's name with
its structure (``rules.hand_names``), and the page words it from ``hands.json``.

Hands of every game are played at random (seeded); every name the engine gave them, and a
few the random hands rarely reach, must read back as structure, and the page's words for
it (``web/js/hand_words.js``, run in Node) must be the server's English exactly in English
(the name, and the phrase after "with" as the page said it before), and Spanish and German
from their own catalogues, for every category.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from pokernight.rules import VARIANTS, CardsShown, PotAwarded, default_stakes
from pokernight.rules.hand_names import hand_structure
from tests.page_words import page_words
from tests.rules_helpers import play_randomly, random_hand

# Names the random hands seldom make: A-5 lows with pairs, badugis of few cards, halves.
RARE = [
    "Two Pair, Fives and Twos low",
    "Three of a Kind, Fives low",
    "Full House, Fives full of Twos low",
    "Pair of Twos low",
    "Royal Flush",
    "Five of a Kind, Aces",
    "One card, K",
    "Two cards, 9-A",
    "Three cards, 8-4-2",
    "Badugi, 7-5-3-A",
    "high: One Pair, Kings, no low",
    "high: Flush, Ace high, low: 8-6-4-2-A low",
    "high: Straight, Ten high, spade: Ace",
    "high: Two Pair, Jacks and Tens, no spade",
]
CATEGORIES = {
    "royal_flush", "straight_flush", "straight", "flush", "full_house", "two_pair",
    "one_pair", "three_of_a_kind", "four_of_a_kind", "five_of_a_kind", "high_card",
    "no_pair", "badugi", "hi_lo",
}  # fmt: skip
# Names card rooms say in English in every language.
LOANWORDS = ("Badugi", "Royal Flush")
SCRIPT = """
const { handName, handPhrase } = await page("hand_words.js");
const { cardName, rankPlural } = await page("cards.js");
return {
  hands: input.hands.map((item) => [handName(item), handPhrase(item)]),
  cards: input.cards.map(cardName),
  plurals: [...Array(13).keys()].map(rankPlural),
};
"""


def _descriptions() -> list[str]:
    rng = random.Random(38)
    found: set[str] = set()
    for variant in VARIANTS.values():
        for _ in range(40):
            hand = play_randomly(random_hand(variant, default_stakes(variant), rng), rng)
            found.update(
                event.description
                for event in hand.events
                if isinstance(event, CardsShown | PotAwarded) and event.description
            )
    return sorted(found) + RARE


def _phrase_before(description: str) -> str:
    """The page's words after "with" as it made them from the English before (narrate.js)."""
    pair = re.fullmatch(r"One Pair, (.*)", description)
    words = re.sub(
        r"\b[A-Z][a-z]+",
        lambda word: word[0].lower(),
        f"pair of {pair[1]}" if pair else description,
    )
    article = re.match(r"(pair|straight|flush|full house|royal flush)", words)
    return f"a {words}" if article else words


@pytest.fixture(scope="module")
def hands() -> list[Any]:
    return [{"description": text, "hand": hand_structure(text)} for text in _descriptions()]


def _words(language: str, hands: list[Any]) -> Any:
    cards = [rank + suit for rank in "23456789TJQKA" for suit in "cdhs"]
    words, missing = page_words(language, SCRIPT, {"hands": hands, "cards": cards})
    assert missing == []
    return words


def test_every_hand_the_engine_names_reads_back_as_structure(hands: list[Any]) -> None:
    unread = [item["description"] for item in hands if item["hand"] is None]
    assert unread == []
    assert {item["hand"]["category"] for item in hands} == CATEGORIES


def test_the_pages_english_is_the_servers(hands: list[Any]) -> None:
    words = _words("en", hands)
    for item, (name, phrase) in zip(hands, words["hands"], strict=True):
        assert name == item["description"]
        assert phrase == _phrase_before(item["description"])
    assert words["cards"][-1] == "Ace of spades"
    assert words["plurals"][4] == "Sixes"


@pytest.mark.parametrize("language", ["es", "de"])
def test_spanish_and_german_say_every_category_their_way(language: str, hands: list[Any]) -> None:
    words = _words(language, hands)
    english = _words("en", hands)
    categories: set[str] = set()
    for item, (name, phrase), (english_name, _) in zip(
        hands, words["hands"], english["hands"], strict=True
    ):
        assert "{" not in name + phrase
        if re.search(r"[a-z]{3}", english_name):  # words, not only ranks ("7-5-4-3-2")
            categories.add(item["hand"]["category"])
            assert name != english_name or name.startswith(LOANWORDS), (language, name)
    assert categories == CATEGORIES
    assert words["cards"][-1] == {"es": "As de picas", "de": "Pik-Ass"}[language]
    assert len(set(words["cards"])) == 52
