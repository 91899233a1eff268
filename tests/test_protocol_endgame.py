"""After the hand and at the end of the night, over real WebSockets: the fairness proof each
recipient gets, showing cards by choice, statistics, sitting a bot in, closing the table."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pokernight.client import ClientError, TableClient, request_json
from pokernight.commitment import Reveal, check_reveals
from pokernight.server.tables import actor as actor_module
from pokernight.server.tables.dealer import dealer_line
from pokernight.server.tables.worded import Worded
from pokernight.table import Table, TableEvent
from tests.server_helpers import (
    FAST,
    HOLDEM,
    close_all,
    open_table,
    passive,
    play_hands_then_pause,
    play_until_hand_over,
    scenario,
    seat_and_start,
    serving,
    two_hands_watched,
)

Json = dict[str, Any]


def cards_seen(frames: list[Json]) -> set[str]:
    """Every card named in the hand events a client was sent."""
    seen: set[str] = set()
    for frame in frames:
        events = frame.get("hand") or []
        if frame.get("type") == "snapshot":
            events = (frame.get("hand") or {}).get("events", [])
        for event in events:
            if event["type"] in ("CardsDealt", "CardsShown"):
                seen.update(event["cards"])
    return seen


def first_hand_down_cards(frames: list[Json]) -> set[str]:
    """The face-down cards a player was dealt in the first hand they saw end."""
    cards: set[str] = set()
    for frame in frames:
        if frame.get("type") == "HandFinished":
            return cards
        for event in frame.get("hand") or []:
            if event["type"] == "CardsDealt" and not event["face_up"]:
                cards.update(event["cards"])
    raise AssertionError("no hand finished")


def proofs(frames: list[Json]) -> list[Json]:
    return [frame["fairness"] for frame in frames if frame.get("type") == "HandFinished"]


@scenario
async def test_each_recipient_gets_a_proof_of_exactly_the_cards_they_saw(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, clients, spectator = await two_hands_watched(url)
        hands = await request_json(url, "GET", f"/api/tables/{code}/hands")
        await close_all([*clients, spectator])
    for client in [*clients, spectator]:
        received = proofs(client.frames)
        assert len(received) >= 2
        seen = cards_seen(client.frames)
        for proof in received:
            reveals = [Reveal.from_dict(item) for item in proof["revealed"]]
            assert check_reveals(proof["commitment"], proof["leaves"], reveals) == []
            assert {str(item.card) for item in reveals} <= seen
    mine = {item["card"] for item in proofs(clients[0].frames)[0]["revealed"]}
    public = {item["card"] for item in proofs(spectator.frames)[0]["revealed"]}
    own = first_hand_down_cards(clients[0].frames)
    assert len(own) == 2 and mine == public | own  # own down cards proved to them too
    first = hands["hands"][0]
    assert first["fairness"]["commitment"] == first["commitment"]
    assert first["fairness"]["revealed"] == proofs(spectator.frames)[0]["revealed"]


@scenario
async def test_a_player_shows_the_last_hand_and_everybody_sees_it(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=2)
        await seat_and_start(clients, buy_in=500)

        async def fold(client: TableClient) -> None:
            legal = client.state.legal
            assert legal is not None
            await client.act("fold" if legal["can_fold"] else "check")

        await play_hands_then_pause(clients, 1, fold)
        shower = clients[0]  # folded or won without a showdown: either may show
        await shower.request({"type": "show_cards"})
        shown = await clients[1].wait_for(lambda m: m.get("type") == "CardsShownByChoice")
        said = await clients[1].wait_for(lambda m: m.get("code") == "cards_shown")
        with pytest.raises(ClientError, match="your cards are already shown"):
            await shower.request({"type": "show_cards"})
        # A page opened (or reloaded) later reads the dealer's line in the room's chat: the
        # server words it and keeps it, not each page (decision 83).
        later = TableClient(url, code, clients[1].token)
        await later.connect()
        room = await later.wait_for(lambda message: message.get("type") == "room")
        await close_all([*clients, later])
    assert shown["seat"] == shower.state.my_seat and len(shown["cards"]) == 2
    assert said["dealer"] and said["params"]["cards"] == " ".join(shown["cards"])
    assert room["chat"] == [said]


@scenario
async def test_each_dealers_line_is_worded_from_the_table_its_event_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command's events each leave a table: the close cashes out one player after another.
    A line is worded from the table its own event left, not the last one (a bounty's payers
    are named before the close that follows cashes them out: decision 83)."""
    seated: list[tuple[str, int]] = []

    def spy(event: TableEvent, table: Table, names: Mapping[str, str]) -> Worded | None:
        seated.append((type(event).__name__, len(table.seats)))
        return dealer_line(event, table, names)

    monkeypatch.setattr(actor_module, "dealer_line", spy)
    async with serving(tmp_path, replace(FAST, hand_pause_seconds=600)) as url:
        _, clients = await open_table(url, HOLDEM, players=3)
        await seat_and_start(clients, buy_in=500)
        seated.clear()
        await clients[0].request({"type": "close_table"})
        await clients[2].wait_for(lambda m: m.get("type") == "TableClosed", timeout=30)
        await close_all(clients)
    left = [count for kind, count in seated if kind == "PlayerLeft"]
    assert left == [2, 1, 0], seated


