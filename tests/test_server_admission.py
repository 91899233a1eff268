"""Who sits at a table: the invite link, the host's approval, names, and room for newcomers.

A stranger who has only the 4-digit code (it is read aloud, and there are only
10,000) asks for a seat and the host approves; friends who got the invite link sit
at once; the secret reaches the host alone. Names are one per player, readable.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pokernight.client import ClientError, TableClient, create_table, request_json
from pokernight.server.tables import newcomers
from tests.server_helpers import HOLDEM, close_all, scenario, serving


@scenario
async def test_by_default_a_newcomer_with_the_code_asks_and_the_host_lets_them_sit(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Ann", HOLDEM)  # the room's own defaults
        host = TableClient(url, created["code"], created["token"])
        await host.connect()
        await host.sit(0, 1_000)
        stranger = TableClient(url, created["code"])
        await stranger.join("Stranger")
        await stranger.sit(1, 1_000)
        asked = dict(host.state.seat_requests)
        seated_before = set(host.state.seats)
        await host.request({"type": "approve_seat", "player_id": stranger.player_id})
        await stranger.wait_for(lambda frame: frame.get("type") == "PlayerSeated")
        await stranger.stand_up()
        await stranger.sit(2, 1_000)  # let in once: no second approval
        seats = {seat: info["name"] for seat, info in stranger.state.seats.items()}
        await close_all([host, stranger])
    assert host.state.settings["approve_seats"] is True
    assert stranger.player_id in asked and seated_before == {0}
    assert seats == {0: "Ann", 2: "Stranger"}


@scenario
async def test_friends_with_the_invite_link_sit_at_once_and_only_the_host_holds_it(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Ann", HOLDEM)
        host = TableClient(url, created["code"], created["token"])
        await host.connect()
        friend = TableClient(url, created["code"])
        await friend.join("Bob", created["invite"])
        await friend.sit(1, 1_000)
        seated = friend.state.my_seat
        spectator = TableClient(url, created["code"])
        await spectator.watch()
        await host.sit(0, 1_000)
        await host.request({"type": "transfer_host", "player_id": friend.player_id})
        told = await friend.wait_for(lambda frame: frame.get("type") == "invite")
        host_welcome, friend_welcome = host.welcome, friend.welcome
        await close_all([host, friend, spectator])
    secret = created["invite"]
    assert len(secret) >= 20 and seated == 1
    assert host_welcome is not None and host_welcome["invite"] == secret
    assert friend_welcome is not None and friend_welcome["invite"] is None
    assert told == {"type": "invite", "invite": secret}  # the new host is given it
    before_host = [f for f in friend.frames if f is not told]
    assert secret not in str(before_host) and secret not in str(spectator.frames)


@scenario
async def test_a_wrong_invite_is_refused_and_approval_can_be_switched_off(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Ann", {**HOLDEM, "approve_seats": False})
        with pytest.raises(ClientError, match="this invite link is not the one of table"):
            await TableClient(url, created["code"]).join("Eve", "not-the-secret")
        walk_in = TableClient(url, created["code"])
        await walk_in.join("Walk-in")
        await walk_in.sit(3, 1_000)
        await close_all([walk_in])
    assert walk_in.state.my_seat == 3


@pytest.mark.parametrize(
    ("taken", "name", "reason"),
    [
        ("Alice", "alice", "already called alice"),
        ("Alice", "ＡＬＩＣＥ", "already called ALICE"),  # noqa: RUF001 (full-width on purpose)
        ("Alice", "  Alice  ", "already called Alice"),
        (None, "Al\u200bice", "control or invisible characters"),
        (None, "Bob\u202e", "control or invisible characters"),
        (None, "Bob\x7f", "control or invisible characters"),
        (None, "   ", "a name cannot be empty"),
        (None, "Easy bot 2", "kept for the bots"),
        (None, "x" * 33, "at most 32 characters"),
    ],
)
@scenario
async def test_names_are_one_per_player_and_readable(
    taken: str | None, name: str, reason: str, tmp_path: Path
) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Host", HOLDEM)
        if taken is not None:
            await TableClient(url, created["code"]).join(taken, created["invite"])
        with pytest.raises(ClientError, match=reason):
            await TableClient(url, created["code"]).join(name, created["invite"])


@scenario
async def test_a_name_is_shown_as_normalised(tmp_path: Path) -> None:
    shown: list[str] = []
    async with serving(tmp_path) as url:
        created = await create_table(url, "Host", HOLDEM)
        path = f"/api/tables/{created['code']}/join"
        name = "  \uff2dia\u00a0 Rose "  # a full-width M, a no-break space
        shown.append((await request_json(url, "POST", path, {"name": name}))["name"])
    assert shown == ["Mia Rose"]


@scenario
async def test_players_who_never_sit_are_bounded_and_the_unused_ones_make_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(newcomers, "MAX_NEVER_SEATED", 3)
    async with serving(tmp_path) as url:
        created = await create_table(url, "Host", HOLDEM)  # the host never sits: kept
        waiting = [TableClient(url, created["code"]) for _ in range(2)]
        for number, client in enumerate(waiting):
            await client.join(f"lurker {number}", created["invite"])
        await waiting[0].disconnect()  # lurker 1 keeps a page open
        with pytest.raises(ClientError, match="without sitting down: try again later"):
            await TableClient(url, created["code"]).join("one too many")
        monkeypatch.setattr(newcomers, "UNUSED_SECONDS", -1.0)  # every lurker is old now
        late = TableClient(url, created["code"])
        await late.join("late comer", created["invite"])
        with pytest.raises(ClientError, match="does not belong to table"):
            await waiting[0].connect()  # forgotten: the token no longer seats anybody
        await waiting[1].reconnect()  # a page open: kept
        host = TableClient(url, created["code"], created["token"])
        await host.connect()  # the host is never forgotten
        await close_all([waiting[1], late, host])


@scenario
async def test_with_no_host_left_a_spectator_gets_no_invite_and_a_stranger_still_asks(
    tmp_path: Path,
) -> None:
    """The host stands up with only bots left: the table has no host. Nobody (spectators
    have no player id either) is taken for the host, and a stranger with the code asks."""
    async with serving(tmp_path) as url:
        created = await create_table(url, "Ann", {**HOLDEM, "bot_delay_seconds": 0})
        async with TableClient(url, created["code"], created["token"]) as host:
            await host.sit(0, 1_000)
            await host.request({"type": "add_bot", "seat": 1, "level": "easy"})
            await host.request({"type": "add_bot", "seat": 2, "level": "easy"})
            await host.stand_up()
            await host.wait_for(lambda frame: frame.get("type") == "HostChanged")
            assert host.state.host is None
        spectator = TableClient(url, created["code"])
        await spectator.watch()
        stranger = TableClient(url, created["code"])
        await stranger.join("Stranger")
        await stranger.sit(3, 1_000)
        assert spectator.welcome is not None and spectator.welcome["invite"] is None
        assert stranger.welcome is not None and stranger.welcome["invite"] is None
        assert stranger.state.my_seat is None and stranger.player_id in (
            stranger.state.seat_requests
        )
        await close_all([spectator, stranger])


@scenario
async def test_the_host_makes_a_new_invite_link_and_the_old_one_seats_nobody(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Ann", HOLDEM)
        old = created["invite"]
        async with TableClient(url, created["code"], created["token"]) as host:
            guest = TableClient(url, created["code"])
            await guest.join("Bob", old)
            with pytest.raises(ClientError, match="only the host"):
                await guest.request({"type": "new_invite"})
            await host.request({"type": "new_invite"})
            told = await host.wait_for(lambda frame: frame.get("type") == "invite")
            with pytest.raises(ClientError, match="this invite link is not the one"):
                await TableClient(url, created["code"]).join("Cy", old)
            dee = TableClient(url, created["code"])
            await dee.join("Dee", told["invite"])
            assert told["invite"] != old
            assert all(frame.get("type") != "invite" for frame in guest.frames)
            await close_all([guest, dee])
