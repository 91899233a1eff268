"""Limits per client address: scanning the codes, joining, opening tables, connecting.

Every client of these tests comes from 127.0.0.1, so each test sets the limits it
checks (tight ones) and sees the 429 once they are spent, with the seconds to wait.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from pokernight.client import create_table
from pokernight.server.address_limits import _counted_as
from pokernight.server.ratelimit import AddressLimiter, AddressLimits, Rate
from tests.server_helpers import FAST, scenario, serving

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
