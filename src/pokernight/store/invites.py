"""The club's door (issue 30): invitations, the only way in, and the club's log of what was
done on somebody's word.

Nobody becomes a member by asking. An invitation is made by somebody already trusted:
the server's operator (``pokernight club invite``, or the link ``pokernight serve``
prints while the club has no organiser; ``made_by`` null) or a member (an organiser
alone may invite an organiser). It is a secret of ``INVITE_BYTES`` random bytes, used
once, for ``INVITE_SECONDS``, known to the database only by its SHA-256. A member
host's own invite link to their table is the other door (``identity.newcomer``).

The bodies of the store's transactions, synchronous like ``members``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Connection, Row, delete, insert, select

from pokernight.store import club_log, members, schema
from pokernight.store.errors import MemberError
from pokernight.store.records import MemberRecord

INVITE_BYTES = 16
INVITE_SECONDS = 7 * 24 * 3600.0

_invites = schema.club_invites


def new_invite(
    connection: Connection,
    club_id: int,
    code: str,
    *,
    organiser: bool,
    made_by: MemberRecord | None,
    now: float,
) -> None:
    """An invitation to the club known by ``code``; ``made_by`` None: the server's operator.
    Only an organiser (or the operator) invites an organiser."""
    members.club(connection, club_id)
    if made_by is not None and (
        made_by.club_id != club_id or (organiser and not made_by.organiser)
    ):
        raise MemberError("only_organiser_invite")
    connection.execute(delete(_invites).where(_invites.c.expires_at <= now))  # nobody can use them
    values = {"code_sha256": members.secret_hash(code), "club_id": club_id, "organiser": organiser}
    made = None if made_by is None else made_by.id
    connection.execute(
        insert(_invites).values(
            **values, made_by=made, created_at=now, expires_at=now + INVITE_SECONDS
        )
    )


def take_invite(
    connection: Connection,
    code: str,
    name: str,
    device: str,
    now: float,
    *,
    already: MemberRecord | None = None,
) -> MemberRecord:
    """The invitation ``code`` taken: a new member called ``name``, signed in on a device
    known by ``device``; or, for a member ``already`` signed in, an organiser invitation
    making them one (a member's invitation is then refused, and stays unused). The
    invitation is spent; a wrong, spent or expired one raises MemberError and changes
    nothing."""
    row = _usable(connection, code, now)
    if already is not None:
        if already.club_id != row.club_id or not row.organiser:
            raise MemberError("member_already", name=already.name)
        _spend(connection, code)
        promoted = members.make_organiser(connection, already.id)
        detail: dict[str, Any] = {"member_id": promoted.id}
        club_log.write(connection, row.club_id, row.made_by, "organiser", detail, at=now)
        return promoted
    _spend(connection, code)
    made = members.add_member(connection, row.club_id, name, now, organiser=row.organiser)
    members.add_device(connection, made.id, device, now)
    detail = {"member_id": made.id, "name": made.name, "organiser": bool(row.organiser)}
    club_log.write(connection, row.club_id, row.made_by, "invited", detail, at=now)
    return made


def _usable(connection: Connection, code: str, now: float) -> Row[Any]:
    row = connection.execute(
        select(_invites).where(_invites.c.code_sha256 == members.secret_hash(code))
    ).first()
    if row is None:  # a spent invitation is deleted: it reads as a wrong one
        raise MemberError("invitation_wrong")
    if row.expires_at <= now:
        raise MemberError("invitation_expired")
    return row


def _spend(connection: Connection, code: str) -> None:
    spent = connection.execute(
        delete(_invites).where(_invites.c.code_sha256 == members.secret_hash(code))
    )
    if spent.rowcount == 0:
        raise MemberError("invitation_used")


def make_organiser(
    connection: Connection, member_id: int, by: MemberRecord, now: float
) -> MemberRecord:
    """``by``, an organiser, names member ``member_id`` an organiser too (logged)."""
    made = members.make_organiser(connection, member_id)
    club_log.write(connection, made.club_id, by.id, "organiser", {"member_id": made.id}, at=now)
    return made
