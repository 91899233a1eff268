"""Projections: the seats, hands and ledger tables, written from a table's events.

The event log stays the source of truth; these tables answer "what happened
at this table" without folding every event. They are written in the
transaction that appends the events, so they can never disagree with it.
Which events feed them (``pokernight.table.events``, stored as their
``to_dict()``):

- ``PlayerSeated``: the seat is taken (``seats``) and a buy-in is entered;
- ``ChipsAdded``: a rebuy; ``PlayerLeft``: the seat is freed and a cash-out entered;
- ``HandStarted``: a ``hands`` row whose summary holds the public facts of the deal
  (never the deck or its salt);
- ``HandFinished``: the hand ends: final stacks and each player's result, also
  entered in the ledger.

A ledger entry's hand number is the last hand started when it happened, as in
``Table.ledger``, so the projection equals the table's own ledger.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncConnection

from pokernight.store import schema
from pokernight.store.records import StoredEvent
from pokernight.table import EntryKind

# The parts of HandStarted everyone may see; the deck and salt stay in the event log.
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


async def project(
    connection: AsyncConnection, table_id: int, events: Sequence[StoredEvent]
) -> None:
    for event in events:
        await _project(connection, table_id, event)


async def _project(connection: AsyncConnection, table_id: int, event: StoredEvent) -> None:
    data = event.data
    match event.kind:
        case "PlayerSeated":
            await connection.execute(
                insert(schema.seats).values(
                    table_id=table_id,
                    seat=data["seat"],
                    player_id=data["player_id"],
                    name=data["name"],
                )
            )
            await _enter(connection, table_id, data["seat"], EntryKind.BUY_IN, data["buy_in"])
        case "ChipsAdded":
            await _enter(connection, table_id, data["seat"], EntryKind.REBUY, data["amount"])
        case "PlayerLeft":
            await _enter(connection, table_id, data["seat"], EntryKind.CASH_OUT, data["cash_out"])
            await connection.execute(delete(schema.seats).where(*_seat_is(table_id, data["seat"])))
        case "HandStarted":
            await _hand_started(connection, table_id, event)
        case "HandFinished":
            await _hand_finished(connection, table_id, event)


async def _hand_started(connection: AsyncConnection, table_id: int, event: StoredEvent) -> None:
    summary = {field: event.data[field] for field in PUBLIC_DEAL_FIELDS}
    summary["players"] = [
        (await _seated(connection, table_id, seat))[0] for seat in summary["seats"]
    ]
    await connection.execute(
        insert(schema.hands).values(
            table_id=table_id,
            hand_number=event.data["hand_number"],
            started_at=event.at,
            ended_at=None,
            summary=summary,
        )
    )


async def _hand_finished(connection: AsyncConnection, table_id: int, event: StoredEvent) -> None:
    hands = schema.hands
    hand = (hands.c.table_id == table_id, hands.c.hand_number == event.data["hand_number"])
    summary = dict((await connection.execute(select(hands.c.summary).where(*hand))).scalar_one())
    final_stacks = event.data["stacks"]
    results = [
        after - before for before, after in zip(summary["stacks"], final_stacks, strict=True)
    ]
    summary["final_stacks"] = final_stacks
    summary["results"] = results
    await connection.execute(update(hands).where(*hand).values(ended_at=event.at, summary=summary))
    for seat, result in zip(summary["seats"], results, strict=True):
        await _enter(connection, table_id, seat, EntryKind.RESULT, result)


async def _enter(
    connection: AsyncConnection, table_id: int, seat: int, kind: EntryKind, amount: int
) -> None:
    """A ledger entry for whoever sits in ``seat``."""
    player_id, name = await _seated(connection, table_id, seat)
    hands = schema.hands
    hand_number = (
        await connection.execute(
            select(func.coalesce(func.max(hands.c.hand_number), 0)).where(
                hands.c.table_id == table_id
            )
        )
    ).scalar_one()
    await connection.execute(
        insert(schema.ledger_entries).values(
            table_id=table_id,
            hand_number=hand_number,
            player_id=player_id,
            name=name,
            kind=kind.value,
            amount=amount,
        )
    )


async def _seated(connection: AsyncConnection, table_id: int, seat: int) -> tuple[str, str]:
    seats = schema.seats
    row = (
        await connection.execute(
            select(seats.c.player_id, seats.c.name).where(*_seat_is(table_id, seat))
        )
    ).one()
    return row.player_id, row.name


def _seat_is(table_id: int, seat: int) -> tuple[Any, ...]:
    return (schema.seats.c.table_id == table_id, schema.seats.c.seat == seat)
