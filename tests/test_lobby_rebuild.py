"""A table taken up again, or read back after a save that failed, and a tournament taken up
again, are folded back from their events off the event loop.

A process that takes up many tables at once (a restart, a dead process's tables adopted)
folds each one's whole log: seconds of work for a long night. On the event loop it would
hold back everything else meanwhile, the cluster's heartbeat first, and a process whose
heartbeat stops loses its tables to another, which then stalls the same way.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from random import Random
from typing import Any

import pytest

from pokernight.client import ClientError, TableClient
from pokernight.server.tables.versions import TableVersions
from pokernight.tournament import Tournament, from_template
from pokernight.tournament.tables import DIRECTOR
from tests.server_helpers import (
    HOLDEM,
    close_all,
    open_table,
    passive,
    scenario,
    seat_and_start,
    serving,
    serving_app,
    whose_turn,
)


def _on_a_loop() -> bool:
    """Whether the caller runs where an event loop runs (not in a worker thread)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


def _called_on_a_loop(monkeypatch: pytest.MonkeyPatch, owner: type, name: str) -> list[bool]:
    """Whether each call of ``owner.name`` (a fold) ran where an event loop runs."""
    on_a_loop: list[bool] = []
    fold = getattr(owner, name)

    def spy(*args: Any) -> Any:
        on_a_loop.append(_on_a_loop())
        return fold(*args)

    monkeypatch.setattr(owner, name, spy)
    return on_a_loop


@scenario
async def test_a_restarted_room_folds_its_tables_back_off_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=2)
        for seat, client in enumerate(clients):
            await client.sit(seat, 400)
        await clients[0].start()
        to_act = (await whose_turn(clients)).state.my_seat
        await close_all(clients)
    on_a_loop = _called_on_a_loop(monkeypatch, TableVersions, "from_stored")
    async with serving(tmp_path) as url:
        back = TableClient(url, code, clients[0].token)
        await back.connect()
        while back.state.to_act is None:  # the snapshot, with the hand in play
            await back.next_event(timeout=10)
        await close_all([back])
    assert on_a_loop == [False], "folded back once, in a worker thread"
    assert back.state.to_act == to_act, "the hand in play came back"


@scenario
async def test_a_table_whose_save_failed_reads_its_log_back_off_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def down(*_: object) -> None:
        raise OSError("database is down")

    async with serving_app(tmp_path) as (url, app):
        code, clients = await open_table(url, HOLDEM, players=2)
        await seat_and_start(clients, buy_in=400)
        actor = app.state.lobby.actor(code)
        mover = await whose_turn(clients)
        on_a_loop = _called_on_a_loop(monkeypatch, TableVersions, "from_stored")
        append, actor.writer.append = actor.writer.append, down
        with pytest.raises(ClientError, match="could not be saved"):
            await passive(mover)
        actor.writer.append = append
        await close_all(clients)
    assert on_a_loop == [False], "read back once, in a worker thread"


@scenario
async def test_a_restarted_room_folds_its_tournaments_back_off_the_event_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    structure = from_template("quick", entries=6, seats=3, starting_stack=500)
    async with serving_app(tmp_path) as (_, app):
        director, _ = await app.state.lobby.create_tournament(structure, Random(1))
        for number in range(2):  # registering: not dealt yet
            await director.register(f"Bot {number + 1}", "easy", by=DIRECTOR)
    on_a_loop = _called_on_a_loop(monkeypatch, Tournament, "from_events")
    async with serving_app(tmp_path) as (_, app):
        again = app.state.lobby.tournament(director.id)
        registered = sorted(again.tournament.players)
    assert on_a_loop == [False], "folded back once, in a worker thread"
    assert registered == sorted(director.tournament.players)
