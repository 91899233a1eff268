"""Tournaments: sit-and-go and scheduled multi-table, run like a card room (issue 19).

Pure like the table and rules under it: no I/O, no clock, no hidden randomness.
``structure`` holds a tournament as data, ``payouts`` its prizes to the chip, ``icm``
reckons deals.
"""

from pokernight.tournament.errors import TournamentError
from pokernight.tournament.icm import chip_chop, icm_deal, icm_equities
from pokernight.tournament.payouts import Payouts, prizes, template_for
from pokernight.tournament.structure import (
    AddOnPeriod,
    Bounty,
    Break,
    Format,
    Level,
    RebuyPeriod,
    Structure,
    from_template,
)

__all__ = [
    "AddOnPeriod",
    "Bounty",
    "Break",
    "Format",
    "Level",
    "Payouts",
    "RebuyPeriod",
    "Structure",
    "TournamentError",
    "chip_chop",
    "from_template",
    "icm_deal",
    "icm_equities",
    "prizes",
    "template_for",
]
