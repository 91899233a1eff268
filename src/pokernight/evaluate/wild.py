"""The wild-card evaluator (Follow the Queen): best hand when some ranks are wild.

A wild card stands for any rank and any suit, even a card the hand already
holds, so five of a kind exists (above a straight flush) and a flush may hold
two aces. Values live in the same integer space as the high evaluator (see
``strength``); with no wild card in the hand they are exactly the high values.

Method: analytic, never substitution. The wild cards are taken out; what is
left is described by two keys the card encoding gives almost for free:

- ``sum(naturals) >> SUIT_BITS``: the base-5 rank counts of the naturals. With
  the number of wilds ``k`` it decides every category except the flushes, so
  that value is memoised per (rank counts, k).
- the 13-bit rank mask of one suit: with ``k`` it decides that suit's best
  flush or straight flush, memoised per (mask, k).

A suit is looked at only when its natural count plus ``k`` reaches five (read
from the suit counters of the same sum), and the hand's value is the larger of
the two. There is no early exit on a flush: with wilds a flush can coexist
with four or five of a kind.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from pokernight.cards import CARDS, SUIT_BITS, SUIT_FIELD_MASK, Card, Rank
from pokernight.evaluate.strength import Category, HandStrength, pack, ranks_of

MAX_CARDS: Final = 8
HAND_SIZE: Final = 5
ACE: Final = int(Rank.ACE)
FIVE: Final = int(Rank.FIVE)
RANK_COUNT: Final = 13
RANK_MASK_ALL: Final = (1 << RANK_COUNT) - 1
WHEEL_MASK: Final = 1 << ACE | 0b1111
FIVE_ACES: Final = pack(Category.FIVE_OF_A_KIND, (ACE,))
# Above this many naturals the 3-bit suit counters of a summed hand overflow.
MAX_COUNTED_NATURALS: Final = 7

_DESCENDING: Final = tuple(range(ACE, -1, -1))
_STRAIGHT_TOPS: Final = tuple(range(ACE, FIVE - 1, -1))
_GROUPS_ABOVE_STRAIGHT: Final = (
    (Category.FIVE_OF_A_KIND, (5,)),
    (Category.FOUR_OF_A_KIND, (4,)),
    (Category.FULL_HOUSE, (3, 2)),
)
_GROUPS_BELOW_STRAIGHT: Final = (
    (Category.THREE_OF_A_KIND, (3,)),
    (Category.TWO_PAIR, (2, 2)),
    (Category.ONE_PAIR, (2,)),
    (Category.HIGH_CARD, ()),
)

# Lazily filled memo tables; their key spaces are bounded (rank multisets of at
# most eight cards, 13-bit masks, 4,096 suit-counter fields), so no eviction.
_WILD_CARDS: dict[frozenset[int], frozenset[Card]] = {}
_RANK_VALUES: Final[tuple[dict[int, int], ...]] = tuple({} for _ in range(HAND_SIZE))
_SUIT_VALUES: Final[tuple[dict[int, int], ...]] = tuple({} for _ in range(HAND_SIZE))
_FLUSH_SUITS: Final[tuple[dict[int, tuple[int, ...]], ...]] = tuple({} for _ in range(HAND_SIZE))
_ALL_SUITS: Final = tuple(range(4))
# One bit per card, suit-major, so that summing distinct cards gives all four suit masks.
_SUIT_RANK_BIT: Final = {card: 1 << (RANK_COUNT * card.suit + card.rank) for card in CARDS}


def wild_value(cards: Sequence[Card], wild_ranks: Collection[int]) -> int:
    """The packed value of the best hand in 1 to 8 distinct ``cards``.

    Every card whose rank is in ``wild_ranks`` is wild.
    """
    if not 0 < len(cards) <= MAX_CARDS:
        raise ValueError(f"a hand has 1 to {MAX_CARDS} cards, not {len(cards)}")
    wild = wild_cards(wild_ranks)
    naturals = [card for card in cards if card not in wild]
    wilds = len(cards) - len(naturals)
    if wilds >= HAND_SIZE:
        return FIVE_ACES
    total = sum(naturals)
    by_ranks = _RANK_VALUES[wilds]
    value = by_ranks.get(total >> SUIT_BITS)
    if value is None:
        value = by_ranks[total >> SUIT_BITS] = _rank_value(total >> SUIT_BITS, wilds)
    if len(naturals) > MAX_COUNTED_NATURALS:
        suits: tuple[int, ...] = _ALL_SUITS
    else:
        suits = _flush_suits(total & SUIT_FIELD_MASK, wilds)
    if suits:
        masks = sum(map(_SUIT_RANK_BIT.__getitem__, naturals))
        for suit in suits:
            value = max(value, _suit_value(masks >> (RANK_COUNT * suit) & RANK_MASK_ALL, wilds))
    return value


def evaluate_wild(cards: Sequence[Card], wild_ranks: Collection[int]) -> HandStrength:
    """The best hand with its category, the cards that make it and its name."""
    value = wild_value(cards, wild_ranks)
    wild = wild_cards(wild_ranks)
    category = Category(value >> 20)
    ranks = _made_ranks(value, min(HAND_SIZE, len(cards)))
    used = _cards_making(cards, wild, ranks, category)
    return HandStrength(value, category, used, _describe(value, used, wild))


def wild_cards(wild_ranks: Collection[int]) -> frozenset[Card]:
    """The cards that are wild when ``wild_ranks`` are."""
    key = wild_ranks if isinstance(wild_ranks, frozenset) else frozenset(wild_ranks)
    found = _WILD_CARDS.get(key)
    if found is None:
        for rank in key:
            if not 0 <= rank <= ACE:
                raise ValueError(f"{rank} is not a rank (0 = Two to 12 = Ace)")
        found = _WILD_CARDS[key] = frozenset(card for card in CARDS if card.rank in key)
    return found


def _flush_suits(suit_field: int, wilds: int) -> tuple[int, ...]:
    """The suits whose natural count plus the wilds reaches five."""
    by_field = _FLUSH_SUITS[wilds]
    suits = by_field.get(suit_field)
    if suits is None:
        suits = by_field[suit_field] = tuple(
            suit for suit in _ALL_SUITS if (suit_field >> 3 * suit & 7) + wilds >= HAND_SIZE
        )
    return suits


def _suit_value(mask: int, wilds: int) -> int:
    by_mask = _SUIT_VALUES[wilds]
    value = by_mask.get(mask)
    if value is None:
        value = by_mask[mask] = _flush_value(mask, wilds)
    return value


def _flush_value(mask: int, wilds: int) -> int:
    """Best straight flush or flush of one suit; 0 when that suit cannot make five."""
    if mask.bit_count() + wilds < HAND_SIZE:
        return 0
    top = _straight_top(mask, wilds)
    if top is not None:
        return pack(Category.STRAIGHT_FLUSH, (top,))
    # Spare wilds become aces of the suit, even beside a natural ace.
    ranks = [ACE] * wilds + [rank for rank in _DESCENDING if mask >> rank & 1]
    return pack(Category.FLUSH, ranks[:HAND_SIZE])


def _straight_top(mask: int, wilds: int) -> int | None:
    """Top rank of the best five-rank run that ``wilds`` can complete in ``mask``."""
    for top in _STRAIGHT_TOPS:
        window = WHEEL_MASK if top == FIVE else 0b11111 << (top - 4)
        if (window & ~mask).bit_count() <= wilds:
            return top
    return None


def _rank_value(rank_key: int, wilds: int) -> int:
    """Best hand that does not need a flush, from the naturals' rank counts and the wilds."""
    counts = [rank_key // 5**rank % 5 for rank in range(RANK_COUNT)]
    size = min(HAND_SIZE, sum(counts) + wilds)
    value = _best_grouped(counts, wilds, size, _GROUPS_ABOVE_STRAIGHT)
    if value is not None:
        return value
    if size == HAND_SIZE:
        present = sum(1 << rank for rank in range(RANK_COUNT) if counts[rank])
        top = _straight_top(present, wilds)
        if top is not None:
            return pack(Category.STRAIGHT, (top,))
    value = _best_grouped(counts, wilds, size, _GROUPS_BELOW_STRAIGHT)
    # High card (the empty grouping) is always possible.
    assert value is not None
    return value


def _best_grouped(
    counts: list[int],
    wilds: int,
    size: int,
    groupings: tuple[tuple[Category, tuple[int, ...]], ...],
) -> int | None:
    """Value of the first grouping (best first) that the hand can make, or None."""
    for category, shape in groupings:
        if sum(shape) > size:
            continue
        found = _group_ranks(counts, wilds, shape, ())
        if found is not None:
            group_ranks, wilds_left = found
            kickers = [ACE] * wilds_left + _leftover_ranks(counts, group_ranks, shape)
            return pack(category, [*group_ranks, *kickers[: size - sum(shape)]])
    return None


def _group_ranks(
    counts: list[int], wilds: int, shape: tuple[int, ...], taken: tuple[int, ...]
) -> tuple[tuple[int, ...], int] | None:
    """Highest ranks (lexicographically) for the groups in ``shape``, and the wilds left.

    Each group uses its naturals first: a wild saved is an ace kicker, which is
    never worse than the natural it would have replaced.
    """
    if not shape:
        return (), wilds
    for rank in _DESCENDING:
        if rank in taken:
            continue
        needed = max(0, shape[0] - counts[rank])
        if needed <= wilds:
            rest = _group_ranks(counts, wilds - needed, shape[1:], (*taken, rank))
            if rest is not None:
                return (rank, *rest[0]), rest[1]
    return None


def _leftover_ranks(
    counts: list[int], group_ranks: tuple[int, ...], shape: tuple[int, ...]
) -> list[int]:
    """Ranks of the naturals not used by the groups, highest first."""
    left = list(counts)
    for rank, group_size in zip(group_ranks, shape, strict=True):
        left[rank] -= min(left[rank], group_size)
    return [rank for rank in _DESCENDING for _ in range(left[rank])]


def _made_ranks(value: int, size: int) -> list[int]:
    """The ranks of the ``size`` cards a packed value stands for, in showing order."""
    category = Category(value >> 20)
    first, second, third, fourth, fifth = (int(rank) for rank in ranks_of(value))
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        ranks = [3, 2, 1, 0, ACE] if first == FIVE else list(range(first, first - 5, -1))
    elif category is Category.FIVE_OF_A_KIND:
        ranks = [first] * 5
    elif category is Category.FOUR_OF_A_KIND:
        ranks = [first] * 4 + [second]
    elif category is Category.FULL_HOUSE:
        ranks = [first] * 3 + [second] * 2
    elif category is Category.THREE_OF_A_KIND:
        ranks = [first] * 3 + [second, third]
    elif category is Category.TWO_PAIR:
        ranks = [first] * 2 + [second] * 2 + [third]
    elif category is Category.ONE_PAIR:
        ranks = [first] * 2 + [second, third, fourth]
    else:
        ranks = [first, second, third, fourth, fifth]
    return ranks[:size]


def _cards_making(
    cards: Sequence[Card], wild: frozenset[Card], ranks: list[int], category: Category
) -> tuple[Card, ...]:
    """The dealt cards that make ``ranks``: naturals where held, wilds for the rest."""
    flush = category in (Category.FLUSH, Category.STRAIGHT_FLUSH)
    for suit in _ALL_SUITS if flush else (None,):
        used = _pick(cards, wild, ranks, suit)
        if used is not None:
            return used
    raise AssertionError(f"no cards make {ranks} from {cards}")


def _pick(
    cards: Sequence[Card], wild: frozenset[Card], ranks: list[int], suit: int | None
) -> tuple[Card, ...] | None:
    naturals = [card for card in cards if card not in wild]
    wilds = [card for card in cards if card in wild]
    used: list[Card] = []
    for rank in ranks:
        match = next(
            (c for c in naturals if c.rank == rank and suit in (None, c.suit)),
            None,
        )
        if match is not None:
            naturals.remove(match)
            used.append(match)
        elif wilds:
            used.append(wilds.pop(0))
        else:
            return None
    return tuple(used)


def _describe(value: int, used: tuple[Card, ...], wild: frozenset[Card]) -> str:
    name = _hand_name(value)
    wilds_used = [str(card) for card in used if card in wild]
    return f"{name} (wild: {' '.join(wilds_used)})" if wilds_used else name


def _hand_name(value: int) -> str:
    category = Category(value >> 20)
    first, second = (ranks_of(value)[i] for i in (0, 1))
    if category is Category.STRAIGHT_FLUSH and first == ACE:
        return "Royal Flush"
    names = {
        Category.FIVE_OF_A_KIND: f"Five of a Kind, {first.plural}",
        Category.STRAIGHT_FLUSH: f"Straight Flush, {first.word} high",
        Category.FOUR_OF_A_KIND: f"Four of a Kind, {first.plural}",
        Category.FULL_HOUSE: f"Full House, {first.plural} over {second.plural}",
        Category.FLUSH: "Flush, " + "-".join(rank.word for rank in ranks_of(value)),
        Category.STRAIGHT: f"Straight, {first.word} high",
        Category.THREE_OF_A_KIND: f"Three of a Kind, {first.plural}",
        Category.TWO_PAIR: f"Two Pair, {first.plural} and {second.plural}",
        Category.ONE_PAIR: f"Pair of {first.plural}",
        Category.HIGH_CARD: f"High Card, {first.word}",
    }
    return names[category]


__all__ = ["evaluate_wild", "wild_cards", "wild_value"]
