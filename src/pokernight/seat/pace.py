"""Keeping a program's intents under the room's speed limit.

A room takes 20 messages at once on a connection, then 10 a second, and refuses the
rest with ``too many messages: slow down`` (docs/protocol.md, "Limits"). A person never
comes near it; a program playing bots that think for no time does. The seat spends from
a bucket smaller and slower than the room's, so the room never has to refuse a
program's move for its speed, and a move refused for speed all the same is sent again
after a pause: it was refused for when it came, not for what it was.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

CAPACITY = 15.0
PER_SECOND = 9.5
"""Under the room's 20 at once and 10 a second, with room for a network that delivers
two messages closer together than they were sent."""
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

    async def wait(self) -> None:
        """Return once one more message fits under the limit (and count it)."""
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens < 1:
            await self.sleep((1 - self.tokens) / self.per_second)
            self.tokens, self.at = 1.0, self.clock()
        self.tokens -= 1


def refused_for_speed(reason: str) -> bool:
    return reason.startswith(SLOW_DOWN)
