"""A player's own debt cap, set by the host (seed 003, "Chip Limits": "Maximum Debt:
configurable per player (default: $1000)"; decision 57): counted for that player wherever
the table's is, refused with reasons, kept in the log."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokernight.table import (
    AddBot,
    AddChips,
    ApproveSeat,
    CarryDebt,
    CorrectStack,
    DebtCapSet,
    SetDebtCap,
    SitDown,
    StandUp,
    Table,
    TableError,
    TableEvent,
    table_event_from_dict,
)
from tests.table_helpers import NINE_SEATS, events_of

SEED_003 = replace(NINE_SEATS, debt_cap=1_000)  # the seed's 1,000 for every player


def table_with_bob() -> Table:
    table = Table.open(SEED_003, host="ann")
    events_of(table, SitDown(0, "ann", "Ann", 1_000), 0.0)
    events_of(table, SitDown(1, "bob", "Bob", 500), 0.0)
    return table


def test_the_host_sets_a_players_own_cap_and_it_is_counted_for_them_alone() -> None:
    table = table_with_bob()
    assert events_of(table, SetDebtCap("ann", "bob", 700), 0.0) == [DebtCapSet("bob", 700)]
    assert table.own_debt_cap("bob") == 700
    assert (table.debt_cap_of("bob"), table.debt_cap_of("ann")) == (700, 1_000)
    # Refusals: Bob owes 500 and may take 200 more; Ann keeps the table's cap.
    with pytest.raises(
        TableError, match="your own debt cap of 700 reached: you owe 500 and cannot take 300 more"
    ):
        table.decide(AddChips("bob", 300), 0.0)
    events_of(table, AddChips("bob", 200), 0.0)
    with pytest.raises(TableError, match=r"^debt cap of 1,000 reached: you owe 1,000"):
        table.decide(AddChips("ann", 1), 0.0)
    # The rebuy room the seats and the ledger show.
    room = table.chips_room_of("bob", 700)
    assert (room.amount, room.limit, room.owed, room.cap, room.own_cap) == (
        0,
        "debt",
        700,
        700,
        True,
    )
    assert table.chips_room_of("ann", 1_000).to_dict() == {
        "amount": 0,
        "limit": "debt",
        "owed": 1_000,
        "cap": 1_000,
        "own_cap": False,
    }


def test_a_players_cap_may_be_above_the_tables_and_taken_back() -> None:
    table = table_with_bob()
    events_of(table, SetDebtCap("ann", "bob", 3_000), 0.0)
    events_of(table, AddChips("bob", 1_500), 0.0)  # above the table's 1,000: his own cap
    assert table.debt_of("bob") == 2_000
    assert events_of(table, SetDebtCap("ann", "bob", None), 0.0) == [DebtCapSet("bob", None)]
    assert table.own_debt_cap("bob") is None
    with pytest.raises(TableError, match=r"^debt cap of 1,000 reached: you owe 2,000"):
        table.decide(AddChips("bob", 1), 0.0)


def test_the_cap_counts_in_the_hosts_corrections_approvals_and_carried_debt() -> None:
    table = Table.open(replace(SEED_003, approve_seats=True), host="ann")
    events_of(table, SitDown(0, "ann", "Ann", 1_000), 0.0)
    events_of(table, SitDown(1, "bob", "Bob", 500), 0.0)  # asks: the host approves seats
    assert table.seat_requests
    events_of(table, SetDebtCap("ann", "bob", 400), 0.0)  # a player asking for a seat
    with pytest.raises(TableError, match="Bob's own debt cap of 400 reached: Bob owes 0"):
        table.decide(ApproveSeat("ann", "bob"), 0.0)
    events_of(table, SetDebtCap("ann", "bob", 900), 0.0)
    events_of(table, ApproveSeat("ann", "bob"), 0.0)
    with pytest.raises(TableError, match="Bob's own debt cap of 900 reached: Bob owes 500"):
        table.decide(CorrectStack("ann", "bob", 1_000, "a chip came back"), 0.0)
    events_of(table, CarryDebt("bob", 300), 0.0)  # from an earlier night of the club
    assert table.chips_room_of("bob", 500).amount == 100


def test_refusals_say_why() -> None:
    table = table_with_bob()
    with pytest.raises(TableError, match="only the host can set a player's debt cap"):
        table.decide(SetDebtCap("bob", "bob", 5_000), 0.0)
    with pytest.raises(TableError, match="would not allow the minimum buy-in of 400"):
        table.decide(SetDebtCap("ann", "bob", 300), 0.0)
    with pytest.raises(TableError, match="Bob has the table's debt cap already"):
        table.decide(SetDebtCap("ann", "bob", None), 0.0)
    with pytest.raises(TableError, match="not sat at this table or asked for a seat"):
        table.decide(SetDebtCap("ann", "cat", 800), 0.0)
    events_of(table, SetDebtCap("ann", "bob", 800), 0.0)
    with pytest.raises(TableError, match="Bob's own debt cap is 800 already"):
        table.decide(SetDebtCap("ann", "bob", 800), 0.0)
    events_of(table, AddBot("ann", 2, "easy"), 0.0)
    with pytest.raises(TableError, match="is a bot, whose chips are nobody's money"):
        table.decide(SetDebtCap("ann", "bot-3", 800), 0.0)
    tournament = Table.open(SEED_003, host="director", tournament=True)
    with pytest.raises(TableError, match="a tournament table has no debts"):
        tournament.decide(SetDebtCap("director", "bob", 800), 0.0)


def test_a_players_cap_survives_a_restart_and_a_stand_up() -> None:
    table = Table.open(SEED_003, host="ann")
    log: list[TableEvent] = [table.opened]
    log += events_of(table, SitDown(1, "bob", "Bob", 500), 0.0)
    log += events_of(table, SetDebtCap("ann", "bob", 2_500), 0.0)
    log += events_of(table, StandUp("bob"), 0.0)
    assert DebtCapSet("bob", 2_500).to_dict() == {
        "type": "DebtCapSet",
        "player_id": "bob",
        "cap": 2_500,
    }
    again = Table.from_events(table_event_from_dict(event.to_dict()) for event in log)
    assert again.own_debt_cap("bob") == 2_500  # kept for when he sits again
    events_of(again, SitDown(1, "bob", "Bob", 2_000), 0.0)
    # A player who has left is known to the table by their account: the host may still set it.
    events_of(again, StandUp("bob"), 0.0)
    with pytest.raises(TableError, match="that player's own debt cap is 2,500 already"):
        again.decide(SetDebtCap("ann", "bob", 2_500), 0.0)
