"""Equity: exact enumeration against known values and brute force; Monte Carlo within its bound."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest

from pokernight.cards import CARDS, Card, parse_cards
from pokernight.equity import Scenario, Slot, WildState, equity, scenario_for_variant
from pokernight.evaluate import high_value, low_value, omaha_value, wild_value
from pokernight.rules import variant_for


def _brute_force_board_equity(
    hands: list[tuple[Card, ...]], board: tuple[Card, ...], value_of: object
) -> list[float]:
    used = {*board, *(card for hand in hands for card in hand)}
    deck = [card for card in CARDS if card not in used]
    shares = [0.0] * len(hands)
    deals = 0
    for rest in combinations(deck, 5 - len(board)):
        full = (*board, *rest)
        values = [value_of(hand, full) for hand in hands]  # type: ignore[operator]
        best = max(values)
        winners = [index for index, value in enumerate(values) if value == best]
        for index in winners:
            shares[index] += 1 / len(winners)
        deals += 1
    return [share / deals for share in shares]


def test_ace_king_suited_against_queens_preflop_is_46_to_54() -> None:
    scenario = scenario_for_variant(variant_for("nlhe"), [parse_cards("AhKh"), parse_cards("QsQd")])
    result = equity(scenario)
    assert result.exact and result.deals == 1_712_304
    ace_king, queens = result.hands
    # PokerStove / every equity calculator: 46.21% and 53.79%, 0.39% ties.
    assert ace_king.equity == pytest.approx(0.4621, abs=5e-5)
    assert queens.equity == pytest.approx(0.5379, abs=5e-5)
    assert ace_king.tie == pytest.approx(0.0039, abs=5e-5)


@pytest.mark.parametrize(
    ("hands", "board"),
    [
        (["AhKh", "QsQd"], "2c7d9h"),
        (["JcTc", "AsAd", "8h8s"], "9c8c2d"),
        (["5d5c", "AhKs"], "AdKd7s4h"),
    ],
)
def test_holdem_equity_after_the_flop_matches_brute_force(hands: list[str], board: str) -> None:
    cards = [parse_cards(hand) for hand in hands]
    dealt = parse_cards(board)
    result = equity(scenario_for_variant(variant_for("nlhe"), cards, dealt))
    expected = _brute_force_board_equity(
        cards, dealt, lambda hand, full: high_value([*hand, *full])
    )
    assert result.exact
    assert [hand.equity for hand in result.hands] == pytest.approx(expected, abs=1e-9)


def test_omaha_equity_on_the_turn_matches_brute_force() -> None:
    cards = [parse_cards("AhKhQd2c"), parse_cards("QsQcJdTd")]
    board = parse_cards("2d7d9h3s")
    result = equity(scenario_for_variant(variant_for("plo"), cards, board))
    expected = _brute_force_board_equity(cards, board, omaha_value)
    assert result.exact
    assert [hand.equity for hand in result.hands] == pytest.approx(expected, abs=1e-9)


def test_razz_equity_with_one_card_each_to_come_matches_brute_force() -> None:
    first, second = parse_cards("As2s3d4c9h8h"), parse_cards("2c3c5d6d7hKs")
    result = equity(scenario_for_variant(variant_for("razz"), [first, second]))
    deck = [card for card in CARDS if card not in {*first, *second}]
    wins = ties = 0
    for one in deck:
        for two in deck:
            if one != two:
                a, b = low_value([*first, one]), low_value([*second, two])
                wins += a > b
                ties += a == b
    deals = len(deck) * (len(deck) - 1)
    assert result.exact
    assert result.hands[0].win == pytest.approx(wins / deals)
    assert result.hands[0].tie == pytest.approx(ties / deals)


def test_follow_the_queen_equity_moves_the_wild_rank_with_a_queen_dealt_up() -> None:
    # Each player gets one more up card; a queen to the first player makes the
    # second player's next up card name the wild rank.
    first, second = parse_cards("Ah Kh 7c 7d 2s"), parse_cards("Ac Kc 9s 9d 3h")
    scenario = Scenario(
        "wild",
        (first, second),
        slots=(Slot(0, True), Slot(1, True)),
        wild=WildState(rank=int(parse_cards("5c")[0].rank)),
    )
    result = equity(scenario)
    deck = scenario.deck
    share = 0.0
    for one in deck:
        for two in deck:
            if one == two:
                continue
            wild = WildState(scenario.wild.rank).after([one.rank, two.rank]).at_showdown()
            a, b = wild_value([*first, one], wild), wild_value([*second, two], wild)
            share += 1.0 if a > b else 0.5 if a == b else 0.0
    assert result.exact
    assert result.hands[0].equity == pytest.approx(share / (len(deck) * (len(deck) - 1)))


def test_a_queen_dealt_last_face_up_leaves_only_queens_wild() -> None:
    assert WildState(rank=3).after([10]).at_showdown() == frozenset({10})
    assert WildState(rank=3).after([10, 5]).at_showdown() == frozenset({10, 5})
    assert WildState().after([10, 10, 7]).at_showdown() == frozenset({10, 7})


def test_monte_carlo_lands_within_its_error_bound_of_the_exact_value() -> None:
    scenario = scenario_for_variant(variant_for("nlhe"), [parse_cards("AhKh"), parse_cards("QsQd")])
    result = equity(scenario, samples=40_000, exact_limit=0, rng=np.random.default_rng(7))
    assert not result.exact and result.deals == 40_000
    assert 0 < result.error < 0.01
    assert abs(result.hands[0].equity - 0.4621) < result.error


def test_a_card_in_two_hands_is_refused() -> None:
    with pytest.raises(ValueError, match="Ah"):
        scenario_for_variant(variant_for("nlhe"), [parse_cards("AhKh"), parse_cards("AhQd")])
