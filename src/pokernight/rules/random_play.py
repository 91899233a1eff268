"""A random legal action: for simulations, benchmarks, property tests and bots.

The RNG is passed in (pure core). Raises are drawn between the minimum and the
maximum, biased to small sizes so hands last several streets.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from pokernight.cards import Card
from pokernight.rules.actions import (
    BET_OR_RAISE,
    BRING_IN,
    CALL,
    CHECK,
    DRAW,
    FOLD,
    RUNS,
    Action,
    ActionKind,
    LegalActions,
)
from pokernight.rules.hand import MAX_SEATS


def _per_seat(kind: ActionKind) -> tuple[Action, ...]:
    return tuple(Action(seat, kind) for seat in range(MAX_SEATS))


# Actions without an amount are values fixed by the seat: built once, not once a decision.
_FOLDS: Final = _per_seat(FOLD)
_CHECKS: Final = _per_seat(CHECK)
_CALLS: Final = _per_seat(CALL)
_BRING_INS: Final = _per_seat(BRING_IN)
_STAND_PATS: Final = _per_seat(DRAW)


def random_action(legal: LegalActions, rng: random.Random, held: Sequence[Card] = ()) -> Action:
    """A random legal action; in a draw round, a random discard of ``held`` (the seat's
    cards: a caller that does not pass them has the seat stand pat)."""
    seat = legal.seat
    if legal.can_draw:
        if not held:
            return _STAND_PATS[seat]
        count = rng.randint(0, min(legal.max_discard, len(held)))
        return Action(seat, DRAW, None, tuple(rng.sample(list(held), count)))
    roll = rng.random()
    if legal.can_choose_runs:
        return Action(seat, RUNS, 2 if roll < 0.75 else 1)
    low, high = legal.min_raise_to, legal.max_raise_to
    if legal.can_bring_in:
        if low is not None and high is not None and roll < 0.3:
            return Action(seat, BET_OR_RAISE, _size(legal, low, high, rng))
        return _BRING_INS[seat]
    if low is not None and high is not None and roll < 0.25:
        return Action(seat, BET_OR_RAISE, _size(legal, low, high, rng))
    if roll < 0.45 and legal.can_fold:
        return _FOLDS[seat]
    return _CALLS[seat] if legal.call_amount else _CHECKS[seat]


def _size(legal: LegalActions, low: int, high: int, rng: random.Random) -> int:
    """A bet or raise between the legal bounds ``low`` and ``high``, biased to small sizes.
    In fixed limit only the two bounds are legal and ``raise_to_near`` takes the nearer;
    elsewhere the draw is legal as it is, and the method (Python, even in the compiled
    build) is not called for nothing."""
    if rng.random() < 0.1:
        return high
    size = low + int((high - low) * rng.random() ** 3)
    size = size if size < high else high
    return legal.raise_to_near(size) if legal.fixed_amounts else size
