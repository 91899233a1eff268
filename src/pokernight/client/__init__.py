"""A small Python client of the poker room's protocol (``docs/protocol.md``).

Used by the tests, the terminal game, program seats and the load benchmark; the terminal
game and program seats come in and back through one ``ClientSession``.
"""

from pokernight.client.http import ClientError, create_table, request_json
from pokernight.client.inbox import DROPPED, NETWORK_ERRORS, InboxClient, entering
from pokernight.client.session import ClientSession, SessionVoice
from pokernight.client.state import TableState
from pokernight.client.table_client import PROTOCOL, TableClient

__all__ = [
    "DROPPED",
    "NETWORK_ERRORS",
    "PROTOCOL",
    "ClientError",
    "ClientSession",
    "InboxClient",
    "SessionVoice",
    "TableClient",
    "TableState",
    "create_table",
    "entering",
    "request_json",
]
