"""Betting structures and the stakes of a table (blinds, antes, bring-in, bet sizes)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class BettingStructure(StrEnum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


AMOUNT_FIELDS = (
    "small_blind", "big_blind", "straddle", "ante", "big_blind_ante",
    "bring_in", "small_bet", "big_bet",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Stakes:
    """Every amount in chips (ints).

    ``big_blind_ante`` is an ante paid by the big blind alone. ``small_bet`` and
    ``big_bet`` are the fixed-limit bet sizes; in no-limit and pot-limit a
    non-zero ``small_bet`` is the minimum bet (else the big blind). ``raise_cap``
    counts bets and raises per fixed-limit round (None: no cap); the cap is lifted
    for a round that begins with two players in the hand.
    """

    small_blind: int = 0
    big_blind: int = 0
    straddle: int = 0
    ante: int = 0
    big_blind_ante: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    raise_cap: int | None = 4

    def __post_init__(self) -> None:
        for name in AMOUNT_FIELDS:
            if getattr(self, name) < 0:
                raise ValueError(f"{name.replace('_', ' ')} cannot be negative")
        if self.raise_cap is not None and self.raise_cap < 1:
            raise ValueError("the raise cap must allow at least one bet")

    def minimum_bet(self) -> int:
        """The smallest opening bet in no-limit and pot-limit (never below one chip)."""
        return max(1, self.small_bet or self.big_blind or self.bring_in)

    def fixed_bet(self, big: bool) -> int:
        """The fixed-limit bet on a small-bet or big-bet round."""
        small = self.small_bet or self.big_blind or max(1, self.bring_in)
        return (self.big_bet or 2 * small) if big else small
