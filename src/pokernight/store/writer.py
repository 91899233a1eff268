"""Group commit: the appends of a few milliseconds, from many tables, in one transaction.

A commit costs a disk sync whatever it holds, so one commit for many tables'
events keeps up with far more actions per second than one commit each. Each
table's owner awaits its ``append``, which returns once the events are
durable. One bad append (a stale writer) must not fail the others: a batch
that fails is retried one append at a time, so only the culprit gets the error
(unless the database is down: then every append gets that error at once).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.store.commit_stats import CommitStats
from pokernight.store.errors import StoreError, StoreUnavailableError
from pokernight.store.records import HandledRequest, StoredEvent
from pokernight.store.table_log import TableLog


@dataclass(frozen=True, slots=True)
class _Append:
    table_id: int
    events: tuple[StoredEvent, ...]
    requests: tuple[HandledRequest, ...]
    done: asyncio.Future[None]


class EventWriter:
    """Commits the events handed to ``append`` in groups: at most ``max_delay`` seconds
    after the first of a group arrives, or as soon as the previous commit ends."""

    def __init__(self, log: TableLog, max_delay: float = 0.005) -> None:
        self.log = log
        self.max_delay = max_delay
        self._pending: list[_Append] = []
        self._arrived = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._closed = False
        self.stats = CommitStats()

    async def append(
        self,
        table_id: int,
        events: Sequence[StoredEvent],
        requests: Sequence[HandledRequest] = (),
    ) -> None:
        """Return once ``events``, and the ``requests`` that caused them, are committed (or
        raise the reason they were not)."""
        if self._closed:
            raise StoreError("the event writer is closed")
        done = asyncio.get_running_loop().create_future()
        self._pending.append(_Append(table_id, tuple(events), tuple(requests), done))
        self._arrived.set()
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="pokernight event writer")
        await done

    async def close(self) -> None:
        """Commit what is pending, then stop; later appends are refused."""
        self._closed = True
        self._arrived.set()
        if self._task is not None:
            await self._task

    async def _run(self) -> None:
        # Appends that arrive while we wait join the commit; appends that arrive
        # while a commit runs make the next one, with no extra wait.
        await asyncio.sleep(self.max_delay)
        while self._pending:
            batch, self._pending = self._pending, []
            await self._commit(batch)
            if not self._pending and not self._closed:
                self._arrived.clear()
                await self._arrived.wait()
                await asyncio.sleep(self.max_delay)

    async def _commit(self, batch: list[_Append]) -> None:
        started = time.perf_counter()
        try:
            await self.log.append_batch(
                [(item.table_id, item.events) for item in batch],
                [(item.table_id, request) for item in batch for request in item.requests],
            )
        except StoreUnavailableError as error:
            self.stats.failed += 1
            for item in batch:  # one at a time would fail the same way, only slower
                _settle(item, error)
        except Exception as error:
            if len(batch) == 1:
                self.stats.failed += 1
                _settle(batch[0], error)
                return
            for item in batch:
                await self._commit([item])
        else:
            self.stats.committed(
                (event for item in batch for event in item.events), time.perf_counter() - started
            )
            for item in batch:
                _settle(item, None)


def _settle(item: _Append, error: Exception | None) -> None:
    if item.done.done():  # the appender was cancelled and no longer waits
        return
    if error is None:
        item.done.set_result(None)
    else:
        item.done.set_exception(error)
