"""Easy: loose and passive. Calls most bets, rarely bets, raises only the nuts-ish.

On the first street it plays half its starting hands, wherever it sits (``opening``).
Later, hand strength is its equity against random hands (a quick Monte Carlo), judged
against a fair share of the pot; it ignores position, opponents and odds.
"""

from __future__ import annotations

from pokernight.bots.bot import Bot
from pokernight.bots.choices import bet_pot_fraction, passive, stay
from pokernight.bots.estimate import my_equity
from pokernight.bots.first_street import strength
from pokernight.bots.opening import SHORT_UNITS, Ranges, depth_units, first_street_action
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
# A beginner's: plays half its hands whatever its seat, raises only the very best, calls
# raises with far more than the raiser's range allows.
RANGES = Ranges(plays=0.5, raises=0.05, defends=2.0, reraises=0.1)
STRONG = 0.65  # equity that makes it bet
GREAT = 0.85  # equity that makes it raise a bet
LOOSE_SHARE = 1.0  # it keeps calling with this fraction of a fair share of equity
# ...and on a limit hold'em river, where a bet is rarely a bluff, a little more than a
# fair share: people there fold 41 % of river bets, the loose-passive a third (decision 87).
LIMIT_RIVER_SHARE = 1.3
CHEAP_CALL = 0.2  # ...or when the call is at most this share of the pot
CHEAP_UNITS = 1
COMMITTING = 0.4  # a call of this share of its stack or more asks for a great hand
WILD_RAISER = 0.5  # ...but from a player who raises this share of hands or more


class EasyBot(Bot):
    level = "easy"

    def discards(self, cards: tuple[Card, ...], showdown: str) -> tuple[Card, ...]:
        # A beginner's draw: keeps what it has, whatever its rank (``easy_discards``).
        return easy_discards(cards, showdown)

    def choose(self, situation: Situation, stats: list[PlayerStats]) -> Action:
        if situation.is_first_street:
            mine = strength(situation, SAMPLES, self.rng)
            return first_street_action(situation, RANGES, mine, stats, self.rng)
        equity = my_equity(situation, SAMPLES, self.rng)
        fair = 1 / (len(situation.opponents) + 1)
        to_call = situation.to_call
        # It bets its good hands but raises a bet only with a great one: no raising wars.
        if equity >= (STRONG if to_call == 0 else GREAT) and self.rng.random() < 0.8:
            return bet_pot_fraction(situation, 0.5)
        # A cheap call to see more cards; with none to come, it wants a hand. In a limit
        # flop game every bet is that cheap, and people there fold a third of the bets they
        # face (decision 86): it asks for its fair share.
        cheap = (
            not situation.is_last_street
            and not situation.is_limit_flop_game
            and to_call <= max(CHEAP_CALL * situation.pot, CHEAP_UNITS * situation.unit)
        )
        # Even a beginner puts most of their chips in only with a hand they think great,
        # unless the bettor is the one who raises every hand (him it calls down) or it is
        # short and the pot before this bet outweighs what it has ("with so much in").
        committed = (
            depth_units(situation) <= SHORT_UNITS and situation.stack <= situation.pot - to_call
        )
        committing = (
            to_call >= COMMITTING * situation.stack
            and not committed
            and not _raises_everything(situation, stats)
        )
        share = LIMIT_RIVER_SHARE if situation.is_limit_holdem_river else LOOSE_SHARE
        needed = GREAT if committing else share * fair
        if to_call == 0 or cheap or equity >= needed:
            return stay(situation)
        return passive(situation)


def _raises_everything(situation: Situation, stats: list[PlayerStats]) -> bool:
    """Whether the bettor raises most first streets: a beginner notices that much."""
    bettor = situation.last_aggressor
    return bettor is not None and stats[situation.opponents.index(bettor)].pfr >= WILD_RAISER