@scenario
async def test_statistics_count_every_finished_hand(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=3)
        await seat_and_start(clients, buy_in=500)
        await play_hands_then_pause(clients, 2, passive)
        stats = await request_json(url, "GET", f"/api/tables/{code}/stats")
        await close_all(clients)
    rows = stats["players"]
    assert len(rows) == 3
    assert all(row["hands"] >= 2 for row in rows)
    assert sum(row["net"] for row in rows) == 0
    assert {"vpip_percent", "pfr_percent", "aggression_factor"} <= set(rows[0])


@scenario
async def test_the_host_closes_the_table_everybody_is_cashed_out_and_the_code_is_closed(
    tmp_path: Path,
) -> None:
    # No deal comes before the close (a hand dealt first would make the close wait for its
    # end, the clock's minutes): the table closes between hands, at once.
    async with serving(tmp_path, replace(FAST, hand_pause_seconds=600)) as url:
        code, clients = await open_table(url, HOLDEM, players=3)
        await seat_and_start(clients, buy_in=500)
        with pytest.raises(ClientError, match="only the host can close the table"):
            await clients[1].request({"type": "close_table"})
        await clients[0].request({"type": "close_table"})
        await clients[2].wait_for(lambda m: m.get("type") == "TableClosed", timeout=30)
        ledger = await request_json(url, "GET", f"/api/tables/{code}/ledger")
        with pytest.raises(ClientError, match=f"table {code} is closed: the game is over"):
            await request_json(url, "POST", f"/api/tables/{code}/join", {"name": "Late"})
        with pytest.raises(ClientError, match="the table is closed"):
            await clients[0].start()
        await close_all(clients)
    assert clients[2].state.seats == {}
    assert all(account["at_table"] == 0 for account in ledger["accounts"])
    assert sum(account["net"] for account in ledger["accounts"]) == 0
    assert ledger["settle_up"] is not None


@scenario
async def test_each_version_of_one_move_tells_the_seats_its_event_left(tmp_path: Path) -> None:
    """The host closes mid-hand; the last action then ends the hand, cashes everybody out
    and closes the table, all at once: the hand's end is told with the seats and stacks it
    left (not the empty table of the close), and each cash-out with one seat fewer."""
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, HOLDEM, players=3)
        await seat_and_start(clients, buy_in=500)
        await clients[0].wait_for(lambda m: m.get("type") == "HandDealt")
        await clients[0].pause()
        await clients[0].request({"type": "close_table"})
        await play_until_hand_over(clients, 1, passive)
        await clients[1].wait_for(lambda m: m.get("type") == "TableClosed", timeout=30)
        await close_all(clients)
    frames = [frame for frame in clients[1].frames if "v" in frame and "seated" in frame]
    finished = next(frame for frame in frames if frame["type"] == "HandFinished")
    assert sum(seat["stack"] for seat in finished["seated"]) == 3 * 500
    assert len(finished["seated"]) == 3
    left = [frame for frame in frames if frame["type"] == "PlayerLeft"]
    assert [len(frame["seated"]) for frame in left] == [2, 1, 0]


