"""Cards: parsing, printing, the layout the evaluators rely on, shuffling."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import (
    CARDS,
    Card,
    CardError,
    Rank,
    Suit,
    full_deck,
    parse_card,
    parse_cards,
    shuffled,
)
from pokernight.randomness import secure_rng


@pytest.mark.parametrize(
    ("token", "expected"),
    [("Ah", "Ah"), ("td", "Td"), ("10d", "Td"), ("A♠", "As"), ("kS", "Ks"), ("2♣", "2c")],
)
def test_card_parses_common_spellings_and_prints_canonically(token: str, expected: str) -> None:
    assert str(parse_card(token)) == expected


@pytest.mark.parametrize("token", ["Xz", "1h", "A", "Ahh", "", "11c", "Ax"])
def test_malformed_card_error_names_the_token(token: str) -> None:
    with pytest.raises(CardError, match="is not a card"):
        parse_card(token)


def test_error_message_quotes_the_bad_token() -> None:
    with pytest.raises(CardError, match=r"^Xz is not a card$"):
        parse_card("Xz")


def test_parse_cards_accepts_run_together_and_separated_forms() -> None:
    assert parse_cards("AhKd 10c") == parse_cards("Ah, Kd, Tc") == parse_cards(["Ah", "Kd", "Tc"])


def test_parse_cards_refuses_a_duplicate_card() -> None:
    with pytest.raises(CardError, match="Ah appears twice"):
        parse_cards("Ah Kd ah")


def test_cards_are_interned_and_survive_pickling() -> None:
    card = parse_card("Qs")
    assert card is Card.of(Rank.QUEEN, Suit.SPADES)
    assert pickle.loads(pickle.dumps(card)) is card


def test_cards_order_by_rank_then_suit() -> None:
    assert sorted(CARDS) == list(CARDS)
    assert parse_card("2s") < parse_card("3c")
    assert parse_card("Ac") < parse_card("Ad") < parse_card("Ah") < parse_card("As")


@given(st.lists(st.sampled_from(CARDS), min_size=1, max_size=7, unique=True))
@settings(max_examples=300)
def test_sum_of_a_hand_encodes_rank_and_suit_counts(hand: list[Card]) -> None:
    total = sum(hand)
    ranks = Counter(card.rank for card in hand)
    suits = Counter(card.suit for card in hand)
    key = total >> 12
    for rank in Rank:
        assert key // 5**rank % 5 == ranks[rank]
    for suit in Suit:
        assert (total >> (3 * suit)) & 7 == suits[suit]


def test_full_deck_has_52_distinct_cards() -> None:
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52


@given(st.integers(min_value=0, max_value=2**64))
@settings(max_examples=200)
def test_shuffle_is_a_permutation_of_the_deck(seed: int) -> None:
    deck = shuffled(full_deck(), random.Random(seed))
    assert sorted(deck) == list(full_deck())


def test_seeded_shuffle_is_repeatable_and_differs_between_seeds() -> None:
    first = shuffled(full_deck(), random.Random(7))
    assert first == shuffled(full_deck(), random.Random(7))
    assert first != shuffled(full_deck(), random.Random(8))


def test_secure_shuffle_uses_the_os_csprng() -> None:
    rng = secure_rng()
    assert isinstance(rng, random.SystemRandom)
    assert sorted(shuffled(full_deck(), rng)) == list(full_deck())


def test_fisher_yates_is_uniform_on_a_small_deck() -> None:
    rng = random.Random(2026)
    counts = Counter(shuffled(CARDS[:3], rng) for _ in range(60_000))
    assert len(counts) == 6
    # each of the 6 orders expects 10,000; 5 standard deviations is about 456
    assert all(abs(count - 10_000) < 460 for count in counts.values())
