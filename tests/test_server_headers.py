"""What every answer carries and who may open a socket: headers, body sizes, page origins."""

from __future__ import annotations

import asyncio
import http.client
import json
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from pokernight.client import create_table
from pokernight.server.edge.origins import origin_allowed
from pokernight.server.tables.api import MAX_BODY_BYTES
from tests.server_helpers import FAST, scenario, serving

ANSWERS = ("/", "/js/main.js", "/stream.html", "/api/server", "/api/tables/0000", "/no/such")


Answer = tuple[int, dict[str, str], bytes]


def _answer(
    host: str,
    method: str,
    path: str,
    body: Iterable[bytes] | None = None,
    headers: dict[str, str] | None = None,
) -> Answer:
    """The status, headers and body of one request; an iterable body is sent chunked."""
    connection = http.client.HTTPConnection(host, timeout=30)
    try:
        chunked = body is not None and not isinstance(body, bytes)
        connection.request(method, path, body=body, headers=headers or {}, encode_chunked=chunked)
        response = connection.getresponse()
        answer = {key.lower(): value for key, value in response.getheaders()}
        return response.status, answer, response.read()
    finally:
        connection.close()


@scenario
async def test_every_answer_forbids_framing_inline_scripts_and_sniffing(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        host = url.removeprefix("http://")
        answers = [(await asyncio.to_thread(_answer, host, "GET", path))[1] for path in ANSWERS]
    for headers in answers:
        policy = headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert headers["x-frame-options"] == "DENY"
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


@scenario
async def test_a_body_too_large_is_refused_413_before_it_is_read(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        host = url.removeprefix("http://")
        # Declared 200 MB and never sent: refused by its Content-Length alone.
        declared = await asyncio.to_thread(
            _answer, host, "POST", "/api/tables", None,
            {"Content-Length": "200000000", "Content-Type": "application/json"},
        )  # fmt: skip
        chunks = (b"x" * 4096 for _ in range(64))  # 256 KiB, no length given: streamed
        streamed = await asyncio.to_thread(
            _answer, host, "POST", "/api/tables", chunks,
            {"Content-Type": "application/json"},
        )  # fmt: skip
    for status, body in [(declared[0], declared[2]), (streamed[0], streamed[2])]:
        assert status == 413
        assert json.loads(body) == {
            "error": f"request body too large: at most {MAX_BODY_BYTES:,} bytes",
            "code": "body_too_large",
            "params": {"most": MAX_BODY_BYTES},
        }


@pytest.mark.parametrize(
    ("origin", "host", "allowed", "expected"),
    [
        (None, "127.0.0.1:8000", (), True),  # not a browser: the terminal client, bots
        ("http://127.0.0.1:8000", "127.0.0.1:8000", (), True),
        ("https://poker.example.org", "poker.example.org", (), True),  # behind a proxy
        ("https://poker.example.org:443", "poker.example.org", (), True),
        ("http://evil.example", "127.0.0.1:8000", (), False),
        ("http://127.0.0.1:8001", "127.0.0.1:8000", (), False),
        ("null", "127.0.0.1:8000", (), False),  # a sandboxed frame or a file
        ("https://poker.example.org", "127.0.0.1:8000", ("https://poker.example.org",), True),
    ],
)
def test_which_pages_may_open_the_websocket(
    origin: str | None, host: str, allowed: tuple[str, ...], expected: bool
) -> None:
    assert origin_allowed(origin, host, allowed) is expected


@scenario
async def test_a_page_elsewhere_cannot_open_the_rooms_websocket(tmp_path: Path) -> None:
    config = replace(FAST, allowed_origins=("https://poker.example.org",))
    async with serving(tmp_path, config) as url:
        created = await create_table(url, "Ann", {})
        ws_url = "ws" + url.removeprefix("http") + f"/ws/{created['code']}"
        with pytest.raises(InvalidStatus) as refused:
            async with connect(ws_url, origin="http://evil.example"):  # type: ignore[arg-type]
                pass
        welcomes = []
        for origin in (url, "https://poker.example.org"):
            async with connect(ws_url, origin=origin) as socket:  # type: ignore[arg-type]
                await socket.send(json.dumps({"type": "hello", "protocol": 1}))
                welcomes.append(json.loads(await socket.recv())["type"])
    assert refused.value.response.status_code == 403
    assert welcomes == ["welcome", "welcome"]
