"""Closing a table: the host ends the game, everybody is cashed out, nothing more happens."""

from __future__ import annotations

import random

import pytest

from pokernight.table import (
    Act,
    AddBot,
    AddChips,
    CloseRequested,
    CloseTable,
    Command,
    EntryKind,
    PlayerLeft,
    SitDown,
    StartHand,
    Table,
    TableClosed,
    TableError,
    TableEvent,
    balances,
)
from tests.table_helpers import NINE_SEATS, check_down, events_of, player_to_act, seated, start


def test_closing_between_hands_cashes_everybody_out_and_closes() -> None:
    table = seated({0: 1000, 1: 1000, 3: 800})
    table.apply(AddBot("p0", 5, "easy", 600), 0.0)
    start(table)
    check_down(table)
    stacks = {number: seat.stack for number, seat in table.seats.items()}
    events = events_of(table, CloseTable("p0"), 0.0)
    assert events == [
        CloseRequested(),
        *[PlayerLeft(n, table_player(n), stacks[n]) for n in sorted(stacks)],
        TableClosed(),
    ]
    assert table.closed and not table.seats
    assert all(account.at_table == 0 for account in table.ledger.accounts.values())
    assert sum(balances(table.ledger.entries).values()) == 0


def table_player(number: int) -> str:
    return "bot-4" if number == 5 else f"p{number}"


def test_closing_during_a_hand_waits_for_it_and_pays_the_chips_bought_meanwhile() -> None:
    table = seated({0: 1000, 1: 1000})
    start(table)
    assert events_of(table, CloseTable("p0"), 0.0) == [CloseRequested()]
    assert table.closing and not table.closed and table.hand is not None
    table.apply(AddChips("p1", 300), 0.0)
    check_down(table)
    assert table.closed and not table.seats
    left = {
        entry.player_id: entry.amount
        for entry in table.ledger.entries
        if entry.kind == EntryKind.CASH_OUT
    }
    assert sum(left.values()) == 2300
    assert table.account("p1").bought_in == 1300 and table.account("p1").at_table == 0


def test_a_closing_table_deals_no_more_hands() -> None:
    table = seated({0: 1000, 1: 1000})
    start(table)
    table.apply(CloseTable("p0"), 0.0)
    with pytest.raises(TableError, match="the table already closes when this hand is over"):
        table.verify(CloseTable("p0"), 0.0)
    check_down(table)
    with pytest.raises(TableError, match="the table is closed: the game is over"):
        table.verify(StartHand(random.Random(1)), 0.0)


@pytest.mark.parametrize(
    "command",
    [SitDown(2, "new", "New", 1000), CloseTable("p0"), AddChips("p0", 10)],
)
def test_a_closed_table_refuses_everything(command: SitDown | CloseTable | AddChips) -> None:
    table = seated({0: 1000, 1: 1000})
    table.apply(CloseTable("p0"), 0.0)
    with pytest.raises(TableError, match="the table is closed: the game is over"):
        table.verify(command, 0.0)


def test_only_the_host_closes_the_table() -> None:
    table = seated({0: 1000, 1: 1000})
    with pytest.raises(TableError, match="only the host can close the table"):
        table.apply(CloseTable("p1"), 0.0)
    assert not table.closing and len(table.seats) == 2


def test_a_closed_table_rebuilds_closed_from_its_events() -> None:
    table = Table.open(NINE_SEATS, host="p0")
    log: list[TableEvent] = [table.opened]

    def run(command: Command) -> None:
        log.extend(folded.event for folded in table.apply(command, 0.0))

    run(SitDown(0, "p0", "Ann", 1000))
    run(SitDown(1, "p1", "Bob", 1000))
    run(StartHand(random.Random(2)))
    run(CloseTable("p0"))
    while table.hand is not None:
        legal = table.hand.legal_actions()
        assert legal is not None
        run(Act(player_to_act(table), "check" if legal.can_check else "call"))
    rebuilt = Table.from_events(log)
    assert rebuilt.closed and not rebuilt.seats
    assert rebuilt.ledger.entries == table.ledger.entries
