"""Issue 35: a tournament on three room processes (one PostgreSQL, one Redis). Its director
runs in the process that holds its lease, its tables wherever theirs are held, and each
goes on in another process when its own is killed with SIGKILL.

A sit-and-go of 27 bots at three tables of nine is created and filled through all three
processes (a request for a tournament another process directs is carried there). The
process that directs it is killed mid-tournament; the director is adopted from its log by
one of the others, and the tables by both (each takes its share). Then a process that
plays one of its tables, but does not direct it, is killed too; then Redis is stopped (the
tournament pauses with its tables) and started again, empty. The tournament finishes:
every entrant placed once, the prizes summing to the pool, the tables balanced at every
deal (TDA 10), and no version written twice: each log, the tournament's and every
table's, numbered from 1 without a gap, and each table dealt exactly the hands the
tournament let it, each reported once.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import redis
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from pokernight.client import request_json
from pokernight.store import open_store
from pokernight.tournament import Tournament, tournament_event_from_dict
from pokernight.tournament.events import HandPlayed, HandStarted, PrizeAwarded
from tests.async_helpers import run
from tests.cluster_helpers import RoomProcess, processes
from tests.redis_helpers import RedisServer

ENTRIES = 27
# Forty big blinds, bots that do not wait and levels of half a minute: deep through the
# kills (the three tables stay, so one can be played away from the director), then,
# whatever the bots make of the cards, the blinds swallow the stacks within minutes. No
# breaks: the template's first, of five minutes after the twelfth level (six minutes in),
# would stop a heads-up still playing on a loaded machine for longer than the test waits.
STRUCTURE = {
    "name": "Cluster sit and go",
    "entries": ENTRIES,
    "seats": 9,
    "structure": "quick",
    "starting_stack": 2_000,
    "level_minutes": 0.5,
    "break_minutes": 0,
    "bot_delay_seconds": 0,
    "action_seconds": 5,
}
# Alone, it finishes 150 s after Redis is back, at level 6; on a loaded machine fewer hands
# are dealt a level, and by level 14 (seven minutes in) the blinds and antes leave the last
# two fewer than ten big blinds each.
FINISH_SECONDS = 360.0
pytestmark = pytest.mark.slow
Json = dict[str, Any]


def test_a_tournament_finishes_on_three_processes_through_two_kills(
    tmp_path: Path, cluster_database: str, redis_server: RedisServer
) -> None:
    run(_through_two_kills(tmp_path, cluster_database, redis_server), 540)


def owner_of(redis_url: str, key: str, rooms: list[RoomProcess]) -> RoomProcess | None:
    """The room process that holds ``key``'s lease now (its name carries its pid)."""
    client = redis.Redis.from_url(redis_url)
    try:
        owner = client.get(f"pokernight:owner:{key}")
    finally:
        client.close()
    if owner is None:
        return None
    name = owner.decode() if isinstance(owner, bytes) else str(owner)
    pid = int(name.split(":")[1])
    return next((r for r in rooms if r.process is not None and r.process.pid == pid), None)


async def facts(rooms: list[RoomProcess], path: str) -> Json:
    """The tournament's facts, asked at any live process (carried to its director's)."""
    while True:
        for room in rooms:
            if room.alive:
                try:
                    answer: Json = await request_json(room.url, "GET", path)
                    return answer
                except Exception:  # the director between processes: ask again
                    pass
        await asyncio.sleep(0.1)


class ClockPage:
    """The tournament's page as a browser keeps it: its socket at some process (piped to
    the director's), opened again at a live process whenever it is cut."""

    def __init__(self, rooms: list[RoomProcess], tournament_id: int) -> None:
        self.rooms = rooms
        self.path = f"/ws/tournament/{tournament_id}"
        self.facts: Json = {}
        self.opened = 0
        self.cuts: list[str] = []

    async def follow(self) -> None:
        while self.facts.get("status") != "finished":
            room = random.choice([room for room in self.rooms if room.alive])
            try:
                async with connect(room.url.replace("http", "ws", 1) + self.path) as socket:
                    await socket.send(json.dumps({"type": "hello", "protocol": 1}))
                    self.opened += 1
                    async for message in socket:
                        self.facts = json.loads(message)
                        if self.facts.get("status") == "finished":
                            return
            except (OSError, ConnectionClosed) as error:
                self.cuts.append(f"{room.name}: {error!r}")  # gone, or the director moved
            await asyncio.sleep(0.1)


