"""What a level does on the first street: its starting-hand ranges, as people's are.

A level plays a share of its starting hands (``first_street.strength``: the share of the
game's hands it beats) and raises with the best of them; the widths are its profile
(docs/bots.md). One facing a raise reads the raiser as holding the top of their range
(their observed first-street raising rate, narrower for each raise more) and goes on with
the hands that do well against it. A positional level opens wider the fewer players are
left to act, as a regular steals from the button; a beginner does not look.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from pokernight.bots.choices import bet_to, passive, stay
from pokernight.bots.range_reading import RERAISE_NARROWING
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.rules import Action

UNKNOWN_RAISER = 0.15  # the share of hands a raiser not seen yet raises with


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
    price = situation.to_call / max(situation.stack, 1)
    if strength >= 1 - kept * ranges.reraises:
        return bet_to(situation, situation.legal.call_to * rng.uniform(2.8, 3.4))
    if strength >= max(ranges.defend_floor, 1 - kept * ranges.defends) + price:
        return stay(situation)
    return passive(situation)


def _unraised(situation: Situation, ranges: Ranges, strength: float, rng: random.Random) -> Action:
    behind = left_to_act(situation)
    limpers = sum(1 for seat in situation.opponents if situation.entered(seat))
    if strength >= 1 - ranges.width(ranges.raises, behind):
        return bet_to(situation, situation.unit * (rng.uniform(*ranges.open_units) + limpers))
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
    """The share of hands the last raiser plays this way: their first-street raising rate,
    narrowed for each raise of theirs more, the less so the more often they raise (a
    maniac's re-raise means no more than his raise)."""
    raisers = [r.seat for r in situation.records if r.street == 0 and r.is_aggressive]
    raiser = raisers[-1]
    pfr = (
        stats[situation.opponents.index(raiser)].pfr
        if raiser in situation.opponents
        else UNKNOWN_RAISER
    )
    return pfr * max(RERAISE_NARROWING, pfr) ** (raisers.count(raiser) - 1)
