"""Ace-to-five low (Razz), checked against PokerKit's RegularLowHand."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations_with_replacement

import pytest
from pokerkit import RegularLowHand

from pokernight.cards import CARDS, Card, CardError, format_cards, parse_cards
from pokernight.evaluate import Category, evaluate_high, evaluate_low, high_value, low_value
from tests.ranking import same_ranking


def value(text: str) -> int:
    return low_value(parse_cards(text))


def five_card_rank_multisets() -> list[tuple[Card, ...]]:
    """One hand for each of the 6,175 multisets of five ranks (suits by order of appearance)."""
    hands = []
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(rank) for rank in ranks) <= 4:
            hands.append(
                tuple(Card.of(rank, ranks[:index].count(rank)) for index, rank in enumerate(ranks))
            )
    return hands


def pokerkit_ranks(hands: Sequence[Sequence[Card]]) -> list[int]:
    """PokerKit's order of the hands as integers (higher is a better low)."""
    theirs = [RegularLowHand.from_game(format_cards(hand).replace(" ", "")) for hand in hands]
    order = {hand: position for position, hand in enumerate(sorted(set(theirs)))}
    return [order[hand] for hand in theirs]


def test_every_five_card_low_ranks_as_pokerkit_ranks_it() -> None:
    hands = five_card_rank_multisets()
    assert len(hands) == 6_175
    assert same_ranking([low_value(hand) for hand in hands], pokerkit_ranks(hands))


def test_random_seven_card_lows_rank_as_pokerkit_ranks_them() -> None:
    rng = random.Random(7)
    hands = [tuple(rng.sample(CARDS, 7)) for _ in range(2_000)]
    assert same_ranking([low_value(hand) for hand in hands], pokerkit_ranks(hands))


def test_wheel_is_the_best_low_though_it_is_a_straight_flush() -> None:
    result = evaluate_low(parse_cards("5h 4h 3h 2h Ah Kc Kd"))
    assert result.description == "5-4-3-2-A low"
    assert value("5h 4h 3h 2h Ah") > value("6c 4d 3h 2s Ac")


def test_low_is_decided_from_the_highest_card_down() -> None:
    assert value("8c 5d 4h 3s 2c") > value("8d 6c 3h 2s Ac")
    assert value("7c 6d 5h 4s 3c") > value("8d 4c 3h 2s Ac")


def test_any_unpaired_low_beats_any_paired_low() -> None:
    assert value("Kc Qd Jh Ts 9c") > value("Ac Ad 2h 3s 4c")


def test_razz_hand_drops_its_pairs_to_make_a_seven_low() -> None:
    result = evaluate_low(parse_cards("7h 5d 4c 2s Ad Kd Kc"))
    assert (result.description, result.cards) == ("7-5-4-2-A low", parse_cards("7h 5d 4c 2s Ad"))


def test_four_distinct_ranks_in_seven_cards_make_a_paired_low() -> None:
    result = evaluate_low(parse_cards("2c 2d 3c 3d 4c 4d 5c"))
    assert result.description == "Pair of Twos low"
    assert sorted(card.rank for card in result.cards) == [0, 0, 1, 2, 3]


def test_lowest_hand_showing_acts_first_in_razz() -> None:
    assert value("Ac 2d") > value("2c 3d") > value("Kc Kd")
    assert evaluate_low(parse_cards("3c 3d")).description == "Pair of Threes low"


def test_low_values_never_overlap_high_values() -> None:
    worst_low = value("Kc Kd Kh Ks Qc")
    assert evaluate_low(parse_cards("Kc Kd Kh Ks Qc")).category is Category.LOW
    assert worst_low > high_value(parse_cards("As Ah Ad Ac Kd")) > 0
    assert worst_low > evaluate_high(parse_cards("Ah Kh Qh Jh Th")).value


def test_evaluate_low_refuses_eight_cards() -> None:
    with pytest.raises(CardError, match="not 8"):
        evaluate_low(CARDS[:8])
