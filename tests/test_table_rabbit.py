"""Rabbit hunting (issue 22, table options): the board a hand that ended early would have
dealt, from the same deck, as the dealer deals it (a burn before each street); shown to
all, once, before the next deal, and never among the hand's dealt cards in its proof."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokernight.table import Act, RabbitHunt, RabbitHunted, TableError, TableSettings
from pokernight.table.fairness import HandProof
from pokernight.table.rabbit import rabbit_refusal
from tests.table_helpers import check_down, events_of, player_to_act, seated, start
from tests.test_table_bounty import played_out

RABBIT = TableSettings(debt_cap=None, seats=9, rabbit_hunting=True)


def test_a_hand_folded_before_the_flop_shows_the_flop_turn_and_river_it_would_have_dealt() -> None:
    table = seated({0: 1000, 3: 1000}, RABBIT)
    start(table, seed=7)
    table.apply(Act(player_to_act(table), "fold"), 0.0)
    assert table.hand is None and table.last_hand is not None
    deck = [str(card) for card in table.last_hand.deck]
    # Four hole cards were dealt (deck[0:4]); then burn, flop, burn, turn, burn, river.
    expected = ((deck[5], deck[6], deck[7]), (deck[9],), (deck[11],))
    assert events_of(table, RabbitHunt("p3"), 0.0) == [RabbitHunted(1, 3, expected)]
    with pytest.raises(TableError, match="the rabbit of hand #1 is out already"):
        table.verify(RabbitHunt("p0"), 0.0)
    # The hand's proof reveals what was dealt and seen: never a rabbit card.
    assert table.last_started is not None
    proof = HandProof(table.last_started, table.last_hand.events).for_seat(None)
    revealed = {item["card"] for item in proof["revealed"]}
    assert revealed.isdisjoint(card for street in expected for card in street)


def test_a_hand_that_reached_the_river_has_no_rabbit() -> None:
    table = seated({0: 1000, 3: 1000}, RABBIT)
    start(table, seed=7)
    check_down(table)
    assert str(rabbit_refusal(table)) == (
        "the last hand dealt every card: there is no rabbit to hunt"
    )


def test_the_rabbit_is_off_unless_the_host_allows_it_and_gone_once_the_next_hand_is_dealt() -> None:
    off = seated({0: 1000, 3: 1000}, replace(RABBIT, rabbit_hunting=False))
    start(off, seed=7)
    played_out(off, fold_first=True)
    with pytest.raises(TableError, match="rabbit hunting is off"):
        off.verify(RabbitHunt("p0"), 0.0)
    table = seated({0: 1000, 3: 1000}, RABBIT)
    start(table, seed=7)
    played_out(table, fold_first=True)
    assert rabbit_refusal(table) is None
    start(table, seed=8)
    with pytest.raises(TableError, match="the last hand's rabbit is gone"):
        table.verify(RabbitHunt("p0"), 0.0)
    with pytest.raises(TableError, match="not seated"):
        table.verify(RabbitHunt("stranger"), 0.0)


def test_a_stud_hand_has_no_rabbit_its_cards_would_depend_on_who_folded() -> None:
    stud = TableSettings.for_variant("stud", rabbit_hunting=True, debt_cap=None)
    table = seated({0: 400, 3: 400}, stud)
    start(table, seed=7)
    table.apply(Act(player_to_act(table), "bring_in"), 0.0)
    table.apply(Act(player_to_act(table), "fold"), 0.0)
    assert table.hand is None
    assert str(rabbit_refusal(table)) == (
        "Seven-Card Stud has no rabbit: the streets left deal to the players"
    )
