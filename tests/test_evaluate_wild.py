"""The wild-card evaluator (Follow the Queen), proven against a brute-force oracle."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS, Card, CardError, Rank, parse_cards
from pokernight.evaluate import high_value
from pokernight.evaluate.strength import Category, pack
from pokernight.evaluate.wild import evaluate_wild, wild_value
from tests.wild_oracle import oracle_value

QUEENS = frozenset({Rank.QUEEN})
FIVE_ACES = pack(Category.FIVE_OF_A_KIND, (Rank.ACE,))

Deal = Callable[[random.Random, frozenset[int], int, int], list[Card]]


def follow_the_queen_wilds(rng: random.Random) -> frozenset[int]:
    """Queens, plus (usually) the rank that followed a face-up queen."""
    followed = rng.choice([*range(13), None])
    return QUEENS if followed is None else QUEENS | {followed}


def deal_uniform(
    rng: random.Random, wild_ranks: frozenset[int], size: int, wild_count: int
) -> list[Card]:
    """``size`` distinct cards of which exactly ``wild_count`` are wild."""
    wilds = [card for card in CARDS if card.rank in wild_ranks]
    naturals = [card for card in CARDS if card.rank not in wild_ranks]
    hand = rng.sample(wilds, wild_count) + rng.sample(naturals, size - wild_count)
    rng.shuffle(hand)
    return hand


def deal_clustered(
    rng: random.Random, wild_ranks: frozenset[int], size: int, wild_count: int
) -> list[Card]:
    """Naturals from a few ranks and suits, so flushes, straights and quads crowd together."""
    wilds = [card for card in CARDS if card.rank in wild_ranks]
    ranks = rng.sample([rank for rank in range(13) if rank not in wild_ranks], rng.randint(2, 6))
    suits = rng.sample(range(4), rng.randint(1, 3))
    naturals = [Card.of(rank, suit) for rank in ranks for suit in suits]
    needed = size - wild_count
    if len(naturals) < needed:
        naturals += rng.sample([c for c in CARDS if c not in naturals and c not in wilds], needed)
    hand = rng.sample(wilds, wild_count) + rng.sample(naturals, needed)
    rng.shuffle(hand)
    return hand


# (hand size, wild cards in it, hands): the budget goes where the cases are.
ORACLE_SWEEP = [
    *[(size, wilds, 3000) for size in (5, 6, 7) for wilds in (0, 1, 2)],
    *[(size, 3, 1000) for size in (5, 6, 7)],
    *[(size, 4, 300) for size in (5, 6, 7)],
    *[(8, wilds, 300) for wilds in (0, 1, 2, 3, 4)],
    *[(size, wilds, 400) for size in (1, 2, 3, 4) for wilds in range(size + 1)],
]


@pytest.mark.parametrize("deal", [deal_uniform, deal_clustered], ids=["uniform", "clustered"])
@pytest.mark.parametrize(("size", "wild_count", "hands"), ORACLE_SWEEP)
def test_wild_value_is_the_best_of_every_substitution(
    deal: Deal, size: int, wild_count: int, hands: int
) -> None:
    rng = random.Random(f"wild-{deal.__name__}-{size}-{wild_count}")
    for _ in range(hands):
        wild_ranks = follow_the_queen_wilds(rng)
        hand = deal(rng, wild_ranks, size, wild_count)
        assert wild_value(hand, wild_ranks) == oracle_value(hand, wild_ranks), hand


HOME_GAME_WILDS = {
    "baseball": frozenset({Rank.THREE, Rank.NINE}),
    "deuces": frozenset({Rank.TWO}),
}


@pytest.mark.parametrize("game", sorted(HOME_GAME_WILDS))
@pytest.mark.parametrize("size", range(5, 12))
def test_home_game_wild_ranks_against_the_oracle(game: str, size: int) -> None:
    """Baseball (threes and nines; up to eleven cards: seven and an extra down card for
    each of four fours dealt face up) and deuces wild (twos), clustered and uniform."""
    rng = random.Random(f"home-{game}-{size}")
    wild_ranks = HOME_GAME_WILDS[game]
    most = min(size, 4 * len(wild_ranks))
    for number in range(100):
        deal = deal_clustered if number % 2 else deal_uniform
        hand = deal(rng, wild_ranks, size, rng.randint(0, most))
        assert wild_value(hand, wild_ranks) == oracle_value(hand, wild_ranks), hand


@pytest.mark.parametrize("size", range(1, 8))
def test_without_wild_cards_the_value_is_the_plain_high_value(size: int) -> None:
    rng = random.Random(f"no-wilds-{size}")
    no_wild_ranks: frozenset[int] = frozenset()
    for _ in range(2000):
        hand = rng.sample(CARDS, size)
        value = wild_value(hand, no_wild_ranks)
        assert value == high_value(hand), hand
        assert value == oracle_value(hand, no_wild_ranks), hand


def test_wild_ranks_that_are_not_dealt_change_nothing() -> None:
    hand = parse_cards("As Kd 9h 9c 4s 3d 2c")
    assert wild_value(hand, QUEENS) == high_value(hand)


def value_of(text: str, wild_ranks: frozenset[int] = QUEENS) -> int:
    return wild_value(parse_cards(text), wild_ranks)


def test_four_aces_and_a_wild_queen_are_five_aces() -> None:
    strength = evaluate_wild(parse_cards("As Ah Ad Ac Qh"), QUEENS)
    assert strength.value == FIVE_ACES
    assert strength.category is Category.FIVE_OF_A_KIND
    assert strength.description == "Five of a Kind, Aces (wild: Qh)"


def test_five_of_a_kind_beats_a_royal_flush() -> None:
    assert value_of("9s 9h 9d Qc Qs") > value_of("As Ks Qs Js Ts", frozenset())


def test_five_wild_cards_are_five_aces() -> None:
    assert value_of("Qs Qh Qd Qc 7c", QUEENS | {Rank.SEVEN}) == FIVE_ACES
    assert value_of("Qs Qh Qd Qc 7c 7d 7h 7s", QUEENS | {Rank.SEVEN}) == FIVE_ACES


def test_wild_cards_complete_the_wheel() -> None:
    assert value_of("Ah 2c 3d Qs Qh") == pack(Category.STRAIGHT, (Rank.FIVE,))


def test_wild_cards_complete_a_suited_wheel_as_a_straight_flush() -> None:
    assert value_of("Ah 2h 3h Qs Qd") == pack(Category.STRAIGHT_FLUSH, (Rank.FIVE,))


def test_wild_card_may_duplicate_a_card_already_held() -> None:
    strength = evaluate_wild(parse_cards("Ah Qs Kh 9h 7h 2c"), QUEENS)
    assert strength.value == pack(
        Category.FLUSH, (Rank.ACE, Rank.ACE, Rank.KING, Rank.NINE, Rank.SEVEN)
    )
    assert strength.description == "Flush, Ace-Ace-King-Nine-Seven (wild: Qs)"
    # Two aces in a flush beat the best natural flush below them.
    assert strength.value > value_of("Ah Kh Qh Jh 9h", frozenset())


def test_four_of_a_kind_outranks_a_flush_made_from_the_same_cards() -> None:
    # The wild queen makes four nines or a heart flush; the quads win, king kicker.
    strength = evaluate_wild(parse_cards("9c 9d 9h Kh 4h 2h Qs"), QUEENS)
    assert strength.value == pack(Category.FOUR_OF_A_KIND, (Rank.NINE, Rank.KING))


def test_a_wild_queen_may_make_a_straight_flush_that_beats_four_of_a_kind() -> None:
    # Qs is the queen of hearts here: 8h 9h Th Jh Q = straight flush, over four eights.
    strength = evaluate_wild(parse_cards("8h 8c 8d 9h Th Jh Qs"), QUEENS)
    assert strength.value == pack(Category.STRAIGHT_FLUSH, (Rank.QUEEN,))
    assert strength.value > pack(Category.FOUR_OF_A_KIND, (Rank.EIGHT, Rank.JACK))


def test_a_spare_wild_card_kicks_as_an_ace() -> None:
    # Two wilds and two kings: four kings (both wilds used) beat trips with an ace kicker.
    assert value_of("Kc Kd Qs Qh 5c") == pack(Category.FOUR_OF_A_KIND, (Rank.KING, Rank.FIVE))
    # With one wild and no pair the wild pairs the ace, and the rest kick.
    assert value_of("Ac Kd Qs 8h 5c") == pack(
        Category.ONE_PAIR, (Rank.ACE, Rank.KING, Rank.EIGHT, Rank.FIVE)
    )


def test_a_wild_card_alone_is_an_ace() -> None:
    assert value_of("Qd") == pack(Category.HIGH_CARD, (Rank.ACE,))
    assert value_of("Qd Qc") == pack(Category.ONE_PAIR, (Rank.ACE,))


def test_short_hands_count_only_groups_of_a_rank() -> None:
    assert value_of("Ks Qh") == pack(Category.ONE_PAIR, (Rank.KING,))
    assert value_of("Ks Qh Qd") == pack(Category.THREE_OF_A_KIND, (Rank.KING,))
    assert value_of("Ks Kd Qh Qc") == pack(Category.FOUR_OF_A_KIND, (Rank.KING,))
    # Three suited connectors and a wild are no straight flush: that needs five cards.
    assert value_of("9h Th Jh Qh") == pack(Category.ONE_PAIR, (Rank.JACK, Rank.TEN, Rank.NINE))


def test_eight_suited_naturals_are_counted_without_overflow() -> None:
    assert value_of("2h 3h 4h 5h 7h 8h 9h Jh") == pack(
        Category.FLUSH, (Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN, Rank.FIVE)
    )
    assert value_of("2h 3h 4h 5h 7h 8h 9h Qh") == pack(Category.STRAIGHT_FLUSH, (Rank.NINE,))


def test_equal_hands_tie_whatever_cards_make_them() -> None:
    assert value_of("Ah Qs 2d 3c 4h") == value_of("Ad 2s 3h 4c 5d")
    sevens_and_queens = QUEENS | {Rank.SEVEN}
    assert value_of("As Ah Ad 7c Qs", sevens_and_queens) == value_of("As Ah Ad Ac Qh")
    assert evaluate_wild(parse_cards("Ah Qs 2d 3c 4h"), QUEENS) == evaluate_wild(
        parse_cards("Ad 2s 3h 4c 5d"), QUEENS
    )


@pytest.mark.parametrize(
    ("text", "description"),
    [
        ("As Ks Js Ts Qd 9d", "Royal Flush (wild: Qd)"),
        ("Kh Jh Th 9h Qc", "Straight Flush, King high (wild: Qc)"),
        ("Kh Kd Ks 5c 5d", "Full House, Kings over Fives"),
        ("Kh Kd 5s 5c Qd", "Full House, Kings over Fives (wild: Qd)"),
        ("Kh Kd 5s 5c 2d", "Two Pair, Kings and Fives"),
        ("Ah Kd 9s 5c 2d", "High Card, Ace"),
        ("Ah 2d 3s 4c 5d", "Straight, Five high"),
    ],
)
def test_the_description_names_the_hand_and_its_wild_cards(text: str, description: str) -> None:
    assert evaluate_wild(parse_cards(text), QUEENS).description == description


@pytest.mark.parametrize("size", range(1, 9))
def test_the_cards_shown_are_from_the_hand_and_make_its_value(size: int) -> None:
    rng = random.Random(f"shown-{size}")
    for _ in range(300):
        wild_ranks = follow_the_queen_wilds(rng)
        hand = rng.sample(CARDS, size)
        strength = evaluate_wild(hand, wild_ranks)
        assert len(strength.cards) == min(5, size)
        assert set(strength.cards) <= set(hand)
        assert wild_value(strength.cards, wild_ranks) == strength.value


def test_a_hand_of_no_cards_or_too_many_is_refused() -> None:
    with pytest.raises(CardError, match="a hand has 1 to 11 cards, not 0"):
        wild_value([], QUEENS)
    with pytest.raises(CardError, match="a hand has 1 to 11 cards, not 12"):
        wild_value(CARDS[:12], QUEENS)


def test_a_card_held_twice_is_refused() -> None:
    with pytest.raises(CardError, match="Ah appears twice"):
        evaluate_wild([*parse_cards("Ah Kd"), *parse_cards("Ah")], QUEENS)


def test_a_wild_rank_outside_two_to_ace_is_refused() -> None:
    with pytest.raises(ValueError, match="13 is not a rank"):
        wild_value(parse_cards("Ah Kd"), {13})


def test_something_that_is_not_a_card_is_refused() -> None:
    with pytest.raises(CardError, match="7 is not a card"):
        wild_value([Card.of(Rank.ACE, 0), 7], QUEENS)  # type: ignore[list-item]


def test_any_collection_of_wild_ranks_gives_the_same_value() -> None:
    hand = parse_cards("Ah 7d Qs 9h 9c")
    values = {
        wild_value(hand, wild_ranks)
        for wild_ranks in ({10, 5}, [Rank.SEVEN, Rank.QUEEN], (5, 10), frozenset({10, 5}))
    }
    assert values == {value_of("Ah 7d Qs 9h 9c", QUEENS | {Rank.SEVEN})}


hands = st.lists(st.sampled_from(CARDS), min_size=1, max_size=7, unique=True)
wild_rank_sets = st.frozensets(st.integers(0, 12), max_size=3)


@settings(max_examples=300, deadline=None)
@given(hands, wild_rank_sets, st.data())
def test_adding_a_wild_card_never_lowers_the_value(
    hand: list[Card], wild_ranks: frozenset[int], data: st.DataObject
) -> None:
    spare_wilds = [card for card in CARDS if card.rank in wild_ranks and card not in hand]
    assume(spare_wilds)
    wild = data.draw(st.sampled_from(spare_wilds))
    assert wild_value([*hand, wild], wild_ranks) >= wild_value(hand, wild_ranks)


@settings(max_examples=300, deadline=None)
@given(hands, wild_rank_sets, st.data())
def test_making_a_natural_card_wild_never_lowers_the_value(
    hand: list[Card], wild_ranks: frozenset[int], data: st.DataObject
) -> None:
    natural = data.draw(st.sampled_from(hand))
    more_wild = wild_ranks | {natural.rank}
    assert wild_value(hand, more_wild) >= wild_value(hand, wild_ranks)


@settings(max_examples=300, deadline=None)
@given(hands, wild_rank_sets, st.permutations(range(4)), st.randoms(use_true_random=False))
def test_the_value_ignores_which_suit_is_which_and_the_order_of_cards(
    hand: list[Card], wild_ranks: frozenset[int], suits: Sequence[int], rng: random.Random
) -> None:
    renamed = [Card.of(card.rank, suits[card.suit]) for card in hand]
    rng.shuffle(renamed)
    assert wild_value(renamed, wild_ranks) == wild_value(hand, wild_ranks)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=8, unique=True), wild_rank_sets)
def test_any_wild_ranks_and_hand_size_agree_with_the_oracle(
    hand: list[Card], wild_ranks: frozenset[int]
) -> None:
    assert wild_value(hand, wild_ranks) == oracle_value(hand, wild_ranks)
