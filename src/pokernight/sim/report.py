"""Results by bot level, in big blinds per 100 hands with 95% confidence intervals.

Each hand's result for a level is the mean over that level's seats, so levels
with several seats compare fairly; a difference between two levels is taken
hand by hand (a paired comparison, which cancels the luck of the deal the
two shared). In duplicate play (``group``: the rotations each deck was dealt to) a deal's
rotations are averaged first, and the interval is of the deals: the luck of the cards,
the same for everybody, is gone from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

Z_95 = 1.96

Results = npt.NDArray[np.float64]
PER_100 = 100


@dataclass(frozen=True, slots=True)
class LevelResult:
    name: str
    seats: int
    bb_per_100: float
    interval: float  # 95% half-width

    @property
    def low(self) -> float:
        return self.bb_per_100 - self.interval

    @property
    def high(self) -> float:
        return self.bb_per_100 + self.interval


@dataclass(frozen=True, slots=True)
class Summary:
    hands: int
    levels: tuple[LevelResult, ...]
    differences: tuple[LevelResult, ...]  # "hard - medium" and so on


def summarize(results: npt.NDArray[np.float64], bots: Sequence[str], group: int = 1) -> Summary:
    names = list(dict.fromkeys(bots))
    per_level = {name: _by_deal(_per_hand(results, bots, name), group) for name in names}
    levels = tuple(_result(name, bots.count(name), per_level[name]) for name in names)
    differences = tuple(
        _result(f"{first} - {second}", 0, per_level[first] - per_level[second])
        for first, second in combinations(names, 2)
    )
    return Summary(len(results), levels, differences)


def hands_saved(
    won: npt.NDArray[np.float64],
    measured: npt.NDArray[np.float64],
    bots: Sequence[str],
    group: int,
) -> float:
    """How many times as many hands a plain run takes for the interval of ``measured``
    (what was won, less the luck of the cards if it was taken out; in deals of ``group``
    hands), for the difference between the first two names in ``bots``: the variance of
    a hand's difference in ``won`` over that of a deal's in ``measured``, a hand's worth.
    Each hand of a duplicate run is dealt as a hand of a plain run is, so the spread of
    what it won is a plain run's."""
    first, second = list(dict.fromkeys(bots))[:2]
    plain = _per_hand(won, bots, first) - _per_hand(won, bots, second)
    better = _by_deal(_per_hand(measured, bots, first) - _per_hand(measured, bots, second), group)
    variance = float(better.var(ddof=1)) * group
    return float(plain.var(ddof=1)) / variance if variance else float("inf")


def _per_hand(results: npt.NDArray[np.float64], bots: Sequence[str], name: str) -> Results:
    """``name``'s result each hand: the mean over its seats, so levels compare fairly."""
    seats = results[:, [seat for seat, bot in enumerate(bots) if bot == name]]
    mean: Results = seats.mean(axis=1)
    return mean


def _by_deal(per_hand: Results, group: int) -> Results:
    return per_hand.reshape(-1, group).mean(axis=1) if group > 1 else per_hand


def _result(name: str, seats: int, per_hand: npt.NDArray[np.float64]) -> LevelResult:
    spread = float(per_hand.std(ddof=1)) if len(per_hand) > 1 else 0.0
    interval = Z_95 * spread / np.sqrt(len(per_hand)) * PER_100
    return LevelResult(name, seats, float(per_hand.mean()) * PER_100, float(interval))
