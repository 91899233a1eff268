"""Kill -9 the room 20 times while bots and two browser-like clients play on.

A real ``pokernight serve`` on a SQLite file is killed with SIGKILL at random moments
and started again on the same file and port. Each kill falls at once (the bots commit
all the time: mid-hand, between hands, mid-commit), or just after a person sent a
top-up: a moment later, after the server ran a random number of slivers (SIGCONT and
SIGSTOP in turn), or exactly between the top-up's commit and its ack (the server run in
slivers until the request is in the database, killed while its ack has not come).

The two people play as the browser does (``web/js/connection.js``): each request keeps
its id until it is answered, and every unanswered one is sent again, in the same
session, as soon as the socket is welcomed again. They check or call, and now and then
top up (each top-up of an amount of its own), sit out, sit in or chat; three bots play
with no delay; a spectator stays away for a few restarts at a time. A restarted room
must not deal by itself; the host starts it each time. After every restart, once the
hand in play is over (the host pauses):

- chips are conserved: no hand created or lost a chip (nor any status of a hand in play
  that a client was sent), the chips at the table are the chips bought in, and the
  ledger the room serves is the one in the database;
- no request was applied twice: each id had one answer; the database holds a request
  only if its client was told it was done, at the version it was told; each person has
  exactly as many moves, sit-outs, sit-ins and top-ups in the event log as were
  acknowledged, and each top-up amount once (in the ledger too); a request killed
  between its commit and its ack is answered "duplicate"; no chat line came twice;
- the event log has no gap (seqs 1..N, N the room's version), and right after each
  kill it held every version any client had heard (saved before sent);
- every client converges: its version is the room's, its seats and stacks are the
  room's, it saw no gap, and each version it was sent is the event the log holds.

And the server never logged a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from pokernight.client import ClientError, TableClient, create_table, request_json
from pokernight.store.table_log import REQUESTS_KEPT
from tests.async_helpers import run
from tests.web_helpers import free_port, stop_server

Json = dict[str, Any]

KILLS = 20
HAND_PAUSE = 0.1
BUY_IN = 1_000
TOP_UP = 100  # the n-th top-up of a person is TOP_UP + n chips: each amount is told apart
BOTS = ("easy", "medium", "easy")
SETTINGS: Json = {
    "variant": "nlhe",
    "stakes": {"small_blind": 5, "big_blind": 10},
    "seats": 6,
    "min_buy_in": 100,
    "max_buy_in": BUY_IN,
    "max_stack": 1_000_000,
    "debt_cap": None,
    "bot_delay_seconds": 0,
}
# Bounds: the whole test, a server to answer, a table to go quiet after a restart. Hang
# guards, not timing claims: a machine busy with two test workers beside the 20 restarts
# takes twice as long as an idle one, or more (110 s was crossed at kill 13).
TEST_SECONDS = 240
START_SECONDS = 20
QUIET_SECONDS = 20
# The server run in slivers (SIGSTOP, SIGCONT): each up to this long, at most this many.
SLIVER_SECONDS = 0.00003
SLIVERS = 2_000
ATTEMPTS = 20  # top-ups sent, at most, to find one whose ack the kill beats
# Requests stored with the events they caused (the others are remembered in memory only).
PERSISTED = frozenset({"sit", "add_bot", "act", "add_chips", "sit_out", "sit_in"})


async def until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        await asyncio.sleep(0.01)


# The room: one ``pokernight serve`` at a time on one file and one port -------------------


@dataclass
class Room:
    directory: Path
    port: int = field(default_factory=free_port)
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def database(self) -> Path:
        return self.directory / "room.sqlite3"

    @property
    def log(self) -> Path:
        return self.directory / "server.log"

    def log_tail(self) -> str:
        if not self.log.exists():
            return ""
        return self.log.read_text(encoding="utf-8", errors="replace")[-3000:]

    async def start(self) -> None:
        command = [sys.executable, "-m", "pokernight.cli.main", "serve", "--port", str(self.port)]
        command += ["--db", f"sqlite+aiosqlite:///{self.database}"]
        command += ["--hand-pause", str(HAND_PAUSE), "--no-rate-limits"]
        with self.log.open("ab") as log:
            process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        self.processes.append(process)
        deadline = time.monotonic() + START_SECONDS
        while True:
            if process.poll() is not None:
                raise AssertionError(
                    f"pokernight serve exited with {process.returncode}:\n{self.log_tail()}"
                )
            try:
                await request_json(self.url, "GET", "/api/tables/0000")
            except ClientError:
                return  # it answered: a 404 in JSON for a code nobody opened
            except OSError:
                if time.monotonic() > deadline:
                    raise AssertionError(f"pokernight serve did not answer at {self.url}") from None
                await asyncio.sleep(0.05)

    def step(self, done: Callable[[], bool], slivers: int | None, rng: random.Random) -> None:
        """Let the server run in slivers (SIGCONT, then SIGSTOP) until ``done`` (asked while
        it is stopped), or for ``slivers`` of them; it is left stopped, for ``kill``."""
        pid = self.processes[-1].pid
        for sliver in range(SLIVERS):
            os.kill(pid, signal.SIGSTOP)
            if done() if slivers is None else sliver >= slivers:
                return
            os.kill(pid, signal.SIGCONT)
            until = time.perf_counter() + rng.uniform(0.0, SLIVER_SECONDS)
            while time.perf_counter() < until:
                pass  # a sleep this short would last 50 us or more
        os.kill(pid, signal.SIGSTOP)

    def resume(self) -> None:
        """Let a server stopped by ``step`` run again."""
        os.kill(self.processes[-1].pid, signal.SIGCONT)

    def kill(self) -> None:
        """SIGKILL the running server: no shutdown, no flush, nothing said to anybody."""
        process = self.processes[-1]
        os.kill(process.pid, signal.SIGKILL)
        process.wait()

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.kill(process.pid, signal.SIGCONT)  # it may be stopped between slivers
            stop_server(process)


# A browser-like client -----------------------------------------------------------------


class BrowserClient(TableClient):
    """A person's page: each request keeps its id until answered, and every unanswered
    one is sent again once the socket is welcomed again (``web/js/connection.js``); the
    session is the same for the whole run, across reconnects."""

    def __init__(self, url: str, code: str, token: str | None, name: str) -> None:
        super().__init__(url, code, token, events_kept=0)
        self.name = name
        self.sent: dict[str, Json] = {}  # every request, by id
        self.unanswered: dict[str, Json] = {}
        self.replies: dict[str, list[Json]] = {}
        self.online = False
        self.counts: Counter[str] = Counter()

    async def open(self) -> None:
        await self.connect()
        self.online = True

    async def send(self, message: Json, prefix: str) -> str:
        """Send ``message`` with a new id (``prefix-n``), kept until answered; the id."""
        self.counts[prefix] += 1
        client_id = f"{prefix}-{self.counts[prefix]}"
        request = {**message, "id": client_id}
        self.sent[client_id] = request
        self.unanswered[client_id] = request
        if self.online:
            await self._transmit(request)
        return client_id

    async def drop(self) -> None:
        """The server is gone: read what it had sent, then nothing until ``come_back``."""
        self.online = False
        await self.disconnect()

    async def come_back(self) -> None:
        """Reconnect with the last version seen, then resend what has no answer."""
        await self.drop()
        await self.connect()
        for request in list(self.unanswered.values()):
            await self._transmit(request)
        self.online = True

    async def answer(self, client_id: str) -> Json:
        await until(lambda: client_id in self.replies, QUIET_SECONDS, f"{self.name} {client_id}")
        return self.replies[client_id][-1]

    def on_message(self, message: Json) -> None:
        ref = message.get("ref")
        if message.get("type") in ("ack", "error") and isinstance(ref, str) and ref in self.sent:
            self.replies.setdefault(ref, []).append(message)
            self.unanswered.pop(ref, None)

    async def _transmit(self, request: Json) -> None:
        socket = self._socket
        if socket is not None:
            with contextlib.suppress(ConnectionClosed):  # kept: sent again after reconnecting
                await socket.send(json.dumps(request))


async def play(client: BrowserClient) -> None:
    """Check or call at each turn; never a second move while one is unanswered (it is
    sent again after a restart, not made again)."""
    acted_at, last = -1, ""
    deadline = time.monotonic() + TEST_SECONDS
    while time.monotonic() < deadline:
        await asyncio.sleep(0.005)
        if last and client.replies.get(last, [{}])[-1].get("type") == "error":
            acted_at, last = -1, ""  # refused: look again
            await asyncio.sleep(0.1)
        state = client.state
        if not client.online or not state.my_turn or state.version == acted_at:
            continue
        if any(request["type"] == "act" for request in client.unanswered.values()):
            continue
        legal = state.legal
        assert legal is not None
        acted_at = state.version
        kind = "check" if legal["can_check"] else "call"
        last = await client.send({"type": "act", "kind": kind}, "act")


async def top_up(client: BrowserClient) -> str:
    amount = TOP_UP + client.counts["topup"] + 1
    return await client.send({"type": "add_chips", "amount": amount}, "topup")


async def fidget(client: BrowserClient, rng: random.Random) -> None:
    """Now and then: a top-up, a chat line, sitting out for a moment or back in."""
    deadline = time.monotonic() + TEST_SECONDS
    while time.monotonic() < deadline:
        await asyncio.sleep(rng.uniform(0.05, 0.25))
        if not client.online:
            continue
        number = client.state.my_seat
        if number is None:
            continue
        seat = client.state.seats[number]
        roll = rng.random()
        if roll < 0.5:
            await top_up(client)
        elif roll < 0.7:
            text = f"{client.name} says {client.counts['chat'] + 1}"
            await client.send({"type": "chat", "text": text}, "chat")
        elif seat.get("sitting_out"):
            await client.send({"type": "sit_in"}, "sitin")
        elif roll > 0.9:
            await client.send({"type": "sit_out"}, "sitout")


# What the database holds -------------------------------------------------------------


@dataclass
class StoredLog:
    events: list[tuple[int, str, Json]]  # seq, kind, data
    ledger: list[tuple[int, str, str, int]]  # hand, player, kind, amount
    requests: list[tuple[str, str, str, int]]  # player, session, ref (JSON), version

    @property
    def kinds(self) -> dict[int, str]:
        return {seq: kind for seq, kind, _ in self.events}


def read_only(database: Path) -> sqlite3.Connection:
    """A connection that never writes: it leaves the log of a killed server (its WAL) for
    the next server to recover, as it would find it after a crash."""
    return sqlite3.connect(f"file:{database}?mode=ro", uri=True)


def read_log(database: Path, code: str) -> StoredLog:
    with contextlib.closing(read_only(database)) as db:
        row = db.execute("SELECT id FROM tables WHERE code = ? AND status = 'open'", (code,))
        (table_id,) = row.fetchone()
        events = db.execute(
            "SELECT seq, kind, data FROM events WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        ledger = db.execute(
            "SELECT hand_number, player_id, kind, amount FROM ledger_entries"
            " WHERE table_id = ? ORDER BY id",
            (table_id,),
        ).fetchall()
        requests = db.execute(
            "SELECT player_id, session, ref, version FROM requests WHERE table_id = ?",
            (table_id,),
        ).fetchall()
    return StoredLog(
        [(seq, kind, json.loads(data)) for seq, kind, data in events],
        [tuple(entry) for entry in ledger],
        [tuple(request) for request in requests],
    )


def assert_no_gap(log: StoredLog, where: str) -> None:
    seqs = [seq for seq, _, _ in log.events]
    assert seqs == list(range(1, len(seqs) + 1)), f"{where}: the event log has a gap"


# The checks ----------------------------------------------------------------------------


@dataclass
class Tally:
    """What the kills hit, for the report."""

    mid_hand: int = 0
    in_flight: int = 0  # a request of a person had no answer when the server died
    unheard: int = 0  # versions saved that nobody had been sent yet
    between: int = 0  # a request saved, not yet acknowledged
    duplicates: int = 0  # resent requests answered "duplicate": the kill fell after the commit
    snapshots: int = 0  # the spectator, back after a while, was sent the whole table

    def __str__(self) -> str:
        return (
            f"kills mid-hand {self.mid_hand}, with a request in flight {self.in_flight}, "
            f"after a commit nobody had heard {self.unheard}, between a request's commit and "
            f"its ack {self.between}; duplicate acks {self.duplicates}; snapshots to the "
            f"spectator {self.snapshots}"
        )


def check_after_kill(room: Room, code: str, people: list[BrowserClient], kill: int) -> int:
    """Right after the kill: no gap, and every version anybody heard (or was acknowledged)
    was in the log. The number of versions saved that nobody had heard."""
    log = read_log(room.database, code)
    where = f"after kill {kill}"
    assert_no_gap(log, where)
    saved = len(log.events)
    for client in people:
        heard = max([client.state.version, *(r["v"] for r in _acks(client))])
        assert heard <= saved, f"{where}: {client.name} heard version {heard}, only {saved} saved"
    return saved - max(client.state.version for client in people)


def _acks(client: BrowserClient) -> list[Json]:
    return [reply for replies in client.replies.values() for reply in replies if "v" in reply]


def seat_view(seat: Json) -> tuple[str, int, bool, int]:
    return (seat["player_id"], seat["stack"], seat["sitting_out"], seat["queued"])


def check_quiet_table(
    info: Json,
    ledger: Json,
    log: StoredLog,
    people: list[BrowserClient],
    *,
    clients: list[BrowserClient],
    kill: int,
) -> None:
    where = f"after restart {kill}"
    # (3) The event log: 1..N, N the room's version.
    assert_no_gap(log, where)
    assert len(log.events) == info["version"], f"{where}: the log and the room disagree"
    # (4) Every client converges on the room.
    seats = {seat["seat"]: seat_view(seat) for seat in info["seats"]}
    kinds = log.kinds
    for client in clients:
        state = client.state
        assert state.gaps == 0, f"{where}: {client.name} saw a gap in the versions"
        assert state.version == info["version"], f"{where}: {client.name} is behind"
        assert state.hand is None, f"{where}: {client.name} still sees a hand"
        mine = {number: seat_view(seat) for number, seat in state.seats.items()}
        assert mine == seats, f"{where}: {client.name} sees other seats than the room"
        for frame in client.frames:
            kind = frame.get("type")
            if "v" in frame and kind not in (None, "snapshot", "ack", "error"):
                assert kinds[frame["v"]] == kind, (
                    f"{where}: {client.name} was sent {kind} as version {frame['v']}, "
                    f"the log holds {kinds[frame['v']]}"
                )
    # (1) Chips: hands move chips, never make or lose one; the table holds what was bought.
    totals: Counter[str] = Counter()
    for _, _, kind, amount in log.ledger:
        totals[kind] += amount
    assert totals["result"] == 0, f"{where}: the hands' results add up to {totals['result']}"
    assert all(seat["queued"] == 0 for seat in info["seats"]), f"{where}: chips still queued"
    at_table = sum(seat["stack"] for seat in info["seats"])
    bought = totals["buy-in"] + totals["rebuy"]
    assert at_table + totals["cash-out"] == bought, (
        f"{where}: {at_table} at the table and {totals['cash-out']} cashed out, {bought} bought"
    )
    served = [(e["hand"], e["player_id"], e["kind"], e["amount"]) for e in ledger["entries"]]
    assert served == log.ledger, f"{where}: the ledger served is not the ledger stored"
    stacks = {seat["player_id"]: seat["stack"] for seat in info["seats"]}
    for account in ledger["accounts"]:
        assert account["at_table"] == stacks.get(account["player_id"], 0), (where, account)
    assert sum(account["net"] for account in ledger["accounts"]) == 0, where
    check_hands_conserve_chips(clients, log, where)
    # (2) No request applied twice.
    for client in people:
        check_requests(client, log, where)


def check_hands_conserve_chips(clients: list[BrowserClient], log: StoredLog, where: str) -> None:
    """Every status of a hand in play a client was sent holds the chips it was dealt with."""
    started = {
        data["hand_number"]: sum(data["stacks"])
        for _, kind, data in log.events
        if kind == "HandDealt"
    }
    for client in clients:
        for frame in client.frames:
            status, events = frame.get("status"), frame.get("hand")
            if frame.get("type") == "snapshot":
                status = events = None
                if frame["hand"]:
                    status, events = frame["hand"]["status"], frame["hand"]["events"]
            if not status or any(event["type"] == "HandEnded" for event in events or ()):
                continue  # over: the stacks have the pots, which are still shown
            chips = sum(status["stacks"]) + sum(status["pots"])  # a pot holds the bets too
            assert chips == started[status["hand_number"]], (
                f"{where}: {client.name} was sent hand {status['hand_number']} with {chips} "
                f"chips, dealt with {started[status['hand_number']]}"
            )


def check_requests(client: BrowserClient, log: StoredLog, where: str) -> None:
    name, player, seat = client.name, client.player_id, client.state.my_seat
    assert not client.unanswered, f"{where}: {name} has no answer to {list(client.unanswered)}"
    for client_id, replies in client.replies.items():
        assert len(replies) == 1, f"{where}: {name}'s {client_id} was answered {replies}"
    acked = {cid: r[0] for cid, r in client.replies.items() if r[0]["type"] == "ack"}
    kinds = {cid: client.sent[cid]["type"] for cid in acked}
    # The database holds a request only if it was done and said so, at the version said.
    stored = {
        json.loads(ref): version
        for p, session, ref, version in log.requests
        if p == player and session == client.session
    }
    for client_id, version in stored.items():
        reply = client.replies.get(client_id)
        assert client_id in acked, f"{where}: {name}'s {client_id} is stored, answered {reply}"
        assert acked[client_id]["v"] == version, f"{where}: {name}'s {client_id} at {version}"
    oldest_kept = min(stored.values(), default=0)
    for client_id, kind in kinds.items():
        if kind in PERSISTED and client_id not in stored:
            pruned = len(stored) >= REQUESTS_KEPT and acked[client_id]["v"] < oldest_kept
            assert pruned, f"{where}: {name}'s {client_id} was acknowledged but not stored"
    # Each request done is in the log once: as many events as acknowledgements.
    done = Counter(kinds.values())
    mine = [(kind, data) for _, kind, data in log.events if data.get("seat") == seat]
    moves = sum(1 for kind, data in mine if kind == "PlayerActed" and not data["timed_out"])
    sat_out = sum(1 for kind, data in mine if kind == "SatOut" and data["reason"] == "asked")
    sat_in = sum(1 for kind, _ in mine if kind == "SatIn")
    chips = sorted(
        data["amount"]
        for kind, data in mine
        if kind == "ChipsQueued" or (kind == "ChipsAdded" and not data["queued"])
    )
    topped = sorted(
        client.sent[cid]["amount"] for cid, kind in kinds.items() if kind == "add_chips"
    )
    assert moves == done["act"], f"{where}: {name} made {moves} moves, {done['act']} acked"
    assert sat_out == done["sit_out"], f"{where}: {name} sat out {sat_out} times"
    assert sat_in == done["sit_in"], f"{where}: {name} sat in {sat_in} times"
    assert chips == topped, f"{where}: {name}'s top-ups in the log are not the ones acked"
    rebuys = sum(amount for _, p, kind, amount in log.ledger if p == player and kind == "rebuy")
    assert rebuys == sum(topped), f"{where}: {name} has {rebuys} in rebuys, {sum(topped)} acked"
    lines = [frame["text"] for frame in client.frames if frame.get("type") == "chat"]
    twice = [line for line, count in Counter(lines).items() if count > 1]
    assert not twice, f"{where}: {name} was sent {twice} more than once"


# The scenario --------------------------------------------------------------------------


async def quiet(
    room: Room, code: str, people: list[BrowserClient], clients: list[BrowserClient]
) -> Json:
    """After a restart: every request answered, no hand dealt after the one in play (the
    host pauses: a resent ``start`` would deal on), that hand over, every client at the
    room's version. The room's table then."""
    host = people[0]
    await until(lambda: not any(c.unanswered for c in people), QUIET_SECONDS, "the answers")
    reply = await host.answer(await host.send({"type": "pause"}, "pause"))
    assert reply["type"] == "ack", reply
    deadline = time.monotonic() + QUIET_SECONDS
    while True:
        info: Json = await request_json(room.url, "GET", f"/api/tables/{code}")
        if (
            not info["running"]
            and not any(client.unanswered for client in people)
            and all(client.state.version == info["version"] for client in clients)
            and all(client.state.hand is None for client in clients)
        ):
            return info
        if time.monotonic() > deadline:
            seen = {c.name: (c.state.version, c.state.status, list(c.unanswered)) for c in clients}
            raise AssertionError(
                f"the table did not go quiet: room {info}; clients (version, hand, waiting "
                f"for) {seen}"
            )
        await asyncio.sleep(0.05)


async def kill_at_a_moment(
    room: Room, client: BrowserClient, rng: random.Random
) -> tuple[BrowserClient, str] | None:
    """SIGKILL the server: at once (the bots commit all the time), or once ``client`` has
    sent a top-up: a moment later (maybe before the room read it), after letting the room
    run a random number of slivers (anywhere, mid-commit included), or between the
    top-up's commit and its ack. In that last case, the client and the top-up's id."""
    roll = rng.random()
    if roll < 0.3:
        room.kill()
        return None
    if roll < 0.7:
        client_id = await top_up(client)
        if roll < 0.5:
            await asyncio.sleep(rng.uniform(0.0, 0.001))
        else:
            room.step(lambda: False, rng.randint(1, 200), rng)
        room.kill()
        return None
    for _ in range(ATTEMPTS):
        client_id = await top_up(client)
        room.step(functools.partial(committed, room.database, client, client_id), None, rng)
        await asyncio.sleep(0.005)  # whatever the stopped room had sent arrives
        if client_id not in client.replies and committed(room.database, client, client_id):
            room.kill()
            return client, client_id
        room.resume()  # the ack got out first: again
    room.kill()
    return None


def committed(database: Path, client: BrowserClient, client_id: str) -> bool:
    """Whether the database holds the request: the room has committed it."""
    query = "SELECT 1 FROM requests WHERE player_id = ? AND session = ? AND ref = ?"
    try:
        with contextlib.closing(read_only(database)) as db:
            row = db.execute(query, (client.player_id, client.session, json.dumps(client_id)))
            return row.fetchone() is not None
    except sqlite3.OperationalError:  # "locking protocol": stopped in the middle of a write
        return False


async def stop(tasks: list[asyncio.Task[None]]) -> None:
    """Cancel ``tasks``; an error one of them ended with is raised."""
    for task in tasks:
        task.cancel()
    for outcome in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(outcome, Exception):
            raise outcome


async def crash_and_restart(room: Room, rng: random.Random, tally: Tally) -> None:
    await room.start()
    created = await create_table(room.url, "Host", SETTINGS)
    code = created["code"]
    body = {"name": "Guest", "invite": created["invite"]}
    joined = await request_json(room.url, "POST", f"/api/tables/{code}/join", body)
    host = BrowserClient(room.url, code, created["token"], "host")
    guest = BrowserClient(room.url, code, joined["token"], "guest")
    people = [host, guest]
    watcher = BrowserClient(room.url, code, None, "watcher")  # a spectator, often away
    await watcher.open()
    for seat, client in enumerate(people):
        await client.open()
        sat = await client.answer(
            await client.send({"type": "sit", "seat": seat, "buy_in": BUY_IN}, "sit")
        )
        assert sat["type"] == "ack", sat
    for seat, level in enumerate(BOTS, start=len(people)):
        bot = {"type": "add_bot", "seat": seat, "level": level}
        added = await host.answer(await host.send(bot, "bot"))
        assert added["type"] == "ack", added
    players = [asyncio.create_task(play(client)) for client in people]
    try:
        for kill in range(1, KILLS + 1):
            started = await deal_again(host)
            assert started["type"] == "ack", started
            fidgets = [asyncio.create_task(fidget(client, rng)) for client in people]
            await asyncio.sleep(rng.uniform(0.2, 1.2))
            between = await kill_at_a_moment(room, rng.choice(people), rng)
            await stop(fidgets)
            for client in [*people, watcher]:
                await client.drop()
            tally.mid_hand += any(client.state.hand is not None for client in people)
            tally.in_flight += any(client.unanswered for client in people)
            tally.unheard += check_after_kill(room, code, [*people, watcher], kill) > 0
            await room.start()
            info = await request_json(room.url, "GET", f"/api/tables/{code}")
            assert not info["running"], f"restart {kill}: a restarted room deals by itself"
            # The spectator stays away now and then: versions missed, or a snapshot.
            back = people if rng.random() < 0.6 else [*people, watcher]
            for client in back:
                client.url = room.url
                await client.come_back()
            for task in players:
                if task.done():
                    task.result()  # a player's error, raised here
            info = await quiet(room, code, people, back)
            ledger = await request_json(room.url, "GET", f"/api/tables/{code}/ledger")
            log = read_log(room.database, code)
            check_quiet_table(info, ledger, log, people, clients=back, kill=kill)
            if between is not None:  # saved, never acknowledged: resent, acknowledged again
                client, client_id = between
                reply = client.replies[client_id][0]
                assert reply.get("duplicate") is True, f"after restart {kill}: {reply}"
                tally.between += 1
    finally:
        await stop(players)
        for client in [*people, watcher]:
            await client.disconnect()
    assert "Traceback" not in room.log.read_text(), "the server logged an error"
    tally.snapshots = sum(frame.get("type") == "snapshot" for frame in watcher.frames)
    tally.duplicates = sum(reply.get("duplicate", False) for c in people for reply in _acks(c))


async def deal_again(host: BrowserClient) -> Json:
    """The host starts the deal; refused for speed (the page was busy resending what the
    kill cut off), the host taps again a second later, as a person would."""
    while True:
        answer = await host.answer(await host.send({"type": "start"}, "start"))
        if not str(answer.get("reason", "")).startswith("too many messages"):
            return answer
        await asyncio.sleep(1.0)


@pytest.mark.slow
def test_twenty_kills_lose_no_chip_apply_no_request_twice_and_leave_no_gap(
    tmp_path: Path,
) -> None:
    seed = random.randrange(2**32)
    print(f"random seed {seed}")
    room, tally = Room(tmp_path), Tally()
    began = time.monotonic()
    try:
        run(crash_and_restart(room, random.Random(seed), tally), TEST_SECONDS)
    except BaseException:
        print(f"the server's log ends:\n{room.log_tail()}")
        raise
    finally:
        room.stop()
        print(f"{tally}; {time.monotonic() - began:.1f} s")
