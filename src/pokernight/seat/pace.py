"""Keeping a program's intents under the room's speed limit.

A room takes a burst of messages at once on a connection, then so many a second, and
refuses the rest with ``too many messages: slow down`` (docs/protocol.md, "Limits"); its
welcome says how many (``message_rate``), and a room that says nothing has the default,
20 at once and 10 a second. A person never comes near it; a program playing bots that
think for no time does. The seat spends from a bucket smaller and slower than the room's,
so the room never has to refuse a program's move for its speed, and a move refused for
speed all the same is sent again after a pause: it was refused for when it came, not for
what it was. A room that allows more (the room ``pokernight seat`` runs for a game of its
own) lets the program go faster: the seat paces by what the room says.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

ROOM_BURST = 20.0
ROOM_PER_SECOND = 10.0
"""A room's limit when its welcome does not say one (a room older than ``message_rate``)."""
BURST_SHARE = 0.75
RATE_SHARE = 0.95
"""What the seat spends of the room's limit: room for a network that delivers two messages
closer together than they were sent."""
CAPACITY = ROOM_BURST * BURST_SHARE
PER_SECOND = ROOM_PER_SECOND * RATE_SHARE
SLOW_DOWN = "too many messages"
"""The start of the room's refusal for speed: the move itself was not judged."""
SLOW_DOWN_PAUSE = 1.0


class Pacer:
    def __init__(
        self,
        capacity: float = CAPACITY,
        per_second: float = PER_SECOND,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.capacity = capacity
        self.per_second = per_second
        self.clock = clock
        self.sleep = sleep
        self.tokens = capacity
        self.at = clock()

    def follow(self, welcome: Mapping[str, Any] | None) -> None:
        """Pace under the limit a room's ``welcome`` says (the default one if it says none).
        The tokens already spent stay spent: a lower limit is kept from now on."""
        burst, per_second = room_rate(welcome)
        self._refill()  # the time gone by, at the pace it went by at
        self.capacity, self.per_second = burst * BURST_SHARE, per_second * RATE_SHARE
        self.tokens = min(self.tokens, self.capacity)

    async def wait(self) -> None:
        """Return once one more message fits under the limit (and count it)."""
        self._refill()
        if self.tokens < 1:
            await self.sleep((1 - self.tokens) / self.per_second)
            self.tokens, self.at = 1.0, self.clock()
        self.tokens -= 1

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.at) * self.per_second)
        self.at = now


def room_rate(welcome: Mapping[str, Any] | None) -> tuple[float, float]:
    """The messages a room takes at once on a connection and then a second, as its welcome
    says them (``message_rate``); a room that says none has the default limit."""
    said = (welcome or {}).get("message_rate")
    if not isinstance(said, Mapping):
        return ROOM_BURST, ROOM_PER_SECOND
    return float(said["burst"]), float(said["per_second"])


def refused_for_speed(reason: str) -> bool:
    return reason.startswith(SLOW_DOWN)
