"""What a running server is tuned with; tests shorten the pauses and tighten the limits."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """``clock`` gives the tables' ``now`` (seconds); ``static_dir`` is served at ``/``.

    ``rate_capacity`` messages may arrive at once on a connection, then
    ``rate_per_second``; ``outbox_size`` messages may wait for a slow client
    before it is disconnected; ``ring_size`` versions per table are kept in
    memory to resume reconnecting clients (older gaps get a snapshot).
    ``freeze_gc``: move start-up objects out of the collector's reach
    (``gc.freeze()``); the default collector caused 300 ms pauses (DESIGN.md).
    """

    database_url: str | None = None
    hand_pause_seconds: float = 3.0
    clock: Callable[[], float] = time.time
    rate_capacity: float = 20.0
    rate_per_second: float = 10.0
    outbox_size: int = 256
    ring_size: int = 512
    hello_timeout_seconds: float = 10.0
    static_dir: Path | None = None
    freeze_gc: bool = False
