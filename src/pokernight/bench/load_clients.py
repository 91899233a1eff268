"""The client side of the server load benchmark: tables of bots over real WebSockets.

Every bot is a ``TableClient`` (the protocol's reference client) that plays
the simplest legal game: check, else call, and now and then a minimum raise.
A table's bots act at most ``rate`` times a second between them, so the load
is set by the benchmark, not by how fast the server answers.

Latency is measured here, on the client side: from the moment a bot sends an
action to the moment each player at the table receives the version that
action caused (the ``PlayerActed`` event): once for the acting bot, once for
each of the others. The bots keep no frames and no event queue, so thousands
of them fit in one process for minutes.

A bots' process whose own event loop falls behind would add its lag to every
latency it measures, so the benchmark spreads the tables over several
processes (``play_share``, one ``Share`` of the tables each), each reporting
its figures, its CPU and its own loop's lag back through a pipe.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from multiprocessing.connection import Connection
from typing import Any

import uvloop
from websockets.exceptions import ConnectionClosed

from pokernight.client import ClientError, TableClient, create_table
from pokernight.server.edge.collector import Collector
from pokernight.server.edge.lag import LagMonitor, counts_between

Json = dict[str, Any]
HOST_NAME = "bot 0"
BUY_IN = 2_000
"""100 big blinds at the default stakes (10/20): nobody goes broke in a benchmark's minutes."""
RAISE_SHARE = 0.1
"""How often a bot raises the minimum when it may: raises reopen the betting, as in play."""
CONNECTING_AT_ONCE = 32
"""Joins and connections in flight together: enough to set up fast, few enough not to time out."""
PIPE_POLL_SECONDS = 0.05


@dataclass
class Latencies:
    """Seconds from an action's sending to its broadcast's arrival, by who received it."""

    acting: list[float] = field(default_factory=list)
    others: list[float] = field(default_factory=list)
    actions: int = 0
    refused: int = 0

    def clear(self) -> None:
        self.acting.clear()
        self.others.clear()
        self.actions = self.refused = 0

    def copy(self) -> Latencies:
        """The figures as they are now: sockets closing later must not add to them."""
        return Latencies(list(self.acting), list(self.others), self.actions, self.refused)

    def add(self, other: Latencies) -> None:
        self.acting.extend(other.acting)
        self.others.extend(other.others)
        self.actions += other.actions
        self.refused += other.refused


@dataclass
class _Sent:
    at: float
    seat: int
    awaited: int
    """Players at the table who have not yet received the version this action caused."""


class LoadTable:
    """One table's bots and the actions they have sent and not yet seen come back."""

    def __init__(self, code: str, rate: float, latencies: Latencies, rng: random.Random) -> None:
        self.code = code
        self.interval = 1.0 / rate
        self.latencies = latencies
        self.rng = rng
        self.bots: list[BotClient] = []
        self.sent: dict[int, _Sent] = {}
        self.next_action_at = 0.0

    def action_sent(self, version: int, seat: int, now: float) -> None:
        self.sent[version] = _Sent(now, seat, len(self.bots))
        self.next_action_at = now + self.interval
        self.latencies.actions += 1

    def version_received(self, version: int, seat: int, kind: str | None, now: float) -> None:
        sent = self.sent.get(version)
        if sent is None or kind != "PlayerActed":
            return
        received = self.latencies.acting if seat == sent.seat else self.latencies.others
        received.append(now - sent.at)
        sent.awaited -= 1
        if sent.awaited == 0:
            del self.sent[version]


class BotClient(TableClient):
    """A player that acts whenever the version it holds says it is its turn."""

    def __init__(self, url: str, code: str, table: LoadTable, seat: int) -> None:
        # No frames kept, no messages queued: thousands of bots for minutes.
        super().__init__(url, code, keep_frames=False, events_kept=0)
        self.table = table
        self.seat = seat
        self._acting_on: int | None = None
        """The version this bot has decided an action for (one action per turn)."""

    def on_message(self, message: Json) -> None:
        now = time.perf_counter()
        if message.get("type") == "error":
            self.table.latencies.refused += 1
        if "v" not in message:
            return
        self.table.version_received(message["v"], self.seat, message.get("type"), now)
        # ``state.my_turn`` looks for our seat among all of them; a bot knows its seat.
        if self.state.to_act == self.seat and self._acting_on != self.state.version:
            self._acting_on = self.state.version
            delay = max(self.table.next_action_at - now, 0.0)
            asyncio.get_running_loop().call_later(delay, self._act_now)

    def _act_now(self) -> None:
        legal = self.state.legal
        if not self.state.my_turn or legal is None or self._socket is None:
            return  # the turn passed meanwhile (the clock acted for us)
        kind, amount = choose_action(legal, self.table.rng)
        message = {"type": "act", "kind": kind, "amount": amount}
        self.table.action_sent(self.state.version + 1, self.seat, time.perf_counter())
        # No ack is awaited: the latency is taken from the broadcast.
        task = asyncio.get_running_loop().create_task(self._send(json.dumps(message)))
        _keep_until_done(task)

    async def _send(self, text: str) -> None:
        # A turn may come due while the benchmark is closing the sockets.
        if self._socket is not None:
            with contextlib.suppress(ConnectionClosed):
                await self._socket.send(text)


def choose_action(legal: Json, rng: random.Random) -> tuple[str, int | None]:
    """Check, else call; a minimum raise now and then; fold only when nothing else is legal."""
    if legal["can_bet_or_raise"] and rng.random() < RAISE_SHARE:
        return "bet_or_raise", int(legal["min_raise_to"])
    if legal["can_check"]:
        return "check", None
    if legal["can_call"]:
        return "call", None
    return "fold", None


