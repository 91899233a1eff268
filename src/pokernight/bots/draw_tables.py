"""The draw games' tables: where a hand ends, as percentiles of the game's final hands.

Written by ``python scripts/draw_tables.py`` (seeded: the same file every
run) into ``bots/data/draw_tables.npz``, read once per process. For each game:

- ``values`` at ``levels``: the sorted final hands, to read a value's percentile;
- ``states``: for a kept set and the draws left (``draw_states.state_key``), where the
  hand ends (a distribution over ``draw_states.BINS`` bins of percentiles). A state the
  tables lack (rarer than their threshold) is played out here by Monte Carlo, with an RNG
  seeded from its key: the answer is a function of the key alone, whichever process asks;
- ``random``: where a hand dealt fresh ends with 0, 1, ... draws left;
- ``histories``: for each opponent's draws so far (``draw_states.history_key``), where
  its hand ends, jointly with its first-street strength (deciles of all starting hands)
  and its strength now (quartiles of the hands at that street): what ``ranges_draw``
  weighs by the player's bets; under ``-1 - street``, every history of that street.

A hand's strength is where it is expected to end (the mean percentile of its state):
for starting hands that is their order by showdown equity against a random hand, the
order hold'em charts rank hands by.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from itertools import combinations
from typing import Final

import numpy as np

from pokernight.bots.draw_states import (
    BINS,
    DrawGame,
    FloatArray,
    Percentiles,
    bin_of,
    cards_of_key,
    game_of,
    kept_cards,
    key_draws_left,
    state_key,
)
from pokernight.cards import CARDS, Card
from pokernight.equity.draws import standard_discards, value_of

TABLES_FILE: Final = "draw_tables.npz"
START_CLASSES: Final = 10
NOW_CLASSES: Final = 4
FALLBACK_SAMPLES: Final = 100
EXACT_DRAWN: Final = 2
MEMO_SIZE: Final = 50_000


Steps = list[tuple[tuple[Card, ...], int]]  # each draw's kept cards and count drawn


def play_out(hand: list[Card], stub: list[Card], showdown: str, draws: int) -> tuple[Steps, int]:
    """Draw ``hand`` soundly ``draws`` times from ``stub`` (its end first; both are used up):
    the kept cards and the count drawn at each draw, and the final hand's value."""
    steps: Steps = []
    for _ in range(draws):
        throw = standard_discards(hand, showdown)
        kept = [card for card in hand if card not in throw]
        steps.append((tuple(kept), len(throw)))
        if throw:
            kept.extend(stub[-len(throw) :])
            del stub[-len(throw) :]
        hand = kept
    return steps, value_of(showdown)(hand)


@dataclass(frozen=True, slots=True, eq=False)  # one per game: hashed by identity
class DrawTables:
    game: DrawGame
    percentiles: Percentiles
    states: dict[int, FloatArray]
    random: FloatArray  # [draws left, bin]
    histories: dict[int, FloatArray]  # [start class, class now, bin]
    # A bot asks again about the cards it holds as the betting goes round: remembered.
    memo: dict[tuple[frozenset[Card], int], FloatArray | float] = field(default_factory=dict)

    def percentile(self, cards: Sequence[Card]) -> float:
        return self.percentiles.of(value_of(self.game.showdown)(cards))

    def ending(self, cards: Sequence[Card], draws_left: int) -> FloatArray | float:
        """Where ``cards`` end, drawing soundly: a percentile if they stand pat to the end
        (or no draw is left), else a distribution over the bins."""
        if not draws_left:
            return self.percentile(cards)
        memo = (frozenset(cards), draws_left)
        found = self.memo.get(memo)
        if found is None:
            if len(self.memo) >= MEMO_SIZE:
                self.memo.clear()
            found = self.memo[memo] = self._ending(cards, draws_left)
        return found

    def _ending(self, cards: Sequence[Card], draws_left: int) -> FloatArray | float:
        kept = kept_cards(cards, self.game.showdown)
        if len(kept) == len(cards):
            return self.percentile(cards)
        key = state_key(kept, draws_left)
        found = self.states.get(key)
        return played_out(self, key) if found is None else found


@cache
def played_out(tables: DrawTables, key: int) -> FloatArray:
    """A state the tables lack (cached per process): on the last draw, up to two cards,
    every draw there is; else ``FALLBACK_SAMPLES`` deals, the RNG seeded from the key."""
    kept = cards_of_key(key)
    draws_left = key_draws_left(key)
    unseen = [card for card in CARDS if card not in kept]
    drawn = tables.game.hand_size - len(kept)
    value = value_of(tables.game.showdown)
    if draws_left == 1 and drawn <= EXACT_DRAWN:
        ends = [
            tables.percentiles.of(value([*kept, *cards])) for cards in combinations(unseen, drawn)
        ]
    else:
        rng = random.Random(f"{tables.game.name}:{key}")
        ends = []
        for _ in range(FALLBACK_SAMPLES):
            # This draw fills the hand; each later one takes at most a hand's worth.
            stub = rng.sample(unseen, drawn + (draws_left - 1) * tables.game.hand_size)
            hand = [*kept, *stub[:drawn]]
            ends.append(
                tables.percentiles.of(
                    play_out(hand, stub[drawn:], tables.game.showdown, draws_left - 1)[1]
                )
            )
    counts = np.bincount([bin_of(end) for end in ends], minlength=BINS)
    result: FloatArray = counts / len(ends)
    return result


@cache
def tables_for(showdown: str, draws: int, hand_size: int) -> DrawTables | None:
    """The tables of a draw game of this shape, if it has any."""
    game = game_of(showdown, draws, hand_size)
    if game is None:
        return None
    with (files("pokernight.bots") / "data" / TABLES_FILE).open("rb") as stream:
        data = dict(np.load(stream))

    def keyed(name: str) -> dict[int, FloatArray]:
        keys = data[f"{game.name}_{name}_keys"].tolist()
        return dict(zip(keys, data[f"{game.name}_{name}"].astype(float), strict=True))

    values = data[f"{game.name}_values"].tolist()
    return DrawTables(
        game,
        Percentiles(data[f"{game.name}_levels"].tolist(), values),
        keyed("states"),
        data[f"{game.name}_random"].astype(float),
        keyed("histories"),
    )
