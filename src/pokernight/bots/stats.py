"""What a bot remembers about each opponent, from the public events of finished hands.

The usual tracker numbers: VPIP (put chips in voluntarily on the first
street), PFR (raised there), aggression (bets and raises per call) and fold to
bet (folds when facing a bet). Seed 004's bluff rate is the share of the
opponent's hands shown down after it bet or raised last that were weak, among the
last ``BLUFF_WINDOW`` such showdowns: a player who stops bluffing is read as honest
again once the window has moved past the bluffs, however long they bluffed before
(all-time counts are kept too). Every rate starts from a prior worth a few hands, so
one hand never makes a maniac.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from pokernight.bots.made_hand import has_low, made_value
from pokernight.evaluate import Category, category_of
from pokernight.history.actions import action_records
from pokernight.history.stats import seat_tallies
from pokernight.rules import CardsShown, HandStarted, HandView, variant_for

PRIOR_HANDS = 10
# Typical rates of a reasonable player; the priors the observed counts pull away from.
PRIOR_VPIP, PRIOR_PFR, PRIOR_FOLD_TO_BET, PRIOR_BLUFF = 0.3, 0.15, 0.45, 0.25
PRIOR_AGGRESSION = 1.0
BLUFF_WINDOW = 20
"""The showdowns after betting last that the bluff rate reads: the newest ones."""
_WINDOW_BITS = (1 << BLUFF_WINDOW) - 1


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
    # The last BLUFF_WINDOW of those showdowns (at most), bit 0 the newest, set for a bluff.
    recent_showdowns: int = 0
    recent_bluffs: int = 0

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
        """Weak hands among the last ``BLUFF_WINDOW`` shown down after betting last."""
        bluffs = self.recent_bluffs.bit_count()
        return _rate(bluffs, self.recent_showdowns, PRIOR_BLUFF, prior_weight=4)

    def shown_down(self, bluff: bool) -> None:
        """Count a hand shown down after the player bet or raised last (weak: a bluff)."""
        self.aggressive_showdowns += 1
        self.bluffs_shown += bluff
        self.recent_bluffs = ((self.recent_bluffs << 1) | bluff) & _WINDOW_BITS
        self.recent_showdowns = min(BLUFF_WINDOW, self.recent_showdowns + 1)

    @property
    def aggression(self) -> float:
        """Bets and raises per call."""
        return (self.bets_and_raises + PRIOR_AGGRESSION * 5) / (self.calls + 5)

    def to_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in COUNTS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PlayerStats:
        """The counts ``to_dict`` gave (a count it did not have yet starts at 0). Counts
        kept before the window was (decision 56) fill it from the all-time ones, the
        bluffs the oldest: the first to leave it."""
        stats = cls(**{name: int(data.get(name, 0)) for name in COUNTS})
        if "recent_showdowns" not in data and stats.aggressive_showdowns:
            recent = min(BLUFF_WINDOW, stats.aggressive_showdowns)
            bluffs = round(recent * stats.bluffs_shown / stats.aggressive_showdowns)
            stats.recent_showdowns = recent
            stats.recent_bluffs = ((1 << bluffs) - 1) << (recent - bluffs)
        return stats

    def plus(self, earlier: PlayerStats) -> PlayerStats:
        """These counts and ``earlier``'s (another night's, before these): the window keeps
        the newest showdowns, these first."""
        summed = {name: getattr(self, name) + getattr(earlier, name) for name in TOTALS}
        recent = min(BLUFF_WINDOW, self.recent_showdowns + earlier.recent_showdowns)
        older = earlier.recent_bluffs << self.recent_showdowns
        bluffs = (self.recent_bluffs | older) & ((1 << recent) - 1)
        return PlayerStats(**summed, recent_showdowns=recent, recent_bluffs=bluffs)


COUNTS = tuple(field.name for field in fields(PlayerStats))
TOTALS = tuple(name for name in COUNTS if not name.startswith("recent_"))


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
        # Low games and Chicago's spade half have no weak high hand to read; in hi-lo a
        # weak high hand is a bluff only without a low that qualifies (it bet its low).
        if last_aggressor is None or showdown in ("low", "spade"):
            return
        for event in view.events:
            if isinstance(event, CardsShown) and event.seat == last_aggressor:
                value = made_value(showdown, event.cards, view.board, view.wild_ranks)
                weak = category_of(value) < _weak_below(view, showdown) and not has_low(
                    showdown, event.cards, view.board
                )
                self[players[last_aggressor]].shown_down(weak)


def _showdown_of(view: HandView) -> str:
    started = view.events[0]
    assert isinstance(started, HandStarted)
    return variant_for(started.variant).showdown


def _weak_below(view: HandView, showdown: str) -> Category:
    # With wild cards made hands run about two categories higher. In Omaha hi-lo the high
    # hand that bets and has no low wants a straight: random Omaha hands make two pair most
    # of the time, so below it a maniac's bets would all read as honest. (In Omaha high the
    # same reading counts honest two-pair value bets as bluffs, and the levels call down
    # too much: measured, docs/bots.md.)
    if view.wild_ranks:
        return Category.FULL_HOUSE
    return Category.STRAIGHT if showdown == "omaha8" else Category.TWO_PAIR
