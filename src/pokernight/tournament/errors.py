"""The one error the tournament raises for a command it refuses, or a structure it cannot run.

A refusal is read by a person: it says exactly what is wrong, in players' words
(levels, places and tables counted from 1).
"""

from __future__ import annotations


class TournamentError(ValueError):
    """A command the tournament refuses, or a structure it cannot run; the message says why.

    A ``ValueError`` so that the command line and the server print it as one line.
    """


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st: a place as players say it."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"
