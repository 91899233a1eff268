"""The dealing order worked out from a hand's events agrees with the engine's deal."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import Card, shuffled
from pokernight.rules import VARIANTS, CardsDealt, Hand, default_stakes, visible_events
from pokernight.rules.deal_positions import DealingError, dealt_cards
from tests.rules_helpers import play_randomly

SEEDS = st.integers(min_value=0, max_value=2**32)
VARIANT_KEYS = st.sampled_from(sorted(VARIANTS))


def played_hand(key: str, rng: random.Random) -> tuple[Hand, tuple[Card, ...]]:
    """A hand of ``key`` played randomly to its end, and the deck it was dealt from."""
    variant = VARIANTS[key]
    count = rng.randint(2, variant.max_players)
    stacks = [rng.randint(1, 400) for _ in range(count)]
    deck = shuffled(variant.cards, rng)
    hand = Hand.start(variant, default_stakes(variant), stacks, rng.randrange(count), deck)
    return play_randomly(hand, rng), deck


@settings(max_examples=150, deadline=None)
@given(SEEDS, VARIANT_KEYS)
def test_every_dealt_card_is_at_the_deck_position_the_engine_dealt_it_from(
    seed: int, key: str
) -> None:
    rng = random.Random(seed)
    hand, deck = played_hand(key, rng)
    dealt = dealt_cards(hand.events)
    for item in dealt:
        assert item.card == deck[item.position]
    assert sorted(item.card for item in dealt if item.card is not None) == sorted(
        card for event in hand.events if isinstance(event, CardsDealt) for card in event.cards
    )
    # A seat's view, with the others' down cards only counted, puts its cards in the same places.
    seat = rng.randrange(hand.player_count)
    seen = dealt_cards(visible_events(hand.events, seat))
    assert [item.position for item in seen] == [item.position for item in dealt]
    for mine, theirs in zip(seen, dealt, strict=True):
        assert mine.card is None or mine.card == theirs.card


def test_a_seat_dealt_out_of_turn_is_refused() -> None:
    hand, _ = played_hand("nlhe", random.Random(7))
    events = list(hand.events)
    first = next(i for i, item in enumerate(events) if isinstance(item, CardsDealt))
    events[first], events[first + 1] = events[first + 1], events[first]
    with pytest.raises(DealingError):
        dealt_cards(events)
