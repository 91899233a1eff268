"""From a value back to the cards that make it and the words players say.

Evaluators return a bare ``int`` on their fast paths; a showdown needs the
five cards used and a sentence. Both are derived from the value's rank
nibbles (see ``strength``), so they can never disagree with the value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pokernight.cards import CARDS, SUIT_FIELD_MASK, Card, Rank, Suit
from pokernight.evaluate.strength import (
    CATEGORY_SHIFT,
    RANK_MASK,
    Category,
    HandStrength,
    category_of,
    pack,
    ranks_of,
)
from pokernight.evaluate.tables import (
    FLUSH_SUIT_BY_KEY,
    HAND_SIZE,
    LOW_BADNESS_BY_VALUE,
    MAX_CARDS,
)

# How many cards each deciding rank contributes, in nibble order.
GROUP_SIZES: Final[dict[int, tuple[int, ...]]] = {
    Category.HIGH_CARD: (1, 1, 1, 1, 1),
    Category.ONE_PAIR: (2, 1, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.FLUSH: (1, 1, 1, 1, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.FOUR_OF_A_KIND: (4, 1),
    Category.FIVE_OF_A_KIND: (5,),
}
STRAIGHTS: Final = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
FLUSHES: Final = (Category.FLUSH, Category.STRAIGHT_FLUSH)
NIBBLE: Final = 0xF  # one rank of a packed value (``strength.ranks_of``)
# A card's rank by a dictionary lookup: ``Card.rank`` is a property call.
RANK_OF: Final = {card: int(card.rank) for card in CARDS}
# "of a kind" stays lower case, so str.title() will not do.
TITLES: Final = {
    category: category.words.title().replace(" Of A ", " of a ") for category in Category
}


def straight_ranks(top: Rank) -> tuple[Rank, ...]:
    """The five ranks of the straight topped by ``top`` (the wheel tops at Five)."""
    return tuple(Rank(top - step) if top >= step else Rank.ACE for step in range(5))


# ``straight_ranks`` of every top, packed in nibbles like a value's ranks, so that
# ``cards_used`` reads a straight's ranks as it reads any hand's, without building Rank
# members (each a call into the enum module); a straight takes one card of each.
STRAIGHT_RANKS: Final = tuple(pack(Category.HIGH_CARD, straight_ranks(top)) for top in Rank)
STRAIGHT_SIZES: Final[tuple[int, ...]] = (1,) * HAND_SIZE


def pick_cards(
    cards: Sequence[Card], groups: Sequence[tuple[int, int]], limit: int
) -> tuple[Card, ...]:
    """Take ``count`` cards of each ``rank`` in turn, highest suit first, up to ``limit``."""
    ordered = sorted(cards, reverse=True)
    chosen: list[Card] = []
    for rank, count in groups:
        wanted = min(count, limit - len(chosen))
        for card in ordered:
            if wanted <= 0:
                break
            if RANK_OF[card] == rank:
                chosen.append(card)
                wanted -= 1
    return tuple(chosen)


def flush_suit(cards: Sequence[Card]) -> Suit:
    """The suit holding five or more of the cards."""
    return max(Suit, key=lambda suit: sum(card.suit == suit for card in cards))


def cards_used(value: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The (up to) five cards of ``cards`` that make the high hand ``value``."""
    # Every showdown names its winners' five, so this is on the engine's path: it reads the
    # value's ranks in place and takes the cards of each from one sorted list, and calls no
    # builtin or Card property it can do without (either costs more than a line of it).
    category = value >> CATEGORY_SHIFT
    limit = len(cards) if len(cards) < HAND_SIZE else HAND_SIZE
    if category in FLUSHES:
        cards = _of_flush_suit(cards)
    if category in STRAIGHTS:
        ranks, sizes = STRAIGHT_RANKS[(value >> 16) & NIBBLE], STRAIGHT_SIZES
    else:
        ranks, sizes = value, GROUP_SIZES[category]
    ordered = sorted(cards, reverse=True)  # card codes order by rank, then suit
    chosen: list[Card] = []
    shift = 16
    for size in sizes:
        rank = (ranks >> shift) & NIBBLE
        shift -= 4
        wanted = size
        for card in ordered:
            if RANK_OF[card] == rank:
                chosen.append(card)
                wanted -= 1
                if not wanted:
                    break
        if len(chosen) >= limit:
            break
    return tuple(chosen[:limit])


