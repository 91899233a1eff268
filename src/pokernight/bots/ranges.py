"""Opponents' likely hands: a weight for each sampled deal of their unknown cards.

Hold'em here (two unknown cards each); Omaha and short deck in ``ranges_omaha``, the
stud games in ``ranges_stud``, the draw games read draws and bets in ``ranges_draw``;
elsewhere ranges stay uniform. Before
the flop a player who raised holds about its top PFR share of hands, one who
called its top VPIP share, re-raises narrower still. After the flop every bet
or raise the player made makes a hand without a pair less likely, the more so
the less that player bluffs. Weights are soft (a logistic edge), so a range
never excludes a hand outright. An opponent whose cards the scenario knows (the coach:
a hand shown at the end) has no unknown cards and no weight.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokernight.bots.preflop import PERCENTILE
from pokernight.bots.range_reading import (
    first_street_share,
    later_bets,
    top_share_weight,
    unmade_share,
)
from pokernight.bots.ranges_omaha import SHOWDOWNS as OMAHA_FAMILY
from pokernight.bots.ranges_omaha import omaha_range_weights
from pokernight.bots.ranges_stud import stud_range_weights
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.equity.calculator import Weigh, Weights
from pokernight.equity.scenario import Scenario
from pokernight.equity.showdown import Deals
from pokernight.evaluate import batch_high_values
from pokernight.evaluate.strength import Category

HOLDEM_HOLE = 2
FLOP_SIZE = 3
PAIR_VALUE = int(Category.ONE_PAIR) << 20


def range_weights(
    situation: Situation, scenario: Scenario, stats: Sequence[PlayerStats]
) -> Weigh | None:
    """Deal weights for the opponents (contenders 1..n, with ``stats`` in that order)."""
    if scenario.showdown in OMAHA_FAMILY:
        return omaha_range_weights(situation, scenario, stats)
    if situation.variant.is_stud:
        return stud_range_weights(situation, scenario, stats)
    if situation.variant.showdown != "high":
        return None
    opponents = situation.opponents
    columns = [
        [index for index, slot in enumerate(scenario.slots) if slot.owner == owner + 1]
        for owner in range(len(opponents))
    ]
    if any(len(cols) not in (0, HOLDEM_HOLE) for cols in columns) or not any(columns):
        return None
    board = np.array([card.index for card in situation.view.board], dtype=np.intp)

    def weigh(deals: Deals) -> Weights:
        weights = np.ones(len(deals))
        for seat, cols, player in zip(opponents, columns, stats, strict=True):
            if not cols:  # known cards: nothing to weigh
                continue
            hole = deals[:, cols]
            weights *= _preflop_weight(situation, seat, player, hole)
            if len(board) >= FLOP_SIZE:
                weights *= _postflop_weight(situation, seat, player, hole, board)
        return weights

    return weigh


def _preflop_weight(situation: Situation, seat: int, player: PlayerStats, hole: Deals) -> Weights:
    kept = first_street_share(situation, seat, player)
    if kept is None:
        return np.ones(len(hole))
    return top_share_weight(PERCENTILE[hole[:, 0], hole[:, 1]], kept)


def _postflop_weight(
    situation: Situation, seat: int, player: PlayerStats, hole: Deals, board: Deals
) -> Weights:
    bets = later_bets(situation, seat)
    if not bets:
        return np.ones(len(hole))
    hands = np.hstack((hole, np.broadcast_to(board, (len(hole), len(board)))))
    made = batch_high_values(hands) >= PAIR_VALUE
    return np.where(made, 1.0, unmade_share(player) ** bets)
