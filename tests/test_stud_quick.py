"""The bots' quick stud equity: the same shares as the calculator's showdown, deal for deal,
and its batch evaluators the same values as the one-hand fast paths."""

from __future__ import annotations

import numpy as np
import pytest

from pokernight.cards import CARDS, parse_cards
from pokernight.equity import equity, scenario_for_variant
from pokernight.equity.showdown import deal_shares
from pokernight.equity.stud_quick import deal_pot_shares, quick_equity, random_deals
from pokernight.evaluate import low_value, wild_value
from pokernight.evaluate.batch import batch_low_values
from pokernight.evaluate.wild import NO_CARD, batch_wild_values
from pokernight.rules import VARIANTS

STUD_GAMES = ("stud", "razz", "stud8", "ftq", "baseball", "deuces", "chicago")


def _random_hands(rng: np.random.Generator, rows: int, size: int) -> np.ndarray:
    return np.argsort(rng.random((rows, len(CARDS))), axis=1)[:, :size]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_lows_are_the_fast_path_lows(size: int) -> None:
    hands = _random_hands(np.random.default_rng(size), 2000, size)
    expected = [low_value([CARDS[index] for index in row]) for row in hands.tolist()]
    assert batch_low_values(hands).tolist() == expected


def test_batch_wild_values_are_the_fast_path_values_row_by_row() -> None:
    """Each row its own wild ranks; short rows padded with ``NO_CARD`` (Baseball)."""
    rng = np.random.default_rng(7)
    hands = _random_hands(rng, 3000, 9)
    hands[::3, -2:] = NO_CARD
    wild_sets = [frozenset({10}), frozenset({10, 3}), frozenset({0}), frozenset({1, 7})]
    which = rng.integers(0, len(wild_sets), len(hands))
    expected = [
        wild_value([CARDS[index] for index in row if index != NO_CARD], wild_sets[set_at])
        for row, set_at in zip(hands.tolist(), which.tolist(), strict=True)
    ]
    assert batch_wild_values(hands, wild_sets, which).tolist() == expected


@pytest.mark.parametrize("game", STUD_GAMES)
def test_quick_shares_are_the_showdowns_deal_for_deal(game: str) -> None:
    """Third street, three hands, a queen showing (Follow the Queen) and a four (Baseball):
    every deal's shares as the calculator's showdown gives them."""
    hands = [parse_cards(cards) for cards in ("As 2s Qh", "Kd 7c 4h", "5c")]
    scenario = scenario_for_variant(VARIANTS[game], hands)
    deals = random_deals(scenario, 500, np.random.default_rng(1))
    expected = deal_shares(scenario, deals).pot
    assert np.array_equal(deal_pot_shares(scenario, deals), expected)


def test_quick_equity_is_within_sampling_error_of_the_exact_equity() -> None:
    """Seventh street against two cards to come for the opponent: the pool of permutations
    read through a random relabelling samples the deals uniformly."""
    mine, theirs = parse_cards("Ah Ad 9c 9s 4d 5d Kc"), parse_cards("Jh Th 8h 2h 3c")
    scenario = scenario_for_variant(VARIANTS["stud"], [mine, theirs])
    exact = equity(scenario).hands[0].equity
    sampled = quick_equity(scenario, 4000, np.random.default_rng(2))
    assert sampled.equity == pytest.approx(exact, abs=0.03)  # about four standard errors
    assert 0.01 < sampled.error < 0.02  # its own 95% bound: about two standard errors
