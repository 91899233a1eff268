"""Write ``src/pokernight/bots/data/draw_tables.npz``, the draw games' tables (issue 39;
``pokernight.bots.draw_tables``): ``python scripts/draw_tables.py [HANDS]``.

Plays ``HANDS`` fresh hands of each game, every one drawing soundly to the end from its
own shuffled deck (one hand a deck: the tables leave out the cards others hold), and
``HANDS // 2`` more for each smaller number of draws left. Seeded: the same file every run.
Takes a few minutes in one process.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any, Final

import numpy as np

from pokernight.bots.draw_states import (
    BINS,
    GAMES,
    DrawGame,
    FloatArray,
    Percentiles,
    bin_of,
    every_kept_set,
    history_key,
    percentile_levels,
    state_key,
)
from pokernight.bots.draw_tables import (
    NOW_CLASSES,
    START_CLASSES,
    TABLES_FILE,
    DrawTables,
    Steps,
    play_out,
    played_out,
)
from pokernight.cards import CARDS

HANDS: Final = 200_000
LEVELS: Final = 4096
Played = tuple[Steps, int]
MIN_STATE_HANDS: Final = 40  # rarer states are played out as the bots would (``draw_tables``)
PRIOR_HANDS: Final = 50.0  # a history's table starts from its street's, worth this many


def build(game: DrawGame, hands: int) -> dict[str, np.ndarray]:
    rng = random.Random(f"draw tables {game.name}")
    played = [_play(game, game.draws, rng) for _ in range(hands)]
    finals = np.sort([value for _, value in played])
    levels = percentile_levels(LEVELS)
    percentiles = Percentiles(levels.tolist(), finals[(levels * len(finals)).astype(int)].tolist())
    sums: defaultdict[int, FloatArray] = defaultdict(lambda: np.zeros(BINS))
    means: defaultdict[int, list[float]] = defaultdict(list)
    random_ends = np.zeros((game.draws + 1, BINS))
    for draws in range(game.draws + 1):
        batch = played if draws == game.draws else [
            _play(game, draws, rng) for _ in range(hands // 2)
        ]  # fmt: skip
        for steps, value in batch:
            ends = percentiles.of(value)
            random_ends[draws, bin_of(ends)] += 1
            for done, (kept, _) in enumerate(steps):
                key = state_key(kept, draws - done)
                sums[key][bin_of(ends)] += 1
                means[key].append(ends)
    states = {key: counts / counts.sum() for key, counts in sums.items()}
    # The rare states (and those never met) as the bots would play them out when met.
    unplayed = DrawTables(game, percentiles, {}, random_ends, {})
    rare = {key for key, counts in sums.items() if counts.sum() < MIN_STATE_HANDS}
    rare |= {
        state_key(kept, left) for kept in every_kept_set(game) for left in range(1, game.draws + 1)
    } - set(states)
    states |= {key: played_out(unplayed, key) for key in rare}
    mean_of = {key: float(np.mean(found)) for key, found in means.items()}
    keys, joints = _histories(game, played, percentiles, mean_of)
    return {
        "levels": levels,
        "values": np.array(percentiles.values, dtype=np.int64),
        "states_keys": np.array(sorted(states), dtype=np.int64),
        "states": np.array([states[key] for key in sorted(states)], dtype=np.float16),
        "random": (random_ends / random_ends.sum(axis=1, keepdims=True)).astype(np.float32),
        "histories_keys": np.array(keys, dtype=np.int64),
        "histories": np.array(joints, dtype=np.float16),
    }


def _play(game: DrawGame, draws: int, rng: random.Random) -> Played:
    deck = rng.sample(CARDS, len(CARDS))
    return play_out(deck[: game.hand_size], deck[game.hand_size :], game.showdown, draws)


def _histories(
    game: DrawGame, played: list[Played], percentiles: Percentiles, mean_of: dict[int, float]
) -> tuple[list[int], list[FloatArray]]:
    """Each history's joint table of (start class, class now, final bin), smoothed towards
    its street's (rare histories read mostly as their street)."""
    strengths = np.array([
        [mean_of[state_key(kept, game.draws - done)] for done, (kept, _) in enumerate(steps)]
        + [percentiles.of(value)]
        for steps, value in played
    ])  # fmt: skip
    start_edges = np.quantile(strengths[:, 0], np.arange(1, START_CLASSES) / START_CLASSES)
    starts = np.searchsorted(start_edges, strengths[:, 0], side="right")
    tables: defaultdict[int, FloatArray] = defaultdict(
        lambda: np.zeros((START_CLASSES, NOW_CLASSES, BINS))
    )
    streets: dict[int, int] = {}
    for street in range(game.draws + 1):
        now_edges = np.quantile(strengths[:, street], np.arange(1, NOW_CLASSES) / NOW_CLASSES)
        nows = np.searchsorted(now_edges, strengths[:, street], side="right")
        for (steps, value), start, now in zip(played, starts, nows, strict=True):
            key = history_key([count for _, count in steps[:street]])
            streets[key] = street
            tables[key][start, now, bin_of(percentiles.of(value))] += 1
    totals: defaultdict[int, FloatArray] = defaultdict(
        lambda: np.zeros((START_CLASSES, NOW_CLASSES, BINS))
    )
    for key, table in tables.items():
        totals[streets[key]] += table
    keys = sorted(tables)
    joints = []
    for key in keys:
        prior = totals[streets[key]]
        joint = tables[key] + PRIOR_HANDS * prior / prior.sum()
        joints.append(joint / joint.sum())
    # Each street's own table, under key -1 - street: for a history the tables never met.
    for street, total in sorted(totals.items()):
        keys.append(-1 - street)
        joints.append(total / total.sum())
    return keys, joints


def main(argv: list[str]) -> int:
    hands = int(argv[0]) if argv else HANDS
    target = Path(__file__).parents[1] / "src" / "pokernight" / "bots" / "data" / TABLES_FILE
    target.parent.mkdir(exist_ok=True)
    arrays: dict[str, Any] = {}
    for game in GAMES:
        print(f"{game.name}: {hands:,} hands", flush=True)
        arrays.update({f"{game.name}_{name}": array for name, array in build(game, hands).items()})
    np.savez_compressed(target, **arrays)
    print(f"wrote {target} ({target.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
