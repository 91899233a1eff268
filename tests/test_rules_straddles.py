"""Voluntary straddles in the engine (``HandStarted.straddles``, issue 22): a straddle
under the gun or Mississippi (any seat from under the gun round to the button), and
re-straddles left of it, each twice the blind before it and a live blind raise
(docs/rules.md, Table options: Straddles; decision 45).

Six players, blinds 5/10, button at seat 0: small blind 1, big blind 2, under the gun 3,
then 4, 5 and the button 0.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory

from pokernight.cards import CARDS, shuffled
from pokernight.history import parse_phh, replay_phh, to_phh
from pokernight.history.pokerstars_export import to_pokerstars
from pokernight.rules import (
    VARIANTS,
    Action,
    ActionKind,
    BlindPosted,
    Hand,
    HandStarted,
    RulesError,
    Stakes,
    event_from_dict,
)
from pokernight.rules.forced import straddle_amounts
from pokernight.rules.positions import straddle_seats
from pokernight.rules.random_play import random_action
from tests.differential_helpers import StreetBetting, assert_same_awards
from tests.rules_helpers import holdem_deck

NLHE = VARIANTS["nlhe"]
BLINDS = Stakes(small_blind=5, big_blind=10)
HOLES = ["AsAh", "KsKh", "QsQh", "JsJh", "TsTh", "9s9h"]


def six(straddles: tuple[int, ...], *, variant: str = "nlhe", stakes: Stakes = BLINDS,
        stacks: list[int] | None = None, button: int = 0) -> Hand:  # fmt: skip
    stacks = stacks or [1000] * 6
    deck = holdem_deck(button, HOLES[: len(stacks)], "2c3d4h8c7d")
    return Hand.start(VARIANTS[variant], stakes, stacks, button, deck, straddles=straddles)


def posted(hand: Hand) -> list[tuple[int, int, str]]:
    return [(e.seat, e.amount, e.kind) for e in hand.events if isinstance(e, BlindPosted)]


def order_of_action(hand: Hand) -> list[int]:
    """Everybody calls (or checks) round once: the seats in the order asked."""
    asked = []
    while hand.street_index == 0 and not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        asked.append(seat)
        legal = hand.legal_actions()
        assert legal is not None
        hand.call(seat) if legal.call_amount else hand.check(seat)
    return asked


# Who may straddle -------------------------------------------------------------------------


def test_the_seats_that_may_straddle_run_from_under_the_gun_to_the_button() -> None:
    assert straddle_seats(6, 0, False) == (3, 4, 5, 0)
    assert straddle_seats(6, 4, False) == (1, 2, 3, 4)
    assert straddle_seats(3, 0, False) == (0,), "three-handed the button is under the gun"
    assert straddle_seats(2, 0, False) == (), "heads-up nobody straddles"
    assert straddle_seats(6, 0, True) == (2, 3, 4, 5, 0), "a dead small blind: bb is seat 1"


# The straddle under the gun and re-straddles -----------------------------------------------


def test_a_straddle_under_the_gun_and_two_re_straddles_double_each_time() -> None:
    hand = six((3, 4, 5))
    assert posted(hand) == [
        (1, 5, "small"), (2, 10, "big"), (3, 20, "straddle"), (4, 40, "straddle"),
        (5, 80, "straddle"),
    ]  # fmt: skip
    assert hand.to_act == 0, "action starts left of the last straddle"
    assert order_of_action(hand) == [0, 1, 2, 3, 4, 5], (
        "round through the blinds, last straddler last"
    )


def test_the_last_straddler_has_the_option_to_raise() -> None:
    hand = six((3, 4))
    for seat in (5, 0, 1, 2, 3):
        hand.call(seat)
    assert hand.to_act == 4
    legal = hand.legal_actions()
    assert legal is not None and legal.can_check and legal.min_raise_to == 80


def test_a_straddle_sets_the_minimum_raise_at_its_own_amount() -> None:
    """Robert's Rules, No-limit 2: a straddle sets a new minimum bring-in, not a raise:
    with a re-straddle of 40 the first raise goes to 80, and the next at least 120."""
    hand = six((3, 4))
    legal = hand.legal_actions()
    assert legal is not None and legal.call_amount == 40 and legal.min_raise_to == 80
    with pytest.raises(RulesError, match="at least 80"):
        hand.bet_or_raise(5, 70)
    hand.bet_or_raise(5, 80)
    legal = hand.legal_actions()
    assert legal is not None and legal.min_raise_to == 120


def test_pot_limit_counts_every_straddle_in_the_pot() -> None:
    """Pot-limit: the pot after the call. Blinds 5 + 10, straddles 20 + 40 = 75; seat 5
    calls 40, the pot is 115, so the most it may raise to is 40 + 115 = 155."""
    hand = six((3, 4), variant="plo", stacks=[1000] * 6)
    legal = hand.legal_actions()
    assert legal is not None and legal.max_raise_to == 155 and legal.min_raise_to == 80


def test_a_mississippi_straddle_on_the_button_makes_the_small_blind_act_first() -> None:
    hand = six((0,))
    assert posted(hand)[-1] == (0, 20, "straddle")
    assert order_of_action(hand) == [1, 2, 3, 4, 5, 0]
    assert hand.street_index == 1 and hand.to_act == 1, "after the flop, as usual"


def test_a_mississippi_straddle_mid_table_acts_last_and_under_the_gun_acts_after_the_blinds() -> (
    None
):
    hand = six((4,))
    assert order_of_action(hand) == [5, 0, 1, 2, 3, 4]


def test_a_re_straddle_after_a_mississippi_straddle_comes_from_its_left() -> None:
    hand = six((5, 0))
    assert posted(hand)[-2:] == [(5, 20, "straddle"), (0, 40, "straddle")]
    assert order_of_action(hand) == [1, 2, 3, 4, 5, 0]


def test_a_straddle_the_stakes_name_is_the_first_and_re_straddles_follow_it() -> None:
    hand = six((4,), stakes=Stakes(small_blind=5, big_blind=10, straddle=20))
    assert posted(hand)[-2:] == [(3, 20, "straddle"), (4, 40, "straddle")]
    assert hand.to_act == 5
    with pytest.raises(
        RulesError, match=r"next straddle comes from the seat left of it \(seat 4\)"
    ):
        six((5,), stakes=Stakes(small_blind=5, big_blind=10, straddle=20))


def test_the_straddles_ride_in_the_first_event_and_replay() -> None:
    hand = six((3, 4))
    started = hand.events[0]
    assert isinstance(started, HandStarted) and started.straddles == (3, 4)
    assert started.to_dict()["straddles"] == [3, 4]
    assert event_from_dict(started.to_dict()) == started
    assert "straddles" not in six(()).events[0].to_dict(), "left out when there are none"
    hand.bet_or_raise(5, 100)
    again = Hand.from_dict(hand.to_dict())
    assert again.to_act == hand.to_act == 0 and again.bets == hand.bets


# Refusals, each with its reason ------------------------------------------------------------


@pytest.mark.parametrize(
    ("straddles", "kwargs", "reason"),
    [
        ((1,), {}, "seat 1 may not straddle: .* never from the blinds"),
        ((2,), {}, "seat 2 may not straddle"),
        ((3, 5), {}, r"seat 5 may not re-straddle: .* \(seat 4\)"),
        ((0, 1), {}, "seat 1 may not straddle"),
        ((9,), {}, "there is no seat 9"),
        ((3,), {"stacks": [1000, 1000, 1000, 15, 1000, 1000]},
         "seat 3 has 15 chips, short of the straddle of 20: a straddle is posted in full"),
        ((3, 4), {"variant": "flhe", "stakes": Stakes(small_blind=5, big_blind=10)},
         "in fixed-limit a straddle is one raise: there is no re-straddle"),
        ((3,), {"variant": "stud", "stakes": Stakes(ante=1, bring_in=3, small_bet=10)},
         "has no blinds to straddle"),
    ],
)  # fmt: skip
def test_a_straddle_the_books_do_not_allow_is_refused_with_its_reason(
    straddles: tuple[int, ...], kwargs: dict[str, object], reason: str
) -> None:
    with pytest.raises(RulesError, match=reason):
        if kwargs.get("variant") == "stud":
            deck = shuffled(CARDS, random.Random(0))
            Hand.start(VARIANTS["stud"], kwargs["stakes"], [100] * 6, 0, deck,  # type: ignore[arg-type]
                       straddles=straddles)  # fmt: skip
        else:
            six(straddles, **kwargs)  # type: ignore[arg-type]


def test_heads_up_nobody_straddles() -> None:
    deck = holdem_deck(0, HOLES[:2], "2c3d4h8c7d")
    with pytest.raises(RulesError, match="heads-up nobody straddles"):
        Hand.start(NLHE, BLINDS, [500, 500], 0, deck, straddles=(0,))


def test_a_fixed_limit_hand_takes_one_mississippi_straddle_as_the_first_raise() -> None:
    hand = six((0,), variant="flhe")
    legal = hand.legal_actions()
    assert hand.to_act == 1 and legal is not None
    assert legal.call_amount == 15 and legal.min_raise_to == legal.max_raise_to == 30


def test_an_all_in_straddle_posted_in_full_is_live() -> None:
    """A stack of exactly the straddle posts it and is all-in; the others call it in full."""
    hand = six((3,), stacks=[1000, 1000, 1000, 20, 1000, 1000])
    assert posted(hand)[-1] == (3, 20, "straddle")
    legal = hand.legal_actions()
    assert hand.to_act == 4 and legal is not None and legal.call_amount == 20


# Random straddles: chips are conserved, the order of action is the book's ----------------------


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_random_straddles_conserve_chips_and_act_in_the_books_order(seed: int) -> None:
    rng = random.Random(seed)
    count = rng.randint(3, 9)
    button = rng.randrange(count)
    variant = VARIANTS[rng.choice(["nlhe", "plo", "flhe"])]
    stacks = [rng.randint(30, 1500) for _ in range(count)]
    allowed = straddle_seats(count, button, False)
    start = rng.randrange(len(allowed))
    most = 1 if variant.key == "flhe" else len(allowed) - start
    chain = allowed[start : start + rng.randint(1, most)]
    # Only the straddles each seat can post in full (and the chain stops at the first
    # that cannot), as the table deals them.
    straddles: list[int] = []
    for index, seat in enumerate(chain):
        if stacks[seat] < 10 * 2 ** (index + 1):
            break
        straddles.append(seat)
    hand = Hand.start(variant, BLINDS, stacks, button, shuffled(CARDS, rng),
                      straddles=straddles)  # fmt: skip
    total = sum(stacks)
    # Before the flop the action starts left of the last straddle and goes clockwise, each
    # time to the next seat that has not folded and has chips left (until the round ends).
    previous = straddles[-1] if straddles else None
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        if hand.street_index == 0 and previous is not None:
            assert legal.seat == _next_with_chips(hand, previous)
            previous = legal.seat
        hand.act(random_action(legal, rng))
        assert sum(hand.stacks) + hand.total_pot == total
    assert hand.final_stacks is not None and sum(hand.final_stacks) == total
    # Every straddle was posted in full, twice the one before.
    amounts = [e.amount for e in hand.events if isinstance(e, BlindPosted) and e.kind == "straddle"]
    assert amounts == [20 * 2**index for index in range(len(straddles))]


def _next_with_chips(hand: Hand, seat: int) -> int:
    count = hand.player_count
    for step in range(1, count + 1):
        other = (seat + step) % count
        if not hand.folded[other] and hand.stacks[other] > 0:
            return other
    raise AssertionError("nobody left to act")


# Hand histories -------------------------------------------------------------------------------


def straddled_hand(seed: int) -> Hand:
    """A random hand (no-limit hold'em and short-deck, pot-limit Omaha) with a random chain of
    straddles every seat can post in full, played to the end with random legal actions."""
    rng = random.Random(seed)
    count = rng.randint(3, 9)
    button = count - 1  # PHH's order is then ours: p1 is seat 0 (PokerKit's index 0)
    variant = VARIANTS[rng.choice(["nlhe", "plo", "nlsd"])]
    stakes = Stakes(small_blind=5, big_blind=10, ante=rng.choice((0, 0, 1)))
    stacks = [rng.randint(100, 1500) for _ in range(count)]
    allowed = straddle_seats(count, button, False)
    start = rng.randrange(len(allowed))
    chain = allowed[start : start + rng.randint(1, len(allowed) - start)]
    amounts = straddle_amounts(stakes, len(chain))
    covered = [
        stacks[seat] >= amount + stakes.ante for seat, amount in zip(chain, amounts, strict=True)
    ]
    chain = chain[: covered.index(False)] if False in covered else chain
    hand = Hand.start(
        variant, stakes, stacks, button, shuffled(variant.cards, rng), straddles=chain
    )
    while (legal := hand.legal_actions()) is not None:
        action = random_action(legal, rng)
        if action.kind is ActionKind.BET_OR_RAISE and _reopened_by_short_all_ins(hand, action.seat):
            action = Action(action.seat, ActionKind.CALL if legal.call_amount else ActionKind.CHECK)
        hand.act(action)
    return hand


def _reopened_by_short_all_ins(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` may raise only because short all-ins since its last action add up to
    a full raise (docs/rules.md, TDA): PokerKit counts them its own way (the differential's
    ``_short_all_ins_reopen_our_way``) and refuses such a raise, so these hands take the call."""
    betting = StreetBetting.of(hand)
    acted_at = betting.acted_at.get(seat)
    return acted_at is not None and acted_at >= betting.full_level


@settings(max_examples=120, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
@example(seed=11109)  # four short all-ins reopen the raising: the hand takes the calls
def test_a_straddled_hand_exports_to_phh_and_pokerkit_replays_it_to_the_same_stacks(
    seed: int,
) -> None:
    """PokerKit starts the action left of the largest blind or straddle, as we do, and our
    minimum raise (the last straddle) is at least its own: every action of ours is legal
    there, in the same order, and the chips come out the same. Our own import reads the
    straddles back (``straddles_of``) and replays the same events. (Decision 34 left
    straddles out of the differential for PokerKit's smaller minimum raise; ours is the
    larger, so our hands replay there. A raise that short all-ins reopened is the one
    action PokerKit refuses: ``straddled_hand`` calls there instead.)"""
    hand = straddled_hand(seed)
    text = to_phh(hand)
    assert hand.final_stacks is not None
    expected = list(hand.final_stacks)
    *_, state = iter(HandHistory.loads(text))
    assert_same_awards(hand, state)  # PokerKit shares odd chips its own way
    replayed = replay_phh(parse_phh(text)[0])
    assert list(replayed.finishing_stacks) == expected
    assert replayed.hand.events[1:] == hand.events[1:], "the same straddles, the same play"


def test_a_mississippi_straddle_is_written_at_the_button_s_place() -> None:
    hand = six((0,))
    while not hand.is_over:
        hand.check_or_call(hand.to_act)  # type: ignore[arg-type]
    assert "blinds_or_straddles = [5, 10, 0, 0, 0, 20]\n" in to_phh(hand)
    hand = six((4, 5))
    while not hand.is_over:
        hand.check_or_call(hand.to_act)  # type: ignore[arg-type]
    assert "blinds_or_straddles = [5, 10, 0, 20, 40, 0]\n" in to_phh(hand)


def test_pokerstars_text_writes_each_straddle_posted() -> None:
    hand = six((5, 0))
    while not hand.is_over:
        hand.check_or_call(hand.to_act)  # type: ignore[arg-type]
    text = to_pokerstars(hand, [f"p{seat}" for seat in range(6)])
    assert "p5: posts straddle 20\n" in text and "p0: posts straddle 40\n" in text
