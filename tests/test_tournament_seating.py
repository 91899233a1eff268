"""Where players sit: the first draw, balancing (TDA 10), breaking tables (TDA 9).

The balancing properties: whatever the tables and their positions, after balancing no
table has two players more than another; each player moved was the one due the big
blind next at their table (the first player clockwise after its last big blind), and
nobody moves into the next hand's small blind.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.table import Positions, plan_blinds
from pokernight.tournament.seating import (
    Move,
    balance,
    balancing_move,
    draw_seat,
    final_draw,
    first_draw,
    worst_seat,
)


def clockwise_after(seat: int, occupied: set[int], seats: int) -> int:
    """The oracle: walk round the table one seat at a time."""
    for step in range(1, seats + 1):
        if (seat + step) % seats in occupied:
            return (seat + step) % seats
    raise AssertionError("nobody at the table")


@st.composite
def tables_with_positions(
    draw: st.DrawFn,
) -> tuple[dict[int, dict[int, str]], dict[int, Positions], int]:
    """2 to 5 tables of ``seats`` seats, each with 1 to all seats taken, and the positions
    of a hand played there when more players sat (some have left since)."""
    seats = draw(st.integers(3, 10))
    count = draw(st.integers(2, 5))
    tables: dict[int, dict[int, str]] = {}
    positions: dict[int, Positions] = {}
    for number in range(1, count + 1):
        before = draw(st.lists(st.integers(0, seats - 1), min_size=2, max_size=seats, unique=True))
        plan = plan_blinds(None, sorted(before), (), (), seats)
        assert plan is not None
        positions[number] = plan.positions
        left = draw(st.lists(st.sampled_from(before), unique=True, max_size=len(before) - 1))
        now = sorted(set(before) - set(left))
        tables[number] = {seat: f"t{number}s{seat}" for seat in now}
    return tables, positions, seats


@settings(max_examples=300, deadline=None)
@given(tables_with_positions())
def test_balancing_leaves_no_table_two_players_above_another(
    case: tuple[dict[int, dict[int, str]], dict[int, Positions], int],
) -> None:
    tables, positions, seats = case
    moves = balance(tables, positions, seats)
    after = {number: dict(seated) for number, seated in tables.items()}
    for move in moves:
        source = after[move.from_table]
        big_blind = positions[move.from_table].big_blind
        assert big_blind is not None
        assert move.from_seat == clockwise_after(big_blind, set(source), seats), (
            "the player due the big blind next moves"
        )
        assert move.to_seat not in after[move.to_table]
        del source[move.from_seat]
        after[move.to_table][move.to_seat] = move.player_id
    sizes = [len(seated) for seated in after.values()]
    assert max(sizes) - min(sizes) <= 1
    assert sum(sizes) == sum(len(seated) for seated in tables.values())
    arrived: dict[int, set[int]] = {}
    for move in moves:
        arrived.setdefault(move.to_table, set()).add(move.to_seat)
    for number, seats_taken in arrived.items():
        if len(tables[number]) < 2:
            continue  # heads-up, the other seat always posts the small blind
        plan = plan_blinds(
            positions[number], sorted(after[number]), seats_taken, (), seats, deal_waiting=True
        )
        assert plan is not None
        assert plan.positions.small_blind not in seats_taken, "nobody moves into the small blind"


@settings(max_examples=200, deadline=None)
@given(tables_with_positions())
def test_balancing_never_takes_a_player_from_a_table_in_a_hand(
    case: tuple[dict[int, dict[int, str]], dict[int, Positions], int],
) -> None:
    tables, positions, seats = case
    busy = frozenset(number for number in tables if number % 2)
    move = balancing_move(tables, positions, seats, movable=tables, busy=busy)
    if move is not None:
        assert move.from_table not in busy
        assert len(tables[move.from_table]) > len(tables[move.to_table]) + 1


def test_the_moved_player_takes_the_big_blind_at_the_short_table() -> None:
    # Table 2 played a hand with button 0, small blind 1, big blind 2; seats 3 to 8 are
    # empty: seat 3 is the next big blind, the worst position.
    tables = {
        1: {seat: f"a{seat}" for seat in range(9)},
        2: {0: "b0", 1: "b1", 2: "b2"},
        3: {seat: f"c{seat}" for seat in range(8)},
    }
    positions = {1: Positions(4, 5, 6), 2: Positions(0, 1, 2), 3: Positions(0, 1, 2)}
    move = balancing_move(tables, positions, 9, movable=tables)
    assert move == Move("a7", 1, 7, 2, 3)


def test_a_player_moved_to_a_table_of_one_is_heads_up_on_the_button() -> None:
    # Heads-up the button posts the small blind: there is no other seat to take.
    assert worst_seat({0: "alone"}, Positions(0, 0, 2), 3) == 1


def test_worst_seat_is_never_the_small_blind() -> None:
    # The big blind (seat 2) has left: its seat would post the next small blind.
    seated = {0: "a", 1: "b", 5: "c", 6: "d"}
    assert worst_seat(seated, Positions(0, 1, 2), 9) == 3
    only_small_blind_or_later = {seat: f"p{seat}" for seat in (0, 1, 3, 4, 5, 6, 7, 8)}
    assert worst_seat(only_small_blind_or_later, Positions(0, 1, 2), 10) == 9


def test_stud_fills_the_seat_that_opened_last() -> None:
    tables = {1: {seat: f"a{seat}" for seat in range(8)}, 2: {0: "b0", 5: "b5", 7: "b7"}}
    move = balancing_move(tables, {}, 8, movable=tables, opened={2: [3, 1, 6, 2, 4]}, order=(2, 1))
    assert move is not None and move.to_table == 2 and move.to_seat == 4


def test_the_largest_tie_gives_the_table_that_breaks_first() -> None:
    tables = {
        1: {seat: f"a{seat}" for seat in range(6)},
        2: {seat: f"b{seat}" for seat in range(6)},
        3: {0: "c0", 1: "c1", 2: "c2", 3: "c3"},
    }
    move = balancing_move(tables, {}, 9, movable=tables, order=(2, 1, 3))
    assert move is not None and move.from_table == 2


@settings(max_examples=100, deadline=None)
@given(players=st.integers(2, 120), seats=st.integers(3, 10), seed=st.integers(0, 2**32))
def test_the_first_draw_uses_as_few_tables_as_hold_everybody(
    players: int, seats: int, seed: int
) -> None:
    names = [f"p{index}" for index in range(players)]
    tables = first_draw(names, seats, random.Random(seed))
    assert len(tables) == -(-players // seats)
    sizes = [len(seated) for seated in tables.values()]
    assert max(sizes) - min(sizes) <= 1
    assert sorted(player for seated in tables.values() for player in seated.values()) == sorted(
        names
    )
    assert all(0 <= seat < seats for seated in tables.values() for seat in seated)


def test_the_first_draw_is_random() -> None:
    names = [f"p{index}" for index in range(18)]
    draws = {str(first_draw(names, 9, random.Random(seed))) for seed in range(20)}
    assert len(draws) == 20


def test_a_drawn_seat_is_at_a_shortest_table() -> None:
    tables = {1: {0: "a", 1: "b", 2: "c"}, 2: {0: "d"}, 3: {4: "e", 5: "f"}}
    for seed in range(30):
        spot = draw_seat(tables, 6, random.Random(seed))
        assert spot is not None and spot[0] == 2 and spot[1] != 0
    full = {1: {seat: f"p{seat}" for seat in range(3)}}
    assert draw_seat(full, 3, random.Random(0)) is None


def test_the_final_table_is_drawn_afresh() -> None:
    players = [f"p{index}" for index in range(7)]
    seats = final_draw(players, 9, random.Random(3))
    assert sorted(seats.values()) == players
    assert len({str(final_draw(players, 9, random.Random(seed))) for seed in range(10)}) == 10
