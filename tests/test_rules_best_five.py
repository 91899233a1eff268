"""The five cards a winning hand is made of are the engine's fact (``CardsShown.best``).

For every variant, random hands are called down to a showdown; each winning hand's ``best``
must be five of the seat's shown cards and the board (Omaha: two of the hand and three of
the board) that the variant's evaluator values exactly as the whole hand: the browser
raises these cards on the felt and works out nothing itself (issue 17 item 3).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import Card, Suit, parse_cards
from pokernight.evaluate import high_value, low_value, omaha_value, wild_value
from pokernight.evaluate.badugi import badugi_value
from pokernight.evaluate.deuce_seven import deuce_seven_value
from pokernight.evaluate.eight_low import eight_low_value, omaha_eight_low_value
from pokernight.evaluate.short_deck import short_deck_value
from pokernight.rules import (
    VARIANTS,
    CardsShown,
    Hand,
    PotAwarded,
    Stakes,
    default_stakes,
    event_from_dict,
)
from pokernight.rules.views import visible_events
from tests.rules_helpers import check_to_showdown, holdem_deck, random_hand, stud_deck

SEEDS = st.integers(min_value=0, max_value=2**32)


def _value(hand: Hand, cards: Sequence[Card], board: Sequence[Card]) -> int:
    """The value of ``cards`` with ``board`` by the variant's own evaluator."""
    kind = hand.variant.showdown
    if kind == "omaha":
        return omaha_value(cards, board)
    if kind == "low":
        return low_value([*cards, *board])
    if kind == "wild":
        return wild_value([*cards, *board], hand.wild_ranks)
    if kind == "short":
        return short_deck_value([*cards, *board])
    if kind == "deuce7":
        return deuce_seven_value(cards)
    if kind == "badugi":
        return badugi_value(cards)
    return high_value([*cards, *board])


def _check_best(hand: Hand, shown: CardsShown) -> None:
    if hand.variant.is_hi_lo:
        _check_hi_lo_best(hand, shown)
        return
    if hand.variant.showdown == "spade":
        _check_chicago_best(hand, shown)
        return
    best, board = shown.best, hand.board
    if hand.variant.showdown == "badugi":
        # Badugi keeps the cards of distinct suits and ranks, four at most: those are raised.
        assert 1 <= len(best) <= 4 and set(best) <= set(shown.cards), shown
        assert _value(hand, best, ()) == _value(hand, shown.cards, ()), shown
        return
    assert len(best) == 5 and len(set(best)) == 5, shown
    assert set(best) <= {*shown.cards, *board}, "only the seat's shown cards and the board"
    if hand.variant.showdown == "omaha":
        mine = [card for card in best if card in shown.cards]
        shared = [card for card in best if card in board]
        assert len(mine) == 2 and len(shared) == 3, shown
        assert omaha_value(mine, shared) == _value(hand, shown.cards, board)
    else:
        assert _value(hand, best, ()) == _value(hand, shown.cards, board), shown


def _hi_lo_values(hand: Hand, cards: Sequence[Card], board: Sequence[Card]) -> tuple[int, int]:
    """(high, low or -1) of the cards (Omaha: of exactly two of ``cards`` and three of
    ``board``)."""
    if hand.variant.showdown == "omaha8":
        low = omaha_eight_low_value(cards, board)
        return omaha_value(cards, board), -1 if low is None else low
    low = eight_low_value([*cards, *board])
    return high_value([*cards, *board]), -1 if low is None else low


def _check_hi_lo_best(hand: Hand, shown: CardsShown) -> None:
    """A hi-lo winner raises the five cards of each half it wins: the high's, the low's,
    or both (some cards in both), as the halves of ``PotAwarded`` say."""
    halves = [event for event in hand.events if isinstance(event, PotAwarded)]
    wins_high = any(seat == shown.seat for award in halves for seat, _ in award.high)
    wins_low = any(seat == shown.seat for award in halves for seat, _ in award.low)
    best, board = shown.best, hand.board
    assert len(set(best)) == len(best) <= 10 and set(best) <= {*shown.cards, *board}, shown
    high, low = _hi_lo_values(hand, shown.cards, board)
    omaha = hand.variant.showdown == "omaha8"
    fives = [
        (mine, shared)
        for five in combinations(best, 5)
        for mine in [[card for card in five if card in shown.cards]]
        for shared in [[card for card in five if card not in shown.cards]]
        if not omaha or len(mine) == 2
    ]
    values = [_hi_lo_values(hand, mine, shared) for mine, shared in fives]
    assert not wins_high or any(value[0] == high for value in values), shown
    assert not wins_low or any(value[1] == low for value in values), shown
    assert len(best) <= 5 * (wins_high + wins_low), shown


