"""Writing a file so that a reader never sees half of it, and appending to a log.

A program may read ``state.json`` at any moment, in any language, without a lock:
the new content is written under a temporary name in the same folder, flushed to
the disk (``fsync``), and renamed over the old file. A rename within one file
system is atomic, so a reader opens either the old file or the new one, whole.
The folder is synced too, so after a crash the name points at a complete file.

The files hold the seat's own cards: they are made readable by their owner only (a
program run by the same user reads them; another user of the machine does not).
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

TEMPORARY_SUFFIX = ".tmp"


PRIVATE = 0o600
OWNER_ONLY = 0o700


def write_atomically(path: Path, text: str, mode: int = PRIVATE) -> None:
    """Replace ``path`` by ``text`` (UTF-8) in one step, as readers see it. ``mode``: the
    new file's permissions, before the umask."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}{TEMPORARY_SUFFIX}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with open(descriptor, "w", encoding="utf-8", newline="\n") as file:
        file.write(text)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (a no-op where folders cannot be opened)."""
    with contextlib.suppress(OSError):  # Windows, or a file system that refuses it
        descriptor = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(descriptor)
        finally:
            os.close(descriptor)


def append_line(path: Path, line: str) -> None:
    """Add one line to a log: a single ``write`` of the whole line, so lines never mix."""
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, PRIVATE)
    with open(descriptor, "a", encoding="utf-8", newline="\n") as file:
        file.write(line.rstrip("\n") + "\n")


def make_private(folder: Path) -> None:
    """``folder`` and each file in it readable by their owner alone: ``mkdir`` and
    ``open`` leave an existing folder or file as it was made (0755, 0644), and a file the
    seat appends to keeps its mode. A file keeps its owner's bits (a program's script
    stays runnable); a link is not followed (its target is not the seat's)."""
    folder.chmod(OWNER_ONLY)
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_file(follow_symlinks=False):
                mode = entry.stat(follow_symlinks=False).st_mode
                with contextlib.suppress(FileNotFoundError):  # removed meanwhile
                    os.chmod(entry.path, stat.S_IMODE(mode) & OWNER_ONLY)


def remove(path: Path) -> None:
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
