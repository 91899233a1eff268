"""The one error the rules engine raises for anything a player or caller gets wrong."""

from __future__ import annotations


class RulesError(ValueError):
    """An action or a hand set-up the rules refuse; the message says exactly why.

    A ``ValueError`` so that the command line prints it as one line.
    """


class ChipsNotConservedError(AssertionError):
    """Stacks, bets and pots no longer add up: a bug in the engine, never a player's fault."""
