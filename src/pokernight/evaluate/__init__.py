"""Hand strength: high, wild-card, A-5 low and Omaha, one at a time or in batches.

Every evaluator returns an ``int`` on its fast path (higher is better, equal
is a tie; see ``strength``) and a ``HandStrength`` (value, category, the five
cards used, a description) from its ``evaluate_*`` form, which also checks
its input.
"""

from pokernight.evaluate.batch import batch_high_values
from pokernight.evaluate.describe import describe_high, describe_low
from pokernight.evaluate.high import evaluate_high, high_value
from pokernight.evaluate.low import evaluate_low, low_value
from pokernight.evaluate.omaha import evaluate_omaha, omaha_value
from pokernight.evaluate.strength import Category, HandStrength, category_of, pack, ranks_of
from pokernight.evaluate.wild import evaluate_wild, wild_value

__all__ = [
    "Category",
    "HandStrength",
    "batch_high_values",
    "category_of",
    "describe_high",
    "describe_low",
    "evaluate_high",
    "evaluate_low",
    "evaluate_omaha",
    "evaluate_wild",
    "high_value",
    "low_value",
    "omaha_value",
    "pack",
    "ranks_of",
    "wild_value",
]
