"""Write ``src/pokernight/equity/data/starting_hands.npz``: the starting-hand equity table
(``pokernight.equity.starting_hands``; issue 39).

``python scripts/starting_hands_table.py [--only SHOWDOWN]`` (16 minutes on one loaded
core). Each suit-isomorphism class is played by its first hand in card order, against 1 to
5 random hands, with ``DEALS // (opponents + 1)`` deals seeded from the class and the count
(about a 3% error bound at 95%), so the file is the same each time it is built.
"""

from __future__ import annotations

import argparse
import hashlib
from itertools import combinations
from pathlib import Path

import numpy as np

from pokernight.cards import CARDS, SHORT_DECK, Card
from pokernight.equity.calculator import equity
from pokernight.equity.scenario import BOARD_SIZE, Scenario, Slot
from pokernight.equity.starting_hands import (
    HOLE,
    MAX_OPPONENTS,
    SCALE,
    SHOWDOWNS,
    TABLE_FILE,
    class_key,
)

DEALS = 3000
OUT = Path(__file__).parents[1] / "src" / "pokernight" / "equity" / "data" / TABLE_FILE


def classes(showdown: str) -> dict[int, tuple[Card, ...]]:
    """Each class key with its first hand in card order."""
    deck = SHORT_DECK if showdown == "short" else CARDS
    found: dict[int, tuple[Card, ...]] = {}
    for hand in combinations(deck, HOLE[showdown]):
        found.setdefault(class_key(hand), hand)
    return found


def class_equity(showdown: str, key: int, hand: tuple[Card, ...], opponents: int) -> float:
    slots = [Slot(owner) for owner in range(1, opponents + 1) for _ in range(HOLE[showdown])]
    slots += [Slot(None, True)] * BOARD_SIZE
    hands = (hand, *[()] * opponents)
    scenario = Scenario(showdown, hands, (), tuple(slots))
    seed = hashlib.sha256(f"{showdown}:{key}:{opponents}".encode()).digest()[:8]
    rng = np.random.default_rng(int.from_bytes(seed, "big"))
    result = equity(scenario, samples=DEALS // (opponents + 1), exact_limit=0, rng=rng)
    return result.hands[0].equity


def table(showdown: str) -> tuple[np.ndarray, np.ndarray]:
    found = classes(showdown)
    keys = np.array(sorted(found), dtype=np.int64)
    shares = np.array(
        [
            [
                round(SCALE * class_equity(showdown, key, found[key], count))
                for count in range(1, MAX_OPPONENTS + 1)
            ]
            for key in keys.tolist()
        ],
        dtype=np.uint16,
    )
    return keys, shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--only", choices=SHOWDOWNS, help="rebuild one showdown's part")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    arrays: dict[str, np.ndarray] = {}
    if args.out.exists():
        with np.load(args.out) as data:
            arrays.update(data)
    for showdown in SHOWDOWNS if args.only is None else (args.only,):
        keys, shares = table(showdown)
        arrays[f"{showdown}_keys"], arrays[f"{showdown}_equity"] = keys, shares
    args.out.parent.mkdir(exist_ok=True)
    np.savez_compressed(args.out, **arrays)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
