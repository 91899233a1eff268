"""Property tests: seed 001's correctness properties and random play in every variant.

seed 001: see docs/seeds.md.

Each example draws a seed; the seed drives a ``random.Random`` that picks the
variant's players, stacks, deck and legal actions.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS, shuffled
from pokernight.rules import (
    VARIANTS,
    ActionKind,
    BetReturned,
    BettingStructure,
    BlindPosted,
    CardsDealt,
    Hand,
    PotAwarded,
    RulesError,
    Stakes,
    StreetStarted,
    default_stakes,
    view,
)
from pokernight.rules.random_play import random_action
from tests.rules_helpers import play_randomly, random_hand

SEEDS = st.integers(min_value=0, max_value=2**32)
VARIANT_KEYS = st.sampled_from(sorted(VARIANTS))
STRUCTURES = st.sampled_from(list(BettingStructure))
NLHE = VARIANTS["nlhe"]
BLINDS = Stakes(small_blind=5, big_blind=10)


def signature(hand: Hand) -> tuple[object, ...]:
    """Everything observable about a hand, for comparing two of them."""
    seats = range(hand.player_count)
    return (
        hand.stacks, hand.bets, hand.pots, hand.total_pot, hand.street_index, hand.board,
        hand.folded, hand.to_act, hand.is_over, hand.wild_ranks, hand.final_stacks,
        hand.legal_actions(), hand.events,
        tuple(hand.hole(seat) for seat in seats), tuple(hand.up_cards(seat) for seat in seats),
    )  # fmt: skip


def holdem_hand(seed: int) -> tuple[Hand, random.Random]:
    rng = random.Random(seed)
    count = rng.randint(2, 10)
    stacks = [rng.randint(1, 500) for _ in range(count)]
    return Hand.start(NLHE, BLINDS, stacks, rng.randrange(count), shuffled(CARDS, rng)), rng


def steps(hand: Hand, rng: random.Random) -> list[tuple[Hand, dict[str, object], int]]:
    """Play randomly; for each action, the state before it and the number of events then."""
    taken = []
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        action = random_action(legal, rng)
        before = {
            "seat": action.seat, "kind": action.kind, "stacks": hand.stacks,
            "total_pot": hand.total_pot, "street": hand.street_index,
        }  # fmt: skip
        count = len(hand.events)
        hand.act(action)
        taken.append((hand, before, count))
    return taken


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_dealt_cards_are_distinct_cards_of_the_deck(seed: int) -> None:
    hand, rng = holdem_hand(seed)
    play_randomly(hand, rng)
    dealt = [c for e in hand.events if isinstance(e, CardsDealt) for c in e.cards]
    assert len(set(dealt)) == len(dealt)
    assert set(dealt) <= set(hand.deck) and len(set(hand.deck)) == 52


@settings(max_examples=100, deadline=None)
@given(SEEDS, st.sampled_from(["nlhe", "plo"]))
def test_every_player_gets_the_hole_cards_and_the_board_grows_three_one_one(
    seed: int, key: str
) -> None:
    rng = random.Random(seed)
    hand = random_hand(VARIANTS[key], BLINDS, rng)
    hole = 4 if key == "plo" else 2
    assert all(len(hand.hole(seat)) == hole for seat in range(hand.player_count))
    boards = {}
    while not hand.is_over:
        boards[hand.street_index] = len(hand.board)
        hand.act(random_action(hand.legal_actions(), rng))  # type: ignore[arg-type]
    boards[hand.street_index] = len(hand.board)
    assert all(boards[street] == (0, 3, 4, 5)[street] for street in boards)


@settings(max_examples=100, deadline=None)
@given(SEEDS, VARIANT_KEYS)
def test_a_seat_sees_only_its_own_down_cards(seed: int, key: str) -> None:
    rng = random.Random(seed)
    hand = random_hand(VARIANTS[key], default_stakes(VARIANTS[key]), rng)
    for _ in range(rng.randint(0, 12)):
        if hand.is_over:
            break
        hand.act(random_action(hand.legal_actions(), rng))  # type: ignore[arg-type]
    shown = {e.seat for e in hand.events if type(e).__name__ == "CardsShown"}  # type: ignore[attr-defined]
    for viewer in [None, *range(hand.player_count)]:
        seen = view(hand, viewer)
        for seat in range(hand.player_count):
            expected = hand.hole(seat) if seat == viewer or seat in shown else None
            cards = seen.cards[seat]
            if expected is not None:
                assert cards == expected
            else:
                up = set(hand.up_cards(seat))
                assert all(card is None or card in up for card in cards)
                assert len(cards) == len(hand.hole(seat))


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_folded_players_stay_folded(seed: int) -> None:
    hand, rng = holdem_hand(seed)
    folded: set[int] = set()
    for after, before, _ in steps(hand, rng):
        if before["kind"] == ActionKind.FOLD:
            folded.add(before["seat"])  # type: ignore[arg-type]
        assert folded <= {seat for seat, out in enumerate(after.folded) if out}


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_chips_move_exactly_as_each_action_says(seed: int) -> None:
    """Check leaves the pot alone; a call or bet moves chips from the stack to the pot;
    an all-in empties the stack."""
    hand, rng = holdem_hand(seed)
    for after, before, count in steps(hand, rng):
        later = after.events[count + 1 :]
        untouched = not any(isinstance(e, (BetReturned, PotAwarded)) for e in later)
        seat = before["seat"]
        assert isinstance(seat, int)
        put_in = before["stacks"][seat] - after.stacks[seat]  # type: ignore[index]
        growth = after.total_pot - before["total_pot"]  # type: ignore[operator]
        if untouched:
            if before["kind"] in (ActionKind.CHECK, ActionKind.FOLD):
                assert growth == 0 and put_in == 0
            else:
                assert growth == put_in > 0
        action = after.events[count]
        if getattr(action, "amount", None) is not None and untouched:
            all_in = after.stacks[seat] == 0
            assert all_in == (after.bets[seat] + after.stacks[seat] == action.amount)  # type: ignore[attr-defined]


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_side_pots_sum_to_the_pot_with_the_right_players(seed: int) -> None:
    hand, rng = holdem_hand(seed)
    while not hand.is_over:
        pots = hand.pots
        assert sum(pot.amount for pot in pots) == hand.total_pot
        live = {seat for seat, out in enumerate(hand.folded) if not out}
        with_chips = {seat for seat in live if hand.stacks[seat]}
        for pot in pots:
            assert with_chips <= pot.eligible <= live
        assert all(pots[i].eligible >= pots[i + 1].eligible for i in range(len(pots) - 1)), (
            "each side pot is open to fewer players"
        )
        hand.act(random_action(hand.legal_actions(), rng))  # type: ignore[arg-type]


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_streets_come_in_order_and_the_hand_ends(seed: int) -> None:
    hand, rng = holdem_hand(seed)
    play_randomly(hand, rng)
    streets = [e.index for e in hand.events if isinstance(e, StreetStarted)]
    assert streets == list(range(len(streets)))
    live = hand.folded.count(False)
    assert live == 1 or streets[-1] == 3


@settings(max_examples=100, deadline=None)
@given(SEEDS)
def test_pots_go_to_winners_in_even_shares(seed: int) -> None:
    hand, rng = holdem_hand(seed)
    play_randomly(hand, rng)
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert sum(award.amount for award in awards) == sum(hand.contributed)
    for award in awards:
        shares = [chips for _, chips in award.winners]
        assert sum(shares) == award.amount and max(shares) - min(shares) <= 1
    assert hand.final_stacks == hand.stacks
    assert sum(hand.stacks) == sum(hand.starting_stacks)


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=2, max_value=10), st.integers(min_value=0, max_value=9))
def test_blinds_sit_left_of_the_button(count: int, button_choice: int) -> None:
    button = button_choice % count
    hand = Hand.start(NLHE, BLINDS, [100] * count, button, CARDS)
    blinds = {e.kind: e.seat for e in hand.events if isinstance(e, BlindPosted)}
    small = button if count == 2 else (button + 1) % count
    assert blinds == {"small": small, "big": (small + 1) % count}


@settings(max_examples=100, deadline=None)
@given(SEEDS, VARIANT_KEYS, STRUCTURES)
def test_random_legal_play_never_raises_and_never_loses_a_chip(
    seed: int, key: str, structure: BettingStructure
) -> None:
    rng = random.Random(seed)
    variant = VARIANTS[key].with_betting(structure)
    hand = play_randomly(random_hand(variant, default_stakes(variant), rng), rng)
    assert hand.final_stacks is not None
    assert sum(hand.final_stacks) == sum(hand.starting_stacks)


@settings(max_examples=100, deadline=None)
@given(SEEDS, VARIANT_KEYS, STRUCTURES)
def test_raise_bounds_are_accepted_and_just_outside_refused(
    seed: int, key: str, structure: BettingStructure
) -> None:
    rng = random.Random(seed)
    variant = VARIANTS[key].with_betting(structure)
    hand = random_hand(variant, default_stakes(variant), rng)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        seat, low, high = legal.seat, legal.min_raise_to, legal.max_raise_to
        if low is not None and high is not None:
            all_in = hand.bets[seat] + hand.stacks[seat]
            assert hand.can_bet_or_raise(seat, low) and hand.can_bet_or_raise(seat, high)
            assert not hand.can_bet_or_raise(seat, low - 1)
            assert hand.can_bet_or_raise(seat, high + 1) == (high == all_in)
            if legal.fixed_amounts and high - low > 1:  # the two amounts, nothing between
                assert not hand.can_bet_or_raise(seat, low + 1)
        else:
            assert not hand.can_bet_or_raise(seat, hand.bets[seat] + hand.stacks[seat])
        hand.act(random_action(legal, rng))


@settings(max_examples=100, deadline=None)
@given(SEEDS, VARIANT_KEYS)
def test_serialised_mid_hand_resumes_identically(seed: int, key: str) -> None:
    rng = random.Random(seed)
    variant = VARIANTS[key]
    hand = random_hand(variant, default_stakes(variant), rng)
    for _ in range(rng.randint(0, 15)):
        if hand.is_over:
            break
        hand.act(random_action(hand.legal_actions(), rng))  # type: ignore[arg-type]
    restored = Hand.from_dict(hand.to_dict())
    assert signature(restored) == signature(hand)
    twin = random.Random(seed + 1)
    play_randomly(hand, twin)
    play_randomly(restored, random.Random(seed + 1))
    assert signature(restored) == signature(hand)


@settings(max_examples=100, deadline=None)
@given(SEEDS, VARIANT_KEYS)
def test_rebuilding_from_events_equals_the_live_hand(seed: int, key: str) -> None:
    rng = random.Random(seed)
    variant = VARIANTS[key]
    hand = random_hand(variant, default_stakes(variant), rng)
    while not hand.is_over:
        rebuilt = Hand.from_events(hand.deck, hand.events)
        assert signature(rebuilt) == signature(hand)
        hand.act(random_action(hand.legal_actions(), rng))  # type: ignore[arg-type]
    assert signature(Hand.from_events(hand.deck, hand.events)) == signature(hand)


def test_refused_action_is_a_rules_error_that_says_why() -> None:
    hand = Hand.start(NLHE, BLINDS, [100, 100], 0, CARDS)
    with pytest.raises(RulesError, match="raise must be to at least 20"):
        hand.bet_or_raise(0, 1)
