"""Betting rules where the engine follows the books (Robert's Rules of Poker, the TDA) and
PokerKit does not: a short big blind or bring-in, the fixed-limit straddle, the half-bet
rule, the cap while three players have chips, and the open pair on fourth street.

Each test is one worked example from docs/rules.md; the last is a property over random
fixed-limit hands with short stacks.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS, shuffled
from pokernight.rules import VARIANTS, ActionTaken, Hand, RulesError, Stakes
from pokernight.rules.random_play import random_action
from tests.rules_helpers import holdem_deck, passive_step, stud_deck

BLINDS = Stakes(small_blind=5, big_blind=10)
FIXED = Stakes(small_blind=5, big_blind=10, small_bet=10, big_bet=20)
STUD = Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20)
HOLES = ["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h"]


def board_game(variant: str, stakes: Stakes, stacks: list[int]) -> Hand:
    """Button on seat 0: seat 1 posts the small blind, seat 2 the big blind."""
    deck = holdem_deck(0, HOLES[: len(stacks)], "2c3d4h8c7d")
    return Hand.start(VARIANTS[variant], stakes, stacks, 0, deck)


def legal_range(hand: Hand) -> tuple[int | None, int | None, int]:
    legal = hand.legal_actions()
    assert legal is not None
    return legal.min_raise_to, legal.max_raise_to, legal.call_amount


# A short big blind or bring-in -----------------------------------------------------------


@pytest.mark.parametrize("variant", ["nlhe", "flhe"])
def test_a_big_blind_all_in_for_less_does_not_lower_the_bet(variant: str) -> None:
    """The big blind has 6 of its 10: the others still call 10, and a raise counts from
    10 (TDA; Robert's Rules). Fixed-limit raises stay whole bets: to 20."""
    stakes = BLINDS if variant == "nlhe" else FIXED
    hand = board_game(variant, stakes, [1000, 1000, 6, 1000])
    assert hand.bets == (0, 5, 6, 0) and hand.stacks[2] == 0
    low, _, call = legal_range(hand)
    assert (call, low) == (10, 20)
    hand.call(3).call(0).call(1)  # everybody in for the full big blind
    assert hand.street_index == 1
    assert [pot.amount for pot in hand.pots] == [24, 12]  # 4 x 6, then 3 x 4 over it


def test_a_bring_in_all_in_for_less_is_the_same_hand_either_way() -> None:
    """The bring-in seat has 2 chips after its ante: posting the bring-in is its only
    move (completing with the same 2 chips would be another hand), and the others call
    the full bring-in of 3."""
    deck = stud_deck(2, [["AsKs2c", "AhKh9d", "AdKd8c"]])
    hand = Hand.start(VARIANTS["stud"], STUD, [3, 100, 100], 2, deck)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.can_bring_in
    assert (legal.bring_in_amount, legal.min_raise_to) == (2, None)
    with pytest.raises(RulesError):
        hand.bet_or_raise(0, 2)
    hand.bring_in(0)
    low, _, call = legal_range(hand)
    assert (call, low) == (3, 10)


# Fixed-limit: the straddle, the half-bet rule, the cap ---------------------------------------


def test_a_fixed_limit_straddle_is_a_blind_raise_and_each_raise_after_it_one_small_bet() -> None:
    """Blinds 5/10, straddle 20: raises go to 30 and 40, and the straddle counts as the
    first raise of the cap (a bet and three raises with three or more players)."""
    stakes = Stakes(small_blind=5, big_blind=10, straddle=20, small_bet=10, big_bet=20)
    deck = holdem_deck(0, HOLES, "2c3d4h8c7d")
    hand = Hand.start(VARIANTS["flhe"], stakes, [1000] * 6, 0, deck)
    assert hand.bets == (0, 5, 10, 20, 0, 0)
    assert legal_range(hand)[:2] == (30, 30)
    hand.bet_or_raise(4, 30).bet_or_raise(5, 40)
    assert legal_range(hand)[:2] == (None, None), "capped: bet, straddle and two raises"


def test_fixed_limit_facing_an_all_in_of_less_than_half_a_bet_completes_it() -> None:
    """Bets of 10, an all-in for 4: the next player calls 4 or completes to 10, and may
    not raise to 14 (Robert's Rules, betting 6). The completion is the street's bet."""
    hand = board_game("flhe", FIXED, [1000, 1000, 1000, 14])
    hand.call(3).call(0).call(1).check(2)  # seat 3 has 4 chips left for the flop
    hand.check(1).check(2).bet_or_raise(3, 4)
    assert legal_range(hand) == (10, 10, 4)
    with pytest.raises(RulesError, match="at most 10"):
        hand.bet_or_raise(0, 14)
    hand.bet_or_raise(0, 10)
    assert legal_range(hand)[:2] == (20, 20), "seat 1 checked: the completion reopens"


def test_an_all_in_of_less_than_half_a_bet_does_not_reopen_for_a_player_who_acted() -> None:
    """Seat 0 bets 10, seats 1 and 2 call, seat 3 raises all-in to 14 (4: less than half a
    bet): everybody has acted, and the short raise reopens nothing: seat 0 may only call."""
    hand = board_game("flhe", FIXED, [1000, 1000, 1000, 24])
    hand.call(3).call(0).call(1).check(2)  # seat 3 has 14 left
    hand.check(1).check(2).check(3).bet_or_raise(0, 10)
    hand.call(1).call(2).bet_or_raise(3, 14)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 0
    assert legal.min_raise_to is None and legal.call_amount == 4


def test_an_all_in_of_half_a_bet_or_more_counts_as_a_full_raise_and_reopens() -> None:
    """Seat 0 bets 10, seat 3 raises all-in to 15 (half a bet): a full raise, so seat 0
    may raise again, a full bet over it: to 25."""
    hand = board_game("flhe", FIXED, [1000, 1000, 1000, 25])
    hand.call(3).call(0).call(1).check(2)  # seat 3 has 15 left
    hand.check(1).check(2).check(3).bet_or_raise(0, 10)
    hand.call(1).fold(2)
    hand.bet_or_raise(3, 15)
    assert legal_range(hand) == (25, 25, 5)


def test_the_cap_is_lifted_once_the_action_is_heads_up_before_it() -> None:
    """Three players begin the flop; one folds after the bet: heads-up, raising is
    unlimited (Robert's Rules, betting 4), though the round did not begin heads-up."""
    hand = board_game("flhe", FIXED, [1000, 1000, 1000])
    hand.call(0).call(1).check(2)
    hand.bet_or_raise(1, 10).fold(2)
    for to in (20, 30, 40, 50, 60):
        hand.bet_or_raise(hand.to_act or 0, to)
    assert legal_range(hand)[:2] == (70, 70)


def test_once_capped_a_fold_does_not_lift_the_cap() -> None:
    hand = board_game("flhe", FIXED, [1000, 1000, 1000])
    hand.call(0).call(1).check(2)
    hand.bet_or_raise(1, 10).bet_or_raise(2, 20).bet_or_raise(0, 30).bet_or_raise(1, 40)
    hand.fold(2)
    assert legal_range(hand)[:2] == (None, None)


def test_with_an_all_in_player_two_players_with_chips_play_uncapped() -> None:
    """The cap holds only while three or more players who are not all-in are in the pot."""
    hand = board_game("flhe", FIXED, [1000, 1000, 15])
    hand.call(0).call(1).check(2)  # seat 2 has 5 left
    hand.check(1).bet_or_raise(2, 5)  # all-in for half a bet: a full bet; two have chips
    for to in (15, 25, 35, 45, 55):
        hand.bet_or_raise(hand.to_act or 0, to)
    assert legal_range(hand)[:2] == (65, 65)


# Seven-Card Stud: an open pair on fourth street ---------------------------------------------


def _fourth_street(variant: str, fourth: list[str]) -> Hand:
    deck = stud_deck(2, [["2c3c4c", "5d6d7d", "8h9hTh"], fourth])
    hand = Hand.start(VARIANTS[variant], STUD, [200, 200, 200], 2, deck)
    while hand.street_index == 0:
        passive_step(hand)
    return hand


def test_an_open_pair_on_fourth_street_allows_the_big_bet_in_seven_card_stud() -> None:
    """Seat 0 shows 4♣ 4♦: any player may bet the small bet or the big bet (Robert's
    Rules, Seven-card stud 7); nothing between; after a big bet, raises are big bets."""
    hand = _fourth_street("stud", ["4d", "Ks", "2s"])
    legal = hand.legal_actions()
    assert legal is not None and (legal.min_raise_to, legal.max_raise_to) == (10, 20)
    assert legal.fixed_amounts
    with pytest.raises(RulesError, match="to 10 or 20"):
        hand.bet_or_raise(legal.seat, 15)
    hand.bet_or_raise(legal.seat, 20)
    assert legal_range(hand)[:2] == (40, 40)


@pytest.mark.parametrize("variant", ["razz", "stud"])
def test_without_an_open_pair_or_in_razz_fourth_street_is_the_small_bet(variant: str) -> None:
    fourth = ["4d", "Ks", "2s"] if variant == "razz" else ["5s", "Ks", "2s"]
    hand = _fourth_street(variant, fourth)
    assert legal_range(hand)[:2] == (10, 10)


# Property: fixed-limit raises are whole bets ---------------------------------------------


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(["flhe", "stud", "razz"]))
def test_fixed_limit_raises_are_whole_bets_over_the_last_full_bet_unless_all_in(
    seed: int, variant: str
) -> None:
    """Random fixed-limit hands with short stacks: every bet or raise that is not all-in
    goes exactly one bet of the street over the last full bet (or the big blind; a stud
    completion from nothing; with an open pair on fourth street, the big bet too). An
    all-in of half a bet or more over it is a full one. Counted here from the events."""
    rng = random.Random(seed)
    stakes = STUD if VARIANTS[variant].is_stud else FIXED
    players = rng.randint(2, 6)
    stacks = [rng.choice((rng.randint(1, 40), rng.randint(40, 400))) for _ in range(players)]
    hand = Hand.start(VARIANTS[variant], stakes, stacks, players - 1, shuffled(CARDS, rng))
    last_full, street = 0, -1
    while not hand.is_over:
        if hand.street_index != street:
            street = hand.street_index
            last_full = stakes.big_blind if street == 0 and not VARIANTS[variant].is_stud else 0
        legal = hand.legal_actions()
        assert legal is not None
        everything = hand.bets[legal.seat] + hand.stacks[legal.seat]
        hand.act(random_action(legal, rng))
        event = hand.events[-1]
        if not isinstance(event, ActionTaken) or event.kind != "bet_or_raise":
            continue
        assert event.amount is not None
        bet = stakes.fixed_bet(VARIANTS[variant].streets[street].bets_big)
        if event.amount == everything:  # all-in: any amount; half a bet or more is full
            if 2 * (event.amount - last_full) >= bet:
                last_full = event.amount
            continue
        sizes = {bet, stakes.big_bet} if variant == "stud" and street == 1 else {bet}
        assert event.amount - last_full in sizes, (event, last_full, hand.events)
        last_full = event.amount


def test_an_all_in_between_the_small_and_the_big_bet_leaves_raises_small() -> None:
    """Open pair on fourth street: a small bet, a small raise, then an all-in for 16 more (a
    full raise by the half-bet rule, not a big bet): the next raise is the small bet or the
    big bet over it, never a raise of 16."""
    deck = stud_deck(2, [["2c3c4c", "5d6d7d", "8h9hTh"], ["4d", "Ks", "2s"]])
    hand = Hand.start(VARIANTS["stud"], STUD, [200, 200, 40], 2, deck)
    while hand.street_index == 0:
        passive_step(hand)
    hand.bet_or_raise(0, 10).bet_or_raise(1, 20)
    assert hand.to_act == 2 and hand.stacks[2] + hand.bets[2] == 36
    hand.bet_or_raise(2, 36)
    assert legal_range(hand)[:2] == (46, 56)
