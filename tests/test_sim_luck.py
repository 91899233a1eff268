"""The luck of the cards taken out of a simulated hand (``sim.luck_term``, issue 39)."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.rules import VARIANTS, default_stakes, variant_for
from pokernight.sim import Simulation, play_hands
from pokernight.sim.luck_term import luck
from tests.rules_helpers import play_randomly, random_hand

GAMES = sorted(key for key in VARIANTS if not variant_for(key).is_draw)


@settings(max_examples=100, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1))
def test_the_seats_luck_sums_to_zero_in_every_game(game: str, seed: int) -> None:
    variant = variant_for(game)
    rng = random.Random(seed)
    hand = play_randomly(random_hand(variant, default_stakes(variant), rng), rng)
    # Few runouts for an equity: the sum is zero however rough each equity is.
    found = luck(hand.events, np.random.default_rng(seed), samples=20)
    assert len(found) == len(hand.stacks)
    assert abs(sum(found)) < 1e-6 * max(1.0, sum(abs(value) for value in found))


def test_a_draw_game_s_luck_is_left_at_zero() -> None:
    variant = variant_for("27td")
    rng = random.Random(3)
    hand = play_randomly(random_hand(variant, default_stakes(variant), rng), rng)
    assert luck(hand.events, np.random.default_rng(3)) == [0.0] * len(hand.stacks)


def test_between_calling_stations_the_cards_are_nearly_all_of_the_result() -> None:
    # Two stations check and call to every showdown: what each wins is the cards' doing.
    # Less their luck, what is left is small beside it, and the luck averages out at zero.
    simulation = Simulation("nlhe", ("station", "station"), 300, seed=8, luck=True)
    played = play_hands(simulation)
    assert played.skill[:, 0].var() < 0.25 * played.won[:, 0].var()
    standard_error = played.luck[:, 0].std(ddof=1) / np.sqrt(len(played))
    assert abs(played.luck[:, 0].mean()) < 3 * standard_error
