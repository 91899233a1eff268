"""Hand histories: PHH import (parse and replay through the rules engine) and export."""

from pokernight.history.phh_parse import (
    PHHAction,
    PHHActionKind,
    PHHError,
    PHHHand,
    parse_action,
    parse_phh,
)

__all__ = [
    "PHHAction",
    "PHHActionKind",
    "PHHError",
    "PHHHand",
    "parse_action",
    "parse_phh",
]
