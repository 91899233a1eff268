"""Betting rules: blinds, minimum raises, all-ins, pot limit, fixed limit."""

from __future__ import annotations

import pytest

from pokernight.rules import (
    VARIANTS,
    Action,
    ActionKind,
    BetReturned,
    BettingStructure,
    Hand,
    RulesError,
    Stakes,
)
from tests.rules_helpers import holdem_deck

NLHE = VARIANTS["nlhe"]
BLINDS = Stakes(small_blind=5, big_blind=10)
SIX_HOLES = ["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h"]


def six_max(stacks: list[int] | None = None, variant: str = "nlhe",
            stakes: Stakes = BLINDS) -> Hand:  # fmt: skip
    stacks = stacks or [1000] * 6
    deck = holdem_deck(0, SIX_HOLES[: len(stacks)], "2c3d4h8c7d")
    return Hand.start(VARIANTS[variant], stakes, stacks, 0, deck)


def test_blinds_sit_left_of_the_button_and_next_player_acts_first() -> None:
    hand = six_max()
    assert hand.bets == (0, 5, 10, 0, 0, 0)
    assert hand.to_act == 3


def test_heads_up_button_posts_small_blind_and_acts_first_preflop() -> None:
    hand = Hand.start(NLHE, BLINDS, [500, 500], 1, holdem_deck(1, ["AsAh", "KsKh"], "2c3d4h8c7d"))
    assert hand.bets == (10, 5)
    assert hand.to_act == 1
    hand.call(1).check(0)
    assert hand.street_index == 1
    assert hand.to_act == 0, "the button acts last after the flop"


def test_big_blind_has_the_option_when_everybody_calls() -> None:
    hand = six_max()
    for seat in (3, 4, 5, 0, 1):
        hand.call(seat)
    assert hand.to_act == 2
    legal = hand.legal_actions()
    assert legal is not None and legal.can_check and legal.min_raise_to == 20


def test_minimum_raise_is_the_last_full_raise() -> None:
    hand = six_max()
    hand.bet_or_raise(3, 40)  # a raise of 30
    legal = hand.legal_actions()
    assert legal is not None and legal.min_raise_to == 70
    with pytest.raises(RulesError, match="raise must be to at least 70"):
        hand.bet_or_raise(4, 69)


def test_short_all_in_does_not_reopen_betting() -> None:
    hand = six_max([1000, 1000, 1000, 1000, 1000, 65])
    hand.fold(3)
    hand.bet_or_raise(4, 40)  # raise to 40: a full raise of 30
    hand.bet_or_raise(5, 65)  # all-in for 25 more: less than a full raise
    for seat in (0, 1, 2):
        legal = hand.legal_actions()
        assert legal is not None and legal.min_raise_to is not None, "yet to act: may raise"
        hand.call(seat)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 4
    assert legal.min_raise_to is None and legal.call_amount == 25
    with pytest.raises(RulesError, match="not reopened"):
        hand.bet_or_raise(4, 200)


def test_short_all_ins_that_add_up_to_a_full_raise_reopen_betting() -> None:
    hand = six_max([1000, 1000, 1000, 1000, 60, 80])
    hand.bet_or_raise(3, 40)  # a full raise of 30
    hand.bet_or_raise(4, 60)  # short all-in, +20
    hand.bet_or_raise(5, 80)  # short all-in, +20: 40 over seat 3's raise
    hand.call(0).fold(1).fold(2)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3 and legal.min_raise_to == 110


def test_nobody_may_raise_when_no_opponent_has_chips() -> None:
    hand = six_max([1000, 1000, 1000, 1000, 1000, 80])
    hand.bet_or_raise(3, 40).fold(4).bet_or_raise(5, 80)
    hand.fold(0).fold(1).fold(2)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3 and legal.min_raise_to is None
    with pytest.raises(RulesError, match="no opponent has chips"):
        hand.bet_or_raise(3, 200)


def test_bet_above_stack_is_all_in() -> None:
    hand = six_max([1000, 1000, 1000, 300, 1000, 1000])
    hand.bet_or_raise(3, 5000)
    assert hand.stacks[3] == 0
    assert hand.bets[3] == 300


def test_uncalled_bet_is_returned() -> None:
    hand = six_max([1000, 1000, 1000, 1000, 1000, 200])
    hand.bet_or_raise(3, 500)
    hand.call(4)
    hand.call(5)  # all-in for 200
    for seat in (0, 1, 2):
        hand.fold(seat)
    hand.check(3).bet_or_raise(4, 400)
    hand.fold(3)
    returned = [event for event in hand.events if isinstance(event, BetReturned)]
    assert returned == [BetReturned(4, 400)]
    assert hand.is_over and hand.final_stacks is not None
    assert sum(hand.final_stacks) == 5200


