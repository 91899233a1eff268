"""Presence over the protocol (issue 32, seed 003, decision 52): a host with no page open
hands the role on after ``host_away_seconds``, before and after a restart; a player with no
page open is acted for after ``away_action_seconds``, and one back in time plays on.

Time is the test's ``Clock``: the tables never wait real seconds. After moving it, the test
wakes the table (``Wake``) and sends two chat lines: the first is read after the wake (the
inbox is read in order), and the second is sent only once the first is answered, by when
the table has done whatever its clock called for (it looks at its clock before it waits
for the next message).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette

from pokernight.client import ClientError, TableClient
from pokernight.server.tables.actor import Wake
from tests.server_helpers import (
    HOLDEM,
    Clock,
    close_all,
    open_table,
    paused,
    scenario,
    serving_app,
)

Json = dict[str, Any]
AWAY_ROOM: Json = {
    **HOLDEM,
    "approve_seats": True,
    "action_seconds": 30,
    "time_bank_seconds": 60,
    "away_action_seconds": 15,
    "host_away_seconds": 120,
}


async def _tick(
    app: Starlette, code: str, clock: Clock, seconds: float, asker: TableClient
) -> None:
    """Move the clock by ``seconds``, wake the table, and wait until it has acted on it."""
    clock.now += seconds
    app.state.lobby.actor(code).submit(Wake())
    await asker.chat("tick")
    await asker.chat("tock")


async def _gone(client: TableClient, watchers: list[TableClient]) -> None:
    """``client`` closes its page; the table has seen it once every watcher is told."""
    player_id = client.player_id
    await client.disconnect()
    for watcher in watchers:
        await watcher.wait_for(
            lambda m: m.get("type") == "presence" and player_id not in m["connected"]
        )


def _host_changes(client: TableClient) -> list[Json]:
    return [frame for frame in client.frames if frame.get("type") == "HostChanged"]


async def _seat(clients: list[TableClient]) -> None:
    for number, client in enumerate(clients):
        await client.sit(number, 1_000)


async def _asks_for_a_seat(url: str, code: str) -> TableClient:
    """A stranger with the code alone asks for seat 5: the host must approve it."""
    eve = TableClient(url, code)
    await eve.join("Eve")
    await eve.sit(5, 1_000)
    return eve


@scenario
async def test_a_host_gone_for_good_hands_the_table_to_the_longest_seated_with_a_page_open(
    tmp_path: Path,
) -> None:
    clock = Clock()
    async with serving_app(tmp_path, paused(clock)) as (url, app):
        code, clients = await open_table(url, AWAY_ROOM, players=4)
        ann, bob, cat, dan = clients  # seated in this order: Ann hosts
        await _seat(clients)
        await _gone(bob, [cat, dan])  # seated longest after Ann, but away too
        await _gone(ann, [cat, dan])
        await _tick(app, code, clock, 119.0, cat)
        assert not _host_changes(cat), "two minutes are not up"
        await _tick(app, code, clock, 1.0, cat)
        changes = [await c.wait_for(lambda m: m.get("type") == "HostChanged") for c in (cat, dan)]
        invite = await cat.wait_for(lambda m: m.get("type") == "invite")
        line = await dan.wait_for(lambda m: m.get("type") == "chat" and bool(m.get("dealer")))
        assert cat.state.host == dan.state.host == cat.player_id
        # Dan, seated after Cat, may not; Cat may approve a seat and close the table.
        eve = await _asks_for_a_seat(url, code)
        with pytest.raises(ClientError, match="only the host can approve a seat"):
            await dan.request({"type": "approve_seat", "player_id": eve.player_id})
        await cat.request({"type": "approve_seat", "player_id": eve.player_id})
        await eve.wait_for(lambda m: m.get("type") == "PlayerSeated")
        await cat.request({"type": "close_table"})
        await dan.wait_for(lambda m: m.get("type") == "TableClosed")
        await close_all([cat, dan, eve])
    for change in changes:
        assert {key: change[key] for key in ("host", "reason", "previous")} == {
            "host": cat.player_id,
            "reason": "away",
            "previous": ann.player_id,
        }
    assert invite["invite"], "the new host gets the invite link"
    assert line["text"] == "player2 hosts the table now: player0 has had no page open for 2 minutes"


@scenario
async def test_a_host_who_never_comes_back_after_a_restart_hands_the_table_on(
    tmp_path: Path,
) -> None:
    """Presence is in memory: after a restart nobody has a page open, and the host's away
    time counts from the restart, not from when their page closed before it."""
    clock = Clock()
    async with serving_app(tmp_path, paused(clock)) as (url, app):
        code, clients = await open_table(url, AWAY_ROOM, players=2)
        ann, bob = clients
        await _seat(clients)
        await _gone(ann, [bob])
        await _tick(app, code, clock, 100.0, bob)
        await close_all(clients)
    async with serving_app(tmp_path, paused(clock)) as (url, app):
        bob = TableClient(url, code, bob.token)
        await bob.connect()
        await _tick(app, code, clock, 30.0, bob)  # 130 s since Ann left, 30 since the restart
        assert not _host_changes(bob)
        await _tick(app, code, clock, 90.0, bob)
        change = await bob.wait_for(lambda m: m.get("type") == "HostChanged")
        eve = await _asks_for_a_seat(url, code)
        await bob.request({"type": "approve_seat", "player_id": eve.player_id})
        await bob.request({"type": "close_table"})
        closed = await eve.wait_for(lambda m: m.get("type") == "TableClosed")
        await close_all([bob, eve])
    assert (change["host"], change["reason"], change["previous"]) == (
        bob.player_id,
        "away",
        ann.player_id,
    )
    assert closed["type"] == "TableClosed"


@scenario
async def test_the_old_host_back_is_handed_the_role_again(tmp_path: Path) -> None:
    clock = Clock()
    async with serving_app(tmp_path, paused(clock)) as (url, app):
        code, clients = await open_table(url, AWAY_ROOM, players=2)
        ann, bob = clients
        await _seat(clients)
        await _gone(ann, [bob])
        await _tick(app, code, clock, 120.0, bob)
        await bob.wait_for(lambda m: m.get("type") == "HostChanged")
        await ann.connect()
        await bob.transfer_host(ann.player_id or "")
        back = await ann.wait_for(
            lambda m: m.get("type") == "HostChanged" and m["host"] == ann.player_id
        )
        await ann.request({"type": "close_table"})
        await close_all(clients)
    assert (back["host"], back["reason"], back["previous"]) == (
        ann.player_id,
        "handed over",
        bob.player_id,
    )


async def _dealt(app: Starlette, code: str, clock: Clock, clients: list[TableClient]) -> None:
    """Seated and dealt: the host deals, and the pause before the hand is over at once."""
    await _seat(clients)
    await clients[0].start()
    clock.now += 1.0
    for client in clients:
        await client.wait_for(lambda m: m.get("type") == "HandDealt")


def _to_act(clients: list[TableClient]) -> TableClient:
    return next(client for client in clients if client.state.my_turn)


def _clock_moves(client: TableClient) -> list[Json]:
    return [f for f in client.frames if f.get("type") == "PlayerActed" and f["timed_out"]]


@scenario
async def test_a_player_with_no_page_open_is_acted_for_after_the_away_clock(
    tmp_path: Path,
) -> None:
    clock = Clock()
    async with serving_app(tmp_path, paused(clock)) as (url, app):
        code, clients = await open_table(url, AWAY_ROOM, players=3)
        await _dealt(app, code, clock, clients)
        away = _to_act(clients)
        others = [client for client in clients if client is not away]
        status = dict(others[0].state.status or {})
        started = status["away_deadline"] - 15.0
        await _gone(away, others)
        await _tick(app, code, clock, 14.0, others[0])
        assert not _clock_moves(others[0]), "the away clock is not out"
        await _tick(app, code, clock, 1.0, others[0])
        acted = await others[0].wait_for(lambda m: m.get("type") == "PlayerActed")
        await close_all(others)
    # The page's clock shows the deadline that applies: the server says each.
    assert (status["action_deadline"], status["deadline"]) == (started + 30.0, started + 90.0)
    assert acted["timed_out"] and acted["absent"]
    assert acted["at"] == started + 15.0
    assert acted["seat"] == away.state.my_seat


@scenario
async def test_a_player_back_within_the_away_clock_plays_on_with_their_own_clock(
    tmp_path: Path,
) -> None:
    clock = Clock()
    async with serving_app(tmp_path, paused(clock)) as (url, app):
        code, clients = await open_table(url, AWAY_ROOM, players=3)
        await _dealt(app, code, clock, clients)
        back = _to_act(clients)
        others = [client for client in clients if client is not back]
        await _gone(back, others)
        await _tick(app, code, clock, 10.0, others[0])
        await back.connect()  # a reload, or the phone back on the network
        await _tick(app, code, clock, 50.0, back)  # past the away clock, within their own
        assert back.state.my_turn and not _clock_moves(back)
        await back.act("call")
        acted = await others[0].wait_for(lambda m: m.get("type") == "PlayerActed")
        await close_all(clients)
    assert not acted["timed_out"] and not acted["absent"]
    table_seat = acted["seat"]
    assert table_seat == back.state.my_seat


@scenario
async def test_a_turn_open_at_a_restart_is_timed_from_the_restart(tmp_path: Path) -> None:
    """The room is down ten minutes in the middle of a turn: the turn is timed again from
    the restart. Nobody is acted for at once; the player back has their whole clock."""
    clock = Clock()
    async with serving_app(tmp_path, paused(clock)) as (url, app):
        code, clients = await open_table(url, AWAY_ROOM, players=3)
        await _dealt(app, code, clock, clients)
        slow = _to_act(clients)
        watcher = next(client for client in clients if client is not slow)
        await close_all(clients)
    clock.now += 600.0
    restarted_at = clock.now
    async with serving_app(tmp_path, paused(clock)) as (url, app):
        watcher.url = slow.url = url
        await watcher.connect()
        await _tick(app, code, clock, 14.0, watcher)
        status = dict(watcher.state.status or {})
        assert not _clock_moves(watcher), "the away clock runs from the restart"
        await slow.connect()
        await _tick(app, code, clock, 40.0, slow)  # past the away clock, within their own
        assert slow.state.my_turn and not _clock_moves(watcher)
        await slow.act("call")
        acted = await watcher.wait_for(lambda m: m.get("type") == "PlayerActed")
        await close_all([watcher, slow])
    assert (status["away_deadline"], status["action_deadline"], status["deadline"]) == (
        restarted_at + 15.0,
        restarted_at + 30.0,
        restarted_at + 90.0,
    )
    assert not acted["timed_out"] and acted["seat"] == slow.state.my_seat
