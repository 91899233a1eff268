"""The local game: a table of its own on a room the seat runs in-process, against the
room's bots, with the program as the host.

Local and remote are one code path: ``pokernight seat`` without ``--connect`` starts a
room on a free loopback port (``cli/local_room.py``), and this opens a table there the
way a browser would, as a program (the table allows programs, since a program opens it).
The returned options make ``ProgramSeat`` sit, seat the bots, and start dealing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pokernight.client import create_table
from pokernight.seat.program_seat import SeatOptions

Json = dict[str, Any]
PRACTICE_SETTINGS: Json = {
    "allow_programs": True,
    "debt_cap": None,  # practice: a program may buy back in as often as it goes broke
    "approve_seats": False,
}


async def open_local_table(
    options: SeatOptions, settings: Json, bots: tuple[str, ...]
) -> SeatOptions:
    """A new table at ``options.url`` hosted by the program; the options to play it with
    (its code and the host's token, ``bots`` to seat)."""
    created = await create_table(
        options.url, options.name, {**settings, **PRACTICE_SETTINGS}, program=True
    )
    return replace(options, code=created["code"], token=created["token"], bots=bots, seat=0)
