"""Rate limits per client address on HTTP requests and WebSocket connects (ASGI middleware).

Which limits a request takes is read from its path (``ratelimit.AddressLimits``);
one that has none left is answered 429 with ``Retry-After`` (a WebSocket: an
error frame, then close code 4429), before the room does any work for it. A WebSocket
is also counted among those its address holds open (``address_holds``) until its
handler ends: one over the limit is refused in the same way.

The address is the connection's own (``scope["client"]``). Behind a reverse proxy
every request comes from the proxy: ``pokernight serve --proxy-headers`` makes
uvicorn take the client's address from ``X-Forwarded-For``, and only from the
proxies it trusts, so that nobody else can choose the address they are counted as.
"""

from __future__ import annotations

import ipaddress
import re
import time
from collections.abc import Callable

import msgspec
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pokernight.refusals import RefusalError
from pokernight.server.edge.address_holds import AddressHolds
from pokernight.server.edge.closes import CLOSE_NO_TABLE
from pokernight.server.edge.ratelimit import AddressLimiter

CLOSE_TOO_MANY = 4429
HELD_RETRY_SECONDS = 30
"""How long a page refused for the sockets its address holds waits before it tries again."""
NAMES_A_CODE = re.compile(r"^/(?:api/tables|ws|stream)/([^/]+)")


class AddressThrottle:
    def __init__(
        self,
        app: ASGIApp,
        limiter: AddressLimiter,
        holds: AddressHolds,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.limiter = limiter
        self.holds = holds
        self.clock = clock

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kinds = _kinds(scope) if scope["type"] in ("http", "websocket") else ()
        if not kinds and scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        address = address_of(scope)
        wait = self._wait(scope, kinds, address)
        if wait:
            code = "too_many_connections" if scope["type"] == "websocket" else "too_many_requests"
            await _refuse(scope, receive, send, RefusalError(code, wait=wait), wait)
        elif scope["type"] == "websocket":
            await self._hold_socket(scope, receive, send, kinds, address)
        else:
            await self._serve(scope, receive, send, kinds, address)

    def _wait(self, scope: Scope, kinds: tuple[str, ...], address: str) -> int:
        """Spend a token of each kind: 0, or the seconds to wait for one still missing."""
        now = self.clock()
        # An address that has tried too many wrong codes is refused wrong codes for a while;
        # open tables' codes still answer (a household or a tunnel shares one address).
        scanning = "lookup" in kinds and _names_a_code(scope) and not _names_an_open_table(scope)
        wait = self.limiter.wait("miss", address, now) if scanning else 0
        for kind in kinds:
            wait = wait or self.limiter.take(kind, address, now)
        return wait

    async def _hold_socket(
        self, scope: Scope, receive: Receive, send: Send, kinds: tuple[str, ...], address: str
    ) -> None:
        """Serve a WebSocket counted among those its address holds open, or refuse it."""
        sockets = self.holds.sockets
        if not sockets.take(address):
            held = RefusalError("too_many_held", most=sockets.most or 0)
            await _refuse(scope, receive, send, held, HELD_RETRY_SECONDS)
            return
        try:
            await self._serve(scope, receive, send, kinds, address)
        finally:  # however the socket ended: closed, dropped, or its handler failed
            sockets.give_back(address)

    async def _serve(
        self, scope: Scope, receive: Receive, send: Send, kinds: tuple[str, ...], address: str
    ) -> None:
        if "lookup" not in kinds or not _names_a_code(scope):
            await self.app(scope, receive, send)
            return

        async def counting_misses(message: Message) -> None:
            if _is_miss(message):
                self.limiter.take("miss", address, self.clock())
            await send(message)

        await self.app(scope, receive, counting_misses)


def address_of(scope: Scope) -> str:
    """The address a request is counted as (``--proxy-headers``: as the trusted proxy says)."""
    client = scope.get("client")
    return _counted_as(str(client[0])) if client else "unknown"


def _counted_as(address: str) -> str:
    """The address a client is counted as: itself, or for IPv6 its /64 (one client may hold
    a whole /64 and would get fresh buckets by moving through it)."""
    if ":" not in address:
        return address
    try:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    except ValueError:
        return address


def _names_a_code(scope: Scope) -> bool:
    return NAMES_A_CODE.match(scope["path"]) is not None


def _names_an_open_table(scope: Scope) -> bool:
    found = NAMES_A_CODE.match(scope["path"])
    lobby = getattr(scope["app"].state, "lobby", None) if "app" in scope else None
    return found is not None and lobby is not None and lobby.knows(found.group(1))


def _kinds(scope: Scope) -> tuple[str, ...]:
    path: str = scope["path"]
    posted = scope["type"] == "http" and scope["method"] == "POST"
    if posted and path in ("/api/tables", "/api/tournaments"):
        return ("create",)
    if path.startswith(("/api/tournaments/", "/ws/tournament/")):  # a tournament's id
        return ("lookup", "join") if posted and path.endswith("/entrants") else ("lookup",)
    if path == "/api/qr":  # work for the server: counted as a lookup, not as a code
        return ("drawing",)
    if path == "/api/club/claim":
        return ("claim",)
    if path.startswith("/api/club"):  # the season is read, and folded, for each request
        return ("lookup",)
    if not NAMES_A_CODE.match(path):
        return ()
    if scope["type"] == "http" and scope["method"] == "POST" and path.endswith("/join"):
        return ("lookup", "join")
    return ("lookup",)


def _is_miss(message: Message) -> bool:
    if message["type"] == "http.response.start":
        return bool(message["status"] == 404)
    return message["type"] == "websocket.close" and message.get("code") == CLOSE_NO_TABLE


async def _refuse(
    scope: Scope, receive: Receive, send: Send, refusal: RefusalError, wait: int
) -> None:
    reason = str(refusal)
    if scope["type"] == "http":
        body = {"error": reason, **refusal.wire()}
        response = JSONResponse(body, 429, headers={"Retry-After": str(wait)})
        await response(scope, receive, send)
        return
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    error = {"type": "error", "reason": reason, **refusal.wire(), "ref": None, "retry_after": wait}
    await send({"type": "websocket.send", "text": msgspec.json.encode(error).decode()})
    await send({"type": "websocket.close", "code": CLOSE_TOO_MANY, "reason": reason})
