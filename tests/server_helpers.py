"""Helpers for the server tests: a real server on a free port, real WebSocket clients.

Every scenario runs in one event loop (``run``): uvicorn serves the ASGI app
in-process on a socket bound to 127.0.0.1 port 0, on a temporary SQLite file,
and ``TableClient``s talk to it over loopback exactly as any client would.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import uvicorn
from starlette.applications import Starlette

from pokernight.cli.club import operator_invite
from pokernight.client import TableClient, create_table, request_json
from pokernight.server import ServerConfig, create_app
from pokernight.server.edge.listening import tcp_listener
from pokernight.server.edge.websocket_protocol import RoomWebSocketProtocol

# The async-test harness, re-exported: server tests import it from here with the rest.
# (``X as X`` is the typing convention for a re-export.)
from tests.async_helpers import SCENARIO_SECONDS as SCENARIO_SECONDS  # noqa: PLC0414
from tests.async_helpers import run as run  # noqa: PLC0414
from tests.async_helpers import scenario as scenario  # noqa: PLC0414

# No limits per address: every test client comes from 127.0.0.1 (tests of the limits set them).
FAST = ServerConfig(hand_pause_seconds=0.05, address_limits=None)

Json = dict[str, Any]
# The table most protocol tests play at: no-limit hold'em, blinds 5/10, six seats.
HOLDEM: Json = {"variant": "nlhe", "stakes": {"small_blind": 5, "big_blind": 10}, "seats": 6}


@asynccontextmanager
async def serving(tmp_path: Path, config: ServerConfig = FAST) -> AsyncIterator[str]:
    """A server on a fresh SQLite file for the length of the block; its base URL."""
    async with serving_app(tmp_path, config) as (url, _):
        yield url


@asynccontextmanager
async def serving_app(
    tmp_path: Path, config: ServerConfig = FAST
) -> AsyncIterator[tuple[str, Starlette]]:
    """``serving``, with the app too: a test may reach into its lobby and tables."""
    app = create_app(replace(config, database_url=room_database(tmp_path)))
    listener = tcp_listener()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(app, log_level="warning", ws=RoomWebSocketProtocol, ws_max_size=65_536)
    )
    task = asyncio.create_task(server.serve(sockets=[listener]))
    try:
        while not server.started:
            await asyncio.sleep(0.01)
            if task.done():
                task.result()  # it failed to start: its reason, and the socket closed below
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        try:
            await task
        finally:
            listener.close()


def room_database(tmp_path: Path) -> str:
    """The database of the room ``serving(tmp_path)`` runs."""
    return f"sqlite+aiosqlite:///{tmp_path / 'room.sqlite3'}"


async def club_founder(url: str, tmp_path: Path, name: str = "Alice") -> str:
    """The club's first organiser, let in by the operator's invitation (the link
    ``pokernight serve`` prints): their device token."""
    code = await operator_invite(room_database(tmp_path), organiser=True)
    return await take_invite(url, code, name)


async def invite_into_club(url: str, inviter: str, name: str, *, organiser: bool = False) -> str:
    """A friend let into the club by member ``inviter``'s invitation: their device token."""
    asked = {"organiser": organiser}
    code = (await request_json(url, "POST", "/api/club/invites", asked, device=inviter))["invite"]
    return await take_invite(url, code, name)


async def take_invite(url: str, code: str, name: str) -> str:
    joined = await request_json(url, "POST", "/api/club/join", {"invite": code, "name": name})
    device: str = joined["device"]
    return device


async def open_table(url: str, settings: Json, players: int) -> tuple[str, list[TableClient]]:
    """A table created by the first of ``players`` clients; all are joined, none seated.

    The others join with the invite link, as friends do: they sit without approval."""
    created = await create_table(url, "player0", settings)
    clients = [TableClient(url, created["code"], created["token"])]
    await clients[0].connect()
    for number in range(1, players):
        client = TableClient(url, created["code"])
        await client.join(f"player{number}", created["invite"])
        clients.append(client)
    return created["code"], clients


