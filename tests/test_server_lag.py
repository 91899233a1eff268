"""The loop lag monitor sees the loop held, and its histogram reads as percentiles."""

from __future__ import annotations

import asyncio
import time

import pytest

from pokernight.server.edge.lag import BOUNDS_MS, LagMonitor, counts_between, percentile_ms
from tests.async_helpers import scenario

HELD_SECONDS = 0.12


@pytest.mark.slow  # the monitor measures the loop in wall time: the loop is held for real
@scenario
async def test_lag_monitor_sees_a_loop_held_by_a_blocking_call() -> None:
    monitor = LagMonitor(interval=0.005)
    monitor.start()
    await asyncio.sleep(0.02)
    time.sleep(HELD_SECONDS)  # holds the loop: the monitor's sleep ends that much late
    await asyncio.sleep(0.02)
    await monitor.stop()
    # The held sleep overran by at least what the loop was held, minus the interval asked.
    assert monitor.worst_ms >= (HELD_SECONDS - 0.005) * 1000
    assert sum(monitor.counts) >= 3
    assert monitor.to_json()["counts"] == monitor.counts


def test_each_lag_is_counted_in_the_first_bucket_whose_bound_holds_it() -> None:
    monitor = LagMonitor()
    for lag_ms in (0.2, 0.5, 4.0, 5000.0):
        monitor.record(lag_ms)
    assert monitor.counts[0] == 2  # 0.2 and 0.5: at most the first bound
    assert monitor.counts[BOUNDS_MS.index(5)] == 1
    assert monitor.counts[-1] == 1  # above every bound
    assert monitor.worst_ms == 5000.0


def test_lag_percentiles_are_bucket_bounds_of_the_lags_between_two_readings() -> None:
    monitor = LagMonitor()
    for _ in range(50):
        monitor.record(100.0)  # before the period read
    before = list(monitor.counts)
    for _ in range(98):
        monitor.record(1.5)
    monitor.record(40.0)
    monitor.record(400.0)
    during = counts_between(before, monitor.counts)
    assert sum(during) == 100
    assert percentile_ms(during, 0.5) == 2
    assert percentile_ms(during, 0.99) == 50
    assert percentile_ms(during, 1.0) == 500
    assert percentile_ms([0] * len(monitor.counts), 0.99) == 0.0
