"""Eight or better: the worked examples of the split-pot rules, a brute-force oracle
over every five cards a player may use, and PokerKit's eight-or-better evaluators."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations, pairwise
from typing import Any

import pokerkit
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS, Card, CardError, parse_cards
from pokernight.evaluate.eight_low import (
    eight_low_value,
    evaluate_eight_low,
    evaluate_omaha_eight_low,
    omaha_eight_low_value,
)

SAMPLES = 20_000
Hand = tuple[Card, ...]


def test_a_low_needs_five_different_ranks_of_eight_or_lower() -> None:
    def low(text: str) -> int | None:
        return eight_low_value(parse_cards(text))

    assert low("As 2d 3c 4h 9s 9d Kc") is None  # four low ranks
    assert low("8s 8d 7c 6h 5s 4d Kc") is not None  # 8-7-6-5-4 plays: the pair is not used
    assert low("9s 7d 6c 5h 4s Td Kc") is None
    wheel, six, eight = low("As 2d 3c 4h 5s"), low("6s 4d 3c 2h As"), low("8s 7d 6c 5h 4s")
    assert wheel is not None and six is not None and eight is not None
    assert wheel > six > eight  # the wheel is the best low: straights do not count
    assert low("As 2s 3s 4s 5s") == wheel  # nor do flushes
    strength = evaluate_eight_low(parse_cards("8s 7d 6c 5h 4s 4d 3c"))
    assert strength is not None and strength.description == "7-6-5-4-3 low"
    with pytest.raises(CardError, match="5 to 7 cards, not 4"):
        evaluate_eight_low(parse_cards("As 2d 3c 4h"))


def test_omaha_takes_exactly_two_hole_cards_and_three_from_the_board() -> None:
    # Three low cards in the hand make no low with only one low card on the board...
    assert omaha_eight_low_value(parse_cards("As 2d 3c Kh"), parse_cards("4h Kd Qc Js 9s")) is None
    # ... nor four low board cards with one low card in the hand.
    assert omaha_eight_low_value(parse_cards("As Kd Kc Kh"), parse_cards("2h 3d 4c 5s 9s")) is None
    strength = evaluate_omaha_eight_low(parse_cards("As 2d Kc Kh"), parse_cards("3c 4h 8s 9d Tc"))
    assert strength is not None and strength.description == "8-4-3-2-A low"
    # A hand card that pairs the board is not used for the low: A-3 with 2-4-5.
    paired = evaluate_omaha_eight_low(parse_cards("As 3d 2c Kh"), parse_cards("2h 4d 5c Js Qs"))
    assert paired is not None and paired.description == "5-4-3-2-A low"


def _oracle(cards: Sequence[Card]) -> tuple[int, ...] | None:
    """The best five-card low by the rule's words: five different ranks, each eight or
    lower, aces low, compared from the highest card down (smaller is better)."""
    lows = []
    for five in combinations(cards, 5):
        ranks = sorted({(int(c.rank) + 1) % 13 + 1 for c in five}, reverse=True)
        if len(ranks) == 5 and ranks[0] <= 8:
            lows.append(tuple(ranks))
    return min(lows, default=None)


def _agree(pairs: list[tuple[tuple[int, ...] | None, int | None]]) -> None:
    """None exactly where the oracle finds no low, and the same order elsewhere."""
    assert all((key is None) == (value is None) for key, value in pairs)
    by_key = {key: value for key, value in pairs if key is not None}
    assert len(by_key) == len({value for _, value in pairs if value is not None})
    ordered = [by_key[key] for key in sorted(by_key, reverse=True)]  # worst first
    assert all(worse < better for worse, better in pairwise(ordered))  # type: ignore[operator]


def test_seven_card_lows_agree_with_the_oracle() -> None:
    rng = random.Random(8)
    hands = [tuple(rng.sample(CARDS, rng.choice((5, 6, 7)))) for _ in range(SAMPLES)]
    _agree([(_oracle(hand), eight_low_value(hand)) for hand in hands])


@settings(max_examples=300, deadline=None)
@given(st.permutations(CARDS), st.sampled_from((4, 5)), st.sampled_from((3, 4, 5)))
def test_omaha_lows_agree_with_the_oracle(deck: list[Card], holes: int, boards: int) -> None:
    hole, board = deck[:holes], deck[holes : holes + boards]
    best = min(
        (
            key
            for two in combinations(hole, 2)
            for three in combinations(board, 3)
            if (key := _oracle((*two, *three))) is not None
        ),
        default=None,
    )
    value = omaha_eight_low_value(hole, board)
    assert (best is None) == (value is None)
    if best is not None:
        assert value == eight_low_value(_cards_of(best, (*hole, *board)))


def _cards_of(ranks: tuple[int, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    by_rank = {(int(c.rank) + 1) % 13 + 1: c for c in cards}
    return tuple(by_rank[rank] for rank in ranks)


def _pokerkit_agrees(
    hands: list[tuple[Card, ...]], ours: list[int | None], theirs: Callable[[Hand], Any]
) -> None:
    def strength(hand: Hand) -> Any:
        try:
            return theirs(hand)
        except ValueError:  # PokerKit: "No valid ... hand can be formed"
            return None

    pairs = [(value, strength(hand)) for hand, value in zip(hands, ours, strict=True)]
    assert all((value is None) == (other is None) for value, other in pairs)
    ranked = sorted((value, other) for value, other in pairs if value is not None)
    for (low, low_theirs), (high, high_theirs) in pairwise(ranked):
        assert (low == high) == (low_theirs == high_theirs)
        assert low == high or low_theirs < high_theirs


@pytest.mark.slow
def test_stud_lows_agree_with_pokerkit() -> None:
    rng = random.Random(7)
    hands = [tuple(rng.sample(CARDS, 7)) for _ in range(SAMPLES)]
    _pokerkit_agrees(
        hands,
        [eight_low_value(hand) for hand in hands],
        lambda hand: pokerkit.EightOrBetterLowHand.from_game("".join(map(str, hand))),
    )


@pytest.mark.slow
def test_omaha_lows_agree_with_pokerkit() -> None:
    rng = random.Random(9)
    hands = [tuple(rng.sample(CARDS, 9)) for _ in range(SAMPLES // 4)]
    _pokerkit_agrees(
        hands,
        [omaha_eight_low_value(hand[:4], hand[4:]) for hand in hands],
        lambda hand: pokerkit.OmahaEightOrBetterLowHand.from_game(
            "".join(map(str, hand[:4])), "".join(map(str, hand[4:]))
        ),
    )
