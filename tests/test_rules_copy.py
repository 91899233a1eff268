"""``Hand.copy``: a copy plays on while the hand it was taken from stays as it was."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.rules import VARIANTS, Hand, default_stakes
from pokernight.rules.random_play import random_action
from tests.rules_helpers import random_hand


def looks(hand: Hand) -> tuple[object, ...]:
    return (hand.events, hand.stacks, hand.bets, hand.to_act, hand.legal_actions(), hand.pots)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), key=st.sampled_from(sorted(VARIANTS)))
def test_playing_a_copy_to_the_end_leaves_the_hand_as_it_was(seed: int, key: str) -> None:
    rng = random.Random(seed)
    variant = VARIANTS[key]
    hand = random_hand(variant, default_stakes(variant), rng)
    while not hand.is_over:
        before = looks(hand)
        twin = hand.copy()
        assert looks(twin) == before
        while not twin.is_over:  # the copy plays to the end
            legal = twin.legal_actions()
            assert legal is not None
            twin.act(random_action(legal, rng))
        assert looks(hand) == before, "the copy's play changed the hand"
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(random_action(legal, rng))
