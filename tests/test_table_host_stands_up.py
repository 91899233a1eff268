"""The host stands up a player who walked away without standing up (decision 61's new host
command): between their hands, with a reason everybody sees; they are cashed out like
anybody who stands up, the ledger keeps the reason and balances, the seat is free, and,
unlike a player the host removed, they may sit again.

Ann hosts; Bob and Cat sit with 1,000 each (no-limit hold'em 10/20, no debt cap).
"""

from __future__ import annotations

import pytest

from pokernight.table import (
    AddBot,
    EntryKind,
    PlayerLeft,
    SitDown,
    Table,
    TableError,
    TableSettings,
    table_event_from_dict,
)
from pokernight.table.commands import StandPlayerUp
from tests.table_helpers import check_down, events_of, seated, start

SETTINGS = TableSettings(debt_cap=None, max_stack=4_000)


def ann_bob_cat() -> Table:
    return seated({0: 1000, 1: 1000, 2: 1000}, SETTINGS, players=("ann", "bob", "cat"))


def refused(table: Table, command: StandPlayerUp, reason: str) -> None:
    """``command`` is refused with ``reason``, and the table is as it was."""
    seats, ledger = dict(table.seats), table.ledger.copy()
    assert not table.can(command, 0.0)
    with pytest.raises(TableError, match=reason):
        table.apply(command, 0.0)
    assert (table.seats, table.ledger) == (seats, ledger)


def test_the_host_stands_up_a_player_who_walked_away_and_they_may_sit_again() -> None:
    table = ann_bob_cat()
    (left,) = events_of(table, StandPlayerUp("ann", "bob", "went home"), 0.0)
    assert left == PlayerLeft(1, "bob", 1000, "stood up by the host: went home")
    assert 1 not in table.seats
    account = table.account("bob")
    assert (account.bought_in, account.cashed_out, account.at_table) == (1000, 1000, 0)
    (entry,) = [e for e in table.ledger.entries if e.kind is EntryKind.CASH_OUT]
    assert (entry.player_id, entry.amount, entry.reason) == (
        "bob",
        1000,
        "stood up by the host: went home",
    )
    # No removal: back at the table, Bob sits down again like anybody.
    assert "bob" not in table.removed
    events_of(table, SitDown(4, "bob", "bob", 1000), 0.0)
    assert table.seats[4].player_id == "bob"
    # Stored and read back, the event is the same (a replay rebuilds the same table).
    assert table_event_from_dict(left.to_dict()) == left


def test_only_between_the_players_hands_and_only_by_the_host() -> None:
    table = ann_bob_cat()
    start(table)
    refused(
        table,
        StandPlayerUp("ann", "bob", "went home"),
        "Bob is in the hand: stand them up when it is over",
    )
    refused(table, StandPlayerUp("cat", "bob", "went home"), "only the host can stand a player up")
    check_down(table)
    events_of(table, StandPlayerUp("ann", "bob", "went home"), 0.0)
    assert all(seat.player_id != "bob" for seat in table.seats.values())


def test_refused_for_the_host_a_bot_a_stranger_no_reason_and_at_a_tournament() -> None:
    table = ann_bob_cat()
    refused(table, StandPlayerUp("ann", "ann", "tired"), "you cannot stand yourself up so")
    refused(table, StandPlayerUp("ann", "bob", "  "), "give a reason: everybody sees it")
    refused(table, StandPlayerUp("ann", "bob", "x" * 101), "a reason is at most 100 characters")
    refused(table, StandPlayerUp("ann", "nobody", "gone"), "that player")
    table.apply(AddBot("ann", 4, "easy", 1_000), 0.0)
    bot = table.seats[4].player_id
    refused(table, StandPlayerUp("ann", bot, "gone"), "is a bot: take it away with Remove bot")
    tournament = Table.open(SETTINGS, host="ann", tournament=True)
    refused(
        tournament,
        StandPlayerUp("ann", "bob", "gone"),
        "at a tournament table only the tournament seats and moves players",
    )
