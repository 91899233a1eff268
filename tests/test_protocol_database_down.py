"""A database that is down: the move is refused with a reason and nothing changes.

The table's actor decides a move, saves it, and only then takes the table it makes
(decision 27): when the save fails, memory still holds the table as saved, so pages
and HTTP reads go on showing it, every move is refused with a reason, and the clock
retries calmly. No chip is lost or created, and nobody hears of a move that was not
saved.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette

from pokernight.client import ClientError, TableClient, request_json
from pokernight.server.tables.actor import TableActor
from pokernight.store import StoreUnavailableError
from pokernight.store.records import HandledRequest, StoredEvent
from tests.server_helpers import (
    FAST,
    HOLDEM,
    close_all,
    open_table,
    passive,
    play_until_hand_over,
    scenario,
    seat_and_start,
    serving_app,
    whose_turn,
)

Json = dict[str, Any]
BUY_IN = 500


async def _broken(*_: Any, **__: Any) -> Any:
    raise OSError("database is down")


Append = Callable[[int, Sequence[StoredEvent], Sequence[HandledRequest]], Coroutine[Any, Any, None]]


def _fails_once_on_seat(append: Append, seat: int) -> Append:
    """``append``, except that the first move of ``seat`` is not saved."""
    failed = False

    async def flaky(
        table_id: int, stored: Sequence[StoredEvent], requests: Sequence[HandledRequest] = ()
    ) -> None:
        nonlocal failed
        moves = (event for event in stored if event.kind == "PlayerActed")
        if not failed and any(event.data["seat"] == seat for event in moves):
            failed = True
            raise OSError("database is down")
        await append(table_id, stored, requests)

    return flaky


def _actor(app: Starlette, code: str) -> TableActor:
    actor: TableActor = app.state.lobby.actor(code)
    return actor


def _move(client: TableClient) -> str:
    legal = client.state.legal
    assert legal is not None
    return "check" if legal["can_check"] else "call"


async def _started(url: str, app: Starlette) -> tuple[TableActor, list[TableClient]]:
    """Two players seated and a hand dealt; the table's actor, and the players."""
    code, clients = await open_table(url, HOLDEM, players=2)
    await seat_and_start(clients, buy_in=BUY_IN)
    return _actor(app, code), clients


def _break_database(actor: TableActor) -> Callable[[], None]:
    """Saving and reading the table's log fail from now on; the result mends them."""
    saved_append, saved_load = actor.writer.append, actor.store.tables.load_events
    actor.writer.append = _broken  # type: ignore[method-assign]
    actor.store.tables.load_events = _broken  # type: ignore[method-assign]

    def mend() -> None:
        actor.writer.append, actor.store.tables.load_events = saved_append, saved_load  # type: ignore[method-assign]

    return mend


@scenario
async def test_a_move_that_cannot_be_saved_is_refused_and_forgotten(tmp_path: Path) -> None:
    async with serving_app(tmp_path) as (url, app):
        actor, clients = await _started(url, app)
        mover = await whose_turn(clients)
        version = actor.versions.version
        assert actor.table.hand is not None
        to_act = actor.table.hand.to_act
        saved = actor.writer.append
        actor.writer.append = _broken  # type: ignore[method-assign]
        with pytest.raises(ClientError, match="could not be saved"):
            await passive(mover)
        actor.writer.append = saved  # type: ignore[method-assign]
        assert actor.versions.version == version
        assert actor.table.hand is not None
        assert actor.table.hand.to_act == to_act, "the refused move was forgotten"
        await passive(mover)
        await play_until_hand_over(clients, 1, passive)
        stacks = [seat["stack"] for seat in clients[0].state.seats.values()]
        await close_all(clients)
    assert sum(stacks) == 2 * BUY_IN


@scenario
async def test_while_the_log_cannot_be_read_back_every_move_is_refused_then_play_resumes(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path) as (url, app):
        actor, clients = await _started(url, app)
        mover = await whose_turn(clients)
        other = next(client for client in clients if client is not mover)
        version = actor.versions.version
        mend = _break_database(actor)
        for _ in range(2):  # the move, and the same move again
            with pytest.raises(ClientError, match="could not be saved: nothing was changed"):
                await mover.act(_move(mover))
        with pytest.raises(ClientError, match="not your turn"):  # refused as ever
            await other.act(_move(mover))
        assert other.state.version == version, "no move was broadcast"
        mend()
        await passive(mover)  # still their move
        await play_until_hand_over(clients, 1, passive)
        stored = await actor.store.tables.load_events(actor.record.id)
        stacks = [seat["stack"] for seat in clients[0].state.seats.values()]
        await close_all(clients)
    assert [event.seq for event in stored] == list(range(1, len(stored) + 1))
    assert sum(stacks) == 2 * BUY_IN


