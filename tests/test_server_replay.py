"""``GET /api/tables/{code}/hands/{number}/replay`` on a real server (server/replay.py).

Three players with different stacks all go in on the first hand (a main pot and a side
pot); the replay each of them gets, and a spectator's, keeps the chips at every step and
ends on the stacks the hand finished with; each player sees their own cards from the
deal on, and nobody else's face-down cards before they are shown. A wrong code, a hand
never dealt or still in play, a number that is no number and a token of nobody get clear
JSON errors.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from pokernight.client import TableClient, request_json
from pokernight.table.hand_check import check_proof
from tests.server_helpers import (
    HOLDEM,
    Clock,
    close_all,
    contributed,
    open_table,
    paused,
    play_until_hand_over,
    scenario,
    serving,
    shove,
)

Json = dict[str, Any]
SHORT_STACKS = {**HOLDEM, "min_buy_in": 100, "max_buy_in": 1000}
BUY_INS = (200, 400, 800)


def fetch(url: str, token: str | None = None) -> tuple[int, Json]:
    headers = {} if token is None else {"authorization": f"Bearer {token}"}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


async def side_pot_table(url: str, clock: Clock) -> tuple[str, list[TableClient]]:
    """A table whose first hand all three players shoved: finished, the table paused."""
    code, clients = await open_table(url, SHORT_STACKS, players=3)
    for seat, (client, buy_in) in enumerate(zip(clients, BUY_INS, strict=True)):
        await client.sit(seat, buy_in)
    await clients[0].start()
    for client in clients:  # each viewer's proof then checks their own contribution too
        await contributed(client, 1)
    clock.now += 1.0  # the pause is over: the deal mixes them all
    await clients[0].wait_for(lambda event: event.get("type") == "HandDealt")
    await clients[0].pause()  # after this hand
    await play_until_hand_over(clients, 1, shove)
    return code, clients


@scenario
async def test_each_viewer_replays_the_side_pot_hand_with_its_own_cards(tmp_path: Path) -> None:
    clock = Clock()
    async with serving(tmp_path, paused(clock)) as url:
        code, clients = await side_pot_table(url, clock)
        replay = f"{url}/api/tables/{code}/hands/1/replay"
        answers = [await asyncio.to_thread(fetch, replay, c.token) for c in clients]
        spectator = await asyncio.to_thread(fetch, replay)
        listed = (await request_json(url, "GET", f"/api/tables/{code}/hands"))["hands"][0]
        ids = [client.state.player_id for client in clients]
        await close_all(clients)
    assert spectator[0] == 200 and spectator[1]["viewer"] == {"player_id": None, "hand_seat": None}
    assert listed["showdown"] is True
    for (status, body), player_id in zip(answers, ids, strict=True):
        assert status == 200, body
        mine = body["viewer"]["hand_seat"]
        assert body["viewer"]["player_id"] == player_id and mine is not None
        steps = body["steps"]
        for step in steps:
            assert step["status"]["pot"] + sum(step["status"]["stacks"]) == sum(BUY_INS)
        assert steps[-1]["status"]["stacks"] == listed["stacks_after"] == body["final_stacks"]
        assert any(len(step["status"]["pots"]) >= 2 for step in steps), "a side pot"
        assert None not in steps[0]["cards"][mine]  # their own cards, from the deal
        for other, cards in enumerate(steps[0]["cards"]):
            if other != mine:
                assert cards == [None, None]
        assert [step["status"]["stacks"] for step in steps] == [
            step["status"]["stacks"] for step in spectator[1]["steps"]
        ]
        names = [street["name"] for street in body["streets"]]
        assert names == ["preflop", "flop", "turn", "river", "showdown"]
        # The chips won are the hand's pot (the part of a bet nobody called went back first).
        assert sum(w["chips"] for pot in body["result"] for w in pot["winners"]) == listed["pot"]
        assert all(len(w["best"]) == 5 for pot in body["result"] for w in pot["winners"])
        # The proof the hand ended with, for this viewer: their own cards proven, and it holds.
        check = check_proof(body["fairness"], clients[ids.index(player_id)].contributed.get(1))
        assert check.problems == [] and body["fairness"]["seat"] == mine
        assert {str(card) for card, _, _ in check.seen} >= set(steps[0]["cards"][mine])
    assert check_proof(spectator[1]["fairness"]).problems == []


@scenario
async def test_unknown_tables_and_hands_and_tokens_get_clear_errors(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, SHORT_STACKS, players=2)
        other = "0000" if code != "0000" else "0001"
        base = f"{url}/api/tables"
        never = await asyncio.to_thread(fetch, f"{base}/{code}/hands/1/replay")
        for seat, client in enumerate(clients):
            await client.sit(seat, 500)
        await clients[0].start()  # hand 1 is dealt, and waits for its first player
        await clients[0].wait_for(lambda event: event.get("type") == "HandDealt")
        answers = {
            "no table": await asyncio.to_thread(fetch, f"{base}/{other}/hands/1/replay"),
            "never dealt": never,
            "in play": await asyncio.to_thread(fetch, f"{base}/{code}/hands/1/replay"),
            "hand 0": await asyncio.to_thread(fetch, f"{base}/{code}/hands/0/replay"),
            "not a number": await asyncio.to_thread(fetch, f"{base}/{code}/hands/one/replay"),
            "bad token": await asyncio.to_thread(
                fetch, f"{base}/{code}/hands/1/replay", "not-a-token"
            ),
        }
        await close_all(clients)
    no_table = {
        "error": f"no open table with code {other}",
        "code": "no_such_table",
        "params": {"code": other},
    }
    assert answers["no table"] == (404, no_table)
    assert answers["never dealt"] == (404, {"error": f"table {code} has no finished hand #1"})
    assert answers["in play"] == answers["never dealt"]  # not finished
    assert answers["hand 0"][0] == 404
    assert answers["not a number"][0] == 404
    status, body = answers["bad token"]
    assert status == 400 and "does not belong to table" in body["error"]
