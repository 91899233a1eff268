"""Limits per client address: scanning the codes, joining, opening tables, connecting.

Every client of these tests comes from 127.0.0.1, so each test sets the limits it
checks (tight ones) and sees the 429 once they are spent, with the seconds to wait.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from pokernight.client import TableClient, create_table, request_json
from pokernight.server.edge.address_holds import Openings, TooManyOpenError
from pokernight.server.edge.address_limits import _counted_as
from pokernight.server.edge.ratelimit import AddressLimiter, AddressLimits, Rate
from tests.server_helpers import FAST, scenario, serving, serving_app

TIGHT = AddressLimits(
    lookup=Rate(burst=5, per_second=0.01),
    miss=Rate(burst=3, per_second=0.01),
    join=Rate(burst=2, per_second=0.01),
    create=Rate(burst=2, per_second=0.01),
)


def _status(url: str, method: str = "GET", body: dict[str, Any] | None = None) -> tuple[int, Any]:
    """The HTTP status and headers of a request (urllib raises on 4xx: caught here)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.headers


@scenario
async def test_scanning_codes_is_refused_after_a_few_wrong_ones_with_retry_after(
    tmp_path: Path,
) -> None:
    """Three wrong codes spend the miss bucket: a fourth waits, with the seconds to wait;
    an open table's code still answers (a household or a tunnel shares one address)."""
    async with serving(tmp_path, replace(FAST, address_limits=TIGHT)) as url:
        created = await create_table(url, "Ann", {})
        wrong = [code for code in ("0000", "0001", "0002", "0003", "0004")
                 if code != created["code"]]  # fmt: skip
        statuses = []
        for code in wrong[:4]:
            status, headers = await asyncio.to_thread(_status, f"{url}/api/tables/{code}")
            statuses.append(status)
        right = f"{url}/api/tables/{created['code']}"
        statuses.append((await asyncio.to_thread(_status, right))[0])
        assert statuses == [404, 404, 404, 429, 200]
        assert int(headers["Retry-After"]) >= 1


def test_an_ipv6_client_is_counted_by_its_slash_64() -> None:
    assert _counted_as("2001:db8:1:2:aaaa::1") == _counted_as("2001:db8:1:2:bbbb::9")
    assert _counted_as("2001:db8:1:2::1") != _counted_as("2001:db8:1:3::1")
    assert _counted_as("203.0.113.7") == "203.0.113.7"


@scenario
async def test_joins_and_new_tables_are_limited_per_address(tmp_path: Path) -> None:
    async with serving(tmp_path, replace(FAST, address_limits=TIGHT)) as url:
        created = await create_table(url, "Ann", {})
        joins = [
            (await asyncio.to_thread(
                _status, f"{url}/api/tables/{created['code']}/join", "POST",
                {"name": f"guest {number}"},
            ))[0]
            for number in range(3)
        ]  # fmt: skip
        tables = [
            (await asyncio.to_thread(_status, f"{url}/api/tables", "POST", {"name": "Bo"}))[0]
            for _ in range(2)
        ]
    assert joins == [201, 201, 429]
    assert tables == [201, 429]  # one was spent by the table created first


@scenario
async def test_new_tournaments_and_registrations_are_limited_per_address(tmp_path: Path) -> None:
    async with serving(tmp_path, replace(FAST, address_limits=TIGHT)) as url:

        async def post(path: str, body: dict[str, Any]) -> int:
            return (await asyncio.to_thread(_status, f"{url}{path}", "POST", body))[0]

        tournaments = [await post("/api/tournaments", {"entries": 9}) for _ in range(3)]
        entries = [await post("/api/tournaments/1/entrants", {"name": f"P{n}"}) for n in range(3)]
    assert tournaments == [201, 201, 429]
    assert entries == [201, 201, 429]


