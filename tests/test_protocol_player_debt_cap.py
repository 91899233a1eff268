"""The host sets one player's debt cap over real WebSockets (seed 003, "Chip Limits":
"Maximum Debt: configurable per player"; decision 57): everybody hears it, the player is
refused above it with the reason, and the seats and the ledger show the cap counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokernight.client import ClientError, request_json
from tests.server_helpers import close_all, open_table, scenario, serving, settle

# The seed's room: every player may owe 1,000 (buy-ins 200 to 1,000 at blinds 5/10).
SEED_003_TABLE = {
    "variant": "nlhe",
    "stakes": {"small_blind": 5, "big_blind": 10},
    "debt_cap": 1000,
}


@scenario
async def test_the_host_sets_bobs_cap_bob_is_refused_above_it_and_the_ledger_shows_it(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, SEED_003_TABLE, players=3)
        host, bob, cat = clients
        await host.sit(0, 1000)
        await bob.sit(1, 400)
        await cat.sit(2, 400)
        bob_id, cat_id = bob.player_id, cat.player_id
        assert bob_id is not None and cat_id is not None

        with pytest.raises(ClientError, match="only the host can set a player's debt cap"):
            await bob.request({"type": "set_debt_cap", "player_id": bob_id, "cap": 5000})
        with pytest.raises(ClientError, match="would not allow the minimum buy-in of 200"):
            await host.request({"type": "set_debt_cap", "player_id": bob_id, "cap": 100})
        await host.request({"type": "set_debt_cap", "player_id": bob_id, "cap": 600})
        for client in clients:
            await client.wait_for(lambda frame: frame.get("type") == "DebtCapSet", timeout=10)
            await client.wait_for(
                lambda frame: frame.get("text") == "The host sets player1's own debt cap to 600",
                timeout=10,
            )

        with pytest.raises(
            ClientError,
            match="your own debt cap of 600 reached: you owe 400 and cannot take 300 more",
        ):
            await bob.add_chips(300)
        await bob.add_chips(200)  # exactly his room
        await cat.add_chips(600)  # the table's 1,000 still counts for Cat
        await settle(clients, cat.state.version)

        seats = {seat["player_id"]: seat for seat in host.state.seats.values()}
        assert seats[bob_id]["rebuy"] == {
            "amount": 0,
            "limit": "debt",
            "owed": 600,
            "cap": 600,
            "own_cap": True,
        }
        assert seats[cat_id]["rebuy"]["cap"] == 1000
        assert seats[cat_id]["rebuy"]["own_cap"] is False
        ledger = await request_json(url, "GET", f"/api/tables/{code}/ledger")
        accounts = {account["player_id"]: account for account in ledger["accounts"]}
        assert (accounts[bob_id]["debt_cap"], accounts[bob_id]["own_debt_cap"]) == (600, 600)
        assert (accounts[cat_id]["debt_cap"], accounts[cat_id]["own_debt_cap"]) == (1000, None)
        assert accounts[bob_id]["chips_room"]["amount"] == 0

        # None gives him the table's cap again.
        await host.request({"type": "set_debt_cap", "player_id": bob_id, "cap": None})
        await bob.wait_for(
            lambda frame: "the table's debt cap again (1,000)" in frame.get("text", ""), timeout=10
        )
        await bob.add_chips(400)
        await close_all(clients)
