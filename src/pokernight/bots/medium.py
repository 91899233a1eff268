"""Medium: seed 004's call willingness (docs/seeds.md), done with real equity and pot odds.
Facing a bet, the equity is against what the bettor's play says he holds (``ranges``).

On the first street it plays a third of its starting hands (``opening``). After it:
A willingness (in percent) to stay in adds up the hand's equity against the
price of the call (pot odds), the chips already invested (sunk cost makes it
stickier) and the bettor's observed bluff rate; a random roll against it
decides. Raises need a roll well inside the willingness, and every bet size
is drawn at random, so neither its actions nor its sizes reveal its cards.
"""

from __future__ import annotations

from pokernight.bots.bot import Bot
from pokernight.bots.choices import bet_pot_fraction, passive, stay
from pokernight.bots.estimate import credited_equity, my_equity
from pokernight.bots.first_street import strength
from pokernight.bots.opening import Ranges, first_street_action
from pokernight.bots.range_reading import bettor_stats, unmade_share
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PRIOR_BLUFF, PlayerStats
from pokernight.rules import Action

SAMPLES = {
    "high": 400,
    "omaha": 200,
    "low": 200,
    "wild": 120,
    "omaha8": 80,
    "high8": 120,
    "short": 200,
    "spade": 120,
}
# A recreational regular's: a third of its hands wherever it sits, raises the best eighth.
RANGES = Ranges(plays=0.38, raises=0.14, defends=1.2, reraises=0.3)
CREDIT = 0.5  # how far a bet moves its equity from any hand to the bettor's range
# ...on a limit hold'em river, where a bet is rarely a bluff and people fold 41 % of them
# (decision 87), it believes the bet whole.
LIMIT_RIVER_CREDIT = 1.0
BASE_WILLINGNESS = 15.0
EQUITY_OVER_ODDS = 180.0  # points per unit of equity above the pot odds
SUNK_COST = 25.0  # points when all the bot's chips are already in
BLUFF_CATCHING = 100.0  # points per unit of the bettor's bluff rate (seed 004's "*100")
# Seed 004's "(50 - callforplayer/10)": a big call is less welcome. Here by the share of the
# stack it takes (points when it takes every chip), so a deep stack is not called off light.
CALL_SIZE = 60.0
RAISE_MARGIN = 30.0  # a raise needs the roll this far inside the willingness to bet
BET_BASE = 15.0
BET_PER_EDGE = 160.0  # points per unit of equity above a fair share


class MediumBot(Bot):
    level = "medium"

    def choose(self, situation: Situation, stats: list[PlayerStats]) -> Action:
        if situation.is_first_street:
            mine = strength(situation, SAMPLES, self.rng)
            return first_street_action(situation, RANGES, mine, stats, self.rng)
        equity = my_equity(situation, SAMPLES, self.rng)
        if situation.to_call:
            # Facing a bet it half believes what the bettor's play says he holds: a bet is
            # no random hand, but it is no reader either. With nothing to call it bets its
            # own hand against any.
            credited = credited_equity(situation, stats, SAMPLES, self.rng)
            if credited is not None:
                credit = LIMIT_RIVER_CREDIT if situation.is_limit_holdem_river else CREDIT
                equity += credit * (credited - equity)
        fair = 1 / (len(situation.opponents) + 1)
        roll = self.rng.uniform(0, 100)
        if situation.to_call == 0:
            willing = BET_BASE + BET_PER_EDGE * (equity - fair)
            if roll < willing:
                return bet_pot_fraction(situation, self.rng.uniform(0.4, 0.9))
            return stay(situation)
        bettor = bettor_stats(situation, stats)
        bluffs = bettor.bluff_rate
        willing = (
            BASE_WILLINGNESS
            + EQUITY_OVER_ODDS
            * (
                equity
                - situation.pot_odds
                - situation.reverse_implied(unmade_share(bettor), equity)
            )
            + SUNK_COST * _sunk_share(situation)
            + BLUFF_CATCHING * (bluffs - PRIOR_BLUFF)  # a bettor not seen yet adds nothing
            # A big call frightens it the less, the more the bettor bluffs.
            - CALL_SIZE * min(1.0, situation.to_call / max(situation.stack, 1)) * (1 - bluffs)
        )
        # A raise is a bet on the hand, not on the price: the bet's willingness, less a
        # margin (cheap limit calls raise no wars), and never more than the call's.
        raising = min(willing, BET_BASE + BET_PER_EDGE * (equity - fair)) - RAISE_MARGIN
        if roll < raising:
            return bet_pot_fraction(situation, self.rng.uniform(0.5, 1.0))
        if roll < willing:
            return stay(situation)
        return passive(situation)


def _sunk_share(situation: Situation) -> float:
    invested = situation.invested[situation.seat]
    return invested / (invested + situation.stack) if invested else 0.0
