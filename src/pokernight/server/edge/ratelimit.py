"""Token buckets: ``capacity`` at once, refilled at ``per_second``; and one per client address.

A connection's messages go through one ``TokenBucket``. HTTP requests and WebSocket
connects go through an ``AddressLimiter``: a bucket per client address and kind of
request, so that one address cannot scan the 10,000 table codes or fill a table with
players, while everybody else is served as usual.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass, fields


class TokenBucket:
    def __init__(self, capacity: float, per_second: float, now: float) -> None:
        self.capacity = capacity
        self.per_second = per_second
        self.tokens = capacity
        self.updated = now

    def take(self, now: float) -> bool:
        """Spend one token if there is one; False: the sender is going too fast."""
        self._refill(now)
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def seconds_to_token(self, now: float) -> float:
        """How long until a token is there (0: now)."""
        self._refill(now)
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.per_second

    def _refill(self, now: float) -> None:
        elapsed = max(now - self.updated, 0.0)
        self.tokens = min(self.capacity, self.tokens + elapsed * self.per_second)
        self.updated = now


@dataclass(frozen=True, slots=True)
class Rate:
    """``burst`` requests at once, then one every ``1 / per_second`` seconds."""

    burst: float
    per_second: float


@dataclass(frozen=True, slots=True)
class HeldLimits:
    """What one client address may hold open at once, however slowly it opened it:
    ``sockets`` (WebSockets, a table's and a tournament's together), and the ``tables`` and
    ``tournaments`` it opened that are still open (one not finished, for a tournament)."""

    sockets: int = 64
    tables: int = 20
    tournaments: int = 20


@dataclass(frozen=True, slots=True)
class AddressLimits:
    """Per client address. ``lookup``: any request that names a table code (its page's
    API reads, a join, a WebSocket connect); ``miss``: codes that name no open table
    (the scan: 20, then one every 10 s, so 10,000 codes take a day); ``join`` and
    ``create``: new players and new tables; ``drawing``: QR codes drawn; ``claim``: claim
    codes typed (a code is 6 of 17 letters: 24 million, guessed at one every 10 s);
    ``held``: what the address may hold open at once (``address_holds``)."""

    lookup: Rate = Rate(burst=120, per_second=4)
    miss: Rate = Rate(burst=20, per_second=0.1)
    join: Rate = Rate(burst=10, per_second=1 / 6)
    create: Rate = Rate(burst=10, per_second=1 / 60)
    drawing: Rate = Rate(burst=10, per_second=1)
    claim: Rate = Rate(burst=10, per_second=0.1)
    held: HeldLimits = HeldLimits()


KINDS = tuple(field.name for field in fields(AddressLimits) if isinstance(field.default, Rate))
"""The kinds of request that take a token."""
MAX_ADDRESSES = 10_000
"""Buckets kept per kind; the longest unused goes first (memory stays bounded)."""


class AddressLimiter:
    def __init__(self, limits: AddressLimits, max_addresses: int = MAX_ADDRESSES) -> None:
        self.limits = limits
        self.max_addresses = max_addresses
        self.buckets: dict[str, OrderedDict[str, TokenBucket]] = {k: OrderedDict() for k in KINDS}

    def take(self, kind: str, address: str, now: float) -> int:
        """Spend one of ``address``'s ``kind`` tokens: 0 if it had one, else the whole
        seconds to wait (a Retry-After)."""
        bucket = self._bucket(kind, address, now)
        if bucket.take(now):
            return 0
        return max(1, math.ceil(bucket.seconds_to_token(now)))

    def wait(self, kind: str, address: str, now: float) -> int:
        """The whole seconds until ``address`` has a ``kind`` token, without spending one."""
        bucket = self.buckets[kind].get(address)
        if bucket is None:
            return 0
        seconds = bucket.seconds_to_token(now)
        return 0 if seconds == 0 else max(1, math.ceil(seconds))

    def _bucket(self, kind: str, address: str, now: float) -> TokenBucket:
        buckets = self.buckets[kind]
        bucket = buckets.get(address)
        if bucket is None:
            rate: Rate = getattr(self.limits, kind)
            bucket = buckets[address] = TokenBucket(rate.burst, rate.per_second, now)
            if len(buckets) > self.max_addresses:
                buckets.popitem(last=False)
        else:
            buckets.move_to_end(address)
        return bucket
