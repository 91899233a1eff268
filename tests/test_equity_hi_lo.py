"""Hi-lo equity: the share of the pot as the showdown splits it, scoops and each half."""

from __future__ import annotations

import numpy as np

from pokernight.cards import CARDS, Card, parse_cards
from pokernight.equity import equity, scenario_for_variant
from pokernight.equity.hi_lo import NO_LOW, omaha_low_values, stud_low_values
from pokernight.evaluate.eight_low import eight_low_value, omaha_eight_low_value
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


def test_lows_read_from_rank_bits_are_the_evaluators_lows() -> None:
    rng = np.random.default_rng(3)
    deals = np.array([rng.permutation(52)[:9] for _ in range(5000)])
    hole, board, seven = deals[:, :4], deals[:, 4:9], deals[:, :7]

    def cards(row: list[int]) -> list[Card]:
        return [CARDS[index] for index in row]

    omaha = [
        omaha_eight_low_value(cards(h), cards(b))
        for h, b in zip(hole.tolist(), board.tolist(), strict=True)
    ]
    stud = [eight_low_value(cards(row)) for row in seven.tolist()]
    assert omaha_low_values(hole, board).tolist() == [NO_LOW if v is None else v for v in omaha]
    assert stud_low_values(seven).tolist() == [NO_LOW if v is None else v for v in stud]
