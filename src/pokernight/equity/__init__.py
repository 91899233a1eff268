"""Equity: each hand's chance to win or tie, exact when the deals are few, else Monte Carlo.

A ``Scenario`` says what is known (each contender's cards, the board, dead
cards) and which cards are still to come, in dealing order; ``equity`` deals
the rest every possible way (or a random sample of ways) and shows down with
the variant's evaluator. Follow the Queen deals its future up cards in order,
so the wild rank may change on the way, exactly as at the table.
"""

from pokernight.equity.calculator import EquityResult, HandEquity, equity
from pokernight.equity.scenario import Scenario, Slot, scenario_for_variant
from pokernight.equity.wild_state import WildState

__all__ = [
    "EquityResult",
    "HandEquity",
    "Scenario",
    "Slot",
    "WildState",
    "equity",
    "scenario_for_variant",
]
