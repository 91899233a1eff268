"""``equity``: win, tie and pot share of each hand, exact or Monte Carlo with an error bound.

A contender's share of a deal is 1 when it wins alone, 1/k when it ties with
k-1 others, else 0; its equity is the mean share. In a hi-lo split game the share
is half of its share of the high half plus half of its share of the low half (all
of its high share when nobody has a low): "win" is then a scoop, the whole pot
alone, "tie" any part of it less than the whole, and ``high`` and ``low`` the mean
shares of each half. An optional ``weigh``
function gives each deal a weight (a bot's belief about how likely the
opponents' unknown cards are); the estimates are then weighted means, and the
error bound uses the weighted (ratio estimator) variance.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from pokernight.equity.deals import deal_count, enumeration_cost, every_deal, random_deals
from pokernight.equity.scenario import Scenario
from pokernight.equity.showdown import Deals, DealShares, deal_shares

Weights = npt.NDArray[np.float64]
Weigh = Callable[[Deals], Weights]
Progress = Callable[[int, int], None]

Z_95 = 1.96
DEFAULT_SAMPLES = 100_000
DEFAULT_EXACT_LIMIT = 6_000_000  # batch evaluations: about a second


@dataclass(frozen=True, slots=True)
class HandEquity:
    win: float  # chance of winning alone (hi-lo: of scooping)
    tie: float  # chance of splitting the pot (hi-lo: of taking part of it)
    equity: float  # expected share of the pot
    high: float | None = None  # hi-lo games: expected share of the high half
    low: float | None = None  # hi-lo games: expected share of the low half


@dataclass(frozen=True, slots=True)
class EquityResult:
    hands: tuple[HandEquity, ...]
    deals: int
    exact: bool
    error: float  # 95% half-width of every equity (0 when exact)


@dataclass(slots=True)
class _Totals:
    weight: float = 0.0
    weight_squared: float = 0.0
    win: Weights | None = None
    tie: Weights | None = None
    share: Weights | None = None
    high: Weights | None = None
    low: Weights | None = None
    deals: int = 0

    def add(self, shares: DealShares, weights: Weights) -> None:
        share = shares.pot
        column = weights[:, None]
        self.weight += float(weights.sum())
        self.weight_squared += float((weights**2).sum())
        self.win = _plus(self.win, ((share == 1) * column).sum(axis=0))
        self.tie = _plus(self.tie, (((share > 0) & (share < 1)) * column).sum(axis=0))
        self.share = _plus(self.share, (share * column).sum(axis=0))
        if shares.high is not None and shares.low is not None:
            self.high = _plus(self.high, (shares.high * column).sum(axis=0))
            self.low = _plus(self.low, (shares.low * column).sum(axis=0))
        self.deals += len(share)


def _plus(total: Weights | None, more: Weights) -> Weights:
    return more if total is None else total + more


def equity(
    scenario: Scenario,
    *,
    samples: int = DEFAULT_SAMPLES,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
    rng: np.random.Generator | None = None,
    weigh: Weigh | None = None,
    progress: Progress | None = None,
) -> EquityResult:
    """Every deal if that costs at most ``exact_limit`` evaluations, else ``samples`` at random."""
    exact = enumeration_cost(scenario) <= exact_limit
    if exact:
        chunks: Iterator[Deals] = every_deal(scenario)
        total = deal_count(scenario)
    else:
        if samples < 1:
            raise ValueError("samples must be at least 1")
        chunks = random_deals(scenario, samples, rng or np.random.default_rng())
        total = samples
    totals = _Totals()
    for deals in chunks:
        weights = np.ones(len(deals)) if weigh is None else weigh(deals)
        totals.add(deal_shares(scenario, deals), weights)
        if progress is not None:
            progress(totals.deals, total)
    return _result(totals, exact and weigh is None)


def _result(totals: _Totals, exact: bool) -> EquityResult:
    if totals.weight <= 0 or totals.share is None or totals.win is None or totals.tie is None:
        raise ValueError("no deal had any weight")
    mean = totals.share / totals.weight
    hands = tuple(
        HandEquity(float(win), float(tie), float(share))
        for win, tie, share in zip(
            totals.win / totals.weight, totals.tie / totals.weight, mean, strict=True
        )
    )
    if totals.high is not None and totals.low is not None:
        halves = zip(totals.high / totals.weight, totals.low / totals.weight, strict=True)
        hands = tuple(
            replace(hand, high=float(high), low=float(low))
            for hand, (high, low) in zip(hands, halves, strict=True)
        )
    return EquityResult(hands, totals.deals, exact, 0.0 if exact else _error(totals, mean))


def _error(totals: _Totals, mean: Weights) -> float:
    # A share in [0, 1] with mean p has variance at most p(1 - p); weights replace
    # the sample size by the effective one, (sum w)^2 / sum w^2.
    effective = totals.weight**2 / totals.weight_squared
    return float(Z_95 * np.sqrt(max(float(np.max(mean * (1 - mean))), 0.0) / effective))
