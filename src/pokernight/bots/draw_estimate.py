"""A bot's equity in a draw game, from the tables (``draw_tables``) in microseconds.

Each hand's end is a distribution over percentile bins: the bot's from the cards it keeps
and the draws left (a single percentile once it stands pat or no draw is left), each
opponent's from the draws it made and its bets (``ranges_draw``), or for the easy and
medium bots from the draws alone (how many cards each took: a pat hand is seen by anyone
at the table, a bet's meaning only by a reader); before any draw, a random hand. The
opponents are taken to end independently; the bot wins where it ends above all of them,
a tie within a bin counting half. Dealing deals per decision, as the board games do,
cost too much here: every hand has to draw soundly at every draw left in every deal (tens
of milliseconds a decision).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokernight.bots.draw_states import EDGES, FloatArray, bin_of
from pokernight.bots.draw_tables import DrawTables, tables_for
from pokernight.bots.ranges_draw import opponent_endings
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats


def situation_tables(situation: Situation) -> DrawTables | None:
    variant = situation.variant
    draws = sum(1 for street in variant.streets if street.draws)
    return tables_for(variant.showdown, draws, variant.streets[0].hole_down)


def draws_left(situation: Situation) -> int:
    return sum(1 for street in situation.variant.streets[situation.street + 1 :] if street.draws)


def seen_draw_equity(situation: Situation, tables: DrawTables) -> float:
    """Against the opponents' hands as their draws show them, drawing soundly at each draw
    left (the easy and medium bots): before the first draw, random hands."""
    left = draws_left(situation)
    mine = tables.ending(situation.my_cards, left)
    if not situation.street:
        return ending_equity(mine, tables.random[left : left + 1], len(situation.opponents))
    return ending_equity(mine, opponent_endings(situation, tables))


def ranged_draw_equity(
    situation: Situation, tables: DrawTables, stats: Sequence[PlayerStats]
) -> float:
    """Against the opponents' hands as their draws and bets tell them (the hard bot)."""
    mine = tables.ending(situation.my_cards, draws_left(situation))
    return ending_equity(mine, opponent_endings(situation, tables, stats))


def ending_equity(mine: FloatArray | float, opponents: FloatArray, copies: int = 1) -> float:
    """The share of the pot ``mine`` wins against ``opponents`` (a distribution a row, each
    standing for ``copies`` players) ending independently."""
    if not len(opponents) or not copies:
        return 1.0
    below = np.cumsum(opponents, axis=1) - opponents
    if isinstance(mine, float):
        place = bin_of(mine)
        inside = (mine - EDGES[place]) / (EDGES[place + 1] - EDGES[place])
        return float(np.prod(below[:, place] + opponents[:, place] * inside) ** copies)
    return float(mine @ np.prod(below + opponents / 2, axis=0) ** copies)
