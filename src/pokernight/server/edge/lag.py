"""How late the event loop runs: the delay every table and socket of the process waits.

``LagMonitor`` asks to sleep ``interval`` seconds over and over and records how
much later than asked it woke (a callback that holds the loop, a long garbage
collection, a machine short of CPU all show here) in a histogram: counts per
bucket since start, so a reader takes the difference of two readings for the
lag over a period (``GET /api/server`` reports it; ``pokernight bench server``
reads it before and after play, and runs one in each bots' process too).
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
from collections.abc import Sequence
from typing import Any

INTERVAL_SECONDS = 0.01
BOUNDS_MS = (0.5, 1, 2, 3, 5, 7.5, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 1000, 2000)
"""Upper bounds of the buckets; a last bucket holds the lags above the last bound."""


class LagMonitor:
    def __init__(self, interval: float = INTERVAL_SECONDS) -> None:
        self.interval = interval
        self.counts = [0] * (len(BOUNDS_MS) + 1)
        self.worst_ms = 0.0
        self.total_ms = 0.0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name="lag monitor")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def record(self, lag_ms: float) -> None:
        self.counts[bisect.bisect_left(BOUNDS_MS, lag_ms)] += 1
        self.worst_ms = max(self.worst_ms, lag_ms)
        self.total_ms += lag_ms

    def to_json(self) -> dict[str, Any]:
        return {
            "interval_ms": self.interval * 1000,
            "bounds_ms": list(BOUNDS_MS),
            "counts": list(self.counts),
            "worst_ms": round(self.worst_ms, 3),
        }

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time() + self.interval
            await asyncio.sleep(self.interval)
            self.record(max(loop.time() - asked, 0.0) * 1000)


def percentile_ms(counts: Sequence[int], fraction: float) -> float:
    """The upper bound of the bucket that holds the ``fraction`` quantile of ``counts``
    (infinity in the last, open bucket; 0 when nothing was recorded)."""
    total = sum(counts)
    if total == 0:
        return 0.0
    rank = fraction * total
    seen = 0
    for index, count in enumerate(counts):
        seen += count
        if seen >= rank:
            return BOUNDS_MS[index] if index < len(BOUNDS_MS) else float("inf")
    return float("inf")


def counts_between(before: Sequence[int], after: Sequence[int]) -> list[int]:
    """The lags recorded between two readings of ``counts``."""
    return [end - start for start, end in zip(before, after, strict=True)]
