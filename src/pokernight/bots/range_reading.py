"""Reading a range from a player's actions, the same in every game: what share of the
starting hands a first-street action keeps, a soft edge at that share, and how much a later
bet leaves of a weak hand's weight (``ranges`` and its families read their games' hands
with these)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.equity.calculator import Weights

EDGE_SOFTNESS = 0.05
RERAISE_NARROWING = 0.4
"""Each raise more on the first street: the raiser's range this share of the last."""


def first_street_share(situation: Situation, seat: int, player: PlayerStats) -> float | None:
    """The top share of starting hands the seat's first-street play shows (None: any hand):
    a raise its PFR (narrower per re-raise: ``reraised_share``), a call its VPIP."""
    raises = situation.aggression_by(seat, 0)
    if raises:
        return reraised_share(player.pfr, raises)
    if situation.entered(seat):
        return player.vpip
    return None


def reraised_share(pfr: float, raises: int) -> float:
    """The top share of starting hands ``raises`` first-street raises show of a player who
    raises ``pfr`` of his hands: his raising rate, narrowed for each raise more, the less
    so the more often he raises (a maniac's re-raise means no more than his raise)."""
    return pfr * max(RERAISE_NARROWING, pfr) ** (raises - 1)


def top_share_weight(percentiles: Weights, share: float) -> Weights:
    """Hands at these starting-hand percentiles, weighed as the top ``share`` (soft edge)."""
    return _logistic((percentiles - (1 - share)) / EDGE_SOFTNESS)


def later_bets(situation: Situation, seat: int) -> int:
    """The seat's bets and raises after the first street."""
    return sum(situation.aggression_by(seat, street) for street in range(1, situation.street + 1))


def bettor_stats(situation: Situation, stats: Sequence[PlayerStats]) -> PlayerStats:
    """What is known of the last opponent to bet or raise this street (``stats`` by
    ``situation.opponents``); a stranger's priors when nobody has."""
    bettor = situation.last_aggressor
    return PlayerStats() if bettor is None else stats[situation.opponents.index(bettor)]


def unmade_share(player: PlayerStats) -> float:
    """How much a bet leaves of a weak hand's weight: the more, the more the player bluffs."""
    return min(0.8, player.bluff_rate * player.aggression)


def _logistic(x: Weights) -> Weights:
    result: Weights = 1 / (1 + np.exp(-x))
    return result
