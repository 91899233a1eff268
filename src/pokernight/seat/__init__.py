"""A seat any program can take: the table mirrored into a folder, and answered from it.

``ProgramSeat`` joins a server's table as a program (shown as a bot to everybody, where
the host allows programs), writes the seat's view as ``state.json`` and ``state.txt``
(``picture``, ``folder``), and sends the answers a program writes to ``action``
(``answers``); ``error.txt`` says why one was refused. With an ACPC port it speaks the
Annual Computer Poker Competition's protocol instead (``acpc``, ``acpc_link``).
docs/protocol.md, "Program seats", is the format.
"""

from pokernight.seat.local import open_local_table
from pokernight.seat.program_seat import ProgramSeat, SeatOptions, SeatReport

__all__ = ["ProgramSeat", "SeatOptions", "SeatReport", "open_local_table"]
