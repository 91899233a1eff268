"""Who a browser or terminal is across tables: a member of the club, by a device token.

A device token is handed out once (when a member is made, or a claim code is typed on a
new device) and kept by the client beside its seat tokens; only its SHA-256 is stored.
Requests carry it in the ``X-Pokernight-Device`` header (never in an address, so never
in a log), the WebSocket hello in its ``device`` field.

Joining a table (``newcomers.admit``) by a name the club's member has, from a device
that is not theirs, is refused with the member's name (``IsThisYouError``): the page
asks "is this you?", and a yes is a claim code from one of their devices.
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import Request

from pokernight.history.season import Person
from pokernight.server.tables.messages import RefusedError, RefusedHTTPError
from pokernight.server.tables.storage import TableStorage
from pokernight.store import MemberError, MemberRecord, Membership, PlayerRecord
from pokernight.table import TableError

DEVICE_HEADER = "x-pokernight-device"


class IsThisYouError(TableError):
    """A newcomer's name is a member's of the club: a 409 that names the member."""

    def __init__(self, member: str) -> None:
        super().__init__("is_this_you", name=member)
        self.member = member


@dataclass(frozen=True, slots=True)
class Newcomer:
    """Who a newcomer to a table is: a member (``device``: a token made for them now, for
    a member made now), a guest who is to become a member once seated (``joins``: the
    member who vouches for them), or a guest (neither). ``asked``: they asked to be a
    member and nobody vouched for them (the answer says how to become one)."""

    name: str
    member: MemberRecord | None = None
    device: str | None = None
    joins: MemberRecord | None = None
    asked: bool = False


NOT_VOUCHED = (
    "you play as a guest: the club takes new members on a member's word, so ask a member "
    "for an invitation (Club \u2192 Invite a friend), or come by a member host's invite link"
)


def member_json(member: MemberRecord) -> dict[str, object]:
    return {
        "member_id": member.id,
        "key": Person.member(member.id, member.name).key,
        "name": member.name,
        "organiser": member.organiser,
    }


def device_token(request: Request) -> str | None:
    token = request.headers.get(DEVICE_HEADER, "").strip()
    return token or None


def bearer_token(request: Request, code: str) -> str | None:
    """The token of ``Authorization: Bearer TOKEN`` (``code``: the refusal of a malformed
    header, naming whose token it is); None when the request carries none."""
    header = request.headers.get("authorization", "")
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise RefusedError(code)
    return token.strip()


async def signed_in(request: Request, club: Membership) -> MemberRecord | None:
    """The member whose device sent the request, if it carries a token that is one's."""
    token = device_token(request)
    return None if token is None else await club.member_of_device(token)


async def required_member(request: Request, club: Membership) -> MemberRecord:
    member = await signed_in(request, club)
    if member is None:
        raise RefusedHTTPError(401, "sign_in")
    return member


async def seat_of_device(store: TableStorage, table_id: int, device: str) -> PlayerRecord:
    """The seat at the table of the member the device is signed in as; refused (with
    what to do) when the device is nobody's or its member has no seat there."""
    member = await store.club.member_of_device(device)
    if member is None:
        raise RefusedError("device_not_member")
    seat = await store.club.player_of_member(table_id, member.id)
    player = None if seat is None else await store.tables.player(seat)
    if player is None:
        raise RefusedError("member_not_joined", name=member.name)
    return player


async def member_seat(store: TableStorage, table_id: int, device: str) -> int | None:
    """The seat (player id) at the table of the member the device is signed in as, if any."""
    member = await store.club.member_of_device(device)
    return None if member is None else await store.club.player_of_member(table_id, member.id)


async def newcomer(
    store: TableStorage,
    club_id: int | None,
    name: str,
    device: str | None,
    *,
    member: bool,
    vouched_by: MemberRecord | None = None,
) -> Newcomer:
    """Who joins a table of club ``club_id`` under ``name``: the member the device is
    signed in as (under their name); else a guest, who ``joins`` the club if ``member``
    is asked for and a member ``vouched_by`` them (the host whose invite link they came
    by; ``welcome`` makes the member once the seat exists). A name a member of the club
    has, or one looking like it, is theirs alone."""
    if club_id is None:
        return Newcomer(name)
    mine = None if device is None else await store.club.member_of_device(device)
    if mine is not None and mine.club_id == club_id:
        return Newcomer(mine.name, mine)
    known = await store.club.member_named(club_id, name)
    if known is not None:
        raise IsThisYouError(known.name)
    if member and vouched_by is not None and vouched_by.club_id == club_id:
        return Newcomer(name, joins=vouched_by)
    return Newcomer(name, asked=member)


async def welcome(
    store: TableStorage, club_id: int | None, player: PlayerRecord, who: Newcomer
) -> Newcomer:
    """A newcomer a member vouched for, now seated as ``player``: the member made for
    them, with their device token (in one transaction, so a join that failed made nobody
    a member). A name a member took meanwhile leaves them a guest."""
    if who.joins is None or club_id is None:
        return who
    try:
        made, token = await store.club.member_for_player(club_id, player.id, who.joins.id)
    except MemberError:
        return Newcomer(who.name)
    return Newcomer(made.name, made, token)


async def host_member(store: TableStorage, host: str | None) -> MemberRecord | None:
    """The member who hosts a table (its host's seat is theirs), if a member hosts it."""
    if host is None or not host.isdigit():
        return None
    player = await store.tables.player(int(host))
    return (
        None
        if player is None or player.member_id is None
        else await store.club.member(player.member_id)
    )
