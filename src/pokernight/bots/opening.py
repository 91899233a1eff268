"""What a level does on the first street: its starting-hand ranges, as people's are.

A level plays a share of its starting hands (``first_street.strength``: the share of the
game's hands it beats) and raises with the best of them; the widths are its profile
(docs/bots.md). One facing a raise reads the raiser as holding the top of their range
(their observed first-street raising rate, narrower for each raise more) and goes on with
the hands that do well against it. A positional level opens wider the fewer players are
left to act, as a regular steals from the button; a beginner does not look.

Short of chips a hand is played all in or not at all, as in a tournament's late levels: a
raise that would take a third of the stack goes all in; a level that raises opens wider
the shorter the stacks; and at ten big blinds and less (the push-or-fold zone) a call is
priced by the pot odds, not by the share of the stack it takes, so short stacks call
all-ins as widely as the price allows (deep, an all-in is still called only with the top).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pokernight.bots.choices import bet_to, passive, stay
from pokernight.bots.range_reading import reraised_share
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.rules import Action, BettingStructure

UNKNOWN_RAISER = 0.15  # the share of hands a raiser not seen yet raises with
SHOVE_SHARE = 1 / 3  # a raise that would take this share of the stack goes all in instead
SHORT_UNITS = 10  # at or below ten big blinds deep, a call is priced by the pot odds, and...
SHORT_WIDENING = 1.0  # ...a raiser opens up to this much more of its range, with no chips left
OMAHA_RERAISE_SCALE = 0.4  # Omaha re-raises: this share of a level's re-raising range
EVEN_MONEY = 0.5  # pot odds at which a short call wants the top of the raiser's range


@dataclass(frozen=True, slots=True)
class Ranges:
    """A level's first-street widths, shares of the starting hands (0 to 1)."""

    plays: float  # nobody has raised: it comes in (calls, limps, completes) with these
    raises: float  # ...and raises with these (a part of ``plays``)
    defends: float  # facing a raise: goes on with this share of the raiser's range
    reraises: float  # ...and re-raises with this share of it
    positional: bool = False  # widens with fewer players left to act
    defend_floor: float = 0.0  # never calls a raise with a hand below this strength
    open_units: tuple[float, float] = (2.5, 3.5)  # a first raise: to this many units, drawn

    def width(self, share: float, behind: int) -> float:
        """``share`` at this seat: as given from the button (two left to act), wider after
        it, narrower before it (a regular's opening ranges)."""
        return min(1.0, share * 3.5 / (behind + 1.5)) if self.positional else share


def first_street_action(
    situation: Situation,
    ranges: Ranges,
    strength: float,
    stats: list[PlayerStats],
    rng: random.Random,
) -> Action:
    if situation.raises_this_street == 0:
        return _unraised(situation, ranges, strength, rng)
    kept = raiser_range(situation, stats)
    if strength >= 1 - kept * ranges.reraises * _reraise_scale(situation):
        return _raise_to(situation, situation.legal.call_to * rng.uniform(2.8, 3.4))
    if strength >= _calling_strength(situation, ranges, kept):
        return stay(situation)
    return passive(situation)


def _reraise_scale(situation: Situation) -> float:
    """Omaha's starting hands run close (the best against a random hand wins about two
    times in three), so a re-raise there, which ends in a preflop all-in in pot-limit
    raising wars, is kept for the top of the range: a smaller share of it."""
    return OMAHA_RERAISE_SCALE if situation.is_omaha else 1.0


def _calling_strength(situation: Situation, ranges: Ranges, kept: float) -> float:
    """The least strength that calls a raise from the top ``kept`` of hands. Deep, the
    call's share of the stack raises the bar (the chips it risks on later streets, and a
    deep all-in is the raiser's best); short, the stack goes in now or never, so only the
    pot odds count: at even money the top of the raiser's range, the better the price the
    wider (equity falls slowly below a range's top)."""
    if depth_units(situation) <= SHORT_UNITS:
        widening = (EVEN_MONEY / max(situation.pot_odds, 0.01)) ** 2
        return 1 - min(1.0, kept * ranges.defends * widening)
    price = situation.to_call / max(situation.stack, 1)
    return max(ranges.defend_floor, 1 - kept * ranges.defends) + price


def _raise_to(situation: Situation, total: float) -> Action:
    """Raise to about ``total``, or all in when that would take a third of the stack: a
    raise that commits the stack is made all in (no-limit; the limits cap it otherwise)."""
    legal = situation.legal
    if legal.max_raise_to is not None and total - legal.call_to >= SHOVE_SHARE * (
        situation.stack - situation.to_call
    ):
        total = legal.max_raise_to
    return bet_to(situation, total)


def _short_widening(situation: Situation) -> float:
    """How much wider than deep a no-limit raiser opens: nothing at ``SHORT_UNITS`` big
    blinds or more, up to ``1 + SHORT_WIDENING`` times with no chips left."""
    if situation.variant.betting is not BettingStructure.NO_LIMIT:
        return 1.0
    return 1 + SHORT_WIDENING * max(0.0, 1 - depth_units(situation) / SHORT_UNITS)


def depth_units(situation: Situation) -> float:
    """How deep the hand is played, in big blinds: the chips this seat began the hand
    with, or the deepest live opponent's if fewer."""
    mine = situation.stack + situation.invested[situation.seat]
    deepest = max(
        (situation.view.stacks[seat] + situation.invested[seat] for seat in situation.opponents),
        default=0,
    )
    return min(mine, deepest) / max(situation.unit, 1)


def _unraised(situation: Situation, ranges: Ranges, strength: float, rng: random.Random) -> Action:
    behind = left_to_act(situation)
    limpers = sum(1 for seat in situation.opponents if situation.entered(seat))
    if strength >= 1 - ranges.width(ranges.raises * _short_widening(situation), behind):
        return _raise_to(situation, situation.unit * (rng.uniform(*ranges.open_units) + limpers))
    if situation.to_call == 0 or strength >= 1 - ranges.width(ranges.plays, behind):
        return stay(situation)
    return passive(situation)


def left_to_act(situation: Situation) -> int:
    """Opponents acting after this seat on the first street who have not come in yet (the
    blinds act last before the flop; in stud and the draw games the seats after it)."""
    count = len(situation.view.folded)
    if situation.variant.is_stud:
        last = situation.seat - 1
    else:
        last = situation.button + (1 if count == 2 else 2)
    return sum(
        1
        for seat in situation.opponents
        if 0 < (seat - situation.seat) % count <= (last - situation.seat) % count
        and not situation.entered(seat)
    )


def raiser_range(situation: Situation, stats: list[PlayerStats]) -> float:
    """The share of hands the last raiser plays this way (``reraised_share``)."""
    raisers = [r.seat for r in situation.records if r.street == 0 and r.is_aggressive]
    raiser = raisers[-1]
    pfr = (
        stats[situation.opponents.index(raiser)].pfr
        if raiser in situation.opponents
        else UNKNOWN_RAISER
    )
    return reraised_share(pfr, raisers.count(raiser))
