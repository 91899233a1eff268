"""The sizing buttons' amounts, checked against the engine at every decision of NL and PL hands.

The server sends these amounts with the legal actions, so no client works out a pot
or a pot-sized raise: each must be a bet the engine accepts, the pot-limit "Pot" must
be the engine's own limit, and the pot shown must hold every chip in the middle.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.rules import VARIANTS, Action, Hand, Stakes
from pokernight.rules.actions import BET_OR_RAISE
from pokernight.rules.presets import sizing_presets
from pokernight.rules.random_play import random_action
from tests.rules_helpers import random_hand

SEEDS = st.integers(min_value=0, max_value=2**32)
BOARD_GAMES = st.sampled_from(["nlhe", "plhe", "nlo", "plo"])
BLINDS = Stakes(small_blind=5, big_blind=10)


def _decisions(hand: Hand, rng: random.Random) -> int:
    """Play ``hand`` out, checking the presets at every decision; the decisions checked."""
    checked = 0
    total = sum(hand.stacks) + hand.total_pot
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        pot = hand.total_pot
        assert pot + sum(hand.stacks) == total  # the pot shown holds every chip in the middle
        presets = {preset.key: preset.to for preset in sizing_presets(legal, pot)}
        if legal.min_raise_to is None:
            assert presets == {}
        else:
            assert legal.max_raise_to is not None
            for key, to in presets.items():
                assert hand.can(Action(legal.seat, BET_OR_RAISE, to)), (key, to, legal)
            assert presets["max"] == legal.max_raise_to
            if legal.min_raise_to < legal.max_raise_to:
                assert presets["min"] == legal.min_raise_to
                assert presets["min"] <= presets["half"] <= presets["three_quarters"]
                assert presets["three_quarters"] <= presets["pot"] <= presets["max"]
                pot_sized = legal.call_to + pot + legal.call_amount
                if hand.variant.key.startswith("pl"):
                    # Pot-limit: the pot button is the limit the engine enforces.
                    assert presets["pot"] == legal.max_raise_to
                    assert legal.max_raise_to == min(
                        max(legal.min_raise_to, pot_sized), hand.bets[legal.seat]
                        + hand.stacks[legal.seat]
                    )  # fmt: skip
                else:
                    clamp = min(legal.max_raise_to, max(legal.min_raise_to, pot_sized))
                    assert presets["pot"] == clamp
            checked += 1
        hand.act(random_action(legal, rng))
    return checked


@settings(max_examples=200, deadline=None)
@given(SEEDS, BOARD_GAMES)
def test_every_preset_is_a_legal_bet_and_pot_limit_pot_is_the_limit(seed: int, key: str) -> None:
    rng = random.Random(seed)
    hand = random_hand(VARIANTS[key], BLINDS, rng)
    _decisions(hand, rng)


def test_presets_are_checked_on_every_street() -> None:
    """The property above is not empty: over a few hands, decisions with presets are checked
    on the flop, the turn and the river as well as before the flop."""
    streets: set[int] = set()
    for seed in range(40):
        rng = random.Random(seed)
        hand = random_hand(VARIANTS["plo" if seed % 2 else "nlhe"], BLINDS, rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal is not None
            if sizing_presets(legal, hand.total_pot):
                streets.add(hand.street_index)
            hand.act(random_action(legal, rng))
    assert streets == {0, 1, 2, 3}


def test_fixed_limit_offers_the_one_amount() -> None:
    rng = random.Random(3)
    hand = random_hand(VARIANTS["flhe"], BLINDS, rng)
    legal = hand.legal_actions()
    assert legal is not None and legal.min_raise_to is not None
    presets = sizing_presets(legal, hand.total_pot)
    assert [(preset.key, preset.to) for preset in presets] == [("max", legal.max_raise_to)]
