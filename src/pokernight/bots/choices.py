"""Turning a bot's intent (give up, stay in, bet this much) into a legal ``Action``."""

from __future__ import annotations

from pokernight.bots.situation import Situation
from pokernight.rules import Action, ActionKind


def passive(situation: Situation) -> Action:
    """Check when free, post the bring-in when due, else fold."""
    legal = situation.legal
    if legal.can_bring_in:
        return Action(legal.seat, ActionKind.BRING_IN)
    if legal.can_check:
        return Action(legal.seat, ActionKind.CHECK)
    return Action(legal.seat, ActionKind.FOLD)


def stay(situation: Situation) -> Action:
    """Call (or check, or post the bring-in): stay in for the least."""
    legal = situation.legal
    if legal.can_call:
        return Action(legal.seat, ActionKind.CALL)
    return passive(situation)


def bet_to(situation: Situation, total: float) -> Action:
    """Bet or raise to about ``total`` this street, within the legal bounds (else call)."""
    legal = situation.legal
    if legal.min_raise_to is None or legal.max_raise_to is None:
        return stay(situation)
    return Action(legal.seat, ActionKind.BET_OR_RAISE, legal.raise_to_near(round(total)))


def bet_pot_fraction(situation: Situation, fraction: float) -> Action:
    """Bet or raise by ``fraction`` of the pot after calling."""
    legal = situation.legal
    pot_after_call = situation.pot + legal.call_amount
    return bet_to(situation, legal.call_to + fraction * pot_after_call)
