"""What a player may do and what they do: ``LegalActions`` and ``Action``.

Both are built on every decision, so they are frozen ``msgspec.Struct``
values like the events (see ``events`` and decision 18): built and read in C,
refusing assignment, equal by type and value.
"""

from __future__ import annotations

from enum import StrEnum

from msgspec import Struct

from pokernight.cards import Card


class ActionKind(StrEnum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET_OR_RAISE = "bet_or_raise"
    BRING_IN = "bring_in"
    DRAW = "draw"  # a draw round: discard ``cards`` (none: stand pat) and draw as many
    RUNS = "runs"  # run it twice: ``amount`` 2 agrees to run the board twice, 1 runs it once


# Reading a member off an Enum class runs Python code on 3.11 (some 0.4 µs); the
# engine compares action kinds on every action, so the members are read once here.
FOLD, CHECK, CALL, BET_OR_RAISE, BRING_IN, DRAW, RUNS = ActionKind  # in the order declared


class Action(Struct, frozen=True, gc=False):
    seat: int
    kind: ActionKind
    amount: int | None = None  # the street total of a bet or raise; the runs chosen
    cards: tuple[Card, ...] = ()  # a draw's discards


class LegalActions(Struct, frozen=True, gc=False):
    """What the seat to act may do.

    ``call_amount`` is the chips a call adds (0: nothing to call) and ``call_to``
    the street total after it; ``min_raise_to``/``max_raise_to`` bound a bet or
    raise as a street total (None: no bet or raise allowed). ``fixed_amounts``: only
    those two amounts, nothing between (fixed-limit, where an open pair on fourth street
    lets a stud player choose the small or the big bet). ``raise_says`` names the bet or
    raise in poker words: "bet", "raise" or "complete" ("": none allowed).
    ``all_in_kind`` is the action (an ActionKind value) that puts every chip of the seat
    in: "bet_or_raise" (to ``max_raise_to``), "call" or "bring_in"; "" when none does (a
    limit stops the bet short of the stack, or the call leaves chips and no raise is allowed).
    ``max_discard``: in a draw round, the most cards the seat may discard (it may discard
    none: stand pat); then ``can_draw`` is True and no betting action is allowed.
    ``can_choose_runs``: the seat is asked whether to run the rest of the board twice
    (``runs`` 2) or once (1), and nothing else.
    """

    seat: int
    can_fold: bool
    can_check: bool
    call_amount: int
    can_bring_in: bool
    bring_in_amount: int
    min_raise_to: int | None
    max_raise_to: int | None
    call_to: int = 0
    fixed_amounts: bool = False
    raise_says: str = ""
    all_in_kind: str = ""
    can_draw: bool = False
    max_discard: int = 0
    can_choose_runs: bool = False

    @property
    def can_call(self) -> bool:
        return self.call_amount > 0

    @property
    def can_bet_or_raise(self) -> bool:
        return self.min_raise_to is not None

    def raise_to_near(self, to: int) -> int:
        """The legal bet or raise (street total) nearest ``to``; the seat may bet or raise."""
        low, high = self.min_raise_to, self.max_raise_to
        assert low is not None and high is not None
        if self.fixed_amounts and low < to < high:
            return low if to - low < high - to else high
        # min(high, max(low, to)), without two builtin calls (each costs more than this).
        clamped = to if to > low else low
        return clamped if clamped < high else high
