"""Main and side pots, uncalled bets and odd chips.

Pots are computed, never stored: each total at which a live player is all-in
closes a layer; a layer holds every player's chips up to that total (folded
players' chips included) and is open to the live players who reached it or
still have chips to reach it. Layers open to the same players merge, so a hand
without all-ins has one pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: frozenset[int]


def compute_pots(
    contributed: Sequence[int], folded: Sequence[bool], stacks: Sequence[int]
) -> tuple[Pot, ...]:
    live = [seat for seat in range(len(contributed)) if not folded[seat]]
    top = max(contributed)
    all_in_totals = {contributed[seat] for seat in live if not stacks[seat]}
    levels = sorted(total for total in all_in_totals if 0 < total < top)
    if not top:
        return ()
    if not levels:
        # Nobody is all-in below the top (most hands): one pot of every chip.
        return (Pot(sum(contributed), _eligible(live, contributed, stacks, top)),)
    levels.append(top)
    pots: list[Pot] = []
    below = 0
    for level in levels:
        amount = sum(min(chips, level) - min(chips, below) for chips in contributed)
        eligible = _eligible(live, contributed, stacks, level)
        if pots and (pots[-1].eligible == eligible or not eligible):
            # Folded players' chips above every live total belong to the pot below.
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        else:
            pots.append(Pot(amount, eligible))
        below = level
    return tuple(pots)


def _eligible(
    live: list[int], contributed: Sequence[int], stacks: Sequence[int], level: int
) -> frozenset[int]:
    """The live players who reached ``level`` or still have chips to reach it."""
    return frozenset(seat for seat in live if stacks[seat] or contributed[seat] >= level)


def uncalled_bet(bets: Sequence[int]) -> tuple[int, int] | None:
    """(seat, chips) of the part of the largest bet that nobody matched, or None."""
    highest = max(bets)
    if not highest or bets.count(highest) > 1:
        return None
    top = bets.index(highest)
    excess = highest - max(bet for seat, bet in enumerate(bets) if seat != top)
    return top, excess


def split(amount: int, winners_in_odd_chip_order: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Share ``amount`` evenly; the odd chips go one each to the first winners listed."""
    share, odd = divmod(amount, len(winners_in_odd_chip_order))
    return tuple(
        (seat, share + (1 if place < odd else 0))
        for place, seat in enumerate(winners_in_odd_chip_order)
    )
