"""Main and side pots, uncalled bets and odd chips.

Pots are computed, never stored. Antes (the big blind's ante included) are dead
money: they sit at the bottom of the main pot, below every live chip, and never
count as a bet. So each seat's chips are laid out on one scale: its antes from 0
up, its live chips (blinds and bets) from the largest ante up. A live player who
is all-in reaches the top of their own chips on that scale (all-in for less than
the ante: the part of the antes they matched; else every ante and their live
chips); each such height closes a layer. A layer holds every player's chips in
its band (folded players' chips included) and is open to the live players who
reached it or still have chips to reach it. Layers open to the same players
merge, so a hand without all-ins has one pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.rules.state import HandState


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: frozenset[int]


def pots_of(state: HandState) -> tuple[Pot, ...]:
    """The hand's pots. While no live player is all-in for less than the most anybody put
    in, and nobody posted an ante (most hands), there is no layer to close: one pot of
    every chip, open to every live player."""
    if state.active != state.live and _layers_to_close(state):
        return compute_pots(state.contributed, state.dead, state.folded, state.stacks)
    total = sum(state.contributed)
    if not total:
        return ()
    folded = state.folded
    return (Pot(total, frozenset([seat for seat in state.rotations[0] if not folded[seat]])),)


def _layers_to_close(state: HandState) -> bool:
    """Whether ``compute_pots`` may find more than one pot: a live player is all-in for
    less than the most anybody put in, or there are antes (they lie below every live chip).
    An all-in called by players who cover it closes no layer, and it is common: this one
    pass over the seats costs a fraction of laying every seat's chips out."""
    contributed, dead, folded, stacks = state.contributed, state.dead, state.folded, state.stacks
    most = max(contributed)
    for seat in state.rotations[0]:
        if dead[seat] or (not stacks[seat] and not folded[seat] and contributed[seat] < most):
            return True
    return False


def compute_pots(
    contributed: Sequence[int],
    dead: Sequence[int],
    folded: Sequence[bool],
    stacks: Sequence[int],
) -> tuple[Pot, ...]:
    """The pots, main first; ``dead``: each seat's antes (part of ``contributed``)."""
    antes = max(dead)
    live_chips = [chips - ante for chips, ante in zip(contributed, dead, strict=True)]
    top = antes + max(live_chips)
    if not top:
        return ()
    live = [seat for seat in range(len(contributed)) if not folded[seat]]
    reach = [antes + chips if chips else ante for chips, ante in zip(live_chips, dead, strict=True)]
    levels = sorted({reach[seat] for seat in live if not stacks[seat] and reach[seat] < top})
    if not levels:
        # Nobody is all-in below the top (most hands): one pot of every chip.
        return (Pot(sum(contributed), _eligible(live, reach, stacks, top)),)
    levels.append(top)
    pots: list[Pot] = []
    below = 0
    for level in levels:
        amount = sum([_band(chips, antes, below, level) for chips in live_chips])
        if antes:  # most tables post none; they lie below every live chip
            amount += sum([_band(ante, 0, below, level) for ante in dead])
        eligible = _eligible(live, reach, stacks, level)
        if pots and (pots[-1].eligible == eligible or not eligible):
            # Folded players' chips above every live total belong to the pot below.
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        else:
            pots.append(Pot(amount, eligible))
        below = level
    return tuple(pots)


def _band(chips: int, base: int, low: int, high: int) -> int:
    """How many of ``chips`` laid from ``base`` up fall between heights ``low`` and ``high``."""
    if not chips:
        return 0
    # max(0, min(top, high) - max(base, low)), without the builtins: a hand with an all-in
    # calls this for every seat and pot, and each builtin call costs more than its line.
    top = base + chips
    upper = top if top < high else high
    lower = base if base > low else low
    return upper - lower if upper > lower else 0


def _eligible(
    live: list[int], reach: Sequence[int], stacks: Sequence[int], level: int
) -> frozenset[int]:
    """The live players who reached ``level`` or still have chips to reach it."""
    return frozenset(seat for seat in live if stacks[seat] or reach[seat] >= level)


def uncalled_bet(bets: Sequence[int]) -> tuple[int, int] | None:
    """(seat, chips) of the part of the largest bet that nobody matched, or None."""
    highest = second = 0
    top = -1
    for seat, bet in enumerate(bets):
        if bet > highest:
            highest, second, top = bet, highest, seat
        elif bet > second:
            second = bet
    if highest == second:
        return None
    return top, highest - second


def split(amount: int, winners_in_odd_chip_order: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Share ``amount`` evenly; the odd chips go one each to the first winners listed."""
    if len(winners_in_odd_chip_order) == 1:  # most pots: no sharing to work out
        return ((winners_in_odd_chip_order[0], amount),)
    share, odd = divmod(amount, len(winners_in_odd_chip_order))
    return tuple(
        (seat, share + (1 if place < odd else 0))
        for place, seat in enumerate(winners_in_odd_chip_order)
    )
