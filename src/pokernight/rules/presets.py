"""The amounts of the sizing buttons (min, half pot, three-quarter pot, pot, max).

A pot-sized raise is a call first, then a raise by the pot that call makes:
``call_to + pot_after_call``; half and three-quarters take that share of it. Each
amount is a street total, clamped to what the seat may bet or raise, so a button
never offers an illegal amount; in pot-limit the pot button is the limit itself.
"""

from __future__ import annotations

from typing import Final

from msgspec import Struct

from pokernight.rules.actions import LegalActions

POT_SHARES: Final = (("half", 1, 2), ("three_quarters", 3, 4), ("pot", 1, 1))


class SizingPreset(Struct, frozen=True, gc=False):
    """A sizing button: ``key`` (min, half, three_quarters, pot, max) and its street total."""

    key: str
    to: int


def sizing_presets(legal: LegalActions, pot: int) -> tuple[SizingPreset, ...]:
    """The buttons for a bet or raise by the seat of ``legal``; ``pot``: every chip in the
    middle, this street's bets included. None when the seat may not bet or raise, and only
    ``max`` when the amount is fixed (fixed-limit)."""
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        return ()
    if low == high:
        return (SizingPreset("max", high),)
    if legal.fixed_amounts:  # the small or the big bet, nothing between
        return (SizingPreset("min", low), SizingPreset("max", high))
    after_call = pot + legal.call_amount
    shares = [
        SizingPreset(key, min(high, max(low, legal.call_to + after_call * num // den)))
        for key, num, den in POT_SHARES
    ]
    return (SizingPreset("min", low), *shares, SizingPreset("max", high))
