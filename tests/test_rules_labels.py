"""Every action says what it was in poker words (``ActionTaken.says``) and whether it
put the player all-in (``all_in``), named by the engine from the state before it."""

from __future__ import annotations

import random

from hypothesis import example, given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS
from pokernight.rules import (
    VARIANTS,
    Action,
    ActionKind,
    ActionTaken,
    BettingStructure,
    BlindPosted,
    BringInPosted,
    Hand,
    Stakes,
    StreetStarted,
    default_stakes,
    event_from_dict,
)
from pokernight.rules.random_play import random_action
from tests.rules_helpers import random_hand, stud_deck

SEEDS = st.integers(min_value=0, max_value=2**32)
VARIANT_KEYS = st.sampled_from(sorted(VARIANTS))
STRUCTURES = st.sampled_from(list(BettingStructure))
BLINDS = Stakes(small_blind=5, big_blind=10)
STUD_STAKES = Stakes(ante=1, bring_in=2, small_bet=10, big_bet=20)


def _actions(hand: Hand) -> list[tuple[int, str, int | None, str, bool]]:
    return [
        (event.seat, event.kind, event.amount, event.says, event.all_in)
        for event in hand.events
        if isinstance(event, ActionTaken)
    ]


def test_the_first_chips_of_a_street_are_a_bet_and_more_is_a_raise() -> None:
    hand = Hand.start(VARIANTS["nlhe"], BLINDS, [1000, 1000, 1000], 0, CARDS)
    hand.bet_or_raise(0, 30).call(1).call(2)  # preflop: the big blind is the bet
    hand.check(1).bet_or_raise(2, 40).bet_or_raise(0, 120)
    assert _actions(hand) == [
        (0, "bet_or_raise", 30, "raise", False),
        (1, "call", 30, "call", False),
        (2, "call", 30, "call", False),
        (1, "check", None, "check", False),
        (2, "bet_or_raise", 40, "bet", False),
        (0, "bet_or_raise", 120, "raise", False),
    ]


def test_a_call_for_less_is_a_call_all_in_and_a_shove_is_all_in() -> None:
    hand = Hand.start(VARIANTS["nlhe"], BLINDS, [1000, 50, 1000], 0, CARDS)
    hand.bet_or_raise(0, 200).call(1).bet_or_raise(2, 5000).fold(0)
    assert _actions(hand) == [
        (0, "bet_or_raise", 200, "raise", False),
        (1, "call", 50, "call", True),
        (2, "bet_or_raise", 1000, "raise", True),
        (0, "fold", None, "fold", False),
    ]


def test_a_stud_bet_over_the_bring_in_completes_it_and_the_next_raises() -> None:
    deck = stud_deck(2, [["AsKs2d", "AhKh9c", "QdQc9s"]])
    hand = Hand.start(VARIANTS["stud"], STUD_STAKES, [100, 100, 100], 2, deck)
    hand.bring_in(0).bet_or_raise(1, 10).bet_or_raise(2, 20)
    assert _actions(hand) == [
        (1, "bet_or_raise", 10, "complete", False),
        (2, "bet_or_raise", 20, "raise", False),
    ]


def test_the_bring_in_seat_betting_the_full_bet_completes() -> None:
    deck = stud_deck(2, [["AsKs2d", "AhKh9c", "QdQc9s"]])
    hand = Hand.start(VARIANTS["stud"], STUD_STAKES, [100, 100, 100], 2, deck)
    hand.bet_or_raise(0, 10)
    assert _actions(hand) == [(0, "bet_or_raise", 10, "complete", False)]


def test_a_bring_in_that_takes_the_whole_stack_is_all_in() -> None:
    deck = stud_deck(2, [["AsKs2d", "AhKh9c", "QdQc9s"]])
    hand = Hand.start(VARIANTS["stud"], STUD_STAKES, [3, 100, 100], 2, deck)
    hand.bring_in(0)
    brought = [event for event in hand.events if isinstance(event, BringInPosted)]
    assert brought == [BringInPosted(0, 2, True)]


def test_the_fields_go_to_json_and_back_and_older_json_still_reads() -> None:
    event = ActionTaken(1, "bet_or_raise", 60, "raise", True)
    data = event.to_dict()
    assert data == {
        "type": "ActionTaken", "seat": 1, "kind": "bet_or_raise", "amount": 60,
        "says": "raise", "all_in": True,
    }  # fmt: skip
    assert event_from_dict(data) == event
    older = {"type": "ActionTaken", "seat": 1, "kind": "call", "amount": 60}
    assert event_from_dict(older) == ActionTaken(1, "call", 60, "", False)


