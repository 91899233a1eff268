"""The 7-2 bounty (issue 22, table options) and showing one card after a hand.

A player who wins a pot of a hold'em hand with seven-deuce and shows both cards collects
``seven_deuce_bounty`` from every other player dealt in, each paying at most their stack;
once a hand, and only before the next hand is dealt (docs/rules.md, "Table options").
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.table import (
    Act,
    BountyPaid,
    CardsShownByChoice,
    HandFinished,
    ShowCards,
    Table,
    TableError,
    TableEvent,
    TableSettings,
)
from pokernight.table.bounty import bounty_due
from tests.table_helpers import events_of, player_to_act, seated, start

BOUNTY = TableSettings(debt_cap=None, seats=9, min_buy_in=20, seven_deuce_bounty=50)
SHOWDOWN_SEED = 304  # seat 0 is dealt 2c 7s and wins the showdown of the three below
FOLD_SEED = 102  # heads-up, the first to act folds to seat 3, dealt seven-deuce


def played_out(table: Table, fold_first: bool = False) -> list[TableEvent]:
    """Everybody checks or calls (the first to act folds if ``fold_first``); the events."""
    told: list[TableEvent] = []
    if fold_first:
        told += events_of(table, Act(player_to_act(table), "fold"), 0.0)
    while table.hand is not None:
        legal = table.hand.legal_actions()
        assert legal is not None
        kind = "check" if legal.can_check else "call"
        told += events_of(table, Act(player_to_act(table), kind), 0.0)
    return told


def hole(table: Table, number: int) -> tuple[str, ...]:
    assert table.last_hand is not None and table.last_started is not None
    return tuple(str(c) for c in table.last_hand.hole(table.last_started.seats.index(number)))


def test_seven_deuce_shown_down_collects_the_bounty_each_paying_at_most_their_stack() -> None:
    table = seated({0: 1000, 3: 1000, 5: 60}, BOUNTY)
    start(table, seed=SHOWDOWN_SEED)
    told = played_out(table)
    assert sorted(hole(table, 0)) == ["2c", "7s"]
    finished = next(event for event in told if isinstance(event, HandFinished))
    assert finished.stacks == (1040, 980, 40)  # seat 0 won the pot of 60
    paid = [event for event in told if isinstance(event, BountyPaid)]
    # Seat 5 has 40 left: it pays 40, not 50.
    assert paid == [BountyPaid(1, 0, ((3, 50), (5, 40)))]
    assert {n: s.stack for n, s in table.seats.items()} == {0: 1130, 3: 930, 5: 0}
    assert table.chips_at_table() == 2060
    assert table.ledger.account("p0").at_table == 1130  # the ledger follows every chip
    assert bounty_due(table) == []  # the bounty of a hand is paid once


def test_a_winner_without_showdown_collects_once_both_cards_are_shown() -> None:
    table = seated({0: 1000, 3: 1000}, BOUNTY)
    start(table, seed=FOLD_SEED)
    assert not any(isinstance(e, BountyPaid) for e in played_out(table, fold_first=True))
    seven = next(card for card in hole(table, 3) if card[0] == "7")
    deuce = next(card for card in hole(table, 3) if card[0] == "2")
    # One card shown is one card seen: no bounty for half a seven-deuce.
    assert events_of(table, ShowCards("p3", (seven,)), 0.0) == [CardsShownByChoice(1, 3, (seven,))]
    assert table.may_show(3) and table.unshown_cards(3) == (deuce,)
    shown, paid = events_of(table, ShowCards("p3", (deuce,)), 0.0)
    assert shown == CardsShownByChoice(1, 3, (deuce,))
    assert paid == BountyPaid(1, 3, ((0, 50),))
    assert not table.may_show(3)


def test_a_bounty_is_not_shown_once_the_next_hand_is_dealt() -> None:
    table = seated({0: 1000, 3: 1000}, BOUNTY)
    start(table, seed=FOLD_SEED)
    played_out(table, fold_first=True)
    start(table, seed=1)  # the next hand is in play: the last one's cards are in the muck
    with pytest.raises(TableError, match="the next hand is dealt"):
        table.verify(ShowCards("p3"), 0.0)


def test_no_bounty_when_the_table_plays_without_one() -> None:
    table = seated({0: 1000, 3: 1000}, replace(BOUNTY, seven_deuce_bounty=0))
    start(table, seed=FOLD_SEED)
    played_out(table, fold_first=True)
    assert [type(e) for e in events_of(table, ShowCards("p3"), 0.0)] == [CardsShownByChoice]


def test_showing_one_card_names_one_of_yours_not_shown_yet() -> None:
    table = seated({0: 1000, 3: 1000}, BOUNTY)
    start(table, seed=FOLD_SEED)
    played_out(table, fold_first=True)
    first, second = hole(table, 0)
    with pytest.raises(TableError, match="'As' is not one of your cards"):
        table.verify(ShowCards("p0", ("As",) if "As" not in (first, second) else ("Ks",)), 0.0)
    with pytest.raises(TableError, match="name the cards to show"):
        table.verify(ShowCards("p0", ()), 0.0)
    table.apply(ShowCards("p0", (second,)), 0.0)
    with pytest.raises(TableError, match=f"{second} is shown already"):
        table.verify(ShowCards("p0", (second,)), 0.0)
    # All that is left: the other card, named or not.
    assert events_of(table, ShowCards("p0"), 0.0) == [CardsShownByChoice(1, 0, (first,))]


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"seven_deuce_bounty": -1}, "cannot be negative"),
        ({"variant": "plo", "seven_deuce_bounty": 20}, "for hold'em"),
    ],
)
def test_the_bounty_setting_is_checked(changes: dict[str, object], reason: str) -> None:
    with pytest.raises(TableError, match=reason):
        TableSettings.for_variant("nlhe", **changes)
    # A dealer's choice that deals hold'em among other games may play for it.
    TableSettings.for_variant("nlhe", dealers_choice=("plo", "nlhe"), seven_deuce_bounty=20)


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    stacks=st.lists(st.integers(20, 600), min_size=2, max_size=6),
    bounty=st.integers(1, 300),
    shows=st.lists(st.integers(0, 5), max_size=4),
)
def test_chips_are_conserved_and_a_bounty_is_paid_at_most_once_a_hand(
    seed: int, stacks: list[int], bounty: int, shows: list[int]
) -> None:
    rng = random.Random(seed)
    rules = replace(BOUNTY, seven_deuce_bounty=bounty, max_buy_in=600)
    table = seated(dict(enumerate(stacks)), rules)
    total = sum(stacks)
    paid: list[BountyPaid] = []
    for hand in range(1, 4):
        if sum(seat.stack > 0 for seat in table.seats.values()) < 2:
            break
        start(table, seed=rng.randrange(10**6))
        told = _random_play(table, rng)
        for index in shows:  # players show after the hand, some one card at a time
            number = sorted(table.seats)[index % len(table.seats)]
            unshown = table.unshown_cards(number)
            if unshown:
                chosen = unshown[: rng.randint(1, len(unshown))]
                told += events_of(table, ShowCards(table.seats[number].player_id, chosen), 0.0)
        paid += [event for event in told if isinstance(event, BountyPaid)]
        assert table.chips_at_table() == total
        assert all(seat.stack >= 0 for seat in table.seats.values())
        assert len({event.hand_number for event in paid}) == len(paid) <= hand
    for event in paid:
        assert all(0 < amount <= bounty for _, amount in event.payments)
        assert event.seat not in dict(event.payments)


def _random_play(table: Table, rng: random.Random) -> list[TableEvent]:
    told: list[TableEvent] = []
    while table.hand is not None:
        legal = table.hand.legal_actions()
        assert legal is not None
        kinds = ["check" if legal.can_check else "call"] + (["fold"] if legal.can_fold else [])
        told += events_of(table, Act(player_to_act(table), rng.choice(kinds)), 0.0)
    return told
