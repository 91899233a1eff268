"""The short-deck evaluator against a brute-force oracle on every five-card hand of the
36-card deck, and against PokerKit's ``ShortDeckHoldemHand`` on random seven-card hands."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from pokerkit import ShortDeckHoldemHand

from pokernight.cards import SHORT_DECK, SUIT_BITS, SUIT_FIELD_MASK, CardError, parse_cards
from pokernight.evaluate.short_deck import (
    evaluate_short_deck,
    short_deck_cards_used,
    short_deck_value,
)
from pokernight.evaluate.strength import Category
from tests.short_deck_oracle import oracle_key

FIVE_OF_A_SUIT = tuple(5 << 3 * suit for suit in range(4))


def _rank_tuple(rank_key: int) -> tuple[int, ...]:
    """The sorted ranks of a card sum's base-5 rank digits."""
    return tuple(rank for rank in range(13) for _ in range(rank_key // 5**rank % 5))


def test_every_five_card_hand_orders_as_the_oracle_says() -> None:
    """All C(36, 5) = 376,992 hands: the value and the oracle's key decide each other and
    order the hands alike. The oracle reads each hand's ranks and suits from the card sum
    (``cards``' documented layout), remembered per distinct (ranks, flush)."""
    keys: dict[tuple[int, bool], tuple[int, ...]] = {}
    pairs: set[tuple[int, tuple[int, ...]]] = set()
    hands = 0
    for five in combinations(SHORT_DECK, 5):
        total = sum(five)
        flush = total & SUIT_FIELD_MASK in FIVE_OF_A_SUIT
        found = (total >> SUIT_BITS, flush)
        key = keys.get(found)
        if key is None:
            key = keys[found] = oracle_key(_rank_tuple(found[0]), flush)
        pairs.add((short_deck_value(five), key))
        hands += 1
    assert hands == 376_992
    by_value = sorted(pairs)
    assert len({value for value, _ in by_value}) == len(by_value), "one key per value"
    assert len({key for _, key in by_value}) == len(by_value), "one value per key"
    ordered_keys = [key for _, key in by_value]
    assert ordered_keys == sorted(ordered_keys), "values order hands as the oracle does"


def test_random_seven_card_hands_compare_as_pokerkit_says() -> None:
    rng = random.Random("short-deck-pokerkit")
    for _ in range(1000):
        first, second = rng.sample(SHORT_DECK, 7), rng.sample(SHORT_DECK, 7)
        ours = short_deck_value(first), short_deck_value(second)
        theirs = [
            ShortDeckHoldemHand.from_game("".join(map(str, hand))) for hand in (first, second)
        ]
        assert (ours[0] < ours[1]) == (theirs[0] < theirs[1]), (first, second)
        assert (ours[0] == ours[1]) == (theirs[0] == theirs[1]), (first, second)


def value(text: str) -> int:
    return short_deck_value(parse_cards(text))


def test_a_flush_beats_a_full_house() -> None:
    assert value("Ah Jh 9h 7h 6h") > value("Ks Kh Kd 6c 6d")
    assert evaluate_short_deck(parse_cards("Ah Jh 9h 7h 6h Ks Kd")).category is Category.FLUSH


def test_ace_six_seven_eight_nine_is_the_lowest_straight() -> None:
    wheel = value("As 6c 7d 8h 9s")
    assert evaluate_short_deck(parse_cards("As 6c 7d 8h 9s")).description == "Straight, Nine high"
    assert value("6c 7d 8h 9s Tc") > wheel > value("Ac Ad Ah Kc Qd")
    assert value("Ah 6h 7h 8h 9h") > value("Ks Kh Kd Kc 6d"), "a straight flush"


def test_a_straight_beats_three_of_a_kind_as_in_pokerkit() -> None:
    assert value("6c 7d 8h 9s Tc") > value("Ac Ad Ah Kc Qd")


def test_the_five_cards_used_are_worth_the_whole_hand() -> None:
    rng = random.Random("short-deck-five")
    for _ in range(300):
        hand = rng.sample(SHORT_DECK, 7)
        hand_value = short_deck_value(hand)
        five = short_deck_cards_used(hand_value, hand)
        assert len(five) == 5 and set(five) <= set(hand)
        assert short_deck_value(five) == hand_value


def test_a_card_below_the_six_is_refused() -> None:
    with pytest.raises(CardError, match="5c is not in the short deck"):
        value("5c 6c 7c 8c 9c")
    with pytest.raises(CardError, match="a hand has 1 to 7 cards, not 8"):
        short_deck_value(SHORT_DECK[:8])
