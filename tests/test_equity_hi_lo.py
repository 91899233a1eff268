"""Hi-lo equity: the share of the pot as the showdown splits it, scoops and each half."""

from __future__ import annotations

import numpy as np

from pokernight.cards import parse_cards
from pokernight.equity import equity, scenario_for_variant
from pokernight.rules import VARIANTS


def test_a_quartered_river_is_three_quarters_and_a_quarter() -> None:
    hands = [parse_cards("Ac2cKsKd"), parse_cards("Ad2d9h9s")]
    result = equity(scenario_for_variant(VARIANTS["plo8"], hands, parse_cards("3h4s8dKh7c")))
    first, second = result.hands
    assert result.exact and result.deals == 1
    assert (first.equity, first.high, first.low, first.win) == (0.75, 1.0, 0.5, 0.0)
    assert (second.equity, second.high, second.low, second.tie) == (0.25, 0.0, 0.5, 1.0)


def test_without_a_low_the_high_hand_scoops() -> None:
    hands = [parse_cards("AsAh3c4c"), parse_cards("KhKd5d6d")]
    result = equity(scenario_for_variant(VARIANTS["o8"], hands, parse_cards("2c9hTsJdQc")))
    assert [hand.win for hand in result.hands] == [1.0, 0.0]
    assert [hand.low for hand in result.hands] == [0.0, 0.0]


def test_stud_hi_lo_shares_add_up_to_the_pot() -> None:
    hands = [parse_cards("Ah2h3c"), parse_cards("9s9dKc")]
    result = equity(
        scenario_for_variant(VARIANTS["stud8"], hands),
        samples=2000,
        rng=np.random.default_rng(1),
    )
    assert abs(sum(hand.equity for hand in result.hands) - 1) < 1e-9
    assert abs(sum(hand.high or 0 for hand in result.hands) - 1) < 1e-9
    low, no_low = result.hands[0].low, result.hands[1].low
    assert low is not None and no_low is not None and low > no_low
