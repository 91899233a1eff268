"""Who is who in the club (decisions 35 and 50): the door (invitations), a device signed in
by a claim code, the devices of a member, a guest seat claimed and two members merged on
the word of the people themselves, and who else organises. The season itself is
``season_api``'s.

Nobody is a member by asking: an invitation from somebody trusted (the server's
operator, a member, an organiser for an organiser) or a member host's invite link is
the way in. An organiser's word never moves a seat, its cards or its money from one
person to another: a guest seat is claimed by whoever holds its seat token and a
member's device; a merge takes the absorbed member's claim code."""

from __future__ import annotations

import time
from dataclasses import asdict
from typing import Annotated

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pokernight.server.club.nights import ClubStorage
from pokernight.server.club.registry import store_of
from pokernight.server.tables.api import DisplayName, RecordId, read_body
from pokernight.server.tables.identity import device_token, member_json, required_member, signed_in
from pokernight.server.tables.messages import RefusedHTTPError
from pokernight.server.tables.newcomers import checked_name
from pokernight.store import MemberError, MemberRecord
from pokernight.store.invites import INVITE_SECONDS
from pokernight.store.members import CLAIM_CODE_SECONDS, DEVICE_KEY_LENGTH, secret_hash


class ClaimCode(msgspec.Struct, forbid_unknown_fields=True):
    code: Annotated[str, msgspec.Meta(min_length=1, max_length=32)]


class NewInvite(msgspec.Struct, forbid_unknown_fields=True):
    """``organiser``: whoever takes it organises the club (an organiser's to give)."""

    organiser: bool = False


class TakeInvite(msgspec.Struct, forbid_unknown_fields=True):
    """An invitation taken: ``name`` is the new member's (a member signed in already
    takes an organiser's invitation under their own)."""

    invite: Annotated[str, msgspec.Meta(min_length=1, max_length=64)]
    name: DisplayName | None = None


class SeatTokens(msgspec.Struct, forbid_unknown_fields=True):
    """The seat tokens a browser keeps: which are guest seats its member may claim."""

    seat_tokens: Annotated[
        list[Annotated[str, msgspec.Meta(max_length=128)]], msgspec.Meta(max_length=100)
    ]


class NewOrganiser(msgspec.Struct, forbid_unknown_fields=True):
    member_id: RecordId


class ClaimGuest(msgspec.Struct, forbid_unknown_fields=True):
    """The guest seat whose seat token this is (kept by the browser that played it) was
    the member's whose device asks."""

    seat_token: Annotated[str, msgspec.Meta(min_length=1, max_length=128)]


# Signing in --------------------------------------------------------------------------------


async def club_info(request: Request) -> Response:
    """The club and who this device is signed in as (``me``: null for nobody)."""
    store = store_of(request)
    me = await signed_in(request, store.club)
    club = await store.club.default_club() if me is None else await store.club.club(me.club_id)
    return JSONResponse(
        {"club": {"id": club.id, "name": club.name}, "me": None if me is None else member_json(me)}
    )


async def new_invite(request: Request) -> Response:
    """An invitation to the club from the member asking, for a friend: a link to share
    (its secret in the fragment, never sent in a request line), good once for a week."""
    store = store_of(request)
    me = await required_member(request, store.club)
    body = await read_body(request, NewInvite)
    try:
        code = await store.club.new_club_invite(me.club_id, me, organiser=body.organiser)
    except MemberError as error:
        raise RefusedHTTPError(403, error.code, **error.params) from None
    return JSONResponse(
        {"invite": code, "link": f"#club/join/{code}", "expires_in": INVITE_SECONDS},
        status_code=201,
    )


async def take_invite(request: Request) -> Response:
    """An invitation taken: a new member and their device token; or, from a member's
    device, an organiser's invitation making them one."""
    store = store_of(request)
    body = await read_body(request, TakeInvite)
    me = await signed_in(request, store.club)
    if me is None and body.name is None:
        raise RefusedHTTPError(400, "name_for_club")
    name = me.name if me is not None else checked_name(body.name or "")
    member, device = await store.club.take_club_invite(body.invite, name, me)
    return JSONResponse({"member": member_json(member), "device": device}, status_code=201)


async def new_claim_code(request: Request) -> Response:
    """A short code that signs one more device in as the member asking (ten minutes)."""
    store = store_of(request)
    me = await required_member(request, store.club)
    code = await store.club.new_claim_code(me.id, time.time())
    return JSONResponse({"code": code, "expires_in": CLAIM_CODE_SECONDS}, status_code=201)


