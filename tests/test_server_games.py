"""``GET /api/games`` (the server's variant table for clients), the limits the settings come
to, and each seat's room for chips: the facts the clients show instead of working them out."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from pokernight.client import ClientError, create_table, request_json
from pokernight.rules import VARIANTS, default_stakes
from pokernight.server.tables.games import games_json
from pokernight.table.settings import TableSettings
from tests.server_helpers import close_all, open_table, scenario, serving


def fetch(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, _lower(response.headers.items()), response.read()
    except urllib.error.HTTPError as error:
        return error.code, _lower(error.headers.items()), error.read()


def _lower(headers: Any) -> dict[str, str]:
    return {name.lower(): value for name, value in headers}


def test_every_variant_is_described_from_the_rules_table() -> None:
    games = {game["key"]: game for game in games_json()["games"]}
    assert list(games) == list(VARIANTS)
    for key, variant in VARIANTS.items():
        game = games[key]
        assert game["full_name"] == variant.name and game["name"] == variant.title
        assert game["stud"] is variant.is_stud and game["button"] is not variant.is_stud
        assert game["showdown"] == variant.showdown
        assert game["wild_cards"] is variant.has_wild_cards
        assert game["max_seats"] == variant.max_players and game["min_seats"] == 2
        assert game["betting"] == str(variant.betting)
        assert [street["name"] for street in game["streets"]] == [s.name for s in variant.streets]
        stakes = asdict(default_stakes(variant))
        assert all(stakes[name] == amount for name, amount in game["default_stakes"].items())
        defaults = TableSettings.for_variant(key)
        assert game["defaults"]["stakes"] == asdict(defaults.stakes)
        assert game["defaults"]["maximum_buy_in"] == defaults.maximum_buy_in
        assert game["defaults"]["approve_seats"] is True  # as the room creates its tables
    assert games["nlhe"]["name"] == "No-Limit Hold'em"
    assert games["ftq"]["wild_ranks"] == [10] and games["stud"]["wild_ranks"] == []
    assert games["baseball"]["wild_ranks"] == [1, 7] and games["deuces"]["wild_ranks"] == [0]
    assert games["ftq"]["follows_queen"] and not games["baseball"]["follows_queen"]
    assert games["baseball"]["extra_card_rank"] == 2 and games["ftq"]["extra_card_rank"] is None
    assert games["chicago"]["split"] == "spade" and games["stud8"]["split"] == "low"
    assert games["nlhe"]["split"] is None and not games["chicago"]["hi_lo"]
    assert games["nlsd"]["deck_size"] == 36 and games["nlhe"]["deck_size"] == 52
    assert games["nlhe"]["board_cards"] == 5 and games["razz"]["board_cards"] == 0
    assert games["razz"]["showdown"] == "low" and games["plo"]["showdown"] == "omaha"
    assert games_json()["buy_in_units"] == {"minimum": 20, "maximum": 100, "stack_cap": 200}


@scenario
async def test_the_games_are_served_with_an_etag_and_revalidated_for_nothing(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        answer = await request_json(url, "GET", "/api/games")
        assert answer == games_json()
        status, headers, _ = await asyncio.to_thread(fetch, f"{url}/api/games")
        assert status == 200 and headers["cache-control"] == "no-cache"
        etag = headers["etag"]
        status, again, body = await asyncio.to_thread(
            fetch, f"{url}/api/games", {"If-None-Match": etag}
        )
        assert status == 304 and body == b"" and again["etag"] == etag
        status, _, _ = await asyncio.to_thread(
            fetch, f"{url}/api/games", {"If-None-Match": '"other"'}
        )
        assert status == 200


@scenario
async def test_settings_carry_the_buy_in_range_and_stack_cap_they_come_to(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        settings = {"variant": "stud", "max_stack": 3000}
        code, clients = await open_table(url, settings, 1)
        info = await request_json(url, "GET", f"/api/tables/{code}")
        shown = info["settings"]
        # stud counts in small bets (20): buy-ins 400 to 2,000, the stack cap as set.
        assert (shown["minimum_buy_in"], shown["maximum_buy_in"]) == (400, 2000)
        assert shown["stack_cap"] == 3000 and shown["debt_limit"] == 10_000
        # Sent back as shown, the derived limits are ignored, never set.
        await clients[0].change_settings({**shown, "minimum_buy_in": 1})
        upcoming = clients[0].state.settings
        assert upcoming["minimum_buy_in"] == 400
        with pytest.raises(ClientError, match="'minimum_buy_inn' is not a table setting"):
            await create_table(url, "x", {"minimum_buy_inn": 3})
        await close_all(clients)


@scenario
async def test_each_seat_says_how_many_chips_it_may_still_add(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        settings = {
            "variant": "nlhe",
            "stakes": {"small_blind": 5, "big_blind": 10},
            "debt_cap": 1500,
        }  # buy-ins 200 to 1,000, stacks up to 2,000
        code, clients = await open_table(url, settings, 2)
        await clients[0].sit(0, 1000)
        await clients[1].sit(1, 300)
        seats = clients[0].state.seats
        assert seats[0]["rebuy"] == {
            "amount": 500,
            "limit": "debt",
            "owed": 1000,
            "cap": 1500,
            "own_cap": False,
        }
        assert seats[1]["rebuy"] == {
            "amount": 1200,
            "limit": "debt",
            "owed": 300,
            "cap": 1500,
            "own_cap": False,
        }
        # The server refuses one chip more than it said, and takes the amount it said.
        with pytest.raises(ClientError, match="debt cap"):
            await clients[0].add_chips(501)
        await clients[0].add_chips(500)
        assert clients[0].state.seats[0]["rebuy"] == {
            "amount": 0,
            "limit": "debt",
            "owed": 1500,
            "cap": 1500,
            "own_cap": False,
        }
        ledger = await request_json(url, "GET", f"/api/tables/{code}/ledger")
        rooms = {account["player_id"]: account["chips_room"] for account in ledger["accounts"]}
        assert rooms[clients[1].state.player_id]["amount"] == 1200
        assert ledger["newcomer_room"] == {
            "amount": 1500,
            "limit": "debt",
            "owed": 0,
            "cap": 1500,
            "own_cap": False,
        }
        await close_all(clients)


def test_the_stack_cap_limits_a_rebuy_before_a_large_debt_cap(tmp_path: Path) -> None:
    room: dict[str, Any] = (
        TableSettings(max_stack=1200, debt_cap=None)
        .chips_room(900, stack=900, queued=100)
        .to_dict()
    )
    assert room == {"amount": 200, "limit": "stack", "owed": 1000, "cap": None, "own_cap": False}