def test_pot_limit_raise_at_most_pot_after_call() -> None:
    hand = six_max(variant="plhe")
    legal = hand.legal_actions()
    # Pot 15; calling 10 makes it 25; the raise is 25 more, to 35.
    assert legal is not None and legal.max_raise_to == 35
    with pytest.raises(RulesError, match="at most 35"):
        hand.bet_or_raise(3, 36)
    hand.bet_or_raise(3, 35)
    legal = hand.legal_actions()
    # Pot 50; calling 35 makes it 85; the raise is 85 more, to 120.
    assert legal is not None and legal.max_raise_to == 120


FIXED = Stakes(small_blind=5, big_blind=10, small_bet=10, big_bet=20)


def test_fixed_limit_raises_by_one_bet_up_to_the_cap() -> None:
    hand = six_max(variant="flhe", stakes=FIXED)
    legal = hand.legal_actions()
    assert legal is not None and legal.min_raise_to == legal.max_raise_to == 20
    hand.bet_or_raise(3, 20).bet_or_raise(4, 30).bet_or_raise(5, 40)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.min_raise_to is None
    with pytest.raises(RulesError, match="capped at 4 bets"):
        hand.bet_or_raise(0, 50)


def test_fixed_limit_cap_lifted_heads_up() -> None:
    deck = holdem_deck(0, ["AsAh", "KsKh"], "2c3d4h8c7d")
    hand = Hand.start(VARIANTS["flhe"], FIXED, [1000, 1000], 0, deck)
    to = 10
    for raiser in [0, 1] * 4:
        to += 10
        hand.bet_or_raise(raiser, to)
    assert to == 90, "eight bets and raises, far above the cap of four"
    legal = hand.legal_actions()
    assert legal is not None and legal.min_raise_to == 100


def test_fixed_limit_big_bet_from_the_turn() -> None:
    hand = six_max([1000, 1000], variant="flhe", stakes=FIXED)
    hand.call(0).check(1)  # preflop
    hand.check(1).check(0)  # flop
    legal = hand.legal_actions()
    assert legal is not None and legal.min_raise_to == 20


def test_straddle_acts_last_before_the_flop() -> None:
    stakes = Stakes(small_blind=5, big_blind=10, straddle=20)
    hand = six_max(stakes=stakes)
    assert hand.bets == (0, 5, 10, 20, 0, 0)
    assert hand.to_act == 4
    legal = hand.legal_actions()
    assert legal is not None and legal.min_raise_to == 40


def test_big_blind_ante_is_dead_money_posted_by_the_big_blind() -> None:
    hand = six_max(stakes=Stakes(small_blind=5, big_blind=10, big_blind_ante=10))
    assert hand.stacks[2] == 980
    assert hand.bets[2] == 10
    assert hand.total_pot == 25


def test_blind_larger_than_stack_puts_player_all_in() -> None:
    hand = six_max([1000, 1000, 6, 1000, 1000, 1000])
    assert hand.stacks[2] == 0 and hand.bets[2] == 6


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Action(4, ActionKind.CALL), "not your turn"),
        (Action(3, ActionKind.CHECK), "cannot check facing a bet of 10"),
        (Action(3, ActionKind.BET_OR_RAISE, 15), "raise must be to at least 20"),
        (Action(3, ActionKind.BRING_IN), "there is no bring-in to post"),
        (Action(9, ActionKind.CALL), "there is no seat 9"),
    ],
)
def test_illegal_action_says_why(action: Action, message: str) -> None:
    hand = six_max()
    with pytest.raises(RulesError, match=message):
        hand.act(action)


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Action(3, ActionKind.BET_OR_RAISE, "40"), "a bet or raise needs a whole number"),  # type: ignore[arg-type]
        (Action(3, ActionKind.BET_OR_RAISE, 40.0), "a bet or raise needs a whole number"),  # type: ignore[arg-type]
        (Action(3, ActionKind.BET_OR_RAISE, True), "a bet or raise needs a whole number"),
        (Action("3", ActionKind.CALL), "there is no seat '3'"),  # type: ignore[arg-type]
        (Action(None, ActionKind.CALL), "there is no seat None"),  # type: ignore[arg-type]
        (Action(3, "raise"), "'raise' is not an action"),  # type: ignore[arg-type]
    ],
)
def test_a_wrongly_typed_action_is_refused_with_a_reason(action: Action, message: str) -> None:
    """The same refusal from the pure and the compiled engine (``make test-compiled``)."""
    hand = six_max()
    before = hand.events
    assert not hand.can(action)
    with pytest.raises(RulesError, match=message):
        hand.act(action)
    assert hand.events == before


def test_folded_player_cannot_act() -> None:
    hand = six_max()
    hand.fold(3)
    with pytest.raises(RulesError, match="seat 3 has folded"):
        hand.call(3)


def test_no_action_after_the_hand_is_over() -> None:
    hand = six_max([1000, 1000])
    hand.fold(0)
    assert hand.is_over and hand.legal_actions() is None
    with pytest.raises(RulesError, match="hand is over"):
        hand.check(1)


