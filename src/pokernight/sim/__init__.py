"""Bots against bots: many hands, each bot's result in big blinds per 100 hands."""

from pokernight.sim.report import LevelResult, Summary, hands_saved, summarize
from pokernight.sim.runner import Played, Simulation, play_hands

__all__ = [
    "LevelResult",
    "Played",
    "Simulation",
    "Summary",
    "hands_saved",
    "play_hands",
    "summarize",
]