def _check_chicago_best(hand: Hand, shown: CardsShown) -> None:
    """A Chicago winner raises the five of its high hand if it wins a high half, and its
    spade in the hole if it wins a spade half."""
    halves = [event for event in hand.events if isinstance(event, PotAwarded)]
    wins_high = any(seat == shown.seat for award in halves for seat, _ in award.high)
    wins_spade = any(seat == shown.seat for award in halves for seat, _ in award.low)
    best = list(shown.best)
    up = hand.up_cards(shown.seat)
    if wins_spade:
        spade = max(c for c in shown.cards if c.suit == Suit.SPADES and c not in up)
        assert spade in best, shown
        if not wins_high or spade not in best[:5]:
            best.remove(spade)
    if wins_high:
        assert high_value(best[:5]) == high_value([*shown.cards, *hand.board]), shown
    assert len(best) == 5 * wins_high, shown


@pytest.mark.parametrize("key", sorted(VARIANTS))
@settings(max_examples=100, deadline=None)
@given(seed=SEEDS)
def test_each_winning_hand_names_five_of_its_cards_worth_the_whole_hand(
    key: str, seed: int
) -> None:
    variant = VARIANTS[key]
    hand = check_to_showdown(random_hand(variant, default_stakes(variant), random.Random(seed)))
    shown = [event for event in hand.events if isinstance(event, CardsShown)]
    assert shown, "called down, at least one hand is shown"
    winners = {
        seat for event in hand.events if isinstance(event, PotAwarded) for seat, _ in event.winners
    }
    for event in shown:
        if event.seat in winners:
            _check_best(hand, event)
        else:
            assert event.best == (), "only a winning hand is picked apart"
    # The five are public with the cards shown: every seat's view and the wire carry them.
    assert [e for e in visible_events(hand.events, None) if isinstance(e, CardsShown)] == shown
    assert [event_from_dict(event.to_dict()) for event in shown] == shown


def test_omaha_uses_two_of_the_hand_and_three_of_the_board() -> None:
    # Four spades on the board and the ace of spades in hand is no flush: two of the hand.
    deck = holdem_deck(0, ["AsKh7c2d", "QdQcJh3h"], "KsQs9s5s4d")
    hand = check_to_showdown(Hand.start(VARIANTS["plo"], Stakes(5, 10), [100, 100], 0, deck))
    best = {event.seat: event.best for event in hand.events if isinstance(event, CardsShown)}
    assert set(best[1]) == set(parse_cards("Qd Qc Qs Ks 9s"))  # trip queens: two + three


def test_razz_shows_the_five_cards_of_the_low() -> None:
    deck = stud_deck(
        0, [["Ac 2d Kc", "Kd Qh 9c"], ["3h", "Jc"], ["Qs", "Js"], ["4s", "Th"], ["5c", "8h"]]
    )
    razz = VARIANTS["razz"]
    hand = check_to_showdown(Hand.start(razz, default_stakes(razz), [500, 500], 0, deck))
    best = {event.seat: event.best for event in hand.events if isinstance(event, CardsShown)}
    assert sorted(best[0]) == sorted(parse_cards("Ac 2d 3h 4s 5c"))


def test_a_wild_card_is_one_of_the_five_it_stands_for() -> None:
    # Queens are wild; no queen is turned up, so no other rank is.
    deck = stud_deck(
        0, [["Qc Qh As", "2d 4h 5s"], ["Ah", "7d"], ["Ad", "8c"], ["2c", "9d"], ["3d", "Tc"]]
    )
    ftq = VARIANTS["ftq"]
    hand = check_to_showdown(Hand.start(ftq, default_stakes(ftq), [500, 500], 0, deck))
    shown = {event.seat: event for event in hand.events if isinstance(event, CardsShown)}
    assert shown[0].description.startswith("Five of a Kind")
    assert sorted(shown[0].best) == sorted(parse_cards("As Ah Ad Qc Qh"))
