"""Who is who in the club (decision 35): a device signed in by a claim code, the devices
of a member, and the organisers' word on who a guest was, which two members are one, and
who else organises. The season itself is ``season_api``'s."""

from __future__ import annotations

import time
from dataclasses import asdict
from typing import Annotated

import msgspec
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pokernight.server.api import RecordId, read_body
from pokernight.server.identity import device_token, member_json, required_member, signed_in
from pokernight.server.lobby import store_of
from pokernight.store import MemberRecord, Store
from pokernight.store.members import CLAIM_CODE_SECONDS, DEVICE_KEY_LENGTH, secret_hash


class ClaimCode(msgspec.Struct, forbid_unknown_fields=True):
    code: Annotated[str, msgspec.Meta(min_length=1, max_length=32)]


class Merge(msgspec.Struct, forbid_unknown_fields=True):
    """Member ``other`` is the same person as member ``into``."""

    into: RecordId
    other: RecordId


class NewOrganiser(msgspec.Struct, forbid_unknown_fields=True):
    member_id: RecordId


class ClaimGuest(msgspec.Struct, forbid_unknown_fields=True):
    """The guest seat ``player_id`` (of any table of the club) was member ``member_id``."""

    player_id: RecordId
    member_id: RecordId


# Signing in --------------------------------------------------------------------------------


async def club_info(request: Request) -> Response:
    """The club and who this device is signed in as (``me``: null for nobody)."""
    store = store_of(request)
    me = await signed_in(request, store)
    club = await store.default_club() if me is None else await store.club(me.club_id)
    return JSONResponse(
        {"club": {"id": club.id, "name": club.name}, "me": None if me is None else member_json(me)}
    )


async def new_claim_code(request: Request) -> Response:
    """A short code that signs one more device in as the member asking (ten minutes)."""
    store = store_of(request)
    me = await required_member(request, store)
    code = await store.new_claim_code(me.id, time.time())
    return JSONResponse({"code": code, "expires_in": CLAIM_CODE_SECONDS}, status_code=201)


async def claim(request: Request) -> Response:
    """A claim code typed on a new device: the member it signs in as, and the device's token."""
    store = store_of(request)
    body = await read_body(request, ClaimCode)
    member, device = await store.claim(body.code, time.time())
    return JSONResponse({"member": member_json(member), "device": device}, status_code=201)


# Devices -----------------------------------------------------------------------------------


async def devices(request: Request) -> Response:
    """The devices signed in as the member asking (this one is ``current``)."""
    store = store_of(request)
    me = await required_member(request, store)
    token = device_token(request)
    mine = secret_hash(token or "")[:DEVICE_KEY_LENGTH]
    return JSONResponse(
        {
            "devices": [
                {**asdict(device), "current": device.key == mine}
                for device in await store.member_devices(me.id)
            ]
        }
    )


async def remove_device(request: Request) -> Response:
    """A lost or shared device signed out, from any device of the member's (this one too:
    signing out)."""
    store = store_of(request)
    me = await required_member(request, store)
    await store.remove_device(me.id, request.path_params["key"])
    return Response(status_code=204)


# The organisers' claims, merges and new organisers -----------------------------------------


async def merge_members(request: Request) -> Response:
    """An organiser says two members are one person: ``other`` is read as ``into`` from now
    on (their seats, payments and devices)."""
    store = store_of(request)
    me = await _organiser(request, store, "merge members")
    body = await read_body(request, Merge)
    for member_id in (body.into, body.other):
        await _club_member(store, me, member_id)
    merged = await store.merge(body.into, body.other)
    return JSONResponse({"member": member_json(merged)})


async def claim_guest(request: Request) -> Response:
    """An organiser says a guest seat (of any night of the club) was a member's."""
    store = store_of(request)
    me = await _organiser(request, store, "say who a guest was")
    body = await read_body(request, ClaimGuest)
    await _club_member(store, me, body.member_id)
    claimed = await store.claim_guest(body.player_id, body.member_id, me.id)
    return JSONResponse({"player_id": str(claimed.id), "member_id": claimed.member_id})


async def add_organiser(request: Request) -> Response:
    """An organiser names another member an organiser too."""
    store = store_of(request)
    me = await _organiser(request, store, "name an organiser")
    body = await read_body(request, NewOrganiser)
    await _club_member(store, me, body.member_id)
    return JSONResponse({"member": member_json(await store.make_organiser(body.member_id))})


async def _organiser(request: Request, store: Store, doing: str) -> MemberRecord:
    """The member asking, if they organise the club (a 403 saying so otherwise): an
    organiser's word changes whose money a seat was, so not anybody's (not a table's
    host: anybody may open a table)."""
    me = await required_member(request, store)
    if not me.organiser:
        raise HTTPException(403, f"only an organiser of the club can {doing}")
    return me


async def _club_member(store: Store, me: MemberRecord, member_id: int) -> MemberRecord:
    found = await store.member(member_id)
    if found is None or found.club_id != me.club_id:
        raise HTTPException(400, f"there is no member {member_id} in this club")
    return found


ROUTES = [
    Route("/api/club", club_info, methods=["GET"]),
    Route("/api/club/claim-code", new_claim_code, methods=["POST"]),
    Route("/api/club/claim", claim, methods=["POST"]),
    Route("/api/club/devices", devices, methods=["GET"]),
    Route("/api/club/devices/{key}", remove_device, methods=["DELETE"]),
    Route("/api/club/organisers", add_organiser, methods=["POST"]),
    Route("/api/club/merge", merge_members, methods=["POST"]),
    Route("/api/club/claim-guest", claim_guest, methods=["POST"]),
]
