"""A table's stored log of many hands, for the replay tests and ``tests/measure_replay.py``.

``played_log(hands, seed)``: a table played from its opening for ``hands`` finished hands by
random commands (``test_table_ledger``'s: players sitting, leaving, rebuying, the host
changing the game and the stakes), with players showing their cards of the last hand now
and then, during the next hand too; each command's events numbered as the store keeps
them, one append per command, as the server saves them. ``stored_table`` writes them.
"""

from __future__ import annotations

import random

from pokernight.store import Store, StoredEvent, TableRecord
from pokernight.table import ShowCards, Table, TableEvent
from tests.test_table_ledger import BASE, PLAYERS, hand_command, table_command

Appends = list[list[StoredEvent]]
SHOWS = 0.2
"""How often a step is somebody showing their last hand's cards."""


def played_log(hands: int, seed: int) -> tuple[Table, Appends]:
    """The table after ``hands`` finished hands (none in play), and its log's appends."""
    rng = random.Random(seed)
    table = Table.open(BASE, host="ann")
    appends: Appends = [[StoredEvent.of(1, table.opened, 0.0)]]
    seq, now = 1, 0.0
    while table.hand_number < hands or table.hand is not None:
        now += rng.choice([0.5, 5.0, 45.0])
        if table.hand is not None and table.hand_number >= hands:
            command = hand_command(table, rng, now)  # the last hand is played out
        elif rng.random() < SHOWS:
            command = ShowCards(rng.choice(PLAYERS))
        elif table.hand is not None and rng.random() < 0.85:
            command = hand_command(table, rng, now)
        else:
            command = table_command(table, rng)
        if not table.can(command, now):
            continue
        events: list[TableEvent] = [folded.event for folded in table.apply(command, now)]
        appends.append([StoredEvent.of(seq + n, event, now) for n, event in enumerate(events, 1)])
        seq += len(events)
    return table, appends


async def stored_table(store: Store, appends: Appends) -> TableRecord:
    """A new table of ``store`` with ``appends`` stored in it, one transaction each."""
    record = await store.tables.create_table(BASE.to_dict(), random.Random(1))
    for appended in appends:
        await store.tables.append_events(record.id, appended)
    return record
