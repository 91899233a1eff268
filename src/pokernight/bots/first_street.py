"""How good a starting hand is, as the share of its game's starting hands it beats.

A level plays a share of its starting hands (its VPIP) and raises with a smaller share
(its PFR), as people do: "the top 20%". Hold'em ranks its hands by Bill Chen's formula
(``preflop``); the stud games by the stud literature's starting-hand order (two down cards
and the door card, with the wild cards there are: ``ranges_stud.starting_percentiles``);
the other games by the bot's own first-street equity against random hands, placed among
the equities of random starting hands of that game against as many opponents
(``first_street.json``, written by ``scripts/first_street_table.py``). So one width means
about as many hands in Badugi as in Omaha, whose equities spread unlike hold'em's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from functools import cache
from pathlib import Path

import numpy as np

from pokernight.bots.estimate import my_equity, wild_state
from pokernight.bots.preflop import percentile
from pokernight.bots.ranges_stud import DECK, starting_percentiles
from pokernight.bots.situation import Situation

TABLE_PATH = Path(__file__).with_name("first_street.json")
STEP = 5  # percent between the table's quantiles
HOLDEM_HOLE = 2
STUD_START = 3  # two down cards and the door card


@cache
def _table() -> dict[str, dict[int, tuple[float, ...]]]:
    raw: dict[str, dict[str, list[float]]] = json.loads(TABLE_PATH.read_text())
    return {
        game: {int(opponents): tuple(values) for opponents, values in counts.items()}
        for game, counts in raw.items()
    }


def rank_of(game: str, opponents: int, equity: float) -> float:
    """The share (0 to 1) of ``game``'s starting hands against ``opponents`` random hands
    whose equity is below ``equity``."""
    counts = _table()[game]
    quantiles = counts[min(max(opponents, 1), max(counts))]
    points = np.linspace(0.0, 1.0, len(quantiles))
    return float(np.interp(equity, quantiles, points))


def strength(situation: Situation, samples: Mapping[str, int], rng: random.Random) -> float:
    """The share of its game's starting hands the bot's hand beats: Chen's ranking in
    hold'em, the literature's in stud, else its equity against random hands (``samples``
    deals) ranked."""
    if len(situation.my_cards) == HOLDEM_HOLE and situation.variant.showdown == "high":
        return percentile(situation.my_cards)
    if situation.variant.is_stud:
        return _stud_start(situation)
    equity = my_equity(situation, samples, rng)
    return rank_of(situation.variant.key, len(situation.opponents), equity)


def _stud_start(situation: Situation) -> float:
    """Third street: the two down cards and the door card ranked, with the wild ranks the
    hand has now (Follow the Queen's as its up cards so far leave them)."""
    variant = situation.variant
    if not variant.has_wild_cards:
        wild: frozenset[int] = frozenset()
    elif variant.follows_queen:
        wild = wild_state(situation.view).at_showdown()
    else:
        wild = frozenset(variant.wild_ranks)
    first, second, door = (card.index for card in situation.my_cards[:STUD_START])
    table = starting_percentiles(variant.showdown, wild)
    return float(table[(first * DECK + second) * DECK + door])
