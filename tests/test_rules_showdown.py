"""Showdown: who shows first, mucking, side pots, split pots and odd chips."""

from __future__ import annotations

from pokernight.cards import parse_cards
from pokernight.rules import (
    VARIANTS,
    CardsMucked,
    CardsShown,
    Event,
    Hand,
    PotAwarded,
    Stakes,
)
from tests.rules_helpers import holdem_deck

NLHE = VARIANTS["nlhe"]
BLINDS = Stakes(small_blind=5, big_blind=10)


def showdown_events(hand: Hand) -> list[Event]:
    return [event for event in hand.events if isinstance(event, (CardsShown, CardsMucked))]


def awards(hand: Hand) -> list[PotAwarded]:
    return [event for event in hand.events if isinstance(event, PotAwarded)]


def check_to_showdown(hand: Hand) -> Hand:
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.check_or_call(seat)
    return hand


def test_board_odd_chip_left_of_button() -> None:
    stakes = Stakes(small_blind=5, big_blind=10, ante=1)
    deck = holdem_deck(0, ["2c3d", "4c5d", "6h7h"], "AsKsQsJsTs")
    hand = Hand.start(NLHE, stakes, [100, 100, 100], 0, deck)
    hand.fold(0)
    check_to_showdown(hand)
    (award,) = awards(hand)
    assert award.amount == 23
    assert award.winners == ((1, 12), (2, 11)), "seat 1 is the first winner left of the button"


def test_odd_chip_order_wraps_around_the_button() -> None:
    stakes = Stakes(small_blind=5, big_blind=10, ante=1)
    deck = holdem_deck(2, ["2c3d", "4c5d", "6h7h"], "AsKsQsJsTs")
    hand = Hand.start(NLHE, stakes, [100, 100, 100], 2, deck)
    hand.fold(2)  # the button; seats 0 and 1 (the blinds) tie
    check_to_showdown(hand)
    (award,) = awards(hand)
    assert award.winners == ((0, 12), (1, 11)), "seat 0 is the first winner left of the button"


def test_each_hand_that_can_still_win_is_shown_in_turn() -> None:
    deck = holdem_deck(0, ["AsAh", "7c2d", "KsKh"], "AdKd3c8s9h")
    hand = check_to_showdown(Hand.start(NLHE, BLINDS, [100, 100, 100], 0, deck))
    # Nobody bet on the river: the first player left of the button shows first. Each shown
    # hand is named; the winner's says the five cards that make it.
    assert showdown_events(hand) == [
        CardsShown(1, hand.hole(1), "High Card, Ace"),
        CardsShown(2, hand.hole(2), "Three of a Kind, Kings"),
        CardsShown(0, hand.hole(0), "Three of a Kind, Aces", parse_cards("As Ah Ad Kd 9h")),
    ]


def test_hand_that_cannot_win_is_mucked() -> None:
    deck = holdem_deck(0, ["7c2d", "AsAh", "KsKh"], "AdKd3c8s9h")
    hand = check_to_showdown(Hand.start(NLHE, BLINDS, [100, 100, 100], 0, deck))
    assert showdown_events(hand) == [
        CardsShown(1, hand.hole(1), "Three of a Kind, Aces", parse_cards("As Ah Ad Kd 9h")),
        CardsMucked(2),
        CardsMucked(0),
    ]


def test_last_aggressor_shows_first() -> None:
    deck = holdem_deck(0, ["7c2d", "AsAh", "KsKh"], "AdKd3c8s9h")
    hand = Hand.start(NLHE, BLINDS, [100, 100, 100], 0, deck)
    while hand.street_index < 3:
        seat = hand.to_act
        assert seat is not None
        hand.check_or_call(seat)
    hand.check(1).bet_or_raise(2, 20).call(0).call(1)
    assert showdown_events(hand)[0] == CardsShown(2, hand.hole(2), "Three of a Kind, Kings")


def test_all_live_hands_turned_up_when_no_more_betting_is_possible() -> None:
    deck = holdem_deck(0, ["7c2d", "AsAh", "KsKh"], "AdKd3c8s9h")
    hand = Hand.start(NLHE, BLINDS, [100, 100, 100], 0, deck)
    hand.bet_or_raise(0, 100).call(1).call(2)
    assert hand.is_over
    assert all(isinstance(event, CardsShown) for event in showdown_events(hand))
    assert len(showdown_events(hand)) == 3


def test_side_pot_goes_to_the_best_hand_eligible_for_it() -> None:
    deck = holdem_deck(0, ["AsAh", "KsKh", "QsQh"], "2c3d7h8c9d")
    hand = Hand.start(NLHE, BLINDS, [50, 200, 200], 0, deck)
    hand.bet_or_raise(0, 50).call(1).call(2)  # seat 0 all-in for 50
    assert [(pot.amount, set(pot.eligible)) for pot in hand.pots] == [(150, {0, 1, 2})]
    hand.bet_or_raise(1, 100).call(2)
    assert [(pot.amount, set(pot.eligible)) for pot in hand.pots] == [
        (150, {0, 1, 2}),
        (200, {1, 2}),
    ]
    check_to_showdown(hand)
    assert [(award.amount, award.winners) for award in awards(hand)] == [
        (150, ((0, 150),)),
        (200, ((1, 200),)),
    ]
    assert hand.final_stacks == (150, 250, 50)


def test_last_player_wins_without_showing() -> None:
    deck = holdem_deck(0, ["7c2d", "AsAh", "KsKh"], "AdKd3c8s9h")
    hand = Hand.start(NLHE, BLINDS, [100, 100, 100], 0, deck)
    hand.bet_or_raise(0, 30).fold(1).fold(2)
    assert showdown_events(hand) == []
    assert awards(hand) == [PotAwarded(0, 25, ((0, 25),))], "the uncalled 20 went back"
    assert hand.final_stacks == (115, 95, 90)


def test_split_pot_is_shared_evenly() -> None:
    deck = holdem_deck(0, ["2c3d", "4c5d"], "AsKsQsJsTs")
    hand = check_to_showdown(Hand.start(NLHE, BLINDS, [100, 100], 0, deck))
    assert hand.final_stacks == (100, 100)
