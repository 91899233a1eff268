"""The draw games' hands reduced to what their future depends on, for the bots' tables.

A hand that draws soundly (``standard_discards``) has a future that depends only on the
cards it keeps and the draws left, not on the cards it throws (leaving aside the few
cards anybody else holds or threw): its *state*. States are keyed up to what changes
the odds: the kept ranks and, from two kept cards, whether they are all of one suit
(a flush draw in Five-Card Draw, a flush to avoid in 2-7; a badugi's kept cards are
of different suits by definition).

Hands compare through their *percentile*: the share of the game's final hands (every
hand drawing soundly from a fresh deal to the end) below it, ties counting half. The
tables hold distributions over bins of percentiles, narrower towards the top where the
hands that win are told apart (bin ``k`` ends at ``1 - (1 - k/BINS)**2``).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokernight.cards import Card, Rank
from pokernight.equity.draws import standard_discards

BINS: Final = 48
EDGES: Final = 1 - (1 - np.linspace(0, 1, BINS + 1)) ** 2
DRAW_CAP: Final = 3  # a draw of three cards or more reads as one: drawing to little
_RANK_BASE: Final = 14
_SUITED: Final = _RANK_BASE**5


@dataclass(frozen=True, slots=True)
class DrawGame:
    """A draw game's shape, all the tables depend on."""

    showdown: str  # "high", "deuce7" or "badugi"
    draws: int
    hand_size: int

    @property
    def name(self) -> str:
        return f"{self.showdown}{self.draws}"


GAMES: Final = (DrawGame("high", 1, 5), DrawGame("deuce7", 3, 5), DrawGame("badugi", 3, 4))


def game_of(showdown: str, draws: int, hand_size: int) -> DrawGame | None:
    wanted = DrawGame(showdown, draws, hand_size)
    return wanted if wanted in GAMES else None


def every_kept_set(game: DrawGame) -> Iterator[tuple[Card, ...]]:
    """The kept sets a sound lowball hand may draw to: in Badugi up to three cards of
    different ranks (a broken badugi keeps any three below its face card), in 2-7 up to
    four different ranks to a nine, suited or not. Five-Card Draw's rare ones draw one or
    two cards on its only draw: played out exactly when met."""
    if game.showdown == "badugi":
        for size in range(game.hand_size):
            for ranks in combinations(range(13), size):
                yield tuple(Card.of(rank, place) for place, rank in enumerate(ranks))
    elif game.showdown == "deuce7":
        for size in range(game.hand_size):
            for ranks in combinations(range(Rank.NINE + 1), size):
                yield tuple(Card.of(rank, place % 4) for place, rank in enumerate(ranks))
                if size >= 2:
                    yield tuple(Card.of(rank, 0) for rank in ranks)


def kept_cards(cards: Sequence[Card], showdown: str) -> tuple[Card, ...]:
    throw = standard_discards(cards, showdown)
    return tuple(card for card in cards if card not in throw)


def canonical(kept: Sequence[Card]) -> tuple[Card, ...]:
    """The kept cards with suits reassigned as the key sees them (all clubs when suited,
    else clubs, diamonds, ... in rank order): the same key, the same cards."""
    ordered = sorted(kept, key=lambda card: card.rank)
    suited = len(kept) >= 2 and len({card.suit for card in kept}) == 1
    return tuple(
        Card.of(card.rank, 0 if suited else place % 4) for place, card in enumerate(ordered)
    )


def state_key(kept: Sequence[Card], draws_left: int) -> int:
    """A kept set's key: its sorted ranks, its suitedness and the draws left, as one int."""
    code = 0
    for rank in sorted(card.rank for card in kept):
        code = code * _RANK_BASE + rank + 1
    if len(kept) >= 2 and len({card.suit for card in kept}) == 1:
        code += _SUITED
    return draws_left * 2 * _SUITED + code


def cards_of_key(key: int) -> tuple[Card, ...]:
    """The canonical kept cards of a state key (``state_key`` read back)."""
    code = key % (2 * _SUITED)
    suited = code >= _SUITED
    code -= _SUITED if suited else 0
    ranks = []
    while code:
        code, digit = divmod(code, _RANK_BASE)
        ranks.append(digit - 1)
    return tuple(
        Card.of(rank, 0 if suited else place % 4) for place, rank in enumerate(sorted(ranks))
    )


def key_draws_left(key: int) -> int:
    return key // (2 * _SUITED)


def history_key(counts: Sequence[int]) -> int:
    """Cards drawn at each draw so far (three or more alike), as one int: base 5, a
    leading 1 so that the first street's empty history differs from a pat one."""
    key = 1
    for count in counts:
        key = key * 5 + min(count, DRAW_CAP)
    return key


_EDGE_LIST: Final = EDGES.tolist()


def bin_of(percentile: float) -> int:
    return min(BINS - 1, bisect_right(_EDGE_LIST, percentile) - 1)


FloatArray = npt.NDArray[np.float64]


class Percentiles:
    """A hand value's percentile among the game's final hands, read from the sorted
    values at a grid of levels (dense where ``EDGES`` is)."""

    def __init__(self, levels: Sequence[float], values: Sequence[int]) -> None:
        self.levels = [0.0, *levels, 1.0]
        self.values = list(values)

    def of(self, value: int) -> float:
        below = bisect_left(self.values, value)
        above = bisect_right(self.values, value)
        return (self.levels[below] + self.levels[above + 1]) / 2


def percentile_levels(count: int) -> FloatArray:
    """``count`` levels at which the sorted final values are kept, dense at the top."""
    levels: FloatArray = 1 - (1 - (np.arange(count) + 0.5) / count) ** 2
    return levels
