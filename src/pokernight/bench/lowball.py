"""The low evaluators of the split-pot and draw games, and short-deck hold'em's, against
PokerKit's on the same hands: 2-7 on five cards, badugi on four, eight or better on seven
(stud's), short-deck on seven of its 36 cards."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from rich.table import Table

from pokernight.bench.peers import Hand, Run
from pokernight.cards import CARDS, SHORT_DECK, Card
from pokernight.evaluate.badugi import badugi_value
from pokernight.evaluate.deuce_seven import deuce_seven_value
from pokernight.evaluate.eight_low import eight_low_value
from pokernight.evaluate.short_deck import short_deck_value

POKERKIT_SAMPLE_EVERY = 20
"""PokerKit takes 20 to 300 µs a hand here: it runs on every 20th hand."""


@dataclass(frozen=True)
class LowGame:
    name: str
    cards: int
    ours: Callable[[Sequence[Card]], int | None]
    pokerkit_hand: str  # the PokerKit class whose ``from_game`` ranks the same hands
    deck: tuple[Card, ...] = CARDS  # the hands are drawn from it


GAMES = (
    LowGame("deuce-to-seven (5 cards)", 5, deuce_seven_value, "StandardLowHand"),
    LowGame("badugi (4 cards)", 4, badugi_value, "BadugiHand"),
    LowGame("eight or better (7 cards)", 7, eight_low_value, "EightOrBetterLowHand"),
    LowGame("short-deck high (7 cards)", 7, short_deck_value, "ShortDeckHoldemHand", SHORT_DECK),
)


@dataclass(frozen=True)
class LowRow:
    game: str
    ours_per_second: float
    pokerkit_per_second: float | None


def low_rows(
    pokerkit: ModuleType | None,
    count: int,
    rng: random.Random,
    timed: Callable[[Run], float],
) -> list[LowRow]:
    """Hands per second of ours and PokerKit's (None when not installed) for each game;
    ``timed`` is the bench's best-of-rounds clock."""
    rows = []
    for game in GAMES:
        hands = [tuple(rng.sample(game.deck, game.cards)) for _ in range(count)]
        ours = count / timed(_ours_run(game.ours, hands))
        theirs = None
        if pokerkit is not None:
            sample = hands[::POKERKIT_SAMPLE_EVERY]
            run = _pokerkit_run(getattr(pokerkit, game.pokerkit_hand).from_game, sample)
            theirs = len(sample) / timed(run)
        rows.append(LowRow(game.name, ours, theirs))
    return rows


def _ours_run(evaluate: Callable[[Sequence[Card]], int | None], hands: Sequence[Hand]) -> Run:
    return lambda: list(map(evaluate, hands))


def _pokerkit_run(from_game: Callable[[str], Any], hands: Sequence[Hand]) -> Run:
    texts = ["".join(map(str, hand)) for hand in hands]

    def run() -> list[Any]:
        ranked = []
        for text in texts:
            try:
                ranked.append(from_game(text))
            except ValueError:  # no qualifying low: PokerKit raises, ours says None
                ranked.append(None)
        return ranked

    return run


def low_table(rows: Sequence[LowRow], seed: int) -> Table:
    table = Table(title=f"Low and short-deck hands, seed {seed}, one core")
    for header in ("game", "pokernight hands/s", "pokerkit hands/s", "pokernight ÷ pokerkit"):
        table.add_column(header, justify="left" if header == "game" else "right")
    for row in rows:
        theirs = row.pokerkit_per_second
        table.add_row(
            row.game,
            f"{row.ours_per_second:,.0f}",
            "not installed" if theirs is None else f"{theirs:,.0f}",
            "" if theirs is None else f"{row.ours_per_second / theirs:.1f}x",
        )
    return table
