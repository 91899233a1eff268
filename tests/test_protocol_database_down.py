"""A database that is down: the move is refused with a reason and nothing changes.

The table's actor applies a move in memory, then saves it; when the save fails it
reads its log back, so memory never holds a move the log does not. If the log cannot
be read either, the table takes no command (each is refused with a reason, the clock
retries calmly) until it can. No chip is lost or created, and nobody hears of a move
that was not saved.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette

from pokernight.client import ClientError, TableClient
from pokernight.server.actor import TableActor
from tests.server_helpers import (
    close_all,
    open_table,
    passive,
    play_until_hand_over,
    run,
    seat_and_start,
    serving_app,
    whose_turn,
)

HOLDEM = {"variant": "nlhe", "stakes": {"small_blind": 5, "big_blind": 10}, "seats": 6}
BUY_IN = 500


async def _broken(*_: Any, **__: Any) -> Any:
    raise OSError("database is down")


def _actor(app: Starlette, code: str) -> TableActor:
    actor: TableActor = app.state.lobby.actor(code)
    return actor


def _move(client: TableClient) -> str:
    legal = client.state.legal
    assert legal is not None
    return "check" if legal["can_check"] else "call"


def test_a_move_that_cannot_be_saved_is_refused_and_forgotten(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with serving_app(tmp_path) as (url, app):
            code, clients = await open_table(url, HOLDEM, players=2)
            await seat_and_start(clients, buy_in=BUY_IN)
            mover = await whose_turn(clients)
            actor = _actor(app, code)
            version = actor.history.version
            saved = actor.writer.append
            actor.writer.append = _broken  # type: ignore[method-assign]
            with pytest.raises(ClientError, match="could not be saved"):
                await mover.act(_move(mover))
            actor.writer.append = saved  # type: ignore[method-assign]
            assert actor.history.version == version and not actor.stale
            assert mover.state.my_turn, "the refused move was forgotten: still their turn"
            await mover.act(_move(mover))
            await play_until_hand_over(clients, 1, passive)
            stacks = [seat["stack"] for seat in clients[0].state.seats.values()]
            await close_all(clients)
        assert sum(stacks) == 2 * BUY_IN

    run(scenario())


def test_while_the_log_cannot_be_read_back_every_move_is_refused_then_play_resumes(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with serving_app(tmp_path) as (url, app):
            code, clients = await open_table(url, HOLDEM, players=2)
            await seat_and_start(clients, buy_in=BUY_IN)
            mover = await whose_turn(clients)
            other = next(client for client in clients if client is not mover)
            actor = _actor(app, code)
            version = actor.history.version
            saved_append, saved_load = actor.writer.append, actor.store.load_events
            actor.writer.append = _broken  # type: ignore[method-assign]
            actor.store.load_events = _broken  # type: ignore[method-assign]
            with pytest.raises(ClientError, match="could not be saved"):
                await mover.act(_move(mover))
            assert actor.stale
            for client in (mover, other):  # anybody's command, legal or not
                with pytest.raises(ClientError, match="cannot reach its database"):
                    await client.act(_move(mover))
            assert other.state.version == version, "no move was broadcast"
            actor.writer.append, actor.store.load_events = saved_append, saved_load  # type: ignore[method-assign]
            await mover.act(_move(mover))  # the log is read back first: still their move
            assert not actor.stale
            await other.wait_for(lambda message: message.get("type") == "snapshot")
            await play_until_hand_over(clients, 1, passive)
            stored = await actor.store.load_events(actor.record.id)
            stacks = [seat["stack"] for seat in clients[0].state.seats.values()]
            await close_all(clients)
        assert [event.seq for event in stored] == list(range(1, len(stored) + 1))
        assert sum(stacks) == 2 * BUY_IN

    run(scenario())
