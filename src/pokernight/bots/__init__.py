"""Bots: a seat's view in, a legal action out (see ``bot``), at three levels; and the
fixed baselines the levels are measured against (``baselines``)."""

from __future__ import annotations

import random

from pokernight.bots.baselines import BASELINES
from pokernight.bots.bot import Bot
from pokernight.bots.easy import EasyBot
from pokernight.bots.hard import HardBot
from pokernight.bots.medium import MediumBot

LEVELS: dict[str, type[Bot]] = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}


def make_bot(level: str, rng: random.Random, *, tournament: bool = False) -> Bot:
    """A bot of ``level``; ``tournament``: for a tournament's table (``Bot``)."""
    try:
        return LEVELS[level](rng, tournament=tournament)
    except KeyError:
        raise ValueError(f"{level!r} is not a bot level (known: {', '.join(LEVELS)})") from None


def make_player(name: str, rng: random.Random) -> Bot:
    """A level or a baseline (``station``, ``maniac``, ``random``), for simulations."""
    if name in BASELINES:
        return BASELINES[name](rng)
    return make_bot(name, rng)


__all__ = [
    "BASELINES",
    "LEVELS",
    "Bot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "make_bot",
    "make_player",
]
