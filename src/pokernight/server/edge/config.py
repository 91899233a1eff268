"""What a running server is tuned with; tests shorten the pauses and tighten the limits."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from pokernight.cluster.lease import DEFAULT_TTL_MS
from pokernight.server.edge.collector import FREEZE_SECONDS
from pokernight.server.edge.ratelimit import AddressLimits

DEFAULT_LIMITS = AddressLimits()
IDLE_MINUTES = 30.0
MAX_IDLE_MINUTES = 7 * 24 * 60.0


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """``clock`` gives the tables' ``now`` (seconds).

    ``rate_capacity`` messages may arrive at once on a connection, then
    ``rate_per_second``; a connection refused for speed more than ``rate_refusals``
    times in a minute is closed; ``outbox_size`` messages may wait for a slow client
    before it is disconnected; ``ring_size`` versions per table are kept in
    memory to resume reconnecting clients (older gaps get a snapshot).
    ``freeze_gc``: every ``gc_freeze_seconds``, collect what is new and move
    the survivors out of the collector's reach (``collector.Collector``); the
    default collector paused every table for 0.3 s at 100 tables, 1 s at 500.
    ``address_limits``: HTTP requests and WebSocket connects per client address (None:
    no limit); ``allowed_origins``: web pages other than the room's own address that may
    open its WebSocket (a proxy that rewrites the Host header). ``tournament_seed``: each
    tournament draws its seats from ``Random(tournament_seed)`` (tests; None: securely).
    ``shuffle_seed``: every table's decks drawn from it and no player's contribution mixed
    in, so a test's deals are the same every run (tests only: ``pokernight serve`` takes it
    from the environment alone, ``POKERNIGHT_TEST_SHUFFLE_SEED``, never from a request).
    ``redis_url``: this process is one of several on the same database, each table owned
    by one of them for as long as that process lives: a life of ``lease_ttl_ms`` in Redis,
    kept by a heartbeat (decisions 39 and 63).
    ``idle_minutes``: an open table nobody watches and that is not dealing sleeps after
    this long, out of memory until somebody comes (decision 53; 0: never; not under
    ``redis_url``). A closed table nobody watches leaves memory at once.
    """

    database_url: str | None = None
    hand_pause_seconds: float = 3.0
    clock: Callable[[], float] = time.time
    rate_capacity: float = 20.0
    rate_per_second: float = 10.0
    rate_refusals: float = 20.0
    outbox_size: int = 256
    ring_size: int = 128
    hello_timeout_seconds: float = 10.0
    freeze_gc: bool = False
    gc_freeze_seconds: float = FREEZE_SECONDS
    address_limits: AddressLimits | None = DEFAULT_LIMITS
    allowed_origins: tuple[str, ...] = ()
    tournament_seed: int | None = None
    shuffle_seed: int | None = None
    redis_url: str | None = None
    lease_ttl_ms: int = DEFAULT_TTL_MS
    idle_minutes: float = IDLE_MINUTES