@scenario
async def test_websocket_connects_are_limited_with_an_error_and_close_code_4429(
    tmp_path: Path,
) -> None:
    limits = replace(TIGHT, lookup=Rate(burst=2, per_second=0.01))
    async with serving(tmp_path, replace(FAST, address_limits=limits)) as url:
        created = await create_table(url, "Ann", {})  # no lookup: creating is its own
        ws_url = "ws" + url.removeprefix("http") + f"/ws/{created['code']}"
        for _ in range(2):
            async with connect(ws_url) as socket:
                await socket.send(json.dumps({"type": "hello", "protocol": 1}))
                assert json.loads(await socket.recv())["type"] == "welcome"
        async with connect(ws_url) as socket:
            refused = json.loads(await socket.recv())
            with pytest.raises(ConnectionClosed):
                await socket.recv()
            code = socket.close_code
    assert refused["type"] == "error" and refused["retry_after"] >= 1
    assert refused["reason"].startswith("too many connections from your address: try again in")
    assert code == 4429


def test_one_address_spending_its_tokens_leaves_the_others_theirs() -> None:
    limiter = AddressLimiter(TIGHT)
    spent = [limiter.take("join", "203.0.113.7", 0.0) for _ in range(3)]
    other = limiter.take("join", "198.51.100.1", 0.0)
    later = limiter.take("join", "203.0.113.7", 200.0)  # two tokens back at 0.01/s
    assert spent[:2] == [0, 0] and spent[2] >= 1 and other == 0 and later == 0


def test_the_limiter_keeps_a_bounded_number_of_addresses() -> None:
    limiter = AddressLimiter(TIGHT, max_addresses=100)
    for number in range(1_000):
        limiter.take("lookup", f"10.0.{number // 256}.{number % 256}", 0.0)
    assert len(limiter.buckets["lookup"]) == 100


ANOTHER_ADDRESS = "127.0.0.2"  # the loopback network: a second client address on this machine
ROOM = AddressLimits()  # the room's own limits (64 sockets an address, 20 open tables...)


async def _watching(url: str, source: str = "127.0.0.1") -> ClientConnection:
    """A socket past its hello that only watches (a spectator, a tournament's lobby)."""
    socket = await connect(url, local_addr=(source, 0))
    await socket.send(json.dumps({"type": "hello", "protocol": 1}))
    first = json.loads(await socket.recv())
    assert first.get("type") != "error", first
    return socket


async def _refused(url: str) -> tuple[dict[str, Any], int | None, str | None]:
    """The error a refused socket gets first (as it connects), and its close code and reason."""
    async with connect(url) as socket:
        error = json.loads(await socket.recv())
        with pytest.raises(ConnectionClosed):
            await socket.recv()
    assert socket.close_code is not None
    return error, socket.close_code, socket.close_reason


async def _released(app: Starlette, held: int) -> None:
    """Until the room counts ``held`` sockets from 127.0.0.1 (a closed socket's handler
    ends once the server has read the close)."""
    while app.state.holds.sockets.held("127.0.0.1") != held:
        await asyncio.sleep(0.01)


@scenario
async def test_websockets_held_open_are_limited_per_address_and_a_closed_one_frees_its_slot(
    tmp_path: Path,
) -> None:
    """Finding 9 of issue 30: 500 idle spectator sockets from one address stayed open (at a
    1,024-file limit one address could deny the room to everybody). A table's sockets and a
    tournament's count together; the one over the limit gets an error and close 4429 with
    the reason; another address is served; a socket closed, cleanly or not, frees its slot."""
    most = ROOM.held.sockets
    async with serving_app(tmp_path, replace(FAST, address_limits=ROOM)) as (url, app):
        created = await create_table(url, "Ann", {})
        status, _ = await asyncio.to_thread(_status, f"{url}/api/tournaments", "POST", {})
        ws = "ws" + url.removeprefix("http")
        table, tournament = f"{ws}/ws/{created['code']}", f"{ws}/ws/tournament/1"
        held = [await _watching(tournament) for _ in range(4)]
        held += [await _watching(table) for _ in range(most - len(held))]
        over_table, over_tournament = await _refused(table), await _refused(tournament)
        elsewhere = await _watching(table, ANOTHER_ADDRESS)
        await held.pop().close()
        await _released(app, most - 1)
        held.append(await _watching(table))
        held.pop().transport.abort()  # gone without a close frame
        await _released(app, most - 1)
        held.append(await _watching(tournament))
        for socket in [*held, elsewhere]:
            await socket.close()
    assert status == 201
    for error, code, reason in (over_table, over_tournament):
        assert code == 4429
        assert reason == f"too many connections held open from your address: at most {most}"
        assert error["type"] == "error" and error["reason"] == reason
        assert error["retry_after"] >= 1


