"""Reconnection and the clock: missed versions, snapshots, an absent player folded."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from pokernight.client import TableClient
from tests.server_helpers import (
    FAST,
    HOLDEM,
    assert_no_hidden_card_leaked,
    close_all,
    open_table,
    passive,
    play_until_hand_over,
    scenario,
    seat_and_start,
    serving,
    settle,
)


@scenario
async def test_a_player_who_reconnects_mid_hand_gets_the_versions_missed(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, HOLDEM, players=3)
        await seat_and_start(clients, buy_in=500)
        away = clients[2]
        await away.wait_for(lambda event: event.get("type") == "HandDealt")
        await away.disconnect()
        left_at = away.state.version
        others = clients[:2]
        await settle(others, left_at)  # they may hear the deal after ``away`` did
        while clients[0].state.to_act != away.state.my_seat:
            actor = next(c for c in others if c.state.my_turn)
            await passive(actor)
            await settle(others, actor.state.version)
        await away.reconnect()
        await settle([away], clients[0].state.version)
        resumed = [f for f in away.frames if "v" in f and f["v"] > left_at]
        assert resumed and all(frame.get("type") != "snapshot" for frame in resumed)
        assert away.state.my_turn
        assert away.state.cards_of(away.state.my_seat or 0) == clients[2].state.cards_of(
            away.state.my_seat or 0
        )
        await play_until_hand_over(clients, 1, passive)
        await close_all(clients)
    assert away.state.gaps == 0
    assert assert_no_hidden_card_leaked(away) >= 2


@scenario
async def test_a_player_too_far_behind_gets_a_snapshot_with_own_cards_only(tmp_path: Path) -> None:
    async with serving(tmp_path, replace(FAST, ring_size=2)) as url:
        _, clients = await open_table(url, HOLDEM, players=4)
        await seat_and_start(clients[:3], buy_in=500)
        away, late = clients[1], clients[3]
        await away.wait_for(lambda event: event.get("type") == "HandDealt")
        mine = list(away.state.cards_of(away.state.my_seat or 0))
        await away.disconnect()
        await late.sit(3, 500)  # three versions while away: more than the ring holds
        await late.sit_out()
        await late.sit_in()
        await away.reconnect()
        snapshot = await away.wait_for(lambda event: event.get("type") == "snapshot")
        await close_all(clients)
    hand = snapshot["hand"]
    index = hand["seats"].index(away.state.my_seat)
    assert hand["cards"][index][:2] == mine
    for other, cards in enumerate(hand["cards"]):
        if other != index:
            assert all(card is None for card in cards[:2])
    assert assert_no_hidden_card_leaked(away) >= 2


@scenario
async def test_the_clock_folds_an_absent_player_and_two_timeouts_sit_them_out(
    tmp_path: Path,
) -> None:
    # A minute of time bank that the absent player never draws on: the clock acts after
    # the 0.2 s action clock (else every turn would wait the minute, past the timeouts).
    settings = {**HOLDEM, "action_seconds": 0.2, "time_bank_seconds": 60}
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, settings, players=2)
        await seat_and_start(clients, buy_in=500)
        absent = clients[1]
        seat = absent.state.my_seat
        await absent.disconnect()
        host = clients[0]
        while not any(f.get("type") == "SatOut" and f["seat"] == seat for f in host.frames):
            if host.state.my_turn:
                await passive(host)
            else:
                await host.next_event(timeout=10)
        sat_out = next(f for f in host.frames if f.get("type") == "SatOut")
        timed_out = [
            frame
            for frame in host.frames
            if frame.get("type") == "PlayerActed" and frame["timed_out"]
        ]
        await close_all(clients)
    assert sat_out["reason"] == "timed out twice in a row"
    assert len(timed_out) >= 2
    assert all(frame["seat"] == seat for frame in timed_out)
    assert {frame["kind"] for frame in timed_out} <= {"fold", "check"}


@scenario
async def test_a_spectator_resuming_sees_no_hidden_card(tmp_path: Path) -> None:
    async with serving(tmp_path, replace(FAST, ring_size=2)) as url:
        code, clients = await open_table(url, HOLDEM, players=2)
        await seat_and_start(clients, buy_in=500)
        await clients[0].wait_for(lambda event: event.get("type") == "HandDealt")
        spectator = TableClient(url, code)
        await spectator.watch()
        await spectator.wait_for(lambda event: event.get("type") == "snapshot")
        await close_all([*clients, spectator])
    assert assert_no_hidden_card_leaked(spectator) == 0


@scenario
async def test_a_page_resumed_from_memory_gets_the_chat_and_whether_the_table_deals(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=2)
        await seat_and_start(clients, buy_in=500)
        await clients[1].chat("good luck")
        await clients[0].pause()
        await clients[0].start()
        fresh = TableClient(url, code, clients[1].token)  # a reload: version 0
        await fresh.connect()
        room = await fresh.wait_for(lambda message: message.get("type") == "room")
        snapshots = [frame for frame in fresh.frames if frame.get("type") == "snapshot"]
        await close_all([*clients, fresh])
    assert not snapshots, "a young table resumes from its versions in memory"
    assert room["running"] is True
    assert [line["text"] for line in room["chat"]] == ["good luck"]


@scenario
async def test_the_chat_and_the_dealers_lines_come_back_after_a_restart(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, (ann, bob) = await open_table(url, HOLDEM, players=2)
        await seat_and_start([ann, bob], buy_in=500)
        await bob.chat("good luck")
        await ann.transfer_host(bob.player_id or "")
        await ann.chat("all yours")
        said = await bob.wait_for(lambda m: m.get("type") == "chat" and m["text"] == "all yours")
        await close_all([ann, bob])
    async with serving(tmp_path) as url:
        back = TableClient(url, code, ann.token)
        await back.connect()
        room = await back.wait_for(lambda message: message.get("type") == "room")
        to_act = back.state.seats[back.state.to_act or 0]["name"]
        await close_all([back])
    chat = room["chat"]
    assert [(line["name"], line["text"]) for line in chat] == [
        ("player1", "good luck"),
        ("Dealer", "player0 hands the host role to player1"),
        ("player0", "all yours"),
        # The hand in play was taken up again: the turn is timed from now (decision 81).
        ("Dealer", f"The room was down and is back: {to_act}'s clock starts again"),
    ]
    assert chat[2] == said, "each line as the pages were told it"
