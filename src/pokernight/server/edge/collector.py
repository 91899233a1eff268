"""Keeping the garbage collector's pauses short while thousands of objects live for hours.

CPython's full collection walks every tracked object. A room of 500 tables
holds millions of them (tables, hands, the resume ring, sockets), and a full
collection over all of them stopped every table for 0.8 to 1.4 s. Almost none
of those objects are cyclic garbage: they live until their table closes and
refcounting frees them. So ``Collector`` moves the survivors out of the
collector's reach (``gc.freeze()``): once at start after a full collection,
then every ``interval`` seconds right after a collection of the youngest
generation only. A full collection, even of the few seconds' worth of objects
not yet frozen, cost 30-40 ms of CPU at 250 tables (and 30 ms again right
after another: the thousands of coroutines and futures of sockets waiting are
always there, scattered over the heap), and every table waited for it; a
young collection costs about 1 ms. Objects frozen a second after they were
made never reach the older generations, so the automatic collections of those
stay small too. Full collections during play found nothing to free. Frozen
objects are still freed by refcounting; only a cycle that forms among frozen
objects (or survives its first young collection) is never collected.

Such cycles are everywhere once a table or a socket has lived a second: the
actor and its bots' driver, a connection and its tasks, uvicorn's protocol and
its transport. So when one has gone (``departed``: a table let go, a socket
ended), the collector reclaims them: it unfreezes, collects fully, and freezes
again (``reclaim``), at most every ``RECLAIM_SECONDS`` and never more than
``RECLAIM_SHARE`` of the time, by what the last one cost (decision 53: without
it, every closed table left 0.3 MiB frozen for good).

``GcStats`` times every collection (``gc.callbacks``) so the pauses can be
read at ``GET /api/server`` and by ``pokernight bench server``.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

GENERATIONS = 3
FREEZE_SECONDS = 0.25
"""Often enough that the older generations stay small: at 500 tables every socket's waits
leave 10-20 thousand young objects a second, and an automatic generation-1 collection over a
second's worth cost up to 33 ms. (With a full collection before every freeze, every 1 s measured
worse than every 5 s: 28 full collections in 30 s.)"""
LONG_PAUSE_MS = 50.0
RECLAIM_SECONDS = 1.0
"""The shortest time between two reclaims (a small room's costs a few milliseconds)."""
RECLAIM_SHARE = 0.02
"""Of the time, the most reclaims may take: one that paused 0.5 s waits 25 s at least."""


@dataclass
class GcStats:
    """Collections by generation (0, 1, 2) since ``start``: how many, how many paused the
    server ``LONG_PAUSE_MS`` or more, the total and worst pause, and the worst in CPU time
    (what the collection itself cost: a busy machine stretches the pause, not the CPU)."""

    collections: list[int] = field(default_factory=lambda: [0] * GENERATIONS)
    long_pauses: list[int] = field(default_factory=lambda: [0] * GENERATIONS)
    total_ms: list[float] = field(default_factory=lambda: [0.0] * GENERATIONS)
    worst_ms: list[float] = field(default_factory=lambda: [0.0] * GENERATIONS)
    worst_cpu_ms: list[float] = field(default_factory=lambda: [0.0] * GENERATIONS)
    _began: tuple[float, float] = (0.0, 0.0)

    def start(self) -> None:
        gc.callbacks.append(self._on_collection)

    def stop(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._on_collection)

    def to_json(self) -> dict[str, Any]:
        return {
            "collections": list(self.collections),
            "long_pauses": list(self.long_pauses),
            "long_pause_ms": LONG_PAUSE_MS,
            "total_ms": [round(value, 3) for value in self.total_ms],
            "worst_ms": [round(value, 3) for value in self.worst_ms],
            "worst_cpu_ms": [round(value, 3) for value in self.worst_cpu_ms],
            "frozen": gc.get_freeze_count(),
        }

    def _on_collection(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._began = (time.perf_counter(), time.thread_time())
            return
        generation = info["generation"]
        pause_ms = (time.perf_counter() - self._began[0]) * 1000
        cpu_ms = (time.thread_time() - self._began[1]) * 1000
        self.collections[generation] += 1
        self.long_pauses[generation] += pause_ms >= LONG_PAUSE_MS
        self.total_ms[generation] += pause_ms
        self.worst_ms[generation] = max(self.worst_ms[generation], pause_ms)
        self.worst_cpu_ms[generation] = max(self.worst_cpu_ms[generation], cpu_ms)


class Collector:
    """Collect fully and freeze at start, then collect the young and freeze every ``interval``
    seconds while the server runs."""

    def __init__(self, interval: float = FREEZE_SECONDS) -> None:
        self.interval = interval
        self._task: asyncio.Task[None] | None = None
        self.departures = 0  # tables and sockets gone since the last reclaim
        self.reclaims = 0
        self._next_reclaim = 0.0

    def departed(self) -> None:
        """A table or a socket has gone: its cycles, frozen, wait for the next reclaim."""
        self.departures += 1

    def to_json(self) -> dict[str, Any]:
        """Reclaims so far, and departures waiting for the next (0 when nothing is frozen
        that a reclaim would free; always 0 when the collector does not run)."""
        waiting = self.departures if self._task is not None else 0
        return {"reclaims": self.reclaims, "departures_waiting": waiting}

    def start(self) -> None:
        gc.collect()
        gc.freeze()
        self._task = asyncio.get_running_loop().create_task(self._run(), name="gc freezer")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        gc.unfreeze()

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(self.interval)
            if self.departures and loop.time() >= self._next_reclaim:
                self.departures = 0
                took = reclaim()
                self.reclaims += 1
                self._next_reclaim = loop.time() + max(RECLAIM_SECONDS, took / RECLAIM_SHARE)
            else:
                collect_and_freeze()


def reclaim() -> float:
    """Unfreeze, collect fully (the cycles of what has gone), freeze again, and hand the
    memory freed back to the system; the seconds it took."""
    began = time.perf_counter()
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    _trim()
    return time.perf_counter() - began


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, if the process runs on glibc (None elsewhere)."""
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


def _trim() -> None:
    """Memory that tables and sockets gone have freed stays with the process (glibc keeps
    the freed pages of its arenas): a soak's resident memory rose by steps of up to 17 MiB
    that never came down. ``malloc_trim`` returns them (decision 53)."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


def collect_and_freeze() -> None:
    """Collect the youngest generation (cheap: only what is new), then freeze what is left."""
    gc.collect(0)
    gc.freeze()
