"""The club's season over HTTP (decision 35): the standings and the money, payments,
statistics and graphs, and every stored hand found and replayed. Who is who (devices,
claim codes, the organisers' word) is ``club_people``'s.

Everything about the season is for the club's members: a request carries the device
token of one (``identity``). What is shown is folded from the stored events of every
table of the club (``nights``), with the seats' members as the store reads them now.

A member sees what a member needs (issue 30): everybody's standings and the season's
settle-up, but only the nights and tournaments they played (their people, money and
hands, and an open table's code only there), and only the payments they are a side of
(an organiser sees them all, to settle a dispute). A payment counts once both sides
said so: the one who records it, and the other who confirms it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from pokernight.history.season import (
    ClubNight,
    HandOfTheSeason,
    LedgerNight,
    Payment,
    Person,
    PersonNight,
    TableNight,
    TournamentNight,
    cumulative_results,
    season,
    season_balances,
    season_csv,
    season_hands,
)
from pokernight.rules import VARIANTS
from pokernight.server.club.nights import ClubStorage
from pokernight.server.club.registry import club_of, store_of
from pokernight.server.tables import replay
from pokernight.server.tables.api import RecordId, read_body, transfers_json
from pokernight.server.tables.identity import member_json, required_member
from pokernight.server.tables.messages import RefusedHTTPError
from pokernight.store import MemberRecord, TableRecord
from pokernight.store.club import MAX_PAYMENT, PaymentRecord
from pokernight.table import settle_up

Json = dict[str, Any]
HANDS_SHOWN = 200


class NewPayment(msgspec.Struct, forbid_unknown_fields=True):
    payer: RecordId
    payee: RecordId
    amount: Annotated[int, msgspec.Meta(ge=1, le=MAX_PAYMENT)]


class Dispute(msgspec.Struct, forbid_unknown_fields=True):
    """An organiser's word on a payment: it counts, or it never happened."""

    counts: bool


# The season --------------------------------------------------------------------------------


async def season_view(request: Request) -> Response:
    """Standings and who pays whom to settle the season (everybody's), the nights and
    tournaments the member played with their settle-ups, the payments they are a side of,
    and the members (to record a payment with)."""
    store = store_of(request)
    me = await required_member(request, store.club)
    club = await _club_season(request, me)
    result = season(club.everything, club.payments)
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
                    # The chips all-in adjusted (decision 67), beside ``net``.
                    "expected": standing.expected,
                    "won": standing.won,
                    "paid": standing.paid,
                    "received": standing.received,
                    "imported": standing.imported,
                    "balance": standing.balance,
                }
                for standing in result.standings
            ],
            "settle_up": transfers_json(result.transfers, names),
            "nights": [_night_json(table) for table in reversed(club.mine)],
            "tournaments": [_tournament_json(night) for night in reversed(club.my_tournaments)],
            "ledgers": [_ledger_json(night) for night in reversed(club.my_ledgers)],
            "payments": [
                _payment_json(record, me)
                for record in await store.club.payments(me.club_id)
                if me.organiser or me.id in (record.payer.id, record.payee.id)
            ],
            "members": [member_json(m) for m in await store.club.club_members(me.club_id)],
        }
    )


async def season_csv_file(request: Request) -> Response:
    """The money of the nights and tournaments the member played, and their payments."""
    store = store_of(request)
    me = await required_member(request, store.club)
    club = await _club_season(request, me)
    mine = [payment for payment in club.payments if _key(me) in _sides(payment)]
    text = season_csv([*club.mine, *club.my_tournaments, *club.my_ledgers], mine)
    disposition = 'attachment; filename="season.csv"'
    return Response(text, media_type="text/csv", headers={"content-disposition": disposition})


async def add_payment(request: Request) -> Response:
    """Money handed over, recorded by the payer or the payee (from one of their devices):
    it counts once the other side confirms it (``confirm_payment``). One side's word alone
    would let a payee move a debt onto whoever they like, or a payer write one off."""
    store = store_of(request)
    me = await required_member(request, store.club)
    body = await read_body(request, NewPayment)
    if me.id not in (body.payer, body.payee):
        raise RefusedHTTPError(403, "payment_parties")
    await _settles_a_debt(request, me, body.payer, body.payee, body.amount)
    record = await store.club.add_payment(me.club_id, body.payer, body.payee, body.amount, me.id)
    return JSONResponse(_payment_json(record, me), status_code=201)


