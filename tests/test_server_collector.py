"""The collector's periodic step collects only the youngest generation, then freezes."""

from __future__ import annotations

import gc
import weakref
from typing import Any

from pokernight.server.edge.collector import collect_and_freeze

GARBAGE_CYCLES = 100
"""Fewer than the young generation's threshold (700): no automatic collection moves them."""


def test_periodic_collection_is_young_only_and_freezes_what_survives() -> None:
    generations: list[int] = []

    def seen(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            generations.append(info["generation"])

    survivors = [[index] for index in range(1_000)]
    frozen_before = gc.get_freeze_count()
    gc.callbacks.append(seen)
    try:
        collect_and_freeze()
    finally:
        gc.callbacks.remove(seen)
        frozen_after = gc.get_freeze_count()
        gc.unfreeze()
    # No full collection: its cost grows with everything not frozen yet.
    assert generations == [0]
    assert frozen_after >= frozen_before + len(survivors)


def test_cyclic_garbage_made_since_the_last_young_collection_is_freed_not_frozen() -> None:
    class Node:
        def __init__(self) -> None:
            self.me = self

    gc.collect()  # the young generation starts empty: the few nodes below stay in it
    nodes = [weakref.ref(Node()) for _ in range(GARBAGE_CYCLES)]  # each a cycle, unreachable
    try:
        collect_and_freeze()
    finally:
        gc.unfreeze()
    assert all(node() is None for node in nodes)
