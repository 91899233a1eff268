"""The club over HTTP and WebSocket (decisions 35 and 50): members who come back, devices
signed in by claim codes, claims and merges on the people's own word, the season's money,
statistics and hands. The attacks the door keeps out: ``tests/test_club_door.py``."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from pokernight.client import ClientError, TableClient, create_table, request_json
from tests.server_helpers import (
    FAST,
    HOLDEM,
    bet_then_call,
    close_all,
    club_founder,
    invite_into_club,
    play_hands_then_pause,
    play_until_hand_over,
    scenario,
    serving,
    shove,
)

Json = dict[str, Any]


async def _night(
    url: str, tmp_path: Path, names: list[str], devices: dict[str, str], hands: int
) -> list[TableClient]:
    """A table hosted by ``names[0]``, every player a member: the host let into the club
    first if not yet (the founder by the operator's invitation, else invited by a member),
    the others seated by the host's invite link (a member host's word) when they have no
    device yet; ``hands`` hands played."""
    host_name = names[0]
    if host_name not in devices:
        inviter = next(iter(devices.values()), None)
        devices[host_name] = (
            await club_founder(url, tmp_path, host_name)
            if inviter is None
            else await invite_into_club(url, inviter, host_name)
        )
    host = await create_table(url, host_name, HOLDEM, device=devices[host_name])
    clients = [TableClient(url, host["code"], host["token"], device=devices[host_name])]
    await clients[0].connect()
    for name in names[1:]:
        client = TableClient(url, host["code"], device=devices.get(name))
        await client.join(name, host["invite"], member=True)
        assert client.device is not None
        devices[name] = client.device
        clients.append(client)
    for seat, client in enumerate(clients):
        await client.sit(seat, 500)
    await clients[0].start()
    await play_hands_then_pause(clients, hands, bet_then_call)
    return clients


async def _get(url: str, path: str, device: str | None) -> Any:
    return await request_json(url, "GET", path, device=device)


@scenario
async def test_a_member_comes_back_on_their_device_and_their_name_is_theirs(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        alice = await club_founder(url, tmp_path, "Alice")
        me = await _get(url, "/api/club", alice)
        assert (
            me["me"]["name"] == "Alice" and me["me"]["organiser"] and me["club"]["name"] == "Home"
        )
        assert (await _get(url, "/api/club", None))["me"] is None

        second = await create_table(url, "Bob", HOLDEM)
        stranger = TableClient(url, second["code"])
        with pytest.raises(ClientError, match="Alice is a member of this club: if you are Alice"):
            await stranger.join("alice", second["invite"])  # reads the same as Alice
        back = TableClient(url, second["code"], device=alice)
        await back.join("whatever I type", second["invite"])
        assert back.state.player_id is not None
        assert back.welcome is not None and back.welcome["name"] == "Alice"
        guest = TableClient(url, second["code"])
        await guest.join("Carol", second["invite"])  # not a member: a guest
        assert guest.device is None
        await close_all([back, guest])


@scenario
async def test_a_claim_code_signs_a_second_device_in_and_it_reaches_the_same_seat(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        laptop = await club_founder(url, tmp_path, "Alice")
        created = await create_table(url, "Alice", HOLDEM, device=laptop)
        code = (await request_json(url, "POST", "/api/club/claim-code", {}, device=laptop))["code"]
        assert len(code) == 6
        with pytest.raises(ClientError, match="sign in on this device first"):
            await request_json(url, "POST", "/api/club/claim-code", {})
        claimed = await request_json(url, "POST", "/api/club/claim", {"code": code.lower()})
        phone = claimed["device"]
        assert claimed["member"]["name"] == "Alice" and phone != laptop
        with pytest.raises(ClientError, match="that code is wrong or was used already") as spent:
            await request_json(url, "POST", "/api/club/claim", {"code": code})
        assert spent.value.code == "claim_code_wrong"  # the club's refusal, by code
        # The phone joins the table the laptop hosts: the same seat, no second player.
        seat = TableClient(url, created["code"], device=phone)
        joined = await request_json(
            url, "POST", f"/api/tables/{created['code']}/join", {"name": "Alice"}, device=phone
        )
        assert joined["player_id"] == created["player_id"] and joined["token"] is None
        await seat.connect()
        assert seat.welcome is not None and seat.welcome["player_id"] == created["player_id"]
        await seat.disconnect()


@scenario
async def test_the_season_adds_up_the_nights_and_payments_settle_it(tmp_path: Path) -> None:
    # Seeded: with the cards left to chance, every hand of both nights could be split and
    # nobody owe anybody, which a payment (it settles a debt) then cannot follow.
    async with serving(tmp_path, replace(FAST, shuffle_seed=3)) as url:
        devices: dict[str, str] = {}
        nights = [
            await _night(url, tmp_path, ["Alice", "Bob", "Carol"], devices, 3),
            await _night(url, tmp_path, ["Bob", "Alice", "Dan"], devices, 3),
        ]
        ledgers = [
            await request_json(url, "GET", f"/api/tables/{clients[0].code}/settle")
            for clients in nights
        ]
        season = await _get(url, "/api/club/season", devices["Alice"])
        with pytest.raises(ClientError, match="sign in on this device first"):
            await _get(url, "/api/club/season", None)
        for clients in nights:
            await close_all(clients)

        by_name = {row["name"]: row for row in season["standings"]}
        assert set(by_name) == {"Alice", "Bob", "Carol", "Dan"}
        assert by_name["Alice"]["nights"] == by_name["Bob"]["nights"] == 2
        nightly: dict[str, int] = {}
        for night in season["nights"]:
            for person in night["people"]:
                nightly[person["name"]] = nightly.get(person["name"], 0) + person["balance"]
        assert {name: row["won"] for name, row in by_name.items()} == nightly
        # Each night's own settle-up (the table's) pays what the season counts for it.
        for ledger, night in zip(ledgers, reversed(season["nights"]), strict=True):
            settled = {p["name"]: p["balance"] for p in night["people"]}
            for transfer in ledger["transfers"]:
                settled[transfer["payer_name"]] += transfer["amount"]
                settled[transfer["payee_name"]] -= transfer["amount"]
            assert set(settled.values()) == {0}
        assert sum(row["balance"] for row in season["standings"]) == 0

        creditor = max(season["standings"], key=lambda row: row["balance"])
        others = [row for row in season["standings"] if row["key"] != creditor["key"]]
        debtor = min(others, key=lambda row: row["balance"])  # split pots may square all
        payment = {"payer": debtor["member_id"], "payee": creditor["member_id"], "amount": 7}
        for name in devices.keys() - {creditor["name"], debtor["name"]}:
            with pytest.raises(ClientError, match="only the payer or the payee can record"):
                await request_json(url, "POST", "/api/club/payments", payment, device=devices[name])
        recorded = await request_json(
            url, "POST", "/api/club/payments", payment, device=devices[debtor["name"]]
        )
        assert not recorded["counts"] and recorded["can"]["withdraw"]
        waiting = await _get(url, "/api/club/season", devices["Alice"])
        assert waiting["standings"] == season["standings"]  # one side's word: nothing moves
        confirm = f"/api/club/payments/{recorded['id']}/confirm"
        with pytest.raises(ClientError, match=f"{creditor['name']} has to confirm it") as own:
            await request_json(url, "POST", confirm, {}, device=devices[debtor["name"]])
        assert (own.value.code, own.value.params) == (
            "confirm_other_side",
            {"name": creditor["name"]},
        )
        await request_json(url, "POST", confirm, {}, device=devices[creditor["name"]])
        after = await _get(url, "/api/club/season", devices["Alice"])
        balances = {row["key"]: row["balance"] for row in after["standings"]}
        assert balances[debtor["key"]] == debtor["balance"] + 7
        assert balances[creditor["key"]] == creditor["balance"] - 7
        for transfer in after["settle_up"]:
            balances[transfer["payer"]] += transfer["amount"]
            balances[transfer["payee"]] -= transfer["amount"]
        assert set(balances.values()) == {0}
        undo = f"/api/club/payments/{recorded['id']}"
        for side in (debtor, creditor):
            with pytest.raises(ClientError, match="only an organiser can undo it now"):
                await request_json(url, "DELETE", undo, device=devices[side["name"]])
        settle = f"/api/club/payments/{recorded['id']}/settle"
        await request_json(url, "POST", settle, {"counts": False}, device=devices["Alice"])
        again = await _get(url, "/api/club/season", devices["Alice"])
        assert again["payments"] == [] and again["standings"] == season["standings"]
        log = (await _get(url, "/api/club/log", devices["Alice"]))["log"]
        assert log[-1]["action"] == "dispute" and log[-1]["detail"]["counts"] is False


@scenario
async def test_a_guest_claims_their_own_seat_and_two_members_merge_on_both_words(
    tmp_path: Path,
) -> None:
    """A seat, its cards and its money move from one person to another only on that
    person's word: the guest's seat token, the absorbed member's claim code."""
    async with serving(tmp_path) as url:
        alice = await club_founder(url, tmp_path, "Alice")
        host = await create_table(url, "Alice", HOLDEM, device=alice)
        hosting = TableClient(url, host["code"], host["token"], device=alice)
        await hosting.connect()
        guest = TableClient(url, host["code"])
        await guest.join("Al", host["invite"])  # a guest: he did not ask to be remembered
        await guest.sit(1, 500)
        assert guest.device is None and guest.token is not None
        bob, bobby = TableClient(url, host["code"]), TableClient(url, host["code"])
        await bob.join("Bob", host["invite"], member=True)
        await bobby.join("Bobby", host["invite"], member=True)
        assert bob.device is not None and bobby.device is not None

        al_seat = {"seat_token": guest.token}
        with pytest.raises(ClientError, match="Alice already has a seat at that table"):
            await request_json(url, "POST", "/api/club/claim-guest", al_seat, device=alice)
        alan = await invite_into_club(url, alice, "Alan")  # Al, a member now, says it was him
        claimed = await request_json(url, "POST", "/api/club/claim-guest", al_seat, device=alan)
        assert claimed["player_id"] == guest.state.player_id

        code = await request_json(url, "POST", "/api/club/claim-code", {}, device=bobby.device)
        merged = await request_json(
            url, "POST", "/api/club/merge", {"code": code["code"]}, device=bob.device
        )
        assert merged["member"]["name"] == "Bob"
        named = {"member_id": merged["member"]["member_id"]}
        with pytest.raises(ClientError, match="only an organiser of the club can"):
            await request_json(url, "POST", "/api/club/organisers", named, device=bob.device)
        await request_json(url, "POST", "/api/club/organisers", named, device=alice)
        after = await _get(url, "/api/club/season", alice)
        assert [m["name"] for m in after["members"]] == ["Alan", "Alice", "Bob"]
        alan_row = next(row for row in after["standings"] if row["name"] == "Alan")
        assert alan_row["nights"] == 1  # the guest seat's night is Alan's now
        me = await _get(url, "/api/club", bobby.device)
        assert me["me"]["name"] == "Bob" and me["me"]["organiser"]  # Bobby's device: Bob's
        log = [entry["action"] for entry in (await _get(url, "/api/club/log", alice))["log"]]
        assert log == ["invited", "seated", "seated", "invited", "claimed seat", "merged",
                       "organiser"]  # fmt: skip
        await close_all([hosting, guest, bob, bobby])


