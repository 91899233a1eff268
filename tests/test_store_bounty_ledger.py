"""The 7-2 bounty in the stored ledger (migration 0012). The store's projection left
``BountyPaid`` out, so a bounty table's entries (the ledger's list, its CSV) did not add
up to the accounts the table folds from its log; found by ``tests/test_stored_logs.py``'s
fixture. Now each bounty is its hand's result for the payers and the winner, as the
table's own ledger counts it, and the migration adds those of a database stored before."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from pokernight.store import open_store
from pokernight.table import BountyPaid, Table, table_event_from_dict
from pokernight.table.fold import evolve
from pokernight.table.ledger import EntryKind, LedgerEntry
from pokernight.table.table_ledger import TableLedger
from tests.async_helpers import run
from tests.data.make_stored_logs import holdem

DATA = Path(__file__).parent / "data"


def ledgers(path: Path) -> list[tuple[TableLedger, TableLedger, int]]:
    """For each table with a 7-2 bounty: its stored entries' ledger, its log's, and how
    many bounties it paid."""
    found = []
    with sqlite3.connect(path) as database:
        tables = [row[0] for row in database.execute("SELECT id FROM tables ORDER BY id")]
        for table_id in tables:
            rows = database.execute(
                "SELECT data FROM events WHERE table_id = ? ORDER BY seq", (table_id,)
            )
            events = [table_event_from_dict(json.loads(data)) for (data,) in rows]
            bounties = sum(isinstance(event, BountyPaid) for event in events)
            if not bounties:
                continue
            table = Table(events[0])  # type: ignore[arg-type]
            for event in events[1:]:
                evolve(table, event)
            stored = TableLedger()
            for player, kind, amount, number, reason in database.execute(
                "SELECT player_id, kind, amount, hand_number, reason FROM ledger_entries"
                " WHERE table_id = ? ORDER BY id",
                (table_id,),
            ):
                entry = LedgerEntry(player, EntryKind(kind), amount, number, reason)
                stored.accounts[player] = stored.account(player).add(entry)
            found.append((stored, table.ledger, bounties))
    return found


def test_a_bounty_is_stored_as_its_hands_result_for_the_payers_and_the_winner(
    tmp_path: Path,
) -> None:
    path = tmp_path / "room.sqlite3"

    async def play() -> None:
        async with await open_store(f"sqlite+aiosqlite:///{path}") as store:
            await holdem(store)  # hold'em among six, a 7-2 bounty paid among the rest

    run(play(), 120)
    found = ledgers(path)
    assert found and all(bounties for _, _, bounties in found)
    for stored, folded, _ in found:
        assert stored.accounts == folded.accounts


def test_migration_0012_adds_the_bounties_a_database_stored_before_left_out(
    tmp_path: Path,
) -> None:
    path = tmp_path / "before.sqlite3"
    shutil.copy(DATA / "stored_logs.sqlite3", path)  # written by main before 0012
    before = ledgers(path)
    assert before and all(stored.accounts != folded.accounts for stored, folded, _ in before)

    async def migrate() -> None:
        async with await open_store(f"sqlite+aiosqlite:///{path}"):
            pass

    run(migrate(), 60)
    for stored, folded, _ in ledgers(path):
        assert stored.accounts == folded.accounts
