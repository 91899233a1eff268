"""Antes are dead money (TDA): the big blind's ante, short big blinds, short antes."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS
from pokernight.rules import VARIANTS, AntePosted, BlindPosted, Hand, Pot, Stakes
from pokernight.rules.pots import compute_pots
from tests.rules_helpers import holdem_deck

NLHE = VARIANTS["nlhe"]
BIG_BLIND_ANTE = Stakes(small_blind=5, big_blind=10, big_blind_ante=10)
# Seat 0 is the button, 1 the small blind, 2 the big blind, 3 acts first.
HOLES = ["2s3h", "2d3c", "AsAh", "KsKh", "QsQh", "JsJh"]


def hand_with_big_blind(stack: int, stakes: Stakes = BIG_BLIND_ANTE) -> Hand:
    stacks = [1000, 1000, stack, 1000]
    return Hand.start(NLHE, stakes, stacks, 0, holdem_deck(0, HOLES[:4], "2c3d4h8c7d"))


def test_short_big_blind_posts_the_blind_before_the_ante() -> None:
    hand = hand_with_big_blind(19)
    forced = [e for e in hand.events if isinstance(e, AntePosted | BlindPosted)]
    assert forced == [BlindPosted(1, 5, "small"), BlindPosted(2, 10, "big"), AntePosted(2, 9)]
    assert hand.bets[2] == 10 and hand.stacks[2] == 0


def test_big_blind_ante_does_not_count_toward_the_bet_to_call() -> None:
    hand = hand_with_big_blind(19)
    legal = hand.legal_actions()
    assert legal is not None and legal.seat == 3
    assert legal.call_amount == 10


def test_callers_risk_only_the_big_blinds_live_chips_against_a_short_big_blind() -> None:
    hand = hand_with_big_blind(19)
    hand.call(3).fold(0).call(1)
    # Main pot: the dead ante 9 and 10 from each of the three; nothing else was bet.
    assert hand.pots == (Pot(39, frozenset({1, 2, 3})),)


def test_big_blind_ante_is_dead_money_in_the_main_pot_when_the_big_blind_is_all_in() -> None:
    hand = hand_with_big_blind(15)  # blind 10, ante 5: all-in
    hand.bet_or_raise(3, 100).fold(0).call(1)
    # The dead ante sits under the main pot, which holds 10 from each; the rest is a side pot.
    assert hand.pots == (Pot(35, frozenset({1, 2, 3})), Pot(180, frozenset({1, 3})))


def test_big_blind_ante_goes_to_the_main_pot_winner() -> None:
    hand = hand_with_big_blind(19)
    hand.call(3).fold(0).fold(1)
    # The big blind holds aces and checks it down against kings: 9 + 10 + 10 + 5.
    while not hand.is_over:
        hand.check_or_call(hand.to_act or 0)
    assert hand.final_stacks == (1000, 995, 34, 990)


def test_player_all_in_for_less_than_the_ante_is_eligible_only_for_what_they_matched() -> None:
    stakes = Stakes(small_blind=5, big_blind=10, ante=10)
    hand = Hand.start(NLHE, stakes, [1000, 1000, 1000, 4], 0, CARDS)
    hand.call(0).call(1).check(2)
    # Seat 3 matched 4 of each ante: 16; the other antes and every bet go to the side pot.
    assert hand.pots == (Pot(16, frozenset({0, 1, 2, 3})), Pot(48, frozenset({0, 1, 2})))


@settings(max_examples=150, deadline=None)
@given(
    contributed=st.lists(st.integers(0, 60), min_size=2, max_size=6),
    antes=st.lists(st.integers(0, 10), min_size=6, max_size=6),
    folded=st.lists(st.booleans(), min_size=6, max_size=6),
    all_in=st.lists(st.booleans(), min_size=6, max_size=6),
)
def test_pots_hold_every_chip_and_only_live_players(
    contributed: list[int], antes: list[int], folded: list[bool], all_in: list[bool]
) -> None:
    count = len(contributed)
    dead = [min(ante, chips) for ante, chips in zip(antes, contributed, strict=False)]
    stacks = [0 if all_in[seat] and contributed[seat] else 100 for seat in range(count)]
    folded = folded[:count]
    if all(folded):
        folded[0] = False
    pots = compute_pots(contributed, dead, folded, stacks)
    assert sum(pot.amount for pot in pots) == sum(contributed)
    live = {seat for seat in range(count) if not folded[seat]}
    for pot in pots:
        assert pot.eligible and pot.eligible <= live
