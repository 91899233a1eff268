"""The terminal's answers as actions: check-or-call, all-in whichever action the legal actions
name (``all_in_kind``: the terminal works out no stack arithmetic), refusals."""

from __future__ import annotations

import pytest

from pokernight.rules import Action, ActionKind, LegalActions
from pokernight.tui.prompt import PromptError, choices, parse_answer

SEAT = 1


def _legal(
    *,
    call: int = 0,
    bet: int = 0,
    raise_to: tuple[int, int] | None = None,
    bring_in: int | None = None,
    all_in: str = "",
) -> LegalActions:
    """``seat`` facing ``call`` more chips with ``bet`` already in this street; ``all_in``:
    the action that puts every chip in (``LegalActions.all_in_kind``)."""
    low, high = raise_to if raise_to is not None else (None, None)
    return LegalActions(
        seat=SEAT,
        can_fold=call > 0,
        can_check=call == 0 and bring_in is None,
        call_amount=call,
        can_bring_in=bring_in is not None,
        bring_in_amount=bring_in or 0,
        min_raise_to=low,
        max_raise_to=high,
        call_to=bet + call,
        all_in_kind=all_in,
    )


@pytest.mark.parametrize("word", ["c", "call"])
def test_c_checks_when_there_is_nothing_to_call(word: str) -> None:
    legal = _legal(raise_to=(20, 1000))
    assert parse_answer(word, legal) == Action(SEAT, ActionKind.CHECK)


def test_c_calls_when_facing_a_bet() -> None:
    legal = _legal(call=40, raise_to=(80, 1000))
    assert parse_answer("c", legal) == Action(SEAT, ActionKind.CALL)


def test_c_is_refused_while_the_bring_in_is_due_naming_the_choices() -> None:
    with pytest.raises(PromptError, match="there is no bet to call: type one of: bring in 5"):
        parse_answer("c", _legal(bring_in=5, raise_to=(20, 500)))


def test_all_in_raises_the_whole_stack_when_a_raise_may_take_it() -> None:
    legal = _legal(call=40, bet=10, raise_to=(80, 510), all_in="bet_or_raise")
    assert parse_answer("a", legal) == Action(SEAT, ActionKind.BET_OR_RAISE, 510)


def test_all_in_is_a_call_when_the_call_takes_the_whole_stack() -> None:
    legal = _legal(call=300, bet=20, all_in="call")
    assert parse_answer("all-in", legal) == Action(SEAT, ActionKind.CALL)


def test_all_in_is_the_bring_in_when_the_bring_in_takes_the_whole_stack() -> None:
    legal = _legal(bring_in=3, all_in="bring_in")
    assert parse_answer("a", legal) == Action(SEAT, ActionKind.BRING_IN)


def test_all_in_is_refused_when_the_call_leaves_chips_and_no_raise_is_allowed() -> None:
    legal = _legal(call=40)
    with pytest.raises(PromptError, match="you cannot go all-in now: type one of: fold, call 40"):
        parse_answer("a", legal)


def test_all_in_is_refused_when_the_limit_stops_the_raise_short_of_the_stack() -> None:
    legal = _legal(call=20, raise_to=(40, 90))  # pot-limit: at most the pot
    with pytest.raises(PromptError, match="cannot go all-in: the most you may raise to is 90"):
        parse_answer("a", legal)


def test_the_prompt_names_the_bet_as_the_engine_does() -> None:
    """A completion of the bring-in, and the small or the big bet after an open pair: the
    words are the legal actions' own (``raise_says``, ``fixed_amounts``)."""
    completes = LegalActions(1, True, False, 3, False, 0, 10, 10, 3, True, "complete", "")
    assert choices(completes) == "fold, call 3, complete to 10"
    open_pair = LegalActions(0, False, True, 0, False, 0, 10, 20, 0, True, "bet")
    assert choices(open_pair) == "check, bet to 10 or 20"
