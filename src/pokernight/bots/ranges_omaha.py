"""Opponents' likely hands in Omaha (high, hi-lo) and short-deck hold'em: deal weights.

The same reading as hold'em's (``ranges``), with each game's own measures:

- First street: a player who raised holds about its top PFR share of starting hands, one
  who called its top VPIP share (re-raises narrower). Hands are ranked by their all-in
  equity against five random hands (a six-max table), the table ``equity.starting_hands`` ships:
  the quantity Hutchison's Omaha point counts were fitted to (Edward Hutchison, "Omaha
  High Hand Selection" and "Point Count System for Omaha High-Low", Canadian Poker
  Monthly, 1997: the points approximate a hand's all-in win rate against nine random
  hands), here measured for every class of hand rather than approximated. Short deck's
  81 classes are ranked the same way.
- Later streets: every bet or raise the player made makes a weak made hand less likely,
  the less so the more that player bluffs (``bluff_rate`` times ``aggression``, as in
  hold'em). Weak is below two pair in Omaha (where a pair is what a bettor seldom holds),
  below a pair in short deck, and in hi-lo neither two pair nor a made low (weak both ways).

Weights are soft (a logistic edge), computed for all deals at once; an opponent whose
cards are known, or who has neither entered nor bet, keeps a uniform range, and when every
opponent does, there is no weight at all (so the first-street table applies).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import factorial
from typing import Final

import numpy as np
import numpy.typing as npt

from pokernight.bots.range_reading import (
    first_street_share,
    later_bets,
    top_share_weight,
    unmade_share,
)
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.equity.calculator import Weigh, Weights
from pokernight.equity.hi_lo import NO_LOW, omaha_low_values
from pokernight.equity.scenario import Scenario
from pokernight.equity.showdown import Deals
from pokernight.equity.starting_hands import HOLE, MASK_BITS, MAX_OPPONENTS, class_table
from pokernight.evaluate.omaha_batch import batch_omaha_values
from pokernight.evaluate.short_deck_batch import batch_short_deck_values
from pokernight.evaluate.strength import CATEGORY_SHIFT, Category

SHOWDOWNS: Final = ("omaha", "omaha8", "short")
SUITS: Final = 4  # a card index is rank * 4 + suit
# The weakest made hand a bet stands for, by showdown.
STRONG: Final = {
    "omaha": int(Category.TWO_PAIR) << CATEGORY_SHIFT,
    "omaha8": int(Category.TWO_PAIR) << CATEGORY_SHIFT,
    "short": int(Category.ONE_PAIR) << CATEGORY_SHIFT,
}


def omaha_range_weights(
    situation: Situation, scenario: Scenario, stats: Sequence[PlayerStats]
) -> Weigh | None:
    """Deal weights for the opponents (contenders 1..n, with ``stats`` in that order)."""
    showdown = scenario.showdown
    hole = HOLE[showdown]
    columns = [
        [index for index, slot in enumerate(scenario.slots) if slot.owner == owner + 1]
        for owner in range(len(situation.opponents))
    ]
    if any(len(cols) not in (0, hole) for cols in columns):
        return None
    read = []  # (columns, stats, first-street share, later bets) of each read
    for seat, cols, player in zip(situation.opponents, columns, stats, strict=True):
        kept, bets = first_street_share(situation, seat, player), later_bets(situation, seat)
        if cols and (kept is not None or bets):
            read.append((cols, player, kept, bets))
    if not read:
        return None
    board = np.array([card.index for card in situation.view.board], dtype=np.intp)

    def weigh(deals: Deals) -> Weights:
        weights = np.ones(len(deals))
        for cols, player, kept, bets in read:
            cards = deals[:, cols]
            if kept is not None:
                weights *= top_share_weight(percentiles(cards, showdown), kept)
            if bets and len(board):
                weights *= _later_weight(player, bets, cards, board, showdown)
        return weights

    return weigh


def _later_weight(
    player: PlayerStats, bets: int, cards: Deals, board: Deals, showdown: str
) -> Weights:
    shared = np.broadcast_to(board, (len(cards), len(board)))
    if showdown == "short":
        high = batch_short_deck_values(np.hstack((cards, shared))).astype(np.int64)
    else:
        high = batch_omaha_values(cards, shared)
    made = high >= STRONG[showdown]
    if showdown == "omaha8":
        made |= omaha_low_values(cards, shared) > NO_LOW
    unmade = unmade_share(player)
    return np.where(made, 1.0, unmade**bets)


def percentiles(cards: Deals, showdown: str) -> Weights:
    """Each row's starting-hand percentile (0 the weakest, 1 the strongest)."""
    keys, ranked = _percentile_table(showdown)
    found: Weights = ranked[np.searchsorted(keys, class_keys(cards))]
    return found


def class_keys(cards: Deals) -> npt.NDArray[np.int64]:
    """``starting_hands.class_key`` of every row at once."""
    ranks, suits = cards // SUITS, cards % SUITS
    bits = np.int64(1) << ranks.astype(np.int64)
    masks = np.stack([np.where(suits == suit, bits, 0).sum(axis=1) for suit in range(SUITS)])
    masks = -np.sort(-masks, axis=0)
    shifts = np.array([3, 2, 1, 0], dtype=np.int64)[:, None] * MASK_BITS
    keys: npt.NDArray[np.int64] = (masks << shifts).sum(axis=0)
    return keys


@cache
def _percentile_table(showdown: str) -> tuple[npt.NDArray[np.int64], Weights]:
    """Class keys and percentiles: the share of dealt hands (each class counted as often
    as it is dealt) with less equity against five random hands, the class's own counted
    half."""
    keys, equities = class_table(showdown)
    strength = equities[:, MAX_OPPONENTS - 1]
    dealt = _ways(keys)
    order = np.argsort(strength, kind="stable")
    below = np.cumsum(dealt[order]) - dealt[order]
    ranked = np.empty(len(keys))
    ranked[order] = (below + dealt[order] / 2) / dealt.sum()
    return keys, ranked


def _ways(keys: npt.NDArray[np.int64]) -> Weights:
    """How many hands each class holds: the distinct ways to give its suit masks (sorted in
    the key) to the four suits, 4! over the factorial of each run of equal masks."""
    places = np.arange(SUITS - 1, -1, -1, dtype=np.int64) * MASK_BITS
    masks = keys[:, None] >> places & ((1 << MASK_BITS) - 1)
    run = np.ones(len(keys))
    repeats = np.ones(len(keys))
    for place in range(1, SUITS):
        run = np.where(masks[:, place] == masks[:, place - 1], run + 1, 1)
        repeats *= run
    ways: Weights = factorial(SUITS) / repeats
    return ways
