"""Complete hands over real WebSockets: hold'em and Follow the Queen, every frame checked."""

from __future__ import annotations

from pathlib import Path

from pokernight.client import request_json
from tests.server_helpers import (
    assert_no_hidden_card_leaked,
    close_all,
    open_table,
    passive,
    play_until_hand_over,
    scenario,
    seat_and_start,
    serving,
    two_hands_watched,
)

FOLLOW_THE_QUEEN = {"variant": "ftq", "seats": 4}


@scenario
async def test_holdem_hands_play_to_the_end_and_conserve_chips(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, clients, spectator = await two_hands_watched(url)
        ledger = await request_json(url, "GET", f"/api/tables/{code}/ledger")
        hands = await request_json(url, "GET", f"/api/tables/{code}/hands")
        await close_all([*clients, spectator])
    last = clients[0].state.last_hand
    assert last is not None and last["hand_number"] >= 2
    at_table = sum(account["at_table"] for account in ledger["accounts"])
    assert at_table == 3 * 500
    assert sum(account["net"] for account in ledger["accounts"]) == 0
    assert len(hands["hands"]) >= 2
    for client in clients:
        assert client.state.gaps == 0
        assert assert_no_hidden_card_leaked(client) >= 4  # two hole cards, two hands
    assert assert_no_hidden_card_leaked(spectator) == 0
    assert spectator.state.version == clients[0].state.version


@scenario
async def test_follow_the_queen_hand_plays_to_the_end(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, FOLLOW_THE_QUEEN, players=3)
        await seat_and_start(clients, buy_in=1_000)
        await play_until_hand_over(clients, 1, passive)
        await close_all(clients)
    last = clients[0].state.last_hand
    assert last is not None and last["variant"] == "ftq"
    stacks = sum(seat["stack"] for seat in clients[0].state.seats.values())
    assert stacks == 3 * 1_000
    for client in clients:
        assert assert_no_hidden_card_leaked(client) >= 2  # dealt two cards face down
        assert client.state.gaps == 0
