"""How long a stored hand's replay takes on a table of many hands (issue 30, finding 10).

    .venv/bin/python -m tests.measure_replay [--hands 309] [--hand 304] [--db URL]

Plays a table of ``--hands`` hands (``replay_helpers.played_log``), stores it (a fresh
SQLite file unless ``--db`` names an empty database), then measures in this process the
replay of one hand (``server.replay.stored_hand`` and ``replay_json``, as
``GET /api/tables/{code}/hands/{n}/replay`` and the club's replay run them), and over HTTP
against ``pokernight serve`` on that database: one request at a time, then 60 at once
with ``/healthz`` asked meanwhile. Not a test: numbers for docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from pokernight.server.tables import replay
from pokernight.store import open_store
from tests.replay_helpers import played_log, stored_table

AT_ONCE = 60
REPEATS = 20


async def _store(url: str, hands: int) -> tuple[int, str, int]:
    """The table stored: its id, its code and how many events its log holds."""
    _, appends = played_log(hands, seed=30)
    async with await open_store(url) as store:
        record = await stored_table(store, appends)
    return record.id, record.code, sum(len(append) for append in appends)


async def _in_process(url: str, table_id: int, hand: int) -> list[float]:
    async with await open_store(url) as store:
        record = await store.tables.table(table_id)
        assert record is not None
        seconds = []
        for _ in range(REPEATS):
            start = time.perf_counter()
            stored = await replay.stored_hand(store.tables, record.id, record.code, hand)
            replay.replay_json(stored, None, 6)
            seconds.append(time.perf_counter() - start)
    return seconds


def _get(url: str) -> float:
    start = time.perf_counter()
    with urllib.request.urlopen(url, timeout=120) as answer:
        answer.read()
    return time.perf_counter() - start


def _answering(url: str) -> None:
    """Once the room answers (its address is printed before it listens)."""
    for _ in range(600):
        try:
            _get(url)
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"the room never answered at {url}")


def _over_http(database: str, code: str, hand: int) -> dict[str, float]:
    command = Path(sys.executable).with_name("pokernight")
    room = subprocess.Popen(
        [command, "serve", "--port", "0", "--db", database, "--no-rate-limits"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert room.stdout is not None
        line = room.stdout.readline()
        base = line.split("open ")[1].split("/ ")[0]
        url = f"{base}/api/tables/{code}/hands/{hand}/replay"
        _answering(f"{base}/healthz")
        _get(url)  # warm
        one = statistics.median(_get(url) for _ in range(REPEATS))
        times: list[float] = []
        threads = [threading.Thread(target=lambda: times.append(_get(url))) for _ in range(AT_ONCE)]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        healthz = _get(f"{base}/healthz")
        for thread in threads:
            thread.join()
        return {"one": one, "at_once": time.perf_counter() - start, "healthz": healthz}
    finally:
        room.terminate()
        room.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=309)
    parser.add_argument("--hand", type=int, default=304)
    parser.add_argument("--db", default=None)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    database = args.db or f"sqlite+aiosqlite:///{folder / 'replay.sqlite3'}"
    table_id, code, events = asyncio.run(_store(database, args.hands))
    seconds = asyncio.run(_in_process(database, table_id, args.hand))
    print(f"{args.hands} hands, {events} events; hand {args.hand}:")
    print(f"  in process: median {statistics.median(seconds) * 1000:.1f} ms")
    http = _over_http(database, code, args.hand)
    print(f"  HTTP one at a time: median {http['one'] * 1000:.1f} ms")
    print(
        f"  HTTP {AT_ONCE} at once: {http['at_once']:.2f} s in all, "
        f"/healthz meanwhile {http['healthz'] * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
