"""A program's answer, ``SEQ VERB [AMOUNT]``: read, then checked against the seat's turn.

The seat checks only what it alone knows: that the line is an answer at all, and that
it answers a state of the turn the seat is in (``judge``). Whether the move is legal is
the server's to say: a refused move comes back with the server's reason, and nothing
changed (the protocol's rule for every intent). A call or bring-in may name its cost;
it must then be the cost the server gave, so a program never pays what it did not read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MAX_ANSWER_BYTES = 256
"""Longer is no answer: ``17 raise 123456`` is a dozen bytes."""

KINDS = {
    "fold": "fold",
    "check": "check",
    "call": "call",
    "bring_in": "bring_in",
    "bet": "bet_or_raise",
    "raise": "bet_or_raise",
    "complete": "bet_or_raise",
    "draw": "draw",
    "pat": "draw",
    "twice": "runs",
    "once": "runs",
}
"""Each verb and the protocol's ``act`` kind it sends. ``bet``, ``raise`` and ``complete``
are one move for the server (``bet_or_raise`` to a street total): the state names the one
that applies (``legal.raise_says``), and any of the three is taken."""
RUNS = {"twice": 2, "once": 1}
"""Asked to run it twice (``legal.can_choose_runs``): the runs each verb agrees to."""
NEEDS_AMOUNT = frozenset({"bet", "raise", "complete"})
MAY_NAME_COST = {"call": "call_amount", "bring_in": "bring_in_amount"}
VERBS_SAID = "fold, check, call, bet, raise, complete, bring_in, draw, pat, twice or once"


class AnswerRefusedError(ValueError):
    """An answer the seat does not send; the message is the reason written to error.txt."""


@dataclass(frozen=True, slots=True)
class Answer:
    seq: int
    verb: str
    amount: int | None = None
    cards: tuple[str, ...] = ()  # a draw's discards ("17 draw Ah Kd"); the server checks them

    @property
    def kind(self) -> str:
        return KINDS[self.verb]

    @property
    def sent_amount(self) -> int | None:
        """The ``act``'s amount: the one named, or the runs ``twice`` and ``once`` mean."""
        return RUNS.get(self.verb, self.amount)


def parse_answer(text: str) -> Answer:
    """The answer in ``text`` (one whole line, newline included), or AnswerRefusedError."""
    if len(text.encode()) > MAX_ANSWER_BYTES:
        raise AnswerRefusedError(f"an answer is one short line, not {len(text.encode())} bytes")
    if not text.endswith("\n"):
        raise AnswerRefusedError(
            "an answer must end with a newline (a line without one may be half written)"
        )
    line = text[:-1].removesuffix("\r")  # a line ended as Windows ends it is still a line
    if "\n" in line:
        raise AnswerRefusedError("one answer a file: SEQ VERB [AMOUNT] on one line")
    words = line.split()
    if not words:
        raise AnswerRefusedError("the answer is empty: write SEQ VERB [AMOUNT], e.g. 17 call")
    if not _is_number(words[0]):
        raise AnswerRefusedError(
            f"{words[0]!r} is not a state's number: write SEQ VERB [AMOUNT], e.g. 17 call"
        )
    if len(words) == 1:
        raise AnswerRefusedError(f"say what to do after the number: {words[0]} call, for one")
    verb = words[1].lower()
    if verb not in KINDS:
        raise AnswerRefusedError(f"{words[1]!r} is not a move: {VERBS_SAID}")
    if verb == "draw":  # SEQ draw CARD...: the cards thrown, each two characters ("Ah")
        cards = tuple(words[2:])
        if any(len(card) != 2 for card in cards) or len(cards) > 5:
            raise AnswerRefusedError(
                f"draw names up to five cards to throw, e.g. {words[0]} draw Ah Kd"
            )
        return Answer(int(words[0]), verb, None, cards)
    if verb in RUNS:
        if len(words) > 2:
            raise AnswerRefusedError(f"{verb} takes no amount: {words[0]} {verb}")
        return Answer(int(words[0]), verb)
    amounts = words[2:]
    if len(amounts) > 1:
        raise AnswerRefusedError("one answer a line: SEQ VERB [AMOUNT]")
    amount = _amount(verb, amounts[0]) if amounts else None
    if verb in NEEDS_AMOUNT and amount is None:
        raise AnswerRefusedError(
            f"{verb} needs the amount to {verb} to (this street's total), e.g. {words[0]} {verb} 60"
        )
    return Answer(int(words[0]), verb, amount)


def _amount(verb: str, word: str) -> int:
    if verb not in NEEDS_AMOUNT and verb not in MAY_NAME_COST:
        raise AnswerRefusedError(f"{verb} takes no amount")
    if not _is_number(word):
        raise AnswerRefusedError(f"{word!r} is not an amount of chips")
    return int(word)


def _is_number(word: str) -> bool:
    return word.isascii() and word.isdigit() and len(word) <= 12


def judge(answer: Answer, newest: int, turn: int | None, legal: dict[str, Any] | None) -> None:
    """AnswerRefusedError unless ``answer`` answers the seat's turn: a state written since the
    turn began (``turn``, up to ``newest``). States written while a program thinks (a
    player sat down, say) do not make its answer stale: its turn is still the same."""
    if answer.seq > newest:
        raise AnswerRefusedError(f"there is no state {answer.seq} yet: the newest is {newest}")
    if turn is None or legal is None:
        raise AnswerRefusedError(f"it is not your turn (state {newest} says so)")
    if answer.seq < turn:
        raise AnswerRefusedError(
            f"state {answer.seq} is stale: your turn began at state {turn} (the newest is {newest})"
        )
    cost_field = MAY_NAME_COST.get(answer.verb)
    if cost_field is not None and answer.amount is not None and legal.get(cost_field):
        cost = legal[cost_field]
        if answer.amount != cost:
            raise AnswerRefusedError(f"a {answer.verb} costs {cost} now, not {answer.amount}")
