"""The HTTP API: tables by code, joining, the ledger with settle-up and CSV, JSON errors."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from pokernight.client import ClientError, TableClient, create_table, request_json
from pokernight.rules import VARIANTS
from tests.server_helpers import (
    HOLDEM,
    close_all,
    open_table,
    passive,
    play_hands_then_pause,
    scenario,
    seat_and_start,
    serving,
    serving_app,
    settle,
)


def fetch_text(url: str) -> tuple[str, str]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.headers["Content-Type"], response.read().decode()


@scenario
async def test_bad_settings_and_wrong_codes_get_one_line_json_errors(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        errors = []
        for settings in ({"seats": 40}, {"sets": 4}, {"seats": "x"}, {"variant": "go"}):
            with pytest.raises(ClientError) as refused:
                await create_table(url, "host", settings)
            errors.append(str(refused.value))
        with pytest.raises(ClientError, match="no open table with code 0000"):
            await request_json(url, "GET", "/api/tables/0000")
        with pytest.raises(ClientError, match="no open table with code 0000"):
            await request_json(url, "POST", "/api/tables/0000/join", {"name": "x"})
        with pytest.raises(ClientError, match="nothing at /api/nowhere"):
            await request_json(url, "GET", "/api/nowhere")
    assert errors == [
        "seats must be between 2 and 10 for this game",
        "'sets' is not a table setting",
        "settings: Expected `int`, got `str` - at `$.seats`",
        f"'go' is not a variant (known: {', '.join(VARIANTS)})",
    ]


@scenario
async def test_a_stud_table_without_stakes_gets_the_stud_defaults(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "host", {"variant": "ftq"})
        info = await request_json(url, "GET", f"/api/tables/{created['code']}")
    assert info["settings"]["stakes"]["bring_in"] > 0
    assert info["settings"]["seats"] == 6


@scenario
async def test_the_same_token_on_another_device_gets_the_same_seat(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=1)
        await clients[0].sit(4, 500)
        other_device = TableClient(url, code, clients[0].token)
        await other_device.connect()
        await settle([other_device], clients[0].state.version)
        await close_all([*clients, other_device])
    assert other_device.state.my_seat == 4


@scenario
async def test_ledger_settle_up_csv_and_hands_after_play(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=3)
        await seat_and_start(clients, buy_in=500)
        await play_hands_then_pause(clients, 1, passive)
        base = f"/api/tables/{code}"
        ledger = await request_json(url, "GET", f"{base}/ledger")
        settle = await request_json(url, "GET", f"{base}/settle")
        hands = await request_json(url, "GET", f"{base}/hands")
        kind, csv = await asyncio.to_thread(fetch_text, f"{url}{base}/ledger?format=csv")
        _, stream = await asyncio.to_thread(fetch_text, f"{url}/stream/{code}")
        _, home = await asyncio.to_thread(fetch_text, f"{url}/")
        await close_all(clients)
    nets = {account["player_id"]: account["net"] for account in ledger["accounts"]}
    paid = {player: 0 for player in nets}
    for transfer in settle["transfers"]:
        paid[transfer["payer"]] -= transfer["amount"]
        paid[transfer["payee"]] += transfer["amount"]
    assert paid == nets
    assert settle["transfers"] == ledger["settle_up"]
    assert kind.startswith("text/csv")
    assert csv.splitlines()[0] == "hand,player,kind,amount,reason"
    assert "player0,buy-in,500," in csv
    hand = hands["hands"][0]
    assert hand["hand_number"] == 1 and sum(hand["stacks_after"]) == sum(hand["stacks_before"])
    for event in hand["events"]:
        if event["type"] == "CardsDealt" and not event["face_up"]:
            assert event["cards"] == []
    assert 'src="/js/stream.js"' in stream  # /stream/CODE leads to the stream view
    assert 'src="/js/main.js"' in home


@scenario
async def test_server_info_counts_tables_and_connections_and_times_the_collector(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, HOLDEM, 2)
        info = await request_json(url, "GET", "/api/server")
        await close_all(clients)
    assert info["tables"] == 1
    assert info["connections"] == 2
    gc = info["gc"]
    assert len(gc["collections"]) == len(gc["total_ms"]) == len(gc["worst_ms"]) == 3
    assert gc["collections"][0] > 0  # opening a table and two sockets allocates plenty
    assert all(worst <= total for worst, total in zip(gc["worst_ms"], gc["total_ms"], strict=True))
    lag = info["lag"]
    assert len(lag["counts"]) == len(lag["bounds_ms"]) + 1
    assert sum(lag["counts"]) > 0  # the monitor has been sampling since start-up


@scenario
async def test_a_move_being_saved_is_not_shown_by_http_reads_until_it_is_saved(
    tmp_path: Path,
) -> None:
    """The table decides a move, saves it, and only then takes it: a read while the save
    is under way shows the table without it, never what the database might not hold."""
    async with serving_app(tmp_path) as (url, app):
        code, (host,) = await open_table(url, HOLDEM, players=1)
        actor = app.state.lobby.actor(code)
        release = asyncio.Event()
        append = actor.writer.append

        saving = asyncio.Event()

        async def slow_append(*arguments: Any) -> None:
            saving.set()
            await release.wait()
            await append(*arguments)

        actor.writer.append = slow_append
        sitting = asyncio.ensure_future(host.sit(0, 500))
        await saving.wait()  # the seat is decided, not saved yet
        during = await request_json(url, "GET", f"/api/tables/{code}")
        release.set()
        await sitting
        after = await request_json(url, "GET", f"/api/tables/{code}")
        await close_all([host])
    assert during["seats"] == [], "a seat not saved yet is not shown"
    assert [seat["name"] for seat in after["seats"]] == ["player0"]


@scenario
async def test_the_invite_link_is_drawn_as_a_qr_code_for_phones(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        link = "http://192.0.2.7:8000/#1234/aSecretFromTheHost"
        kind, svg = await asyncio.to_thread(_post_text, f"{url}/api/qr", {"text": link})
    assert kind == "image/svg+xml"
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>") and "path" in svg


def _post_text(url: str, body: dict[str, Any]) -> tuple[str, str]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.headers["Content-Type"], response.read().decode()
