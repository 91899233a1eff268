"""What each command did to the hand: ``Folded.hand_events``, live and replayed alike.

Also: checking a deal (``verify``/``can`` on ``StartHand``) draws nothing from its RNG.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.rules import ActionKind
from pokernight.table import (
    Act,
    Folded,
    HandDealt,
    HandFinished,
    PlayerActed,
    StartHand,
    Table,
    TableError,
    TableSettings,
    evolve,
)
from tests.table_helpers import seated_and_told


def seated(variant: str, players: int) -> tuple[Table, list[Folded]]:
    """A table with ``players`` seated, and what their sitting down told."""
    settings = TableSettings.for_variant(variant, debt_cap=None)
    low, high = settings.minimum_buy_in, settings.maximum_buy_in
    # Uneven stacks: side pots.
    stacks = {seat: max(high // (seat + 1), low) for seat in range(players)}
    return seated_and_told(stacks, settings)


def play_one_hand(table: Table, chooser: random.Random) -> list[Folded]:
    """A hand of random legal actions: everything the table told, in order."""
    told = table.apply(StartHand(random.Random(chooser.random())), 0.0)
    while table.hand is not None and (legal := table.hand.legal_actions()) is not None:
        assert table.started is not None
        player = table.seats[table.started.seats[legal.seat]].player_id
        kinds = [
            kind
            for kind, possible in (
                (ActionKind.FOLD, legal.can_fold),
                (ActionKind.CHECK, legal.can_check),
                (ActionKind.CALL, legal.can_call),
                (ActionKind.BRING_IN, legal.can_bring_in),
                (ActionKind.BET_OR_RAISE, legal.can_bet_or_raise),
            )
            if possible
        ]
        kind = chooser.choice(kinds)
        amount = None
        if kind is ActionKind.BET_OR_RAISE:
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            amount = legal.raise_to_near(chooser.randint(legal.min_raise_to, legal.max_raise_to))
        told += table.apply(Act(player, kind.value, amount), 0.0)
    return told


@settings(max_examples=100, deadline=None)
@given(
    variant=st.sampled_from(["nlhe", "plo", "flhe", "stud", "razz", "ftq"]),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
)
def test_the_hand_events_told_with_each_table_event_are_the_whole_hand_in_order(
    variant: str, players: int, seed: int
) -> None:
    table, _ = seated(variant, players)
    told = play_one_hand(table, random.Random(seed))
    hand = [folded.hand for folded in told if folded.hand is not None][-1]
    assert hand.is_over
    assert [event for folded in told for event in folded.hand_events] == list(hand.events)
    assert all(
        isinstance(folded.event, HandDealt | PlayerActed) for folded in told if folded.hand_events
    )
    finish = next(folded for folded in told if isinstance(folded.event, HandFinished))
    assert finish.hand is None and finish.hand_events == ()


@settings(max_examples=100, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_replaying_the_stored_events_tells_the_same_hand_events(players: int, seed: int) -> None:
    table, live = seated("nlhe", players)
    chooser = random.Random(seed)
    live += play_one_hand(table, chooser)
    if table.can(StartHand(chooser), 0.0):  # and a hand in progress, unless one took all
        live += table.apply(StartHand(chooser), 0.0)
    replayed = Table.from_events([table.opened])
    assert [evolve(replayed, folded.event).hand_events for folded in live] == [
        folded.hand_events for folded in live
    ]
    in_progress = [None if each.hand is None else each.hand.events for each in (table, replayed)]
    assert in_progress[0] == in_progress[1]


def test_checking_a_deal_draws_nothing_from_its_rng() -> None:
    table, _ = seated("nlhe", 3)
    rng = random.Random(7)
    before = rng.getstate()
    table.verify(StartHand(rng), 0.0)
    assert table.can(StartHand(rng), 0.0)
    assert rng.getstate() == before
    [started, *_] = table.apply(StartHand(rng), 0.0)
    fresh = seated("nlhe", 3)[0].apply(StartHand(random.Random(7)), 0.0)[0]
    assert started.event == fresh.event


def test_a_refused_deal_draws_nothing_from_its_rng() -> None:
    table, _ = seated("nlhe", 1)
    rng = random.Random(7)
    before = rng.getstate()
    with pytest.raises(TableError, match="at least two players with chips"):
        table.apply(StartHand(rng), 0.0)
    assert not table.can(StartHand(rng), 0.0)
    assert rng.getstate() == before
