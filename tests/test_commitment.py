"""The fairness commitment: one hash before the hand, any card provable alone after it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import Card, full_deck, shuffled
from pokernight.commitment import (
    Reveal,
    check_reveals,
    deck_commitment,
    deck_leaves,
    new_salt,
    position_key,
    reveal,
    verify_commitment,
)


def committed(seed: int) -> tuple[tuple[Card, ...], str, str]:
    rng = random.Random(seed)
    deck = shuffled(full_deck(), rng)
    salt = new_salt(rng)
    return deck, salt, deck_commitment(deck, salt)


def test_commitment_verifies_the_whole_deck_and_salt() -> None:
    deck, salt, commitment = committed(1)
    assert len(commitment) == 64
    assert verify_commitment(deck, salt, commitment)
    assert verify_commitment(deck, salt, commitment.upper())


def test_commitment_fails_if_two_cards_are_swapped_or_the_salt_changes() -> None:
    deck, salt, commitment = committed(2)
    swapped = (deck[1], deck[0], *deck[2:])
    assert not verify_commitment(swapped, salt, commitment)
    assert not verify_commitment(deck, new_salt(random.Random(3)), commitment)


@settings(max_examples=100)
@given(st.integers(0, 2**32), st.sets(st.integers(0, 51), max_size=20))
def test_revealed_cards_check_against_the_published_leaves(seed: int, shown: set[int]) -> None:
    deck, salt, commitment = committed(seed)
    proofs = reveal(deck, salt, [deck[i] for i in shown])
    assert [proof.position for proof in proofs] == sorted(shown)
    assert check_reveals(commitment, deck_leaves(deck, salt), proofs) == []


@settings(max_examples=100)
@given(st.integers(0, 2**32), st.integers(0, 51), st.integers(1, 51))
def test_a_card_claimed_at_another_position_is_caught(seed: int, at: int, shift: int) -> None:
    deck, salt, commitment = committed(seed)
    other = (at + shift) % 52
    honest = reveal(deck, salt, [deck[at]])[0]
    forged = Reveal(at, deck[other], honest.key)
    problems = check_reveals(commitment, deck_leaves(deck, salt), [forged])
    assert problems == [f"{deck[other]} is not the card committed at position {at}"]


def test_leaves_of_another_deck_do_not_give_the_commitment() -> None:
    _, _, commitment = committed(4)
    other_deck, other_salt, _ = committed(5)
    problems = check_reveals(commitment, deck_leaves(other_deck, other_salt), [])
    assert problems == ["the leaves do not give the published commitment"]


def test_one_positions_key_is_not_another_positions_key() -> None:
    salt = new_salt(random.Random(6))
    keys = {position_key(salt, position) for position in range(52)}
    assert len(keys) == 52
    assert salt not in keys


def test_malformed_leaves_are_refused_in_words() -> None:
    deck, salt, commitment = committed(7)
    leaves = list(deck_leaves(deck, salt))
    leaves[3] = "not a hash"
    assert check_reveals(commitment, leaves, []) == [
        "the leaves must be distinct SHA-256 hashes in hex"
    ]


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"position": -1, "card": "Ah", "key": "00"}, "-1 is not a deck position"),
        ({"position": 3, "card": "Zz", "key": "00"}, "Zz is not a card"),
        ({"position": 3, "card": "Ah"}, "needs its card and key"),
        ("Ah", "is an object"),
    ],
)
def test_a_malformed_reveal_says_why(data: object, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        Reveal.from_dict(data)


def test_reveal_round_trips_through_json() -> None:
    deck, salt, _ = committed(8)
    proof = reveal(deck, salt, [deck[10]])[0]
    assert Reveal.from_dict(proof.to_dict()) == proof