async def claim(request: Request) -> Response:
    """A claim code typed on a new device: the member it signs in as, and the device's token."""
    store = store_of(request)
    body = await read_body(request, ClaimCode)
    member, device = await store.club.claim(body.code, time.time())
    return JSONResponse({"member": member_json(member), "device": device}, status_code=201)


# Devices -----------------------------------------------------------------------------------


async def devices(request: Request) -> Response:
    """The devices signed in as the member asking (this one is ``current``)."""
    store = store_of(request)
    me = await required_member(request, store.club)
    token = device_token(request)
    mine = secret_hash(token or "")[:DEVICE_KEY_LENGTH]
    return JSONResponse(
        {
            "devices": [
                {**asdict(device), "current": device.key == mine}
                for device in await store.club.member_devices(me.id)
            ]
        }
    )


async def remove_device(request: Request) -> Response:
    """A lost or shared device signed out, from any device of the member's (this one too:
    signing out)."""
    store = store_of(request)
    me = await required_member(request, store.club)
    await store.club.remove_device(me.id, request.path_params["key"])
    return Response(status_code=204)


# Claims, merges and new organisers --------------------------------------------------------


async def merge_members(request: Request) -> Response:
    """Two members are one person, on both their words: the member asking keeps their
    name, and the member whose claim code the body carries (made on one of their devices)
    is read as them from now on (their seats, payments and devices)."""
    store = store_of(request)
    me = await required_member(request, store.club)
    body = await read_body(request, ClaimCode)
    return JSONResponse({"member": member_json(await store.club.merge_by_code(me, body.code))})


async def guest_seats(request: Request) -> Response:
    """Which of the seat tokens a browser keeps are guest seats of the club's nights, not
    yet claimed: what its member may say were them (asked with POST: tokens stay out of
    request lines and logs)."""
    store = store_of(request)
    me = await required_member(request, store.club)
    body = await read_body(request, SeatTokens)
    found = await store.club.guest_seats(me.club_id, body.seat_tokens)
    return JSONResponse({"seats": [asdict(seat) for seat in found]})


async def claim_guest(request: Request) -> Response:
    """A guest seat (of any night of the club) was the member's asking: the browser that
    played it still holds its seat token, which is that guest's word."""
    store = store_of(request)
    me = await required_member(request, store.club)
    body = await read_body(request, ClaimGuest)
    claimed = await store.club.claim_guest(body.seat_token, me)
    return JSONResponse({"player_id": str(claimed.id), "member_id": claimed.member_id})


async def add_organiser(request: Request) -> Response:
    """An organiser names another member an organiser too."""
    store = store_of(request)
    me = await _organiser(request, store, "only_organiser_names")
    body = await read_body(request, NewOrganiser)
    await _club_member(store, me, body.member_id)
    return JSONResponse(
        {"member": member_json(await store.club.make_organiser(body.member_id, me))}
    )


async def club_log(request: Request) -> Response:
    """What was done to the club's people and money on somebody's word (organisers)."""
    store = store_of(request)
    me = await _organiser(request, store, "only_organiser_log")
    return JSONResponse({"log": await store.club.club_log(me.club_id)})


async def _organiser(request: Request, store: ClubStorage, code: str) -> MemberRecord:
    """The member asking, if they organise the club (a 403, refusal ``code``, otherwise): an
    organiser's word changes whose money a seat was, so not anybody's (not a table's
    host: anybody may open a table)."""
    me = await required_member(request, store.club)
    if not me.organiser:
        raise RefusedHTTPError(403, code)
    return me


async def _club_member(store: ClubStorage, me: MemberRecord, member_id: int) -> MemberRecord:
    found = await store.club.member(member_id)
    if found is None or found.club_id != me.club_id:
        raise RefusedHTTPError(400, "no_member", member=member_id)
    return found


ROUTES = [
    Route("/api/club", club_info, methods=["GET"]),
    Route("/api/club/invites", new_invite, methods=["POST"]),
    Route("/api/club/join", take_invite, methods=["POST"]),
    Route("/api/club/claim-code", new_claim_code, methods=["POST"]),
    Route("/api/club/claim", claim, methods=["POST"]),
    Route("/api/club/devices", devices, methods=["GET"]),
    Route("/api/club/devices/{key}", remove_device, methods=["DELETE"]),
    Route("/api/club/organisers", add_organiser, methods=["POST"]),
    Route("/api/club/merge", merge_members, methods=["POST"]),
    Route("/api/club/guest-seats", guest_seats, methods=["POST"]),
    Route("/api/club/claim-guest", claim_guest, methods=["POST"]),
    Route("/api/club/log", club_log, methods=["GET"]),
]
