"""Hard: equity against the opponents' likely ranges, priced against the pot.

- The first street, every game: a regular's starting-hand ranges (``opening``): opens a
  range that widens as fewer players are left to act, never limps, re-raises and calls a
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

from dataclasses import replace
from functools import partial
from statistics import fmean

from pokernight.bots.bot import Bot
from pokernight.bots.choices import bet_pot_fraction, passive, stay
from pokernight.bots.draw_estimate import ranged_draw_equity, situation_tables
from pokernight.bots.estimate import (
    MIN_SAMPLES,
    deals_for,
    decided_in_stages,
    equity_of,
    my_equity,
    scenario_of,
    stud_estimate,
)
from pokernight.bots.first_street import strength
from pokernight.bots.opening import Ranges, first_street_action
from pokernight.bots.range_reading import bettor_stats, unmade_share
from pokernight.bots.ranges import range_weights
from pokernight.bots.ranges_omaha import SHOWDOWNS as OMAHA_FAMILY
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PRIOR_BLUFF, PRIOR_FOLD_TO_BET, PlayerStats
from pokernight.equity import Scenario
from pokernight.equity.calculator import Weigh
from pokernight.equity.stud_quick import QuickEquity
from pokernight.rules import Action

# Deals per decision: the batch evaluator makes high hands cheap, wild ones are not.
SAMPLES = {
    **{"high": 1000, "omaha": 400, "low": 400, "wild": 200, "omaha8": 160, "high8": 200},
    **{"short": 400, "spade": 200},
}
# A solid regular's: opens a quarter of its hands from the button, fewer earlier, never limps.
RANGES = Ranges(
    plays=0.26, raises=0.26, defends=1.1, reraises=0.4, positional=True, defend_floor=0.5
)
# Stud's third street: no blinds to defend and a bring-in to complete over, so a regular
# plays a little more of its hands than from a hold'em seat (20-25 %, not 18).
RANGES_STUD = replace(RANGES, plays=0.3, raises=0.3)
CALL_MARGIN = 0.02
LATE_MARGIN = 0.06
IMPLIED_DISCOUNT = 0.2
# In a limit flop game a raise costs one bet: people there raise a fifth of the bets they
# face after the flop (decision 86), so a regular raises for value with less.
LIMIT_RAISE_DISCOUNT = 0.06
# A limit hold'em river's bet is one bet against a big pot, so its pot odds ask for almost
# nothing, but a bettor there rarely bluffs (a bluff is too cheap to call) and people fold
# 41 % of such bets (decision 87): a regular calls with a hand that beats some of his values.
LIMIT_RIVER_MARGIN = 0.35
BLUFF_BASE = 0.3
CONTINUATION_BET = 0.6  # how often the first street's raiser bets the next when checked to
# Omaha's hands run close and its players hold the nuts more often: the first street's
# raiser is barely ahead on the flop and a bluff is called by more draws, so a regular
# continuation-bets and bluffs less there.
OMAHA_CONTINUATION_BET = 0.45
OMAHA_BLUFFS = 0.7


class HardBot(Bot):
    level = "hard"

    def choose(self, situation: Situation, stats: list[PlayerStats]) -> Action:
        if situation.is_first_street:
            mine = strength(situation, SAMPLES, self.rng)
            ranges = RANGES_STUD if situation.variant.is_stud else RANGES
            return first_street_action(situation, ranges, mine, stats, self.rng)
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
        if situation.variant.is_stud:
            return self._stud(situation, stats, scenario, weigh)
        if scenario.showdown in OMAHA_FAMILY:
            decide = partial(self._by_equity, situation, stats)
            return decided_in_stages(scenario, SAMPLES, self.rng, decide, weigh)
        equity = equity_of(scenario, SAMPLES, self.rng, weigh)
        return self._by_equity(situation, stats, equity)

    def _stud(
        self,
        situation: Situation,
        stats: list[PlayerStats],
        scenario: Scenario,
        weigh: Weigh | None,
    ) -> Action:
        """Equity in two rounds: a third of the deals, and the rest only when the decision
        could turn on them (another action at either end of the first round's 95% bounds)."""
        count = deals_for(scenario, SAMPLES)
        first_count = min(count, max(MIN_SAMPLES, count // 3))
        first = stud_estimate(scenario, first_count, self.rng, weigh)
        if first_count == count or self._settled(situation, stats, first):
            return self._by_equity(situation, stats, first.equity)
        rest = stud_estimate(scenario, count - first_count, self.rng, weigh)
        equity = (first.equity * first_count + rest.equity * (count - first_count)) / count
        return self._by_equity(situation, stats, equity)

    def _settled(self, situation: Situation, stats: list[PlayerStats], first: QuickEquity) -> bool:
        """Whether the same kind of action answers either end of ``first``'s bounds, each
        with the same random draws (the state is put back: the decision draws them again)."""
        state = self.rng.getstate()
        kinds = set()
        for equity in (first.equity - first.error, first.equity + first.error):
            self.rng.setstate(state)
            kinds.add(self._by_equity(situation, stats, equity).kind)
        self.rng.setstate(state)
        return len(kinds) == 1

    def _by_equity(self, situation: Situation, stats: list[PlayerStats], equity: float) -> Action:
        opponents = len(situation.opponents)
        folds = fmean(player.fold_to_bet for player in stats) if stats else PRIOR_FOLD_TO_BET
        # Against players who rarely fold, thinner hands are worth a value bet.
        value = 0.3 + 0.28 / opponents - 0.3 * max(0.0, PRIOR_FOLD_TO_BET - folds)
        # Each raise more on a street asks for a stronger hand: no raising wars on a pair.
        raise_value = 0.5 + 0.28 / opponents + 0.1 * situation.raises_this_street
        if situation.is_limit_flop_game:
            raise_value -= LIMIT_RAISE_DISCOUNT
        if situation.to_call == 0:
            if equity >= value:
                return bet_pot_fraction(situation, self._value_size(equity, folds))
            if _continues(situation) and self.rng.random() < _continuation_bet(situation):
                return bet_pot_fraction(situation, self.rng.uniform(0.4, 0.7))
            if self.rng.random() < self._bluff_chance(situation, folds, equity):
                return bet_pot_fraction(situation, self.rng.uniform(0.5, 0.8))
            return stay(situation)
        if equity >= raise_value:
            return bet_pot_fraction(situation, self._value_size(equity, folds))
        if equity >= _call_price(situation, stats, equity):
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
        if situation.is_omaha:
            chance *= OMAHA_BLUFFS
        return min(chance, 0.6)


def _continuation_bet(situation: Situation) -> float:
    return OMAHA_CONTINUATION_BET if situation.is_omaha else CONTINUATION_BET


def _continues(situation: Situation) -> bool:
    """Whether the bot made the first street's last raise and nobody has bet this one, the
    second: its continuation bet, as a regular makes one."""
    if situation.street != 1 or situation.raises_this_street:
        return False
    raisers = [r.seat for r in situation.records if r.street == 0 and r.is_aggressive]
    return bool(raisers) and raisers[-1] == situation.seat


def _call_price(situation: Situation, stats: list[PlayerStats], equity: float) -> float:
    """The equity a call needs: the pot odds, less what more can be won later, plus a
    margin, plus (at limit) what a weak hand pays later and folds."""
    bettor = bettor_stats(situation, stats)
    later_loss = situation.reverse_implied(unmade_share(bettor), equity)
    price = situation.pot_odds * (1 - _implied_discount(situation))
    return price + _margin(situation, bettor) + later_loss


def _margin(situation: Situation, bettor: PlayerStats) -> float:
    """The equity above the price a call asks for: more as the streets run out, since a
    bettor's range is stronger than its weights say by then (few bluff twice); on a limit
    hold'em river much more, but none against a bettor whose shown bets were bluffs half
    the time."""
    if situation.is_limit_holdem_river:
        honest = max(0.0, 1 - 2 * bettor.bluff_rate) / (1 - 2 * PRIOR_BLUFF)
        return CALL_MARGIN + LATE_MARGIN + LIMIT_RIVER_MARGIN * honest
    streets_left = len(situation.variant.streets) - 1 - situation.street
    return CALL_MARGIN if streets_left >= 2 else CALL_MARGIN + LATE_MARGIN


def _implied_discount(situation: Situation) -> float:
    """How much less equity a call needs while cards are to come and more can be won
    later: the effective stack, or in fixed-limit at most a big bet a street left (what a
    made hand wins from a caller there), against the pot."""
    if situation.is_last_street:
        return 0.0
    later = situation.effective_stack
    if situation.is_fixed_limit:
        streets_left = len(situation.variant.streets) - 1 - situation.street
        later = min(later, streets_left * situation.stakes.big_bet)
    depth = later / max(situation.pot, 1)
    return IMPLIED_DISCOUNT * min(1.0, depth / 3)
