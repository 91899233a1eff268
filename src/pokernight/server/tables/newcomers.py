"""Who may join a table: a readable name nobody there has, the invite link, and room.

A player who joins gets a seat token and a row in the store before they sit, so a
stranger could fill the store by joining again and again: a table keeps at most
``MAX_NEVER_SEATED`` players who joined and never sat down, and makes room by
forgetting those of them who joined more than ``UNUSED_SECONDS`` ago (not the host,
not anybody with a page open or a seat request waiting).
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from pokernight.names import BadNameError, display_name
from pokernight.server.tables.actor import TableActor
from pokernight.server.tables.identity import Newcomer, host_member, newcomer, welcome
from pokernight.server.tables.messages import RefusedHTTPError
from pokernight.server.tables.storage import TableStorage
from pokernight.store import PlayerRecord
from pokernight.table import TableError

MAX_NEVER_SEATED = 50
UNUSED_SECONDS = 3600.0


def checked_name(raw: str) -> str:
    """The name as it will be shown, or the reason it cannot be (a TableError: 400)."""
    try:
        return display_name(raw)
    except BadNameError as error:
        raise TableError.like(error) from None


@dataclass(frozen=True, slots=True)
class Admitted:
    """A player at the table and their seat token (None: a member's seat there already,
    which their signed-in device reaches), with who they are in the club."""

    player: PlayerRecord
    token: str | None
    who: Newcomer


async def admit(
    store: TableStorage,
    actor: TableActor,
    raw_name: str,
    invite: str | None,
    device: str | None = None,
    *,
    member: bool = False,
    program: bool = False,
) -> Admitted:
    """A new player at ``actor``'s table and their seat token. ``invite``: the secret of
    the invite link they came by, if any: they sit without the host's approval.
    ``device``: the device token of a member of the table's club; ``member``: a newcomer
    becomes a member of the club (``identity.newcomer``); ``program``: the newcomer is a
    program, refused (403) unless the host allows programs. Refused here, at the join,
    so a program learns it before it has a token; ``sit`` checks again (the host may
    change the setting in between)."""
    name = checked_name(raw_name)
    if program and not actor.table.upcoming_settings.allow_programs:
        raise RefusedHTTPError(403, "table_no_programs", code=actor.code)
    invited = invite is not None and _is_invite(actor, invite)
    if invite is not None and not invited:
        raise RefusedHTTPError(403, "wrong_invite", code=actor.code)
    # The host's invite link is the host seating them: a member host vouches for them.
    host = await host_member(store, actor.table.host) if invited and member else None
    who = await newcomer(store, actor.club_id, name, device, member=member, vouched_by=host)
    if who.member is not None:
        seat = await store.club.player_of_member(actor.table_id, who.member.id)
        if seat is not None:  # back from another device: the seat they have
            return Admitted(await _player(store, seat), None, who)
    await _make_room(store, actor)
    member_id = None if who.member is None else who.member.id
    player, token = await store.tables.register_player(
        actor.table_id, who.name, invited=invited, member_id=member_id, program=program
    )
    return Admitted(player, token, await welcome(store, actor.club_id, player, who))


async def _player(store: TableStorage, player_id: int) -> PlayerRecord:
    player = await store.tables.player(player_id)
    assert player is not None  # the store just named it
    return player


def _is_invite(actor: TableActor, invite: str) -> bool:
    expected = actor.invite
    return expected is not None and secrets.compare_digest(invite.encode(), expected.encode())


async def _make_room(store: TableStorage, actor: TableActor) -> None:
    waiting = await store.tables.players_never_seated(actor.table_id)
    if len(waiting) < MAX_NEVER_SEATED:
        return
    keep = {actor.table.host, *actor.present(), *actor.table.seat_requests}
    now = time.time()
    unused = [
        player.id
        for player in waiting
        if str(player.id) not in keep and now - player.created_at > UNUSED_SECONDS
    ]
    await store.tables.forget_players(actor.table_id, unused)
    if len(waiting) - len(unused) >= MAX_NEVER_SEATED:
        count = len(waiting) - len(unused)
        raise RefusedHTTPError(409, "too_many_unseated", count=count, code=actor.code)
