"""Omaha: exactly two hole cards and exactly three board cards, never more or fewer."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from phevaluator import _pheval

from pokernight.cards import CARDS, CardError, parse_cards
from pokernight.evaluate import Category, evaluate_omaha, high_value, omaha_value
from tests.ranking import same_ranking


def omaha(hole: str, board: str) -> int:
    return omaha_value(parse_cards(hole), parse_cards(board))


def test_four_hearts_in_hand_and_one_on_board_is_no_flush() -> None:
    assert omaha("Ah Kh Qh Jh", "2h 7c 8d 9s 3c") < omaha("2c 3c 4c 5c", "Ac Kd Qs Jh 9d")
    assert evaluate_omaha(parse_cards("Ah Kh Qh Jh"), parse_cards("2h 7c 8d 9s 3c")).category is (
        Category.HIGH_CARD
    )


def test_flush_on_the_board_needs_two_hole_cards_of_its_suit() -> None:
    board = "Ah Kh 8h 5h 2h"
    assert evaluate_omaha(parse_cards("Qh Jc Tc 9c"), parse_cards(board)).category is not (
        Category.FLUSH
    )
    assert evaluate_omaha(parse_cards("Qh 3h Tc 9c"), parse_cards(board)).category is Category.FLUSH


def test_straight_on_the_board_does_not_play() -> None:
    result = evaluate_omaha(parse_cards("Ac Ad Kc Kd"), parse_cards("5s 6h 7d 8c 9s"))
    assert result.category is Category.ONE_PAIR


def test_trips_in_hand_use_only_two_of_them() -> None:
    result = evaluate_omaha(parse_cards("Qc Qd Qh 2s"), parse_cards("Ks 7h 4d"))
    assert result.description == "One Pair, Queens"


def test_board_quads_play_as_trips_with_two_hole_cards() -> None:
    board = parse_cards("9c 9d 9h 9s 5c")
    assert evaluate_omaha(parse_cards("Ac Kd 3h 2s"), board).description == (
        "Three of a Kind, Nines"
    )
    assert evaluate_omaha(parse_cards("4c 4d 3h 2s"), board).description == (
        "Full House, Nines full of Fours"
    )


def test_the_cards_used_are_two_from_hand_and_three_from_board() -> None:
    hole, board = parse_cards("Ah Kh 7c 7d"), parse_cards("Qh Jh Th 7s 2c")
    result = evaluate_omaha(hole, board)
    assert result.description == "Royal Flush"
    assert len(set(result.cards) & set(hole)) == 2 and len(set(result.cards) & set(board)) == 3


@pytest.mark.parametrize(("hole_size", "board_size"), [(4, 3), (4, 4), (5, 5)])
def test_omaha_value_is_the_best_two_plus_three(hole_size: int, board_size: int) -> None:
    rng = random.Random(hole_size * 10 + board_size)
    for _ in range(500):
        cards = rng.sample(CARDS, hole_size + board_size)
        hole, board = cards[:hole_size], cards[hole_size:]
        best = max(
            high_value([*two, *three])
            for two in combinations(hole, 2)
            for three in combinations(board, 3)
        )
        assert omaha_value(hole, board) == best


def test_omaha_ranks_random_hands_as_phevaluator_does() -> None:
    rng = random.Random(4)
    deals = [rng.sample(CARDS, 9) for _ in range(20_000)]
    ours = [omaha_value(deal[:4], deal[4:]) for deal in deals]
    # phevaluator: board first, then the four hole cards; lower is better.
    theirs = [
        -_pheval.evaluate_omaha_cards(*(card.index for card in deal[4:] + deal[:4]))
        for deal in deals
    ]
    assert same_ranking(ours, theirs)


@pytest.mark.parametrize(
    ("hole", "board", "message"),
    [
        ("Ah Kh Qh", "2c 3c 4c", "4 or 5 hole cards, not 3"),
        ("Ah Kh Qh Jh", "2c 3c", "3 to 5 cards, not 2"),
        ("Ah Kh Qh Jh", "2c 3c Ah", "Ah appears twice"),
    ],
)
def test_evaluate_omaha_refuses_a_malformed_deal(hole: str, board: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        evaluate_omaha(parse_cards(hole), parse_cards(board))
