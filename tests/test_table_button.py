"""Button and blinds: the dead-button rule, dealing in, seed 001 properties 16-18.

seed 001: see docs/seeds.md.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.table import DealPlan, Positions, plan_blinds, plan_stud

SEATS = 10


def clockwise_after(seat: int, players: list[int]) -> int:
    """The oracle: walk round the table one seat at a time."""
    for step in range(1, SEATS + 1):
        candidate = (seat + step) % SEATS
        if candidate in players:
            return candidate
    raise AssertionError("nobody to move to")


def stable_hands(players: list[int], hands: int) -> list[DealPlan]:
    plans: list[DealPlan] = []
    previous: Positions | None = None
    for _ in range(hands):
        plan = plan_blinds(previous, players, set(), set(), SEATS)
        assert plan is not None
        plans.append(plan)
        previous = plan.positions
    return plans


player_sets = st.lists(st.integers(0, SEATS - 1), min_size=2, max_size=SEATS, unique=True).map(
    sorted
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, SEATS - 1), st.sampled_from(["arrive", "leave", "stay"])),
        min_size=1,
        max_size=30,
    )
)
def test_big_blind_advances_one_seat_every_hand(changes: list[tuple[int, str]]) -> None:
    """Each hand the big blind is the next player clockwise who can play: nobody skips it."""
    players = [0, 3, 6]
    waiting: set[int] = set()
    previous = plan_blinds(None, players, set(), set(), SEATS)
    assert previous is not None
    for seat, change in changes:
        if change == "arrive" and seat not in players:
            players = sorted([*players, seat])
            waiting.add(seat)
        elif change == "leave" and seat in players and len(players) > 2:
            players.remove(seat)
            waiting.discard(seat)
        plan = plan_blinds(previous.positions, players, waiting, set(), SEATS)
        assert plan is not None
        assert previous.positions.big_blind is not None
        assert plan.positions.big_blind == clockwise_after(previous.positions.big_blind, players)
        assert plan.positions.big_blind in plan.seats
        waiting -= set(plan.seats)
        previous = plan


def test_dead_button_when_small_blind_seat_leaves() -> None:
    first = plan_blinds(None, [0, 1, 2, 3], set(), set(), SEATS)
    assert first is not None and first.positions == Positions(0, 1, 2)
    plan = plan_blinds(first.positions, [0, 2, 3], set(), set(), SEATS)
    assert plan is not None
    assert plan.positions == Positions(button=1, small_blind=2, big_blind=3)
    assert 1 not in plan.seats  # the button sits on an empty seat
    assert plan.seats[plan.hand_button] == 0  # the hand's small blind is left of seat 0: seat 2


def test_dead_small_blind_when_big_blind_seat_leaves() -> None:
    first = plan_blinds(None, [0, 1, 2, 3], set(), set(), SEATS)
    assert first is not None
    plan = plan_blinds(first.positions, [0, 1, 3], set(), set(), SEATS)
    assert plan is not None
    assert plan.positions == Positions(button=1, small_blind=2, big_blind=3)
    assert not plan.small_blind_posted


def test_new_player_waits_for_big_blind() -> None:
    first = plan_blinds(None, [0, 2, 4], set(), set(), SEATS)
    assert first is not None and first.positions == Positions(0, 2, 4)
    second = plan_blinds(first.positions, [0, 1, 2, 4], {1}, set(), SEATS)
    assert second is not None
    assert second.positions.big_blind == 0 and 1 not in second.seats
    third = plan_blinds(second.positions, [0, 1, 2, 4], {1}, set(), SEATS)
    assert third is not None
    assert third.positions.big_blind == 1 and 1 in third.seats


def test_new_player_may_post_big_blind_to_be_dealt_in() -> None:
    first = plan_blinds(None, [0, 2, 4], set(), set(), SEATS)
    assert first is not None
    plan = plan_blinds(first.positions, [0, 1, 2, 4], {1}, {1}, SEATS)
    assert plan is not None
    assert plan.positions.big_blind == 0
    assert plan.posted == (1,) and 1 in plan.seats


def test_no_post_between_button_and_small_blind() -> None:
    first = plan_blinds(None, [0, 2, 4, 6], set(), set(), SEATS)
    assert first is not None and first.positions == Positions(0, 2, 4)
    # Next hand: button 2, small blind 4, big blind 6; seat 3 sits between button and blind.
    plan = plan_blinds(first.positions, [0, 2, 3, 4, 6], {3}, {3}, SEATS)
    assert plan is not None
    assert plan.positions == Positions(2, 4, 6)
    assert plan.posted == () and 3 not in plan.seats


def test_first_hand_deals_everybody_in() -> None:
    plan = plan_blinds(None, [1, 5, 7], {5}, set(), SEATS)
    assert plan is not None
    assert plan.seats == (1, 5, 7) and plan.positions == Positions(1, 5, 7)


def test_heads_up_button_posts_small_blind() -> None:
    plan = plan_blinds(None, [2, 8], set(), set(), SEATS)
    assert plan is not None
    assert plan.positions.button == plan.positions.small_blind
    assert plan.positions.big_blind != plan.positions.button


def test_going_heads_up_nobody_takes_big_blind_twice() -> None:
    first = plan_blinds(None, [0, 1, 2], set(), set(), SEATS)
    assert first is not None and first.positions == Positions(0, 1, 2)
    plan = plan_blinds(first.positions, [1, 2], set(), set(), SEATS)  # the button left
    assert plan is not None
    assert plan.positions == Positions(button=2, small_blind=2, big_blind=1)


@settings(max_examples=150, deadline=None)
@given(player_sets, st.integers(1, 25))
def test_dealer_moves_to_next_active_player_clockwise(players: list[int], hands: int) -> None:
    """Seed 001, property 17 (with nobody arriving or leaving)."""
    plans = stable_hands(players, hands + 1)
    for before, after in itertools.pairwise(plans):
        assert after.positions.button == clockwise_after(before.positions.button, players)


@settings(max_examples=150, deadline=None)
@given(player_sets, st.integers(1, 25))
def test_blinds_sit_left_of_the_dealer(players: list[int], hands: int) -> None:
    """Seed 001, property 18: small blind left of the dealer, big blind left of it.

    Heads-up, the dealer posts the small blind (docs/rules.md).
    """
    for plan in stable_hands(players, hands):
        button, small, big = (
            plan.positions.button,
            plan.positions.small_blind,
            plan.positions.big_blind,
        )
        assert small is not None and big is not None
        if len(players) == 2:
            assert small == button
        else:
            assert small == clockwise_after(button, players)
        assert big == clockwise_after(small, players)
        assert plan.seats == tuple(players)


@settings(max_examples=100, deadline=None)
@given(player_sets, st.integers(1, 12))
def test_stud_button_moves_one_player_a_hand(players: list[int], hands: int) -> None:
    previous: Positions | None = None
    for _ in range(hands):
        plan = plan_stud(previous, players)
        assert plan is not None and plan.seats == tuple(players)
        if previous is not None:
            assert plan.positions.button == clockwise_after(previous.button, players)
        assert plan.positions.big_blind is None
        previous = plan.positions


def test_fewer_than_two_players_deal_no_hand() -> None:
    assert plan_blinds(None, [3], set(), set(), SEATS) is None
    assert plan_stud(None, [3]) is None
