"""The club's season over HTTP (decision 35): the standings and the money, payments,
statistics and graphs, and every stored hand found and replayed. Who is who (devices,
claim codes, the organisers' word) is ``club_people``'s.

Everything about the season is for the club's members: a request carries the device
token of one (``identity``). What is shown is folded from the stored events of every
table of the club (``nights``), with the seats' members as the store reads them now.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pokernight.history.season import (
    HandOfTheSeason,
    Person,
    TableNight,
    TournamentNight,
    cumulative_results,
    season,
    season_csv,
    season_hands,
)
from pokernight.rules import VARIANTS
from pokernight.server import replay
from pokernight.server.api import RecordId, read_body, transfers_json
from pokernight.server.identity import member_json, required_member
from pokernight.server.lobby import lobby_of, store_of
from pokernight.server.nights import Nights
from pokernight.store import MemberRecord, Store, TableRecord
from pokernight.store.club import MAX_PAYMENT, PaymentRecord
from pokernight.table import settle_up

Json = dict[str, Any]
HANDS_SHOWN = 200


class NewPayment(msgspec.Struct, forbid_unknown_fields=True):
    payer: RecordId
    payee: RecordId
    amount: Annotated[int, msgspec.Meta(ge=1, le=MAX_PAYMENT)]


# The season --------------------------------------------------------------------------------


async def season_view(request: Request) -> Response:
    """Standings, who pays whom to settle the season, each night and its settle-up, the
    payments, and the members and unclaimed guests (for the host's claims)."""
    store = store_of(request)
    me = await required_member(request, store)
    nights, payments = await _nights(request, me), await _nights_of(request).payments(me.club_id)
    tournaments = await _nights_of(request).tournaments_of_club(me.club_id)
    result = season([*nights, *tournaments], [payment for _, payment in payments])
    names = {standing.person.key: standing.person.name for standing in result.standings}
    return JSONResponse(
        {
            "me": member_json(me),
            "standings": [
                {
                    **_person_json(standing.person),
                    "nights": standing.nights,
                    "hands": standing.hands,
                    "net": standing.net,
                    "won": standing.won,
                    "paid": standing.paid,
                    "received": standing.received,
                    "balance": standing.balance,
                }
                for standing in result.standings
            ],
            "settle_up": transfers_json(result.transfers, names),
            "nights": [_night_json(table) for table in reversed(nights)],
            "tournaments": [_tournament_json(night) for night in reversed(tournaments)],
            "payments": [_payment_json(record) for record, _ in payments],
            "members": [member_json(m) for m in await store.club_members(me.club_id)],
            "guests": [
                {"player_id": g.player_id, "name": g.name, "code": g.code, "table_id": g.table_id}
                for g in await store.club_guests(me.club_id)
            ],
        }
    )


async def season_csv_file(request: Request) -> Response:
    store = store_of(request)
    me = await required_member(request, store)
    nights, payments = await _nights(request, me), await _nights_of(request).payments(me.club_id)
    tournaments = await _nights_of(request).tournaments_of_club(me.club_id)
    text = season_csv([*nights, *tournaments], [payment for _, payment in payments])
    disposition = 'attachment; filename="season.csv"'
    return Response(text, media_type="text/csv", headers={"content-disposition": disposition})


async def add_payment(request: Request) -> Response:
    """Money handed over, marked as paid by the one who received it (from one of their
    devices): a payer could otherwise write off a debt nobody was paid."""
    store = store_of(request)
    me = await required_member(request, store)
    body = await read_body(request, NewPayment)
    payee = await store.member(body.payee)
    if payee is None or payee.id != me.id:
        raise HTTPException(403, "only the one who was paid can mark a payment as made")
    record = await store.add_payment(me.club_id, body.payer, me.id, body.amount, me.id)
    return JSONResponse(_payment_json(record), status_code=201)


async def undo_payment(request: Request) -> Response:
    """A payment marked by mistake, taken back by the one who marked it (its payee)."""
    store = store_of(request)
    me = await required_member(request, store)
    await store.delete_payment(me.club_id, request.path_params["payment_id"], me.id)
    return Response(status_code=204)


async def season_stats(request: Request) -> Response:
    """Each person's numbers over the season, and their results hand after hand (by game)."""
    me = await required_member(request, store_of(request))
    nights = await _nights(request, me)
    result = season(nights)
    return JSONResponse(
        {
            "players": [row.to_dict() | {"key": row.player_id} for row in result.stats],
            "series": cumulative_results(nights),
            "games": {key: variant.title for key, variant in VARIANTS.items()},
        }
    )


async def club_hands(request: Request) -> Response:
    """The season's hands, newest first, filtered: ``player`` (a person's key), ``table``
    (a table id), ``since`` and ``until`` (seconds), ``min_pot`` and ``showdown`` (1/0)."""
    me = await required_member(request, store_of(request))
    found = season_hands(await _nights(request, me))
    query = _HandQuery.of(request.query_params)
    matching = [item for item in found if query.matches(item)]
    return JSONResponse(
        {"total": len(matching), "hands": [_hand_json(item) for item in matching[:HANDS_SHOWN]]}
    )


async def club_hand_replay(request: Request) -> Response:
    """Any stored hand of the club, step by step, as the member asking may see it: their
    own cards in their own hands, and only the cards that were shown."""
    store = store_of(request)
    me = await required_member(request, store)
    record = await _club_table(store, me, request.path_params["table_id"])
    stored = await replay.stored_hand(store, record, request.path_params["number"])
    seat = await store.player_of_member(record.id, me.id)
    seats = int(record.settings.get("seats", 0))
    viewer = None if seat is None else str(seat)
    shown = replay.replay_json(stored, viewer, seats)
    return JSONResponse({**shown, "table_id": record.id, "code": record.code})


# Reading -----------------------------------------------------------------------------------


def _nights_of(request: Request) -> Nights:
    return lobby_of(request).nights


async def _nights(request: Request, me: MemberRecord) -> list[TableNight]:
    return await _nights_of(request).of_club(me.club_id)


async def _club_table(store: Store, me: MemberRecord, table_id: int) -> TableRecord:
    record = await store.table(table_id)
    if record is None or record.club_id != me.club_id:
        raise HTTPException(404, f"the club has no table {table_id}")
    return record


class _HandQuery(msgspec.Struct):
    player: str | None = None
    table: int | None = None
    since: float | None = None
    until: float | None = None
    min_pot: int | None = None
    showdown: bool | None = None

    @classmethod
    def of(cls, params: Any) -> _HandQuery:
        try:
            return msgspec.convert(dict(params), cls, strict=False)
        except msgspec.ValidationError as error:
            raise HTTPException(400, f"bad search: {error}") from None

    def matches(self, item: HandOfTheSeason) -> bool:
        hand, table = item.hand, item.table
        keys = {table.person(player_id).key for player_id in hand.player_ids}
        return (
            (self.player is None or self.player in keys)
            and (self.table is None or self.table == table.table_id)
            and (self.since is None or hand.at >= self.since)
            and (self.until is None or hand.at < self.until)
            and (self.min_pot is None or hand.pot >= self.min_pot)
            and (self.showdown is None or hand.showdown == self.showdown)
        )


# JSON --------------------------------------------------------------------------------------


def _person_json(person: Person) -> Json:
    return {"key": person.key, "name": person.name, "member_id": person.member_id}


def _night_json(table: TableNight) -> Json:
    people = table.people()
    names = {each.person.key: each.person.name for each in people}
    balances = {each.person.key: each.balance for each in people}
    return {
        "table_id": table.table_id,
        "code": table.code,
        "created_at": table.created_at,
        "status": table.status,
        "hands": len(table.night.hands),
        "people": [
            {**_person_json(each.person), "net": each.net, "balance": each.balance}
            for each in people
        ],
        "settle_up": transfers_json(settle_up(balances), names),
    }


def _tournament_json(night: TournamentNight) -> Json:
    """A tournament of the club: each person's money in it; ``counted``: in the season (it
    is over and had no bot)."""
    people = [
        {
            **_person_json(night.person(player)),
            "paid": night.paid.get(player, 0),
            "won": night.won.get(player, 0),
        }
        for player in night.names
        if player not in night.bots
    ]
    return {
        "tournament_id": night.tournament_id,
        "name": night.name,
        "created_at": night.created_at,
        "finished": night.finished,
        "counted": night.counts,
        "people": people,
    }


def _payment_json(record: PaymentRecord) -> Json:
    return {
        "id": record.id,
        "payer": member_json(record.payer),
        "payee": member_json(record.payee),
        "amount": record.amount,
        "at": record.at,
    }


def _hand_json(item: HandOfTheSeason) -> Json:
    hand, table = item.hand, item.table
    return {
        "table_id": table.table_id,
        "code": table.code,
        "number": hand.number,
        "at": hand.at,
        "variant": hand.variant,
        "pot": hand.pot,
        "showdown": hand.showdown,
        "players": [
            {**_seat_json(table, player_id, name), "result": result}
            for player_id, name, result in zip(
                hand.player_ids, hand.names, hand.results, strict=True
            )
        ],
    }


def _seat_json(table: TableNight, player_id: str, name: str) -> Json:
    """Who played a seat of a hand: a person of the club, or a bot (under its table name)."""
    if player_id in table.night.bots:
        return {"key": None, "name": name, "member_id": None, "bot": True}
    return {**_person_json(table.person(player_id)), "bot": False}


ROUTES = [
    Route("/api/club/season", season_view, methods=["GET"]),
    Route("/api/club/season.csv", season_csv_file, methods=["GET"]),
    Route("/api/club/payments", add_payment, methods=["POST"]),
    Route("/api/club/payments/{payment_id:int}", undo_payment, methods=["DELETE"]),
    Route("/api/club/stats", season_stats, methods=["GET"]),
    Route("/api/club/hands", club_hands, methods=["GET"]),
    Route(
        "/api/club/tables/{table_id:int}/hands/{number:int}/replay",
        club_hand_replay,
        methods=["GET"],
    ),
]
