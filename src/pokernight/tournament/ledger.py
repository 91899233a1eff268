"""A tournament's results for the ledger: the money each player paid in and won.

Paid in: the buy-in (with the bounty, when there is one) for each entry, each
rebuy and add-on. Won: prizes, and bounties collected in money (a progressive
knockout's half added to a player's own head is won later, by whoever takes it, or
by the player at the end). Nothing is kept back (no rake): once the tournament is
over every chip paid in has been won by somebody, so the nets sum to zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from pokernight.tournament.events import (
    AddedOn,
    BountyCollected,
    PrizeAwarded,
    Rebought,
    Registered,
    StructureChanged,
    TournamentCreated,
    TournamentEvent,
    Unregistered,
)


class EntryKind(StrEnum):
    BUY_IN = "buy-in"
    REBUY = "rebuy"
    ADD_ON = "add-on"
    PRIZE = "prize"
    BOUNTY = "bounty"


PAID_IN = frozenset({EntryKind.BUY_IN, EntryKind.REBUY, EntryKind.ADD_ON})


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """``amount`` is positive both ways: ``kind`` says whether it was paid in or won."""

    player_id: str
    kind: EntryKind
    amount: int


@dataclass(frozen=True, slots=True)
class Result:
    paid: int = 0
    won: int = 0

    @property
    def net(self) -> int:
        return self.won - self.paid


def ledger_entries(events: Iterable[TournamentEvent]) -> list[LedgerEntry]:
    """The money entries of a tournament's events, in order (an unregistering takes the
    buy-in entry back)."""
    entries: list[LedgerEntry] = []
    buy_in = 0
    for event in events:
        match event:
            case TournamentCreated() | StructureChanged():
                structure = event.structure
                buy_in = structure.buy_in + (structure.bounty.amount if structure.bounty else 0)
            case Registered():
                entries.append(LedgerEntry(event.player_id, EntryKind.BUY_IN, buy_in))
            case Unregistered():
                entries = [
                    entry
                    for entry in entries
                    if not (entry.player_id == event.player_id and entry.kind is EntryKind.BUY_IN)
                ]
            case Rebought():
                entries.append(LedgerEntry(event.player_id, EntryKind.REBUY, event.price))
            case AddedOn():
                entries.append(LedgerEntry(event.player_id, EntryKind.ADD_ON, event.price))
            case PrizeAwarded():
                entries.append(LedgerEntry(event.player_id, EntryKind.PRIZE, event.amount))
            case BountyCollected() if event.amount:
                entries.append(LedgerEntry(event.player_id, EntryKind.BOUNTY, event.amount))
    return entries


def results(events: Iterable[TournamentEvent]) -> dict[str, Result]:
    """Each player's money paid in and won, in the order they first appear."""
    totals: dict[str, Result] = {}
    for entry in ledger_entries(events):
        now = totals.get(entry.player_id, Result())
        if entry.kind in PAID_IN:
            totals[entry.player_id] = Result(now.paid + entry.amount, now.won)
        else:
            totals[entry.player_id] = Result(now.paid, now.won + entry.amount)
    return totals
