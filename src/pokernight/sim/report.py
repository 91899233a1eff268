"""Results by bot level, in big blinds per 100 hands with 95% confidence intervals.

Each hand's result for a level is the mean over that level's seats, so levels
with several seats compare fairly; a difference between two levels is taken
hand by hand (a paired comparison, which cancels the luck of the deal the
two shared).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np
import numpy.typing as npt

Z_95 = 1.96
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


def summarize(results: npt.NDArray[np.float64], bots: Sequence[str]) -> Summary:
    names = list(dict.fromkeys(bots))
    per_level = {
        name: results[:, [seat for seat, bot in enumerate(bots) if bot == name]].mean(axis=1)
        for name in names
    }
    levels = tuple(_result(name, bots.count(name), per_level[name]) for name in names)
    differences = tuple(
        _result(f"{first} - {second}", 0, per_level[first] - per_level[second])
        for first, second in combinations(names, 2)
    )
    return Summary(len(results), levels, differences)


def _result(name: str, seats: int, per_hand: npt.NDArray[np.float64]) -> LevelResult:
    spread = float(per_hand.std(ddof=1)) if len(per_hand) > 1 else 0.0
    interval = Z_95 * spread / np.sqrt(len(per_hand)) * PER_100
    return LevelResult(name, seats, float(per_hand.mean()) * PER_100, float(interval))
