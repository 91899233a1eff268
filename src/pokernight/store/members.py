"""Clubs, members, their devices and claim codes (decision 33): the bodies of the store's
transactions, synchronous like ``append`` (on SQLite a write runs as one call through
``sqlite_writer``; otherwise through ``AsyncConnection.run_sync``).

A member merged into another is read as that one: every read follows ``merged_into``
once. Merges never chain (``merge`` refuses what would make a chain), so once is enough.
The secrets (device tokens, claim codes) are drawn by ``Store``; only their SHA-256
reaches the database.
"""

from __future__ import annotations

import hashlib
from typing import Any

from sqlalchemy import Connection, Row, Select, delete, insert, select, update

from pokernight.names import name_key, same_name
from pokernight.store import club_log, schema
from pokernight.store.errors import MemberError
from pokernight.store.records import ClubRecord, DeviceRecord, MemberRecord, PlayerRecord

DEFAULT_CLUB_NAME = "Home"
# Letters only, without the ones read as another letter or a digit (B 8, I L 1, O Q 0,
# S 5, Z 2, U V): a code is read off one screen and typed on another.
CLAIM_ALPHABET = "ACDEFGHJKMNPRTWXY"
CLAIM_CODE_LENGTH = 6
CLAIM_CODE_SECONDS = 600.0
DEVICE_KEY_LENGTH = 12  # hex digits of a token's hash: how a member names a device to remove

_members = schema.members


def secret_hash(secret: str) -> str:
    """What is stored of a device token or a claim code."""
    return hashlib.sha256(secret.encode()).hexdigest()


def claim_code_hash(code: str) -> str:
    """A claim code's hash, however it was typed: case and spaces do not matter."""
    return secret_hash("".join(code.split()).upper())


# Clubs -------------------------------------------------------------------------------------


def default_club(connection: Connection, now: float) -> ClubRecord:
    """The first club (migration 0003 makes it); made here if there is none.

    Only a database whose clubs were all deleted has none, so two processes making one
    at once (each would read its own as the first) is left unguarded."""
    clubs = schema.clubs
    row = connection.execute(select(clubs).order_by(clubs.c.id).limit(1)).first()
    if row is not None:
        return ClubRecord(row.id, row.name, row.created_at)
    values = {"name": DEFAULT_CLUB_NAME, "created_at": now}
    club_id = connection.execute(insert(clubs).values(values).returning(clubs.c.id)).scalar_one()
    return ClubRecord(club_id, DEFAULT_CLUB_NAME, now)


def club(connection: Connection, club_id: int) -> ClubRecord:
    clubs = schema.clubs
    row = connection.execute(select(clubs).where(clubs.c.id == club_id)).first()
    if row is None:
        raise MemberError("no_club", club=club_id)
    return ClubRecord(row.id, row.name, row.created_at)


def _require_club(connection: Connection, club_id: int) -> None:
    club(connection, club_id)


# Members -----------------------------------------------------------------------------------


def add_member(
    connection: Connection, club_id: int, name: str, now: float, *, organiser: bool = False
) -> MemberRecord:
    """A new member of the club; a name reading the same as a member's, or looking like
    one (``names.same_name``), is refused. Nobody organises by being first: only an
    invitation made by the server's operator, or an organiser, makes one (``invites``)."""
    _require_club(connection, club_id)
    taken = _member_like(connection, club_id, name)
    if taken is not None:
        raise MemberError("member_name_taken", name=taken.name)
    values = {"club_id": club_id, "name": name, "name_key": name_key(name), "created_at": now}
    values["organiser"] = organiser
    result = connection.execute(insert(_members).values(values).returning(_members.c.id))
    return MemberRecord(result.scalar_one(), club_id, name, now, organiser)


def _member_like(connection: Connection, club_id: int, name: str) -> Row[Any] | None:
    """The club's member (not merged) whose name reads or looks like ``name``: the same
    key first (the index finds it), else the first whose name looks the same."""
    rows = connection.execute(
        select(_members).where(_members.c.club_id == club_id, _members.c.merged_into.is_(None))
    ).all()
    key = name_key(name)
    same = next((row for row in rows if row.name_key == key), None)
    return same or next((row for row in rows if same_name(row.name, name)), None)


def has_organiser(connection: Connection, club_id: int) -> bool:
    query = select(_members.c.id).where(
        _members.c.club_id == club_id, _members.c.organiser, _members.c.merged_into.is_(None)
    )
    return connection.execute(query.limit(1)).first() is not None


def make_organiser(connection: Connection, member_id: int) -> MemberRecord:
    """The member (whoever absorbed them, if merged) organises the club from now on."""
    record = member(connection, member_id)
    if record is None:
        raise MemberError("no_member_id", member=member_id)
    connection.execute(update(_members).where(_members.c.id == record.id).values(organiser=True))
    return MemberRecord(record.id, record.club_id, record.name, record.created_at, True)


