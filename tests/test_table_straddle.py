"""Voluntary straddles (issue 22, table options): a player who chose to straddles twice
the big blind whenever under the gun, at a table whose host allows it; the player left
of the straddle acts first before the flop and the straddler last (docs/rules.md). At a
Mississippi table the first straddle comes from any seat from under the gun round to the
button, and re-straddles, up to the host's number, from the seats left of it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokernight.rules import BlindPosted, HandStarted
from pokernight.server.tables.settings_input import settings_from_json
from pokernight.table import (
    HandDealt,
    SitDown,
    Straddle,
    StraddleChosen,
    Table,
    TableError,
    TableSettings,
)
from pokernight.table.events import table_event_from_dict
from tests.table_helpers import NINE_SEATS, check_down, events_of, player_to_act, seated, start

ALLOWED = replace(NINE_SEATS, straddles="under_the_gun")
MISSISSIPPI = replace(NINE_SEATS, straddles="mississippi")


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


# Mississippi and re-straddles -------------------------------------------------------------


def _seat_left_of(dealt: HandDealt, number: int, steps: int = 1) -> int:
    seats = dealt.seats
    return seats[(seats.index(number) + steps) % len(seats)]


def test_a_mississippi_table_posts_the_button_straddle_and_the_small_blind_acts_first() -> None:
    table = seated({0: 1000, 3: 1000, 5: 1000, 7: 1000}, MISSISSIPPI)
    dealt = start(table)
    check_down(table)
    button_next = _seat_left_of(dealt, dealt.button)  # the next hand's button
    table.apply(Straddle(f"p{button_next}", True), 0.0)
    dealt = start(table)
    assert dealt.button == button_next
    assert dealt.straddles == (button_next,) and dealt.stakes.straddle == 0
    assert straddles_posted(table) == [(button_next, 40)]
    assert dealt.small_blind is not None and player_to_act(table) == f"p{dealt.small_blind}"
    assert table.hand is not None
    started = table.hand.events[0]
    assert isinstance(started, HandStarted)
    assert started.straddles == (dealt.seats.index(button_next),)
    assert dealt.to_dict()["straddles"] == [button_next]
    assert table_event_from_dict(dealt.to_dict()) == dealt


def test_the_first_seat_from_under_the_gun_that_chose_straddles_then_re_straddles_left() -> None:
    table = seated({0: 1000, 2: 1000, 3: 1000, 5: 1000, 7: 1000, 8: 1000},
                   replace(MISSISSIPPI, max_straddles=3))  # fmt: skip
    for number in (0, 2, 3, 5, 7, 8):
        table.apply(Straddle(f"p{number}", True), 0.0)
    dealt = start(table)
    assert dealt.big_blind is not None
    under_the_gun = _seat_left_of(dealt, dealt.big_blind)
    chain = (
        under_the_gun,
        _seat_left_of(dealt, under_the_gun),
        _seat_left_of(dealt, under_the_gun, 2),
    )
    assert dealt.straddles == chain
    assert straddles_posted(table) == [(chain[0], 40), (chain[1], 80), (chain[2], 160)]
    assert player_to_act(table) == f"p{_seat_left_of(dealt, chain[2])}"


@pytest.mark.parametrize(
    ("chose", "most", "chain"),
    [
        ((7, 0, 2), 8, (7,)),  # 8 did not choose: 7's straddle stands alone
        ((7, 8, 0, 2), 8, (7, 8, 0)),  # never past the button: 2 is the small blind
        ((5, 7, 8, 0), 2, (5, 7)),  # the host's number
        ((8, 0, 3), 8, (8, 0)),  # Mississippi from 8; 3 is the big blind
    ],
)
def test_re_straddles_stop_at_the_first_who_did_not_choose_the_button_or_the_host_s_number(
    chose: tuple[int, ...], most: int, chain: tuple[int, ...]
) -> None:
    """Hand 1 of seats 0 2 3 5 7 8: button 0, blinds 2 and 3, under the gun 5."""
    stacks = dict.fromkeys((0, 2, 3, 5, 7, 8), 2000)
    table = seated(stacks, replace(MISSISSIPPI, max_straddles=most))
    for number in chose:
        table.apply(Straddle(f"p{number}", True), 0.0)
    dealt = start(table)
    assert (dealt.button, dealt.small_blind, dealt.big_blind) == (0, 2, 3)
    assert dealt.straddles == chain
    assert straddles_posted(table) == [(seat, 40 * 2**i) for i, seat in enumerate(chain)]
    assert player_to_act(table) == f"p{_seat_left_of(dealt, chain[-1])}"


def test_an_under_the_gun_table_takes_no_mississippi_straddle_but_takes_re_straddles() -> None:
    table = seated({0: 1000, 3: 1000, 5: 1000, 7: 1000}, replace(ALLOWED, max_straddles=2))
    dealt = start(table)
    check_down(table)
    next_button = _seat_left_of(dealt, dealt.button)
    table.apply(Straddle(f"p{next_button}", True), 0.0)
    dealt = start(table)
    assert dealt.button == next_button
    assert dealt.straddles == () and dealt.stakes.straddle == 0, "the button is not under the gun"
    check_down(table)
    # Under the gun and the seat left of it both chose: a straddle and a re-straddle.
    for number in (0, 3, 5, 7):
        if not table.seats[number].straddling:
            table.apply(Straddle(f"p{number}", True), 0.0)
    dealt = start(table)
    assert dealt.big_blind is not None
    utg = _seat_left_of(dealt, dealt.big_blind)
    assert dealt.straddles == (utg, _seat_left_of(dealt, utg))
    assert [amount for _, amount in straddles_posted(table)] == [40, 80]


def test_a_player_who_cannot_post_the_straddle_in_full_does_not_straddle() -> None:
    """Hand 1 of seats 0 3 5 7: button 0, blinds 3 and 5, under the gun 7."""
    settings = replace(MISSISSIPPI, max_straddles=3, min_buy_in=30)
    table = seated({0: 1000, 3: 1000, 5: 1000, 7: 30}, settings)
    for number in (0, 3, 5, 7):
        table.apply(Straddle(f"p{number}", True), 0.0)
    dealt = start(table)
    assert (dealt.button, dealt.big_blind) == (0, 5)
    assert dealt.straddles == (0,), "7 is short of 40: the button straddles first"
    assert player_to_act(table) == "p3"


def test_a_re_straddle_the_seat_cannot_post_in_full_ends_the_chain() -> None:
    settings = replace(MISSISSIPPI, max_straddles=3, min_buy_in=30)
    table = seated({0: 60, 3: 1000, 5: 1000, 7: 1000}, settings)
    for number in (0, 3, 5, 7):
        table.apply(Straddle(f"p{number}", True), 0.0)
    dealt = start(table)
    assert dealt.straddles == () and dealt.stakes.straddle == 40, "7 alone, under the gun"
    assert straddles_posted(table) == [(7, 40)]


def test_fixed_limit_takes_no_re_straddle() -> None:
    settings = replace(MISSISSIPPI, variant="flhe", max_straddles=3)
    table = seated({0: 1000, 3: 1000, 5: 1000, 7: 1000}, settings)
    for number in (0, 3, 5, 7):
        table.apply(Straddle(f"p{number}", True), 0.0)
    dealt = start(table)
    assert dealt.stakes.straddle == 40 and dealt.straddles == (), "one straddle, under the gun"


def test_old_settings_with_voluntary_straddle_still_load() -> None:
    old = NINE_SEATS.to_dict()
    del old["straddles"], old["max_straddles"]
    assert TableSettings.from_dict({**old, "voluntary_straddle": True}).straddles == "under_the_gun"
    assert TableSettings.from_dict({**old, "voluntary_straddle": False}).straddles == "none"
    assert TableSettings.from_dict(old).straddles == "none"
    assert settings_from_json({"voluntary_straddle": True}).straddles == "under_the_gun"


def test_straddle_settings_are_refused_with_their_reason() -> None:
    with pytest.raises(TableError, match="straddles are one of none, under_the_gun, mississippi"):
        replace(NINE_SEATS, straddles="sleeper").validated()
    with pytest.raises(TableError, match="a hand may have 1 to 8 straddles"):
        replace(NINE_SEATS, max_straddles=0).validated()
    with pytest.raises(TableError, match="straddles are for games with blinds"):
        TableSettings.for_variant("stud", straddles="mississippi")


def test_a_tournament_table_deals_no_straddle_whatever_its_settings() -> None:
    table = Table.open(MISSISSIPPI, host="director", tournament=True)
    for seat in (0, 3, 5):
        table.apply(SitDown(seat, f"p{seat}", f"Player {seat}", 1000, by="director"), 0.0)
    with pytest.raises(TableError, match="a tournament deals no straddles"):
        table.verify(Straddle("p0", True), 0.0)
