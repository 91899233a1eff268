"""The one error the tournament raises for a command it refuses, or a structure it cannot run.

A refusal is read by a person: it says exactly what is wrong, in players' words
(levels, places and tables counted from 1), by a reason code and its parameters
(decision 72), worded in ``pokernight.refusals``.
"""

from __future__ import annotations

from pokernight.refusals import RefusalError


class TournamentError(RefusalError):
    """A command the tournament refuses, or a structure it cannot run: ``TournamentError(
    "tournament_full", entries=9)``; the message says why in English.

    A ``ValueError`` so that the command line and the server print it as one line.
    """


def ordinal_code(code: str, number: int) -> str:
    """``code`` for ``number`` said as an English ordinal (1st, 2nd, 3rd, 4th, 11th, 21st):
    the suffix is grammar, so it is a code of its own ("_st" ... "_th"), not a parameter."""
    if 10 <= number % 100 <= 20:
        return f"{code}_th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{code}_{suffix}"
