"""A club's season in the store (decision 35): its tables and who played them, payments
between members, guest seats claimed by the host, and what the bots remember.

The bodies of the store's transactions, synchronous like ``members``; ``Store`` runs
them. Every read of a member follows ``merged_into`` once (``members``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from sqlalchemy import Connection, Row, and_, delete, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from pokernight.store import club_log, members, schema
from pokernight.store.errors import MemberError
from pokernight.store.records import MemberRecord, PlayerRecord, TableRecord

MAX_PAYMENT = 10_000_000


@dataclass(frozen=True, slots=True)
class PaymentRecord:
    id: int
    payer: MemberRecord
    payee: MemberRecord
    amount: int
    at: float
    recorded_by: int | None
    confirmed_at: float | None = None
    """When the other side (or an organiser) said so; None: waiting, not counted yet."""
    confirmed_by: int | None = None

    @property
    def counts(self) -> bool:
        return self.confirmed_at is not None


def club_tables(connection: Connection, club_id: int) -> list[TableRecord]:
    """The club's tables, oldest first: open, closed and imported."""
    tables = schema.tables
    rows = connection.execute(
        select(tables).where(tables.c.club_id == club_id).order_by(tables.c.id)
    )
    return [TableRecord.of_row(row) for row in rows]


def club_identities(connection: Connection, club_id: int) -> dict[str, MemberRecord]:
    """Every seat of the club's tables that a member played, by player id (as the table's
    events name it), with that member (whoever absorbed them, if merged)."""
    players, tables, owner = schema.players, schema.tables, schema.members
    rows = connection.execute(
        select(
            players.c.id.label("player_id"),
            owner.c.id.label("member_id"),
            owner.c.merged_into,
        )
        .join(tables, tables.c.id == players.c.table_id)
        .join(owner, owner.c.id == players.c.member_id)
        .where(tables.c.club_id == club_id)
    )
    read: dict[int, MemberRecord] = {}
    found: dict[str, MemberRecord] = {}
    for row in rows:
        member_id = row.merged_into or row.member_id  # merges never chain: once is enough
        if member_id not in read:
            record = members.member(connection, member_id)
            assert record is not None  # a foreign key keeps the member
            read[member_id] = record
        found[str(row.player_id)] = read[member_id]
    return found


def club_members(connection: Connection, club_id: int) -> list[MemberRecord]:
    """The club's members (not those merged into another), by name."""
    owner = schema.members
    rows = connection.execute(
        select(owner)
        .where(owner.c.club_id == club_id, owner.c.merged_into.is_(None))
        .order_by(owner.c.name_key)
    )
    return [members.record_of(row) for row in rows]


def player_of_member(connection: Connection, table_id: int, member_id: int) -> int | None:
    """The seat (player id) member ``member_id`` (or anybody merged into them) has at the
    table, if any: the newest."""
    players, owner = schema.players, schema.members
    mine = select(owner.c.id).where((owner.c.id == member_id) | (owner.c.merged_into == member_id))
    return connection.execute(
        select(players.c.id)
        .where(players.c.table_id == table_id, players.c.member_id.in_(mine))
        .order_by(players.c.id.desc())
        .limit(1)
    ).scalar()


# Payments ----------------------------------------------------------------------------------


def add_payment(
    connection: Connection,
    club_id: int,
    payer: int,
    payee: int,
    amount: int,
    *,
    at: float,
    recorded_by: int,
) -> PaymentRecord:
    """A payment between two members of the club, recorded by one of them: it waits for
    the other's word (``confirm_payment``). Refused (MemberError) otherwise."""
    if not 0 < amount <= MAX_PAYMENT:
        raise MemberError("payment_range", most=MAX_PAYMENT)
    who = [_club_member(connection, club_id, member_id) for member_id in (payer, payee)]
    if who[0].id == who[1].id:
        raise MemberError("pay_yourself", name=who[0].name)
    if recorded_by not in (who[0].id, who[1].id):
        raise MemberError("payment_parties")
    values = {"club_id": club_id, "payer": who[0].id, "payee": who[1].id, "amount": amount}
    result = connection.execute(
        insert(schema.payments)
        .values(**values, at=at, recorded_by=recorded_by)
        .returning(schema.payments.c.id)
    )
    return PaymentRecord(result.scalar_one(), who[0], who[1], amount, at, recorded_by)


