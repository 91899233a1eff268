"""PHH variant codes both ways, and our own codes for the hands PHH has no words for.

PHH names eleven games by code (``NT`` no-limit hold'em, ``FO/8`` fixed-limit Omaha
hi-lo, ...). A hand of another game, or one dealt with a table option a PHH reader would
misread (a bomb pot: no betting before the flop; a double board; a board run twice;
jacks to open), is written with our own code, ``pokernight:<game>`` (``:<betting>``
added when the game is played with another structure than its own, e.g.
``pokernight:nlhe:pot-limit``), and the players' answers to running it twice with our
own action ``sr``. The table options are PHH user-defined fields, which PHH readers
ignore (``_bomb_pot``, ``_double_board``, ``_jacks_to_open``, ``_run_it_twice``,
``_ftq_queen_carries_over``; decisions 47 and 55; Follow the Queen is always our own
code). A code no PHH reader knows makes them refuse the hand instead of replaying another
game; ``pokernight replay`` and ``pokernight import`` play it.
"""

from __future__ import annotations

from typing import Final

from pokernight.history.phh_parse import PHHError
from pokernight.rules import VARIANTS, BettingStructure, Variant
from pokernight.rules.events import HandStarted
from pokernight.rules.variants import variant_for

PHH_CODES: Final = {
    ("nlhe", BettingStructure.NO_LIMIT): "NT",
    ("flhe", BettingStructure.FIXED_LIMIT): "FT",
    ("plo", BettingStructure.POT_LIMIT): "PO",
    ("stud", BettingStructure.FIXED_LIMIT): "F7S",
    ("razz", BettingStructure.FIXED_LIMIT): "FR",
    ("o8", BettingStructure.FIXED_LIMIT): "FO/8",
    ("stud8", BettingStructure.FIXED_LIMIT): "F7S/8",
    ("nlsd", BettingStructure.NO_LIMIT): "NS",
    ("27td", BettingStructure.FIXED_LIMIT): "F2L3D",
    ("badugi", BettingStructure.FIXED_LIMIT): "FB",
}
"""Our (variant, betting structure) -> PHH variant code. PHH has none for the others:
Pot-Limit Omaha Hi-Lo (its hi-lo codes are fixed-limit), the wild home games, Chicago,
Follow the Queen, Five-Card Draw high (its draw codes are 2-7 and badugi)."""

PHH_VARIANTS: Final = {code: key for (key, _), code in PHH_CODES.items()}
"""PHH variant code -> our variant key (each with its usual betting structure)."""

OWN_PREFIX: Final = "pokernight:"


def phh_code(started: HandStarted, asked_runs: bool) -> str:
    """The code to write for the hand: PHH's own when a PHH reader plays it as we did.
    ``asked_runs``: the players were asked whether to run it twice (PHH has no action
    for their answers)."""
    code = PHH_CODES.get((started.variant, BettingStructure(started.betting)))
    plain = not (started.bomb_pot or started.double_board or started.jacks_to_open)
    if code is not None and plain and not asked_runs:
        return code
    own = variant_for(started.variant)
    betting = "" if own.betting == started.betting else f":{started.betting}"
    return f"{OWN_PREFIX}{started.variant}{betting}"


def is_own_code(code: str) -> bool:
    return code.startswith(OWN_PREFIX)


def variant_of_code(code: str) -> Variant:
    """The game a code names, PHH's or ours; PHHError if none."""
    if code in PHH_VARIANTS:
        return VARIANTS[PHH_VARIANTS[code]]
    if is_own_code(code):
        key, _, betting = code.removeprefix(OWN_PREFIX).partition(":")
        try:
            return variant_for(key, betting or None)
        except ValueError:
            pass
    raise PHHError(f"variant {code} is not supported")