class Clock:
    """The tables' clock, moved by the test alone: the deal waits until the test lets it."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def paused(clock: Clock) -> ServerConfig:
    # The actor re-reads the clock at least every pause (real seconds): a short one.
    return replace(FAST, hand_pause_seconds=0.2, clock=clock)


async def contributed(client: TableClient, hand_number: int) -> None:
    """Waits until ``client`` has sent its contribution to ``hand_number`` and had its answer."""
    while hand_number not in client.contributed:
        await client.next_event(timeout=10)
    await client.contributions_answered()


async def close_all(clients: list[TableClient]) -> None:
    for client in clients:
        await client.disconnect()


Policy = Callable[[TableClient], Awaitable[None]]


async def passive(client: TableClient) -> None:
    """Check when possible, else call (bring in when that is the only way); stand pat in a
    draw round."""
    legal = client.state.legal
    assert legal is not None
    if legal.get("can_draw"):
        await client.draw()
    elif legal["can_check"]:
        await client.act("check")
    elif legal["can_bring_in"] and not legal["can_call"]:
        await client.act("bring_in")
    else:
        await client.act("call")


async def bet_then_call(client: TableClient) -> None:
    """Whoever may check bets the least instead, and the others call: chips move."""
    legal = client.state.legal
    assert legal is not None
    if legal["can_check"] and legal["min_raise_to"]:
        await client.act("bet_or_raise", legal["min_raise_to"])
    else:
        await passive(client)


async def shove(client: TableClient) -> None:
    """Put every chip in: the largest bet or raise, else a call."""
    legal = client.state.legal
    assert legal is not None
    if legal["max_raise_to"] is not None:
        await client.act("bet_or_raise", legal["max_raise_to"])
    else:
        await client.act("call")


async def play_until_hand_over(
    clients: list[TableClient], hand_number: int, policy: Policy
) -> None:
    """Let whoever is to act play ``policy`` until hand ``hand_number`` has finished."""
    while True:
        newest = max(clients, key=lambda client: client.state.version)
        await settle(clients, newest.state.version)
        state = newest.state
        if state.last_hand is not None and state.last_hand["hand_number"] >= hand_number:
            return
        actor = next((c for c in clients if state.hand and c.state.my_seat == state.to_act), None)
        if actor is None:
            await newest.next_event(timeout=10)
        else:
            await policy(actor)


async def play_hands_then_pause(clients: list[TableClient], last: int, policy: Policy) -> None:
    """Play ``policy`` until hand ``last`` has finished, the host (the first client)
    pausing during it: a pause sent after it had ended could come after the next deal on
    a loaded machine, and that hand would wait for players who have stopped."""
    if last > 1:
        await play_until_hand_over(clients, last - 1, policy)
    while clients[0].state.hand_number < last:
        await clients[0].next_event(timeout=10)
    await clients[0].pause()
    await play_until_hand_over(clients, last, policy)


async def shoving_night(
    url: str,
    code: str,
    tokens: Sequence[str],
    buy_ins: Sequence[int],
    *,
    hands: int,
    rebuy: int,
    close: bool = False,
) -> None:
    """Each seat of ``tokens`` sits with its buy-in and shoves every hand (all-ins: luck for
    a ledger's expected chips and a recap), the bust buying in again for ``rebuy``; the host
    (the first) pauses the table during the last hand, so that no other is dealt, and
    closes it if ``close``."""
    clients = [TableClient(url, code, token) for token in tokens]
    for number, (client, buy_in) in enumerate(zip(clients, buy_ins, strict=True)):
        await client.connect()
        await client.sit(number, buy_in)
    await clients[0].start()
    for number in range(1, hands):
        await play_until_hand_over(clients, number, shove)
        for client in clients:
            if client.state.seats[client.state.my_seat or 0]["stack"] == 0:
                await client.add_chips(rebuy)
    await play_hands_then_pause(clients, hands, shove)
    if close:
        await clients[0].request({"type": "close_table"})
    for client in clients:
        await client.disconnect()


async def act_once(clients: list[TableClient], policy: Policy) -> None:
    """Wait for somebody's turn (a hand may be about to start), then play ``policy`` once."""
    await policy(await whose_turn(clients))


async def whose_turn(clients: list[TableClient]) -> TableClient:
    """The client whose turn it is, once every client has heard the newest version."""
    while True:
        newest = max(clients, key=lambda client: client.state.version)
        await settle(clients, newest.state.version)
        actor = next((client for client in clients if client.state.my_turn), None)
        if actor is not None:
            return actor
        await newest.next_event(timeout=10)


async def settle(clients: list[TableClient], version: int) -> None:
    """Wait until every client has seen ``version`` (they all hear every version)."""
    for client in clients:
        while client.state.version < version:
            await client.next_event(timeout=10)


async def seat_and_start(clients: list[TableClient], buy_in: int) -> None:
    for seat, client in enumerate(clients):
        await client.sit(seat, buy_in)
    await clients[0].start()


def assert_no_hidden_card_leaked(client: TableClient) -> int:
    """Check every versioned frame ``client`` received; the number of own hidden cards seen.

    A face-down card may reach a recipient only in a ``CardsDealt`` to the
    recipient's own seat; no frame may carry the deck or its salt.
    """
    me = client.state.player_id
    players: dict[int, str] = {}
    hand_seats: list[int] = []
    own_cards = 0
    for frame in client.frames:
        assert not _has_key(frame, {"deck", "salt"}), frame
        if "v" not in frame:
            continue
        hand_events = list(frame.get("hand") or [])
        if frame.get("type") == "snapshot":
            players = {seat["seat"]: seat["player_id"] for seat in frame["table"]["seats"]}
            hand = frame["hand"]
            hand_seats = [] if hand is None else hand["seats"]
            hand_events = [] if hand is None else hand["events"]
        elif frame.get("type") == "PlayerSeated":
            players[frame["seat"]] = frame["player_id"]
        elif frame.get("type") == "PlayerLeft":
            players.pop(frame["seat"], None)
        elif frame.get("type") == "HandDealt":
            hand_seats = frame["seats"]
        for event in hand_events:
            if event["type"] == "CardsDealt" and not event["face_up"] and event["cards"]:
                owner = players[hand_seats[event["seat"]]]
                assert owner == me, f"{me} received {owner}'s hidden cards: {event}"
                own_cards += len(event["cards"])
        # The finished hand's proof holds its events as this recipient saw them: no more.
        proof = frame.get("fairness") or {}
        for event in proof.get("events", ()):
            if event["type"] == "CardsDealt" and not event["face_up"] and event["cards"]:
                assert event["seat"] == proof["seat"], f"{me}'s proof reveals {event}"
    return own_cards


def _has_key(value: object, keys: set[str]) -> bool:
    if isinstance(value, dict):
        return any(key in keys or _has_key(item, keys) for key, item in value.items())
    if isinstance(value, list):
        return any(_has_key(item, keys) for item in value)
    return False


def public_frames(frames: list[Json]) -> list[Json]:
    return [frame for frame in frames if "v" in frame]


async def two_hands_watched(url: str) -> tuple[str, list[TableClient], TableClient]:
    """Three players at HOLDEM with 500 each play two hands, then the host pauses; a
    spectator watches from the start. The table's code, the players, the spectator."""
    code, clients = await open_table(url, HOLDEM, players=3)
    spectator = TableClient(url, code)
    await spectator.watch()
    await seat_and_start(clients, buy_in=500)
    await play_hands_then_pause(clients, 2, passive)
    return code, clients, spectator