def member(connection: Connection, member_id: int) -> MemberRecord | None:
    """The member (followed to whoever absorbed them), or None."""
    row = _member_row(connection, member_id)
    return None if row is None else _followed(connection, row)


def member_named(connection: Connection, club_id: int, name: str) -> MemberRecord | None:
    """The club's member whose name reads or looks like ``name``: the one not merged, else
    the newest merged one whose name reads the same (followed to whoever absorbed them)."""
    row = _member_like(connection, club_id, name)
    if row is None:
        row = connection.execute(
            select(_members)
            .where(_members.c.club_id == club_id, _members.c.name_key == name_key(name))
            .order_by(_members.c.id.desc())
            .limit(1)
        ).first()
    return None if row is None else _followed(connection, row)


def merge(connection: Connection, into: int, other: int) -> MemberRecord:
    """``other`` is read as ``into`` from now on; only ``other.merged_into`` changes."""
    _lock_members(connection, into, other)
    survivor, absorbed = _require_member(connection, into), _require_member(connection, other)
    _check_merge(connection, survivor, absorbed)
    connection.execute(update(_members).where(_members.c.id == other).values(merged_into=into))
    return record_of(survivor)


def merge_by_code(
    connection: Connection, into: MemberRecord, code: str, now: float
) -> MemberRecord:
    """The member whose claim code ``code`` is (made on one of their devices: their word)
    is read as ``into`` (the member asking: theirs) from now on; the code is spent. Both
    people's word, as a merge moves seats, their cards and their money: an organiser's
    alone would let one person play another's seats."""
    other = _spend_claim_code(connection, code, now)
    merged = merge(connection, into.id, other)
    club_log.write(
        connection, into.club_id, into.id, "merged", {"into": into.id, "other": other}, at=now
    )
    return merged


def _check_merge(connection: Connection, survivor: Row[Any], absorbed: Row[Any]) -> None:
    """Refuses a merge that is no merge, crosses clubs, or would chain merges (reads
    follow ``merged_into`` once)."""
    if survivor.id == absorbed.id:
        raise MemberError("merge_self", name=survivor.name)
    if survivor.club_id != absorbed.club_id:
        raise MemberError("merge_other_clubs", name=survivor.name, other=absorbed.name)
    if absorbed.merged_into is not None:
        raise MemberError("merged_already", name=absorbed.name)
    if survivor.merged_into is not None:
        raise MemberError("merge_into_merged", name=survivor.name)
    if _has_absorbed(connection, absorbed.id):
        raise MemberError("merge_absorbed", name=absorbed.name)


def _lock_members(connection: Connection, *member_ids: int) -> None:
    """On PostgreSQL, merges of the same members wait for each other (in id order, so
    never in a circle): checked one by one, no two of them make a chain. SQLite has one
    writer at a time anyway (and ignores FOR UPDATE)."""
    query = select(_members.c.id).where(_members.c.id.in_(member_ids)).order_by(_members.c.id)
    connection.execute(query.with_for_update())


def _has_absorbed(connection: Connection, member_id: int) -> bool:
    found = select(_members.c.id).where(_members.c.merged_into == member_id).limit(1)
    return connection.execute(found).first() is not None


def _member_row(connection: Connection, member_id: int) -> Row[Any] | None:
    return connection.execute(select(_members).where(_members.c.id == member_id)).first()


def _require_member(connection: Connection, member_id: int) -> Row[Any]:
    row = _member_row(connection, member_id)
    if row is None:
        raise MemberError("no_member_id", member=member_id)
    return row


def _followed(connection: Connection, row: Row[Any]) -> MemberRecord:
    """The member ``row`` is read as: whoever absorbed them, if anybody did."""
    if row.merged_into is not None:
        row = _require_member(connection, row.merged_into)
    return record_of(row)


def record_of(row: Row[Any]) -> MemberRecord:
    return MemberRecord(row.id, row.club_id, row.name, row.created_at, row.organiser)


# Devices and claim codes -------------------------------------------------------------------


def add_device(connection: Connection, member_id: int, token: str, now: float) -> None:
    """A device signed in as the member, known by the SHA-256 of ``token``."""
    _require_member(connection, member_id)
    _insert_device(connection, member_id, token, now)


def _insert_device(connection: Connection, member_id: int, token: str, now: float) -> None:
    values = {"token_sha256": secret_hash(token), "member_id": member_id, "created_at": now}
    connection.execute(insert(schema.devices).values(**values, last_seen=now))


def member_of_device(connection: Connection, token: str, now: float) -> MemberRecord | None:
    """The member the device holding ``token`` is signed in as (and it was seen ``now``)."""
    devices = schema.devices
    known = devices.c.token_sha256 == secret_hash(token)
    member_id = connection.execute(select(devices.c.member_id).where(known)).scalar()
    if member_id is None:
        return None
    connection.execute(update(devices).where(known).values(last_seen=now))
    return member(connection, member_id)


