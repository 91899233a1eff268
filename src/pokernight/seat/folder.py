"""The seat's folder: what the seat writes there, and how it takes a program's answer.

The seat writes ``state.json`` and ``state.txt`` (always whole: ``files.write_atomically``),
``error.txt`` when it refuses an answer, and appends every state, answer and refusal to
``log.jsonl``. The program writes ``action``. A program should write it under another
name and rename it into place; one that writes it in place may be read half way, so a
line counts only once it ends with a newline. A line that stays unended for
``HALF_LINE_SECONDS`` is refused: it is never taken for an answer.

An answer is taken by renaming ``action`` away before reading it, so an answer the
program writes meanwhile lands in a new ``action`` and is read next, never lost.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pokernight.seat.answers import MAX_ANSWER_BYTES
from pokernight.seat.files import append_line, make_private, remove, write_atomically
from pokernight.seat.picture import as_text

Json = dict[str, Any]
Turn = tuple[int, int]
"""A turn of the seat: the hand's number and how many of its events came before it."""
HALF_LINE_SECONDS = 1.0
"""How long an ``action`` without a newline may stay unchanged before it is refused."""

STATE_JSON = "state.json"
STATE_TEXT = "state.txt"
ACTION = "action"
ERROR = "error.txt"
LOG = "log.jsonl"
TAKEN = ".action.taken"
SEAT = "seat.json"
PROOF = "proof.json"
"""The seat token, so that the same folder is the same player (readable by its owner only)."""


@dataclass(frozen=True, slots=True)
class HalfAnswer:
    """An ``action`` that never got its newline (or is far too long to be one)."""

    text: str
    reason: str


class SeatFolder:
    def __init__(self, path: Path, clock: Callable[[], float] = time.monotonic) -> None:
        self.path = path
        self.clock = clock
        self.seq = 0
        self.turn: int | None = None  # the seq of the first state of the seat's turn
        self._turn: Turn | None = None
        self._unended: tuple[bytes, float] | None = None  # an action without its newline

    def file(self, name: str) -> Path:
        return self.path / name

    def open(self) -> None:
        """Make the folder; go on counting from the last state written there (an old
        answer must not match a new state), and drop what an earlier run left: its answer,
        and its last state, which said "over" (a program started with the seat would read
        it and stop before the seat has written a state of its own)."""
        self.path.mkdir(mode=0o700, parents=True, exist_ok=True)  # it shows the seat's cards
        make_private(self.path)  # one made before, or by hand, included (issue 30)
        try:
            self.seq = int(json.loads(self.file(STATE_JSON).read_text("utf-8"))["seq"])
        except (OSError, ValueError, KeyError, TypeError):
            self.seq = 0
        remove(self.file(STATE_JSON))
        remove(self.file(STATE_TEXT))
        for leftover in (ACTION, TAKEN, ERROR):
            if self.file(leftover).exists():
                self.note(f"removed {leftover} left from an earlier run")
                remove(self.file(leftover))

    def saved_token(self, url: str, code: str) -> str | None:
        """The seat token kept for table ``code`` at ``url`` (None: none kept, or another's)."""
        try:
            saved = json.loads(self.file(SEAT).read_text("utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(saved, dict) or (saved.get("url"), saved.get("code")) != (url, code):
            return None
        token = saved.get("token")
        return token if isinstance(token, str) else None

    def save_token(self, url: str, code: str, token: str) -> None:
        saved = {"url": url, "code": code, "token": token}
        write_atomically(self.file(SEAT), json.dumps(saved) + "\n")

    def forget_token(self) -> None:
        remove(self.file(SEAT))

    # Writing -----------------------------------------------------------------------------

    def write_state(self, shown: Json, turn: Turn | None, *, aside: bool = False) -> Json:
        """Write ``shown`` as the next state; ``turn``: the seat's turn it shows (None: not
        the seat's turn). A turn's number is the ``seq`` of its first state: any state
        up to the newest may be answered while the turn lasts (``answers.judge``).
        ``aside``: a state shown between others (a hand's end, taken in after the next
        hand was shown): it is no turn, and the turn under way goes on after it. The
        state as written, with its ``seq`` and ``turn``."""
        self.seq += 1
        if not aside:
            if turn is None:
                self.turn = None
            elif turn != self._turn:
                self.turn = self.seq
            self._turn = turn
        shown_turn = None if aside else self.turn
        written = {"format": shown["format"], "seq": self.seq, "turn": shown_turn, **shown}
        write_atomically(self.file(STATE_JSON), json.dumps(written, indent=1) + "\n")
        write_atomically(self.file(STATE_TEXT), as_text(written))
        self._log({"seq": self.seq, "state": written})
        return written

    def write_proof(self, proof: Json) -> None:
        """The last finished hand's fairness proof, with the seat's contribution to its
        shuffle: ``pokernight verify proof.json`` checks it (decision 38)."""
        write_atomically(self.file(PROOF), json.dumps(proof, indent=1) + "\n")

    def refuse(self, answer: str, reason: str) -> None:
        """Say why ``answer`` was not sent; the state stays as it is."""
        text = f"answer {_one_line(answer)}\nreason {_one_line(reason)}\nnewest {self.seq}\n"
        write_atomically(self.file(ERROR), text)
        self._log({"answer": answer, "refused": reason, "newest": self.seq})

    def accepted(self, answer: str) -> None:
        """The server took ``answer``: an old refusal no longer describes the last answer."""
        remove(self.file(ERROR))
        self._log({"answer": answer, "accepted": True, "newest": self.seq})

    def note(self, text: str) -> None:
        self._log({"note": text})

    def _log(self, entry: Json) -> None:
        append_line(self.file(LOG), json.dumps({"at": round(time.time(), 3), **entry}))

    # Reading an answer -------------------------------------------------------------------

    def take_answer(self) -> str | HalfAnswer | None:
        """The program's answer if ``action`` holds a whole line (it is then taken away);
        a HalfAnswer once a line has stayed unended too long; else None (nothing yet)."""
        action = self.file(ACTION)
        try:
            data = action.read_bytes()
        except FileNotFoundError:
            self._unended = None
            return None
        if len(data) > MAX_ANSWER_BYTES:
            remove(action)
            return HalfAnswer(_text(data[:80]), "an answer is one short line: this is no answer")
        if not data.endswith(b"\n"):
            return self._wait_for_newline(data)
        self._unended = None
        taken = self.file(TAKEN)
        try:
            os.replace(action, taken)
        except FileNotFoundError:  # gone between the read and the rename: nothing to take
            return None
        data = taken.read_bytes()  # a writer in place may have added to it since
        remove(taken)
        if not data.endswith(b"\n"):
            return HalfAnswer(_text(data), "the answer was still being written when taken")
        return _text(data)

    def _wait_for_newline(self, data: bytes) -> HalfAnswer | None:
        now = self.clock()
        if self._unended is None or self._unended[0] != data:
            self._unended = (data, now)  # new, or still growing: the writer is at work
            return None
        if now - self._unended[1] < HALF_LINE_SECONDS:
            return None
        self._unended = None
        remove(self.file(ACTION))
        return HalfAnswer(
            _text(data),
            f"the answer has no newline after {HALF_LINE_SECONDS:g} s: it may be half "
            "written, so it is not taken (write the line to another name, then rename it "
            "to action)",
        )


def _text(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def _one_line(text: str) -> str:
    return " ".join(text.split()) or "(empty)"
