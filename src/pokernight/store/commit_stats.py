"""What the group commit has done since the process started: events committed by kind,
commits by how long they took, failed commits; read by the server's ``/metrics``.

Counts only grow (a reader takes the rate over a period), as Prometheus counters do.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from pokernight.store.records import StoredEvent

COMMIT_BOUNDS_SECONDS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0)
"""Upper bounds of the commit-time buckets; a last bucket holds the slower commits."""


@dataclass(slots=True)
class CommitStats:
    events: Counter[str] = field(default_factory=Counter)
    seconds_counts: list[int] = field(
        default_factory=lambda: [0] * (len(COMMIT_BOUNDS_SECONDS) + 1)
    )
    seconds_sum: float = 0.0
    failed: int = 0

    def committed(self, events: Iterable[StoredEvent], seconds: float) -> None:
        self.events.update(event.kind for event in events)
        self.seconds_counts[bisect.bisect_left(COMMIT_BOUNDS_SECONDS, seconds)] += 1
        self.seconds_sum += seconds

    @property
    def commits(self) -> int:
        return sum(self.seconds_counts)
