"""The starting-hand table (``equity.starting_hands``): a class per suit pattern, its equity
what a fresh Monte Carlo finds, and used only where nothing but the own hand is known."""

from __future__ import annotations

import numpy as np
import pytest

from pokernight.cards import parse_cards
from pokernight.equity import equity
from pokernight.equity.scenario import scenario_for_variant
from pokernight.equity.starting_hands import class_key, starting_equity
from pokernight.rules import VARIANTS


def test_suit_patterns_share_a_class() -> None:
    assert class_key(parse_cards("AsAhKsKh")) == class_key(parse_cards("AdAcKcKd"))
    assert class_key(parse_cards("AsAhKsKh")) != class_key(parse_cards("AsAhKhKd"))


@pytest.mark.parametrize(
    ("game", "hand", "opponents"),
    [("plo", "AsAhKsKh", 1), ("plo", "7c2d9hQs", 3), ("plo8", "As2sKd3d", 2), ("nlsd", "AsKs", 1)],
)
def test_the_table_is_the_monte_carlo_equity(game: str, hand: str, opponents: int) -> None:
    scenario = scenario_for_variant(VARIANTS[game], [parse_cards(hand), *[()] * opponents])
    fresh = equity(scenario, samples=4000, exact_limit=0, rng=np.random.default_rng(7))
    assert starting_equity(scenario) == pytest.approx(fresh.hands[0].equity, abs=0.04)


def test_the_table_answers_only_the_first_street_against_unknown_hands() -> None:
    plo = VARIANTS["plo"]
    mine = parse_cards("AsAhKsKh")
    assert starting_equity(scenario_for_variant(plo, [mine, ()], parse_cards("2c3c4c"))) is None
    assert starting_equity(scenario_for_variant(plo, [mine, parse_cards("QdQc")])) is None
    assert starting_equity(scenario_for_variant(VARIANTS["nlhe"], [mine[:2], ()])) is None