@scenario
async def test_hands_are_found_by_player_pot_and_showdown_and_replayed_privately(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        devices: dict[str, str] = {}
        clients = await _night(url, tmp_path, ["Alice", "Bob"], devices, 4)
        found = await _get(url, "/api/club/hands", devices["Alice"])
        assert found["total"] == len(found["hands"]) >= 4
        alice_key = found["hands"][0]["players"][0]["key"]
        mine = await _get(url, f"/api/club/hands?player={alice_key}", devices["Alice"])
        assert mine["total"] == found["total"]
        big = max(hand["pot"] for hand in found["hands"])
        biggest = await _get(url, f"/api/club/hands?min_pot={big}", devices["Alice"])
        assert {hand["pot"] for hand in biggest["hands"]} == {big}
        shown = await _get(url, "/api/club/hands?showdown=1", devices["Alice"])
        assert all(hand["showdown"] for hand in shown["hands"])
        with pytest.raises(ClientError, match="bad search"):
            await _get(url, "/api/club/hands?min_pot=lots", devices["Alice"])

        hand = found["hands"][-1]
        path = f"/api/club/tables/{hand['table_id']}/hands/{hand['number']}/replay"
        as_alice = await _get(url, path, devices["Alice"])
        as_bob = await _get(url, path, devices["Bob"])
        coached = await _get(url, f"{path}?coach=1", devices["Alice"])
        await close_all(clients)
    assert "coach" not in as_alice  # only asked for: the coach costs a core's tenth a decision
    alice_decisions = [
        step
        for step in coached["steps"]
        if step["status"]["to_act"] == coached["seats"][coached["viewer"]["hand_seat"]]
    ]
    assert len(coached["coach"]) == len(alice_decisions)  # her own decisions, each priced
    alice_seat = as_alice["viewer"]["hand_seat"]
    bob_seat = as_bob["viewer"]["hand_seat"]
    first = as_alice["steps"][0]["cards"]
    assert all(first[alice_seat]) and all(as_bob["steps"][0]["cards"][bob_seat])
    assert not any(first[bob_seat])  # Bob's hole cards are not Alice's to see at the deal


@scenario
async def test_a_members_unpaid_debt_follows_them_to_the_next_table(tmp_path: Path) -> None:
    """Whoever loses everything at the first table owes it at the second: the debt cap counts
    it, until a payment squares it."""
    async with serving(tmp_path) as url:
        devices = {"Alice": await club_founder(url, tmp_path, "Alice")}
        first = await create_table(url, "Alice", HOLDEM, device=devices["Alice"])
        alice = TableClient(url, first["code"], first["token"], device=devices["Alice"])
        await alice.connect()
        carol = TableClient(url, first["code"])
        await carol.join("Carol", first["invite"], member=True)
        assert carol.device is not None
        devices["Carol"] = carol.device
        for seat, client in enumerate((alice, carol)):
            await client.sit(seat, 500)
        await alice.start()
        hand = 1
        while True:  # two all-ins may tie and split the pot: shove again until one is broke
            await play_until_hand_over([alice, carol], hand, shove)
            stacks = {seat["name"]: seat["stack"] for seat in alice.state.seats.values()}
            if 0 in stacks.values():
                break
            hand += 1
        await alice.pause()
        loser = min(stacks, key=lambda name: stacks[name])
        winner = max(stacks, key=lambda name: stacks[name])
        assert stacks[loser] == 0 and stacks[winner] == 1_000
        await close_all([alice, carol])

        capped = {**HOLDEM, "min_buy_in": 100, "max_buy_in": 1_000, "debt_cap": 1_000}
        second = await create_table(url, "Host", capped)
        owing = TableClient(url, second["code"], device=devices[loser])
        await owing.join(loser, second["invite"])
        with pytest.raises(ClientError, match="debt cap of 1,000 reached: you owe 500 and "):
            await owing.sit(0, 600)
        await owing.sit(0, 500)
        with pytest.raises(ClientError, match="you owe 1,000 and cannot take 400 more"):
            await owing.add_chips(400)
        season = await _get(url, "/api/club/season", devices[loser])
        ids = {member["name"]: member["member_id"] for member in season["members"]}
        payment = {"payer": ids[loser], "payee": ids[winner], "amount": 500}
        paid = await request_json(
            url, "POST", "/api/club/payments", payment, device=devices[winner]
        )
        with pytest.raises(ClientError, match="you owe 1,000 and cannot take 400 more"):
            await owing.add_chips(400)  # the payee's word alone moves no money
        confirm = f"/api/club/payments/{paid['id']}/confirm"
        await request_json(url, "POST", confirm, {}, device=devices[loser])
        await owing.add_chips(400)  # the 500 owed is paid: room again
        await owing.disconnect()


@scenario
async def test_a_join_that_fails_makes_nobody_a_member(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        alice = await club_founder(url, tmp_path, "Alice")
        table = await create_table(url, "Alice", HOLDEM, device=alice)
        dan = TableClient(url, table["code"])
        await dan.join("Dan", table["invite"])  # a guest called Dan
        with pytest.raises(ClientError, match=r"(?i)somebody at this table is already called dan"):
            await request_json(
                url, "POST", f"/api/tables/{table['code']}/join",
                {"name": "dan", "member": True, "invite": table["invite"]},
            )  # fmt: skip
        other = await create_table(url, "Alice", HOLDEM, device=alice)
        joined = await request_json(
            url, "POST", f"/api/tables/{other['code']}/join",
            {"name": "Dan", "member": True, "invite": other["invite"]},
        )  # fmt: skip  # no "is this you?": the refused join made no member
        assert joined["member"]["name"] == "Dan" and joined["device"]


@scenario
async def test_two_seats_of_one_night_merged_are_one_person_that_night(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        devices: dict[str, str] = {}
        clients = await _night(url, tmp_path, ["Alice", "Bob", "Bobby"], devices, 3)
        await close_all(clients)
        season = await _get(url, "/api/club/season", devices["Alice"])
        before = {row["name"]: row["balance"] for row in season["standings"]}
        code = await request_json(url, "POST", "/api/club/claim-code", {}, device=devices["Bobby"])
        merge = {"code": code["code"]}
        await request_json(url, "POST", "/api/club/merge", merge, device=devices["Bob"])
        after = await _get(url, "/api/club/season", devices["Alice"])
    bob = next(row for row in after["standings"] if row["name"] == "Bob")
    assert bob["balance"] == before["Bob"] + before["Bobby"]
    assert bob["nights"] == 1 and bob["hands"] == 6  # one night; both seats' hands counted
    [night] = after["nights"]
    assert [person["name"] for person in night["people"]] == ["Alice", "Bob"]
    assert sum(person["balance"] for person in night["people"]) == 0


@scenario
async def test_a_device_signed_out_from_another_stops_playing_as_the_member(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        laptop = await club_founder(url, tmp_path, "Alice")
        code = (await request_json(url, "POST", "/api/club/claim-code", {}, device=laptop))["code"]
        phone = (await request_json(url, "POST", "/api/club/claim", {"code": code}))["device"]
        listed = (await _get(url, "/api/club/devices", laptop))["devices"]
        assert len(listed) == 2 and [device["current"] for device in listed].count(True) == 1
        lost = next(device for device in listed if not device["current"])
        await request_json(url, "DELETE", f"/api/club/devices/{lost['key']}", device=laptop)
        assert (await _get(url, "/api/club", phone))["me"] is None
        assert (await _get(url, "/api/club", laptop))["me"]["name"] == "Alice"
        with pytest.raises(ClientError, match="there is no device"):
            await request_json(url, "DELETE", f"/api/club/devices/{lost['key']}", device=laptop)
