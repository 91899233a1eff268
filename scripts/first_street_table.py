"""Write ``src/pokernight/bots/first_street.json``: each game's starting hands, as the bots
see them, ranked (issue 39; ``pokernight.bots.first_street``).

For every game and every count of opponents a table of that game can hold, ``DEALS``
random deals whose first street everybody calls round: each seat's equity at its first
decision against that many random hands, as a bot works it out (``estimate.my_equity``,
the hard bot's deals). Every seat counts, not only the first to act: in stud that is the
bring-in, the worst up card. The quantiles of those equities, every ``STEP`` percent, are
the table. Seeded, so that the
same code writes the same file: `python scripts/first_street_table.py` (a few minutes).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import numpy as np

from pokernight.bots.choices import stay
from pokernight.bots.estimate import my_equity
from pokernight.bots.first_street import STEP, TABLE_PATH
from pokernight.bots.hard import SAMPLES
from pokernight.bots.situation import Situation
from pokernight.cards import shuffled
from pokernight.rules import VARIANTS, Hand, default_stakes, variant_for, view

DEALS = 60
STACK_UNITS = 100


def first_equities(key: str, players: int, rng: random.Random) -> list[float]:
    variant = variant_for(key)
    stakes = default_stakes(variant)
    stacks = [STACK_UNITS * stakes.minimum_bet()] * players
    found = []
    for deal in range(DEALS):
        hand = Hand.start(variant, stakes, stacks, deal % players, shuffled(variant.cards, rng))
        seen: set[int] = set()
        while (seat := hand.to_act) is not None and seat not in seen and hand.street_index == 0:
            seen.add(seat)
            situation = Situation.of(view(hand, seat))
            found.append(my_equity(situation, SAMPLES, rng))
            hand.act(stay(situation))
    return found


def main() -> int:
    table: dict[str, dict[str, list[float]]] = {}
    for key in VARIANTS:
        rng = random.Random(f"first-street:{key}")
        table[key] = {}
        for players in range(2, variant_for(key).max_players + 1):
            equities = first_equities(key, players, rng)
            quantiles = np.percentile(equities, np.arange(0, 100 + STEP, STEP))
            table[key][str(players - 1)] = [round(float(value), 4) for value in quantiles]
            print(key, players - 1, table[key][str(players - 1)][10], file=sys.stderr)
    Path(TABLE_PATH).write_text(json.dumps(table, indent=0) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
