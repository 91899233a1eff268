"""Every inbound message is checked: refused with a reason, and nothing changes."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from pokernight.client import ClientError, TableClient, request_json
from tests.server_helpers import FAST, HOLDEM, close_all, open_table, scenario, serving


@asynccontextmanager
async def raw_socket(url: str, code: str, token: str | None) -> AsyncIterator[ClientConnection]:
    """A bare WebSocket past the hello, for frames no well-behaved client would send."""
    async with connect(url.replace("http", "ws") + f"/ws/{code}") as socket:
        await socket.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
        welcome = json.loads(await socket.recv())
        assert welcome["type"] == "welcome"
        yield socket


async def reply_to(socket: ClientConnection, text: str) -> dict[str, Any]:
    """Send ``text``; the first error or ack that answers it (versions are skipped)."""
    await socket.send(text)
    while True:
        message: dict[str, Any] = json.loads(await socket.recv())
        if message.get("type") in ("error", "ack"):
            return message


@scenario
async def test_malformed_oversized_and_binary_messages_are_refused_with_a_reason(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=1)
        before = await request_json(url, "GET", f"/api/tables/{code}")
        async with raw_socket(url, code, clients[0].token) as socket:
            not_json = await reply_to(socket, "{sit down")
            wrong_type = await reply_to(socket, '{"type": "sit", "id": 7, "seat": "x"}')
            unknown = await reply_to(socket, '{"type": "teleport", "id": 8}')
            huge = await reply_to(socket, json.dumps({"type": "chat", "text": "x" * 5000}))
            await socket.send(b"\x00\x01")
            binary = json.loads(await socket.recv())
        after = await request_json(url, "GET", f"/api/tables/{code}")
        await close_all(clients)
    assert not_json == {
        "type": "error",
        "reason": "malformed message: not JSON",
        "code": "not_json",
        "params": {},
        "ref": None,
    }
    assert wrong_type["ref"] == 7 and "$.seat" in wrong_type["reason"]
    assert unknown["ref"] == 8 and "teleport" in unknown["reason"]
    assert huge["reason"].startswith("message too large")
    assert "binary" in binary["reason"]
    assert after == before


@scenario
async def test_an_illegal_action_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, HOLDEM, players=2)
        with pytest.raises(ClientError, match="no hand is being played"):
            await clients[0].act("check")
        with pytest.raises(ClientError, match="buy-in must be between"):
            await clients[0].sit(0, 1)
        with pytest.raises(ClientError, match="only the host"):
            await clients[1].start()
        await clients[0].sit(0, 500)
        with pytest.raises(ClientError, match="seat 1 is taken"):
            await clients[1].sit(0, 500)
        info = await request_json(url, "GET", f"/api/tables/{clients[0].code}")
        await close_all(clients)
    assert info["version"] == 2  # the table opened, the host sat down: nothing else
    assert [seat["name"] for seat in clients[0].state.seats.values()] == ["player0"]


@scenario
async def test_a_resent_action_id_is_applied_once(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, HOLDEM, players=1)
        first = await clients[0].send_with_id({"type": "sit", "seat": 2, "buy_in": 500}, 41)
        await clients[0].reconnect()
        again = await clients[0].send_with_id({"type": "sit", "seat": 2, "buy_in": 500}, 41)
        await close_all(clients)
    seated = [frame for frame in clients[0].frames if frame.get("type") == "PlayerSeated"]
    assert len(seated) == 1
    assert "duplicate" not in first and again["duplicate"] is True


@scenario
async def test_messages_beyond_the_rate_limit_are_refused(tmp_path: Path) -> None:
    config = replace(FAST, rate_capacity=3, rate_per_second=0.001)
    async with serving(tmp_path, config) as url:
        _, clients = await open_table(url, HOLDEM, players=1)
        welcome = clients[0].welcome
        results = []
        for number in range(5):
            try:
                results.append(await clients[0].chat(f"hello {number}"))
            except ClientError as error:
                results.append({"type": "error", "reason": str(error)})
        await close_all(clients)
    # The welcome said the limit: a program can keep under it (``seat/pace.py``).
    assert welcome is not None and welcome["message_rate"] == {"burst": 3, "per_second": 0.001}
    assert [result["type"] for result in results] == ["ack"] * 3 + ["error"] * 2
    assert results[-1]["reason"] == "too many messages: slow down"


@scenario
async def test_a_wrong_code_or_token_gets_a_clear_error(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=1)
        wrong = "0000" if code != "0000" else "0001"
        with pytest.raises(ClientError, match=f"no open table with code {wrong}"):
            await TableClient(url, wrong).watch()
        with pytest.raises(ClientError, match="seat token does not belong"):
            await TableClient(url, code, "not-a-token").connect()
        spectator = TableClient(url, code)
        await spectator.watch()
        with pytest.raises(ClientError, match="spectators cannot act"):
            await spectator.chat("hi")
        await close_all([*clients, spectator])


@scenario
async def test_the_host_is_handed_only_to_a_seated_player_and_only_by_the_host(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, HOLDEM, players=2)
        host, guest = clients
        assert guest.player_id is not None and host.player_id is not None
        with pytest.raises(ClientError, match="is not seated: only a seated player can host"):
            await host.transfer_host(guest.player_id)
        await guest.sit(1, 500)
        with pytest.raises(ClientError, match="only the host can hand the table"):
            await guest.transfer_host(guest.player_id)
        await host.transfer_host(guest.player_id)
        await guest.start()  # the new host may do what only the host may
        await close_all(clients)
    assert host.state.host == guest.player_id
    changes = [frame for frame in guest.frames if frame.get("type") == "HostChanged"]
    assert [(change["host"], change["seated"][0]["seat"]) for change in changes] == [
        (guest.player_id, 1)
    ]


@scenario
async def test_deep_nesting_is_refused_with_a_reason_and_the_connection_kept(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level("WARNING"):
        async with serving(tmp_path) as url:
            code, clients = await open_table(url, HOLDEM, players=1)
            async with raw_socket(url, code, clients[0].token) as socket:
                bare = await reply_to(socket, "[" * 1_000 + "]" * 1_000)
                inside = await reply_to(socket, '{"type": "chat", "id": 3, "text": ' + "[" * 1_500
                                        + "]" * 1_500 + "}")  # fmt: skip
                still_open = await reply_to(socket, '{"type": "chat", "id": 4, "text": "hi"}')
            await close_all(clients)
        nested = "malformed message: nested too deeply"
        refusal = {"type": "error", "reason": nested, "code": "message_too_deep", "params": {}}
        assert bare == {**refusal, "ref": None}
        assert inside == {**refusal, "ref": None}  # its id unread
        assert still_open["type"] == "ack" and still_open["ref"] == 4
    assert not [record for record in caplog.records if record.exc_info], caplog.text


@scenario
async def test_a_frame_too_large_to_read_closes_the_connection_with_1009(tmp_path: Path) -> None:
    """Up to 64 KiB a frame is read and refused as too large (the connection stays); a
    larger one is not read at all: the connection closes with 1009, as docs/protocol.md says."""
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=1)
        async with raw_socket(url, code, clients[0].token) as socket:
            refused = await reply_to(socket, json.dumps({"type": "chat", "text": "x" * 60_000}))
            await socket.send(json.dumps({"type": "chat", "text": "x" * 70_000}))
            with pytest.raises(ConnectionClosed):
                while True:
                    await socket.recv()
            close_code = socket.close_code
        await close_all(clients)
    assert refused["reason"].startswith("message too large: 60,")
    assert close_code == 1009


@scenario
async def test_a_client_that_keeps_flooding_is_closed_with_a_reason(tmp_path: Path) -> None:
    config = replace(FAST, rate_capacity=2, rate_per_second=0.01, rate_refusals=3)
    async with serving(tmp_path, config) as url:
        code, clients = await open_table(url, HOLDEM, players=1)
        reasons: list[str] = []
        async with raw_socket(url, code, clients[0].token) as socket:
            for number in range(10):
                await socket.send(json.dumps({"type": "chat", "id": number, "text": "spam"}))
            with pytest.raises(ConnectionClosed):
                while True:
                    message = json.loads(await socket.recv())
                    if message.get("type") == "error":
                        reasons.append(message["reason"])
            close_code, close_reason = socket.close_code, socket.close_reason
        await close_all(clients)
    assert reasons == ["too many messages: slow down"] * 3 + ["too many messages: closed"]
    assert close_code == 1008 and close_reason == "too many messages: closed"


@scenario
async def test_a_wrong_code_of_many_byte_characters_is_refused_with_a_reason(
    tmp_path: Path,
) -> None:
    """The reason names the code; cut to fit a close frame (123 bytes), never a traceback."""
    code = "\u00ee\u3967" * 40
    async with serving(tmp_path) as url:
        ws_url = url.replace("http", "ws") + "/ws/" + quote(code)
        async with connect(ws_url) as socket:  # refused before any hello is read
            refused = json.loads(await socket.recv())
            with pytest.raises(ConnectionClosed):
                await socket.recv()
            close_code, reason = socket.close_code, socket.close_reason
    assert refused["reason"] == f"no open table with code {code}"
    assert close_code == 4404 and reason and refused["reason"].startswith(reason)
    assert len(reason.encode()) <= 123


@scenario
async def test_a_partial_settings_message_changes_only_the_keys_it_names(tmp_path: Path) -> None:
    """Finding 13 of issue 30: ``{"bot_delay_seconds": 0}`` alone turned approve_seats off
    (keys left out took the settings' own defaults, not the table's): a stranger with the
    code could then sit without the host's tap. Keys left out keep the table's values."""
    async with serving(tmp_path) as url:
        settings = {**HOLDEM, "max_buy_in": 1_500, "action_seconds": 45}
        code, clients = await open_table(url, settings, players=1)
        before = (await request_json(url, "GET", f"/api/tables/{code}"))["settings"]
        await clients[0].change_settings({"bot_delay_seconds": 0})
        after = clients[0].state.settings
        await close_all(clients)
    assert before["approve_seats"] is True and before["bot_delay_seconds"] != 0
    assert after == {**before, "bot_delay_seconds": 0}
