"""The WebSocket close codes more than one wing sends or reads (docs/protocol.md).

Written here, in the lowest wing, because the edge's limits read them as well as the
table's socket and the processes' pipes send them.
"""

from __future__ import annotations

CLOSE_NO_TABLE = 4404
"""No table has the code asked for (``address_limits`` counts it as a miss)."""
CLOSE_TABLE_MOVED = 1012
"""WebSocket close code "service restart": the client reconnects and resumes by version."""
MOVED_REASON = "this table is now played by another of the room's processes: reconnect"
