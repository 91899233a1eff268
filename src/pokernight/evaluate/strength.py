"""The one strength type every evaluator returns.

A strength is an ``int``: higher is better, equal means a tie. Its layout is

    value = category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5

where ``r1..r5`` are the ranks (0 = Two .. 12 = Ace) that decide ties, most
significant first (for a full house: trips, pair; for a straight: its top card,
the wheel's top being the Five). Unused nibbles are zero. The A-5 low evaluator
uses the same integer space through its own encoding (see ``low``).

``HandStrength`` carries the value together with the category and the five
cards that make the hand, for showdowns, histories and the web client.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import total_ordering
from typing import Final

from pokernight.cards import Card, Rank, format_cards

CATEGORY_SHIFT: Final = 20
RANK_MASK: Final = (1 << CATEGORY_SHIFT) - 1


class Category(IntEnum):
    HIGH_CARD = 0
    ONE_PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9
    # An A-5 low hand; compared only with other lows.
    LOW = 10

    @property
    def words(self) -> str:
        """The category as players say it: "two pair", "five of a kind"."""
        return self.name.replace("_", " ").lower()


def pack(category: Category | int, ranks: tuple[int, ...] | list[int]) -> int:
    """Encode a category and its deciding ranks (most significant first)."""
    value = int(category) << CATEGORY_SHIFT
    shift = 16
    for rank in ranks:
        value |= rank << shift
        shift -= 4
    return value


def category_of(value: int) -> Category:
    return Category(value >> CATEGORY_SHIFT)


def ranks_of(value: int) -> tuple[Rank, ...]:
    """The five deciding rank nibbles of a packed value, most significant first."""
    return tuple(Rank((value >> shift) & 0xF) for shift in (16, 12, 8, 4, 0))


@total_ordering
@dataclass(frozen=True, eq=False, slots=True)
class HandStrength:
    """A hand's strength, its category and the five cards that make it.

    Ordered and compared by ``value`` alone: two strengths are equal exactly
    when the hands tie, whatever cards make them.
    """

    value: int
    category: Category
    cards: tuple[Card, ...]
    description: str = ""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandStrength):
            return NotImplemented
        return self.value == other.value

    def __lt__(self, other: HandStrength) -> bool:
        return self.value < other.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __str__(self) -> str:
        return f"{self.value}\t{self.category.words}\t{format_cards(self.cards)}"
