"""The tables' chat in the store (decision 82), on SQLite and PostgreSQL: each table's
lines read back newest last, a table keeping no more than a page is shown."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import func, select

from pokernight.store import Store, open_store, schema, table_chat
from tests.async_helpers import scenario


def _line(text: str, at: float) -> dict[str, object]:
    return {"type": "chat", "player_id": "1", "name": "Ann", "text": text, "at": at}


async def _stored(store: Store, table_id: int) -> int:
    lines = schema.chat_lines
    async with store.database.transaction() as connection:
        count = select(func.count()).where(lines.c.table_id == table_id)
        return int((await connection.execute(count)).scalar_one())


@scenario
async def test_a_tables_last_lines_come_back_in_order_and_older_ones_go(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_chat, "LINES_KEPT", 5)
    async with await open_store(store_url) as store:
        ours = (await store.tables.create_table({}, random.Random(1))).id
        theirs = (await store.tables.create_table({}, random.Random(2))).id
        await store.chat.say(theirs, _line("another table", 99.0))
        for number in range(7):
            await store.chat.say(ours, _line(f"line {number}", 100.0 + number))
        dealer = {"type": "chat", "player_id": None, "name": "Dealer", "dealer": True,
                  "text": "Ann hands the host role to Bob", "code": "host_handed_over",
                  "params": {"old": "Ann", "new": "Bob"}, "at": 107.0}  # fmt: skip
        await store.chat.say(ours, dealer)
        last = await store.chat.last_lines(ours)
        stored = await _stored(store, ours)
        elsewhere = await store.chat.last_lines(theirs)
    assert [line["text"] for line in last] == [
        "line 3", "line 4", "line 5", "line 6", "Ann hands the host role to Bob",
    ]  # fmt: skip
    assert last[-1] == dealer, "a line comes back as it was said"
    assert stored == 5, "the older lines were let go"
    assert [line["text"] for line in elsewhere] == ["another table"], "each table its own"
