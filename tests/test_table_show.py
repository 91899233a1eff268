"""Showing cards by choice after a hand: the winner without a showdown, a muck, a fold."""

from __future__ import annotations

import random

import pytest

from pokernight.rules import CardsShown
from pokernight.table import (
    Act,
    CardsShownByChoice,
    ShowCards,
    SitDown,
    StartHand,
    Table,
    TableError,
)
from tests.table_helpers import check_down, events_of, player_to_act, seated, start


def folded_hand(table: Table) -> tuple[str, str]:
    """The first to act folds, so the other wins without a showdown: (folder, winner)."""
    start(table)
    folder = player_to_act(table)
    table.apply(Act(folder, "fold"), 0.0)
    assert table.hand is None
    winner = next(seat.player_id for seat in table.seats.values() if seat.player_id != folder)
    return folder, winner


def test_a_winner_without_showdown_may_show_and_everybody_sees_the_cards() -> None:
    table = seated({0: 1000, 3: 1000})
    _, winner = folded_hand(table)
    number = table.seat_of(winner)
    assert table.last_hand is not None and table.last_started is not None
    index = table.last_started.seats.index(number)
    cards = tuple(str(card) for card in table.last_hand.hole(index))
    assert table.may_show(number)
    assert events_of(table, ShowCards(winner), 0.0) == [CardsShownByChoice(1, number, cards)]
    assert not table.may_show(number)
    with pytest.raises(TableError, match="your cards are already shown"):
        table.verify(ShowCards(winner), 0.0)


def test_a_player_who_folded_may_show_too() -> None:
    table = seated({0: 1000, 3: 1000})
    folder, _ = folded_hand(table)
    (shown,) = events_of(table, ShowCards(folder), 0.0)
    assert isinstance(shown, CardsShownByChoice) and len(shown.cards) == 2


def test_cards_shown_at_the_showdown_cannot_be_shown_again_a_mucked_hand_can() -> None:
    mucked_seen = False
    for seed in range(10):
        table = seated({0: 1000, 3: 1000})
        start(table, seed=seed)
        check_down(table)
        assert table.last_hand is not None and table.last_started is not None
        seats = table.last_started.seats
        shown = {seats[e.seat] for e in table.last_hand.events if isinstance(e, CardsShown)}
        assert shown  # somebody showed down
        for number, seat in table.seats.items():
            assert table.may_show(number) == (number not in shown)
            if number in shown:
                with pytest.raises(TableError, match="your cards are already shown"):
                    table.verify(ShowCards(seat.player_id), 0.0)
            else:
                mucked_seen = True
                assert table.can(ShowCards(seat.player_id), 0.0)
    assert mucked_seen


def test_a_player_not_in_the_last_hand_has_nothing_to_show() -> None:
    table = seated({0: 1000, 3: 1000})
    with pytest.raises(TableError, match="you were not in the last hand"):
        table.verify(ShowCards("p0"), 0.0)
    folded_hand(table)
    table.apply(SitDown(5, "p5", "Cat", 500), 0.0)
    assert not table.may_show(5)
    with pytest.raises(TableError, match="you were not in the last hand"):
        table.verify(ShowCards("p5"), 0.0)


def test_the_last_hand_may_be_shown_until_the_next_is_dealt() -> None:
    """Issue 31: the Show buttons stayed into the next hand. Once it is dealt the last
    hand's cards are in the muck, and a mucked hand is dead (Robert's Rules, Showdown)."""
    table = seated({0: 1000, 3: 1000})
    _, winner = folded_hand(table)
    assert table.may_show(table.seat_of(winner))
    table.apply(StartHand(random.Random(9)), 0.0)
    assert table.hand is not None
    assert not table.may_show(table.seat_of(winner)) and table.unshown_last_hand() == frozenset()
    with pytest.raises(TableError, match="the next hand is dealt: the last hand's cards are"):
        table.verify(ShowCards(winner), 0.0)
