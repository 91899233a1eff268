"""Issue 19 over HTTP: the director's token and what it allows (editing the structure,
starting a scheduled tournament, recording a deal), an entrant's own requests
(unregistering, rebuys, the add-on), late registration, and refusals that change nothing.
"""

from __future__ import annotations

import asyncio
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette

from pokernight.client.http import DEVICE_HEADER, ClientError, request_json
from pokernight.server.tournaments.tournament_director import TournamentDirector
from pokernight.tournament import Status, from_template
from tests.server_helpers import club_founder, scenario, serving_app

Json = dict[str, Any]
PATIENCE = 0.02
HOUR = 3600.0


async def until(check: object) -> None:
    """Wait (within the scenario's limit) until ``check()`` is true."""
    while not check():  # type: ignore[operator]
        await asyncio.sleep(PATIENCE)


def director_of(app: Starlette, facts: Json) -> TournamentDirector:
    director: TournamentDirector = app.state.lobby.tournament(facts["id"])
    return director


async def enter(
    url: str, tournament: int, name: str, bot: str | None = None, token: str | None = None
) -> Json:
    """``bot``: a bot of that level, registered with ``token`` (the director's)."""
    body = {"name": name} if bot is None else {"name": name, "bot": bot}
    path = f"/api/tournaments/{tournament}/entrants"
    entrant: Json = await request_json(url, "POST", path, body, token=token)
    return entrant


SCHEDULED = {
    "name": "Monthly",
    "format": "scheduled",
    "structure": "quick",
    "entries": 0,
    "minimum_entries": 3,
    "starting_stack": 1_000,
    "bot_delay_seconds": 0.5,
}


@scenario
async def test_the_director_edits_and_starts_a_scheduled_tournament_and_nobody_else_can(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path) as (url, app):
        body = {**SCHEDULED, "starts_at": time.time() + HOUR}
        created = await request_json(url, "POST", "/api/tournaments", body)
        path, boss = f"/api/tournaments/{created['id']}", created["director_token"]
        assert created["format"] == "scheduled" and created["status"] == "registering"
        assert created["you"]["director"] is True
        assert created["you"]["can"] == {
            "start": False,  # nobody has registered
            "change_structure": True,
            "record_deal": False,
            "add_bot": True,
        }
        ann = await enter(url, created["id"], "Ann")
        bob = await enter(url, created["id"], "Bob")
        await enter(url, created["id"], "Bot 1", "easy", boss)
        seen = await request_json(url, "GET", path, token=bob["token"])
        assert seen["you"]["can"] == {"unregister": True, "rebuy": False, "add_on": False}
        # Bob cannot come after all: he unregisters before the start.
        left = await request_json(url, "DELETE", f"{path}/entrants/me", token=bob["token"])
        assert left["you"]["registered"] is False and left["registered"] == ["Ann", "Bot 1"]
        await enter(url, created["id"], "Bot 2", "easy", boss)
        # Only the director edits the structure or starts it, and a refusal changes nothing.
        for method, where, refusal in [
            ("PUT", "/structure", "only the tournament director can change the structure"),
            ("POST", "/start", "only the tournament director can start the tournament"),
        ]:
            with pytest.raises(ClientError, match=refusal):
                await request_json(url, method, path + where, body, token=ann["token"])
        with pytest.raises(ClientError, match="give your token"):
            await request_json(url, "POST", f"{path}/start")
        with pytest.raises(ClientError, match="not an entrant's of this tournament"):
            await request_json(url, "POST", f"{path}/start", token="forged")
        assert (await request_json(url, "GET", path))["name"] == "Monthly"
        edited = await request_json(
            url, "PUT", f"{path}/structure", {**body, "name": "Monthly II"}, token=boss
        )
        assert edited["name"] == "Monthly II" and edited["you"]["can"]["start"] is True
        rotation = await request_json(
            url, "PUT", f"{path}/structure", {**body, "games": ["nlhe", "razz"]}, token=boss
        )
        assert rotation["games"] == ["nlhe", "razz"] and rotation["clock"]["game"] == "nlhe"
        assert rotation["name"] == "Monthly"  # each edit is the whole structure again
        await request_json(
            url, "PUT", f"{path}/structure", {**body, "name": "Monthly II"}, token=boss
        )
        started = await request_json(url, "POST", f"{path}/start", token=boss)
        assert started["status"] == "running" and len(started["tables"]) == 1
        assert started["you"]["can"]["change_structure"] is False
        # Once it runs, the books are closed to both.
        with pytest.raises(ClientError, match="you can no longer unregister"):
            await request_json(url, "DELETE", f"{path}/entrants/me", token=ann["token"])
        with pytest.raises(ClientError, match="only before the start"):
            await request_json(url, "PUT", f"{path}/structure", body, token=boss)
        with pytest.raises(ClientError, match="has already started") as again:
            await request_json(url, "POST", f"{path}/start", token=boss)
        assert again.value.code == "started_already"  # the tournament's refusal, by code
        director = director_of(app, created)
        assert [e.name for e in director.tournament.players.values()] == ["Ann", "Bot 1", "Bot 2"]
        assert director.tournament.structure.name == "Monthly II"


