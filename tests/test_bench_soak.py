"""The soak benchmark runs end to end at a tiny scale: after each wave no table is left in
the server's memory, the tables left idle sleep, and its tasks and descriptors come back
to where the first wave left them. No timing is asserted."""

from __future__ import annotations

import io
from dataclasses import replace
from typing import Any

import pytest
from rich.console import Console

from pokernight.bench.soak import Soak, check, measure, render

TINY = Soak(tables=6, wave=3, at_once=3, hands=1, idle=0.5, idle_every=3)


def test_bench_soak_plays_closes_and_counts_the_server_back_to_its_first_wave() -> None:
    report = measure(TINY, Console(file=io.StringIO(), width=120))
    assert [wave.tables for wave in report.waves] == [3, 6]
    for number, wave in enumerate(report.waves, start=1):
        assert wave.live == 0  # every closed table left, every idle one fell asleep
        assert wave.sleeping == number  # one a wave left paused for nobody
        assert wave.hands >= wave.tables * TINY.hands
        assert wave.rss_mib > 0
        assert wave.database_bytes is not None and wave.database_bytes > 0
    first, last = report.first, report.last
    assert (last.tasks, last.descriptors) == (first.tasks, first.descriptors)
    assert report.per_1000_tables(lambda wave: wave.tasks) == 0
    per_hand = report.database_bytes_per_hand
    assert per_hand is not None and per_hand > 0
    text = io.StringIO()
    Console(file=text, width=160).print(render(report))
    assert "growth per 1,000 tables after the first wave" in text.getvalue()
    assert "database per hand played" in text.getvalue()


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"tables": 0}, "--tables"),
        ({"wave": 7}, "--wave"),
        ({"at_once": 0}, "--at-once"),
        ({"hands": 0}, "--hands"),
        ({"idle": 0.0}, "--idle"),
        ({"idle_every": -1}, "--idle-every"),
        ({"port": 70_000}, "--port"),
    ],
)
def test_bench_soak_refuses_a_load_it_cannot_run(change: dict[str, Any], said: str) -> None:
    with pytest.raises(ValueError, match=said):
        check(replace(TINY, **change))