@scenario
async def test_while_the_database_is_down_pages_and_the_api_show_the_table_as_saved(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path) as (url, app):
        actor, clients = await _started(url, app)
        code = actor.code
        mover = await whose_turn(clients)
        saved_version = actor.versions.version
        mend = _break_database(actor)
        with pytest.raises(ClientError, match="could not be saved"):
            await passive(mover)
        info = await request_json(url, "GET", f"/api/tables/{code}")
        watcher = TableClient(url, code)
        await watcher.watch()
        await watcher.wait_for(lambda _: watcher.state.version == saved_version, timeout=10)
        to_act = watcher.state.to_act
        mend()
        await passive(mover)
        await close_all([*clients, watcher])
    assert info["version"] == saved_version, "the API shows the table as saved"
    assert to_act == mover.state.my_seat, "the page sees the move not made"


@scenario
async def test_a_page_that_comes_while_the_database_is_down_is_served_at_once(
    tmp_path: Path,
) -> None:
    """Nothing waits for the database to come back: memory is what was saved."""
    async with serving_app(tmp_path) as (url, app):
        actor, clients = await _started(url, app)
        mend = _break_database(actor)
        watcher = TableClient(url, actor.code)
        await watcher.watch()
        await watcher.wait_for(lambda _: watcher.state.version == actor.versions.version, timeout=5)
        mend()
        await close_all([*clients, watcher])


@scenario
async def test_a_deal_that_could_not_be_saved_is_dealt_again_once_the_log_is_back(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path, replace(FAST, hand_pause_seconds=1.0)) as (url, app):
        actor, clients = await _started(url, app)
        await play_until_hand_over(clients, 1, passive)
        mend = _break_database(actor)
        refused_at = actor.retry_at
        while actor.retry_at == refused_at:  # the deal is due after a second: not saved
            await asyncio.sleep(0.01)
        assert actor.table.hand is None, "the deal that was not saved is not in memory"
        mend()
        dealt = await clients[0].wait_for(
            lambda message: message.get("type") == "HandDealt", timeout=10
        )
        await close_all(clients)
    assert dealt["hand_number"] == 2


@scenario
async def test_a_bot_whose_move_could_not_be_saved_plays_it_again(tmp_path: Path) -> None:
    settings = {**HOLDEM, "bot_delay_seconds": 0}
    async with serving_app(tmp_path) as (url, app):
        code, clients = await open_table(url, settings, players=1)
        host = clients[0]
        actor = _actor(app, code)
        await host.sit(0, BUY_IN)
        await host.request({"type": "add_bot", "seat": 1, "level": "easy"})
        actor.writer.append = _fails_once_on_seat(actor.writer.append, 1)  # type: ignore[method-assign,assignment]
        await host.start()
        acted: Json | None = None
        while acted is None:  # the host checks or calls; the bot's first move is lost
            if host.state.my_turn:
                await passive(host)
            message = await host.next_event(timeout=10)
            if message.get("type") == "PlayerActed" and message["seat"] == 1:
                acted = message
        await close_all(clients)
    assert not acted["timed_out"], "the bot played again at once, not the clock for it"


@scenario
async def test_a_chat_line_that_cannot_be_saved_is_refused_and_heard_by_nobody(
    tmp_path: Path,
) -> None:
    async def down(table_id: int, line: Json) -> None:
        raise StoreUnavailableError("database is down")

    async with serving_app(tmp_path) as (url, app):
        actor, (ann, bob) = await _started(url, app)
        say = actor.store.chat.say
        actor.store.chat.say = down  # type: ignore[method-assign]
        with pytest.raises(ClientError, match="cannot reach its database"):
            await ann.chat("lost")
        actor.store.chat.say = say  # type: ignore[method-assign]
        await ann.chat("heard")
        line = await bob.wait_for(lambda message: message.get("type") == "chat")
        kept = list(actor.chat)
        await close_all([ann, bob])
    assert line["text"] == "heard", "nobody was told the line that was not saved"
    assert [line["text"] for line in kept] == ["heard"]