async def _through_two_kills(tmp_path: Path, database: str, redis_server: RedisServer) -> None:
    async with processes(tmp_path, database, redis_server, ("a", "b", "c")) as rooms:
        created = await request_json(rooms[0].url, "POST", "/api/tournaments", STRUCTURE)
        tournament_id, token = created["id"], created["director_token"]
        path = f"/api/tournaments/{tournament_id}"
        for number in range(ENTRIES):  # through each process in turn
            bot = {"name": f"Bot {number + 1}", "bot": "easy"}
            room = rooms[number % len(rooms)]
            await request_json(room.url, "POST", f"{path}/entrants", bot, token=token)
        started = await facts(rooms, path)
        assert started["status"] == "running" and len(started["tables"]) == 3
        page = ClockPage(rooms, tournament_id)
        following = asyncio.create_task(page.follow())

        store = await open_store(database)
        try:
            await dealt(store, tournament_id, 6)
            # The director's process, mid-tournament (with all three tables: it opened
            # them). Its things are shared out by a hash of each over the live processes,
            # so every table may land with the director again (one time in eight): then
            # its process is killed again, started afresh each time, until a table is
            # played by a process that does not direct the tournament.
            for _ in range(6):
                directing = owner_of(redis_server.url, f"tournament:{tournament_id}", rooms)
                assert directing is not None
                directing.kill()
                await dealt(store, tournament_id, 3, "after the director's process was killed")
                await directing.start()
                ids = (await store.tournaments.tournament_tables(tournament_id)).values()
                directing = owner_of(redis_server.url, f"tournament:{tournament_id}", rooms)
                playing = [
                    owner_of(redis_server.url, f"table:{table_id}", rooms) for table_id in ids
                ]
                others = [room for room in playing if room not in (None, directing)]
                if others:
                    break
            assert others, "a table is played by a process that does not direct it"
            # A process that plays one of its tables, but does not direct it.
            others[0].kill()
            await dealt(store, tournament_id, 3, "after a table's process was killed")
            # Redis goes away: once a life has passed nothing is dealt, the tournament
            # as paused as its tables; back (empty), it is taken over again from the logs.
            redis_server.stop()
            await asyncio.sleep(3.0)
            paused = await _hands(store, tournament_id)
            await asyncio.sleep(1.5)
            assert await _hands(store, tournament_id) == paused, "dealt without Redis"
            redis_server.start()
            await dealt(store, tournament_id, 3, "after Redis came back")
        finally:
            await store.close()

        deadline = time.monotonic() + FINISH_SECONDS
        while (result := await facts(rooms, path))["status"] != "finished":
            if time.monotonic() > deadline:
                told = await _where_it_is(database, tournament_id, rooms)
                raise AssertionError(f"unfinished: {result['players_left']} left; {told}")
            await asyncio.sleep(0.5)
        level = result["clock"]["level"]
        print(f"finished at level {level}, {time.monotonic() - deadline + FINISH_SECONDS:.0f} s")
        for room in rooms:  # the killed processes' logs included
            assert room.tracebacks() == [], room.log_tail()
        # The clock page followed the director through its moves, to the end.
        done, _ = await asyncio.wait([following], timeout=30)
        heard = f"{page.facts.get('status')}, opened {page.opened}, last cut {page.cuts[-4:]}"
        assert done, f"the page: {heard}"
        assert page.facts["status"] == "finished" and page.opened >= 2
        assert page.facts["places"] == result["places"]

    names = sorted(place["name"] for place in result["places"])
    assert names == sorted(f"Bot {number + 1}" for number in range(ENTRIES)), "each placed once"
    # Players out in the same hand with the same stack share a place (the ties of decision 36).
    places = [place["place"] for place in result["places"]]
    assert all(place == 1 + sum(p < place for p in places) for place in places)
    assert sum(place["prize"] for place in result["places"]) == result["prize_pool"]
    await _check_logs(database, tournament_id)


async def dealt(store: Any, tournament_id: int, more: int, when: str = "") -> None:
    """Wait until ``more`` hands more have been dealt (the tournament's log says)."""
    begun, at = await _hands(store, tournament_id), time.monotonic()
    while await _hands(store, tournament_id) < begun + more:
        assert time.monotonic() < at + 60, f"no {more} more hands {when}"
        await asyncio.sleep(0.1)
    if when:
        print(f"{more} more hands dealt {time.monotonic() - at:.2f} s {when}")


async def _hands(store: Any, tournament_id: int) -> int:
    events = await store.tournaments.tournament_events(tournament_id)
    return sum(event.kind == "HandStarted" for event in events)


async def _where_it_is(database: str, tournament_id: int, rooms: Sequence[RoomProcess]) -> str:
    """What a tournament that did not finish in time was doing: its last events (is it
    still dealing?), who holds it, and its processes' logs' tails."""
    store = await open_store(database)
    try:
        stored = await store.tournaments.tournament_events(tournament_id)
    finally:
        await store.close()
    last = [f"{event.seq} {event.kind} {str(event.data)[:300]}" for event in stored[-6:]]
    tails = "\n".join(f"{room.name}: {room.log_tail()[-1500:]}" for room in rooms)
    return f"{len(stored)} events, the last:\n" + "\n".join(last) + f"\nthe logs:\n{tails}"


async def _check_logs(database: str, tournament_id: int) -> None:
    store = await open_store(database)
    try:
        stored = await store.tournaments.tournament_events(tournament_id)
        tables = await store.tournaments.tournament_tables(tournament_id)
        dealt = {}
        for number, table_id in tables.items():
            seqs = [event.seq for event in await store.tables.load_events(table_id)]
            assert seqs == list(range(1, len(seqs) + 1)), f"table {number}: a version twice"
            logged = await store.tables.load_events(table_id)
            dealt[number] = sum(event.kind == "HandDealt" for event in logged)
    finally:
        await store.close()
    assert [event.seq for event in stored] == list(range(1, len(stored) + 1))
    events = [tournament_event_from_dict(event.data) for event in stored]
    started: Counter[int] = Counter()
    reported: Counter[int] = Counter()
    for index, event in enumerate(events):
        if isinstance(event, HandStarted):
            started[event.table] += 1
            # Balanced when it deals (TDA 10): no table two players short of it.
            before = Tournament.from_events(events[:index])
            sizes = [len(seated) for seated in before.tables.values()]
            assert len(before.tables[event.table]) - min(sizes) <= 1, f"unbalanced: {sizes}"
        elif isinstance(event, HandPlayed):
            reported[event.table] += 1
    assert started == reported, "each hand the tournament let deal was reported once"
    assert {number: started[number] for number in dealt} == dealt, "no hand dealt twice"
    paid = sum(event.amount for event in events if isinstance(event, PrizeAwarded))
    assert paid == Tournament.from_events(events).pool
