"""A bot's quick equity in the stud games: sampled deals, every hand valued in one batch.

``equity`` (the calculator) goes contender by contender and, for razz and the wild games,
hand by hand in Python: exact where it can be, for ``pokernight equity`` and the coach. A
bot decides dozens of times a hand and needs its equity to a few percent, so this path
always samples, and does each step once for every deal and contender at once:

- the deals: the first cards of random permutations of the deck. A permutation is a row
  of a fixed pool (``_pool``, from a fixed seed, so a pure function of the deck's size) read
  through a random relabelling of the deck: each row is then uniform and independent of
  the others given the relabelling, and the pool costs nothing per deal;
- the hands: one (deals, contenders, cards) take from the known cards and the deal;
- the values: one batch evaluation (high, A-5 low, eight-or-better low, wild), Follow the
  Queen's wild rank followed street by street for every deal at once, Baseball's extra
  cards handed out in dealing order as at the table.

The showdown rules are those of ``showdown`` (Chicago: the high hand and the highest spade
in the hole, no community card).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Final

import numpy as np
import numpy.typing as npt

from pokernight.cards import CARDS, Card
from pokernight.equity.calculator import Z_95, Weigh
from pokernight.equity.hi_lo import NO_LOW, half_shares, pot_shares, stud_low_values
from pokernight.equity.scenario import Scenario
from pokernight.equity.wild_state import QUEEN
from pokernight.evaluate.batch import batch_high_values, batch_low_values
from pokernight.evaluate.wild import NO_CARD, batch_wild_values

Deals = npt.NDArray[np.intp]
Values = npt.NDArray[np.int64]
Layout = npt.NDArray[np.intp]

STUD_SHOWDOWNS: Final = frozenset({"high", "low", "wild", "high8", "spade"})
POOL_ROWS: Final = 4096
SUITS: Final = 4
SPADES: Final = 3
NO_RANK: Final = -1

_POOLS: dict[int, npt.NDArray[np.int8]] = {}
_INDEX: Final[dict[Card, int]] = {card: card.index for card in CARDS}  # a dict read is cheaper


@dataclass(frozen=True, slots=True)
class QuickEquity:
    equity: float  # contender 0's mean pot share
    error: float  # its 95% half-width: the weighted shares' spread over the effective deals


def quick_equity(
    scenario: Scenario, samples: int, rng: np.random.Generator, weigh: Weigh | None = None
) -> QuickEquity:
    """Contender 0's equity over ``samples`` random deals (at most ``POOL_ROWS``),
    weighted by ``weigh`` if given."""
    if scenario.showdown not in STUD_SHOWDOWNS:
        raise ValueError(f"no quick equity for {scenario.showdown!r}")
    deals = random_deals(scenario, min(samples, POOL_ROWS), rng)
    pot = deal_pot_shares(scenario, deals)[:, 0]
    weights = np.ones(len(deals)) if weigh is None else weigh(deals)
    total = weights.sum()
    mean = float((pot * weights).sum() / total)
    spread = float((weights * (pot - mean) ** 2).sum() / total)
    effective = total**2 / float((weights**2).sum())
    return QuickEquity(mean, Z_95 * np.sqrt(spread / effective))


def random_deals(scenario: Scenario, count: int, rng: np.random.Generator) -> Deals:
    """(count, slots) card indices: uniformly random ordered choices of distinct cards."""
    out = np.zeros(len(CARDS), dtype=bool)
    out[[_INDEX[card] for card in (*scenario.known_cards, *scenario.dead)]] = True
    deck = np.flatnonzero(~out)
    pool = _pool(len(deck))
    start = int(rng.integers(0, POOL_ROWS - count + 1))
    relabelled = deck[rng.permutation(len(deck))]
    deals: Deals = relabelled[pool[start : start + count, : len(scenario.slots)]]
    return deals


def _pool(size: int) -> npt.NDArray[np.int8]:
    """Permutations of ``range(size)``: the full deck's pool with the larger cards left out
    (which keeps the others in a uniformly random order)."""
    pool = _POOLS.get(size)
    if pool is None:
        full = _POOLS.get(len(CARDS))
        if full is None:
            keys = np.random.default_rng(len(CARDS)).random((POOL_ROWS, len(CARDS)))
            full = _POOLS[len(CARDS)] = keys.argsort(axis=1).astype(np.int8)
        pool = _POOLS[size] = full[full < size].reshape(POOL_ROWS, size)
    return pool


def deal_pot_shares(scenario: Scenario, deals: Deals) -> npt.NDArray[np.float64]:
    """(deals, contenders) shares of the pot."""
    if scenario.showdown == "wild":
        return half_shares(_wild_values(scenario, deals))
    if scenario.showdown == "spade":
        return pot_shares(*_chicago_values(scenario, deals))[0]
    hands = _hands(scenario, deals, with_board=True)
    flat = hands.reshape(-1, hands.shape[2])
    if scenario.showdown == "low":
        return half_shares(_per_contender(batch_low_values(flat), hands))
    high = _per_contender(batch_high_values(flat), hands)
    if scenario.showdown == "high":
        return half_shares(high)
    return pot_shares(high, _per_contender(stud_low_values(flat), hands))[0]


def _per_contender(values: npt.NDArray[np.integer], hands: Deals) -> Values:
    shaped: Values = values.astype(np.int64, copy=False).reshape(hands.shape[:2])
    return shaped


def _hands(scenario: Scenario, deals: Deals, *, with_board: bool) -> Deals:
    """(deals, contenders, cards): each contender's known and dealt cards (and the board's)."""
    fixed = np.array([_INDEX[card] for card in scenario.known_cards], dtype=np.intp)
    padding = np.full((len(deals), 1), NO_CARD, dtype=np.intp)
    columns = np.hstack((np.broadcast_to(fixed, (len(deals), len(fixed))), deals, padding))
    return columns[:, _layout(scenario, with_board)]


def _layout(scenario: Scenario, with_board: bool) -> Layout:
    """Each contender's columns of [known cards, board, slots, ``NO_CARD``] (board cards:
    every hand's), padded with the last (Baseball: a hand holds an extra card a four bought)."""
    known_at, rows = 0, []
    offset = sum(len(hand) for hand in scenario.hands) + len(scenario.board)
    board = list(range(offset - len(scenario.board), offset)) if with_board else []
    board_slots = [offset + at for at, slot in enumerate(scenario.slots)
                   if slot.owner is None and not slot.extra and with_board]  # fmt: skip
    for owner, hand in enumerate(scenario.hands):
        own = list(range(known_at, known_at + len(hand)))
        known_at += len(hand)
        slots = [offset + at for at, slot in enumerate(scenario.slots) if slot.owner == owner]
        rows.append(own + board + slots + board_slots)
    padding = offset + len(scenario.slots)
    width = max(len(row) for row in rows)
    return np.array([row + [padding] * (width - len(row)) for row in rows], dtype=np.intp)


