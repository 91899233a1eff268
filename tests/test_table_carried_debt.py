"""A member's debt from earlier nights counts against this table's debt cap (decision 35)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokernight.table import (
    AddChips,
    CarryDebt,
    DebtCarried,
    SitDown,
    Table,
    TableError,
    table_event_from_dict,
)
from tests.table_helpers import NINE_SEATS, events_of

CAPPED = replace(NINE_SEATS, debt_cap=2_000)  # buy-ins 400 to 2,000


def test_a_carried_debt_is_noted_once_and_counts_under_the_cap() -> None:
    table = Table.open(CAPPED, host="ann")
    assert events_of(table, CarryDebt("bob", 1_500), 0.0) == [DebtCarried("bob", 1_500)]
    assert events_of(table, CarryDebt("bob", 1_500), 0.0) == []  # nothing new: no event
    assert table.debt_of("bob") == 1_500
    with pytest.raises(TableError, match="debt cap of 2,000 reached: you owe 1,500"):
        table.decide(SitDown(0, "bob", "Bob", 600), 0.0)
    events_of(table, SitDown(0, "bob", "Bob", 500), 0.0)
    assert table.debt_of("bob") == 2_000
    with pytest.raises(TableError, match="debt cap of 2,000 reached"):
        table.decide(AddChips("bob", 100), 0.0)


def test_a_debt_paid_off_frees_the_room_and_is_forgotten() -> None:
    table = Table.open(CAPPED, host="ann")
    events_of(table, CarryDebt("bob", 1_800), 0.0)
    events_of(table, CarryDebt("bob", 0), 0.0)
    assert table.carried_debts == {}
    events_of(table, SitDown(0, "bob", "Bob", 2_000), 0.0)  # the whole cap again


def test_a_carried_debt_is_never_negative_and_survives_a_restart() -> None:
    table = Table.open(CAPPED, host="ann")
    with pytest.raises(TableError, match="not negative"):
        table.decide(CarryDebt("bob", -5), 0.0)
    log = [table.opened, *events_of(table, CarryDebt("bob", 700), 0.0)]
    rebuilt = Table.from_events(table_event_from_dict(event.to_dict()) for event in log)
    assert rebuilt.carried_debts == {"bob": 700}
    assert rebuilt.upcoming_settings.chips_room(rebuilt.debt_of("bob")).amount == 1_300
