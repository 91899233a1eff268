"""Hand histories: PHH import (parse, then replay through the rules engine) and export."""

from pokernight.history.phh_codes import PHH_CODES, PHH_VARIANTS
from pokernight.history.phh_export import to_phh
from pokernight.history.phh_parse import (
    PHHAction,
    PHHActionKind,
    PHHError,
    PHHHand,
    parse_action,
    parse_phh,
)
from pokernight.history.phh_replay import ChipScale, Replay, replay_phh

__all__ = [
    "PHH_CODES",
    "PHH_VARIANTS",
    "ChipScale",
    "PHHAction",
    "PHHActionKind",
    "PHHError",
    "PHHHand",
    "Replay",
    "parse_action",
    "parse_phh",
    "replay_phh",
    "to_phh",
]
