"""Payouts: the share of the prize pool each place wins, and the prizes to the chip.

A payout table lists the percentage of each place, first place first: every
percentage positive, a lower place never paid more than a higher one, and the
percentages summing to exactly 100. ``template_for`` picks the room's table for a
field size (roughly the top sixth paid, first place about a third of the pool).

Rounding (the documented rule, decision 36): each place's prize is its share of
the pool rounded **down** to the rounding unit (1 chip unless the director
chooses e.g. 5 or 100); the chips left over, fewer than one unit per place plus
the pool's own remainder, go to **first place**. So the prizes always sum to the
pool exactly, and a higher place is never paid less than a lower one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from pokernight.tournament.errors import TournamentError

HUNDRED = Decimal(100)


@dataclass(frozen=True, slots=True)
class Payouts:
    """``percentages[0]`` is first place's share of the pool, in percent."""

    percentages: tuple[Decimal, ...]

    @classmethod
    def of(cls, *percentages: int | str | Decimal) -> Payouts:
        """Payouts from percentages as people write them (``Payouts.of(50, 30, 20)``, "27.5")."""
        try:
            return cls(tuple(Decimal(str(value)) for value in percentages)).validated()
        except InvalidOperation:
            raise TournamentError("payouts_numbers", percentages=str(percentages)) from None

    @property
    def places(self) -> int:
        return len(self.percentages)

    def validated(self) -> Payouts:
        """These payouts, or a TournamentError naming the first thing wrong with them."""
        if not self.percentages:
            raise TournamentError("payouts_no_place")
        for place, share in enumerate(self.percentages, start=1):
            if not share.is_finite() or share <= 0:
                raise TournamentError("payout_not_positive", place=place)
            if place > 1 and share > self.percentages[place - 2]:
                raise TournamentError(
                    "payout_rising",
                    place=place,
                    share=str(share),
                    above=place - 1,
                    above_share=str(self.percentages[place - 2]),
                )
        total = sum(self.percentages, Decimal(0))
        if total != HUNDRED:
            raise TournamentError("payouts_total", total=str(total))
        return self


def prizes(pool: int, payouts: Payouts, rounding: int = 1) -> tuple[int, ...]:
    """Each place's prize from ``pool``, first place first: shares rounded down to
    ``rounding``, the rest to first place. They sum to ``pool`` exactly."""
    if pool < 0:
        raise TournamentError("prize_pool_negative")
    if rounding < 1:
        raise TournamentError("prize_rounding")
    # Fractions: a share like 27.5% of 1,234 is counted exactly, never as a float.
    shares = [
        math.floor(Fraction(pool) * Fraction(share) / 100 / rounding) * rounding
        for share in payouts.percentages
    ]
    shares[0] += pool - sum(shares)
    return tuple(shares)


def split_evenly(amount: int, ways: int) -> list[int]:
    """``amount`` shared by ``ways`` people: equal parts, the odd chips one each to the first."""
    base, odd = divmod(amount, ways)
    return [base + (1 if index < odd else 0) for index in range(ways)]


# The room's payout tables: from how many entries each applies (the next one's
# smallest field is where it stops). Above the last, ``_large_field`` draws one.
TEMPLATES: tuple[tuple[int, tuple[int, ...]], ...] = (
    (2, (100,)),
    (6, (65, 35)),
    (10, (50, 30, 20)),
    (16, (40, 27, 19, 14)),
    (21, (38, 24, 17, 12, 9)),
    (28, (33, 22, 16, 12, 9, 8)),
    (37, (30, 20, 15, 11, 9, 8, 7)),
    (46, (28, 18, 13, 10, 8, 7, 6, 5, 5)),
)
LARGE_FIELD = 61
"""From this many entries the payouts are drawn by ``_large_field``."""


def template_for(entries: int) -> Payouts:
    """The room's payouts for a field of ``entries``."""
    if entries < TEMPLATES[0][0]:
        raise TournamentError("entries_too_few", entries=TEMPLATES[0][0])
    if entries >= LARGE_FIELD:
        return _large_field(entries)
    shares = next(shares for smallest, shares in reversed(TEMPLATES) if entries >= smallest)
    return Payouts.of(*shares)


def _large_field(entries: int) -> Payouts:
    """The top 15% paid, place k weighted 1/(k+1) (a harmonic fall, as card rooms' tables
    fall), in hundredths of a percent rounded down; first place takes the rest to 100."""
    places = entries * 15 // 100
    weights = [Fraction(1, place + 1) for place in range(1, places + 1)]
    total = sum(weights, Fraction(0))
    hundredths = [math.floor(weight / total * 10_000) for weight in weights]
    hundredths[0] += 10_000 - sum(hundredths)
    return Payouts(tuple(Decimal(share) / 100 for share in hundredths)).validated()
