"""Exporting our hands to PHH: the text reads back and replays to the same stacks."""

from __future__ import annotations

import random
from decimal import Decimal
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS, shuffled
from pokernight.history import parse_phh, replay_phh, to_phh
from pokernight.rules import VARIANTS, BettingStructure, Hand, Stakes
from pokernight.rules.random_play import random_action

DATA = Path(__file__).parent / "data" / "phh"
EXPORTABLE = ("nlhe", "plo", "flhe", "stud", "razz", "o8", "stud8", "nlsd")


def random_hand(variant_key: str, seed: int) -> Hand:
    """A hand of random size, stakes, stacks and legal actions, played to the end."""
    rng = random.Random(seed)
    variant = VARIANTS[variant_key]
    players = rng.randint(2, 6)
    if variant.is_stud:
        stakes = Stakes(ante=rng.choice((0, 1)), bring_in=2, small_bet=5, big_bet=10)
    else:
        fixed = variant.betting is BettingStructure.FIXED_LIMIT
        stakes = Stakes(
            small_blind=1,
            big_blind=2,
            ante=rng.choice((0, 0, 1)),
            big_blind_ante=rng.choice((0, 0, 2)),
            small_bet=2 if fixed else 0,
            big_bet=4 if fixed else 0,
        )
    stacks = [rng.randint(1, 300) for _ in range(players)]
    button = rng.randrange(players)
    hand = Hand.start(variant, stakes, stacks, button, shuffled(variant.cards, rng))
    while (legal := hand.legal_actions()) is not None:
        hand = hand.act(random_action(legal, rng))
    return hand


def in_phh_order(hand: Hand, values: tuple[int, ...]) -> tuple[int, ...]:
    """Seat values listed from the seat left of the button round to the button."""
    count = hand.player_count
    return tuple(values[(hand.button + 1 + offset) % count] for offset in range(count))


@settings(max_examples=150, deadline=None)
@given(variant_key=st.sampled_from(EXPORTABLE), seed=st.integers(0, 2**32))
def test_exported_hand_replays_to_the_same_final_stacks(variant_key: str, seed: int) -> None:
    hand = random_hand(variant_key, seed)
    (phh,) = parse_phh(to_phh(hand))
    assert hand.final_stacks is not None
    expected = in_phh_order(hand, hand.final_stacks)
    assert phh.finishing_stacks == tuple(Decimal(stack) for stack in expected)
    assert replay_phh(phh).finishing_stacks == expected


def test_players_are_numbered_from_the_seat_left_of_the_button() -> None:
    stakes = Stakes(small_blind=1, big_blind=2)
    hand = Hand.start(VARIANTS["nlhe"], stakes, [100, 200, 300], 0, CARDS)
    text = to_phh(hand)
    assert "starting_stacks = [200, 300, 100]" in text
    assert "blinds_or_straddles = [1, 2, 0]" in text
    first_to_act = hand.to_act
    assert first_to_act == 0  # the button acts first three-handed before the flop
    hand = hand.fold(0)
    assert "'p3 f'," in to_phh(hand)


def test_a_big_blind_ante_is_listed_at_the_big_blind() -> None:
    stakes = Stakes(small_blind=1, big_blind=2, big_blind_ante=2)
    hand = Hand.start(VARIANTS["nlhe"], stakes, [100, 100, 100, 100], 3, CARDS)
    assert "antes = [0, 2, 0, 0]" in to_phh(hand)


def test_an_unfinished_hand_has_no_finishing_stacks() -> None:
    stakes = Stakes(small_blind=1, big_blind=2)
    hand = Hand.start(VARIANTS["nlhe"], stakes, [100, 100], 1, CARDS)
    text = to_phh(hand)
    assert "finishing_stacks" not in text
    (phh,) = parse_phh(text)
    assert phh.finishing_stacks is None


def test_a_famous_hand_exports_the_actions_it_was_replayed_from() -> None:
    (original,) = parse_phh((DATA / "famous" / "dwan-ivey-2009.phh").read_text())
    replay = replay_phh(original)
    (exported,) = parse_phh(to_phh(replay.hand))
    player_kinds = {"cbr", "cc", "f"}
    assert [a.text for a in exported.actions if a.kind in player_kinds] == [
        a.text.split("#")[0].strip() for a in original.actions if a.kind in player_kinds
    ]
    assert exported.starting_stacks == original.starting_stacks
    assert exported.finishing_stacks == replay.finishing_stacks


def test_stud_exports_each_street_of_cards_per_player() -> None:
    stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    hand = Hand.start(VARIANTS["stud"], stakes, [100, 100], 1, CARDS)
    actions = parse_phh(to_phh(hand))[0].actions
    dealt = [action.text for action in actions if action.text.startswith("d dh")]
    # Third street: two down cards and one up card to each player, dealt round-robin.
    assert dealt == ["d dh p1 2c2h3c", "d dh p2 2d2s3d"]


def test_short_deck_is_exported_as_ns_with_its_own_cards() -> None:
    hand = random_hand("nlsd", 7)
    text = to_phh(hand)
    assert "variant = 'NS'" in text
    (phh,) = parse_phh(text)
    dealt = [action.text.split()[-1] for action in phh.actions if action.text.startswith("d ")]
    ranks = {cards[index] for cards in dealt for index in range(0, len(cards), 2)}
    assert ranks and ranks <= set("6789TJQKA"), dealt
