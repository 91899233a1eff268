"""High hands: categories, tie-breaks, the cards used and their names."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS, Card, CardError, parse_cards
from pokernight.evaluate import Category, HandStrength, evaluate_high, high_value


def strength(text: str) -> HandStrength:
    return evaluate_high(parse_cards(text))


def value(text: str) -> int:
    return high_value(parse_cards(text))


hands = st.lists(st.sampled_from(CARDS), min_size=5, max_size=7, unique=True)


@pytest.mark.parametrize(
    ("cards", "category", "used", "description"),
    [
        ("Ah Kh Qh Jh Th 2c 3d", Category.STRAIGHT_FLUSH, "Ah Kh Qh Jh Th", "Royal Flush"),
        (
            "5d 4d 3d 2d Ad Kc Ks",
            Category.STRAIGHT_FLUSH,
            "5d 4d 3d 2d Ad",
            "Straight Flush, Five high",
        ),
        ("As Ad Ac Ah Kd Kc Ks", Category.FOUR_OF_A_KIND, "As Ah Ad Ac Ks", "Four of a Kind, Aces"),
        (
            "Kh Kd Ks 5c 5d 5h 2c",
            Category.FULL_HOUSE,
            "Ks Kh Kd 5h 5d",
            "Full House, Kings full of Fives",
        ),
        ("2h 7h 9h Jh Qh Ac Ad", Category.FLUSH, "Qh Jh 9h 7h 2h", "Flush, Queen high"),
        ("Ah 2c 3d 4s 5h Kd Kc", Category.STRAIGHT, "5h 4s 3d 2c Ah", "Straight, Five high"),
        ("Ah Kc Qd Js Th 9h 2c", Category.STRAIGHT, "Ah Kc Qd Js Th", "Straight, Ace high"),
        (
            "7c 7d 7h Kd 2c 4s 9h",
            Category.THREE_OF_A_KIND,
            "7h 7d 7c Kd 9h",
            "Three of a Kind, Sevens",
        ),
        ("Ah Ad Kc Kd Qs Qh 2c", Category.TWO_PAIR, "Ah Ad Kd Kc Qs", "Two Pair, Aces and Kings"),
        ("Th Td 2c 5s 8d Jc Ah", Category.ONE_PAIR, "Th Td Ah Jc 8d", "One Pair, Tens"),
        ("2c 4d 6h 8s Tc Qd 3s", Category.HIGH_CARD, "Qd Tc 8s 6h 4d", "High Card, Queen"),
        ("6c 6d 6h 6s", Category.FOUR_OF_A_KIND, "6s 6h 6d 6c", "Four of a Kind, Sixes"),
        ("Ah Kd", Category.HIGH_CARD, "Ah Kd", "High Card, Ace"),
    ],
)
def test_hand_is_named_with_the_five_cards_it_uses(
    cards: str, category: Category, used: str, description: str
) -> None:
    result = strength(cards)
    assert (result.category, result.cards, result.description) == (
        category,
        parse_cards(used),
        description,
    )


def test_steel_wheel_beats_a_wheel_and_loses_to_a_six_high_straight_flush() -> None:
    assert value("5c 4d 3h 2s Ac") < value("5h 4h 3h 2h Ah") < value("6h 5h 4h 3h 2h")


def test_wheel_is_the_lowest_straight() -> None:
    assert value("5c 4d 3h 2s Ac") < value("6c 5d 4h 3s 2c") < value("Ac Kd Qh Js Tc")
    assert value("5c 4d 3h 2s Ac") > value("Ac Ad Ah Kc Qd")


def test_ace_king_queen_jack_and_two_is_not_a_straight() -> None:
    assert strength("Ac Kd Qh Js 2c").category is Category.HIGH_CARD


def test_kicker_decides_between_equal_pairs() -> None:
    assert value("Ah Ad Kc 7s 2d") > value("As Ac Qd Js Td")
    assert value("Ah Ad Kc 7s 3d") > value("As Ac Kd 7h 2c")


def test_fifth_kicker_beyond_the_best_five_does_not_count() -> None:
    board = "Ah Kd 9c 7s 5h"
    assert value(f"{board} 3c 2d") == value(f"{board} 4c 2s")


def test_board_plays_when_it_beats_both_hands() -> None:
    board = "Ts Js Qd Kh Ac"
    assert value(f"{board} 2c 3d") == value(f"{board} 4h 4c")


def test_third_pair_counterfeits_the_lowest_pair() -> None:
    # Board 9 9 5 5 K: 2-2 in hand gives three pairs, but only nines and fives with a king count.
    assert value("9h 9d 5s 5c Kh 2c 2d") == value("9h 9d 5s 5c Kh 3c 4d")


def test_two_trips_make_a_full_house_of_the_higher() -> None:
    result = strength("8c 8d 8h 4c 4d 4h Ac")
    assert result.description == "Full House, Eights full of Fours"


def test_quads_take_the_best_kicker_even_from_a_pair() -> None:
    assert value("9c 9d 9h 9s Kc Kd 2c") > value("9c 9d 9h 9s Qc Jd Tc")


def test_flush_with_seven_suited_cards_uses_the_top_five() -> None:
    assert strength("Ah Kh 9h 7h 5h 3h 2h").cards == parse_cards("Ah Kh 9h 7h 5h")


def test_straight_flush_beats_a_higher_flush_in_the_same_suit() -> None:
    assert strength("9h 8h 7h 6h 5h Ah Kh").category is Category.STRAIGHT_FLUSH


def test_showing_pair_beats_showing_ace_king() -> None:
    assert value("2c 2d") > value("Ac Kd")
    assert value("2c 2d 3s") > value("Ac Kd Qs")


def test_evaluate_high_refuses_a_duplicate_card() -> None:
    with pytest.raises(CardError, match="Ah appears twice"):
        evaluate_high([Card.of(12, 2), Card.of(12, 2)])


@pytest.mark.parametrize("size", [0, 8])
def test_evaluate_high_refuses_a_hand_of_the_wrong_size(size: int) -> None:
    with pytest.raises(CardError, match=f"not {size}"):
        evaluate_high(CARDS[:size])


@settings(max_examples=300)
@given(hands.flatmap(lambda cards: st.tuples(st.just(cards), st.permutations(cards))))
def test_value_does_not_depend_on_card_order(orders: tuple[list[Card], list[Card]]) -> None:
    cards, shuffled = orders
    assert high_value(shuffled) == high_value(cards)


@settings(max_examples=300)
@given(hands.filter(lambda cards: len(cards) < 7), st.sampled_from(CARDS))
def test_another_card_never_makes_the_best_five_worse(cards: list[Card], extra: Card) -> None:
    if extra not in cards:
        assert high_value([*cards, extra]) >= high_value(cards)


@settings(max_examples=300)
@given(hands)
def test_the_five_cards_used_are_worth_the_whole_hand(cards: list[Card]) -> None:
    result = evaluate_high(cards)
    assert len(result.cards) == 5
    assert set(result.cards) <= set(cards)
    assert high_value(result.cards) == result.value
