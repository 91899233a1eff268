"""The one error the table raises for a command it refuses.

A refusal is read by a person: it speaks to the sender as "you", names other players,
and counts seats from 1 as the table is drawn (the protocol numbers them from 0). Its
code and words are in ``pokernight.refusals`` (decision 72).
"""

from __future__ import annotations

from pokernight.refusals import Param, RefusalError

YOU = "you"


def about(code: str, who: str, **params: Param) -> TableError:
    """Refusal ``code`` about ``who``: its ``_you`` form for the sender, else its form
    naming them (``name``), so that each language says "you are" and "Bob is" its way."""
    if who == YOU:
        return TableError(f"{code}_you", **params)
    return TableError(code, name=who, **params)


class TableError(RefusalError):
    """A command the table refuses; the message says exactly why."""


class LedgerOutOfBalanceError(AssertionError):
    """A player's chips no longer match the ledger: a bug, never a player's fault."""
