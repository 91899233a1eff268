"""Bots at a server table and the host's seat controls, over real WebSockets."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pokernight.client import ClientError, TableClient, request_json
from pokernight.table import EntryKind, LedgerEntry, balances_between_people
from tests.server_helpers import (
    FAST,
    assert_no_hidden_card_leaked,
    close_all,
    open_table,
    passive,
    play_hands_then_pause,
    play_until_hand_over,
    scenario,
    serving,
)

QUICK_BOTS = {
    "variant": "nlhe",
    "stakes": {"small_blind": 5, "big_blind": 10},
    "seats": 6,
    "bot_delay_seconds": 0,
}


@scenario
async def test_a_human_and_two_bots_play_a_hand_and_the_bots_cards_stay_hidden(
    tmp_path: Path,
) -> None:
    # A ring of one version: the spectator who comes late is sent a snapshot.
    async with serving(tmp_path, replace(FAST, ring_size=1)) as url:
        code, (host,) = await open_table(url, QUICK_BOTS, players=1)
        await host.sit(0, 1_000)
        await host.request({"type": "add_bot", "seat": 1, "level": "easy"})
        await host.request({"type": "add_bot", "seat": 3, "level": "hard", "buy_in": 800})
        await host.start()
        await play_until_hand_over([host], 1, passive)
        spectator = TableClient(url, code)
        await spectator.watch()
        snapshot = await spectator.wait_for(lambda frame: frame.get("type") == "snapshot")
        ledger = await request_json(url, "GET", f"/api/tables/{code}/ledger")
        await close_all([host, spectator])
    seats = {seat["seat"]: seat for seat in snapshot["table"]["seats"]}
    assert (seats[0]["bot"], seats[1]["bot"], seats[3]["bot"]) == (None, "easy", "hard")
    assert sum(seat["stack"] for seat in seats.values()) == 1_000 + 1_000 + 800
    bought = {account["name"]: account["bought_in"] for account in ledger["accounts"]}
    assert bought == {"player0": 1_000, "Easy bot 2": 1_000, "Hard bot 4": 800}
    last = host.state.last_hand
    assert last is not None and last["hand_number"] >= 1
    acted = {frame["seat"] for frame in host.frames if frame.get("type") == "PlayerActed"}
    assert {1, 3} <= acted, f"both bots act in the first hand: {acted}"
    assert assert_no_hidden_card_leaked(host) >= 2
    assert assert_no_hidden_card_leaked(spectator) == 0
    assert host.state.gaps == 0


@scenario
async def test_the_host_approves_a_seat_and_sits_a_player_out(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, (host,) = await open_table(url, {**QUICK_BOTS, "approve_seats": True}, 1)
        guest = TableClient(url, code)
        await guest.join("guest")  # with the code only, not the invite link
        await host.sit(0, 1_000)
        await guest.sit(2, 1_000)
        assert 2 not in host.state.seats
        with pytest.raises(ClientError, match="only the host can approve a seat"):
            await guest.request({"type": "approve_seat", "player_id": guest.player_id})
        await host.request({"type": "approve_seat", "player_id": guest.player_id})
        await host.request({"type": "sit_player_out", "player_id": guest.player_id})
        await guest.wait_for(lambda frame: frame.get("type") == "SatOut")
        await close_all([host, guest])
    assert guest.state.seats[2]["player_id"] == guest.player_id
    assert guest.state.seats[2]["sitting_out"]


@scenario
async def test_a_bot_whose_turn_it_was_plays_on_after_a_restart(tmp_path: Path) -> None:
    # Bots think for 1.5 to 4.5 s here: the server is stopped while the bot is thinking.
    thinking = {**QUICK_BOTS, "bot_delay_seconds": 3}
    async with serving(tmp_path) as url:
        code, (host,) = await open_table(url, thinking, players=1)
        await host.sit(0, 1_000)
        await host.request({"type": "add_bot", "seat": 1, "level": "medium"})
        await host.start()
        while host.state.to_act != 1:
            if host.state.my_turn:
                await passive(host)
            else:
                await host.next_event(timeout=30)
        stopped_at = host.state.version
        token = host.token
        await host.disconnect()
    async with serving(tmp_path) as url:
        again = TableClient(url, code, token)
        await again.connect()
        acted = await again.wait_for(
            lambda frame: frame.get("type") == "PlayerActed" and frame["seat"] == 1
        )
        await again.disconnect()
    assert acted["v"] > stopped_at


@scenario
async def test_the_settle_up_is_between_people_and_bots_are_shown_apart(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, (host, guest) = await open_table(url, QUICK_BOTS, players=2)
        await host.sit(0, 1_000)
        await guest.sit(1, 1_000)
        await host.request({"type": "add_bot", "seat": 2, "level": "hard"})
        await host.start()
        # nobody busts: the people check or fold
        await play_hands_then_pause([host, guest], 3, _check_or_fold)
        ledger = await request_json(url, "GET", f"/api/tables/{code}/ledger")
        await close_all([host, guest])
    bots = {row["player_id"] for row in ledger["accounts"] if row["bot"]}
    people = {row["player_id"]: row["net"] for row in ledger["accounts"] if not row["bot"]}
    assert len(bots) == 1 and set(people) == {host.player_id, guest.player_id}
    transfers = ledger["settle_up"]
    assert not ({t["payer"] for t in transfers} | {t["payee"] for t in transfers}) & bots
    # The transfers square the balances between people, worked out from every entry.
    entries = [
        LedgerEntry(e["player_id"], EntryKind(e["kind"]), e["amount"], e["hand"])
        for e in ledger["entries"]
    ]
    owed = balances_between_people(entries, bots)
    for transfer in transfers:
        owed[transfer["payer"]] += transfer["amount"]
        owed[transfer["payee"]] -= transfer["amount"]
    assert set(owed.values()) <= {0}


async def _check_or_fold(client: TableClient) -> None:
    legal = client.state.legal
    assert legal is not None
    await client.act("check" if legal["can_check"] else "bring_in" if legal["can_bring_in"]
                     else "fold")  # fmt: skip
