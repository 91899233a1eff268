"""Players who are programs (decision 37): the join flag, the host's ``allow_programs``,
and the seat everybody sees marked as a program.

A friend's bot joins with ``"program": true``. The room refuses it at a table whose
host has not allowed programs (at the join, and again at the sit and the host's approval:
the setting may change in between), and every client is told the seat is a program's
in the seats the server sends, so every page shows it as a bot.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pokernight.client import ClientError, TableClient, create_table, request_json
from pokernight.table import PlayerSeated, Table, TableSettings, table_event_from_dict
from pokernight.table.commands import SitDown
from tests.server_helpers import HOLDEM, close_all, scenario, serving

ALLOWING = {**HOLDEM, "allow_programs": True}


@scenario
async def test_a_program_is_refused_where_the_host_has_not_allowed_programs(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Ann", HOLDEM)
        program = TableClient(url, created["code"])
        with pytest.raises(ClientError, match="does not allow programs: only the host"):
            await program.join("Robo", created["invite"], program=True)
        with pytest.raises(ClientError, match="may open only a table that allows programs"):
            await create_table(url, "Robo", HOLDEM, program=True)
        person = TableClient(url, created["code"])
        await person.join("Bea", created["invite"])  # the setting is about programs only
        info = await request_json(url, "GET", f"/api/tables/{created['code']}")
        await close_all([program, person])
    assert info["settings"]["allow_programs"] is False


@scenario
async def test_a_program_seat_is_marked_for_everybody_and_plays_like_a_person(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Ann", ALLOWING)
        host = TableClient(url, created["code"], created["token"])
        await host.connect()
        await host.sit(0, 1_000)
        program = TableClient(url, created["code"])
        await program.join("Robo", created["invite"], program=True)
        await program.sit(1, 1_000)
        await host.wait_for(lambda frame: frame.get("type") == "PlayerSeated")
        spectator = TableClient(url, created["code"])
        await spectator.watch()
        await spectator.wait_for(lambda _: spectator.state.version == host.state.version)
        seen = [client.state.seats[1] for client in (host, program, spectator)]
        info = await request_json(url, "GET", f"/api/tables/{created['code']}")
        await close_all([host, program, spectator])
    assert all(seat["program"] is True and seat["bot"] is None for seat in seen)
    assert [seat["program"] for seat in info["seats"]] == [False, True]


@scenario
async def test_the_host_sees_a_program_ask_and_its_approval_checks_the_setting_again(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Ann", ALLOWING)  # the room's approve_seats
        host = TableClient(url, created["code"], created["token"])
        await host.connect()
        await host.sit(0, 1_000)
        program = TableClient(url, created["code"])
        await program.join("Robo", program=True)
        await program.sit(1, 1_000)
        await host.wait_for(lambda frame: frame.get("type") == "SeatRequested")
        asked = dict(host.state.seat_requests[program.player_id or ""])
        await host.change_settings({**ALLOWING, "allow_programs": False})
        with pytest.raises(ClientError, match="does not allow programs: Robo joined as one"):
            await host.request({"type": "approve_seat", "player_id": program.player_id})
        await host.change_settings(ALLOWING)
        await host.request({"type": "approve_seat", "player_id": program.player_id})
        await program.wait_for(lambda frame: frame.get("type") == "PlayerSeated")
        seat = program.state.seats[1]
        await close_all([host, program])
    assert asked["program"] is True
    assert seat["program"] is True


def test_the_table_refuses_a_program_unless_allowed_and_seats_it_as_one() -> None:
    refusing = Table.open(TableSettings(), "1")
    with pytest.raises(ValueError, match="this table does not allow programs: you joined"):
        refusing.decide(SitDown(0, "2", "Robo", 1_000, program=True), 0.0)
    allowing = Table.open(TableSettings(allow_programs=True), "1")
    table, folded = allowing.decide(SitDown(0, "2", "Robo", 1_000, program=True), 0.0)
    event = folded[0].event
    assert isinstance(event, PlayerSeated) and event.program
    assert table.seats[0].program and table.seats[0].bot is None
    assert table_event_from_dict(event.to_dict()) == event


def test_an_event_stored_before_programs_is_a_person() -> None:
    stored = {"type": "PlayerSeated", "seat": 0, "player_id": "2", "name": "Bo", "buy_in": 500}
    event = table_event_from_dict(stored)
    assert isinstance(event, PlayerSeated) and event.program is False
