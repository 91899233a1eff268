"""The event log: JSON round trips, the privacy filter, and variants as data."""

from __future__ import annotations

import json
import random

import pytest

from pokernight.cards import CARDS
from pokernight.rules import (
    VARIANTS,
    CardsDealt,
    ChipsNotConservedError,
    Hand,
    PotAwarded,
    Stakes,
    default_stakes,
    event_from_dict,
    view,
    visible_events,
)
from tests.rules_helpers import holdem_deck, play_randomly, random_hand


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_every_event_survives_a_json_round_trip(key: str) -> None:
    rng = random.Random(key)
    variant = VARIANTS[key]
    for _ in range(20):
        hand = play_randomly(random_hand(variant, default_stakes(variant), rng), rng)
        for event in hand.events:
            assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event


def test_spectator_sees_no_down_card_and_a_player_sees_only_their_own() -> None:
    deck = holdem_deck(0, ["AsAh", "KsKh", "QsQh"], "2c3d4h8c7d")
    hand = Hand.start(VARIANTS["nlhe"], Stakes(small_blind=5, big_blind=10), [100] * 3, 0, deck)
    spectator = [e for e in visible_events(hand.events, None) if isinstance(e, CardsDealt)]
    assert all(event.cards == () and event.hidden == 2 for event in spectator)
    seat_one = view(hand, 1)
    assert seat_one.cards == ((None, None), hand.hole(1), (None, None))
    assert seat_one.legal is None, "seat 0 is to act, not seat 1"
    assert view(hand, 0).legal == hand.legal_actions()


def test_shown_cards_become_public() -> None:
    deck = holdem_deck(0, ["AsAh", "KsKh", "QsQh"], "2c3d4h8c7d")
    hand = Hand.start(VARIANTS["nlhe"], Stakes(small_blind=5, big_blind=10), [100] * 3, 0, deck)
    hand.bet_or_raise(0, 100).call(1).call(2)
    assert view(hand, None).cards == tuple(hand.hole(seat) for seat in range(3))


def test_stud_up_cards_are_public_and_down_cards_private() -> None:
    hand = random_hand(VARIANTS["stud"], default_stakes(VARIANTS["stud"]), random.Random(3))
    seen = view(hand, None)
    for seat in range(hand.player_count):
        assert seen.cards[seat] == (None, None, hand.up_cards(seat)[0])
        assert seen.up_cards[seat] == hand.up_cards(seat)


def test_a_log_that_loses_chips_is_refused() -> None:
    hand = random_hand(VARIANTS["nlhe"], Stakes(small_blind=1, big_blind=2), random.Random(4))
    short_paid = PotAwarded(0, hand.total_pot, ((0, hand.total_pot - 1),))
    with pytest.raises(ChipsNotConservedError):
        Hand.from_events(hand.deck, [*hand.events, short_paid])


def test_variants_are_one_table_of_data() -> None:
    assert set(VARIANTS) == {
        *("nlhe", "plhe", "flhe", "nlo", "plo", "stud", "razz", "ftq"),
        *("plo8", "o8", "stud8"),
        *("baseball", "deuces", "chicago", "nlsd"),
        *("nl5cd", "fl5cd", "27td", "badugi"),
    }
    assert {variant.max_players for variant in VARIANTS.values()} == {6, 9, 10}
    assert [street.draws for street in VARIANTS["27td"].streets] == [False, True, True, True]
    assert [street.bets_big for street in VARIANTS["27td"].streets] == [False, False, True, True]
    assert [street.bets_big for street in VARIANTS["fl5cd"].streets] == [False, True]
    assert VARIANTS["badugi"].hand_size == 4
    assert [street.hole_cards for street in VARIANTS["stud"].streets] == [3, 1, 1, 1, 1]
    assert default_stakes(VARIANTS["ftq"]) == Stakes(ante=5, bring_in=10, small_bet=20, big_bet=40)


def test_events_since_gives_the_events_an_action_added() -> None:
    hand = Hand.start(VARIANTS["nlhe"], Stakes(small_blind=1, big_blind=2), [100] * 3, 0, CARDS)
    before = hand.event_count
    hand.fold(0)
    assert hand.events_since(before) == hand.events[before:]
    assert hand.event_count == len(hand.events) > before
