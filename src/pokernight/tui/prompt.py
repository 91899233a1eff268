"""The action prompt: what the human may do, and their typed answer as an ``Action``.

Answers: ``f``/``fold``, ``k``/``check``, ``c``/``call`` (check when there is
nothing to call, as the web's C key), ``b``/``bring`` (the bring-in),
``r 80``/``raise 80``/``bet 80``/``complete 20`` (a street total), ``a``/``all-in``
(every chip: a bet, a raise, a call or a bring-in, whichever puts the whole stack
in); in a draw round ``d Ah Kd``/``draw Ah Kd`` (the cards to throw) or ``p``/``pat``
(stand pat); asked to run it twice, ``t``/``twice`` or ``o``/``once``; ``q``/``quit`` ends
the game. A wrong answer raises ``PromptError`` saying
why, and the prompt is asked again.
"""

from __future__ import annotations

from pokernight.cards import CardError, parse_card
from pokernight.rules import Action, ActionKind, LegalActions
from pokernight.words import words


class PromptError(ValueError):
    """An answer that is no action, said in the terminal's words (``terminal.json``)."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(words()(f"terminal.prompt.{key}", **params))


class QuitGame(Exception):  # noqa: N818 (a request, not an error)
    pass


RAISE_WORDS = ("r", "raise", "bet", "complete")


def choices(legal: LegalActions) -> str:
    """The legal actions with their amounts, e.g. "fold, call 20, raise to 40-2000"."""
    options = []
    if legal.can_draw:
        return f"draw and the cards to throw (up to {legal.max_discard}, e.g. 'draw Ah Kd'), pat"
    if legal.can_choose_runs:
        return "twice (run the rest of the board twice, if everybody agrees), once"
    if legal.can_bring_in:
        options.append(f"bring in {legal.bring_in_amount}")
    if legal.can_fold:
        options.append("fold")
    if legal.can_check:
        options.append("check")
    if legal.can_call:
        options.append(f"call {legal.call_amount}")
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        word = legal.raise_says  # the engine's word: bet, raise or complete
        if legal.min_raise_to == legal.max_raise_to:
            options.append(f"{word} to {legal.min_raise_to}")
        elif legal.fixed_amounts:
            options.append(f"{word} to {legal.min_raise_to} or {legal.max_raise_to}")
        else:
            options.append(f"{word} to {legal.min_raise_to}-{legal.max_raise_to}")
    return ", ".join(options)


def parse_answer(text: str, legal: LegalActions) -> Action:
    """``text`` as an action of ``legal.seat``."""
    words = text.strip().lower().split()
    if not words:
        raise PromptError("type_one_of", choices=choices(legal))
    word, rest = words[0], words[1:]
    seat = legal.seat
    if word in ("q", "quit", "exit"):
        raise QuitGame
    if legal.can_draw:
        return _draw(legal, word, rest, text)
    if legal.can_choose_runs:
        return _runs(legal, word, text)
    if word in ("f", "fold"):
        return _checked(legal.can_fold, Action(seat, ActionKind.FOLD), "nothing_to_fold")
    if word in ("k", "check", "x"):
        return _checked(legal.can_check, Action(seat, ActionKind.CHECK), "cannot_check")
    if word in ("c", "call"):
        return _check_or_call(legal)
    if word in ("b", "bring", "bring-in"):
        return _checked(legal.can_bring_in, Action(seat, ActionKind.BRING_IN), "no_bring_in")
    if word in ("a", "all-in", "allin", "shove"):
        return _all_in(legal)
    if word in RAISE_WORDS:
        return _raise(legal, rest)
    raise PromptError("not_an_action", text=text.strip(), choices=choices(legal))


def _draw(legal: LegalActions, word: str, rest: list[str], text: str) -> Action:
    """A draw round's answer: ``pat``, or ``draw`` and the cards thrown ("draw Ah Kd")."""
    if word in ("p", "pat", "stand"):
        return Action(legal.seat, ActionKind.DRAW)
    if word not in ("d", "draw"):
        raise PromptError("it_is_the_draw", text=text.strip(), choices=choices(legal))
    try:
        cards = tuple(parse_card(token) for token in rest)
    except CardError as error:
        raise PromptError("name_cards_to_throw", error=error) from None
    if len(cards) > legal.max_discard:
        raise PromptError("throw_at_most", most=legal.max_discard)
    return Action(legal.seat, ActionKind.DRAW, None, cards)


def _runs(legal: LegalActions, word: str, text: str) -> Action:
    """The answer to running it twice: ``twice`` or ``once``."""
    runs = {"t": 2, "twice": 2, "o": 1, "once": 1}.get(word)
    if runs is None:
        raise PromptError("no_more_betting", text=text.strip(), choices=choices(legal))
    return Action(legal.seat, ActionKind.RUNS, runs)


def _checked(allowed: bool, action: Action, refusal: str) -> Action:
    if not allowed:
        raise PromptError(refusal)  # the key of its words
    return action


def _check_or_call(legal: LegalActions) -> Action:
    if legal.can_call:
        return Action(legal.seat, ActionKind.CALL)
    if legal.can_check:
        return Action(legal.seat, ActionKind.CHECK)
    raise PromptError("no_bet_to_call", choices=choices(legal))


def _all_in(legal: LegalActions) -> Action:
    """The action that puts every chip in, as the legal actions name it (``all_in_kind``):
    a bet or raise to the largest amount, a call or a bring-in."""
    seat = legal.seat
    kind = legal.all_in_kind
    if kind == ActionKind.BET_OR_RAISE:
        return Action(seat, ActionKind.BET_OR_RAISE, legal.max_raise_to)
    if kind == ActionKind.CALL:
        return Action(seat, ActionKind.CALL)
    if kind == ActionKind.BRING_IN:
        return Action(seat, ActionKind.BRING_IN)
    if legal.max_raise_to is not None:
        says = legal.raise_says if legal.raise_says in ("bet", "complete") else "raise"
        raise PromptError(f"all_in_most_{says}", amount=legal.max_raise_to)
    raise PromptError("no_all_in", choices=choices(legal))


def _raise(legal: LegalActions, rest: list[str]) -> Action:
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        raise PromptError("no_bet_or_raise")
    if not rest:
        if low == high:
            return Action(legal.seat, ActionKind.BET_OR_RAISE, low)
        raise PromptError("say_how_much", low=low, high=high)
    if not rest[0].isdigit():
        raise PromptError("not_chips", word=rest[0])
    amount = int(rest[0])
    if not low <= amount <= high:
        raise PromptError("total_range", low=low, high=high, amount=amount)
    return Action(legal.seat, ActionKind.BET_OR_RAISE, amount)
