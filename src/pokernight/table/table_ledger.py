"""The table's ledger in memory: its newest entries, each player's account, what the
people owe each other, and which players were bots (whose chips are nobody's money)."""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from pokernight.table.errors import LedgerOutOfBalanceError
from pokernight.table.ledger import Account, EntryKind, LedgerEntry, PeopleBalances

LEDGER_KEPT: int | None = 200
"""Ledger entries kept in memory (the newest); the store keeps every one."""


class TableLedger:
    def __init__(self) -> None:
        # The newest entries only: the store keeps them all (its ledger_entries), and a list
        # of every entry grew for the life of the table. The sums are kept whole.
        self.entries: deque[LedgerEntry] = deque(maxlen=LEDGER_KEPT)
        self.accounts: dict[str, Account] = {}
        self.between_people = PeopleBalances()
        self.bots: set[str] = set()  # the player ids of every bot that sat here

    def copy(self) -> TableLedger:
        twin = TableLedger.__new__(TableLedger)
        twin.entries = self.entries.copy()
        twin.accounts = dict(self.accounts)
        twin.between_people = self.between_people.copy()
        twin.bots = set(self.bots)
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TableLedger):
            return NotImplemented
        return (
            list(self.entries) == list(other.entries)
            and self.accounts == other.accounts
            and self.between_people.owed == other.between_people.owed
            and self.bots == other.bots
        )

    __hash__ = None  # type: ignore[assignment]  # mutable: equal now, maybe not later

    def account(self, player_id: str) -> Account:
        return self.accounts.get(player_id, Account())

    def add_bot(self, player_id: str) -> None:
        self.bots.add(player_id)

    def record(
        self, player_id: str, kind: EntryKind, amount: int, hand_number: int, reason: str = ""
    ) -> None:
        entry = LedgerEntry(player_id, kind, amount, hand_number, reason)
        self.entries.append(entry)
        self.accounts[player_id] = self.account(player_id).add(entry)
        self.between_people.meet(player_id, self.bots)

    def record_hand(self, results: Mapping[str, int], hand_number: int) -> None:
        """One hand's results: each player's stack change (they sum to zero)."""
        for player_id, change in results.items():
            self.record(player_id, EntryKind.RESULT, change, hand_number)
        self.between_people.add_hand(results, self.bots)

    def check(self, stacks: Mapping[str, int]) -> None:
        """Chips in front of each player (``stacks``, by player id) equal what the ledger
        says they have (seed 003, in docs/seeds.md)."""
        for player_id, account in self.accounts.items():
            if account.at_table != stacks.get(player_id, 0):
                raise LedgerOutOfBalanceError(
                    f"{player_id} has {stacks.get(player_id, 0):,} chips but the ledger says "
                    f"{account.at_table:,}"
                )
