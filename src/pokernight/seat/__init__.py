"""A seat any program can take: the table mirrored into a folder, and answered from it.

The seat's view is written as ``state.json`` and ``state.txt`` (``picture``, ``folder``);
the answers a program writes to ``action`` are read and judged (``answers``); ``error.txt``
says why one was refused. docs/protocol.md, "Program seats", is the format.
"""
