"""The one error the table raises for a command it refuses."""

from __future__ import annotations


class TableError(ValueError):
    """A command the table refuses; the message says exactly why.

    A ``ValueError`` so that the command line and the server print it as one line.
    """


class LedgerOutOfBalanceError(AssertionError):
    """A player's chips no longer match the ledger: a bug, never a player's fault."""
