"""The HTTP API: create and look up tables, join one, the ledger and the hands played (each
one replayed step by step)."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, TypeVar

import msgspec
import segno
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pokernight.names import MAX_LENGTH
from pokernight.server.edge.address_holds import holds_of
from pokernight.server.edge.address_limits import address_of
from pokernight.server.tables import replay
from pokernight.server.tables.actor import TableActor
from pokernight.server.tables.games import games
from pokernight.server.tables.identity import (
    NOT_VOUCHED,
    Newcomer,
    device_token,
    member_json,
    newcomer,
    welcome,
)
from pokernight.server.tables.messages import PROTOCOL, RefusedHTTPError
from pokernight.server.tables.newcomers import admit, checked_name
from pokernight.server.tables.recap_image import recap_png
from pokernight.server.tables.registry import tables_of
from pokernight.server.tables.settings_input import ROOM_DEFAULTS, settings_from_json
from pokernight.server.tables.storage import TableStorage
from pokernight.server.tables.wire import table_json
from pokernight.table import (
    EntryKind,
    LedgerEntry,
    Table,
    TableError,
    Transfer,
    ledger_csv,
    settle_up,
)
from pokernight.table.consequences import REMOVED_BY_HOST
from pokernight.table.host_commands import STOOD_UP_BY_HOST
from pokernight.words import LANGUAGES

# Checked again, and normalised, by pokernight.names (newcomers.checked_name).
DisplayName = Annotated[str, msgspec.Meta(min_length=1, max_length=4 * MAX_LENGTH)]
Invite = Annotated[str, msgspec.Meta(max_length=64)]
RecordId = Annotated[int, msgspec.Meta(ge=1, le=2**62)]  # a member's, a player's: a store id
MAX_BODY_BYTES = 16_384
MAX_QR_CHARS = 200
LEDGER_READS = 5


class NewTable(msgspec.Struct, forbid_unknown_fields=True):
    """``member``: the host becomes a member of the club, as a newcomer may (``Join``);
    ``program``: the host is a program, as a newcomer may be (the settings must allow it)."""

    name: DisplayName
    settings: dict[str, Any] = {}
    member: bool = False
    program: bool = False


class QrText(msgspec.Struct, forbid_unknown_fields=True):
    """An invite link: printable ASCII (a URL), short enough to draw in a few milliseconds."""

    text: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_QR_CHARS, pattern=r"^[!-~]+$")]


class Join(msgspec.Struct, forbid_unknown_fields=True):
    """``invite``: the secret of the invite link (its fragment), if the player has it;
    ``member``: become a member of the club, known at its next tables (``identity``);
    ``program``: the player is a program (a friend's bot through a file or ACPC seat), shown
    as a bot to everybody and let in only where the host allows programs."""

    name: DisplayName
    invite: Invite | None = None
    member: bool = False
    program: bool = False


Body = TypeVar("Body", bound=msgspec.Struct)


async def create_table(request: Request) -> Response:
    body = await read_body(request, NewTable)
    name = checked_name(body.name)
    settings = settings_from_json({**ROOM_DEFAULTS, **body.settings})
    if body.program and not settings.allow_programs:
        raise TableError("programs_only")
    lobby = tables_of(request)
    with holds_of(request).tables.opening(address_of(request.scope)) as opening:
        club = await lobby.store.club.default_club()  # a new table is a night of the server's club
        who = await newcomer(lobby.store, club.id, name, device_token(request), member=body.member)
        actor, host, token = await lobby.create_table(settings, who, program=body.program)
        table_id, code = actor.table_id, actor.code  # not the actor: it may sleep, or leave
        opening.hold(lambda: lobby.still_open(table_id, code))
    who = await welcome(lobby.store, actor.club_id, host, who)
    created = {"code": actor.code, "player_id": str(host.id), "token": token}
    return JSONResponse({**created, "invite": actor.invite, **_club_json(who)}, status_code=201)


def _club_json(who: Newcomer) -> dict[str, Any]:
    """Who a newcomer is in the club, a new member's device token (handed out once), and
    why one who asked to be a member is not (``membership``: None when nothing to say)."""
    return {
        "member": None if who.member is None else member_json(who.member),
        "device": who.device,
        "membership": NOT_VOUCHED if who.asked else None,
    }


async def table_info(request: Request) -> Response:
    actor = await _actor(request)
    _refuse_closed(actor)
    room = {
        "code": actor.code,
        "protocol": PROTOCOL,
        "version": actor.version,
        "running": actor.running,
    }
    return JSONResponse({**room, **table_json(actor.table)})


async def join_table(request: Request) -> Response:
    actor = await _actor(request)
    _refuse_closed(actor)
    _refuse_tournament(actor)
    body = await read_body(request, Join)
    device = device_token(request)
    admitted = await admit(
        tables_of(request).store,
        actor,
        body.name,
        body.invite,
        device,
        member=body.member,
        program=body.program,
    )
    player = admitted.player
    joined = {
        "player_id": str(player.id),
        "token": admitted.token,
        "name": player.name,
        "program": player.program,
    }
    return JSONResponse(
        {**joined, "invited": player.invited, **_club_json(admitted.who)}, status_code=201
    )


async def ledger(request: Request) -> Response:
    """The table's ledger: accounts and settle-up from the table's running sums, every
    entry from the store (the table keeps only the newest in memory)."""
    actor = await _actor(request)
    rows = await _saved_ledger(tables_of(request).store, actor)
    table, names, luck = actor.table, actor.names, actor.luck  # as saved: no await between
    entries = [_entry(row) for row in rows]
    seats = {seat.player_id: seat for seat in table.seats.values()}
    settings = table.upcoming_settings

    def room(player_id: str) -> dict[str, Any]:
        seat = seats.get(player_id)
        stack, queued = (seat.stack, seat.queued) if seat is not None else (0, 0)
        return table.chips_room_of(player_id, stack, queued).to_dict()

    accounts = [
        {
            "player_id": player_id,
            "name": names.get(player_id, player_id),
            "bought_in": account.bought_in,
            "cashed_out": account.cashed_out,
            "at_table": account.at_table,
            "net": account.net,
            # The net all-in adjusted: the pots run out all in shared by equity (decision 67).
            "expected": account.net - luck.get(player_id, 0),
            "debt": table.debt_of(player_id),
            # The cap counted for them: their own if the host set one (seed 003: "per player").
            "debt_cap": table.debt_cap_of(player_id),
            "own_debt_cap": table.own_debt_cap(player_id),
            "bot": player_id in table.ledger.bots,
            "chips_room": room(player_id),
        }
        for player_id, account in table.ledger.accounts.items()
    ]
    transfers = _settle_up(table, names)
    if request.query_params.get("format") == "csv":
        return Response(ledger_csv(entries, names), media_type="text/csv")
    return JSONResponse(
        {
            "accounts": accounts,
            # What a player who owes nothing may take (the caps): one with no account yet.
            "newcomer_room": settings.chips_room(0).to_dict(),
            "settle_up": transfers,
            "entries": [
                {
                    "hand": entry.hand_number,
                    "player_id": entry.player_id,
                    "kind": str(entry.kind),
                    "amount": entry.amount,
                    "reason": entry.reason,
                    **_reason_words(entry),
                }
                for entry in entries
            ],
        }
    )


# A cash-out's reason the table words before the host's own (issue 38): its code.
_CASH_OUT_REASONS = {REMOVED_BY_HOST: "removed", STOOD_UP_BY_HOST: "stood_up"}


def _reason_words(entry: LedgerEntry) -> dict[str, Any]:
    """The code and params a page words a ledger entry's reason from
    (``table.ledger.reason.<code>``; the host's reason a param as typed); none for a reason
    wholly the host's."""
    said, _, typed = entry.reason.partition(": ")
    code = _CASH_OUT_REASONS.get(said) if entry.kind is EntryKind.CASH_OUT else None
    if code is None:
        return {"reason_code": None, "reason_params": None}
    return {"reason_code": code, "reason_params": {"reason": typed}}


async def _saved_ledger(store: TableStorage, actor: TableActor) -> list[dict[str, Any]]:
    """Every ledger entry in the store, at the version the table's memory is at once this
    returns (a move saved while the store was read makes it read again)."""
    for _ in range(LEDGER_READS):
        version = actor.version
        rows = await store.tables.ledger_entries(actor.table_id)
        if actor.version == version:
            return rows
    raise RefusedHTTPError(503, "ledger_busy", code=actor.code)


def _entry(row: dict[str, Any]) -> LedgerEntry:
    return LedgerEntry(
        row["player_id"], EntryKind(row["kind"]), row["amount"], row["hand_number"], row["reason"]
    )


async def settle(request: Request) -> Response:
    actor = await _actor(request)
    return JSONResponse({"transfers": _settle_up(actor.table, actor.names)})


async def hands(request: Request) -> Response:
    actor = await _actor(request)
    kept = list(actor.hands)
    seen = await _spectators_last_hand(request, actor)
    if seen is not None:
        kept = [text for text in kept if json.loads(text)["hand_number"] <= seen]
    # The hands are kept as JSON text: joined, not decoded and encoded again.
    return Response(f'{{"hands":[{",".join(kept)}]}}', media_type="application/json")


async def _spectators_last_hand(request: Request, actor: TableActor) -> int | None:
    """Under a stream delay, for a request with no player's token: the last hand the
    spectators have seen end, which is the last they may read of (decision 68); else None."""
    if not actor.delay.held and not actor.table.upcoming_settings.stream_delayed:
        return None
    if await replay.viewer_id(tables_of(request).store, actor, request) is not None:
        return None
    return actor.delay.last_finished_hand()


async def hand_replay(request: Request) -> Response:
    """A finished hand step by step, as the player whose seat token the request carries
    may see it (a spectator without one): ``server/replay.py``."""
    actor = await _actor(request)
    store = tables_of(request).store
    viewer = await replay.viewer_id(store, actor, request)
    number = request.path_params["number"]
    seen = None if viewer is not None else await _spectators_last_hand(request, actor)
    if seen is not None and number > seen:  # finished, but not yet on the delayed pages
        raise replay.NoSuchHandError(f"table {actor.code} has no finished hand #{number}")
    stored = await replay.stored_hand(store.tables, actor.table_id, actor.code, number)
    shown = replay.replay_json(stored, viewer, actor.table.settings.seats)
    if replay.wants_coach(request):
        shown = await replay.coached(shown, stored, viewer)
    return JSONResponse(shown)


async def stats(request: Request) -> Response:
    """Each player's numbers over the table's finished hands, from what everybody saw."""
    rows = (await _actor(request)).stats.rows()
    return JSONResponse({"players": [row.to_dict() for row in rows]})


async def recap(request: Request) -> Response:
    """The night's recap once the host has closed the table (decision 69): its figures and
    its lines, worked out here once; the pages only show them."""
    actor = await _actor(request)
    _refuse_open(actor)
    return JSONResponse(actor.recap().to_dict())


async def recap_image(request: Request) -> Response:
    """The night's recap as a PNG to paste into the group chat, drawn off the event loop,
    in the language the page asks for (``?lang=``; English for any other)."""
    actor = await _actor(request)
    _refuse_open(actor)
    asked = request.query_params.get("lang", "en")
    language = asked if asked in LANGUAGES else "en"
    image = await asyncio.to_thread(recap_png, actor.recap(), language)
    headers = {"Content-Disposition": f'inline; filename="pokernight-{actor.code}-recap.png"'}
    return Response(image, media_type="image/png", headers=headers)


def _refuse_open(actor: TableActor) -> None:
    """The recap tells a night that is over: until the host closes the table, 409."""
    if not actor.table.closed:
        raise RefusedHTTPError(409, "recap_not_yet", code=actor.code)


async def server_info(request: Request) -> Response:
    """How the process is doing: open tables, connections, the collector's pauses, and how
    late the event loop runs (``lag``)."""
    lobby = tables_of(request)
    return JSONResponse(
        {
            "tables": len(lobby.actors),
            "sleeping": len(lobby.sleeping),
            "tasks": len(asyncio.all_tasks()),
            "connections": sum(len(actor.connections) for actor in lobby.actors.values()),
            "gc": {
                **request.app.state.gc_stats.to_json(),
                **request.app.state.collector.to_json(),
            },
            "lag": request.app.state.lag.to_json(),
        }
    )


async def qr_code(request: Request) -> Response:
    """``text`` (the invite link) as a QR code, an SVG image, for a phone to scan. Asked
    for with POST: the link's secret stays out of request lines and access logs."""
    text = (await read_body(request, QrText)).text
    # Off the event loop every table shares; limited per address like a code lookup.
    return Response(await asyncio.to_thread(_qr_svg, text), media_type="image/svg+xml")


def _qr_svg(text: str) -> bytes:
    image = io.BytesIO()
    segno.make(text, error="m").save(image, kind="svg", scale=6, border=2, xmldecl=False)
    return image.getvalue()


def _settle_up(table: Table, names: Mapping[str, str]) -> list[dict[str, Any]]:
    # Among people only: a bot's chips are nobody's money (its results are in the ledger).
    return transfers_json(settle_up(table.ledger.between_people.rounded()), names)


def transfers_json(transfers: Iterable[Transfer], names: Mapping[str, str]) -> list[dict[str, Any]]:
    """Who pays whom, with the names of the payer and the payee (``names``: by their ids)."""
    return [
        {
            "payer": transfer.payer,
            "payer_name": names.get(transfer.payer, transfer.payer),
            "payee": transfer.payee,
            "payee_name": names.get(transfer.payee, transfer.payee),
            "amount": transfer.amount,
        }
        for transfer in transfers
    ]


def _refuse_closed(actor: TableActor) -> None:
    """A closed table's code says so (410); its ledger, hands and statistics stay readable
    (read back from the store once it has left memory) until the code is taken by a new
    table."""
    if actor.table.closed:
        raise RefusedHTTPError(410, "table_code_closed", code=actor.code)


def _refuse_tournament(actor: TableActor) -> None:
    """A tournament's table is played by its entrants, seated by its director: nobody
    joins it (403), whoever has its code (the lobby's facts name it, to watch it). The
    table refuses a seat or chips from anybody but the director as well (decision 48)."""
    if actor.table.tournament:
        raise RefusedHTTPError(403, "tournament_table", code=actor.code)


async def _actor(request: Request) -> TableActor:
    """The table, as saved: an actor takes a new table only once its events are saved. A
    sleeping table is woken, a closed one read back from the store (``Lobby.table``)."""
    return await tables_of(request).table(request.path_params["code"])


async def read_body(request: Request, shape: type[Body]) -> Body:
    """The request's JSON body as ``shape``; a TableError (400) saying what is wrong."""
    try:
        return msgspec.json.decode(await _capped_body(request), type=shape)
    except msgspec.DecodeError as error:
        raise TableError("bad_body", detail=str(error)) from None
    except RecursionError:
        raise TableError("body_too_deep") from None


async def _capped_body(request: Request) -> bytes:
    """The body, refused with 413 as soon as it is known to be too large: by its declared
    Content-Length before reading anything, or while streaming one without."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise _too_large()
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY_BYTES:
                raise _too_large()
            chunks.append(chunk)
    except ClientDisconnect:  # the client went away mid-body: nobody to answer, nothing to log
        raise RefusedHTTPError(400, "body_cut_off") from None
    return b"".join(chunks)


def _too_large() -> HTTPException:
    return RefusedHTTPError(413, "body_too_large", most=MAX_BODY_BYTES)


ROUTES = [
    Route("/api/server", server_info, methods=["GET"]),
    Route("/api/games", games, methods=["GET"]),
    Route("/api/qr", qr_code, methods=["POST"]),
    Route("/api/tables", create_table, methods=["POST"]),
    Route("/api/tables/{code}", table_info, methods=["GET"]),
    Route("/api/tables/{code}/join", join_table, methods=["POST"]),
    Route("/api/tables/{code}/ledger", ledger, methods=["GET"]),
    Route("/api/tables/{code}/settle", settle, methods=["GET"]),
    Route("/api/tables/{code}/hands", hands, methods=["GET"]),
    Route("/api/tables/{code}/hands/{number:int}/replay", hand_replay, methods=["GET"]),
    Route("/api/tables/{code}/stats", stats, methods=["GET"]),
    Route("/api/tables/{code}/recap", recap, methods=["GET"]),
    Route("/api/tables/{code}/recap.png", recap_image, methods=["GET"]),
]
