"""What a bot needs to know about the decision in front of it, read from its view alone."""

from __future__ import annotations

from dataclasses import dataclass

from pokernight.bots.stats import PRIOR_AGGRESSION, PRIOR_BLUFF
from pokernight.cards import Card
from pokernight.history.actions import ActionRecord, action_records
from pokernight.rules import (
    BettingStructure,
    HandStarted,
    HandView,
    LegalActions,
    Stakes,
    Variant,
    variant_for,
)

LIMIT_REALIZATION = 0.45
"""What a call with no chance at all would need above the pot odds against a bettor whose
bets mean what most players' do, in a limit flop game before the river: set so that the
levels fold to bets as people at limit hold'em do (the IRC data, decision 86)."""


@dataclass(frozen=True, slots=True)
class Situation:
    view: HandView
    variant: Variant
    stakes: Stakes
    button: int
    seat: int
    legal: LegalActions
    records: tuple[ActionRecord, ...]
    invested: tuple[int, ...]  # chips each seat has put in this hand
    # How much more a chip lost weighs than a chip won: 1 at a cash game, where chips are
    # money; more in a tournament, where the chips that knock a player out are worth more
    # than those that double them (``pot_odds``; ``bot.TOURNAMENT_RISK_WEIGHT``).
    risk_weight: float = 1.0

    @classmethod
    def of(cls, view: HandView, risk_weight: float = 1.0) -> Situation:
        if view.seat is None or view.legal is None:
            raise ValueError("a bot decides only when it is its turn")
        started = view.events[0]
        if not isinstance(started, HandStarted):
            raise ValueError("a hand's events begin with HandStarted")
        invested = tuple(
            start - now for start, now in zip(started.stacks, view.stacks, strict=True)
        )
        return cls(
            view,
            variant_for(started.variant, started.betting),
            started.stakes,
            started.button,
            view.seat,
            view.legal,
            action_records(view.events),
            invested,
            risk_weight,
        )

    @property
    def unit(self) -> int:
        """The big blind (stud: the smallest bet): the unit of stakes."""
        return self.stakes.minimum_bet()

    @property
    def my_cards(self) -> tuple[Card, ...]:
        return tuple(card for card in self.view.cards[self.seat] if card is not None)

    @property
    def pot(self) -> int:
        return sum(self.invested)

    @property
    def to_call(self) -> int:
        return self.legal.call_amount

    @property
    def pot_odds(self) -> float:
        """The share of the final pot a call pays for: the equity it needs to break even,
        its chips weighed by ``risk_weight`` (a tournament asks for more)."""
        risked = self.to_call * self.risk_weight
        return risked / (self.pot + risked) if self.to_call else 0.0

    @property
    def opponents(self) -> tuple[int, ...]:
        return tuple(
            seat for seat, folded in enumerate(self.view.folded) if seat != self.seat and not folded
        )

    @property
    def street(self) -> int:
        return self.view.street_index

    @property
    def is_omaha(self) -> bool:
        """Omaha or Omaha hi-lo: four hole cards, two of them played."""
        return self.variant.showdown in ("omaha", "omaha8")

    @property
    def is_first_street(self) -> bool:
        return self.view.street_index == 0

    @property
    def is_fixed_limit(self) -> bool:
        return self.variant.betting is BettingStructure.FIXED_LIMIT

    @property
    def is_limit_flop_game(self) -> bool:
        """Fixed-limit hold'em or Omaha: where the IRC data shows how people play limit
        after the flop (decision 86); stud and the draw games have no such data."""
        return self.is_fixed_limit and not (self.variant.is_stud or self.variant.is_draw)

    def reverse_implied(self, unmade: float, equity: float) -> float:
        """Equity a call needs above the pot odds for what the hand will not win later: in
        a limit flop game before the river a bet is always cheap against the pot, but a
        weak hand that calls it meets the next street's bigger bet and folds there, having
        paid. The weaker the hand, the more (nothing from an even chance up); and the less,
        the more of a weak hand's weight the bettor's bets leave (``unmade``:
        ``range_reading.unmade_share``), since his next bet then means less: a call of a
        maniac realizes its equity."""
        if not self.is_limit_flop_game or self.is_last_street:
            return 0.0
        weak = max(0.0, 1 - 2 * equity)
        return LIMIT_REALIZATION * weak * (1 - unmade) / (1 - PRIOR_BLUFF * PRIOR_AGGRESSION)

    @property
    def is_limit_holdem_river(self) -> bool:
        """Fixed-limit hold'em's river: one more bet against a big pot, which people there
        fold to as often as to any other (41 %, decision 87). Not Omaha hi-lo's, where a
        river call often wins half the pot whatever the bettor holds."""
        return self.is_limit_flop_game and self.is_last_street and not self.is_omaha

    @property
    def is_last_street(self) -> bool:
        return self.view.street_index == len(self.variant.streets) - 1

    @property
    def stack(self) -> int:
        return self.view.stacks[self.seat]

    @property
    def effective_stack(self) -> int:
        """The most chips this seat can still win from any one opponent."""
        deepest = max((self.view.stacks[seat] for seat in self.opponents), default=0)
        return min(self.stack, deepest)

    @property
    def acts_last(self) -> bool:
        """Whether every live opponent acts before this seat on later streets (board games)."""
        count = len(self.view.folded)
        distance = (self.seat - self.button - 1) % count
        return all((seat - self.button - 1) % count < distance for seat in self.opponents)

    def aggression_by(self, seat: int, street: int | None = None) -> int:
        """Bets and raises the seat made this hand (on ``street`` only, if given)."""
        return sum(
            1
            for record in self.records
            if record.seat == seat
            and record.is_aggressive
            and (street is None or record.street == street)
        )

    def entered(self, seat: int) -> bool:
        """Whether the seat put chips in voluntarily on the first street."""
        return any(
            record.seat == seat and record.street == 0 and record.is_voluntary_entry
            for record in self.records
        )

    @property
    def raises_this_street(self) -> int:
        return sum(
            1 for record in self.records if record.street == self.street and record.is_aggressive
        )

    @property
    def last_aggressor(self) -> int | None:
        """The live opponent who bet or raised last on this street, if one did."""
        aggressors = [r.seat for r in self.records if r.street == self.street and r.is_aggressive]
        if not aggressors or aggressors[-1] not in self.opponents:
            return None
        return aggressors[-1]
