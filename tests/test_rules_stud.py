"""Stud rules: bring-in, who acts first, odd chips, the community card."""

from __future__ import annotations

import pytest

from pokernight.cards import CARDS, parse_card, parse_cards
from pokernight.rules import (
    VARIANTS,
    BringInPosted,
    Hand,
    PotAwarded,
    RulesError,
    Stakes,
    StreetStarted,
)
from tests.rules_helpers import check_to_showdown, stud_deck

STUD_STAKES = Stakes(ante=1, bring_in=2, small_bet=10, big_bet=20)


def test_stud_bring_in_lowest_up_card_ties_by_suit() -> None:
    deck = stud_deck(2, [["AsKs2d", "AhKh2c", "QdQc9s"]])
    hand = Hand.start(VARIANTS["stud"], STUD_STAKES, [100, 100, 100], 2, deck)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 1, (
        "the two of clubs is lower than the two of diamonds"
    )
    assert legal.can_bring_in and legal.bring_in_amount == 2
    assert not legal.can_check and not legal.can_fold
    hand.bring_in(1)
    assert hand.to_act == 2, "action continues left of the bring-in"


def test_razz_bring_in_highest_card() -> None:
    deck = stud_deck(0, [["2s3sKc", "2h3hAd", "4d5dKs"]])
    hand = Hand.start(VARIANTS["razz"], STUD_STAKES, [100, 100, 100], 0, deck)
    assert hand.to_act == 2, "king of spades beats king of clubs; the ace is low in Razz"


def test_bring_in_may_complete_to_a_full_bet() -> None:
    deck = stud_deck(2, [["AsKs2d", "AhKh9c", "QdQc9s"]])
    hand = Hand.start(VARIANTS["stud"], STUD_STAKES, [100, 100, 100], 2, deck)
    legal = hand.legal_actions()
    assert legal is not None and legal.min_raise_to == legal.max_raise_to == 10
    hand.bet_or_raise(0, 10)
    assert not any(isinstance(event, BringInPosted) for event in hand.events)
    assert hand.bets == (10, 0, 0)


def test_stud_highest_hand_showing_acts_first() -> None:
    deck = stud_deck(2, [["AsKs2d", "AhKh9c", "QdQc3s"], ["9d", "7c", "3h"]])
    hand = Hand.start(VARIANTS["stud"], STUD_STAKES, [100, 100, 100], 2, deck)
    hand.bring_in(0).call(1).call(2)
    assert hand.street_index == 1
    assert hand.to_act == 2, "the pair of threes showing acts first"


def test_razz_lowest_hand_showing_acts_first() -> None:
    deck = stud_deck(2, [["AsKs2d", "AhKh9c", "QdQc3s"], ["9d", "7c", "3h"]])
    hand = Hand.start(VARIANTS["razz"], STUD_STAKES, [100, 100, 100], 2, deck)
    hand.bring_in(1).call(2).call(0)
    assert hand.to_act == 0, "2-9 is the best low showing (the paired threes are the worst)"


def test_stud_odd_chip_to_highest_card_by_suit() -> None:
    deck = stud_deck(
        2,
        [["AsKs9d", "AhKh9c", "3c4c2d"], ["8c", "8d", "7s"], ["5h", "5s", "Js"],
         ["4d", "4h", "Qd"], ["2h", "2s", "Tc"]],
    )  # fmt: skip
    hand = check_to_showdown(Hand.start(VARIANTS["stud"], STUD_STAKES, [100, 100, 100], 2, deck))
    (award,) = [event for event in hand.events if isinstance(event, PotAwarded)]
    assert award.amount == 9
    assert dict(award.winners) == {0: 5, 1: 4}, "the ace of spades beats the ace of hearts"


def test_deck_runs_out_deals_community_card() -> None:
    stakes = Stakes(ante=1, bring_in=2, small_bet=10, big_bet=20)
    deck = tuple(parse_cards(" ".join(f"{rank}{suit}" for rank in "23456789TJQKA"
                                      for suit in "cdhs")))  # fmt: skip
    hand = check_to_showdown(Hand.start(VARIANTS["stud"], stakes, [100] * 8, 0, deck))
    seventh = [event for event in hand.events if isinstance(event, StreetStarted)][-1]
    assert seventh.index == 4 and not seventh.burn, "one card left: no burn"
    assert hand.board == (deck[51],)
    assert all(len(hand.hole(seat)) == 6 for seat in range(8))
    assert hand.final_stacks is not None and sum(hand.final_stacks) == 800


def test_stud_table_seats_at_most_nine() -> None:
    with pytest.raises(RulesError, match="2 to 9 players"):
        Hand.start(VARIANTS["stud"], STUD_STAKES, [100] * 10, 0, CARDS)


def test_bring_in_is_the_lowest_card_even_when_it_is_a_queen_in_follow_the_queen() -> None:
    deck = stud_deck(2, [["AsKs2d", "AhKh9c", "3d4dQc"]])
    hand = Hand.start(VARIANTS["ftq"], STUD_STAKES, [100, 100, 100], 2, deck)
    assert hand.to_act == 0
    assert parse_card("2d") in hand.up_cards(0)


def test_razz_odd_chip_to_lowest_card_by_suit_aces_low() -> None:
    """Two wheels split a pot of 9: the ace of clubs is the lowest card (Robert's Rules:
    in lowball the odd chip goes to the lowest card by suit), so its holder gets 5, though
    the other holds the higher king."""
    deck = stud_deck(
        2,
        [["Ac2cKh", "Ad2dKs", "QdQhJc"], ["3c", "3d", "Jd"], ["4c", "4d", "Jh"],
         ["5c", "5d", "Tc"], ["9h", "9s", "Td"]],
    )  # fmt: skip
    hand = check_to_showdown(Hand.start(VARIANTS["razz"], STUD_STAKES, [100, 100, 100], 2, deck))
    (award,) = [event for event in hand.events if isinstance(event, PotAwarded)]
    assert award.amount == 9
    assert dict(award.winners) == {0: 5, 1: 4}