def test_illegal_action_leaves_state_unchanged() -> None:
    hand = six_max()
    before = hand.to_dict()
    attempts = [
        Action(3, ActionKind.CHECK),
        Action(3, ActionKind.BET_OR_RAISE, 11),
        Action(0, ActionKind.FOLD),
    ]
    for attempt in attempts:
        with pytest.raises(RulesError):
            hand.act(attempt)
    assert hand.to_dict() == before
    assert not hand.can_check(3) and hand.can_call(3) and hand.can_fold(3)


def test_any_betting_structure_combines_with_any_variant() -> None:
    variant = VARIANTS["ftq"].with_betting(BettingStructure.FIXED_LIMIT)
    assert variant.betting is BettingStructure.FIXED_LIMIT and variant.key == "ftq"


def test_raise_over_a_short_all_in_bet_adds_at_least_a_full_bet() -> None:
    deck = holdem_deck(0, SIX_HOLES[:3], "2c3d4h8c7d")
    short = Hand.start(NLHE, BLINDS, [1000, 1000, 18], 0, deck)
    short.call(0).call(1).check(2)  # flop: seat 2 has 8 chips left
    short.check(1).bet_or_raise(2, 8)  # an all-in bet below the minimum bet of 10
    legal = short.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.min_raise_to == 18


def test_lone_small_blind_opens_the_betting_when_the_big_blind_is_all_in_on_the_ante() -> None:
    stakes = Stakes(small_blind=5, big_blind=10, ante=5)
    hand = six_max([1000, 1000, 5, 1000, 1000, 1000], stakes=stakes)
    assert hand.bets == (0, 5, 0, 0, 0, 0)
    legal = hand.legal_actions()
    assert legal is not None and legal.call_amount == 5 and legal.min_raise_to == 15


def test_big_blind_is_not_asked_to_check_when_the_short_small_blind_is_all_in() -> None:
    deck = holdem_deck(2, ["AsAh", "KsKh", "QsQh"], "2c3d4h8c7d")
    hand = Hand.start(NLHE, BLINDS, [3, 100, 100], 2, deck)  # seat 0 posts 3 of the 5
    hand.fold(2)
    assert hand.is_over and hand.legal_actions() is None


def test_fixed_limit_cap_counts_the_big_blind_as_the_first_bet() -> None:
    hand = six_max(variant="flhe", stakes=FIXED)
    hand.bet_or_raise(3, 20).bet_or_raise(4, 30).bet_or_raise(5, 40)
    assert not hand.can_bet_or_raise(0, 50)


def test_no_check_is_asked_when_it_can_change_nothing() -> None:
    # The button calls all-in for the big blind, the small blind folds: the big blind
    # faces no bet and nobody could answer a raise, so the hand runs to the showdown.
    hand = Hand.start(NLHE, BLINDS, [10, 1000, 1000], 0, holdem_deck(0, SIX_HOLES[:3]))
    hand.call(0).fold(1)
    assert hand.is_over
    assert hand.legal_actions() is None


def test_lone_player_with_chips_still_answers_a_bet() -> None:
    # The button moves all-in over the big blind: the big blind, alone with chips,
    # must still call or fold.
    hand = Hand.start(NLHE, BLINDS, [50, 1000, 1000], 0, holdem_deck(0, SIX_HOLES[:3]))
    hand.bet_or_raise(0, 50).fold(1)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 2 and legal.call_amount == 40


def test_dead_small_blind_puts_the_big_blind_left_of_the_button() -> None:
    hand = Hand.start(NLHE, BLINDS, [1000] * 4, 0, holdem_deck(0, SIX_HOLES[:4]),
                      dead_small_blind=True)  # fmt: skip
    assert hand.bets == (0, 10, 0, 0)
    hand.call(2).call(3).call(0).check(1)
    assert hand.street_index == 1 and hand.to_act == 1  # the button acts last after the flop


def test_posted_big_blind_is_live_and_may_check() -> None:
    hand = Hand.start(NLHE, BLINDS, [1000] * 6, 0, holdem_deck(0, SIX_HOLES), posted_big_blinds=[4])
    assert hand.bets == (0, 5, 10, 0, 10, 0)
    hand.call(3)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 4 and legal.can_check
    assert legal.min_raise_to == 20
    hand.check(4).call(5).call(0).call(1)
    assert hand.to_act == 2  # the big blind keeps the option


@pytest.mark.parametrize(
    ("posted", "message"),
    [([1], "seat 1 already posts a blind"), ([7], "there is no seat 7"), ([3, 3], "one big")],
)
def test_posted_big_blinds_must_be_other_seats(posted: list[int], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Hand.start(NLHE, BLINDS, [1000] * 6, 0, holdem_deck(0, SIX_HOLES),
                   posted_big_blinds=posted)  # fmt: skip
