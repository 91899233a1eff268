"""What a bot remembers about each opponent, from the public events of finished hands.

The usual tracker numbers: VPIP (put chips in voluntarily on the first
street), PFR (raised there), aggression (bets and raises per call) and fold to
bet (folds when facing a bet). Seed 004's bluff rate is the share of the
opponent's hands shown down after it bet or raised last that were weak. Every
rate starts from a prior worth a few hands, so one hand never makes a maniac.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from pokernight.bots.made_hand import made_value
from pokernight.evaluate import Category, category_of
from pokernight.history.actions import action_records
from pokernight.history.stats import seat_tallies
from pokernight.rules import CardsShown, HandStarted, HandView, variant_for

PRIOR_HANDS = 10
# Typical rates of a reasonable player; the priors the observed counts pull away from.
PRIOR_VPIP, PRIOR_PFR, PRIOR_FOLD_TO_BET, PRIOR_BLUFF = 0.3, 0.15, 0.45, 0.25
PRIOR_AGGRESSION = 1.0


@dataclass(slots=True)
class PlayerStats:
    hands: int = 0
    entered: int = 0
    raised_first: int = 0
    bets_and_raises: int = 0
    calls: int = 0
    faced_bets: int = 0
    folds_to_bets: int = 0
    aggressive_showdowns: int = 0
    bluffs_shown: int = 0

    @property
    def vpip(self) -> float:
        return _rate(self.entered, self.hands, PRIOR_VPIP)

    @property
    def pfr(self) -> float:
        return _rate(self.raised_first, self.hands, PRIOR_PFR)

    @property
    def fold_to_bet(self) -> float:
        return _rate(self.folds_to_bets, self.faced_bets, PRIOR_FOLD_TO_BET)

    @property
    def bluff_rate(self) -> float:
        return _rate(self.bluffs_shown, self.aggressive_showdowns, PRIOR_BLUFF, prior_weight=4)

    @property
    def aggression(self) -> float:
        """Bets and raises per call."""
        return (self.bets_and_raises + PRIOR_AGGRESSION * 5) / (self.calls + 5)

    def to_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in COUNTS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerStats:
        """The counts ``to_dict`` gave (a count it did not have yet starts at 0)."""
        return cls(**{name: int(data.get(name, 0)) for name in COUNTS})

    def plus(self, other: PlayerStats) -> PlayerStats:
        return PlayerStats(**{name: getattr(self, name) + getattr(other, name) for name in COUNTS})


COUNTS = tuple(field.name for field in fields(PlayerStats))


def _rate(count: int, out_of: int, prior: float, prior_weight: int = PRIOR_HANDS) -> float:
    return (count + prior * prior_weight) / (out_of + prior_weight)


class OpponentModel:
    """Stats by player name; a bot keeps one and feeds it every hand it sees end."""

    def __init__(self) -> None:
        self._stats: dict[str, PlayerStats] = {}

    def __getitem__(self, player: str) -> PlayerStats:
        return self._stats.setdefault(player, PlayerStats())

    def remember(self, player: str, earlier: PlayerStats) -> None:
        """Add what was counted of ``player`` before (another night) to what is counted now."""
        self._stats[player] = self[player].plus(earlier)

    def learn(self, view: HandView, players: Sequence[str]) -> None:
        """Count a finished hand: the same tallies the table's statistics count."""
        for player, tally in zip(players, seat_tallies(view.events), strict=True):
            stats = self[player]
            stats.hands += 1
            stats.entered += tally.voluntary
            stats.raised_first += tally.raised_first_round
            stats.bets_and_raises += tally.bets_and_raises
            stats.calls += tally.calls
            stats.faced_bets += tally.faced_bets
            stats.folds_to_bets += tally.folds_to_bets
        aggressive = [record.seat for record in action_records(view.events) if record.is_aggressive]
        self._learn_bluffs(view, players, aggressive[-1] if aggressive else None)

    def _learn_bluffs(
        self, view: HandView, players: Sequence[str], last_aggressor: int | None
    ) -> None:
        showdown = _showdown_of(view)
        # A weak high hand is no bluff in a low or hi-lo game: it may be betting its low.
        if last_aggressor is None or showdown in ("low", "omaha8", "high8", "spade"):
            return
        for event in view.events:
            if isinstance(event, CardsShown) and event.seat == last_aggressor:
                stats = self[players[last_aggressor]]
                stats.aggressive_showdowns += 1
                value = made_value(showdown, event.cards, view.board, view.wild_ranks)
                stats.bluffs_shown += category_of(value) < _weak_below(view)


def _showdown_of(view: HandView) -> str:
    started = view.events[0]
    assert isinstance(started, HandStarted)
    return variant_for(started.variant).showdown


def _weak_below(view: HandView) -> Category:
    # With wild cards made hands run about two categories higher.
    return Category.FULL_HOUSE if view.wild_ranks else Category.TWO_PAIR