async def confirm_payment(request: Request) -> Response:
    """The other side's word on a payment recorded by one side: from now on it counts."""
    store = store_of(request)
    me = await required_member(request, store.club)
    payment_id = request.path_params["payment_id"]
    waiting = next((p for p in await store.club.payments(me.club_id) if p.id == payment_id), None)
    if waiting is not None and not waiting.counts:
        await _settles_a_debt(request, me, waiting.payer.id, waiting.payee.id, waiting.amount)
    record = await store.club.confirm_payment(me.club_id, payment_id, me.id)
    return JSONResponse(_payment_json(record, me))


async def settle_dispute(request: Request) -> Response:
    """An organiser's word on a payment its sides disagree on (written in the club's log)."""
    store = store_of(request)
    me = await required_member(request, store.club)
    if not me.organiser:
        raise RefusedHTTPError(403, "only_organiser_dispute")
    body = await read_body(request, Dispute)
    payment_id = request.path_params["payment_id"]
    record = await store.club.settle_dispute(me.club_id, payment_id, me, body.counts)
    return JSONResponse({"payment": None if record is None else _payment_json(record, me)})


async def undo_payment(request: Request) -> Response:
    """A payment waiting for a word, withdrawn by the side who recorded it or declined by
    the other (one that counts is an organiser's to undo: ``settle_dispute``)."""
    store = store_of(request)
    me = await required_member(request, store.club)
    await store.club.delete_payment(me.club_id, request.path_params["payment_id"], me.id)
    return Response(status_code=204)


async def season_stats(request: Request) -> Response:
    """The numbers of the nights the member played, person by person, and their results
    hand after hand (by game)."""
    me = await required_member(request, store_of(request).club)
    nights = (await _club_season(request, me)).mine
    result = season(nights)
    return JSONResponse(
        {
            "players": [row.to_dict() | {"key": row.player_id} for row in result.stats],
            "series": cumulative_results(nights),
            "games": {key: variant.title for key, variant in VARIANTS.items()},
        }
    )


async def club_hands(request: Request) -> Response:
    """The hands of the nights the member played, newest first, filtered: ``player`` (a
    person's key), ``table`` (a table id), ``since`` and ``until`` (seconds), ``min_pot``
    and ``showdown`` (1/0)."""
    me = await required_member(request, store_of(request).club)
    found = season_hands((await _club_season(request, me)).mine)
    query = _HandQuery.of(request.query_params)
    matching = [item for item in found if query.matches(item)]
    return JSONResponse(
        {"total": len(matching), "hands": [_hand_json(item) for item in matching[:HANDS_SHOWN]]}
    )


async def club_hand_replay(request: Request) -> Response:
    """A stored hand of a table the member played at, step by step, as they may see it:
    their own cards in their own hands, and only the cards that were shown."""
    store = store_of(request)
    me = await required_member(request, store.club)
    record = await _club_table(store, me, request.path_params["table_id"])
    seat = await store.club.player_of_member(record.id, me.id)
    if seat is None:
        raise RefusedHTTPError(403, "not_your_hands", table=record.id)
    stored = await replay.stored_hand(
        store.tables, record.id, record.code, request.path_params["number"]
    )
    seats = int(record.settings.get("seats", 0))
    shown = replay.replay_json(stored, str(seat), seats)
    if replay.wants_coach(request):
        shown = await replay.coached(shown, stored, str(seat))
    return JSONResponse({**shown, "table_id": record.id, "code": record.code})


async def _settles_a_debt(
    request: Request, me: MemberRecord, payer: int, payee: int, amount: int
) -> None:
    """Refuses a payment that is not the settling of a season's debt: the payer must owe
    at least ``amount`` and the payee be owed at least as much (the payments that count
    included). Otherwise two accounts of one person, both their words given, could move a
    debt onto one of them that nobody will ever collect."""
    club = await _club_season(request, me)
    balances = season_balances(club.everything, club.payments)
    names = {
        member.id: member.name for member in await store_of(request).club.club_members(me.club_id)
    }
    owes = -balances.get(Person.member(payer, "").key, 0)
    owed = balances.get(Person.member(payee, "").key, 0)
    if owes < amount:
        name = names.get(payer, str(payer))
        raise RefusedHTTPError(
            400, "payment_above_debt", name=name, owes=max(owes, 0), amount=amount
        )
    if owed < amount:
        name = names.get(payee, str(payee))
        raise RefusedHTTPError(
            400, "payment_above_owed", name=name, owed=max(owed, 0), amount=amount
        )


# Reading -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _ClubSeason:
    """The club's season as a member reads it: ``everything`` for the standings, ``mine``,
    ``my_tournaments`` and ``my_ledgers`` the nights, tournaments and imported ledger
    nights they played, ``payments`` those that count."""

    everything: list[ClubNight]
    mine: list[TableNight]
    my_tournaments: list[TournamentNight]
    my_ledgers: list[LedgerNight]
    payments: list[Payment]