def confirm_payment(
    connection: Connection, club_id: int, payment_id: int, member_id: int, at: float
) -> PaymentRecord:
    """The other side's word on a payment waiting for it: from now on it counts."""
    payment = _payment(connection, club_id, payment_id)
    if payment.confirmed_at is not None:
        raise MemberError("payment_counts")
    if member_id not in (payment.payer.id, payment.payee.id):
        raise MemberError("confirm_parties")
    if member_id == payment.recorded_by:
        raise MemberError("confirm_other_side", name=_other_side(payment, member_id).name)
    return _confirmed(connection, payment, member_id, at)


def settle_dispute(
    connection: Connection,
    club_id: int,
    payment_id: int,
    organiser: MemberRecord,
    *,
    counts: bool,
    at: float,
) -> PaymentRecord | None:
    """An organiser's word on a payment its two sides disagree on: it counts (confirmed by
    the organiser), or it is taken away; written in the club's log either way."""
    if not organiser.organiser:
        raise MemberError("only_organiser_dispute")
    payment = _payment(connection, club_id, payment_id)
    detail = {"payment_id": payment.id, "payer": payment.payer.id, "payee": payment.payee.id}
    club_log.write(
        connection, club_id, organiser.id, "dispute", {**detail, "counts": counts}, at=at
    )
    if not counts:
        connection.execute(delete(schema.payments).where(schema.payments.c.id == payment.id))
        return None
    return (
        payment
        if payment.confirmed_at is not None
        else _confirmed(connection, payment, organiser.id, at)
    )


def delete_payment(connection: Connection, club_id: int, payment_id: int, member_id: int) -> None:
    """A payment waiting for a word, withdrawn by whoever recorded it or declined by the
    other side. A payment that counts is undone only by an organiser (``settle_dispute``)."""
    payment = _payment(connection, club_id, payment_id)
    if member_id not in (payment.payer.id, payment.payee.id):
        raise MemberError("take_back_parties")
    if payment.confirmed_at is not None:
        raise MemberError("payment_counts_undo")
    connection.execute(delete(schema.payments).where(schema.payments.c.id == payment.id))


def club_payments(connection: Connection, club_id: int) -> list[PaymentRecord]:
    """The club's payments in the order they were recorded, between members as read now;
    those waiting for a word too (``confirmed_at`` None)."""
    payments = schema.payments
    rows = connection.execute(
        select(payments).where(payments.c.club_id == club_id).order_by(payments.c.id)
    )
    found: dict[int, MemberRecord] = {}
    return [_payment_record(connection, row, found) for row in rows]


def _payment(connection: Connection, club_id: int, payment_id: int) -> PaymentRecord:
    payments = schema.payments
    row = connection.execute(
        select(payments).where(payments.c.id == payment_id, payments.c.club_id == club_id)
    ).first()
    if row is None:
        raise MemberError("no_payment", payment=payment_id)
    return _payment_record(connection, row, {})


def _payment_record(
    connection: Connection, row: Row[Any], found: dict[int, MemberRecord]
) -> PaymentRecord:
    """The payment ``row`` between its members as read now (``found``: those read so far)."""

    def reading(member_id: int) -> MemberRecord:
        if member_id not in found:
            record = members.member(connection, member_id)
            assert record is not None  # a foreign key keeps the member
            found[member_id] = record
        return found[member_id]

    return PaymentRecord(
        row.id,
        reading(row.payer),
        reading(row.payee),
        row.amount,
        row.at,
        row.recorded_by,
        row.confirmed_at,
        row.confirmed_by,
    )


def _confirmed(
    connection: Connection, payment: PaymentRecord, member_id: int, at: float
) -> PaymentRecord:
    payments = schema.payments
    connection.execute(
        update(payments)
        .where(payments.c.id == payment.id)
        .values(confirmed_at=at, confirmed_by=member_id)
    )
    return replace(payment, confirmed_at=at, confirmed_by=member_id)


def _other_side(payment: PaymentRecord, member_id: int) -> MemberRecord:
    return payment.payee if member_id == payment.payer.id else payment.payer


def _club_member(connection: Connection, club_id: int, member_id: int) -> MemberRecord:
    record = members.member(connection, member_id)
    if record is None or record.club_id != club_id:
        raise MemberError("no_member", member=member_id)
    return record


# Newcomers ---------------------------------------------------------------------------------


