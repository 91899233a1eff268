"""Opponents' likely hands in the draw games: where each opponent's hand ends.

What a draw game shows of a hand is how many cards it drew at each draw: standing pat
says made, drawing one a hand one card from made, three or more little yet. The tables
(``draw_tables``) hold, for every such history, where hands that drew so end, jointly
with their first-street strength and their strength now; the player's bets weigh those
as the hold'em ranges do (``ranges``): a first-street raise keeps about its top PFR share
of starting hands, a call its top VPIP share (re-raises narrower), and each bet or raise
after the first street makes a hand in the weaker half at its street less likely, the
less so the more the player bluffs.

The first-street strength is a starting hand's expected percentile at the showdown when
every hand draws soundly: its equity against one random hand, the measure hold'em
starting-hand charts rank by (all-in equity against a random hand, as PokerStove's). It
orders hands as draw players' rules of thumb do (``tests/test_bots_draw_ranges.py``): in
2-7 and Badugi a pat hand first, then fewer cards to draw, then lower cards kept (draw to
an 8-6 or better, never more than two cards, in the usual 2-7 advice); in Five-Card Draw
trips, then pairs by rank (jacks or better, the jackpots openers, above the small pairs),
then an ace to draw to.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokernight.bots.draw_states import BINS, FloatArray, history_key
from pokernight.bots.draw_tables import NOW_CLASSES, START_CLASSES, DrawTables
from pokernight.bots.range_reading import (
    first_street_share,
    later_bets,
    top_share_weight,
    unmade_share,
)
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.rules.events import CardsDrawn

START_PERCENTILES = (np.arange(START_CLASSES) + 0.5) / START_CLASSES
WEAK = np.arange(NOW_CLASSES) < NOW_CLASSES // 2


def opponent_endings(
    situation: Situation, tables: DrawTables, stats: Sequence[PlayerStats] | None = None
) -> FloatArray:
    """The live opponents' ending distributions, a row each (``situation.opponents`` order):
    from the draws each made, and weighed by its bets as ``stats`` say it plays (None: the
    draws alone, what anyone at the table sees)."""
    counts: dict[int, list[int]] = {seat: [] for seat in situation.opponents}
    for event in situation.view.events:
        if type(event) is CardsDrawn and event.seat in counts:  # faster than isinstance here
            counts[event.seat].append(event.count)
    endings = np.empty((len(situation.opponents), BINS))
    for row, seat in enumerate(situation.opponents):
        joint = tables.histories.get(history_key(counts[seat]))
        if joint is None:  # a history too rare for the tables: read as its street's
            joint = tables.histories[-len(counts[seat]) - 1]
        if stats is None:
            endings[row] = joint.reshape(-1, BINS).sum(axis=0)
            continue
        player = stats[row]
        share = first_street_share(situation, seat, player)
        if share is not None:
            joint = top_share_weight(START_PERCENTILES, share) @ joint.reshape(START_CLASSES, -1)
        nows = np.where(WEAK, unmade_share(player) ** later_bets(situation, seat), 1.0)
        endings[row] = nows @ joint.reshape(-1, NOW_CLASSES, BINS).sum(axis=0)
    endings /= endings.sum(axis=1, keepdims=True)
    return endings
