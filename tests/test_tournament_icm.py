"""Deals: ICM (Malmuth-Harville) and the chip chop, to the chip.

Properties: the amounts sum to the prizes in play exactly, and a larger stack never
gets less (equal stacks within a chip of each other).
"""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.tournament import TournamentError, chip_chop, icm_deal, icm_equities


def harville(stacks: list[int], prizes: list[int]) -> list[float]:
    """The oracle: every finishing order, its Harville chance, by brute force."""
    equities = [0.0] * len(stacks)
    for order in permutations(range(len(stacks))):
        chance, left = 1.0, float(sum(stacks))
        for player in order:
            chance *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order):
            if place < len(prizes):
                equities[player] += chance * prizes[place]
    return equities


def test_heads_up_equity_is_the_chip_share_of_the_difference() -> None:
    # 3:1 in chips for 700 and 300: 300 + 400 x 3/4 = 600, and 300 + 400 x 1/4 = 400.
    assert icm_equities([3_000, 1_000], [700, 300]) == pytest.approx([600.0, 400.0])


@pytest.mark.parametrize(
    ("stacks", "prizes"),
    [
        ([5_000, 3_000, 2_000], [500, 300, 200]),
        ([1_000, 1_000, 1_000, 7_000], [50, 30, 20]),
        ([10, 20, 30, 40, 50], [40, 25, 15, 10, 10]),
    ],
)
def test_icm_agrees_with_every_finishing_order(stacks: list[int], prizes: list[int]) -> None:
    assert icm_equities(stacks, prizes) == pytest.approx(harville(stacks, prizes))


def test_icm_gives_the_short_stack_more_than_its_chips_and_the_leader_less() -> None:
    stacks, prizes = [8_000, 1_000, 1_000], [500, 300, 200]
    deal = icm_deal({"big": 8_000, "a": 1_000, "b": 1_000}, prizes)
    assert deal["big"] < 0.8 * sum(prizes) and deal["a"] > 0.1 * sum(prizes)
    assert sum(deal.values()) == 1_000
    assert icm_equities(stacks, prizes)[0] < prizes[0]


def test_chip_chop_pays_the_lowest_prize_then_shares_by_chips() -> None:
    deal = chip_chop({"a": 6_000, "b": 3_000, "c": 1_000}, [500, 300, 200])
    # 200 each; the 400 left: 240, 120 and 40.
    assert deal == {"a": 440, "b": 320, "c": 240}


def test_a_deal_is_only_for_players_with_chips_and_sensible_prizes() -> None:
    with pytest.raises(TournamentError, match="every player in a deal has chips"):
        icm_deal({"a": 0, "b": 10}, [10, 5])
    with pytest.raises(TournamentError, match="never rising"):
        chip_chop({"a": 5, "b": 10}, [5, 10])
    with pytest.raises(TournamentError, match="1 to 12 players"):
        icm_equities([1] * 13, [10])


deals = st.tuples(
    st.lists(st.integers(1, 10**7), min_size=1, max_size=9),
    st.lists(st.integers(0, 10**6), min_size=1, max_size=9),
)


@settings(max_examples=150, deadline=None)
@given(deals, st.sampled_from(["icm", "chop"]))
def test_a_deal_sums_to_the_prizes_left_and_follows_the_stacks(
    case: tuple[list[int], list[int]], kind: str
) -> None:
    stacks, raw = case
    prizes = sorted(raw, reverse=True)
    players = {f"p{index}": stack for index, stack in enumerate(stacks)}
    deal = icm_deal(players, prizes) if kind == "icm" else chip_chop(players, prizes)
    assert sum(deal.values()) == sum(prizes[: len(stacks)])
    assert all(amount >= 0 for amount in deal.values())
    for one, stack in players.items():
        for other, other_stack in players.items():
            if stack > other_stack:
                assert deal[one] >= deal[other]
            elif stack == other_stack:
                assert abs(deal[one] - deal[other]) <= 1


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(1, 10**6), min_size=2, max_size=7), st.integers(1, 10**6))
def test_icm_equity_never_exceeds_first_prize_nor_falls_below_the_last(
    stacks: list[int], pool: int
) -> None:
    prizes = [pool // (place + 1) for place in range(len(stacks))]
    for equity in icm_equities(stacks, prizes):
        assert prizes[-1] - 1e-6 <= equity <= prizes[0] + 1e-6