@scenario
async def test_the_director_sets_the_length_of_the_levels(tmp_path: Path) -> None:
    """``level_minutes``: the template's ladder of blinds, every level that long; a length
    that is no length is refused and creates nothing."""
    async with serving_app(tmp_path) as (url, app):
        with pytest.raises(ClientError, match="level_minutes"):
            await request_json(
                url,
                "POST",
                "/api/tournaments",
                {**SCHEDULED, "starts_at": time.time() + HOUR, "level_minutes": 0},
            )
        created = await request_json(
            url,
            "POST",
            "/api/tournaments",
            {**SCHEDULED, "starts_at": time.time() + HOUR, "level_minutes": 2.5},
        )
        assert created["id"] == 1, "the refused one was never made"
        quick = from_template("quick")
        levels = director_of(app, created).tournament.structure.levels
        assert [level.minutes for level in levels] == [2.5] * len(quick.levels)
        assert [level.stakes for level in levels] == [level.stakes for level in quick.levels]
        assert {level.minutes for level in quick.levels} == {5}


@scenario
async def test_a_scheduled_tournament_starts_at_its_time_and_seats_a_late_entrant(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path) as (url, app):
        body = {**SCHEDULED, "starts_at": time.time() - 1, "late_registration_level": 2}
        created = await request_json(url, "POST", "/api/tournaments", body)
        director, boss = director_of(app, created), created["director_token"]
        for number in (1, 2):
            await enter(url, created["id"], f"Bot {number}", "easy", boss)
        assert director.tournament.status is Status.REGISTERING  # its time, but 2 of 3
        await enter(url, created["id"], "Bot 3", "easy", boss)
        third = director.tournament
        assert third.status is Status.RUNNING  # the third entry started it
        late = await enter(url, created["id"], "Cleo")
        facts = await request_json(
            url, "GET", f"/api/tournaments/{created['id']}", token=late["token"]
        )
        assert facts["registration_open"] is True and facts["entries"] == 4
        you = facts["you"]
        assert you["table"] is not None and you["code"] is not None and you["stack"] == 1_000
        actor = app.state.lobby.actor(you["code"])
        await until(lambda: late["player_id"] in {s.player_id for s in actor.table.seats.values()})


@scenario
async def test_an_entrant_rebuys_and_takes_the_add_on_into_the_pool_and_at_the_table(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path) as (url, app):
        body = {
            "entries": 3,
            "structure": "quick",
            "starting_stack": 1_000,
            "buy_in": 100,
            "rebuys": {"price": 100, "chips": 1_000, "until_level": 2, "most": 1},
            "add_on": {"price": 50, "chips": 2_000, "level": 1},
            "action_seconds": 1.0,
            "bot_delay_seconds": 0.2,
        }
        created = await request_json(url, "POST", "/api/tournaments", body)
        path, boss = f"/api/tournaments/{created['id']}", created["director_token"]
        assert created["rebuys"] == {**body["rebuys"], "open": False}  # type: ignore[dict-item]
        ann = await enter(url, created["id"], "Ann")
        with pytest.raises(ClientError, match="the tournament has not started"):
            await request_json(url, "POST", f"{path}/rebuys", token=ann["token"])
        for number in (1, 2):
            await enter(url, created["id"], f"Bot {number}", "easy", boss)
        director = director_of(app, created)
        # The tournament counts her stack at each hand's end: no hand is over this soon
        # (the bots think 0.2 s a turn), so it is the starting stack, which may rebuy.
        assert director.tournament.players[ann["player_id"]].stack == 1_000
        rebought = await request_json(url, "POST", f"{path}/rebuys", token=ann["token"])
        you = rebought["you"]
        assert you["rebuys"] == 1 and you["stack"] == 2_000 and you["can"]["rebuy"] is False
        assert rebought["prize_pool"] == 400 and rebought["rebuys"]["open"] is True
        with pytest.raises(ClientError, match="all 1 of your rebuys"):
            await request_json(url, "POST", f"{path}/rebuys", token=ann["token"])
        added = await request_json(url, "POST", f"{path}/add-ons", token=ann["token"])
        assert added["you"]["added_on"] is True and added["you"]["can"]["add_on"] is False
        with pytest.raises(ClientError, match="you have taken your add-on"):
            await request_json(url, "POST", f"{path}/add-ons", token=ann["token"])
        assert added["prize_pool"] == 450
        # The table she plays at was told: its ledger has every chip she bought.
        actor = app.state.lobby.actor(added["you"]["code"])
        await until(lambda: _bought_in(actor.table, ann["player_id"]) == 4_000)


def _bought_in(table: Any, player_id: str) -> int:
    account = table.ledger.accounts.get(player_id)
    return 0 if account is None else int(account.bought_in)


