"""A table nobody watches sleeps out of memory and wakes from its log exactly as it was; a
closed one leaves memory and its ledger, hands and statistics still answer (decision 53).

The tables' clock is real time moved ahead by the test (``Ahead``): the half hour a table
rests before it sleeps passes in no time, and nothing waits on a real timer. The lobby's
look over its tables (``Lobby.sweep``) is called by the test, so when a table goes is
the test's doing, not a timer's.
"""

from __future__ import annotations

import asyncio
import copy
import gc
import os
import time
import weakref
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pokernight.client import ClientError, TableClient, request_json
from pokernight.server.edge.config import IDLE_MINUTES
from pokernight.server.lobby.lobby import Lobby
from tests.server_helpers import (
    FAST,
    HOLDEM,
    bet_then_call,
    close_all,
    open_table,
    passive,
    play_until_hand_over,
    scenario,
    seat_and_start,
    serving_app,
    settle,
)
from tests.test_server_operations import get, samples

Json = dict[str, Any]
BUY_IN = 500
NAP_ID = 9_999
LOOKS = 200
"""How many times a test looks (a sweep, a short sleep) for a socket's end to reach the table."""


class Ahead:
    """The tables' clock: real time, moved ahead by the test."""

    def __init__(self) -> None:
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.time() + self.ahead


def lobby_of(app: Any) -> Lobby:
    lobby: Lobby = app.state.lobby
    return lobby


async def put_to_sleep(lobby: Lobby, clock: Ahead, code: str) -> None:
    """The lobby looks (the table rests from then), the clock moves past ``idle_minutes``,
    the lobby looks again: the table sleeps (once its sockets' ends have reached it)."""
    for _ in range(LOOKS):
        await lobby.sweep()
        clock.ahead += IDLE_MINUTES * 60 + 1
        await lobby.sweep()
        if code in lobby.sleeping:
            return
        await _moment()
    raise AssertionError(f"table {code} did not fall asleep")


async def let_go(lobby: Lobby, code: str) -> None:
    """A closed table leaves at the lobby's next look, once its sockets' ends reached it."""
    for _ in range(LOOKS):
        await lobby.sweep()
        if code not in lobby.actors:
            return
        await _moment()
    raise AssertionError(f"table {code} was not let go")


async def _moment() -> None:
    await asyncio.sleep(0.02)


def seats_of(state: Any) -> dict[int, tuple[str, int]]:
    return {number: (seat["player_id"], seat["stack"]) for number, seat in state.seats.items()}


@scenario
async def test_a_paused_table_nobody_watches_sleeps_and_wakes_exactly_as_it_was(
    tmp_path: Path,
) -> None:
    clock = Ahead()
    async with serving_app(tmp_path, replace(FAST, clock=clock)) as (url, app):
        lobby = lobby_of(app)
        code, clients = await open_table(url, HOLDEM, players=3)
        await seat_and_start(clients, buy_in=BUY_IN)
        await play_until_hand_over(clients, 1, bet_then_call)
        behind = copy.deepcopy(clients[2].state)  # a page that saw hand 1 only
        await play_until_hand_over(clients, 2, bet_then_call)
        await clients[0].pause()
        if clients[0].state.hand is not None:  # dealt before the pause: played out
            await play_until_hand_over(clients, 3, passive)
        await clients[0].chat("back in five")
        done = await clients[1].send_with_id({"type": "sit_out"}, NAP_ID)
        await settle(clients, done["v"])
        seen = clients[0].state
        version, seats = seen.version, seats_of(seen)
        hands = clients[2].state.last_hand  # as that page saw it: its own cards
        await close_all(clients)
        old = lobby.actor(code)

        await put_to_sleep(lobby, clock, code)
        assert code not in lobby.actors
        assert lobby.sleeping[code].table_id == old.record.id
        del old

        # A page that missed hand 2 comes back: the table wakes, it is sent what it missed.
        late = TableClient(url, code, clients[2].token)
        late.state = behind
        await late.connect()
        while late.state.version < version:
            await late.next_event(timeout=10)
        assert code in lobby.actors and code not in lobby.sleeping
        assert not any(frame.get("type") == "snapshot" for frame in late.frames)
        assert late.state.gaps == 0
        assert late.state.version == version
        assert seats_of(late.state) == seats
        assert late.state.last_hand == hands
        woken = lobby.actor(code)
        assert not woken.running  # paused it was, paused it wakes
        assert woken.chat[-1]["text"] == "back in five"  # the chat kept while it slept

        # The others resume from where they were: nothing to catch up, no gap.
        for client in clients[:2]:
            await client.connect()
        again = await clients[1].send_with_id({"type": "sit_out"}, NAP_ID)
        assert again.get("duplicate") and again["v"] == done["v"]  # a request done is known
        players = [clients[0], clients[1], late]
        await clients[1].request({"type": "sit_in"})
        await clients[0].start()
        assert hands is not None
        await play_until_hand_over(players, hands["hand_number"] + 1, bet_then_call)
        assert all(client.state.gaps == 0 for client in players)
        paused = await clients[0].pause()
        await settle(players, paused.get("v", 0))
        after = seats_of(clients[0].state)
        await close_all(players)

        # Asleep again, an HTTP request wakes it the same way: the table as it was saved.
        await put_to_sleep(lobby, clock, code)
        info = await request_json(url, "GET", f"/api/tables/{code}")
        assert code in lobby.actors
        assert {seat["seat"]: (seat["player_id"], seat["stack"]) for seat in info["seats"]} == after
        assert info["version"] == clients[0].state.version
        assert sum(stack for _, stack in after.values()) == 3 * BUY_IN