async def open_tables(
    url: str,
    *,
    tables: range,
    players: int,
    rate: float,
    latencies: Latencies,
    progress: Callable[[], None],
) -> list[LoadTable]:
    """A table of ``players`` seated bots, not yet dealing, for each index in ``tables`` (it
    seeds the bots' choices); ``progress`` is told of each bot seated."""
    limit = asyncio.Semaphore(CONNECTING_AT_ONCE)

    async def open_one(index: int) -> LoadTable:
        async with limit:
            return await _open_table(
                url,
                players=players,
                rate=rate,
                latencies=latencies,
                rng=random.Random(index),
                progress=progress,
            )

    return list(await asyncio.gather(*(open_one(index) for index in tables)))


async def _open_table(
    url: str,
    *,
    players: int,
    rate: float,
    latencies: Latencies,
    rng: random.Random,
    progress: Callable[[], None],
) -> LoadTable:
    created = await create_table(
        url, HOST_NAME, {"seats": players, "max_buy_in": BUY_IN, "debt_cap": None}
    )
    table = LoadTable(created["code"], rate, latencies, rng)
    host = BotClient(url, table.code, table, seat=0)
    host.token = created["token"]
    await host.connect()
    table.bots.append(host)
    for seat in range(1, players):
        bot = BotClient(url, table.code, table, seat)
        await bot.join(f"bot {seat}", created["invite"])  # sits without the host's approval
        table.bots.append(bot)
    for bot in table.bots:
        await bot.sit(bot.seat, buy_in=BUY_IN)
        progress()
    return table


async def open_idle_tables(url: str, tables: range) -> None:
    """A table opened for each index in ``tables``, and left alone: what a room holds
    between evenings, and what its owner keeps paying for while nobody plays."""
    limit = asyncio.Semaphore(CONNECTING_AT_ONCE)

    async def open_one() -> None:
        async with limit:
            await create_table(url, HOST_NAME, {"seats": 6, "max_buy_in": BUY_IN, "debt_cap": None})

    await asyncio.gather(*(open_one() for _ in tables))


async def start_tables(tables: list[LoadTable], over_seconds: float) -> None:
    """Have each host start dealing, spread over ``over_seconds`` so the tables do not act
    in step (all at once, every table's first action would fall in the same instant)."""
    for table in tables:
        await table.bots[0].start()
        await asyncio.sleep(over_seconds / len(tables))


async def close_tables(tables: list[LoadTable]) -> None:
    await asyncio.gather(*(bot.disconnect() for table in tables for bot in table.bots))


_running: set[asyncio.Task[None]] = set()


def _keep_until_done(task: asyncio.Task[None]) -> None:
    # The loop keeps only weak references to tasks: hold them until they finish.
    _running.add(task)
    task.add_done_callback(_running.discard)


# One bots' process -----------------------------------------------------------------------


class Step(StrEnum):
    """What the benchmark tells a bots' process, and what it answers."""

    SEATED = "seated"
    """(answer) one more bot is seated"""
    READY = "ready"
    """(answer) every table of the share is seated"""
    START = "start"
    """the tables start dealing"""
    MEASURE = "measure"
    """warm-up is over: the figures start from here"""
    STOP = "stop"
    """play is over: answer the figures, then close the sockets"""


@dataclass(frozen=True, slots=True)
class Share:
    """The tables one bots' process plays: ``tables`` are their indices among all tables."""

    url: str
    tables: range
    players: int
    rate: float
    idle: range = range(0)
    """Indices of tables it opens and leaves idle: no bot sits, nobody deals."""


@dataclass(frozen=True, slots=True)
class ShareFigures:
    """What one bots' process measured during play."""

    latencies: Latencies
    cpu_seconds: float
    lag_counts: list[int]
    """Its own event loop's lag (``pokernight.server.edge.lag`` buckets): it adds to every
    latency."""


@dataclass(frozen=True, slots=True)
class ShareFailed:
    reason: str


def play_share(share: Share, pipe: Connection) -> None:
    """A bots' process: seat ``share``, then follow the steps the benchmark sends on ``pipe``."""
    try:
        # uvloop, as the server runs on (uvicorn picks it): the bots' own loop costs less.
        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            runner.run(_play_share(share, pipe))
    except ClientError as error:
        pipe.send(ShareFailed(str(error)))


async def _play_share(share: Share, pipe: Connection) -> None:
    latencies = Latencies()
    lag = LagMonitor()
    lag.start()
    tables = await open_tables(
        share.url,
        tables=share.tables,
        players=share.players,
        rate=share.rate,
        latencies=latencies,
        progress=lambda: pipe.send(Step.SEATED),
    )
    await open_idle_tables(share.url, share.idle)
    # The server's collector policy, for the same reason: a full collection over thousands of
    # bots stopped this process for up to 500 ms, and every latency it was measuring with it.
    collector = Collector()
    collector.start()
    try:
        pipe.send(Step.READY)
        await _until(pipe, Step.START)
        await start_tables(tables, over_seconds=1.0 / share.rate)
        await _until(pipe, Step.MEASURE)
        latencies.clear()
        cpu, lag_before = time.process_time(), list(lag.counts)
        await _until(pipe, Step.STOP)
        figures = ShareFigures(
            latencies.copy(), time.process_time() - cpu, counts_between(lag_before, lag.counts)
        )
    finally:
        await close_tables(tables)
        await lag.stop()
        await collector.stop()
    pipe.send(figures)


async def _until(pipe: Connection, step: Step) -> None:
    # Polled: a blocking read would stop the bots' event loop.
    while not pipe.poll():
        await asyncio.sleep(PIPE_POLL_SECONDS)
    received = pipe.recv()
    if received != step:
        raise RuntimeError(f"the benchmark sent {received!r} where {step!r} was due")
