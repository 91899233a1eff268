"""The HTTP half of the protocol: create a table, join one, read its ledger and hands.

Plain ``urllib`` in a worker thread: the client needs no HTTP library.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any


class ClientError(Exception):
    """The server refused a request; the message is its reason, ``code`` and ``params`` its
    reason code and parameters when the server sent them (docs/protocol.md)."""

    def __init__(
        self, reason: str, code: str | None = None, params: dict[str, Any] | None = None
    ) -> None:
        super().__init__(reason)
        self.code = code
        self.params = params or {}


DEVICE_HEADER = "X-Pokernight-Device"


async def request_json(
    base_url: str,
    method: str,
    path: str,
    body: Any = None,
    *,
    device: str | None = None,
    token: str | None = None,
) -> Any:
    """``device``: a member's device token, sent as the club asks (``DEVICE_HEADER``);
    ``token``: a seat's, an entrant's or a director's, as ``Authorization: Bearer``."""
    headers = {} if device is None else {DEVICE_HEADER: device}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return await asyncio.to_thread(_request_json, base_url, method, path, body, headers)


async def create_table(
    base_url: str,
    name: str,
    settings: dict[str, Any] | None = None,
    *,
    member: bool = False,
    device: str | None = None,
    program: bool = False,
) -> dict[str, Any]:
    """A new table hosted by ``name``: ``{"code", "player_id", "token", "invite", "member",
    "device"}`` (``member``: the host becomes a member of the club; ``device``: a member's
    device token, so the member hosts; ``program``: the host is a program, at a table whose
    settings allow programs)."""
    body = {"name": name, "settings": settings or {}, "member": member}
    if program:  # left out otherwise: a server from before programs knows no such key
        body["program"] = True
    result: dict[str, Any] = await request_json(
        base_url, "POST", "/api/tables", body, device=device
    )
    return result


def _request_json(base_url: str, method: str, path: str, body: Any, headers: dict[str, str]) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base_url.rstrip("/") + path,
        data=data,
        method=method,
        headers={"Content-Type": "application/json", **headers},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
            return json.loads(body) if body else None  # 204: nothing to say
    except urllib.error.HTTPError as error:
        try:
            answer = json.loads(error.read())
            reason = answer["error"]
        except (ValueError, KeyError, TypeError):
            raise ClientError(f"HTTP {error.code}") from None
        raise ClientError(reason, answer.get("code"), answer.get("params")) from None
