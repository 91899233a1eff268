"""Bomb pots at the table: every N hands, or when the host calls one; the hand is dealt
with everybody's ante, no blinds and no betting before the flop (``rules``)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pokernight.rules import AntePosted, BlindPosted
from pokernight.table import (
    BombPotCalled,
    CallBombPot,
    HandDealt,
    Table,
    TableError,
    TableSettings,
)
from tests.table_helpers import NINE_SEATS, check_down, events_of, seated, start

EVERY_THIRD = replace(NINE_SEATS, bomb_pot_every=3, bomb_pot_ante=30)


def dealt(table: Table, seed: int) -> HandDealt:
    hand = start(table, seed=seed)
    check_down(table)
    return hand


def test_every_third_hand_is_a_bomb_pot_of_the_agreed_ante() -> None:
    table = seated({0: 1000, 3: 1000, 5: 1000}, EVERY_THIRD)
    bombs = [dealt(table, seed).bomb_pot for seed in range(1, 7)]
    assert bombs == [0, 0, 30, 0, 0, 30]
    assert table.chips_at_table() == 3000


def test_the_host_calls_one_for_the_next_hand_and_nobody_else_can() -> None:
    table = seated({0: 1000, 3: 1000}, NINE_SEATS)
    with pytest.raises(TableError, match="only the host can call a bomb pot"):
        table.verify(CallBombPot("p3"), 0.0)
    assert events_of(table, CallBombPot("p0"), 0.0) == [BombPotCalled()]
    with pytest.raises(TableError, match="a bomb pot is called already"):
        table.verify(CallBombPot("p0"), 0.0)
    start(table, seed=4)
    assert table.started is not None and table.started.bomb_pot == 40  # two big blinds
    assert table.hand is not None
    posted = [e for e in table.hand.events if isinstance(e, AntePosted | BlindPosted)]
    assert [(type(e).__name__, e.amount) for e in posted] == [("AntePosted", 40)] * 2
    assert table.hand.street_index == 1  # the flop, with no betting before it
    check_down(table)
    assert dealt(table, 5).bomb_pot == 0  # one hand, then as usual


def test_a_called_bomb_pot_waits_for_a_game_with_a_flop_in_dealers_choice() -> None:
    rotation = TableSettings.for_variant(
        "nlhe", dealers_choice=("stud", "nlhe"), debt_cap=None, seats=6
    )
    table = seated({0: 1000, 3: 1000}, rotation)
    table.apply(CallBombPot("p0"), 0.0)
    assert dealt(table, 1).bomb_pot == 0  # stud: it waits
    assert dealt(table, 2).bomb_pot > 0


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"bomb_pot_every": -1}, "every so many hands"),
        ({"bomb_pot_ante": 0}, "must be positive"),
        ({"variant": "stud", "bomb_pot_every": 2}, "games with a flop"),
    ],
)
def test_the_bomb_pot_settings_are_checked(changes: dict[str, object], reason: str) -> None:
    key = str(changes.pop("variant", "nlhe"))
    with pytest.raises(TableError, match=reason):
        TableSettings.for_variant(key, **changes)


def test_chips_stay_at_the_table_through_bomb_pots_played_at_random() -> None:
    rng = random.Random(5)
    short_stacks = replace(EVERY_THIRD, bomb_pot_every=2, min_buy_in=20)
    table = seated({0: 300, 2: 250, 4: 800, 7: 60}, short_stacks)
    for _ in range(12):
        if sum(seat.stack > 0 for seat in table.seats.values()) < 2:
            break
        start(table, seed=rng.randrange(10**6))
        check_down(table)
        assert table.chips_at_table() == 1410


def test_a_double_board_bomb_pot_deals_two_boards_and_an_ordinary_hand_one() -> None:
    settings = replace(NINE_SEATS, bomb_pot_every=2, bomb_pot_double_board=True)
    table = seated({0: 1000, 3: 1000, 5: 1000}, settings)
    first = start(table, seed=1)
    assert not first.double_board and "double_board" not in first.to_dict()
    check_down(table)
    second = start(table, seed=2)
    assert second.bomb_pot and second.double_board and second.to_dict()["double_board"]
    hand = table.hand
    assert hand is not None and [len(board) for board in hand.boards] == [3, 3]
    check_down(table)
    assert [len(board) for board in hand.boards] == [5, 5]
    assert table.chips_at_table() == 3000


def test_a_double_board_needs_a_game_with_a_flop() -> None:
    with pytest.raises(TableError, match="a double board is for bomb pots"):
        TableSettings.for_variant("stud", bomb_pot_double_board=True)
    saved = replace(NINE_SEATS, bomb_pot_double_board=True).to_dict()
    assert TableSettings.from_dict(saved).bomb_pot_double_board
    assert "bomb_pot_double_board" not in NINE_SEATS.to_dict()
