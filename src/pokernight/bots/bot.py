"""The one bot interface: a seat's view in, a legal action out.

A bot is handed a ``HandView`` (what a player at its seat may see: its own
cards, everybody's up cards, the public events) and never the ``Hand``, so it
cannot read a hidden card. ``players`` names the seats so a bot can tell its
opponents apart across hands (default: the seat numbers); after each hand the
driver calls ``learn`` with the final view so the bot updates its opponent
statistics.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from pokernight.bots.situation import Situation
from pokernight.bots.stats import OpponentModel, PlayerStats
from pokernight.cards import Card
from pokernight.equity.draws import standard_discards
from pokernight.rules import Action, ActionKind, HandStarted, HandView, variant_for

TOURNAMENT_RISK_WEIGHT = 1.3
"""A tournament's chips lost weigh this much more than chips won (``Situation.risk_weight``):
the "bubble factor" of *Kill Everyone* (Nelson, Heston and Streib, 2009), by which a call's
pot odds are divided. It is near 1 at the start, peaks on the money bubble (2 and more)
and falls back to 1 heads-up; 1.3 is a middle of the field's, for bots that see only
their own table (docs/bots.md)."""


class Bot(ABC):
    level: str

    def __init__(self, rng: random.Random, *, tournament: bool = False) -> None:
        """``tournament``: it plays a tournament's table, where busting costs more than
        doubling up gains, so a call asks for more equity than at a cash game."""
        self.rng = rng
        self.opponents = OpponentModel()
        self.risk_weight = TOURNAMENT_RISK_WEIGHT if tournament else 1.0

    def decide(self, view: HandView, players: Sequence[str] | None = None) -> Action:
        """The bot's action at its turn (the view must be its own seat's)."""
        legal = view.legal
        if legal is not None and legal.can_choose_runs:
            # Running it twice changes nobody's expectation, only the swings: a bot agrees.
            return Action(legal.seat, ActionKind.RUNS, 2)
        if legal is not None and legal.can_draw:
            mine = tuple(card for card in view.cards[legal.seat] if card is not None)
            started = view.events[0]
            assert isinstance(started, HandStarted)
            showdown = variant_for(started.variant, started.betting).showdown
            return Action(legal.seat, ActionKind.DRAW, None, self.discards(mine, showdown))
        situation = Situation.of(view, self.risk_weight)
        names = _names(view, players)
        return self.choose(situation, [self.opponents[names[seat]] for seat in situation.opponents])

    def learn(self, view: HandView, players: Sequence[str] | None = None) -> None:
        """Remember how the opponents played a finished hand."""
        self.opponents.learn(view, _names(view, players))

    def discards(self, cards: tuple[Card, ...], showdown: str) -> tuple[Card, ...]:
        """The cards to throw in a draw round (none: stand pat): a sound player's draw."""
        return standard_discards(cards, showdown)

    @abstractmethod
    def choose(self, situation: Situation, stats: list[PlayerStats]) -> Action:
        """The action, given the live opponents' stats (in ``situation.opponents`` order)."""


def _names(view: HandView, players: Sequence[str] | None) -> Sequence[str]:
    if players is None:
        return [str(seat) for seat in range(len(view.stacks))]
    if len(players) != len(view.stacks):
        raise ValueError(f"{len(players)} player names for {len(view.stacks)} seats")
    return players
