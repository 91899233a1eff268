"""What the tables take of the store (decision 62): the table log, its chat, and who is who in the
club (``Membership``): a device's member, a name's, a seat's, a guest made a member, what
the bots remember. The store's ``Store`` carries it out; nothing in this wing sees the
club's money or its log, nor tournaments."""

from __future__ import annotations

from typing import Protocol

from pokernight.store import Membership, TableChat, TableLog


class TableStorage(Protocol):
    """The store as the tables use it."""

    @property
    def tables(self) -> TableLog: ...

    @property
    def chat(self) -> TableChat: ...

    @property
    def club(self) -> Membership: ...
