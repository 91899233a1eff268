"""Projections: the seats, hands and ledger tables, written from a table's events.

The event log stays the source of truth; these tables answer "what happened
at this table" without folding every event. They are written in the
transaction that appends the events, so they can never disagree with it.
Which events feed them (``pokernight.table.events``, stored as their
``to_dict()``):

- ``PlayerSeated``: the seat is taken (``seats``) and a buy-in is entered;
- ``ChipsAdded``: a rebuy; ``PlayerLeft``: the seat is freed and a cash-out entered (with
  the host's reason when the host removed the player); ``StackCorrected``: a correction
  entered with the host's reason (decision 51);
- ``HandDealt``: a ``hands`` row whose summary holds the public facts of the deal
  (never the deck or its salt) and who sat in the hand (``players``, ``names``: by hand
  seat), with ``first_seq``, where the deal is in the log: a replay reads the hand's own
  events from there (``TableLog.hand_log``) instead of folding the whole log;
- ``HandFinished``: the hand ends: final stacks and each player's result, also
  entered in the ledger.

A ledger entry's hand number is the last hand started when it happened, as in
``Table.ledger.entries``, so the projection equals the table's own ledger.

A group commit holds the events of many tables, and every statement is a
round trip to the database: so a table's seats and last hand are read once per
commit (and only when one of its events feeds a projection), followed in
memory, and the ledger entries of the whole commit go in one ``executemany``.
Synchronous, as ``append`` is: the whole write transaction is one call.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, bindparam, delete, func, insert, select, update

from pokernight.store import schema
from pokernight.store.records import StoredEvent
from pokernight.table import EntryKind

# The parts of HandDealt everyone may see; the deck and salt stay in the event log.
PUBLIC_DEAL_FIELDS = (
    "variant",
    "betting",
    "level",
    "stakes",
    "seats",
    "stacks",
    "button",
    "small_blind",
    "big_blind",
    "posted",
    "commitment",
)


PROJECTED = frozenset(
    {
        "PlayerSeated",
        "ChipsAdded",
        "PlayerLeft",
        "StackCorrected",
        "HandDealt",
        "HandFinished",
        "BountyPaid",
    }
)

# Every statement built once, its values bound at execution: building and keying a statement
# cost more CPU than running it (a commit with a few hands starting took 20-30 ms of CPU).
_seats, _hands = schema.seats, schema.hands
_SEATED = select(_seats.c.seat, _seats.c.player_id, _seats.c.name).where(
    _seats.c.table_id == bindparam("table")
)
_LAST_HAND = select(func.coalesce(func.max(_hands.c.hand_number), 0)).where(
    _hands.c.table_id == bindparam("table")
)
_THE_HAND = (_hands.c.table_id == bindparam("table"), _hands.c.hand_number == bindparam("number"))
_HAND_SUMMARY = select(_hands.c.summary).where(*_THE_HAND)
_TAKE_SEAT = insert(_seats)
_FREE_SEAT = delete(_seats).where(
    _seats.c.table_id == bindparam("table"), _seats.c.seat == bindparam("seat_freed")
)
_START_HAND = insert(_hands)
_END_HAND = (
    update(_hands)
    .where(*_THE_HAND)
    .values(ended_at=bindparam("ended"), summary=bindparam("final_summary"))
)
_ENTER = insert(schema.ledger_entries)


def project(connection: Connection, batch: Sequence[tuple[int, Sequence[StoredEvent]]]) -> None:
    """Write the projections of ``batch`` (each table's new events, in order)."""
    ledger: list[dict[str, Any]] = []
    for table_id, events in batch:
        projected = [event for event in events if event.kind in PROJECTED]
        if projected:
            tables = _TableProjection.load(connection, table_id, ledger)
            for event in projected:
                tables.project(connection, event)
    if ledger:
        connection.execute(_ENTER, ledger)


@dataclass
class _TableProjection:
    """One table's seats and last hand as the commit goes, and the ledger rows it adds."""

    table_id: int
    seated: dict[int, tuple[str, str]]
    hand_number: int
    ledger: list[dict[str, Any]]
    summaries: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Hands started in this commit, by number: their summary is not worth reading back."""

    @classmethod
    def load(
        cls, connection: Connection, table_id: int, ledger: list[dict[str, Any]]
    ) -> _TableProjection:
        rows = connection.execute(_SEATED, {"table": table_id})
        last_hand = connection.execute(_LAST_HAND, {"table": table_id})
        seated = {row.seat: (row.player_id, row.name) for row in rows}
        return cls(table_id, seated, last_hand.scalar_one(), ledger)

    def project(self, connection: Connection, event: StoredEvent) -> None:
        data = event.data
        match event.kind:
            case "PlayerSeated":
                self.seated[data["seat"]] = (data["player_id"], data["name"])
                connection.execute(
                    _TAKE_SEAT,
                    {
                        "table_id": self.table_id,
                        "seat": data["seat"],
                        "player_id": data["player_id"],
                        "name": data["name"],
                    },
                )
                self._enter(data["seat"], EntryKind.BUY_IN, data["buy_in"])
            case "ChipsAdded":
                self._enter(data["seat"], EntryKind.REBUY, data["amount"])
            case "PlayerLeft":
                reason = data.get("reason", "")  # stored only for a removal
                self._enter(data["seat"], EntryKind.CASH_OUT, data["cash_out"], reason)
                del self.seated[data["seat"]]
                connection.execute(_FREE_SEAT, {"table": self.table_id, "seat_freed": data["seat"]})
            case "StackCorrected":
                change = data["stack"] - data["was"]
                self._enter(data["seat"], EntryKind.CORRECTION, change, data["reason"])
            case "BountyPaid":  # a result of its hand's, as the table's own ledger counts it
                for seat, amount in data["payments"]:
                    self._enter(seat, EntryKind.RESULT, -amount)
                self._enter(data["seat"], EntryKind.RESULT, sum(a for _, a in data["payments"]))
            case "HandDealt":
                self._hand_started(connection, event)
            case "HandFinished":
                self._hand_finished(connection, event)

    def _hand_started(self, connection: Connection, event: StoredEvent) -> None:
        summary = {field: event.data[field] for field in PUBLIC_DEAL_FIELDS}
        summary["players"] = [self.seated[seat][0] for seat in summary["seats"]]
        summary["names"] = [self.seated[seat][1] for seat in summary["seats"]]
        self.hand_number = event.data["hand_number"]
        self.summaries[self.hand_number] = summary
        connection.execute(
            _START_HAND,
            {
                "table_id": self.table_id,
                "hand_number": self.hand_number,
                "started_at": event.at,
                "ended_at": None,
                "summary": summary,
                "first_seq": event.seq,
            },
        )

    def _hand_finished(self, connection: Connection, event: StoredEvent) -> None:
        number = event.data["hand_number"]
        hand = {"table": self.table_id, "number": number}
        summary = self.summaries.pop(number, None)
        if summary is None:
            summary = connection.execute(_HAND_SUMMARY, hand).scalar_one()
        summary = dict(summary)
        final_stacks = event.data["stacks"]
        results = [
            after - before for before, after in zip(summary["stacks"], final_stacks, strict=True)
        ]
        summary["final_stacks"] = final_stacks
        summary["results"] = results
        connection.execute(_END_HAND, {**hand, "ended": event.at, "final_summary": summary})
        for seat, result in zip(summary["seats"], results, strict=True):
            self._enter(seat, EntryKind.RESULT, result)

    def _enter(self, seat: int, kind: EntryKind, amount: int, reason: str = "") -> None:
        """A ledger entry for whoever sits in ``seat``."""
        player_id, name = self.seated[seat]
        self.ledger.append(
            {
                "table_id": self.table_id,
                "hand_number": self.hand_number,
                "player_id": player_id,
                "name": name,
                "kind": kind.value,
                "amount": amount,
                "reason": reason,
            }
        )
