"""A table over time: seats, buy-ins, button and blinds, dealing in, clocks, ledger, host.

Pure like the rules engine under it: no I/O, no clock (``now`` is passed in),
no hidden randomness (an RNG is passed in). The server owns one ``Table`` per
table, feeds it commands in order, and persists and broadcasts its events.
"""

from pokernight.table.button import DealPlan, Positions, plan_blinds, plan_stud
from pokernight.table.commands import (
    Act,
    AddBot,
    AddChips,
    ApproveSeat,
    ChangeSettings,
    Command,
    DeclineSeat,
    PostBigBlind,
    RemoveBot,
    SitDown,
    SitIn,
    SitOut,
    SitPlayerOut,
    StandUp,
    StartHand,
    TransferHost,
)
from pokernight.table.errors import LedgerOutOfBalanceError, TableError
from pokernight.table.events import (
    BigBlindOffered,
    ChipsAdded,
    ChipsQueued,
    HandFinished,
    HandStarted,
    HostChanged,
    PlayerActed,
    PlayerLeft,
    PlayerSeated,
    SatIn,
    SatOut,
    SeatDeclined,
    SeatRequested,
    SettingsChanged,
    TableEvent,
    TableOpened,
    table_event_from_dict,
)
from pokernight.table.fairness import HandProof
from pokernight.table.folded import Folded
from pokernight.table.host_controls import BotLevel
from pokernight.table.ledger import Account, EntryKind, LedgerEntry, accounts, balances, ledger_csv
from pokernight.table.settings import TableSettings
from pokernight.table.settle import Transfer, settle_up
from pokernight.table.table import Seat, Table

__all__ = [
    "Account",
    "Act",
    "AddBot",
    "AddChips",
    "ApproveSeat",
    "BigBlindOffered",
    "BotLevel",
    "ChangeSettings",
    "ChipsAdded",
    "ChipsQueued",
    "Command",
    "DealPlan",
    "DeclineSeat",
    "EntryKind",
    "Folded",
    "HandFinished",
    "HandProof",
    "HandStarted",
    "HostChanged",
    "LedgerEntry",
    "LedgerOutOfBalanceError",
    "PlayerActed",
    "PlayerLeft",
    "PlayerSeated",
    "Positions",
    "PostBigBlind",
    "RemoveBot",
    "SatIn",
    "SatOut",
    "Seat",
    "SeatDeclined",
    "SeatRequested",
    "SettingsChanged",
    "SitDown",
    "SitIn",
    "SitOut",
    "SitPlayerOut",
    "StandUp",
    "StartHand",
    "Table",
    "TableError",
    "TableEvent",
    "TableOpened",
    "TableSettings",
    "Transfer",
    "TransferHost",
    "accounts",
    "balances",
    "ledger_csv",
    "plan_blinds",
    "plan_stud",
    "settle_up",
    "table_event_from_dict",
]