@scenario
async def test_the_host_sits_a_bot_back_in(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, HOLDEM, players=1)
        host = clients[0]
        await host.sit(0, 500)
        await host.request({"type": "add_bot", "seat": 3, "level": "easy"})
        bot = next(seat for seat in host.state.seats.values() if seat["bot"])
        await host.request({"type": "sit_player_out", "player_id": bot["player_id"]})
        await host.request({"type": "sit_bot_in", "seat": 3})
        await host.wait_for(lambda m: m.get("type") == "SatIn")
        await close_all(clients)
    assert host.state.seats[3]["sitting_out"] is False


@pytest.mark.slow  # nothing happening is seen by waiting: the server's pauses, in wall time
@scenario
async def test_a_restarted_server_deals_no_new_hand_until_the_host_does(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=2)
        await seat_and_start(clients, buy_in=500)
        await play_until_hand_over(clients, 1, passive)
        await close_all(clients)
    async with serving(tmp_path) as url:
        before = await request_json(url, "GET", f"/api/tables/{code}")
        await asyncio.sleep(0.5)  # ten of the server's pauses between hands
        after = await request_json(url, "GET", f"/api/tables/{code}")
    assert before["running"] is False and after["running"] is False
    assert after["hand_number"] == before["hand_number"]


@scenario
async def test_everybody_hears_who_has_a_page_open(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        _, clients = await open_table(url, HOLDEM, players=2)
        host, guest = clients
        both = await host.wait_for(
            lambda m: m.get("type") == "presence" and len(m["connected"]) == 2
        )
        await guest.disconnect()
        alone = await host.wait_for(
            lambda m: m.get("type") == "presence" and len(m["connected"]) == 1
        )
        kept = host.state.connected
        await close_all([host])
    assert set(both["connected"]) == {host.player_id, guest.player_id}
    assert alone["connected"] == [host.player_id]
    assert host.player_id is not None
    assert kept == frozenset({host.player_id}), "the client's state keeps who is there"


@scenario
async def test_closing_during_a_hand_plays_it_out_cashes_everybody_out_and_closes_the_code(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, HOLDEM, players=3)
        await seat_and_start(clients, buy_in=500)
        await clients[0].wait_for(lambda m: m.get("type") == "HandDealt")
        await clients[0].request({"type": "close_table"})
        await play_until_hand_over(clients, 1, passive)
        for client in clients:
            await client.wait_for(lambda m: m.get("type") == "TableClosed", timeout=30)
        with pytest.raises(ClientError, match=f"table {code} is closed: the game is over"):
            await request_json(url, "GET", f"/api/tables/{code}")
        ledger = await request_json(url, "GET", f"/api/tables/{code}/ledger")
        hands = await request_json(url, "GET", f"/api/tables/{code}/hands")
        # The server serves other tables as before.
        other, others = await open_table(url, HOLDEM, players=2)
        await seat_and_start(others, buy_in=500)
        await play_until_hand_over(others, 1, passive)
        info = await request_json(url, "GET", f"/api/tables/{other}")
        await close_all([*clients, *others])
    assert all(client.state.seats == {} for client in clients)
    assert all(account["at_table"] == 0 for account in ledger["accounts"])
    assert sum(account["net"] for account in ledger["accounts"]) == 0
    assert sum(account["cashed_out"] for account in ledger["accounts"]) == 1_500
    assert [hand["hand_number"] for hand in hands["hands"]] == [1]
    assert info["hand_number"] >= 1
