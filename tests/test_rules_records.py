"""Events, legal actions and actions are frozen values: ``msgspec.Struct`` records."""

from __future__ import annotations

import gc
import random

import msgspec
import pytest

from pokernight.cards import CARDS, shuffled
from pokernight.rules import (
    VARIANTS,
    Action,
    ActionKind,
    ActionTaken,
    AntePosted,
    BetReturned,
    CardsDealt,
    Hand,
    Stakes,
)
from tests.rules_helpers import play_randomly, random_hand


def test_events_refuse_assignment() -> None:
    event = ActionTaken(0, "call", 4)
    with pytest.raises(AttributeError, match="immutable"):
        event.amount = 8  # type: ignore[misc]
    assert event.amount == 4


def test_legal_actions_refuse_assignment() -> None:
    deck = shuffled(CARDS, random.Random(1))
    hand = Hand.start(VARIANTS["nlhe"], Stakes(small_blind=1, big_blind=2), [100] * 3, 0, deck)
    legal = hand.legal_actions()
    assert legal is not None
    with pytest.raises(AttributeError, match="immutable"):
        legal.call_amount = 0  # type: ignore[misc]


def test_events_are_equal_and_hash_alike_by_value_and_type() -> None:
    assert ActionTaken(1, "call", 4) == ActionTaken(seat=1, kind="call", amount=4)
    assert hash(ActionTaken(1, "fold")) == hash(ActionTaken(1, "fold", None))
    ante: object = AntePosted(0, 5)
    assert ante != BetReturned(0, 5), "same fields, different events"


def test_defaults_and_keywords_work() -> None:
    hidden = CardsDealt(2, (), False, hidden=2)
    assert (hidden.seat, hidden.cards, hidden.face_up, hidden.hidden) == (2, (), False, 2)
    assert CardsDealt(None, (), True).hidden == 0
    assert Action(0, ActionKind.FOLD).amount is None
    assert msgspec.structs.replace(ActionTaken(0, "call", 4), amount=6) == ActionTaken(0, "call", 6)
    assert msgspec.structs.asdict(AntePosted(3, 5)) == {"seat": 3, "amount": 5}


def test_a_missing_field_is_refused() -> None:
    with pytest.raises(TypeError):
        ActionTaken(0)  # type: ignore[call-arg]


def test_events_read_as_they_print() -> None:
    assert (
        repr(ActionTaken(2, "bet_or_raise", 40))
        == "ActionTaken(seat=2, kind='bet_or_raise', amount=40, says='', all_in=False)"
    )


def test_records_are_not_tracked_by_the_collector() -> None:
    """They hold numbers, strings and cards only: no cycle can run through them."""
    assert not gc.is_tracked(CardsDealt(0, (), False))
    assert not gc.is_tracked(Action(0, ActionKind.FOLD))


def test_replayed_hand_has_equal_events() -> None:
    rng = random.Random(9)
    hand = play_randomly(random_hand(VARIANTS["plo"], Stakes(small_blind=1, big_blind=2), rng), rng)
    assert Hand.from_dict(hand.to_dict()).events == hand.events
