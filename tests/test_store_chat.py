"""The tables' chat in the store (decision 82), on SQLite and PostgreSQL: each table's
lines read back newest last, the older ones let go once a table has more than it shows."""

from __future__ import annotations

import random

from pokernight.store import open_store
from tests.async_helpers import scenario


def _line(text: str, at: float) -> dict[str, object]:
    return {"type": "chat", "player_id": "1", "name": "Ann", "text": text, "at": at}


@scenario
async def test_a_tables_last_lines_come_back_in_order_and_older_ones_go(store_url: str) -> None:
    async with await open_store(store_url) as store:
        ours = (await store.tables.create_table({}, random.Random(1))).id
        theirs = (await store.tables.create_table({}, random.Random(2))).id
        for number in range(7):
            await store.chat.say(ours, _line(f"line {number}", 100.0 + number))
        await store.chat.say(theirs, _line("another table", 200.0))
        dealer = {"type": "chat", "player_id": None, "name": "Dealer", "dealer": True,
                  "text": "Ann hands the host role to Bob", "code": "host_handed_over",
                  "params": {"old": "Ann", "new": "Bob"}, "at": 107.0}  # fmt: skip
        await store.chat.say(ours, dealer)
        last = await store.chat.last_lines(ours, 5)
        everything = await store.chat.last_lines(ours, 100)
        elsewhere = await store.chat.last_lines(theirs, 100)
    assert [line["text"] for line in last] == [
        "line 3", "line 4", "line 5", "line 6", "Ann hands the host role to Bob",
    ]  # fmt: skip
    assert last[-1] == dealer, "a line comes back as it was said"
    assert everything == last, "the lines older than the last five were let go"
    assert [line["text"] for line in elsewhere] == ["another table"]
