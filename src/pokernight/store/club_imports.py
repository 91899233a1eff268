"""A club moving in (issue 36, decision 65): the ledgers imported into its season, and the
names imported files give people, matched to members once.

The bodies of the store's transactions, synchronous like ``club``; ``ClubStore`` runs
them. A ledger is known by its file's SHA-256 (the same file twice adds nothing) and each
of its nights by a digest of its date and nets (the same night in a longer ledger adds
nothing either). A name matched to a member (``map_names``) makes the seats of the club's
imported tables with that name the member's, those imported before and after; a ledger's
money is read through the names when the season is (``ledger_nights``), so a name matched
later counts for its member too.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, insert, select, update

from pokernight.names import name_key
from pokernight.store import members, schema
from pokernight.store.errors import MemberError
from pokernight.store.records import MemberRecord
from pokernight.store.schema import TableStatus


class LedgerKnownError(MemberError):
    """The same ledger file was imported into the club before."""


@dataclass(frozen=True, slots=True)
class LedgerNightRecord:
    """A night of an imported ledger: its date (``""``: undated), each name's net, the
    file it came from and when it was imported."""

    id: int
    night: str
    balances: tuple[tuple[str, int], ...]
    file_name: str
    imported_at: float


@dataclass(frozen=True, slots=True)
class LedgerAdded:
    """What an import stored: the nights new to the club, and those it had already."""

    added: tuple[str, ...]
    known: tuple[str, ...]


def night_digest(night: str, balances: Sequence[tuple[str, int]]) -> str:
    """A night of a ledger known by its date and each name's net (names as keys, in order)."""
    nets = sorted((name_key(name), net) for name, net in balances)
    return hashlib.sha256(json.dumps([night, nets]).encode()).hexdigest()


def add_ledger(
    connection: Connection,
    club_id: int,
    file_sha256: str,
    file_name: str,
    nights: Mapping[str, Sequence[tuple[str, int]]],
    *,
    now: float,
) -> LedgerAdded:
    """The ledger's nights (``nights``: by date, each name's net; every night sums to
    zero) into the club's season, in one transaction. The same file again raises
    LedgerKnownError; a night the club has already (same date, same nets) is left out."""
    members.club(connection, club_id)  # MemberError for a club that is not there
    for night, balances in nights.items():
        total = sum(net for _, net in balances)
        if total and night:
            raise MemberError("night_nets", night=night, total=total)
        if total:
            raise MemberError("night_nets_undated", total=total)
    imports = schema.ledger_imports
    known_file = connection.execute(
        select(imports.c.id).where(
            imports.c.club_id == club_id, imports.c.file_sha256 == file_sha256
        )
    ).first()
    if known_file is not None:
        raise LedgerKnownError("ledger_known", file=file_name)
    import_id = connection.execute(
        insert(imports)
        .values(club_id=club_id, file_sha256=file_sha256, file_name=file_name, imported_at=now)
        .returning(imports.c.id)
    ).scalar_one()
    table = schema.ledger_nights
    added, known = [], []
    for night, balances in sorted(nights.items()):
        digest = night_digest(night, balances)
        there = connection.execute(
            select(table.c.id).where(table.c.club_id == club_id, table.c.night_sha256 == digest)
        ).first()
        if there is not None:
            known.append(night)
            continue
        rows = [[name, net] for name, net in balances]
        connection.execute(
            insert(table).values(
                import_id=import_id,
                club_id=club_id,
                night=night,
                night_sha256=digest,
                balances=rows,
            )
        )
        added.append(night)
    return LedgerAdded(tuple(added), tuple(known))


def ledger_nights(connection: Connection, club_id: int) -> list[LedgerNightRecord]:
    """The club's imported ledger nights, by date (undated ones first), then as imported."""
    nights, imports = schema.ledger_nights, schema.ledger_imports
    rows = connection.execute(
        select(nights, imports.c.file_name, imports.c.imported_at)
        .join(imports, imports.c.id == nights.c.import_id)
        .where(nights.c.club_id == club_id)
        .order_by(nights.c.night, nights.c.id)
    )
    return [
        LedgerNightRecord(
            row.id,
            row.night,
            tuple((str(name), int(net)) for name, net in row.balances),
            row.file_name,
            row.imported_at,
        )
        for row in rows
    ]


# Names -------------------------------------------------------------------------------------


def map_names(
    connection: Connection, club_id: int, mapping: Mapping[str, str], now: float
) -> dict[str, MemberRecord]:
    """Each imported name (``mapping``'s keys) is the club member named by its value, from
    now on (a name matched before is matched again); the seats of the club's imported
    tables with those names become the members'. A member that is not there: MemberError,
    and nothing changes. The members, by imported name."""
    found: dict[str, MemberRecord] = {}
    for name, member_name in mapping.items():
        member = members.member_named(connection, club_id, member_name)
        if member is None:
            raise MemberError("no_member_named", name=member_name)
        found[name] = member
    table = schema.imported_names
    for name, member in found.items():
        key = name_key(name)
        mine = (table.c.club_id == club_id) & (table.c.name_key == key)
        values = {"name": name, "member_id": member.id, "at": now}
        if connection.execute(update(table).where(mine).values(values)).rowcount == 0:
            connection.execute(insert(table).values(club_id=club_id, name_key=key, **values))
    seat_imported_names(connection, club_id)
    return found


def imported_names(connection: Connection, club_id: int) -> dict[str, MemberRecord]:
    """The club's imported names matched to members, by name key (each member followed to
    whoever absorbed them, if merged)."""
    table = schema.imported_names
    rows = connection.execute(
        select(table.c.name_key, table.c.member_id).where(table.c.club_id == club_id)
    )
    found: dict[str, MemberRecord] = {}
    for row in rows:
        member = members.member(connection, row.member_id)
        if member is not None:
            found[row.name_key] = member
    return found


def seat_imported_names(connection: Connection, club_id: int) -> int:
    """The guest seats of the club's imported tables whose names are matched to members
    become those members' (a played table's guests stay theirs to claim). How many."""
    players, tables = schema.players, schema.tables
    imported = select(tables.c.id).where(
        tables.c.club_id == club_id, tables.c.status == TableStatus.IMPORTED.value
    )
    changed = 0
    for key, member in imported_names(connection, club_id).items():
        result = connection.execute(
            update(players)
            .where(
                players.c.member_id.is_(None),
                players.c.name_key == key,
                players.c.table_id.in_(imported),
            )
            .values(member_id=member.id)
        )
        changed += result.rowcount
    return changed
