"""Opponents' likely hands in the stud games: a weight for each sampled deal of their
hidden cards, given the cards they show (``ranges`` does hold'em).

Third street (the first betting round): a player who raised holds about its top PFR share
of starting hands, one who came in (completed or called) its top VPIP share, re-raises
narrower still, as in hold'em. A starting hand is its two down cards and its door card,
ranked by a percentile over every three-card hand (``starting_percentiles``), built on the
standard starting-hand order of the stud literature:

- high (Seven-Card Stud and the wild games with their wild cards filling in):
  rolled-up trips, then pairs by rank (big pairs above small ones), then three to a flush
  or a straight (both best), then high cards: the order of D. Sklansky, M. Malmuth and
  R. Zee, *Seven-Card Stud for Advanced Players* (Two Plus Two, 1989), part one;
- razz (A-5 low): three unpaired cards, the lower the highest the better, any pair far
  behind: D. Sklansky, *Sklansky on Poker* (1994), the chapter on razz;
- stud hi-lo: the better of the two, so three low cards and big pairs both rank high:
  R. Zee, *High-Low-Split Poker for Advanced Players* (Two Plus Two, 1992); Chicago
  likewise: the high hand, or the highest spade among the two down cards (half the pot).

Later streets: each bet or raise the player made makes a hand that was weak for the game
when it bet less likely, the less that player bluffs, as in hold'em: the cards it held
then (its first two down cards and its up cards so far; all seven on the river) were no
pair in high games (on the river, less than two pair); with wild cards less than trips, a
pair and a wild card (on the river, less than a straight); in razz no low made or drawing
with every card (distinct ranks up to an eight); in hi-lo weak both ways; in Chicago weak
high with no spade from the queen up in the hole. The up cards are public, so only the
hidden cards dealt so far are weighed; cards still to come are not.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache
from itertools import combinations, permutations
from typing import Final

import numpy as np
import numpy.typing as npt

from pokernight.bots.range_reading import first_street_share, top_share_weight, unmade_share
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.cards import CARDS, Rank, Suit
from pokernight.equity.calculator import Weigh, Weights
from pokernight.equity.scenario import Scenario
from pokernight.equity.showdown import Deals
from pokernight.evaluate.batch import batch_high_values
from pokernight.evaluate.strength import CATEGORY_SHIFT, Category
from pokernight.evaluate.wild import batch_wild_values

DECK: Final = len(CARDS)
RANKS: Final = 13
SUITS: Final = 4
SPADES: Final = int(Suit.SPADES)
GOOD_SPADE: Final = int(Rank.QUEEN)  # Chicago: a spade in the hole worth betting
ACE: Final = 12
LOW_LIMIT: Final = 8  # eight or better: a low's cards run from the ace (1) to the eight
LOW_SIZE: Final = 5
RIVER_CARDS: Final = 7  # seventh street
PAIR_PENALTY: Final = 1500  # razz: a pair starts below any three unpaired cards up to a ten
Percentiles = npt.NDArray[np.float32]

_ONE_HOT: Final = np.eye(RANKS + 1, dtype=np.intp)
_BIT_COUNT: Final = np.array([mask.bit_count() for mask in range(2 << LOW_LIMIT)])


def stud_range_weights(
    situation: Situation, scenario: Scenario, stats: Sequence[PlayerStats]
) -> Weigh | None:
    """Deal weights for the opponents (contenders 1..n, with ``stats`` in that order)."""
    showdown = situation.variant.showdown
    wild = frozenset(
        scenario.fixed_wild if scenario.fixed_wild is not None
        else scenario.wild.at_showdown() if situation.variant.follows_queen
        else ()
    )  # fmt: skip
    readings = []
    for owner, (seat, player) in enumerate(zip(situation.opponents, stats, strict=True), 1):
        hidden = [at for at, slot in enumerate(scenario.slots)
                  if slot.owner == owner and slot.street == 0 and not slot.face_up]  # fmt: skip
        if not hidden:  # known cards (the coach: a hand shown): nothing to weigh
            continue
        shown = [card.index for card in scenario.hands[owner]]
        shown += [card.index for card in scenario.board]
        readings.append((seat, player, hidden, np.array(shown, dtype=np.intp)))
    if not readings:
        return None
    table = starting_percentiles(showdown, wild)
    last = len(situation.variant.streets) - 1

    def weigh(deals: Deals) -> Weights:
        weights = np.ones(len(deals))
        for seat, player, hidden, shown in readings:
            cards = np.hstack((deals[:, hidden], np.broadcast_to(shown, (len(deals), len(shown)))))
            weights *= _first_street_weight(
                situation, seat, player, cards, door=len(hidden), table=table
            )
            unmade = unmade_share(player)
            for street in range(1, situation.street + 1):
                bets = situation.aggression_by(seat, street)
                if bets:
                    held = _held_on(street, last, len(hidden), len(shown))
                    down = sum(1 for column in held if column < len(hidden))
                    weak = _weak(cards[:, held], showdown, wild, down=down)
                    weights *= np.where(weak, unmade**bets, 1.0)
        return weights

    return weigh


def _held_on(street: int, last: int, hidden: int, shown: int) -> list[int]:
    """The columns of [hidden cards, shown cards] a player held when it bet on ``street``
    (1: fourth street): its first two down cards and its up cards so far; every card on
    the last street."""
    if street == last:
        return list(range(hidden + shown))
    return [*range(min(2, hidden)), *range(hidden, hidden + min(street + 1, shown))]


def _first_street_weight(
    situation: Situation,
    seat: int,
    player: PlayerStats,
    cards: Deals,
    *,
    door: int,
    table: Percentiles,
) -> Weights:
    """The starting hand (the first two hidden cards and the door card, column ``door``:
    the first shown) inside the share of hands its third-street action says it plays."""
    kept = first_street_share(situation, seat, player)
    if kept is None:
        return np.ones(len(cards))
    return top_share_weight(table[(cards[:, 0] * DECK + cards[:, 1]) * DECK + cards[:, door]], kept)


@cache
def starting_percentiles(showdown: str, wild: frozenset[int]) -> Percentiles:
    """For every three cards (index ``(a * 52 + b) * 52 + c``): the share of three-card
    hands that start weaker in this game, ties counted half (the same cards twice: 0)."""
    cards = np.array(list(combinations(range(DECK), 3)), dtype=np.intp)
    if showdown == "low":
        percentiles = _percentile_of(_low_start(cards))
    elif showdown == "high8":
        high, low = _percentile_of(_high_start(cards, wild)), _percentile_of(_low_start(cards))
        percentiles = _percentile_of(np.maximum(high, low))
    else:
        percentiles = _percentile_of(_high_start(cards, wild))
    table: Percentiles = np.zeros(DECK**3, dtype=np.float32)
    for a, b, c in permutations(range(3)):
        table[(cards[:, a] * DECK + cards[:, b]) * DECK + cards[:, c]] = percentiles
    if showdown == "spade":  # Chicago: the high hand, or the highest spade in the hole
        first, second, door = np.unravel_index(np.arange(DECK**3), (DECK, DECK, DECK))
        valid = (first != second) & (first != door) & (second != door)
        hole = np.maximum(_spade_rank(first), _spade_rank(second))[valid]
        table[valid] = _percentile_of(np.maximum(table[valid], _percentile_of(hole)))
    return table


def _spade_rank(cards: Deals) -> Deals:
    """A card's rank if it is a spade, else -1."""
    ranks: Deals = np.where(cards % SUITS == SPADES, cards // SUITS, -1)
    return ranks


def _percentile_of(scores: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    _, inverse, counts = np.unique(scores, return_inverse=True, return_counts=True)
    below: npt.NDArray[np.float64] = (np.cumsum(counts) - counts / 2) / len(scores)
    return below[inverse.reshape(-1)]


def _high_start(cards: Deals, wild: Collection[int]) -> npt.NDArray[np.float64]:
    """Trips, then pairs by rank and kicker, then three to a flush or straight, then high
    cards; a wild card stands in for whatever the others lack (a lone natural's rank,
    aces when all three are wild)."""
    ranks = cards // SUITS
    is_wild = np.isin(ranks, list(wild))
    wilds = is_wild.sum(axis=1)
    high, middle, low = (-np.sort(-np.where(is_wild, -1, ranks), axis=1)).T  # wild: -1, last
    pairs = ((high == middle) & (middle >= 0)).astype(int) + ((middle == low) & (low >= 0))
    group = np.minimum(3, 1 + pairs + wilds)
    rank = np.where(wilds == 0, middle, np.where(high >= 0, high, ACE))
    kicker = np.where(wilds == 0, np.where(high == middle, low, high), middle)
    suits = np.where(is_wild, -1, cards % SUITS)
    one_suit = ((suits < 0) | (suits == suits.max(axis=1, keepdims=True))).all(axis=1)
    draw = one_suit | _three_straight(high, middle, low)
    score = np.where(draw, 1400.0 + 100 * one_suit + high, 13.0 * high + middle)
    score = np.where(group == 2, 2000.0 + RANKS * rank + kicker, score)
    return np.where(group >= 3, 3000.0 + rank, score)


def _three_straight(high: Deals, middle: Deals, low: Deals) -> npt.NDArray[np.bool_]:
    """Distinct naturals (wild cards -1) inside five ranks, the ace high or low."""
    distinct = (high != middle) | (middle < 0)
    distinct &= (middle != low) | (low < 0)
    bottom = np.where(low >= 0, low, np.where(middle >= 0, middle, high))
    wheel_top = np.where(high == ACE, np.where(middle >= 0, middle, -1), high)
    result: npt.NDArray[np.bool_] = distinct & (
        (high - bottom <= 4) | ((high == ACE) & (wheel_top <= 3))
    )
    return result


def _low_rank(cards: Deals) -> Deals:
    """A-5 low ranks: the ace 1, the two 2, ... the king 13."""
    ranks = cards // SUITS
    result: Deals = np.where(ranks == ACE, 1, ranks + 2)
    return result


def _low_start(cards: Deals) -> npt.NDArray[np.float64]:
    """Three unpaired cards, the lower from the top down the better; a pair far behind."""
    low = -np.sort(-_low_rank(cards), axis=1)
    paired = (low[:, :-1] == low[:, 1:]).any(axis=1)
    score = 3000.0 - (169 * low[:, 0] + 13 * low[:, 1] + low[:, 2])
    return np.where(paired, score - PAIR_PENALTY, score)


def _weak(cards: Deals, showdown: str, wild: frozenset[int], *, down: int) -> npt.NDArray[np.bool_]:
    """Hands a bet makes less likely: weak for the game, in the split games weak both ways
    (Chicago: no spade from the queen up among the ``down`` cards, the first)."""
    if showdown == "low":
        return ~_low_made(cards)
    weak = _weak_wild(cards, wild) if wild else _weak_high(cards)
    if showdown == "high8":
        return weak & ~_low_made(cards)
    if showdown == "spade":
        no_spade: npt.NDArray[np.bool_] = _spade_rank(cards[:, :down]).max(axis=1) < GOOD_SPADE
        return weak & no_spade
    return weak


def _weak_high(cards: Deals) -> npt.NDArray[np.bool_]:
    """No pair (on the river, less than two pair): read by the batch evaluator from five
    cards on, from the ranks before."""
    if cards.shape[1] < LOW_SIZE:
        return _largest_group(cards, frozenset()) < 2
    weakest = Category.TWO_PAIR if cards.shape[1] >= RIVER_CARDS else Category.ONE_PAIR
    weak: npt.NDArray[np.bool_] = batch_high_values(cards) < int(weakest) << CATEGORY_SHIFT
    return weak


def _weak_wild(cards: Deals, wild: frozenset[int]) -> npt.NDArray[np.bool_]:
    """Less than trips (a pair and a wild card) before the river, less than a straight on
    it (the river's hands are the ones the equity values: their values are memoised)."""
    if cards.shape[1] < RIVER_CARDS:
        return _largest_group(cards, wild) < 3
    river: npt.NDArray[np.bool_] = (
        batch_wild_values(cards, [wild]) < int(Category.STRAIGHT) << CATEGORY_SHIFT
    )
    return river


def _largest_group(cards: Deals, wild: frozenset[int]) -> npt.NDArray[np.intp]:
    """The most cards of one rank, wild cards counted in."""
    ranks = cards // SUITS
    is_wild = np.isin(ranks, list(wild))
    counts = _ONE_HOT[np.where(is_wild, RANKS, ranks)].sum(axis=1)  # wild cards: the last
    group: npt.NDArray[np.intp] = counts[:, :RANKS].max(axis=1) + counts[:, RANKS]
    return group


def _low_made(cards: Deals) -> npt.NDArray[np.bool_]:
    """Every card so far to a low: distinct ranks up to an eight, as many as five allow."""
    low = _low_rank(cards)
    bits = np.bitwise_or.reduce(np.where(low <= LOW_LIMIT, 1 << low, 0), axis=1)
    made: npt.NDArray[np.bool_] = _BIT_COUNT[bits] >= min(LOW_SIZE, cards.shape[1])
    return made
