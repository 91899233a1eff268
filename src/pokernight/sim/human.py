"""How people play, in a tracker's numbers: the ranges each bot level is held to (issue 39).

Each level stands for a kind of player a home game has: ``easy`` a loose-passive beginner
who plays too many hands and seldom raises, ``medium`` a loose recreational player, ``hard``
a solid tight-aggressive regular. Their ranges are the figures tracking software and
coaching sites give for those player types at six-handed no-limit hold'em cash (VPIP, PFR,
postflop aggression factor, went to showdown: docs/bots.md cites them); the all-in rate,
which trackers do not show, is bounded by what a 100-big-blind cash game sees. People's
own limit hold'em (the IRC Poker Database, decision 86) falls inside the same ranges; the
other games have no such database or norms (a few hundred real hands at most, which agree
at stud: docs/bots.md): the same ranges hold there (docs/bots.md says where a game's nature
moves a figure, and by how much). But where a game's second betting round is its last
(Five-Card Draw), went to showdown and the aggression factor count only a last round,
which in hold'em is the river: there the levels are held to people's river
(``ranges_for``, decision 88).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from pokernight.rules import Variant
from pokernight.sim.profile import Profile


@dataclass(frozen=True, slots=True)
class HumanRanges:
    """A kind of player's ranges: (lowest, highest) of each figure, percent but the
    aggression factor."""

    vpip: tuple[float, float]
    pfr: tuple[float, float]
    aggression: tuple[float, float]
    all_in: tuple[float, float]
    went_to_showdown: tuple[float, float]

    def outside(self, profile: Profile, slack: float = 0.0) -> list[str]:
        """The figures of ``profile`` outside these ranges, each widened by ``slack`` (a share
        of its width, on both sides): "vpip 61.2 not in 35-60"."""
        found = []
        for field in fields(self):
            low, high = getattr(self, field.name)
            margin = slack * (high - low)
            value = getattr(profile, field.name)
            if not low - margin <= value <= high + margin:
                found.append(f"{field.name} {value:.1f} not in {low:g}-{high:g}")
        return found


HUMAN: dict[str, HumanRanges] = {
    "easy": HumanRanges(
        vpip=(35, 60), pfr=(2, 10), aggression=(0.4, 1.5), all_in=(0, 6), went_to_showdown=(33, 50)
    ),
    "medium": HumanRanges(
        vpip=(25, 40), pfr=(8, 18), aggression=(1.0, 2.5), all_in=(0, 5), went_to_showdown=(28, 45)
    ),
    "hard": HumanRanges(
        vpip=(18, 28), pfr=(14, 24), aggression=(2.0, 4.5), all_in=(0, 4), went_to_showdown=(24, 34)
    ),
}

# Of the players who saw the river, the share who went to showdown, by the kind of player
# their went-to-showdown from the flop makes them (its range above): the least and most
# among the IRC Poker Database's limit hold'em players (41 players, April 1995) and the
# professionals of the Pluribus hands (six-max no-limit), each with 25 river hands or more
# (the professionals 30; decision 88).
LAST_ROUND_SHOWDOWN: dict[str, tuple[float, float]] = {
    "easy": (60, 91),
    "medium": (55, 91),
    "hard": (53, 76),
}
# People bet and raise more per call on the river than over the streets after the flop:
# 1.69 times as much in the IRC data, 1.41 in the Pluribus hands (decision 88). A level's
# aggression on a last round alone spans its range's low end times the lesser ratio to its
# high end times the greater.
LAST_ROUND_AGGRESSION = (1.41, 1.69)


def ranges_for(level: str, variant: Variant) -> HumanRanges:
    """The ranges a level is held to in ``variant``: where the second betting round is the
    last one, went to showdown and the aggression factor are a last round's, and people's
    river says what they are."""
    ranges = HUMAN[level]
    if len(variant.streets) != 2:
        return ranges
    low, high = ranges.aggression
    least, most = LAST_ROUND_AGGRESSION
    return replace(
        ranges,
        aggression=(round(low * least, 2), round(high * most, 2)),
        went_to_showdown=LAST_ROUND_SHOWDOWN[level],
    )