def member_devices(connection: Connection, member_id: int) -> list[DeviceRecord]:
    """The devices signed in as the member (those of anybody merged into them too), the
    most recently seen first; each known by the start of its token's hash."""
    devices = schema.devices
    rows = connection.execute(
        select(devices)
        .where(devices.c.member_id.in_(_themselves(member_id)))
        .order_by(devices.c.last_seen.desc())
    )
    return [
        DeviceRecord(row.token_sha256[:DEVICE_KEY_LENGTH], row.created_at, row.last_seen)
        for row in rows
    ]


def remove_device(connection: Connection, member_id: int, key: str) -> None:
    """Sign out the member's device known by ``key`` (``member_devices``): its token stops
    working at once. A key of no device of theirs raises MemberError."""
    devices = schema.devices
    if len(key) != DEVICE_KEY_LENGTH:
        raise MemberError("no_device", key=key)
    result = connection.execute(
        delete(devices).where(
            devices.c.member_id.in_(_themselves(member_id)),
            devices.c.token_sha256.startswith(key, autoescape=True),
        )
    )
    if result.rowcount == 0:
        raise MemberError("no_device", key=key)


def _themselves(member_id: int) -> Select[Any]:
    """The member's id and the ids of the members merged into them."""
    return select(_members.c.id).where(
        (_members.c.id == member_id) | (_members.c.merged_into == member_id)
    )


def new_claim_code(connection: Connection, member_id: int, code: str, now: float) -> None:
    """``code`` adds a device to the member until ``CLAIM_CODE_SECONDS`` from ``now``."""
    _require_member(connection, member_id)
    codes = schema.claim_codes
    connection.execute(delete(codes).where(codes.c.expires_at <= now))  # nobody can use them
    values = {"code_sha256": claim_code_hash(code), "member_id": member_id}
    connection.execute(insert(codes).values(**values, expires_at=now + CLAIM_CODE_SECONDS))


def claim(connection: Connection, code: str, token: str, now: float) -> MemberRecord:
    """The code's member, with a new device known by ``token``; the code is spent.

    A wrong, spent or expired code raises MemberError before anything is written.
    """
    member_id = _spend_claim_code(connection, code, now)
    _insert_device(connection, member_id, token, now)
    found = member(connection, member_id)
    assert found is not None  # the code's foreign key keeps its member
    return found


def _spend_claim_code(connection: Connection, code: str, now: float) -> int:
    """The member whose claim code ``code`` is; the code is spent. A wrong, spent or
    expired code raises MemberError and spends nothing."""
    codes = schema.claim_codes
    mine = codes.c.code_sha256 == claim_code_hash(code)
    row = connection.execute(select(codes).where(mine)).first()
    if row is None:  # a spent code is deleted: it reads as a wrong one
        raise MemberError("claim_code_wrong")
    if row.expires_at <= now:
        raise MemberError("claim_code_expired")
    if connection.execute(delete(codes).where(mine)).rowcount == 0:
        raise MemberError("claim_code_used")  # just now, elsewhere
    member_id: int = row.member_id
    return member_id


# Seats -------------------------------------------------------------------------------------


def claim_player(connection: Connection, player_id: int, member_id: int) -> PlayerRecord:
    """The guest seat ``player_id`` becomes the member's (whoever absorbed them, if merged).

    Refused for a table of no club or another club's, and a seat another member plays.
    """
    player = _player_row(connection, player_id)
    owner = _followed(connection, _require_member(connection, member_id))
    _check_same_club(player, owner)
    if player.member_id not in (None, owner.id):
        raise MemberError("seat_other_member", player=player_id)
    players = schema.players
    connection.execute(update(players).where(players.c.id == player_id).values(member_id=owner.id))
    return PlayerRecord(
        player.id,
        player.table_id,
        player.name,
        player.created_at,
        player.invited,
        owner.id,
        player.program,
    )


def _check_same_club(player: Row[Any], owner: MemberRecord) -> None:
    if player.club_id is None:
        raise MemberError("seat_no_club", player=player.id)
    if player.club_id != owner.club_id:
        raise MemberError("seat_other_club", player=player.id, name=owner.name)


def _player_row(connection: Connection, player_id: int) -> Row[Any]:
    """The player with their table's club."""
    players, tables = schema.players, schema.tables
    query: Select[Any] = (
        select(*PLAYER_COLUMNS, tables.c.club_id)
        .join(tables, tables.c.id == players.c.table_id)
        .where(players.c.id == player_id)
        .with_for_update(of=players)  # two claims of one seat: the second sees the first
    )
    row = connection.execute(query).first()
    if row is None:
        raise MemberError("no_player", player=player_id)
    return row


# What a PlayerRecord is read from (the store's player reads use it too).
PLAYER_COLUMNS = (
    schema.players.c.id,
    schema.players.c.table_id,
    schema.players.c.name,
    schema.players.c.created_at,
    schema.players.c.invited,
    schema.players.c.member_id,
    schema.players.c.program,
)