def member_for_player(
    connection: Connection, club_id: int, player_id: int, token: str, *, now: float, vouched_by: int
) -> MemberRecord:
    """A new member of the club for a player who just joined a table under their name,
    seated there by member ``vouched_by`` (its host: they came by the host's invite link),
    signed in on a device known by ``token``, and the player's seat theirs: all in one
    transaction, so a join that fails makes no member. Logged as the host's invitation."""
    players = schema.players
    name = connection.execute(select(players.c.name).where(players.c.id == player_id)).scalar()
    if name is None:
        raise MemberError("no_player", player=player_id)
    made = members.add_member(connection, club_id, name, now)
    members.add_device(connection, made.id, token, now)
    connection.execute(update(players).where(players.c.id == player_id).values(member_id=made.id))
    detail = {"member_id": made.id, "name": made.name, "player_id": player_id}
    club_log.write(connection, club_id, vouched_by, "seated", detail, at=now)
    return made


# Claims ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GuestSeat:
    """A guest seat of a club table, found by its seat token (``token``: which one)."""

    token: str
    name: str
    code: str
    created_at: float


def guest_seats(connection: Connection, club_id: int, tokens: list[str]) -> list[GuestSeat]:
    """Which of these seat tokens are guest seats of the club's tables (not yet claimed):
    those a browser kept may be claimed by its member (``claim_guest``)."""
    players, tables = schema.players, schema.tables
    by_hash = {members.secret_hash(token): token for token in tokens}
    rows = connection.execute(
        select(players.c.token_sha256, players.c.name, tables.c.code, tables.c.created_at)
        .join(tables, tables.c.id == players.c.table_id)
        .where(
            players.c.token_sha256.in_(list(by_hash)),
            players.c.member_id.is_(None),
            tables.c.club_id == club_id,
        )
        .order_by(players.c.id)
    )
    return [GuestSeat(by_hash[row[0]], row.name, row.code, row.created_at) for row in rows]


def claim_guest(
    connection: Connection, seat_token: str, member: MemberRecord, at: float
) -> PlayerRecord:
    """The guest seat whose seat token is ``seat_token`` becomes ``member``'s, on the word
    of whoever holds both (the seat's token and the member's device): an organiser's word
    alone would hand another person's folded cards and live seat to a device that is not
    theirs. Written down in ``member_claims`` and the club's log (when, whose the seat was
    before) so that it can be checked and undone."""
    players = schema.players
    row = connection.execute(
        select(players.c.id, players.c.member_id, players.c.table_id).where(
            players.c.token_sha256 == members.secret_hash(seat_token)
        )
    ).first()
    if row is None:
        raise MemberError("seat_token_nobody")
    seat = player_of_member(connection, row.table_id, member.id)
    if seat not in (None, row.id):
        raise MemberError("member_has_seat", name=member.name)
    claimed = members.claim_player(connection, row.id, member.id)
    connection.execute(
        insert(schema.member_claims).values(
            player_id=row.id,
            member_id=claimed.member_id,
            previous_member_id=row.member_id,
            by_member=member.id,
            at=at,
        )
    )
    detail = {"player_id": row.id, "table_id": row.table_id, "name": claimed.name}
    club_log.write(connection, member.club_id, member.id, "claimed seat", detail, at=at)
    return claimed


# What the bots remember --------------------------------------------------------------------


def opponent_models(
    connection: Connection, club_id: int, member_ids: list[int]
) -> dict[int, dict[str, Any]]:
    """The stored statistics of these members (``bots.stats.PlayerStats`` fields)."""
    models = schema.opponent_models
    rows = connection.execute(
        select(models.c.member_id, models.c.stats).where(
            and_(models.c.club_id == club_id, models.c.member_id.in_(member_ids))
        )
    )
    return {row.member_id: dict(row.stats) for row in rows}


def save_opponent_models(
    connection: Connection, club_id: int, stats: Mapping[int, dict[str, Any]], at: float
) -> None:
    """Each member's statistics, replacing what was stored: one upsert, so two tables
    saving one member at once both succeed (the later counts stay)."""
    if not stats:
        return
    models = schema.opponent_models
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    upsert = dialect.insert(models)
    upsert = upsert.on_conflict_do_update(
        index_elements=[models.c.club_id, models.c.member_id],
        set_={"stats": upsert.excluded.stats, "updated_at": upsert.excluded.updated_at},
    )
    connection.execute(
        upsert,
        [
            {"club_id": club_id, "member_id": member_id, "stats": values, "updated_at": at}
            for member_id, values in stats.items()
        ],
    )
