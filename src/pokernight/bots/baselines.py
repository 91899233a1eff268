"""Fixed opponents to measure the bots against (issue 39): a calling station, a maniac and
a random legal player, the baselines poker-bot research measures against (as the ACPC's
"always call" and "always raise" players and a uniformly random one); and an honest player
who never bluffs, the maniac's opposite, to measure how the hard bot adapts (seed 004).

They are not levels a table offers: nobody fills an empty seat with one. The station and the
maniac draw as a sound player does (``Bot.discards``): they differ from the levels in how
they bet; the random player discards at random too.
"""

from __future__ import annotations

from collections.abc import Sequence

from pokernight.bots.bot import Bot
from pokernight.bots.choices import bet_pot_fraction, passive, stay
from pokernight.bots.estimate import my_equity
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.rules import Action, HandView
from pokernight.rules.random_play import random_action

HONEST_STRONG = 0.7
HONEST_SAMPLES = {"high": 200, "omaha": 100, "low": 100, "wild": 60, "omaha8": 40, "high8": 60,
                  "short": 100, "spade": 60}  # fmt: skip


class CallingStation(Bot):
    """Never folds, never bets: checks or calls every street to the showdown."""

    level = "station"

    def choose(self, situation: Situation, stats: list[PlayerStats]) -> Action:
        return stay(situation)


class Maniac(Bot):
    """Bets and raises the pot (the most a limit allows) at every chance, else calls."""

    level = "maniac"

    def choose(self, situation: Situation, stats: list[PlayerStats]) -> Action:
        return bet_pot_fraction(situation, 1.0)


class Honest(Bot):
    """Never bluffs: bets and raises only a strong hand (equity against random hands of
    ``STRONG`` or more), calls with a fair share of equity, else checks or folds. Seed
    004's other player: the one whose bets a bot learns to believe."""

    level = "honest"

    def choose(self, situation: Situation, stats: list[PlayerStats]) -> Action:
        equity = my_equity(situation, HONEST_SAMPLES, self.rng)
        if equity >= HONEST_STRONG:
            return bet_pot_fraction(situation, 0.75)
        if situation.to_call == 0 or equity >= 1 / (len(situation.opponents) + 1):
            return stay(situation)
        return passive(situation)


class RandomPlayer(Bot):
    """A random legal action (``rules.random_action``), random discards in a draw."""

    level = "random"

    def decide(self, view: HandView, players: Sequence[str] | None = None) -> Action:
        legal = view.legal
        if legal is not None and legal.can_draw:
            held = tuple(card for card in view.cards[legal.seat] if card is not None)
            return random_action(legal, self.rng, held)
        return super().decide(view, players)

    def choose(self, situation: Situation, stats: list[PlayerStats]) -> Action:
        return random_action(situation.legal, self.rng)


BASELINES: dict[str, type[Bot]] = {
    "station": CallingStation,
    "maniac": Maniac,
    "random": RandomPlayer,
    "honest": Honest,
}
