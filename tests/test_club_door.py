"""The club against strangers (issue 30): each finding, written as the attack it was.

On main at aede3cc each of these attacks succeeded: a table opened with ``member: true``
made anybody a member (and the room's first one its organiser); a payee's word alone
moved a debt onto whoever they chose; an organiser's claim handed a guest's folded cards
and live seat to another device; any member read every night, hand and open table code.
Each is refused now, with a reason, and changes nothing. The settle-up's routing
(finding 3) is ``tests/test_table_settle.py`` and ``tests/test_history_season.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pokernight.cli.club import organiser_wanted
from pokernight.client import ClientError, TableClient, create_table, request_json
from tests.server_helpers import (
    HOLDEM,
    Policy,
    bet_then_call,
    close_all,
    club_founder,
    invite_into_club,
    passive,
    play_hands_then_pause,
    room_database,
    scenario,
    serving,
    serving_app,
)

Json = dict[str, Any]


async def _get(url: str, path: str, device: str | None) -> Any:
    return await request_json(url, "GET", path, device=device)


async def bob_wins(client: TableClient) -> None:
    """Bob bets or raises whenever he may, Alice folds to any bet: Bob wins the blinds of
    every hand, whatever the cards."""
    legal, state = client.state.legal, client.state
    assert legal is not None
    bob = any(
        s["name"] == "Bob" and s["player_id"] == state.player_id for s in state.seats.values()
    )
    if bob and legal["min_raise_to"]:
        await client.act("bet_or_raise", legal["min_raise_to"])
    elif bob or legal["can_check"]:
        await passive(client)
    else:
        await client.act("fold")


async def _two_friends_play(
    url: str, alice: str, hands: int, policy: Policy = bet_then_call
) -> tuple[list[TableClient], Json]:
    """Alice (a member) hosts Bob (made a member by her invite link); ``hands`` hands are
    played and the table paused, not closed: its code is live. The clients and the table."""
    table = await create_table(url, "Alice", HOLDEM, device=alice)
    host = TableClient(url, table["code"], table["token"], device=alice)
    await host.connect()
    bob = TableClient(url, table["code"])
    await bob.join("Bob", table["invite"], member=True)
    for seat, client in enumerate((host, bob)):
        await client.sit(seat, 500)
    await host.start()
    await play_hands_then_pause([host, bob], hands, policy)
    return [host, bob], table


@scenario
async def test_finding_1_a_stranger_who_asks_to_be_a_member_stays_a_guest(tmp_path: Path) -> None:
    """``POST /api/tables {"name": "Mallory", "member": true}`` returned a member's device."""
    async with serving_app(tmp_path) as (url, app):
        mallory = await request_json(
            url, "POST", "/api/tables", {"name": "Mallory", "member": True}
        )
        assert mallory["member"] is None and mallory["device"] is None
        assert "ask a member for an invitation" in mallory["membership"]
        # Nor by joining a guest's table, with its invite link or without it.
        for invite in (mallory["invite"], None):
            sock = TableClient(url, mallory["code"])
            await sock.join(f"Sock {'A' if invite else 'B'}", invite, member=True)
            assert sock.device is None
        with pytest.raises(ClientError, match="that invitation is wrong or was used already"):
            await request_json(url, "POST", "/api/club/join", {"invite": "x" * 22, "name": "M"})
        with pytest.raises(ClientError, match="sign in on this device first"):
            await _get(url, "/api/club/season", None)
        store = app.state.lobby.store
        assert await store.club.club_members((await store.club.default_club()).id) == []


@scenario
async def test_finding_2_one_sides_word_moves_no_debt(tmp_path: Path) -> None:
    """Mallory, a member, recorded "Bob paid Mallory 20": Bob's debt to Alice moved to her.
    A debtor did the same with an account of his own ("Bobby")."""
    async with serving(tmp_path) as url:
        alice = await club_founder(url, tmp_path, "Alice")
        clients, _ = await _two_friends_play(url, alice, 3, bob_wins)
        bob = clients[1].device
        assert bob is not None
        before = await _get(url, "/api/club/season", alice)
        debtor, creditor = sorted(before["standings"], key=lambda row: row["balance"])
        assert (debtor["name"], creditor["name"]) == ("Alice", "Bob") and creditor["balance"] > 0
        mallory = await invite_into_club(url, alice, "Mallory")
        bobby = await invite_into_club(url, bob, "Bobby")
        devices = {"Alice": alice, "Bob": bob}
        members = (await _get(url, "/api/club/season", alice))["members"]
        ids = {member["name"]: member["member_id"] for member in members}
        stolen = {"payer": debtor["member_id"], "payee": ids["Mallory"], "amount": 20}
        with pytest.raises(ClientError, match="Mallory is owed 0 in the season: a payment"):
            await request_json(url, "POST", "/api/club/payments", stolen, device=mallory)
        sock = {"payer": debtor["member_id"], "payee": ids["Bobby"], "amount": 20}
        for device in (devices[debtor["name"]], bobby):
            with pytest.raises(ClientError, match="Bobby is owed 0 in the season: a payment"):
                await request_json(url, "POST", "/api/club/payments", sock, device=device)
        meddling = {"payer": debtor["member_id"], "payee": creditor["member_id"], "amount": 20}
        with pytest.raises(ClientError, match="only the payer or the payee can record"):
            await request_json(url, "POST", "/api/club/payments", meddling, device=mallory)
        after = await _get(url, "/api/club/season", alice)
        assert after["standings"] == before["standings"]
        assert after["settle_up"] == before["settle_up"] and after["payments"] == []
        await close_all(clients)


