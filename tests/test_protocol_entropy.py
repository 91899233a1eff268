"""The players' part of the shuffle over real WebSockets: the deck is committed in the pause
before a deal, each seated client contributes, and the hand verifies from each one's view."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest

from pokernight.cli.main import main
from pokernight.client import ClientError, TableClient
from pokernight.table.hand_check import check_proof
from tests.server_helpers import (
    HOLDEM,
    Clock,
    Json,
    assert_no_hidden_card_leaked,
    close_all,
    contributed,
    open_table,
    passive,
    paused,
    play_until_hand_over,
    scenario,
    serving,
)


def proof_of(client: TableClient, hand_number: int) -> Json:
    return next(
        frame["fairness"]
        for frame in client.frames
        if frame.get("type") == "HandFinished" and frame["hand_number"] == hand_number
    )


@scenario
async def test_a_hand_with_two_contributions_verifies_from_each_clients_own_view(
    tmp_path: Path,
) -> None:
    clock = Clock()
    async with serving(tmp_path, paused(clock)) as url:
        _, clients = await open_table(url, HOLDEM, players=2)
        for seat, client in enumerate(clients):
            await client.sit(seat, 1_000)
        await clients[0].start()
        for client in clients:
            await contributed(client, 1)
        clock.now += 1.0  # the pause is over: the deal mixes both
        await play_until_hand_over(clients, 1, passive)
        await close_all(clients)
    mixed = None
    for client in clients:
        committed = next(f for f in client.frames if f.get("type") == "DeckCommitted")
        dealt = next(f for f in client.frames if f.get("type") == "HandDealt")
        assert committed["v"] < dealt["v"]  # the commitment came before the contributions
        assert dealt["commitment"] == committed["commitment"]
        proof = proof_of(client, 1)
        check = check_proof(proof, client.contributed[1])
        assert check.problems == []
        assert check.mine_mixed and check.contributions == 2
        assert len(check.seen) >= 2 + 5  # its own cards and the board, each placed
        mixed = dealt["contributions"] if mixed is None else mixed
        assert dealt["contributions"] == mixed
        assert_no_hidden_card_leaked(client)


@scenario
async def test_a_bad_contribution_is_refused_with_a_reason(tmp_path: Path) -> None:
    async with serving(tmp_path, paused(Clock())) as url:  # no deal: the clock stays
        _, clients = await open_table(url, HOLDEM, players=2)
        for seat, client in enumerate(clients):
            await client.sit(seat, 1_000)
        await clients[0].start()
        await contributed(clients[0], 1)
        committed = next(f for f in clients[0].frames if f.get("type") == "DeckCommitted")
        good = {"type": "contribute", "hand_number": 1, "commitment": committed["commitment"]}
        refusals = {
            "32 bytes": {**good, "value": "ab" * 8},
            "not for the next hand": {**good, "hand_number": 2, "value": "ab" * 32},
            "already": {**good, "value": "ab" * 32},
        }
        for words, message in refusals.items():
            with pytest.raises(ClientError, match=words):
                await clients[0].request(message)
        await close_all(clients)


@scenario
async def test_pokernight_verify_reads_a_hand_from_a_running_room(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    clock = Clock()
    async with serving(tmp_path, paused(clock)) as url:
        code, clients = await open_table(url, HOLDEM, players=2)
        for seat, client in enumerate(clients):
            await client.sit(seat, 1_000)
        await clients[0].start()
        for client in clients:
            await contributed(client, 1)
        clock.now += 1.0
        await play_until_hand_over(clients, 1, passive)
        guest = clients[1]
        args = ["verify", "--server", url, "--table", code, "--hand", "1"]
        mine = [*args, "--token", str(guest.token), "--contribution", guest.contributed[1]]
        assert await asyncio.to_thread(main, mine) == 0
        out = capsys.readouterr().out
        assert "your contribution is in the mix" in out
        assert await asyncio.to_thread(main, args) == 0  # everybody's proof: the board
        assert await asyncio.to_thread(main, [*args[:-1], "9"]) == 2
        assert f"the room says: table {code} has no finished hand #9" in capsys.readouterr().err
        await close_all(clients)


@scenario
async def test_a_player_back_in_the_pause_contributes_from_the_snapshot(tmp_path: Path) -> None:
    clock = Clock()
    # A ring of one version: coming back, the player gets a snapshot, not what was missed.
    async with serving(tmp_path, replace(paused(clock), ring_size=1)) as url:
        _, clients = await open_table(url, HOLDEM, players=2)
        for seat, client in enumerate(clients):
            await client.sit(seat, 1_000)
        away = clients[1]
        await away.disconnect()
        await clients[0].sit_out()  # versions enough that the ring has lost what it missed
        await clients[0].sit_in()
        await clients[0].start()
        await contributed(clients[0], 1)
        await away.reconnect()
        snapshot = await away.wait_for(lambda frame: frame.get("type") == "snapshot")
        assert snapshot["next_deck"]["hand_number"] == 1
        await contributed(away, 1)
        clock.now += 1.0
        await play_until_hand_over(clients, 1, passive)
        await close_all(clients)
    check = check_proof(proof_of(away, 1), away.contributed[1])
    assert check.problems == [] and check.mine_mixed and check.contributions == 2


@scenario
async def test_a_player_who_sits_down_in_the_pause_contributes_to_the_next_deal(
    tmp_path: Path,
) -> None:
    clock = Clock()
    async with serving(tmp_path, paused(clock)) as url:
        _, clients = await open_table(url, HOLDEM, players=3)
        for seat, client in enumerate(clients[:2]):
            await client.sit(seat, 1_000)
        await clients[0].start()
        await contributed(clients[0], 1)
        late = clients[2]
        await late.sit(2, 1_000)  # after the deck was committed
        await contributed(late, 1)
        clock.now += 1.0
        await play_until_hand_over(clients, 1, passive)
        await close_all(clients)
    check = check_proof(proof_of(late, 1), late.contributed[1])
    assert check.problems == [] and check.mine_mixed and check.contributions == 3
