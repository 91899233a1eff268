"""Tournaments: sit-and-go and scheduled multi-table, run like a card room (issue 19).

Pure like the table and rules under it: no I/O, no clock (``now`` is passed in),
no hidden randomness (an RNG is passed in). ``Tournament`` takes commands
(register, start, a table's hand reported, rebuy, add-on, a deal, the clock's
tick) and answers with events, the director's own moves included; ``structure``
holds the tournament as data; ``tables`` plays it on ``pokernight.table.Table``s;
``simulation`` plays a whole one with bots; ``icm`` reckons deals.
"""

from pokernight.tournament.commands import (
    AddOn,
    ChangeStructure,
    Command,
    Rebuy,
    RecordDeal,
    Register,
    ReportHand,
    Start,
    StartHand,
    Tick,
    Unregister,
)
from pokernight.tournament.errors import TournamentError
from pokernight.tournament.events import TournamentEvent, tournament_event_from_dict
from pokernight.tournament.icm import chip_chop, icm_deal, icm_equities
from pokernight.tournament.payouts import Payouts, prizes, template_for
from pokernight.tournament.state import Entrant, Status
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
from pokernight.tournament.tournament import Tournament

__all__ = [
    "AddOn",
    "AddOnPeriod",
    "Bounty",
    "Break",
    "ChangeStructure",
    "Command",
    "Entrant",
    "Format",
    "Level",
    "Payouts",
    "Rebuy",
    "RebuyPeriod",
    "RecordDeal",
    "Register",
    "ReportHand",
    "Start",
    "StartHand",
    "Status",
    "Structure",
    "Tick",
    "Tournament",
    "TournamentError",
    "TournamentEvent",
    "Unregister",
    "chip_chop",
    "from_template",
    "icm_deal",
    "icm_equities",
    "prizes",
    "template_for",
    "tournament_event_from_dict",
]
