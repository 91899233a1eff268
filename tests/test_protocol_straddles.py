"""Straddles over real WebSockets (decision 45): at a Mississippi table with re-straddles,
the players who chose to straddle post a straddle and a re-straddle, each seat says
``may_straddle``, and a table that allows none refuses the choice with its reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokernight.client import ClientError
from tests.server_helpers import (
    close_all,
    open_table,
    passive,
    play_until_hand_over,
    scenario,
    serving,
    settle,
)


@scenario
async def test_a_straddle_and_a_re_straddle_are_posted_for_the_players_who_chose(
    tmp_path: Path,
) -> None:
    settings = {"seats": 4, "straddles": "mississippi", "max_straddles": 3}
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, settings, 4)
        for seat, client in enumerate(clients):
            await client.sit(seat, 1000)
        for client in clients:
            await client.straddle(True)
        await settle(clients, max(client.state.version for client in clients))
        seats = clients[0].state.seats
        assert all(seat["may_straddle"] and seat["straddling"] for seat in seats.values())
        await clients[0].start()
        await play_until_hand_over(clients, 1, passive)
        hand = clients[0].state.last_hand
        await close_all(clients)
    assert hand is not None
    started = hand["events"][0]
    # Seats 0 to 3, button 0: blinds 1 and 2; under the gun (3) straddles 40, the button
    # re-straddles 80; the small blind acts first.
    assert started["button"] == 0 and started["straddles"] == [3, 0]
    posted = [
        (event["seat"], event["amount"])
        for event in hand["events"]
        if event["type"] == "BlindPosted" and event["kind"] == "straddle"
    ]
    assert posted == [(3, 40), (0, 80)]
    acted = [event["seat"] for event in hand["events"] if event["type"] == "ActionTaken"]
    assert acted[:4] == [1, 2, 3, 0]


@scenario
async def test_a_table_without_straddles_refuses_the_choice(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, {"seats": 4}, 2)
        await clients[0].sit(0, 1000)
        await settle(clients, clients[0].state.version)
        assert clients[0].state.seats[0]["may_straddle"] is False
        with pytest.raises(ClientError, match="this table does not allow straddles"):
            await clients[0].straddle(True)
        await close_all(clients)
