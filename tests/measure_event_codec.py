"""How fast events turn into stored JSON and back: ``python -m tests.measure_event_codec``.

Reads every event of ``tests/data/stored_logs.sqlite3`` (the table and tournament logs,
and each table's hands folded into their own events), then times ``to_dict`` (encode)
and the decoders (decode) over them, best of several rounds, in microseconds per
event. Not a test: numbers for decision 59 (one event codec).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pokernight.rules import event_from_dict
from pokernight.table import Table, table_event_from_dict
from pokernight.table.fold import evolve
from pokernight.tournament import tournament_event_from_dict

DATABASE = Path(__file__).resolve().parent / "data" / "stored_logs.sqlite3"


def logs() -> dict[str, tuple[list[dict[str, Any]], Callable[[dict[str, Any]], Any]]]:
    connection = sqlite3.connect(f"file:{DATABASE}?immutable=1", uri=True)
    table_data = [
        json.loads(data)
        for (data,) in connection.execute("SELECT data FROM events ORDER BY table_id, seq")
    ]
    tournament_data = [
        json.loads(data)
        for (data,) in connection.execute(
            "SELECT data FROM tournament_events ORDER BY tournament_id, seq"
        )
    ]
    connection.close()
    hand_data: list[dict[str, Any]] = []
    table: Table | None = None
    for data in table_data:
        event = table_event_from_dict(data)
        if table is None or data["type"] == "TableOpened":
            table = Table.from_events([event])
            continue
        folded = evolve(table, event)
        if folded.proof is not None:
            hand_data += [item.to_dict() for item in folded.proof.hand_events]
    return {
        "hand": (hand_data, event_from_dict),
        "table": (table_data, table_event_from_dict),
        "tournament": (tournament_data, tournament_event_from_dict),
    }


def best(work: Callable[[], object], rounds: int = 7) -> float:
    times = []
    for _ in range(rounds):
        began = time.perf_counter()
        work()
        times.append(time.perf_counter() - began)
    return min(times)


def main() -> None:
    for family, (data, decode) in logs().items():
        events = [decode(item) for item in data]
        decoding = best(lambda: [decode(item) for item in data])  # noqa: B023
        encoding = best(lambda: [event.to_dict() for event in events])  # noqa: B023
        per = 1e6 / len(data)
        print(
            f"{family:>10}: {len(data):5} events  decode {decoding * per:6.2f} µs"
            f"  encode {encoding * per:6.2f} µs  (per event)"
        )


if __name__ == "__main__":
    main()
