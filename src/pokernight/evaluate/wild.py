"""The wild-card evaluator: best hand when some ranks are wild (Follow the Queen,
Baseball, deuces wild).

A wild card stands for any rank and any suit, even a card the hand already
holds, so five of a kind exists (above a straight flush) and a flush may hold
two aces. Values live in the same integer space as the high evaluator (see
``strength``); with no wild card in the hand they are exactly the high values.

Method: analytic, never substitution. For each set of wild ranks every card
gets its own code, and one ``sum`` of a hand's codes gives all the evaluator
needs (each field is a counter or a bit set that never carries into the next,
since a hand holds at most eleven cards: Baseball's seven and an extra down card for
each of four fours dealt face up; no count reaches 16)::

    bits  0..15   four 4-bit counters: naturals of each suit (clubs lowest)
    bits 16..19   the number of wild cards, k
    bits 20..51   base-5 digits: naturals of each rank (Two lowest)
    bits 52..103  13 bits per suit: which ranks of that suit the naturals hold

- bits 16..51 (rank counts and k) decide every category but the flushes;
  that value is memoised per key.
- bits 0..19 (suit counts and k) say which suits can reach five cards; only
  those suits' 13-bit masks are looked at, each memoised per (mask, k) to its
  best straight flush or flush.

The hand's value is the larger of the two: with wilds a flush can coexist with
four or five of a kind, so there is no early exit on a flush.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from pokernight.cards import CARDS, Card, CardError, Rank, ensure_distinct
from pokernight.evaluate.strength import Category, HandStrength, category_of, pack, ranks_of

MAX_CARDS: Final = 11
HAND_SIZE: Final = 5
ACE: Final = int(Rank.ACE)
FIVE: Final = int(Rank.FIVE)
RANK_COUNT: Final = 13
SUIT_COUNT: Final = 4
RANK_MASK_ALL: Final = (1 << RANK_COUNT) - 1
WHEEL_MASK: Final = 1 << ACE | 0b1111

# The fields of a summed hand code (see the module docstring).
SUIT_COUNTER_BITS: Final = 4
WILDS_SHIFT: Final = 16
WILD_COUNT_BITS: Final = 4
WILD_COUNT_MASK: Final = (1 << WILD_COUNT_BITS) - 1
RANKS_SHIFT: Final = WILDS_SHIFT + WILD_COUNT_BITS
# 5**13 < 2**31: the rank digits fit in 32 bits.
MASKS_SHIFT: Final = RANKS_SHIFT + 32
FLUSH_KEY_MASK: Final = (1 << RANKS_SHIFT) - 1
RANK_KEY_MASK: Final = (1 << (MASKS_SHIFT - WILDS_SHIFT)) - 1
WILD_CODE: Final = 1 << WILDS_SHIFT

_DESCENDING: Final = tuple(range(ACE, -1, -1))
_STRAIGHT_TOPS: Final = tuple(range(ACE, FIVE - 1, -1))
_ALL_SUITS: Final = tuple(range(SUIT_COUNT))
_POWERS_OF_FIVE: Final[tuple[int, ...]] = tuple(5**rank for rank in range(RANK_COUNT))
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

CardCode = Callable[[Card], int]
Hands = npt.NDArray[np.intp]
Values = npt.NDArray[np.int64]
NO_CARD: Final = len(CARDS)  # the batch path's padding: a card index that adds nothing

# Lazily filled memo tables. Their key spaces are bounded (sets of wild ranks,
# rank multisets of at most eight cards, suit counts, 13-bit masks), so they
# are never evicted.
_CODES: dict[Collection[int], CardCode] = {}
_WILD_CARDS: dict[frozenset[int], frozenset[Card]] = {}
_RANK_VALUES: dict[int, int] = {}
_FLUSH_SUITS: dict[int, tuple[int, ...]] = {}
_SUIT_VALUES: dict[int, int] = {}
# The batch path's codes per set of wild ranks, split in two 64-bit halves: bits 0..51
# of a card's code, and its rank bit per suit (bits 52..103) shifted down.
_BATCH_CODES: dict[frozenset[int], tuple[Values, Values]] = {}
# The batch path's flush values by suit key (a 13-bit mask and a 4-bit wild count), -1 not
# yet worked out.
_SUIT_TABLE: Values = np.full(1 << (RANK_COUNT + WILD_COUNT_BITS), -1, dtype=np.int64)


def wild_value(cards: Sequence[Card], wild_ranks: Collection[int]) -> int:
    """The packed value of the best hand in 1 to 11 distinct ``cards``.

    Every card whose rank is in ``wild_ranks`` is wild. The fast path: the
    cards are not checked for duplicates (see ``evaluate_wild``).
    """
    if not 0 < len(cards) <= MAX_CARDS:
        raise CardError(f"a hand has 1 to {MAX_CARDS} cards, not {len(cards)}")
    try:
        code = _CODES[wild_ranks]
    except (KeyError, TypeError):  # a new set of wild ranks, or an unhashable one
        code = _card_code(wild_ranks)
    try:
        total = sum(map(code, cards))
    except KeyError as error:
        raise CardError(f"{error.args[0]!r} is not a card") from None
    rank_key = total >> WILDS_SHIFT & RANK_KEY_MASK
    value = _RANK_VALUES.get(rank_key)
    if value is None:
        value = _memo_rank_value(rank_key)
    flush_key = total & FLUSH_KEY_MASK
    suits = _FLUSH_SUITS.get(flush_key)
    if suits is None:
        suits = _FLUSH_SUITS[flush_key] = _flush_suits(flush_key)
    if suits:
        wilds = flush_key >> WILDS_SHIFT
        masks = total >> MASKS_SHIFT
        for suit in suits:
            suit_key = (masks >> RANK_COUNT * suit & RANK_MASK_ALL) << WILD_COUNT_BITS | wilds
            suit_value = _suit_value(suit_key)
            value = max(value, suit_value)
    return value


def batch_wild_values(
    hands: Hands, wild_sets: Sequence[Collection[int]], which: Hands | None = None
) -> Values:
    """``wild_value`` of each row of an (N, k) array of card indices, its wild ranks
    ``wild_sets[which[row]]`` (without ``which``: every row's the first set's), ``NO_CARD``
    padding rows of fewer cards (Baseball's extra cards make hands unequal). Unchecked, as
    the fast path: the codes are summed by numpy, the memoised values read once per row."""
    codes = [_batch_codes(frozenset(wild_ranks)) for wild_ranks in wild_sets]
    if which is None:
        low_codes, mask_codes = codes[0][0][hands], codes[0][1][hands]
    else:
        rows = which[:, None]
        low_codes = np.stack([low for low, _ in codes])[rows, hands]
        mask_codes = np.stack([masks for _, masks in codes])[rows, hands]
    totals = low_codes.sum(axis=1)
    rank_keys = (totals >> WILDS_SHIFT & RANK_KEY_MASK).tolist()
    known = _RANK_VALUES.get
    values = [known(key) for key in rank_keys]
    if None in values:
        values = [_memo_rank_value(key) if value is None else value
                  for key, value in zip(rank_keys, values, strict=True)]  # fmt: skip
    result: Values = np.array(values, dtype=np.int64)
    wilds = totals >> WILDS_SHIFT & WILD_COUNT_MASK
    masks = mask_codes.sum(axis=1)
    for suit in _ALL_SUITS:
        naturals = totals >> SUIT_COUNTER_BITS * suit & (1 << SUIT_COUNTER_BITS) - 1
        rows = np.flatnonzero(naturals + wilds >= HAND_SIZE)
        if len(rows):
            keys = (masks[rows] >> RANK_COUNT * suit & RANK_MASK_ALL) << WILD_COUNT_BITS
            result[rows] = np.maximum(result[rows], _suit_values(keys | wilds[rows]))
    return result


def _suit_values(keys: Values) -> Values:
    """``_suit_value`` of each key, read from a dense table (every key fits in 17 bits),
    the missing ones worked out once."""
    values = _SUIT_TABLE[keys]
    missing = values < 0
    if missing.any():
        for key in np.unique(keys[missing]).tolist():
            _SUIT_TABLE[key] = _suit_value(key)
        values = _SUIT_TABLE[keys]
    return values


def _memo_rank_value(rank_key: int) -> int:
    value = _RANK_VALUES[rank_key] = _rank_value(rank_key)
    return value


def _suit_value(suit_key: int) -> int:
    value = _SUIT_VALUES.get(suit_key)
    if value is None:
        value = _SUIT_VALUES[suit_key] = _flush_value(
            suit_key >> WILD_COUNT_BITS, suit_key & WILD_COUNT_MASK
        )
    return value


def _batch_codes(wild_ranks: frozenset[int]) -> tuple[Values, Values]:
    codes = _BATCH_CODES.get(wild_ranks)
    if codes is None:
        code = _card_code(wild_ranks)
        full = [code(card) for card in CARDS] + [0]  # NO_CARD
        low = np.array([value & (1 << MASKS_SHIFT) - 1 for value in full], dtype=np.int64)
        masks = np.array([value >> MASKS_SHIFT for value in full], dtype=np.int64)
        codes = _BATCH_CODES[wild_ranks] = (low, masks)
    return codes


def evaluate_wild(cards: Sequence[Card], wild_ranks: Collection[int]) -> HandStrength:
    """The best hand with its category, the cards that make it and its name.

    Unlike the fast path, this refuses a hand that holds a card twice.
    """
    ensure_distinct(cards)
    value = wild_value(cards, wild_ranks)
    wild = wild_cards(wild_ranks)
    used = wild_cards_used(value, cards, wild_ranks)
    return HandStrength(value, category_of(value), used, _describe(value, used, wild))


def wild_cards_used(
    value: int, cards: Sequence[Card], wild_ranks: Collection[int]
) -> tuple[Card, ...]:
    """The (up to) five of ``cards`` that make ``value`` (their ``wild_value``): naturals
    where the hand holds them, a wild card for each rank or suit it stands for."""
    ranks = _made_ranks(value, min(HAND_SIZE, len(cards)))
    return _cards_making(cards, wild_cards(wild_ranks), ranks, category_of(value))


def wild_cards(wild_ranks: Collection[int]) -> frozenset[Card]:
    """The cards that are wild when ``wild_ranks`` are."""
    key = frozenset(wild_ranks)
    found = _WILD_CARDS.get(key)
    if found is None:
        for rank in key:
            if not 0 <= rank <= ACE:
                raise ValueError(f"{rank} is not a rank (0 = Two to 12 = Ace)")
        found = _WILD_CARDS[key] = frozenset(card for card in CARDS if card.rank in key)
    return found


def _card_code(wild_ranks: Collection[int]) -> CardCode:
    """The function from a card to its code when ``wild_ranks`` are wild."""
    key = frozenset(wild_ranks)
    code = _CODES.get(key)
    if code is None:
        wild = wild_cards(key)
        codes = {card: WILD_CODE if card in wild else _natural_code(card) for card in CARDS}
        _CODES[key] = code = codes.__getitem__
    return code


def _natural_code(card: Card) -> int:
    suit_count = 1 << SUIT_COUNTER_BITS * card.suit
    rank_count = _POWERS_OF_FIVE[card.rank] << RANKS_SHIFT
    rank_bit = 1 << MASKS_SHIFT + RANK_COUNT * card.suit + card.rank
    return suit_count | rank_count | rank_bit


def _flush_suits(flush_key: int) -> tuple[int, ...]:
    """The suits whose naturals plus the wilds reach five cards."""
    wilds = flush_key >> WILDS_SHIFT
    counter_mask = (1 << SUIT_COUNTER_BITS) - 1
    return tuple(
        suit
        for suit in _ALL_SUITS
        if (flush_key >> SUIT_COUNTER_BITS * suit & counter_mask) + wilds >= HAND_SIZE
    )


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


def _rank_value(rank_key: int) -> int:
    """Best hand that needs no flush, from the wild count and the naturals' rank counts."""
    wilds = rank_key & WILD_COUNT_MASK
    digits = rank_key >> WILD_COUNT_BITS
    counts = [digits // power % 5 for power in _POWERS_OF_FIVE]
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
    largest_first = sorted(counts, reverse=True)
    for category, shape in groupings:
        if sum(shape) > size or not _can_group(largest_first, wilds, shape):
            continue
        found = _group_ranks(counts, wilds, shape, ())
        if found is not None:
            group_ranks, wilds_left = found
            kickers = [ACE] * wilds_left + _leftover_ranks(counts, group_ranks, shape)
            return pack(category, [*group_ranks, *kickers[: size - sum(shape)]])
    return None


def _can_group(largest_first: list[int], wilds: int, shape: tuple[int, ...]) -> bool:
    """Whether any ranks can make the groups: the largest counts fill the largest groups.

    A cheap test that spares the rank search for the (many) groupings that fail.
    """
    needed = sum(max(0, group - count) for group, count in zip(shape, largest_first, strict=False))
    return needed <= wilds


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
    category = category_of(value)
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
    category = category_of(value)
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


__all__ = ["batch_wild_values", "evaluate_wild", "wild_cards", "wild_cards_used", "wild_value"]