@scenario
async def test_finding_4_nobody_organises_by_being_first_and_no_claim_takes_a_seat(
    tmp_path: Path,
) -> None:
    """A stranger's first ``member: true`` table made him the organiser; his claim of Bob's
    guest seat showed him Bob's folded cards and let his device play Bob's seat."""
    async with serving(tmp_path) as url:
        ann = await create_table(url, "Ann", HOLDEM)  # friends play as guests, the default
        host = TableClient(url, ann["code"], ann["token"])
        await host.connect()
        bob = TableClient(url, ann["code"])
        await bob.join("Bob", ann["invite"])
        for seat, client in enumerate((host, bob)):
            await client.sit(seat, 500)
        await host.start()
        await play_hands_then_pause([host, bob], 2, bet_then_call)
        assert bob.state.player_id is not None

        first = await request_json(url, "POST", "/api/tables", {"name": "Mallory", "member": True})
        assert first["device"] is None  # no member, so no organiser
        claim = {"player_id": int(bob.state.player_id), "member_id": 1}
        with pytest.raises(ClientError, match="sign in on this device first"):
            await request_json(url, "POST", "/api/club/claim-guest", claim)
        # The organiser's link is the operator's: it waits for whoever they give it to.
        link = await organiser_wanted(room_database(tmp_path))
        assert link is not None
        olga = await club_founder(url, tmp_path, "Olga")
        assert await organiser_wanted(room_database(tmp_path)) is None
        mallory = await invite_into_club(url, olga, "Mallory", organiser=True)  # turned bad
        with pytest.raises(ClientError, match="bad request body"):
            await request_json(url, "POST", "/api/club/claim-guest", claim, device=mallory)
        guess = {"seat_token": "a" * 43}
        with pytest.raises(ClientError, match="that seat token is nobody's"):
            await request_json(url, "POST", "/api/club/claim-guest", guess, device=mallory)
        with pytest.raises(ClientError, match="did not play at table 1"):
            await _get(url, "/api/club/tables/1/hands/1/replay", mallory)
        as_bob = TableClient(url, ann["code"], device=mallory)
        with pytest.raises(ClientError, match="Mallory has not joined this table yet"):
            await as_bob.connect()
        await close_all([host, bob])


@scenario
async def test_finding_5_a_member_sees_the_nights_they_played_and_names_cannot_pass_for_others(
    tmp_path: Path,
) -> None:
    """Any member read every night, hand, replay and open table code; "Alice" with a
    Cyrillic capital A sat beside Alice."""
    async with serving(tmp_path) as url:
        alice = await club_founder(url, tmp_path, "Alice")
        clients, table = await _two_friends_play(url, alice, 2)
        carol = await invite_into_club(url, alice, "Carol")
        seen = await _get(url, "/api/club/season", carol)
        assert [row["name"] for row in seen["standings"]] != []  # the standings: everybody's
        assert seen["nights"] == [] and table["code"] not in str(seen)  # no open table code
        assert (await _get(url, "/api/club/hands", carol))["total"] == 0
        with pytest.raises(ClientError, match="you did not play at table"):
            await _get(url, "/api/club/tables/1/hands/1/replay", carol)
        stats = await _get(url, "/api/club/stats", carol)
        assert stats["players"] == [] and stats["series"] == {}
        assert (await _get(url, "/api/club/season", alice))["nights"][0]["code"] == table["code"]

        other = await create_table(url, "Host", HOLDEM)
        for lookalike, member in (
            ("\u0410lice", "Alice"),
            ("B\u03bfb", "Bob"),
        ):  # Cyrillic A, Greek o
            newcomer = TableClient(url, other["code"])
            with pytest.raises(ClientError, match=f"{member} is a member of this club"):
                await newcomer.join(lookalike, other["invite"])
        code = (await request_json(url, "POST", "/api/club/invites", {}, device=carol))["invite"]
        with pytest.raises(ClientError, match="the club already has a member called Alice"):
            await request_json(
                url, "POST", "/api/club/join", {"invite": code, "name": "\u0410lice"}
            )
        dave = TableClient(url, other["code"])
        await dave.join("Dave", other["invite"])
        with pytest.raises(ClientError, match="somebody at this table is already called"):
            await TableClient(url, other["code"]).join("D\u0430ve", other["invite"])
        await close_all([*clients, dave])