def _post_from(url: str, path: str, body: dict[str, Any], source: str) -> tuple[int, Any]:
    """POST ``body`` from the client address ``source``: the status and the JSON answer."""
    host, port = url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10, source_address=(source, 0))
    try:
        headers = {"Content-Type": "application/json"}
        connection.request("POST", path, json.dumps(body), headers)
        answer = connection.getresponse()
        return answer.status, json.loads(answer.read())
    finally:
        connection.close()


async def _posts(url: str, path: str, bodies: Sequence[dict[str, Any]]) -> list[tuple[int, Any]]:
    return [await asyncio.to_thread(_post_from, url, path, body, "127.0.0.1") for body in bodies]


async def _close(url: str, created: dict[str, Any]) -> None:
    host = TableClient(url, created["code"], created["token"])
    await host.connect()
    await host.request({"type": "close_table"})
    await host.wait_for(lambda frame: frame.get("type") == "TableClosed")
    await host.disconnect()


@scenario
async def test_tables_and_tournaments_open_per_address_are_limited(tmp_path: Path) -> None:
    """Finding 9 of issue 30, over time: new tables came one a minute, for ever, each one
    an actor and its memory. An address may have at most 20 tables and 20 tournaments it
    opened still open (429, with the reason, nothing made); another address may open its
    own; a table closed frees its place."""
    limits = replace(ROOM, create=Rate(burst=100, per_second=1))  # the pace is not tested here
    most, most_tournaments = ROOM.held.tables, ROOM.held.tournaments
    async with serving(tmp_path, replace(FAST, address_limits=limits)) as url:
        tables = await _posts(url, "/api/tables", [{"name": f"Host {n}"} for n in range(most)])
        [over] = await _posts(url, "/api/tables", [{"name": "Over"}])
        server = await request_json(url, "GET", "/api/server")
        elsewhere = await asyncio.to_thread(
            _post_from, url, "/api/tables", {"name": "Bo"}, ANOTHER_ADDRESS
        )
        await _close(url, tables[0][1])
        [again] = await _posts(url, "/api/tables", [{"name": "Again"}])
        tournaments = await _posts(url, "/api/tournaments", [{}] * most_tournaments)
        [over_tournament] = await _posts(url, "/api/tournaments", [{}])
    assert [status for status, _ in tables] == [201] * most
    assert over == (429, {"error": f"your address has {most} tables open, the most it may: "
                                   "close one first", "code": "too_many_tables",
                          "params": {"most": most}})  # fmt: skip
    assert server["tables"] == most  # the one refused was never made
    assert elsewhere[0] == 201 and again[0] == 201
    assert [status for status, _ in tournaments] == [201] * most_tournaments
    assert over_tournament == (
        429,
        {"error": f"your address has {most_tournaments} tournaments not finished, the most "
                  "it may", "code": "too_many_tournaments", "params": {"most": most_tournaments}},
    )  # fmt: skip


def test_a_place_is_counted_from_the_request_and_given_back_if_opening_fails() -> None:
    """Requests at once cannot pass the limit together: a place counts before the table is
    made; one whose opening failed, or whose table closed, counts no more."""
    openings = Openings(2, "too_many_tables")
    tables = {"a": True, "b": True}
    with openings.opening("203.0.113.7") as first, openings.opening("203.0.113.7") as pending:
        with (
            pytest.raises(TooManyOpenError, match="has 2 tables open"),
            openings.opening("203.0.113.7"),
        ):
            pass
        first.hold(lambda: tables["a"])
        pending.hold(lambda: False)  # as if its table closed at once
    with pytest.raises(RuntimeError), openings.opening("203.0.113.7"):
        raise RuntimeError("the store failed")
    with openings.opening("203.0.113.7") as second:
        second.hold(lambda: tables["b"])
    with pytest.raises(TooManyOpenError), openings.opening("203.0.113.7"):
        pass
    with openings.opening("198.51.100.1") as elsewhere:
        elsewhere.hold(lambda: True)
    tables["a"] = False  # closed
    with openings.opening("203.0.113.7") as third:
        third.hold(lambda: True)
