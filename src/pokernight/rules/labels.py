"""What an action was, in poker words: ``ActionTaken.says`` and ``all_in``.

The engine asks only "bet or raise"; readers (the hand logs, the exports, the
browser) need to tell a bet from a raise and from a completion, and a call for
less from a call. The engine names it when it makes the event, from the state
*before* the action, so that no reader works it out again from the events.
"""

from __future__ import annotations

from pokernight.rules.state import HandState


def bet_or_raise_says(state: HandState, base: int) -> str:
    """What a bet or raise made now is: "complete" when it is measured from below the
    street's level (completing a stud bring-in, or in fixed limit a short all-in, to a
    full bet or raise: ``raise_base`` says which) or when the seat due to bring in bets the full
    bet instead ("completes it", as card rooms say); "bet" when nobody has put chips in
    this street; else "raise". ``base``: ``raise_base(state)``, which the caller has."""
    level = state.level
    if state.bring_in_pending or base < level:
        return "complete"
    return "bet" if level == 0 else "raise"


def puts_all_in(state: HandState, seat: int, to: int) -> bool:
    """Whether making the seat's street total ``to`` takes every chip it has."""
    return to == state.bets[seat] + state.stacks[seat]
