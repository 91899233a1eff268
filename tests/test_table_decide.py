"""Deciding changes nothing: ``Table.decide`` gives the table a command makes and its
events, and the table it was asked of is left exactly as it was.

The server saves a command's events before it takes the new table (decide, commit,
then apply), so a save that fails leaves the table it had: these tests are why it may.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.rules import VARIANTS
from pokernight.rules.random_play import random_action
from pokernight.table import (
    Act,
    AddChips,
    ApproveRebuy,
    ApproveSeat,
    Command,
    ShowCards,
    SitDown,
    SitOut,
    StandUp,
    StartHand,
    Table,
    TableError,
    TableSettings,
)


def fingerprint(table: Table) -> dict[str, Any]:
    """Everything the table holds, as plain values (the hand as its events)."""
    values = dict(vars(table))
    for name in ("hand", "last_hand"):
        hand = values[name]
        values[name] = None if hand is None else (hand.events, hand.legal_actions())
    return values


def a_command(table: Table, names: list[str], rng: random.Random) -> Command:
    """A command somebody at a real table might give now, legal or not."""
    hand = table.hand
    if hand is not None and rng.random() < 0.85:
        legal = hand.legal_actions()
        assert legal is not None and table.started is not None
        action = random_action(legal, rng)
        player = table.seats[table.started.seats[legal.seat]].player_id
        return Act(player, action.kind, action.amount)
    name = rng.choice(names)
    roll = rng.random()
    if roll < 0.3:
        return StartHand(random.Random(rng.getrandbits(32)))  # see ``again``
    if roll < 0.45:
        return AddChips(name, rng.choice((50, 400, 5000)))
    if roll < 0.55:
        return SitOut(name)
    if roll < 0.65:
        return ShowCards(name)
    if roll < 0.72:
        return StandUp(name)
    if roll < 0.8 and table.rebuy_requests:
        return ApproveRebuy(names[0], rng.choice(sorted(table.rebuy_requests)))
    if roll < 0.85 and table.seat_requests:
        return ApproveSeat(names[0], rng.choice(sorted(table.seat_requests)))
    seat = rng.randrange(table.settings.seats)
    return SitDown(seat, name, name, table.settings.minimum_buy_in)


def again(command: Command) -> Command:
    """The same command once more: a deal draws from its random source, so it gets a
    source in the same state."""
    if isinstance(command, StartHand):
        rng = random.Random()
        rng.setstate(command.rng.getstate())
        return StartHand(rng)
    return command


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), variant=st.sampled_from(sorted(VARIANTS)))
def test_deciding_a_command_leaves_the_table_as_it_was_and_applying_it_agrees(
    seed: int, variant: str
) -> None:
    rng = random.Random(seed)
    names = [f"p{index}" for index in range(rng.randint(2, 5))]
    approving = rng.random() < 0.5  # the host approves newcomers and rebuys: requests wait
    table_settings = TableSettings.for_variant(
        variant, debt_cap=None, approve_seats=approving, approve_rebuys=approving
    )
    table = Table.open(table_settings, host=names[0])
    for seat, name in enumerate(names):
        table.apply(SitDown(seat, name, name, table.settings.maximum_buy_in, True), 0.0)
    names.append("newcomer")  # came without the invite: asks the host for a seat
    for step in range(60):
        command = a_command(table, names, rng)
        before = fingerprint(table)
        try:
            after, done = table.decide(again(command), float(step))
        except TableError:
            assert fingerprint(table) == before, f"a refused {command} changed the table"
            continue
        assert fingerprint(table) == before, f"deciding {command} changed the table"
        applied = table.apply(command, float(step))
        assert [f.event for f in applied] == [f.event for f in done]
        assert fingerprint(after) == fingerprint(table)
