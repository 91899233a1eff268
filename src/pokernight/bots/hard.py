"""Hard: equity against the opponents' likely ranges, priced against the pot.

- Hold'em before the flop: starting-hand percentiles (``preflop``): opens a
  range that widens as fewer players are left to act, re-raises and calls a
  raise with hands inside the raiser's observed PFR range.
- Everywhere else: Monte Carlo equity against the live opponents, their
  hidden cards weighted by what their actions and stats say (``ranges``).
  It calls when the equity beats the pot odds (less a discount for implied
  odds while cards are to come and stacks are deep), raises and bets for value
  above a threshold that falls against players who rarely fold, and bluffs
  at a frequency set by the opponents' fold-to-bet, more in position.
- Sizes are drawn from a range, not chosen by hand strength alone.
"""

from __future__ import annotations

from statistics import fmean

from pokernight.bots.bot import Bot
from pokernight.bots.choices import bet_pot_fraction, bet_to, passive, stay
from pokernight.bots.draw_estimate import ranged_draw_equity, situation_tables
from pokernight.bots.estimate import equity_of, my_equity, scenario_of
from pokernight.bots.preflop import percentile
from pokernight.bots.ranges import range_weights
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PRIOR_FOLD_TO_BET, PlayerStats
from pokernight.rules import Action

# Deals per decision: the batch evaluator makes high hands cheap, wild ones are not.
SAMPLES = {
    **{"high": 1000, "omaha": 400, "low": 400, "wild": 200, "omaha8": 160, "high8": 200},
    **{"short": 400, "spade": 200},
}
HOLDEM_HOLE = 2
OPEN_WIDTH = 0.9  # open range = OPEN_WIDTH / (players left to act + 1.5)
RERAISE_SHARE = 0.4  # re-raise the top share of the raiser's range
CALL_SHARE = 1.1
CALL_MARGIN = 0.02
IMPLIED_DISCOUNT = 0.2
BLUFF_BASE = 0.3


class HardBot(Bot):
    level = "hard"

    def choose(self, situation: Situation, stats: list[PlayerStats]) -> Action:
        if situation.is_first_street and _is_holdem(situation):
            return self._preflop(situation, stats)
        if situation.variant.is_draw:  # where hands end, read from the draws and bets
            tables = situation_tables(situation)
            equity = (
                my_equity(situation, SAMPLES, self.rng)
                if tables is None
                else ranged_draw_equity(situation, tables, stats)
            )
            return self._by_equity(situation, stats, equity)
        scenario = scenario_of(situation)
        weigh = range_weights(situation, scenario, stats)
        equity = equity_of(scenario, SAMPLES, self.rng, weigh)
        return self._by_equity(situation, stats, equity)

    def _preflop(self, situation: Situation, stats: list[PlayerStats]) -> Action:
        strength = percentile(situation.my_cards)
        raises = situation.raises_this_street
        unit = situation.unit
        if raises == 0:
            behind = _left_to_act(situation)
            opening = OPEN_WIDTH / (behind + 1.5)
            limpers = sum(1 for seat in situation.opponents if situation.entered(seat))
            if strength >= 1 - opening:
                return bet_to(situation, unit * (self.rng.uniform(2.5, 3.5) + limpers))
            if situation.to_call <= unit / 2 and strength >= 1 - 2 * opening:
                return stay(situation)
            return passive(situation)
        kept = _raiser_range(situation, stats)
        price = situation.to_call / max(situation.stack, 1)
        if strength >= 1 - kept * RERAISE_SHARE:
            return bet_to(situation, situation.legal.call_to * self.rng.uniform(2.8, 3.4))
        if strength >= max(0.5, 1 - kept * CALL_SHARE) + price:
            return stay(situation)
        return passive(situation)

    def _by_equity(self, situation: Situation, stats: list[PlayerStats], equity: float) -> Action:
        opponents = len(situation.opponents)
        folds = fmean(player.fold_to_bet for player in stats) if stats else PRIOR_FOLD_TO_BET
        # Against players who rarely fold, thinner hands are worth a value bet.
        value = 0.3 + 0.28 / opponents - 0.3 * max(0.0, PRIOR_FOLD_TO_BET - folds)
        raise_value = 0.4 + 0.28 / opponents
        if situation.to_call == 0:
            if equity >= value:
                return bet_pot_fraction(situation, self._value_size(equity, folds))
            if self.rng.random() < self._bluff_chance(situation, folds, equity):
                return bet_pot_fraction(situation, self.rng.uniform(0.5, 0.8))
            return stay(situation)
        if equity >= raise_value:
            return bet_pot_fraction(situation, self._value_size(equity, folds))
        if equity >= situation.pot_odds * (1 - _implied_discount(situation)) + CALL_MARGIN:
            return stay(situation)
        if opponents == 1 and self.rng.random() < 0.25 * self._bluff_chance(
            situation, folds, equity
        ):
            return bet_pot_fraction(situation, self.rng.uniform(0.7, 1.0))
        return passive(situation)

    def _value_size(self, equity: float, folds: float) -> float:
        sticky = max(0.0, PRIOR_FOLD_TO_BET - folds)
        return self.rng.uniform(0.5, 0.9) + 0.4 * max(0.0, equity - 0.7) + sticky

    def _bluff_chance(self, situation: Situation, folds: float, equity: float) -> float:
        """About one bluff per two value bets against average folders, more with draws."""
        if situation.is_first_street:
            return 0.0
        chance = BLUFF_BASE * folds / PRIOR_FOLD_TO_BET / len(situation.opponents)
        if not situation.is_last_street and equity >= 0.25:
            chance *= 1.5
        if situation.acts_last:
            chance *= 1.3
        return min(chance, 0.6)


def _is_holdem(situation: Situation) -> bool:
    return len(situation.my_cards) == HOLDEM_HOLE and situation.variant.showdown == "high"


def _left_to_act(situation: Situation) -> int:
    """Opponents acting after this seat before the flop (the blinds act last)."""
    count = len(situation.view.folded)
    big_blind = (situation.button + (1 if count == 2 else 2)) % count
    return sum(
        1
        for seat in situation.opponents
        if 0 < (seat - situation.seat) % count <= (big_blind - situation.seat) % count
        and not situation.entered(seat)
    )


def _raiser_range(situation: Situation, stats: list[PlayerStats]) -> float:
    """The share of hands the last raiser plays this way (its PFR, narrowed per re-raise)."""
    raisers = [r.seat for r in situation.records if r.street == 0 and r.is_aggressive]
    raiser = raisers[-1]
    if raiser not in situation.opponents:
        return 0.15
    pfr = stats[situation.opponents.index(raiser)].pfr
    return pfr * RERAISE_SHARE ** (len(raisers) - 1)


def _implied_discount(situation: Situation) -> float:
    """How much less equity a call needs while cards are to come and stacks are deep."""
    if situation.is_last_street:
        return 0.0
    depth = situation.effective_stack / max(situation.pot, 1)
    return IMPLIED_DISCOUNT * min(1.0, depth / 3)
