"""Short-deck (6+) hold'em hands: the 36 cards Six to Ace.

Two rules differ from the full deck's (PokerKit's ``ShortDeckHoldemLookup``, the oracle
of ``tests/test_evaluate_short_deck.py``): a flush beats a full house (with four ranks
fewer, a flush is the rarer hand), and the ace plays low below the Six, so A-6-7-8-9 is
the lowest straight. A straight still beats three of a kind, as in PokerKit (some rooms
rank three of a kind above it; docs/rules.md, Short-deck hold'em).

Values live in the high evaluator's integer space (``strength.pack``) with the flush and
the full house swapped: a flush is packed under ``Category.FULL_HOUSE``'s number and a full
house under ``Category.FLUSH``'s, so plain integer order is short-deck order, and
``standard_value`` swaps them back for the names and the cards a client raises. The low
straight is packed with its top card, the Nine.

Method: the sum of a hand's cards (``cards``: base-5 rank counts over 3-bit suit counters)
keys two memo tables, one for the rank multiset (every hand but a flush), one per suit
mask for the flushes; both key spaces are small (at most seven of 36 cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from pokernight.cards import SUIT_BITS, SUIT_FIELD_MASK, Card, CardError, Rank
from pokernight.evaluate.describe import high_words
from pokernight.evaluate.strength import CATEGORY_SHIFT, Category, HandStrength, pack

HAND_SIZE: Final = 5
MAX_CARDS: Final = 7
LOWEST: Final = int(Rank.SIX)
ACE: Final = int(Rank.ACE)
NINE: Final = int(Rank.NINE)
# The flush and the full house trade places (see the module docstring).
SHORT_FLUSH: Final = int(Category.FULL_HOUSE)
SHORT_FULL_HOUSE: Final = int(Category.FLUSH)
_SWAP: Final = {SHORT_FLUSH: SHORT_FULL_HOUSE, SHORT_FULL_HOUSE: SHORT_FLUSH}
_RANKS: Final = tuple(range(LOWEST, ACE + 1))
_DESCENDING: Final = _RANKS[::-1]
# Straights best first: ten-high to ace-high windows, then the ace-low A-6-7-8-9.
_STRAIGHTS: Final = (
    *((top, sum(1 << rank for rank in range(top - 4, top + 1))) for top in range(ACE, NINE, -1)),
    (NINE, sum(1 << rank for rank in (ACE, LOWEST, LOWEST + 1, LOWEST + 2, NINE))),
)

_BY_RANKS: dict[int, int] = {}
_BY_FLUSH_MASK: dict[int, int] = {}


def short_deck_value(cards: Sequence[Card]) -> int:
    """The short-deck value of the best five of 1 to 7 ``cards`` (not checked for
    duplicates: the engine's path; a card below the Six is refused)."""
    if not 0 < len(cards) <= MAX_CARDS:
        raise CardError(f"a hand has 1 to {MAX_CARDS} cards, not {len(cards)}")
    total = sum(cards)
    rank_key = total >> SUIT_BITS
    value = _BY_RANKS.get(rank_key)
    if value is None:
        value = _BY_RANKS[rank_key] = _rank_value(cards)
    suits = total & SUIT_FIELD_MASK
    for suit in range(4):
        if (suits >> 3 * suit) & 0b111 >= HAND_SIZE:
            mask = sum(1 << card.rank for card in cards if card.suit == suit)
            flush = _BY_FLUSH_MASK.get(mask)
            if flush is None:
                flush = _BY_FLUSH_MASK[mask] = _flush_value(mask)
            return max(value, flush)
    return value


def _rank_value(cards: Sequence[Card]) -> int:
    """The best hand of ``cards`` that is not a flush, from their ranks alone."""
    counts = [0] * 13
    for card in cards:
        if card.rank < LOWEST:
            raise CardError(f"{card} is not in the short deck (Six to Ace)")
        counts[card.rank] += 1
    size = min(HAND_SIZE, len(cards))
    by_count = sorted(_RANKS, key=lambda rank: (counts[rank], rank), reverse=True)
    first, second = by_count[0], by_count[1]
    if counts[first] == 4:
        return pack(Category.FOUR_OF_A_KIND, (first, *_kickers(counts, (first,), size - 4)))
    if counts[first] == 3 and counts[second] >= 2:
        return pack(SHORT_FULL_HOUSE, (first, second))
    top = _straight_top(sum(1 << rank for rank in _RANKS if counts[rank]))
    if top is not None:
        return pack(Category.STRAIGHT, (top,))
    if counts[first] == 3:
        return pack(Category.THREE_OF_A_KIND, (first, *_kickers(counts, (first,), size - 3)))
    if counts[first] == 2 and counts[second] == 2:
        kicker = _kickers(counts, (first, second), size - 4)
        return pack(Category.TWO_PAIR, (first, second, *kicker))
    if counts[first] == 2:
        return pack(Category.ONE_PAIR, (first, *_kickers(counts, (first,), size - 2)))
    return pack(Category.HIGH_CARD, _kickers(counts, (), size))


def _kickers(counts: list[int], used: tuple[int, ...], wanted: int) -> list[int]:
    return [rank for rank in _DESCENDING if counts[rank] and rank not in used][:wanted]


def _straight_top(mask: int) -> int | None:
    for top, window in _STRAIGHTS:
        if mask & window == window:
            return top
    return None


def _flush_value(mask: int) -> int:
    top = _straight_top(mask)
    if top is not None:
        return pack(Category.STRAIGHT_FLUSH, (top,))
    return pack(SHORT_FLUSH, [rank for rank in _DESCENDING if mask >> rank & 1][:HAND_SIZE])


def standard_value(value: int) -> int:
    """``value`` with the flush and the full house under their usual category numbers."""
    category = value >> CATEGORY_SHIFT
    swapped = _SWAP.get(category)
    if swapped is None:
        return value
    return swapped << CATEGORY_SHIFT | value & ((1 << CATEGORY_SHIFT) - 1)


def short_deck_category(value: int) -> Category:
    return Category(standard_value(value) >> CATEGORY_SHIFT)


def short_deck_words(value: int) -> str:
    """The hand's name: "Flush, Ace high", "Straight, Nine high" (A-6-7-8-9)."""
    return high_words(standard_value(value))


def short_deck_cards_used(value: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The (up to) five of ``cards`` that make ``value``: the first five found, best
    cards first (asked for a pot's winners only, so a search of at most 21 fives)."""
    ordered = sorted(cards, reverse=True)
    size = min(HAND_SIZE, len(ordered))
    for five in combinations(ordered, size):
        if short_deck_value(five) == value:
            return five
    raise AssertionError(f"no five of {cards} make {value}")


def evaluate_short_deck(cards: Sequence[Card]) -> HandStrength:
    value = short_deck_value(cards)
    return HandStrength(
        value, short_deck_category(value), short_deck_cards_used(value, cards),
        short_deck_words(value),
    )  # fmt: skip
