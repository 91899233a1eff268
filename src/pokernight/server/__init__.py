"""The poker room server: HTTP API, the WebSocket protocol, one task per table.

``create_app(ServerConfig(...))`` is the ASGI application (Starlette); the
store (``pokernight.store``) keeps each table's events, written before they
are broadcast. The protocol is described in ``docs/protocol.md``.
"""

from pokernight.server.app import create_app
from pokernight.server.edge.config import ServerConfig
from pokernight.server.tables.messages import PROTOCOL

__all__ = ["PROTOCOL", "ServerConfig", "create_app"]
