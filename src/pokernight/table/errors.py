"""The one error the table raises for a command it refuses, and the words it uses.

A refusal is read by a person: it speaks to the sender as "you", names other
players, and counts seats from 1 as the table is drawn (the protocol numbers
them from 0).
"""

from __future__ import annotations

YOU = "you"


def subject(who: str, verb_for_you: str, verb_for_others: str) -> str:
    """``who`` and the verb that agrees with it: "you are", "Bob is"."""
    return f"{who} {verb_for_you if who == YOU else verb_for_others}"


def possessive(who: str) -> str:
    """``who``'s: "your", "Bob's"."""
    return "your" if who == YOU else f"{who}'s"


def seat_words(number: int) -> str:
    """``number`` (0-based) as players see it."""
    return f"seat {number + 1}"


class TableError(ValueError):
    """A command the table refuses; the message says exactly why.

    A ``ValueError`` so that the command line and the server print it as one line.
    """


class LedgerOutOfBalanceError(AssertionError):
    """A player's chips no longer match the ledger: a bug, never a player's fault."""
