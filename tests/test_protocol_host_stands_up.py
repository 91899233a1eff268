"""The host stands up a player who walked away, over real WebSockets: everybody hears the
``PlayerLeft`` with the host's reason and the dealer's line, the ledger keeps the cash-out
with its reason, anybody else is refused, and the player may sit again."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokernight.client import ClientError, request_json
from tests.server_helpers import HOLDEM, close_all, open_table, scenario, serving


@scenario
async def test_the_host_stands_up_a_player_who_walked_away(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=3)
        host, bob, cat = clients
        for seat, client in enumerate(clients):
            await client.sit(seat, 500)
        bob_id = bob.player_id
        with pytest.raises(ClientError, match="only the host can stand a player up"):
            await cat.request({"type": "stand_player_up", "player_id": bob_id, "reason": "gone"})
        with pytest.raises(ClientError, match="give a reason"):
            await host.request({"type": "stand_player_up", "player_id": bob_id, "reason": ""})

        await host.request({"type": "stand_player_up", "player_id": bob_id, "reason": "went home"})
        for client in clients:
            left = await client.wait_for(lambda f: f.get("type") == "PlayerLeft", timeout=10)
            assert (left["player_id"], left["cash_out"], left["reason"]) == (
                bob_id,
                500,
                "stood up by the host: went home",
            )
            line = await client.wait_for(lambda f: f.get("type") == "chat", timeout=10)
            assert (line["name"], line["text"]) == (
                "Dealer",
                "player1 leaves the table, cashed out with 500",
            )
        ledger = await request_json(url, "GET", f"/api/tables/{code}/ledger")
        # Not removed: Bob, back, sits down again.
        await bob.sit(4, 500)
        await close_all(clients)
    (entry,) = [e for e in ledger["entries"] if e["kind"] == "cash-out"]
    assert (entry["player_id"], entry["amount"], entry["reason"]) == (
        bob_id,
        500,
        "stood up by the host: went home",
    )