async def _club_season(request: Request, me: MemberRecord) -> _ClubSeason:
    nights_of = club_of(request).nights
    nights = await nights_of.of_club(me.club_id)
    tournaments = await nights_of.tournaments_of_club(me.club_id)
    ledgers = await nights_of.ledgers_of_club(me.club_id)
    key = _key(me)
    return _ClubSeason(
        [*nights, *tournaments, *ledgers],
        [night for night in nights if _played(night, key)],
        [night for night in tournaments if _played(night, key)],
        [night for night in ledgers if _played(night, key)],
        await nights_of.payments(me.club_id),
    )


def _key(me: MemberRecord) -> str:
    return Person.member(me.id, me.name).key


def _played(night: ClubNight, key: str) -> bool:
    """Whether the person ``key`` played the night: one of its seats is theirs (a running
    tournament has no money yet, so its entrants are read from its names; an imported
    ledger's night: one of its names is theirs)."""
    if isinstance(night, LedgerNight):
        return any(person.key == key for person, _ in night.nets)
    if isinstance(night, TournamentNight):
        return any(night.person(player).key == key for player in night.names)
    return any(night.person(player).key == key for player in night.night.names)


def _sides(payment: Payment) -> tuple[str, str]:
    return payment.payer.key, payment.payee.key


async def _club_table(store: ClubStorage, me: MemberRecord, table_id: int) -> TableRecord:
    record = await store.tables.table(table_id)
    if record is None or record.club_id != me.club_id:
        raise RefusedHTTPError(404, "club_no_table", table=table_id)
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
            raise RefusedHTTPError(400, "bad_search", detail=str(error)) from None

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
    """``imported_name``: a name of imported files matched to no member (a guest)."""
    return {
        "key": person.key,
        "name": person.name,
        "member_id": person.member_id,
        "imported_name": person.imported,
    }


def _night_json(table: TableNight) -> Json:
    people = table.people()
    return {
        "table_id": table.table_id,
        "code": table.code,
        "created_at": table.created_at,
        "status": table.status,
        "counts_money": not table.imported,
        "hands": len(table.night.hands),
        "people": [
            {
                **_person_json(each.person),
                "net": each.net,
                "expected": each.expected,
                "balance": each.balance,
            }
            for each in people
        ],
        "settle_up": _settle_up_json(people),
    }


def _settle_up_json(people: Sequence[PersonNight]) -> list[Json]:
    """Who pays whom to settle a night's balances."""
    names = {each.person.key: each.person.name for each in people}
    balances = {each.person.key: each.balance for each in people}
    return transfers_json(settle_up(balances), names)


def _ledger_json(night: LedgerNight) -> Json:
    """A night of an imported ledger: each person's net (their money), its settle-up."""
    people = night.people()
    return {
        "ledger_id": night.ledger_id,
        "night": night.night,
        "created_at": night.created_at,
        "file_name": night.file_name,
        "imported_at": night.imported_at,
        "people": [{**_person_json(each.person), "balance": each.balance} for each in people],
        "settle_up": _settle_up_json(people),
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


def _payment_json(record: PaymentRecord, me: MemberRecord) -> Json:
    """A payment, whether it counts, and what ``me`` may do with it (``can``): confirm or
    decline it (the side who did not record it), withdraw it (who did), settle it (an
    organiser)."""
    side = me.id in (record.payer.id, record.payee.id)
    waiting = not record.counts
    return {
        "id": record.id,
        "payer": member_json(record.payer),
        "payee": member_json(record.payee),
        "amount": record.amount,
        "at": record.at,
        "recorded_by": record.recorded_by,
        "counts": record.counts,
        "can": {
            "confirm": waiting and side and me.id != record.recorded_by,
            "decline": waiting and side and me.id != record.recorded_by,
            "withdraw": waiting and me.id == record.recorded_by,
            "settle": me.organiser,
        },
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
            {**_seat_json(table, player_id, name), "result": result, "expected": expected}
            for player_id, name, result, expected in zip(
                hand.player_ids, hand.names, hand.results, hand.expected, strict=True
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
    Route("/api/club/payments/{payment_id:int}/confirm", confirm_payment, methods=["POST"]),
    Route("/api/club/payments/{payment_id:int}/settle", settle_dispute, methods=["POST"]),
    Route("/api/club/stats", season_stats, methods=["GET"]),
    Route("/api/club/hands", club_hands, methods=["GET"]),
    Route(
        "/api/club/tables/{table_id:int}/hands/{number:int}/replay",
        club_hand_replay,
        methods=["GET"],
    ),
]
