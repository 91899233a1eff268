"""The one error the rules engine raises for anything a player or caller gets wrong."""

from __future__ import annotations

from pokernight.refusals import RefusalError


class RulesError(RefusalError):
    """An action or a hand set-up the rules refuse; the message says exactly why (its code
    and words: ``pokernight.refusals``)."""


class ChipsNotConservedError(AssertionError):
    """Stacks, bets and pots no longer add up: a bug in the engine, never a player's fault."""