def _of_flush_suit(cards: Sequence[Card]) -> list[Card]:
    """The cards of the suit holding five or more of them (``flush_suit``'s).

    Up to seven cards, the suit key of their sum counts each suit, and a card of suit ``s``
    has the bit ``1 << 3s``: a table read and a mask instead of a count per suit.
    """
    if len(cards) <= MAX_CARDS:
        suit = FLUSH_SUIT_BY_KEY[sum(cards) & SUIT_FIELD_MASK]
        if suit >= 0:
            bit = 1 << (3 * suit)
            return [card for card in cards if card & bit]
    suit = flush_suit(cards)
    return [card for card in cards if card.suit == suit]


def high_words(value: int) -> str:
    """ "Full House, Kings full of Fives", "Straight, Five high", "Flush, Ace high"."""
    category = category_of(value)
    # The two ranks a name says, not ``ranks_of``'s five: each is a call into the enum module.
    first, second = Rank((value >> 16) & NIBBLE), Rank((value >> 12) & NIBBLE)
    title = TITLES[category]
    if category is Category.STRAIGHT_FLUSH and first is Rank.ACE:
        return "Royal Flush"
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH, Category.FLUSH):
        return f"{title}, {first.word} high"
    if category is Category.FULL_HOUSE:
        return f"{title}, {first.plural} full of {second.plural}"
    if category is Category.TWO_PAIR:
        return f"{title}, {first.plural} and {second.plural}"
    if category is Category.HIGH_CARD:
        return f"{title}, {first.word}"
    return f"{title}, {first.plural}"


def describe_high(value: int, cards: Sequence[Card]) -> HandStrength:
    """The full strength of high hand ``value`` made from ``cards``."""
    return HandStrength(value, category_of(value), cards_used(value, cards), high_words(value))


def low_groups(value: int, size: int) -> tuple[Category, list[tuple[Rank, int]]]:
    """The pairing category of an A-5 low and its (rank, count) groups, worst first."""
    badness = int(LOW_BADNESS_BY_VALUE[value & RANK_MASK])
    category = Category(badness >> CATEGORY_SHIFT)
    # Low ranks count the Ace as 0: shift them back to natural ranks.
    ranks = [Rank((low_rank - 1) % 13) for low_rank in ranks_of(badness)]
    groups = list(zip(ranks, GROUP_SIZES[category], strict=False))
    taken = 0
    for index, (_, count) in enumerate(groups):
        taken += count
        if taken >= size:
            return category, groups[: index + 1]
    return category, groups


def low_words(category: Category, groups: Sequence[tuple[Rank, int]]) -> str:
    """ "7-5-4-2-A low", "Pair of Twos low", "Two Pair, Fives and Twos low"."""
    first = groups[0][0]
    second = groups[1][0] if len(groups) > 1 else first
    if category is Category.HIGH_CARD:
        return "-".join(rank.symbol for rank, _ in groups) + " low"
    if category is Category.ONE_PAIR:
        return f"Pair of {first.plural} low"
    return f"{high_words(category << CATEGORY_SHIFT | first << 16 | second << 12)} low"


def low_cards_used(value: int, cards: Sequence[Card]) -> tuple[Card, ...]:
    """The (up to) five cards of ``cards`` that make the A-5 low ``value``."""
    size = min(HAND_SIZE, len(cards))
    return pick_cards(cards, low_groups(value, size)[1], size)


def describe_low(value: int, cards: Sequence[Card]) -> HandStrength:
    """The full strength of A-5 low ``value`` made from ``cards``."""
    size = min(HAND_SIZE, len(cards))
    category, groups = low_groups(value, size)
    return HandStrength(
        value, Category.LOW, pick_cards(cards, groups, size), low_words(category, groups)
    )