def _chicago_values(scenario: Scenario, deals: Deals) -> tuple[Values, Values]:
    hands = _hands(scenario, deals, with_board=False)
    high = _per_contender(batch_high_values(hands.reshape(-1, hands.shape[2])), hands)
    up = set(scenario.up)
    down = np.array(
        [[card not in up for card in known]
         + [not slot.face_up for slot in scenario.slots if slot.owner == owner]
         for owner, known in enumerate(scenario.hands)]
    )  # fmt: skip
    hole = np.where(down & (hands % SUITS == SPADES), hands, NO_LOW)
    return high, hole.max(axis=2).astype(np.int64)


def _wild_values(scenario: Scenario, deals: Deals) -> Values:
    hands = _hands(scenario, deals, with_board=True)
    bought = _extra_cards_bought(scenario, deals)
    if bought is not None:
        hands = np.concatenate((hands, bought), axis=2)
    flat = hands.reshape(-1, hands.shape[2])
    if scenario.fixed_wild is not None:
        return _per_contender(batch_wild_values(flat, [scenario.fixed_wild]), hands)
    ranks, which = np.unique(_follow_the_queen(scenario, deals), return_inverse=True)
    wild_sets = [{QUEEN} if rank == NO_RANK else {QUEEN, rank} for rank in ranks.tolist()]
    rows = np.repeat(which.reshape(-1), len(scenario.hands))
    return _per_contender(batch_wild_values(flat, wild_sets, rows), hands)


def _follow_the_queen(scenario: Scenario, deals: Deals) -> npt.NDArray[np.int64]:
    """Each deal's wild rank beside the queens at the showdown (``NO_RANK``: queens only),
    ``WildState`` run over the up cards to come for every deal at once."""
    state = scenario.wild
    rank = np.full(len(deals), NO_RANK if state.rank is None else state.rank, dtype=np.int64)
    waiting = np.full(len(deals), state.queen_waiting)
    up = [(at, slot.street) for at, slot in enumerate(scenario.slots) if slot.face_up]
    ends = [street != after for (_, street), (_, after) in pairwise(up)]
    for (column, _), street_ends in zip(up, [*ends, True], strict=False):
        dealt = deals[:, column] // SUITS
        queen = dealt == QUEEN
        rank = np.where(waiting & ~queen, dealt, rank)
        waiting = queen
        if street_ends and not state.carries_over:  # a queen last on its street: queens only
            rank = np.where(waiting, NO_RANK, rank)
            waiting = np.zeros(len(deals), dtype=bool)
    return np.where(waiting, NO_RANK, rank)


def _extra_cards_bought(scenario: Scenario, deals: Deals) -> Deals | None:
    """Baseball: (deals, contenders, up cards to come) the extra card each contender's up
    card to come buys when it is a four (``NO_CARD`` else), handed from the reserve in
    dealing order; None without a reserve."""
    reserve = [column for column, slot in enumerate(scenario.slots) if slot.extra]
    if not reserve:
        return None
    ups = [(column, slot.owner) for column, slot in enumerate(scenario.slots)
           if slot.face_up and slot.owner is not None]  # fmt: skip
    fours = deals[:, [column for column, _ in ups]] // SUITS == scenario.extra_card_rank
    taken = np.cumsum(fours, axis=1) - fours  # reserve cards handed out before each up card
    handed = fours & (taken < len(reserve))
    at = np.minimum(taken, len(reserve) - 1)
    cards = np.where(handed, np.take_along_axis(deals[:, reserve], at, axis=1), NO_CARD)
    width = max(sum(1 for _, owner in ups if owner == who) for who in range(len(scenario.hands)))
    bought = np.full((len(deals), len(scenario.hands), width), NO_CARD, dtype=np.intp)
    for owner in range(len(scenario.hands)):
        mine = [at for at, (_, who) in enumerate(ups) if who == owner]
        bought[:, owner, : len(mine)] = cards[:, mine]
    return bought
