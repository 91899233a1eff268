"""How a player plays, counted as trackers count it (issue 39): VPIP, PFR, aggression,
all-in and went-to-showdown, over a simulation's hands.

The counts are ``history.stats``'s (the same definitions as a table's statistics panel:
``seat_tallies``), plus how often the player put every chip in; but the aggression factor
is the trackers' (PokerTracker's "AF"): bets and raises per call after the first street,
where the panel counts every street. A ``Counts`` row per player is a plain array, so that
blocks played in other processes add up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pokernight.history.actions import action_records
from pokernight.history.stats import seat_tallies
from pokernight.rules import ActionTaken, Event

# The columns of a player's counts.
FIELDS = ("hands", "vpip", "pfr", "aggressive", "calls", "saw_second", "showdowns", "all_in")
Counts = npt.NDArray[np.int64]  # (players, len(FIELDS))


def hand_counts(events: Sequence[Event]) -> Counts:
    """One finished hand's counts, a row per seat."""
    all_in = {event.seat for event in events if isinstance(event, ActionTaken) and event.all_in}
    later = [record for record in action_records(events) if record.street > 0]
    rows = [
        (
            1,
            tally.voluntary,
            tally.raised_first_round,
            sum(1 for record in later if record.seat == seat and record.is_aggressive),
            sum(1 for record in later if record.seat == seat and record.kind == "call"),
            tally.saw_second_round,
            tally.showed_down and tally.saw_second_round,
            seat in all_in,
        )
        for seat, tally in enumerate(seat_tallies(events))
    ]
    return np.array(rows, dtype=np.int64)


@dataclass(frozen=True, slots=True)
class Profile:
    """One player's (or one level's, summed over its seats) rates, in percent but the
    aggression factor (bets and raises per call after the first street)."""

    hands: int
    vpip: float
    pfr: float
    aggression: float
    all_in: float
    went_to_showdown: float

    @classmethod
    def of(cls, counts: Counts) -> Profile:
        """The rates of ``counts``: one row, or several summed (a level's seats)."""
        total = dict(zip(FIELDS, np.atleast_2d(counts).sum(axis=0).tolist(), strict=True))
        hands = max(total["hands"], 1)
        return cls(
            total["hands"],
            100 * total["vpip"] / hands,
            100 * total["pfr"] / hands,
            total["aggressive"] / max(total["calls"], 1),
            100 * total["all_in"] / hands,
            100 * total["showdowns"] / max(total["saw_second"], 1),
        )
