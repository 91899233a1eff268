"""Voluntary straddles (issue 22, table options): a player who chose to straddles twice
the big blind whenever under the gun, at a table whose host allows it; the player left
of the straddle acts first before the flop and the straddler last (docs/rules.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokernight.rules import BlindPosted
from pokernight.table import Straddle, StraddleChosen, Table, TableError
from tests.table_helpers import NINE_SEATS, check_down, events_of, player_to_act, seated, start

ALLOWED = replace(NINE_SEATS, voluntary_straddle=True)


def straddles_posted(table: Table) -> list[tuple[int, int]]:
    """(table seat, chips) of the straddles posted in the hand being played."""
    assert table.hand is not None and table.started is not None
    seats = table.started.seats
    return [
        (seats[event.seat], event.amount)
        for event in table.hand.events
        if isinstance(event, BlindPosted) and event.kind == "straddle"
    ]


def test_the_player_under_the_gun_who_chose_to_straddles_and_acts_last() -> None:
    table = seated({0: 1000, 3: 1000, 5: 1000, 7: 1000}, ALLOWED)
    for number in (0, 3, 5, 7):
        assert events_of(table, Straddle(f"p{number}", True), 0.0) == [StraddleChosen(number, True)]
    for _ in range(4):  # the button goes round: whoever is under the gun straddles
        dealt = start(table)
        assert dealt.stakes.straddle == 40
        assert dealt.big_blind is not None
        seats = dealt.seats
        under_the_gun = seats[(seats.index(dealt.big_blind) + 1) % len(seats)]
        assert straddles_posted(table) == [(under_the_gun, 40)]
        left_of_it = seats[(seats.index(under_the_gun) + 1) % len(seats)]
        assert player_to_act(table) == f"p{left_of_it}"
        check_down(table)


def test_nobody_straddles_who_did_not_choose_to_and_a_player_may_stop() -> None:
    table = seated({0: 1000, 3: 1000, 5: 1000}, ALLOWED)
    table.apply(Straddle("p0", True), 0.0)
    posted = []
    for _ in range(3):
        dealt = start(table)
        this_hand = straddles_posted(table)
        assert dealt.stakes.straddle == (40 if this_hand else 0)
        posted += this_hand
        check_down(table)
    assert posted == [(0, 40)]  # once round: p0's turn under the gun
    assert events_of(table, Straddle("p0", False), 0.0) == [StraddleChosen(0, False)]
    with pytest.raises(TableError, match="you do not straddle"):
        table.verify(Straddle("p0", False), 0.0)


def test_a_table_that_does_not_allow_straddles_refuses_them() -> None:
    table = seated({0: 1000, 3: 1000, 5: 1000}, NINE_SEATS)
    with pytest.raises(TableError, match="does not allow straddles"):
        table.verify(Straddle("p0", True), 0.0)


def test_heads_up_nobody_is_under_the_gun() -> None:
    table = seated({0: 1000, 3: 1000}, ALLOWED)
    table.apply(Straddle("p0", True), 0.0)
    table.apply(Straddle("p3", True), 0.0)
    for _ in range(2):
        assert start(table).stakes.straddle == 0
        check_down(table)
