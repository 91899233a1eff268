"""The socket a room listens on.

asyncio turns Nagle's algorithm off (``TCP_NODELAY``) only on connections whose socket
says it is TCP (``asyncio.base_events._set_nodelay`` checks ``sock.proto``), and a socket
made with ``socket.socket()`` says 0, as do the connections it accepts. With Nagle on, a
second small frame waits for the client to acknowledge the first, which clients delay by
up to 40 ms: an ``ack`` sent just after the version it answers came 44 ms late, a
request at a time (0.3 ms with the protocol named; measured on this machine).
"""

from __future__ import annotations

import socket


def tcp_listener(family: socket.AddressFamily = socket.AF_INET) -> socket.socket:
    """A TCP socket to bind and hand to uvicorn, its connections without Nagle's delay."""
    return socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
