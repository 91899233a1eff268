"""Betting structures and the stakes of a table (blinds, antes, bring-in, bet sizes)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any


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

    # Told and read by the events' codec (``rules.codec``) field by field, not by msgspec:
    # the compiled build's Stakes (mypyc) is not a dataclass to msgspec.
    def to_dict(self) -> dict[str, int | None]:
        return {
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "straddle": self.straddle,
            "ante": self.ante,
            "big_blind_ante": self.big_blind_ante,
            "bring_in": self.bring_in,
            "small_bet": self.small_bet,
            "big_bet": self.big_bet,
            "raise_cap": self.raise_cap,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Stakes:
        return cls(**data)

    def minimum_bet(self) -> int:
        """The smallest opening bet in no-limit and pot-limit (never below one chip)."""
        bet = self.small_bet or self.big_blind or self.bring_in
        return bet if bet > 1 else 1  # max(1, bet): a builtin call costs more, every hand

    def fixed_bet(self, big: bool) -> int:
        """The fixed-limit bet on a small-bet or big-bet round."""
        small = self.small_bet or self.big_blind or max(1, self.bring_in)
        return (self.big_bet or 2 * small) if big else small


def stakes_for_family(stakes: Stakes, stud: bool) -> Stakes:
    """``stakes`` as a stud game (antes, bring-in, bets) or a board game (blinds) plays them.

    Stakes that already name the family's amounts keep them, less the other family's: in a
    dealer's choice of hold'em and stud, the stud ante is not charged in hold'em. Stakes
    of the other family are derived from one stake level, as card rooms pair them: blinds
    5/10 play stud with an ante of 1, a bring-in of 3 and bets of 10/20 (ante a tenth of
    the big blind, bring-in three tenths, the bets one and two big blinds); stud bets of
    10/20 play blinds of 5/10.
    """
    if stud:
        if stakes.bring_in > 0:
            return replace(stakes, small_blind=0, big_blind=0, straddle=0, big_blind_ante=0)
        big = stakes.big_blind
        if big == 0:
            return stakes  # nothing to derive from: the table refuses it with the reason
        return Stakes(
            ante=max(1, big // 10),
            bring_in=max(1, 3 * big // 10),
            small_bet=stakes.small_bet or big,
            big_bet=stakes.big_bet or 2 * big,
            raise_cap=stakes.raise_cap,
        )
    if stakes.big_blind > 0:
        return replace(stakes, bring_in=0, ante=0 if stakes.bring_in else stakes.ante)
    unit = stakes.small_bet
    if unit == 0:
        return stakes
    return Stakes(
        small_blind=max(1, unit // 2),
        big_blind=unit,
        small_bet=stakes.small_bet,
        big_bet=stakes.big_bet,
        raise_cap=stakes.raise_cap,
    )
