"""Badugi: the best hand is four cards of four suits and four ranks, aces low.

From four cards a player keeps the largest set with no two cards of one suit or one
rank (a four-card hand, "a badugi", beats any three-card hand, which beats any
two-card hand); among sets of one size the lower highest card wins, then the next
(Robert's Rules, "Badugi"). A-2-3-4 of four suits is the nuts. A higher value is a
better badugi hand; it is only ever compared with another badugi value.

At most fifteen subsets of four cards: each is tried, largest first, a subset's ranks
and suits read as bit masks (the bots play hundreds of thousands of badugi hands a run).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from pokernight.cards import CARDS, Card, Rank
from pokernight.evaluate.high import check_hand
from pokernight.evaluate.strength import Category, HandStrength

HAND_SIZE: Final = 4
SIZE_SHIFT: Final = 16


def low_rank(rank: int) -> int:
    """Aces low: the Ace 0, the Two 1, ... the King 12."""
    return (rank + 1) % 13


_LOW_OF: Final = {card: low_rank(card.rank) for card in CARDS}
_MASKS: Final = {card: (1 << card.rank, 1 << card.suit) for card in CARDS}
# For each hand size, the subsets of its card positions by size, largest first.
_SUBSETS: Final = {
    count: [list(combinations(range(count), size)) for size in range(count, 0, -1)]
    for count in range(HAND_SIZE + 1)
}


def _value(cards: Sequence[Card]) -> int:
    """A set of distinct suits and ranks: its size, then from its highest card down,
    ``12 - low rank`` a nibble each, so a lower card is a larger nibble."""
    lows = sorted((_LOW_OF[card] for card in cards), reverse=True)
    value = len(cards) << SIZE_SHIFT
    for place, low in enumerate(lows):
        value |= (12 - low) << (4 * (3 - place))
    return value


def best_badugi(cards: Sequence[Card]) -> tuple[Card, ...]:
    """The cards a player keeps from 1 to 4 distinct cards; not checked. Of two sets alike
    the first in ``combinations`` order."""
    masks = [_MASKS[card] for card in cards]
    for subsets in _SUBSETS[len(cards)]:
        best: tuple[Card, ...] = ()
        best_value = -1
        for chosen in subsets:
            ranks = suits = 0
            for index in chosen:
                ranks |= masks[index][0]
                suits |= masks[index][1]
            if ranks.bit_count() == suits.bit_count() == len(chosen):
                kept = tuple(cards[index] for index in chosen)
                value = _value(kept)
                if value > best_value:
                    best, best_value = kept, value
        if best:
            return best
    return ()


def badugi_value(cards: Sequence[Card]) -> int:
    """The badugi value of 1 to 4 distinct cards (higher is better); not checked."""
    return _value(best_badugi(cards))


def evaluate_badugi(cards: Sequence[Card]) -> HandStrength:
    """The badugi strength of 1 to 4 cards: "Badugi, 7-5-3-A", "Three cards, 8-4-2"."""
    check_hand(cards, 1, HAND_SIZE)
    kept = tuple(sorted(best_badugi(cards), key=lambda card: low_rank(card.rank), reverse=True))
    ranks = "-".join(Rank(card.rank).symbol for card in kept)
    title = "Badugi" if len(kept) == HAND_SIZE else f"{_COUNT_WORDS[len(kept)]} card"
    if len(kept) > 1 and len(kept) < HAND_SIZE:
        title += "s"
    return HandStrength(_value(kept), Category.LOW, kept, f"{title}, {ranks}")


_COUNT_WORDS: Final = {1: "One", 2: "Two", 3: "Three"}
