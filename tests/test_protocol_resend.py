"""A request sent again is answered, never done twice: across reconnects and restarts.

A browser resends every request it has no answer for once it is welcomed again,
and the server may have died between saving a move and acknowledging it. Each
player's handled requests are stored with the events they caused, so a server
started again on the same database knows them. Ids belong to one run of a client
(its ``session``): a client that starts again may count from 1 again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pokernight.client import ClientError, TableClient, request_json
from tests.server_helpers import (
    HOLDEM,
    close_all,
    open_table,
    passive,
    scenario,
    serving,
    settle,
    whose_turn,
)

Json = dict[str, Any]


async def _table_as_stored(url: str, code: str) -> tuple[Json, Json]:
    """What the room says of the table and its ledger (everything a resend could change);
    not whether it deals: a restarted room waits for the host."""
    table = await request_json(url, "GET", f"/api/tables/{code}")
    del table["running"]
    ledger = await request_json(url, "GET", f"/api/tables/{code}/ledger")
    return table, ledger


async def _back(clients: list[TableClient], url: str) -> None:
    """Every client reconnects to the restarted room: same token, same session."""
    for client in clients:
        client.url = url
        await client.connect()
    newest = (await request_json(url, "GET", f"/api/tables/{clients[0].code}"))["version"]
    await settle(clients, newest)


@scenario
async def test_requests_done_before_a_restart_are_answered_as_duplicates_and_change_nothing(
    tmp_path: Path,
) -> None:
    """sit, add_chips, act, stand_up and host commands, each acknowledged, then the server
    starts again (memory lost) and every one is resent with its id: nothing changes."""
    sent: list[tuple[int, Json, str]] = []  # (client index, message, id)

    async def send(clients: list[TableClient], index: int, message: Json, ref: str) -> None:
        await clients[index].send_with_id(message, ref)
        sent.append((index, message, ref))

    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=3)
        host, guest, _ = clients
        await send(clients, 0, {"type": "sit", "seat": 0, "buy_in": 400}, "sit-host")
        await send(clients, 1, {"type": "sit", "seat": 1, "buy_in": 400}, "sit-guest")
        await send(clients, 2, {"type": "sit", "seat": 2, "buy_in": 400}, "sit-third")
        await send(clients, 1, {"type": "add_chips", "amount": 200}, "topup-1")
        bot = {"type": "add_bot", "seat": 4, "level": "easy", "buy_in": 300}
        await send(clients, 0, bot, "bot-1")
        await send(clients, 0, {"type": "settings", "settings": HOLDEM}, "settings-1")
        await send(clients, 2, {"type": "stand_up"}, "stand-1")
        await host.start()
        actor = await whose_turn([host, guest])
        legal = actor.state.legal
        assert legal is not None
        move = {"type": "act", "kind": "check" if legal["can_check"] else "call"}
        await send(clients, clients.index(actor), move, "act-1")
        await send(clients, 0, {"type": "transfer_host", "player_id": guest.player_id}, "h-1")
        await settle(clients, max(client.state.version for client in clients))
        await close_all(clients)
    async with serving(tmp_path) as url:  # the same database, nothing in memory
        await _back(clients, url)
        before = await _table_as_stored(url, code)  # the turn's clock restarted: a version
        answers = [await clients[index].send_with_id(message, ref) for index, message, ref in sent]
        after = await _table_as_stored(url, code)
        await close_all(clients)
    assert [answer.get("duplicate") for answer in answers] == [True] * len(sent)
    assert all(answer["v"] <= before[0]["version"] for answer in answers)
    assert after == before
    rebuys = [entry for entry in after[1]["entries"] if entry["kind"] == "rebuy"]
    assert [entry["amount"] for entry in rebuys] == [200]


@scenario
async def test_a_client_started_again_may_count_its_ids_from_one(tmp_path: Path) -> None:
    """The terminal client's ids start at 1 in every run: a new run is a new session, so
    its id 1 is a new request, while the old run's id 1 resent is still a duplicate."""
    async with serving(tmp_path) as url:
        _, (host, guest) = await open_table(url, HOLDEM, players=2)
        await guest.sit(1, 400)
        first = await guest.send_with_id({"type": "add_chips", "amount": 100}, 7)
        again = TableClient(url, guest.code, guest.token)  # a new run of the client
        await again.connect()
        second = await again.send_with_id({"type": "add_chips", "amount": 100}, 7)
        resent = await guest.send_with_id({"type": "add_chips", "amount": 100}, 7)
        await settle([host], second["v"])
        stack = host.state.seats[1]["stack"]
        await close_all([host, guest, again])
    assert "duplicate" not in first and "duplicate" not in second
    assert resent["duplicate"] is True and resent["v"] == first["v"]
    assert stack == 600


@scenario
async def test_a_refused_request_sent_again_is_answered_again(tmp_path: Path) -> None:
    """Only a request that was carried out is remembered: a refusal is not an answer to keep."""
    async with serving(tmp_path) as url:
        _, (host,) = await open_table(url, HOLDEM, players=1)
        replies = []
        for _ in range(2):
            with pytest.raises(ClientError) as refused:
                await host.send_with_id({"type": "act", "kind": "check"}, "early")
            replies.append(str(refused.value))
        await close_all([host])
    assert len(replies) == 2 and replies[0] == replies[1] and replies[0]


@scenario
async def test_the_hand_goes_on_after_a_restart_and_a_resent_move(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=2)
        for seat, client in enumerate(clients):
            await client.sit(seat, 400)
        await clients[0].start()
        actor = await whose_turn(clients)
        legal = actor.state.legal
        assert legal is not None
        kind = "check" if legal["can_check"] else "call"
        done = await actor.send_with_id({"type": "act", "kind": kind}, "move-1")
        await close_all(clients)
    async with serving(tmp_path) as url:
        await _back(clients, url)
        resent = await actor.send_with_id({"type": "act", "kind": kind}, "move-1")
        await clients[0].start()
        while (clients[0].state.last_hand or {}).get("hand_number", 0) < 1:
            turn = await whose_turn(clients)
            await passive(turn)
        await close_all(clients)
    assert resent == {"type": "ack", "ref": "move-1", "duplicate": True, "v": done["v"]}
    assert sum(seat["stack"] for seat in clients[0].state.seats.values()) == 800
    assert code
