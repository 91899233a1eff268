"""Table events to JSON and back, including logs stored under an event's older name."""

from __future__ import annotations

import random

from pokernight.table import (
    HandDealt,
    SitDown,
    StartHand,
    Table,
    TableEvent,
    TableSettings,
    table_event_from_dict,
)


def _dealt() -> tuple[Table, list[TableEvent]]:
    """A table with a hand dealt, and its whole log."""
    table = Table.open(TableSettings(debt_cap=None), host="ann")
    log: list[TableEvent] = [table.opened]
    for seat, player in enumerate(("ann", "bob", "cat")):
        log += [f.event for f in table.apply(SitDown(seat, player, player.title(), 1_000), 0.0)]
    log += [f.event for f in table.apply(StartHand(random.Random(3)), 1.0)]
    return table, log


def test_a_dealt_hand_comes_back_from_its_json() -> None:
    _, log = _dealt()
    dealt = log[-1]
    assert isinstance(dealt, HandDealt)
    data = dealt.to_dict()
    assert data["type"] == "HandDealt"
    assert table_event_from_dict(data) == dealt


def test_a_hand_stored_under_its_old_name_still_loads() -> None:
    """Logs written before decision 28 call the table's deal ``HandStarted``."""
    table, log = _dealt()
    stored = [event.to_dict() for event in log]
    stored[-1]["type"] = "HandStarted"
    replayed = Table.from_events(table_event_from_dict(data) for data in stored)
    assert replayed.started == log[-1]
    assert replayed.hand is not None and table.hand is not None
    assert replayed.hand.events == table.hand.events
