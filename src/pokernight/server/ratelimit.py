"""A token bucket: ``capacity`` messages at once, refilled at ``per_second``."""

from __future__ import annotations


class TokenBucket:
    def __init__(self, capacity: float, per_second: float, now: float) -> None:
        self.capacity = capacity
        self.per_second = per_second
        self.tokens = capacity
        self.updated = now

    def take(self, now: float) -> bool:
        """Spend one token if there is one; False: the sender is going too fast."""
        elapsed = max(now - self.updated, 0.0)
        self.tokens = min(self.capacity, self.tokens + elapsed * self.per_second)
        self.updated = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
