"""The host corrects a stack and removes a player over real WebSockets (decision 51): every
client hears the event and the dealer's line with the host's reason, the ledger keeps both
entries with their reasons and balances, and anybody else is refused."""

from __future__ import annotations

import asyncio
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from pokernight.client import ClientError, TableClient, request_json
from tests.server_helpers import (
    HOLDEM,
    close_all,
    open_table,
    passive,
    play_until_hand_over,
    scenario,
    seat_and_start,
    serving,
    settle,
)

Json = dict[str, Any]


def fetch_text(url: str) -> str:
    with urllib.request.urlopen(url, timeout=30) as response:
        return str(response.read().decode())


def of_type(client: TableClient, kind: str) -> list[Json]:
    """The frames of type ``kind`` ``client`` received so far."""
    return [frame for frame in client.frames if frame.get("type") == kind]


async def heard(client: TableClient, kind: str, text: str | None = None) -> Json:
    """The frame of type ``kind`` (a chat line: holding ``text``) ``client`` received."""
    return await client.wait_for(
        lambda frame: frame.get("type") == kind and (text is None or text in frame.get("text", "")),
        timeout=10,
    )


@scenario
async def test_the_host_corrects_a_stack_and_removes_a_player_everybody_hears_it(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=3)
        host, bob, cat = clients
        for seat, client in enumerate(clients):
            await client.sit(seat, 500)
        bob_id, cat_id = bob.player_id, cat.player_id
        assert bob_id is not None and cat_id is not None
        before = await request_json(url, "GET", f"/api/tables/{code}")
        with pytest.raises(ClientError, match="only the host can correct a stack"):
            await bob.request(
                {"type": "correct_stack", "player_id": bob_id, "stack": 2_000, "reason": "mine"}
            )
        with pytest.raises(ClientError, match="only the host can remove a player"):
            await bob.request({"type": "remove_player", "player_id": cat_id, "reason": "rude"})
        with pytest.raises(ClientError, match="give a reason"):
            await host.request({"type": "remove_player", "player_id": cat_id, "reason": " "})
        assert (await request_json(url, "GET", f"/api/tables/{code}"))["version"] == before[
            "version"
        ]

        await host.request(
            {"type": "correct_stack", "player_id": bob_id, "stack": 700, "reason": "paid 200 cash"}
        )
        await host.request({"type": "remove_player", "player_id": cat_id, "reason": "rude"})
        for client in clients:
            await heard(client, "chat", "player2 leaves the table, cashed out with 500")
            (corrected,) = of_type(client, "StackCorrected")
            assert (corrected["stack"], corrected["was"], corrected["reason"]) == (
                700,
                500,
                "paid 200 cash",
            )
            (gone,) = of_type(client, "PlayerRemoved")
            (left,) = of_type(client, "PlayerLeft")
            assert (gone["player_id"], gone["reason"]) == (cat_id, "rude")
            assert (left["player_id"], left["reason"]) == (cat_id, "removed by the host: rude")
            lines = [(line["name"], line["text"]) for line in of_type(client, "chat")]
            assert lines == [
                ("Dealer", "The host set player1's stack to 700 (was 500): paid 200 cash"),
                ("Dealer", "The host removed player2 from the table: rude"),
                ("Dealer", "player2 leaves the table, cashed out with 500"),
            ]
        with pytest.raises(ClientError, match=r"the host removed you from this table \(rude\)"):
            await cat.sit(4, 500)

        ledger = await request_json(url, "GET", f"/api/tables/{code}/ledger")
        csv = await asyncio.to_thread(fetch_text, f"{url}/api/tables/{code}/ledger?format=csv")
        await host.request({"type": "let_player_back", "player_id": cat_id})
        await heard(cat, "PlayerLetBack")
        await cat.sit(4, 500)
        await close_all(clients)
    reasons = [(e["kind"], e["amount"], e["reason"]) for e in ledger["entries"] if e["reason"]]
    assert reasons == [
        ("correction", 200, "paid 200 cash"),
        ("cash-out", 500, "removed by the host: rude"),
    ]
    accounts = {account["player_id"]: account for account in ledger["accounts"]}
    assert (accounts[bob_id]["bought_in"], accounts[bob_id]["at_table"]) == (700, 700)
    assert accounts[cat_id]["at_table"] == 0
    bought = sum(account["bought_in"] for account in accounts.values())
    out = sum(account["cashed_out"] for account in accounts.values())
    at_table = sum(account["at_table"] for account in accounts.values())
    assert bought == at_table + out  # every chip accounted for
    assert sum(account["net"] for account in accounts.values()) == 0
    assert "correction,200,paid 200 cash" in csv
    assert "cash-out,500,removed by the host: rude" in csv


@scenario
async def test_a_player_removed_during_a_hand_is_played_by_the_clock_and_leaves_after_it(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, HOLDEM, players=3)
        await seat_and_start(clients, buy_in=500)
        host, bob, cat = clients
        while host.state.hand is None:
            await host.next_event(timeout=10)
        await host.pause()  # this hand is the last: the test watches it end
        await settle(clients, host.state.version)
        cat_id = cat.player_id
        await host.request({"type": "remove_player", "player_id": cat_id, "reason": "must go"})
        removed = await heard(cat, "PlayerRemoved")
        assert removed["reason"] == "must go"
        assert next(s for s in removed["seated"] if s["player_id"] == cat_id)["removed"] is True
        # Cat's page may not play: the clock does, at once, at each of cat's turns.
        await play_until_hand_over([host, bob], 1, passive)
        left = await heard(host, "PlayerLeft")
        await close_all(clients)
    assert (left["player_id"], left["reason"]) == (cat_id, "removed by the host: must go")
    cat_moves = [
        frame
        for frame in host.frames
        if frame.get("type") == "PlayerActed" and frame["seat"] == 2 and frame["v"] > removed["v"]
    ]
    assert cat_moves and all(frame["timed_out"] and frame["absent"] for frame in cat_moves)
    assert all(seat["player_id"] != cat_id for seat in host.state.seats.values())