@scenario
async def test_a_closed_table_leaves_memory_and_its_ledger_hands_and_stats_still_answer(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path, FAST) as (url, app):
        lobby = lobby_of(app)
        code, clients = await open_table(url, HOLDEM, players=2)
        await seat_and_start(clients, buy_in=BUY_IN)
        await play_until_hand_over(clients, 1, bet_then_call)
        await clients[0].pause()
        if clients[0].state.hand is not None:
            await play_until_hand_over(clients, 2, passive)
        await clients[0].request({"type": "close_table"})
        await clients[1].wait_for(lambda m: m.get("type") == "TableClosed", timeout=30)
        base = f"/api/tables/{code}"
        read = ["/ledger", "/hands", "/stats", "/settle", "/hands/1/replay"]
        before = {path: await request_json(url, "GET", base + path) for path in read}
        gone = weakref.ref(lobby.actor(code))
        await close_all(clients)

        await let_go(lobby, code)
        assert code not in lobby.actors and code not in lobby.sleeping
        gc.collect()
        assert gone() is None  # nothing holds the closed table any more

        # Read back from the store on demand, exactly as it was, then let go again.
        after = {path: await request_json(url, "GET", base + path) for path in read}
        assert after == before
        assert before["/hands"]["hands"] and before["/stats"]["players"]
        with pytest.raises(ClientError, match=f"table {code} is closed: the game is over"):
            await request_json(url, "GET", base)
        watcher = TableClient(url, code)  # a page left open on it reloads: the final state
        await watcher.watch()
        await settle([watcher], clients[1].state.version)
        assert watcher.state.seats == {} and watcher.state.gaps == 0
        await watcher.disconnect()
        await let_go(lobby, code)
        assert code not in lobby.actors


@scenario
async def test_metrics_count_live_and_sleeping_tables_apart(tmp_path: Path) -> None:
    clock = Ahead()
    async with serving_app(tmp_path, replace(FAST, clock=clock)) as (url, app):
        lobby = lobby_of(app)
        resting, left = await open_table(url, HOLDEM, players=1)
        watched, watching = await open_table(url, HOLDEM, players=1)
        await close_all(left)
        await put_to_sleep(lobby, clock, resting)
        assert watched in lobby.actors  # a page is open on it: it stays awake

        found = samples((await get(url + "/metrics"))[2])
        assert found["pokernight_tables"] == 1
        assert found["pokernight_tables_sleeping"] == 1
        ready = await request_json(url, "GET", "/readyz")
        assert (ready["tables"], ready["sleeping"]) == (1, 1)

        await request_json(url, "GET", f"/api/tables/{resting}")  # woken
        found = samples((await get(url + "/metrics"))[2])
        assert found["pokernight_tables"] == 2
        assert found["pokernight_tables_sleeping"] == 0
        await close_all(watching)


async def a_wave(url: str, tables: int) -> list[str]:
    """``tables`` tables opened, a hand played at each, closed, every page gone."""
    codes = []
    for _ in range(tables):
        code, clients = await open_table(url, HOLDEM, players=2)
        await seat_and_start(clients, buy_in=BUY_IN)
        await play_until_hand_over(clients, 1, bet_then_call)
        await clients[0].pause()
        if clients[0].state.hand is not None:
            await play_until_hand_over(clients, 2, passive)
        await clients[0].request({"type": "close_table"})
        await clients[1].wait_for(lambda m: m.get("type") == "TableClosed", timeout=30)
        await close_all(clients)
        codes.append(code)
    return codes


def counts(lobby: Lobby) -> tuple[int, int, int]:
    """Live tables, asyncio tasks, open file descriptors (the test's clients' included)."""
    return len(lobby.actors), len(asyncio.all_tasks()), len(os.listdir("/proc/self/fd"))


async def settled(lobby: Lobby) -> tuple[int, int, int]:
    """The counts once every table has left and they hold still from one look to the next."""
    last = None
    for _ in range(LOOKS):
        await lobby.sweep()
        now = counts(lobby)
        if now == last and now[0] == 0:
            break
        last = now
        await _moment()
    return counts(lobby)


async def counted(lobby: Lobby, baseline: tuple[int, int, int]) -> tuple[int, int, int]:
    """The counts once they are back to ``baseline``, or as they stay after ``LOOKS`` looks
    (sockets end and tables leave a moment after the clients have gone)."""
    for _ in range(LOOKS):
        await lobby.sweep()
        if counts(lobby) == baseline:
            break
        await _moment()
    return counts(lobby)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts descriptors in /proc")
@scenario
async def test_tables_that_close_give_back_their_actors_tasks_and_descriptors(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path, FAST) as (url, app):
        lobby = lobby_of(app)
        await a_wave(url, 2)  # the first: pools, caches and imports warm up
        baseline = await settled(lobby)
        assert baseline[0] == 0
        for _ in range(2):
            codes = await a_wave(url, 4)
            assert await counted(lobby, baseline) == baseline
            assert not any(code in lobby.actors or code in lobby.sleeping for code in codes)
