"""The ledger and hands projections, filled from a real table's events."""

from __future__ import annotations

import random

from pokernight.store import Store, StoredEvent, TableRecord, open_store
from pokernight.table import (
    Act,
    AddChips,
    Command,
    CorrectStack,
    HandFinished,
    RemovePlayer,
    SitDown,
    StandUp,
    StartHand,
    Table,
    TableEvent,
    TableSettings,
    table_event_from_dict,
)
from tests.async_helpers import scenario

PLAYERS = {"ann": "Ann", "bob": "Bob", "cat": "Cat"}


def play_out_hand(table: Table, now: float) -> list[TableEvent]:
    """The first player to act raises, everyone else calls or checks to showdown; the events."""
    events: list[TableEvent] = []
    raised = False
    while table.hand is not None and (legal := table.hand.legal_actions()) is not None:
        assert table.started is not None
        player = table.seats[table.started.seats[legal.seat]].player_id
        if not raised and legal.min_raise_to is not None:
            command = Act(player, "bet_or_raise", legal.min_raise_to)
            raised = True
        else:
            command = Act(player, "check" if legal.can_check else "call")
        events += [folded.event for folded in table.apply(command, now)]
    return events


def stored(events: list[TableEvent], first: int, at: float) -> list[StoredEvent]:
    """``events`` from index ``first`` on, numbered as versions (from 1)."""
    return [StoredEvent.of(seq, event, at) for seq, event in enumerate(events, 1)][first:]


def session() -> tuple[Table, list[TableEvent], list[list[StoredEvent]]]:
    """Two hands, a rebuy between them, the host's correction of a stack, a cash-out and a
    removal, as the server would store them: the table, its events, and the events of each
    step appended together."""
    rng = random.Random(2024)
    table = Table.open(TableSettings(seats=6, debt_cap=5_000), host="ann")
    events: list[TableEvent] = [table.opened]
    appends = [stored(events, 0, 0.0)]

    def step(now: float, command: Command | None = None) -> None:
        first = len(events)
        if command is None:
            events.extend(play_out_hand(table, now))
        else:
            events.extend(folded.event for folded in table.apply(command, now))
        appends.append(stored(events, first, now))

    for seat, (player_id, name) in enumerate(PLAYERS.items()):
        step(1.0, SitDown(seat, player_id, name, 1_000))
    step(10.0, StartHand(rng))
    step(15.0)
    step(50.0, AddChips("bob", 500))
    step(110.0, StartHand(rng))
    step(115.0)
    step(200.0, CorrectStack("ann", "bob", table.seats[1].stack + 100, "paid 100 in cash"))
    step(300.0, StandUp("cat"))
    step(310.0, RemovePlayer("ann", "bob", "asked to leave"))
    return table, events, appends


async def stored_table(store: Store, appends: list[list[StoredEvent]]) -> TableRecord:
    """A new table with ``appends`` stored in it, append after append."""
    record = await store.tables.create_table({}, random.Random(1))
    for appended in appends:
        await store.tables.append_events(record.id, appended)
    return record


@scenario
async def test_ledger_projection_equals_the_tables_own_ledger(store_url: str) -> None:
    table, _, appends = session()
    async with await open_store(store_url) as store:
        record = await stored_table(store, appends)
        entries = await store.tables.ledger_entries(record.id)
    stored = [
        (e["hand_number"], e["player_id"], e["kind"], e["amount"], e["reason"]) for e in entries
    ]
    names = {entry["player_id"]: entry["name"] for entry in entries}
    expected = [
        (e.hand_number, e.player_id, e.kind.value, e.amount, e.reason) for e in table.ledger.entries
    ]
    assert stored == expected
    kinds = {"buy-in", "rebuy", "cash-out", "result", "correction"}
    assert kinds == {kind for _, _, kind, _, _ in stored}
    assert [entry[2:] for entry in stored if entry[4]] == [
        ("correction", 100, "paid 100 in cash"),
        ("cash-out", table.account("bob").cashed_out, "removed by the host: asked to leave"),
    ]
    assert names == PLAYERS


@scenario
async def test_hands_projection_summarises_each_hand_without_its_deck(store_url: str) -> None:
    _, events, appends = session()
    finished = [event for event in events if isinstance(event, HandFinished)]
    async with await open_store(store_url) as store:
        record = await stored_table(store, appends)
        hands = await store.tables.hands(record.id)
    assert [hand["hand_number"] for hand in hands] == [1, 2]
    for hand, end in zip(hands, finished, strict=True):
        summary = hand["summary"]
        assert hand["started_at"] < hand["ended_at"]
        assert summary["final_stacks"] == list(end.stacks)
        assert sum(summary["results"]) == 0  # no rake
        assert any(summary["results"])
        assert summary["players"] == ["ann", "bob", "cat"]
        assert summary["names"] == ["Ann", "Bob", "Cat"]  # as they sat: a replay's names
        assert "deck" not in summary and "salt" not in summary


@scenario
async def test_hand_in_play_has_no_end_yet(store_url: str) -> None:
    table = Table.open(TableSettings(seats=6), host="ann")
    events: list[TableEvent] = [table.opened]
    for seat, (player_id, name) in enumerate(PLAYERS.items()):
        events += [each.event for each in table.apply(SitDown(seat, player_id, name, 1_000), 1.0)]
    events += [each.event for each in table.apply(StartHand(random.Random(5)), 2.0)]
    async with await open_store(store_url) as store:
        record = await store.tables.create_table({}, random.Random(1))
        await store.tables.append_events(record.id, stored(events, 0, 2.0))
        [hand] = await store.tables.hands(record.id)
    assert hand["ended_at"] is None and "results" not in hand["summary"]


@scenario
async def test_table_rebuilt_from_stored_events_equals_the_live_table(store_url: str) -> None:
    table, events, appends = session()
    async with await open_store(store_url) as store:
        record = await stored_table(store, appends)
    async with await open_store(store_url) as reopened:
        loaded = await reopened.tables.load_events(record.id)
    assert [table_event_from_dict(event.data) for event in loaded] == events
    rebuilt = Table.from_events(table_event_from_dict(event.data) for event in loaded)
    assert rebuilt.seats == table.seats
    assert rebuilt.ledger.entries == table.ledger.entries
