"""A program's answer (``seat/answers.py``): what is a line, and which turn it answers.

The seat checks the form of an answer and the turn it answers, nothing about poker: an
illegal move is the server's to refuse (``test_seat_play``).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.seat.answers import (
    KINDS,
    NEEDS_AMOUNT,
    Answer,
    AnswerRefusedError,
    judge,
    parse_answer,
)

LEGAL = {"can_check": False, "can_call": True, "call_amount": 40, "bring_in_amount": 0}


@pytest.mark.parametrize(
    ("text", "answer"),
    [
        ("17 raise 60\n", Answer(17, "raise", 60)),
        ("17 call\n", Answer(17, "call")),
        ("3 fold\r\n", Answer(3, "fold")),  # a line ended as Windows ends it
        ("  9   BET   20 \n", Answer(9, "bet", 20)),
        ("4 call 40\n", Answer(4, "call", 40)),
        ("5 bring_in 10\n", Answer(5, "bring_in", 10)),
        ("6 complete 20\n", Answer(6, "complete", 20)),
        ("8 draw Ah Kd\n", Answer(8, "draw", None, ("Ah", "Kd"))),  # a draw's discards
        ("8 draw\n", Answer(8, "draw")),
        ("9 pat\n", Answer(9, "pat")),
    ],
)
def test_answers_are_read_with_their_verb_and_amount(text: str, answer: Answer) -> None:
    assert parse_answer(text) == answer


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("17 raise 60", "must end with a newline"),
        ("\n", "the answer is empty"),
        ("raise 60\n", "'raise' is not a state's number"),
        ("17\n", "say what to do after the number"),
        ("17 shove\n", "'shove' is not a move: fold, check, call"),
        ("17 raise\n", "raise needs the amount to raise to"),
        ("17 fold 20\n", "fold takes no amount"),
        ("17 draw Ahh\n", "draw names up to five cards to throw"),
        ("17 raise sixty\n", "'sixty' is not an amount"),
        ("17 raise -5\n", "'-5' is not an amount"),
        ("17 raise 60 80\n", "one answer a line"),
        ("17 call\n18 fold\n", "one answer a file"),
        ("17 call" + " " * 300 + "\n", "one short line"),
        ("\u0661\u0667 call\n", "is not a state's number"),  # digits, not ASCII ones
    ],
)
def test_what_is_not_an_answer_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(AnswerRefusedError, match=reason):
        parse_answer(text)


answers = st.builds(
    Answer,
    seq=st.integers(0, 10**9),
    verb=st.sampled_from(sorted(KINDS)),
    amount=st.integers(0, 10**9),
).map(lambda a: a if a.verb in NEEDS_AMOUNT else Answer(a.seq, a.verb))


def _line(answer: Answer) -> str:
    amount = "" if answer.amount is None else f" {answer.amount}"
    return f"{answer.seq} {answer.verb}{amount}\n"


@settings(max_examples=300)
@given(answers)
def test_every_answer_written_whole_is_read_back(answer: Answer) -> None:
    assert parse_answer(_line(answer)) == answer


@settings(max_examples=300)
@given(answers, st.data())
def test_no_part_of_an_answer_is_ever_read_as_one(answer: Answer, data: st.DataObject) -> None:
    line = _line(answer)
    cut = data.draw(st.integers(0, len(line) - 1))
    with pytest.raises(AnswerRefusedError):
        parse_answer(line[:cut])


def test_an_answer_counts_for_any_state_of_the_turn_and_no_other() -> None:
    judge(Answer(12, "call"), newest=14, turn=12, legal=LEGAL)  # the turn's first state
    judge(Answer(14, "call"), newest=14, turn=12, legal=LEGAL)  # written while it thought
    with pytest.raises(AnswerRefusedError, match="state 11 is stale: your turn began at state 12"):
        judge(Answer(11, "call"), newest=14, turn=12, legal=LEGAL)
    with pytest.raises(AnswerRefusedError, match="there is no state 15 yet: the newest is 14"):
        judge(Answer(15, "call"), newest=14, turn=12, legal=LEGAL)
    with pytest.raises(AnswerRefusedError, match="it is not your turn"):
        judge(Answer(14, "call"), newest=14, turn=None, legal=None)


def test_a_call_that_names_its_cost_must_name_the_servers() -> None:
    judge(Answer(3, "call", 40), newest=3, turn=3, legal=LEGAL)
    with pytest.raises(AnswerRefusedError, match="a call costs 40 now, not 30"):
        judge(Answer(3, "call", 30), newest=3, turn=3, legal=LEGAL)
    # What a raise may be is the server's to say: the seat sends it as it is.
    judge(Answer(3, "raise", 1), newest=3, turn=3, legal=LEGAL)
