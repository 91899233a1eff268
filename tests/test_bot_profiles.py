"""Each bot level plays as the kind of player it stands for (issue 39): its VPIP, PFR,
aggression, all-in rate and went-to-showdown within the human ranges of ``sim.human``,
here on a short seeded run, so within wider bounds (half the range's width more on each
side); docs/bots.md gives each level's figures on 20,000 hands a game."""

from __future__ import annotations

import pytest

from pokernight.sim import Simulation, play_hands
from pokernight.sim.human import HUMAN
from pokernight.sim.profile import Profile

LEVELS = ("easy", "medium", "hard")


@pytest.mark.parametrize("game", ["nlhe"])
def test_every_level_plays_within_the_ranges_of_its_kind_of_player(game: str) -> None:
    bots = LEVELS * 2  # six-handed, two seats each, as docs/bots.md measures them
    played = play_hands(Simulation(game, bots, 600, seed=11, profile=True))
    for level in LEVELS:
        profile = Profile.of(played.counts[[seat for seat, bot in enumerate(bots) if bot == level]])
        assert profile.hands == 1_200
        assert HUMAN[level].outside(profile, slack=0.5) == [], (game, level, profile)