@scenario
async def test_the_director_records_a_deal_between_hands_and_the_places_are_paid_by_it(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path) as (url, app):
        # Three players and three prizes: in the money from the first hand; deep stacks, so
        # nobody busts in the hand the deal waits for.
        body = {
            "entries": 3,
            "structure": "quick",
            "starting_stack": 10_000,
            "buy_in": 100,
            "payouts": ["50", "30", "20"],
            "bot_delay_seconds": 0.2,
        }
        created = await request_json(url, "POST", "/api/tournaments", body)
        path, boss = f"/api/tournaments/{created['id']}", created["director_token"]
        before = await request_json(url, "GET", f"{path}/deal")
        assert before["open"] is False and "has not started" in before["reason"]
        players = [await enter(url, created["id"], f"Bot {n}", "easy", boss) for n in (1, 2, 3)]
        offer = await request_json(url, "GET", f"{path}/deal")
        assert offer["open"] is True and offer["prizes_left"] == [150, 90, 60]
        assert sum(p["icm"] for p in offer["players"]) == 300
        assert sum(p["chip_chop"] for p in offer["players"]) == 300
        amounts = {p["player_id"]: p["icm"] for p in offer["players"]}
        shy = {**amounts, players[0]["player_id"]: amounts[players[0]["player_id"]] + 1}
        with pytest.raises(ClientError, match="the deal shares 301 but the prizes left are 300"):
            await request_json(url, "POST", f"{path}/deal", {"amounts": shy}, token=boss)
        director = director_of(app, created)
        assert director.tournament.status is Status.RUNNING and director.holding is False
        done = await request_json(url, "POST", f"{path}/deal", {"amounts": amounts}, token=boss)
        assert done["status"] == "finished" and len(done["places"]) == 3
        names = {p["player_id"]: p["name"] for p in offer["players"]}
        assert {place["name"]: place["prize"] for place in done["places"]} == {
            names[player]: amount for player, amount in amounts.items()
        }
        with pytest.raises(ClientError, match="the tournament is over"):
            await request_json(url, "POST", f"{path}/deal", {"amounts": amounts}, token=boss)


@scenario
async def test_a_finished_tournament_of_people_joins_the_club_season_and_a_practice_one_not(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path) as (url, _):
        ann_device = await club_founder(url, tmp_path, "Ann")
        body = {
            "name": "Club cup",
            "entries": 3,
            "structure": "quick",
            "buy_in": 100,
            "payouts": ["50", "30", "20"],
            "action_seconds": 0.3,  # nobody acts: the clock folds them, a hand a second
        }
        cup = await request_json(url, "POST", "/api/tournaments", body)
        path = f"/api/tournaments/{cup['id']}"
        # Ann registers from her member's device, under another name: she is Ann all the same.
        entrants = [
            await request_json(
                url, "POST", f"{path}/entrants", {"name": "Annie"}, device=ann_device
            ),
            await enter(url, cup["id"], "Bob"),
            await enter(url, cup["id"], "Cleo"),
        ]
        amounts = dict(zip((e["player_id"] for e in entrants), (150, 90, 60), strict=True))
        await request_json(
            url, "POST", f"{path}/deal", {"amounts": amounts}, token=cup["director_token"]
        )
        practice = await request_json(url, "POST", "/api/tournaments", {**body, "name": "Practice"})
        practice_path = f"/api/tournaments/{practice['id']}/entrants"
        await request_json(url, "POST", practice_path, {"name": "Ann"}, device=ann_device)
        for number in (1, 2):
            await enter(url, practice["id"], f"Bot {number}", "easy", practice["director_token"])

        view = await request_json(url, "GET", "/api/club/season", device=ann_device)
        cup_line, practice_line = (
            next(t for t in view["tournaments"] if t["name"] == name)
            for name in ("Club cup", "Practice")
        )
        assert cup_line["counted"] is True and practice_line["counted"] is False
        assert [(p["name"], p["paid"], p["won"]) for p in cup_line["people"]] == [
            ("Ann", 100, 150),
            ("Bob", 100, 90),
            ("Cleo", 100, 60),
        ]
        won = {standing["name"]: standing["won"] for standing in view["standings"]}
        assert won == {"Ann": 50, "Bob": -10, "Cleo": -40}  # the host's night had no hand
        paid = sum(t["amount"] for t in view["settle_up"])
        assert paid == 50
        csv = await asyncio.to_thread(_text, url + "/api/club/season.csv", ann_device)
        lines = [line.split(",")[1:] for line in csv.splitlines() if ",tournament," in line]
        member = str(view["me"]["member_id"])
        assert lines == [
            ["tournament", f"T{cup['id']}", "Ann", member, "50"],
            ["tournament", f"T{cup['id']}", "Bob", "", "-10"],
            ["tournament", f"T{cup['id']}", "Cleo", "", "-40"],
        ]


def _text(url: str, device: str) -> str:
    request = urllib.request.Request(url, headers={DEVICE_HEADER: device})
    with urllib.request.urlopen(request, timeout=30) as answer:
        text: str = answer.read().decode()
        return text
