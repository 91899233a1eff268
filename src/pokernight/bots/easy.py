"""Easy: loose and passive. Calls most bets, rarely bets, raises only the nuts-ish.

Hand strength is its equity against random hands (a quick Monte Carlo), judged
against a fair share of the pot; it ignores position, opponents and odds.
"""

from __future__ import annotations

from pokernight.bots.bot import Bot
from pokernight.bots.choices import bet_pot_fraction, passive, stay
from pokernight.bots.estimate import my_equity
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.cards import Card
from pokernight.equity.draws import easy_discards
from pokernight.rules import Action

SAMPLES = {
    "high": 200,
    "omaha": 100,
    "low": 100,
    "wild": 60,
    "omaha8": 40,
    "high8": 60,
    "short": 100,
    "spade": 60,
}
STRONG = 0.75  # equity that makes it bet or raise
LOOSE_SHARE = 0.6  # it keeps calling with this fraction of a fair share of equity
CHEAP_CALL = 0.35  # ...or when the call is at most this share of the pot
CHEAP_UNITS = 2


class EasyBot(Bot):
    level = "easy"

    def discards(self, cards: tuple[Card, ...], showdown: str) -> tuple[Card, ...]:
        # A beginner's draw: keeps what it has, whatever its rank (``easy_discards``).
        return easy_discards(cards, showdown)

    def choose(self, situation: Situation, stats: list[PlayerStats]) -> Action:
        equity = my_equity(situation, SAMPLES, self.rng)
        fair = 1 / (len(situation.opponents) + 1)
        if equity >= STRONG and self.rng.random() < 0.7:
            return bet_pot_fraction(situation, 0.5)
        to_call = situation.to_call
        cheap = to_call <= max(CHEAP_CALL * situation.pot, CHEAP_UNITS * situation.unit)
        if to_call == 0 or cheap or equity >= LOOSE_SHARE * fair:
            return stay(situation)
        return passive(situation)