def _street_facts(events: list[object]) -> tuple[bool, bool, int, int]:
    """Of the current street so far: were chips bet (blinds, bring-in, bets), is a
    bring-in standing with no bet over it, the street's level (its highest total), and
    how far the last all-in that raised the level raised it (0: the last rise was no
    all-in)."""
    chips, bring_in_standing, level, all_in_rise = False, False, 0, 0
    for event in events:
        if isinstance(event, StreetStarted):
            chips, bring_in_standing, level, all_in_rise = False, False, 0, 0
        elif isinstance(event, BlindPosted | BringInPosted) or (
            isinstance(event, ActionTaken) and event.amount
        ):
            assert event.amount is not None
            if event.amount > level:
                rise = event.amount - level
                all_in_rise = rise if isinstance(event, ActionTaken) and event.all_in else 0
            chips, level = True, max(level, event.amount)
            if isinstance(event, BringInPosted):
                bring_in_standing = True
            elif isinstance(event, ActionTaken) and event.kind == "bet_or_raise":
                bring_in_standing = False
    return chips, bring_in_standing, level, all_in_rise


@settings(max_examples=150, deadline=None)
@given(SEEDS, VARIANT_KEYS, STRUCTURES)
# Short all-ins to 37 and then 40 over a bet of 20: the level is back on the grid, but
# the next bet (to 57) still completes the short one.
@example(7995, "flhe", BettingStructure.FIXED_LIMIT)
def test_random_hands_label_every_action_as_it_was(
    seed: int, key: str, structure: BettingStructure
) -> None:
    """A street's first chips are a bet, a stud bet over the bring-in completes it,
    other bets are raises (in fixed limit, a bet over a short all-in may complete it);
    a fold, check and call say so; all-in exactly when the stack the action leaves is 0."""
    rng = random.Random(seed)
    variant = VARIANTS[key].with_betting(structure)
    stakes = default_stakes(variant)
    hand = random_hand(variant, stakes, rng)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        seat, count = legal.seat, hand.event_count
        stack, bet = hand.stacks[seat], hand.bets[seat]
        chips, bring_in_standing, level, all_in_rise = _street_facts(list(hand.events))
        pending_bring_in = legal.can_bring_in
        hand.act(random_action(legal, rng, hand.hole(seat)))
        event = hand.events[count]
        if legal.can_draw:
            continue  # a draw bets nothing: there is nothing to label
        if isinstance(event, BringInPosted):
            assert event.all_in == (event.amount - bet == stack)
            continue
        assert isinstance(event, ActionTaken)
        put_in = 0 if event.amount is None else event.amount - bet
        assert event.all_in == (put_in > 0 and stack - put_in == 0)
        if event.kind != "bet_or_raise":
            assert event.says == event.kind
            continue
        # In fixed limit a short all-in (it left the level off the grid of full bets, or
        # raised it by less than a bet) may be completed by the next bet.
        full_bet = stakes.fixed_bet(variant.streets[hand_street(hand, count)].bets_big)
        short_all_in = structure is BettingStructure.FIXED_LIMIT and (
            level % full_bet != 0 or 0 < all_in_rise < full_bet
        )
        if pending_bring_in or bring_in_standing:
            assert event.says == "complete"
        elif not chips:
            assert event.says == "bet"
        else:
            assert event.says == "raise" or (event.says == "complete" and short_all_in)


def hand_street(hand: Hand, count: int) -> int:
    """The street index when the event at ``count`` was made."""
    index = 0
    for event in hand.events[:count]:
        if isinstance(event, StreetStarted):
            index = event.index
    return index


@settings(max_examples=200, deadline=None)
@given(SEEDS, VARIANT_KEYS, STRUCTURES)
def test_the_legal_actions_name_the_one_action_that_puts_every_chip_in(
    seed: int, key: str, structure: BettingStructure
) -> None:
    """``all_in_kind`` (what a client's all-in button or key sends): at every decision, the
    call, bring-in or largest bet it names puts the player all-in, and no other offered does."""
    rng = random.Random(seed)
    variant = VARIANTS[key].with_betting(structure)
    hand = random_hand(variant, default_stakes(variant), rng)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        seat = legal.seat
        offered = {}
        if legal.can_call:
            offered["call"] = Action(seat, ActionKind.CALL)
        if legal.can_bring_in:
            offered["bring_in"] = Action(seat, ActionKind.BRING_IN)
        if legal.max_raise_to is not None:
            offered["bet_or_raise"] = Action(seat, ActionKind.BET_OR_RAISE, legal.max_raise_to)
        emptied = {kind for kind, action in offered.items() if _puts_all_in(hand, action)}
        assert emptied == ({legal.all_in_kind} if legal.all_in_kind else set()), (legal, emptied)
        hand.act(random_action(legal, rng))


def _puts_all_in(hand: Hand, action: Action) -> bool:
    """Whether ``action`` would put its player all-in (as the event it makes says: the
    stacks after it may already hold a pot won)."""
    count = hand.event_count
    event = hand.copy().act(action).events[count]
    assert isinstance(event, ActionTaken | BringInPosted)
    return event.all_in
