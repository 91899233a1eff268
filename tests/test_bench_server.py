"""The server load benchmark runs end to end at a tiny scale and reports sane figures.

No timing is asserted: only that bots played through a real server process and
that every figure is one a report can carry.
"""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import pytest
from rich.console import Console

from pokernight.bench.server import Load, check, measure, render
from tests.redis_helpers import RedisServer

TINY = Load(tables=2, players=3, seconds=3.0, rate=2.0, port=0, db=None, client_processes=2)


def test_bench_server_plays_and_reports_every_figure() -> None:
    output = io.StringIO()
    report = measure(TINY, Console(file=output, width=120))
    assert report.tables == 2
    assert report.connections == 6
    assert report.actions > 0
    assert report.refused == 0
    # Every action is received by the acting bot and by both others at its table.
    assert report.acting.count > 0
    assert report.others.count >= report.acting.count
    assert report.everyone.count == report.acting.count + report.others.count
    for figures in (report.acting, report.others, report.everyone):
        assert 0 < figures.p50 <= figures.p99 <= figures.worst
    assert report.server_mib_empty > 0
    assert report.server_mib_seated > 0
    assert report.server_cpu_share > 0
    assert report.server_cpu_ms_per_action > 0
    assert report.target_rate == 4.0
    assert len(report.gc_collections) == len(report.gc_worst_cpu_ms) == 3
    assert all(
        0 <= long <= count
        for long, count in zip(report.gc_long_pauses, report.gc_collections, strict=True)
    )
    # The server collects fully once at start, then freezes what survives.
    assert report.gc_worst_cpu_ms[2] > 0
    # Both bots' processes played and reported; each loop's lag was sampled during play.
    assert len(report.client_cpu_shares) == 2
    assert all(share > 0 for share in report.client_cpu_shares)
    assert report.server_lag.count > 0
    assert report.client_lag.count > 0
    assert report.server_lag.p50_ms <= report.server_lag.p99_ms <= report.server_lag.worst_ms
    text = io.StringIO()
    Console(file=text, width=120).print(render(report))
    assert "actions/s" in text.getvalue()
    assert "per 100 tables" in text.getvalue()
    assert "server GC during play" in text.getvalue()
    assert "bots' CPU by process" in text.getvalue()
    assert "server loop lag" in text.getvalue()


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"tables": 0}, "--tables must be between 1 and 2000"),
        ({"players": 1}, "--players must be between 2 and 9"),
        ({"seconds": 0.0}, "--seconds must be positive"),
        ({"rate": 11.0}, "--rate must be positive and at most 10"),
        ({"port": 70_000}, "--port 70000 is not a TCP port"),
        ({"client_processes": 3}, "--client-processes must be between 1 and 16, and at most"),
        ({"playing": 3}, "--playing must be between 1 and --tables"),
    ],
)
def test_bench_server_refuses_a_load_out_of_bounds(changes: dict[str, Any], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        check(replace(TINY, **changes))


def test_bench_server_plays_through_several_room_processes(
    cluster_database: str, redis_server: RedisServer
) -> None:
    # Three tables, two played: the third is opened and left idle.
    load = replace(
        TINY, tables=3, playing=2, processes=2, db=cluster_database, redis=redis_server.url
    )
    report = measure(load, Console(file=io.StringIO(), width=120))
    assert report.processes == 2 and report.actions > 0 and report.refused == 0
    assert report.server_cpu_share > 0 and report.server_mib_empty > 0
    assert report.connections == 6 and report.idle_tables == 1
    # Redis's own counts during play: the heartbeats at least, and nothing negative.
    assert report.redis_commands_per_second is not None
    assert report.redis_lookups_per_second is not None
    assert report.redis_commands_per_second > 0 and report.redis_lookups_per_second >= 0
    assert report.per_table(report.redis_commands_per_second) == report.redis_commands_per_second
    text = io.StringIO()
    Console(file=text, width=120).print(render(report))
    assert "2 room processes" in text.getvalue()
    assert "(2 played)" in text.getvalue()
    assert "Redis key lookups/s per idle table" in text.getvalue()


def test_several_room_processes_need_postgresql_and_redis() -> None:
    with pytest.raises(ValueError, match="needs --db postgresql"):
        check(replace(TINY, processes=2))
