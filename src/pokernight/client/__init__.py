"""A small Python client of the poker room's protocol (``docs/protocol.md``).

Used by the tests, the terminal game and the load benchmark.
"""

from pokernight.client.http import ClientError, create_table, request_json
from pokernight.client.state import TableState
from pokernight.client.table_client import PROTOCOL, TableClient

__all__ = ["PROTOCOL", "ClientError", "TableClient", "TableState", "create_table", "request_json"]
