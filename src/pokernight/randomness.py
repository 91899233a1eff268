"""The random source for live play: the OS CSPRNG (``secrets``), outside the pure core.

The core (cards, evaluate, rules, table, commitment) never creates a random source: the
server and the CLI make this one and pass it in, so that tests, replays and simulations
pass a seeded ``random.Random`` instead.
"""

from __future__ import annotations

import random
import secrets


def secure_rng() -> random.Random:
    """A ``random.Random`` drawing from the operating system's CSPRNG."""
    return secrets.SystemRandom()
