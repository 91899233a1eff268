"""Which web pages may open a WebSocket to the room: its own, and the ones allowed.

A browser sends the page's ``Origin`` with every WebSocket handshake and, unlike
``fetch``, lets a page on any site open a socket anywhere. Without this check a
page elsewhere could act with the seat token of a player who visits it (the
browser does not send the token by itself, but a page of the room could be
imitated). Programs that are not browsers (the terminal client, bots) send no
``Origin`` and are let through: they hold their own token.
"""

from __future__ import annotations

from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443, "ws": 80, "wss": 443}


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """``origin`` (the Origin header) names this room (``host``: the Host header) or an
    origin in ``allowed`` (``--allowed-origin``, for a room behind a proxy that rewrites
    Host); no Origin at all is a program, not a page."""
    if origin is None:
        return True
    page = _normalised(origin)
    if page is None:
        return False
    if host is not None and page.split("://", 1)[1] == _host_port(host, page.split("://")[0]):
        return True
    return page in {_normalised(entry) for entry in allowed}


def _normalised(origin: str) -> str | None:
    """``scheme://host:port`` with the default port written out, or None if not an origin."""
    try:
        parts = urlsplit(origin.strip().lower())
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or port is None:
        return None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port}"


def _host_port(host: str, scheme: str) -> str:
    """The Host header as ``host:port``, with the scheme's default port if it names none."""
    host = host.strip().lower()
    if host.endswith("]") or ":" not in host:  # "[::1]" or "example.org": no port
        return f"{host}:{DEFAULT_PORTS[scheme]}"
    return host
