"""A stored hand's replay reads that hand's own events, through the hands projection's
index (``first_seq``), not the whole log (issue 30, finding 10: 0.11 s a request at 300
hands, and 60 requests at once held every table up for seconds).

On SQLite and PostgreSQL: a table of random hands (players coming and going, the game
and the stakes changed, cards shown after a hand), each hand's replay for a spectator and
for each of its players equal to the replay folded from the whole log, read from exactly
the hand's own events: from its deal up to the deal of the hand after the next (a log
stored before issue 31 may show a hand's cards during the next one). A hand stored before
the index still replays, by folding the log.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from sqlalchemy import update

from pokernight.history.table_export import finished_hand
from pokernight.server.tables import replay
from pokernight.server.tables.replay import NoSuchHandError, StoredHand
from pokernight.store import Store, StoredEvent, TableRecord, open_store, schema
from pokernight.table import (
    CardsShownByChoice,
    TableEvent,
    table_event_from_dict,
)
from tests.async_helpers import scenario
from tests.replay_helpers import played_log, stored_table

HANDS = 14
SEATS = 6


class Reads:
    """What the replay read from the store: the events of each call, by method."""

    def __init__(self, store: Store, patch: pytest.MonkeyPatch) -> None:
        self.events: dict[str, int] = {"hand_log": 0, "load_events": 0}
        patch.setattr(store.tables, "hand_log", self._counting("hand_log", store.tables.hand_log))
        patch.setattr(
            store.tables, "load_events", self._counting("load_events", store.tables.load_events)
        )

    def _counting(
        self, name: str, read: Callable[..., Awaitable[Any]]
    ) -> Callable[..., Awaitable[Any]]:
        async def counted(*args: Any) -> Any:
            found = await read(*args)
            events = found if isinstance(found, list) else getattr(found, "events", None)
            self.events[name] += len(events or ())
            return found

        return counted

    def clear(self) -> dict[str, int]:
        read, self.events = self.events, dict.fromkeys(self.events, 0)
        return read


def _folded(events: list[TableEvent], number: int) -> StoredHand:
    """Hand ``number`` as the replay found it before the index: the whole log folded."""
    found = finished_hand(events, number)
    assert found is not None
    return StoredHand(*found)


def _own_events(stored: list[StoredEvent], number: int) -> int:
    """How many events the hand owns: from its deal to the deal of the hand after the next."""
    deals = [event.seq for event in stored if event.kind == "HandDealt"]
    first = deals[number - 1]
    until = deals[number + 1] if number + 1 < len(deals) else stored[-1].seq + 1
    return until - first


def _viewers(stored: StoredHand) -> list[str | None]:
    return [None, *stored.played.player_ids]


async def _played_table(store: Store) -> tuple[TableRecord, list[StoredEvent]]:
    _, appends = played_log(HANDS, seed=2030)
    record = await stored_table(store, appends)
    return record, await store.tables.load_events(record.id)


@scenario
async def test_each_hands_replay_reads_only_its_own_events_and_equals_the_folded_one(
    store_url: str,
) -> None:
    async with await open_store(store_url) as store:
        record, stored = await _played_table(store)
        events = [table_event_from_dict(item.data) for item in stored]
        with pytest.MonkeyPatch.context() as patch:
            reads = Reads(store, patch)
            indexed, read = {}, {}
            for number in range(1, HANDS + 1):
                indexed[number] = await replay.stored_hand(
                    store.tables, record.id, record.code, number
                )
                read[number] = reads.clear()
            with pytest.raises(NoSuchHandError, match=f"no finished hand #{HANDS + 1}"):
                await replay.stored_hand(store.tables, record.id, record.code, HANDS + 1)
            never_dealt = reads.clear()
    for number, hand in indexed.items():
        folded = _folded(events, number)
        for viewer in _viewers(folded):
            assert replay.replay_json(hand, viewer, SEATS) == replay.replay_json(
                folded, viewer, SEATS
            ), (number, viewer)
        assert hand.shown_after == folded.shown_after
        assert read[number] == {"hand_log": _own_events(stored, number), "load_events": 0}
    assert never_dealt == {"hand_log": 0, "load_events": 0}
    assert sum(read[HANDS // 2].values()) < len(stored) / 4
    # The log tried what the index must reach: a hand's cards shown after it ended.
    assert any(isinstance(event, CardsShownByChoice) for event in events)
    assert any(hand.shown_after for hand in indexed.values())


@scenario
async def test_a_hand_stored_before_the_index_still_replays_by_folding_the_log(
    store_url: str,
) -> None:
    """Migration 0010 left ``first_seq`` null for the hands stored before it."""
    async with await open_store(store_url) as store:
        record, stored = await _played_table(store)
        async with store.database.transaction() as connection:
            await connection.execute(update(schema.hands).values(first_seq=None))
        with pytest.MonkeyPatch.context() as patch:
            reads = Reads(store, patch)
            number = HANDS // 2
            hand = await replay.stored_hand(store.tables, record.id, record.code, number)
            read = reads.clear()
    folded = _folded([table_event_from_dict(item.data) for item in stored], number)
    for viewer in _viewers(folded):
        assert replay.replay_json(hand, viewer, SEATS) == replay.replay_json(folded, viewer, SEATS)
    assert read == {"hand_log": 0, "load_events": len(stored)}
