"""uvicorn's WebSocket protocol, with a reason when a text frame is not UTF-8.

uvicorn's sans-I/O protocol (``ws="websockets-sansio"``, the fastest it has:
decision 17) logs a traceback for a text frame whose bytes are not UTF-8 and
closes the connection (1007) without a reason. RFC 6455 asks for the close; the
room promises a reason and no traceback for any input, so such a frame is
caught here first: one warning line, and 1007 with "text frames must be UTF-8".
"""

from __future__ import annotations

import logging

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

log = logging.getLogger(__name__)

CLOSE_NOT_UTF8 = 1007  # invalid frame payload data
NOT_UTF8 = "text frames must be UTF-8"


class RoomWebSocketProtocol(WebSocketsSansIOProtocol):
    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not _utf8(self.frames):
            self.frames = []
            log.warning("a client sent a text frame that is not UTF-8: closed (1007)")
            self.conn.send_close(CLOSE_NOT_UTF8, NOT_UTF8)
            self.handle_parser_exception()
            return
        super().send_receive_event_to_app()


def _utf8(frames: list[bytes]) -> bool:
    try:
        b"".join(frames).decode()
    except UnicodeDecodeError:
        return False
    return True
