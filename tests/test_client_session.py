"""``ClientSession``: the one way in and back of the terminal game and program seats, at a
real server's table: sit in a free seat, wait for the host's approval (asked in this run or
an earlier one, or declined), come back to the seat held, and reconnect and catch up."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from pokernight.client import ClientSession, InboxClient, TableClient, create_table
from tests.server_helpers import HOLDEM, scenario, serving

Json = dict[str, Any]


class Voice:
    """A ``SessionVoice`` that writes down what it was asked to say."""

    def __init__(self) -> None:
        self.said: list[tuple[Any, ...]] = []

    def back(self, seat: int) -> None:
        self.said.append(("back", seat))

    def sat(self, seat: int, buy_in: int) -> None:
        self.said.append(("sat", seat, buy_in))

    def waiting(self, seat: int) -> None:
        self.said.append(("waiting", seat))

    def let_in(self, seat: int, buy_in: int, *, asked_before: bool) -> None:
        self.said.append(("let in", seat, buy_in, asked_before))

    def not_let_in(self) -> str:
        return "no seat for you"

    def reconnecting(self) -> None:
        self.said.append(("reconnecting",))

    def reconnected(self) -> None:
        self.said.append(("reconnected",))


def session_of(url: str, code: str, taken: list[Json] | None = None) -> tuple[ClientSession, Voice]:
    """A session for a new ``InboxClient``; every message it takes is put in ``taken``."""
    voice = Voice()
    kept = [] if taken is None else taken
    return ClientSession(InboxClient(url, code, None), voice, kept.append), voice


async def said(voice: Voice, what: str) -> None:
    while not any(entry[0] == what for entry in voice.said):
        await asyncio.sleep(0.01)


@scenario
async def test_a_newcomer_with_the_link_sits_in_the_first_free_seat_with_the_largest_buy_in(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Host", {**HOLDEM, "max_buy_in": 800})
        async with TableClient(url, created["code"], created["token"]) as host:
            await host.sit(0, 500)
            taken: list[Json] = []
            session, voice = session_of(url, created["code"], taken)
            assert not await session.come_back(None, forget=None)  # no token kept: join
            await session.client.join("Ann", created["invite"])
            await session.catch_up()
            # All the past went through ``take``; what is left is news (the room, who is here).
            assert [message["type"] for message in taken] == ["TableOpened", "PlayerSeated"]
            inbox = session.client.inbox
            left = [inbox.get_nowait() for _ in range(inbox.qsize())]
            assert not any("v" in message for message in left)
            await session.sit()
            assert voice.said == [("sat", 1, 800)]
            assert session.client.state.my_seat == 1
            await session.client.disconnect()


@scenario
async def test_without_the_link_the_session_waits_for_the_host_and_says_when_let_in(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Host", {**HOLDEM, "approve_seats": True})
        async with TableClient(url, created["code"], created["token"]) as host:
            session, voice = session_of(url, created["code"])
            await session.client.join("Bea")
            await session.catch_up()
            sitting = asyncio.ensure_future(session.sit(seat=3, buy_in=400))
            asked = await host.wait_for(lambda event: event.get("type") == "SeatRequested")
            await said(voice, "waiting")
            assert not sitting.done()
            await host.request({"type": "approve_seat", "player_id": asked["player_id"]})
            await sitting
            assert voice.said == [("waiting", 3), ("let in", 3, 400, False)]
            assert session.client.state.my_seat == 3
            await session.client.disconnect()


@scenario
async def test_a_seat_asked_for_in_an_earlier_run_is_waited_for_again_and_a_refusal_is_an_error(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Host", {**HOLDEM, "approve_seats": True})
        code = created["code"]
        async with TableClient(url, code, created["token"]) as host:
            first, _ = session_of(url, code)
            await first.client.join("Cy")
            await first.catch_up()
            asking = asyncio.ensure_future(first.sit(seat=2, buy_in=300))
            asked = await host.wait_for(lambda event: event.get("type") == "SeatRequested")
            asking.cancel()  # the run ends while it waits
            await first.client.disconnect()
            again, voice = session_of(url, code)
            assert await again.come_back(first.client.token, forget=None)
            await again.catch_up()
            waiting = asyncio.ensure_future(again.sit())
            await said(voice, "waiting")
            await host.request({"type": "decline_seat", "player_id": asked["player_id"]})
            with pytest.raises(ValueError, match="no seat for you"):
                await waiting
            assert voice.said == [("waiting", 2)]
            await again.client.disconnect()


@scenario
async def test_a_player_comes_back_to_the_seat_held_and_sits_in_again(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Host", HOLDEM)
        code = created["code"]
        async with TableClient(url, code, created["token"]) as host:
            await host.sit(0, 500)
            player = TableClient(url, code)
            await player.join("Di", created["invite"])
            await player.sit(4, 500)
            await player.sit_out()
            await player.disconnect()
            session, voice = session_of(url, code)
            forgotten: list[bool] = []
            assert not await session.come_back("not-a-token", lambda: forgotten.append(True))
            assert forgotten == [True]
            assert await session.come_back(player.token, forget=None)
            await session.catch_up()
            await session.sit(seat=1, buy_in=200)  # the seat held wins over the one asked
            assert voice.said == [("back", 4)]
            seat = session.client.state.seats[4]
            assert seat["player_id"] == session.client.player_id and not seat["sitting_out"]
            await session.client.disconnect()
            assert host.state.seats[4]["name"] == "Di"


@scenario
async def test_a_drop_is_reconnected_from_the_last_version_and_what_was_missed_arrives(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        created = await create_table(url, "Host", HOLDEM)
        code = created["code"]
        async with TableClient(url, code, created["token"]) as host:
            await host.sit(0, 500)
            session, voice = session_of(url, code)
            client = session.client
            await client.join("Eve", created["invite"])
            await session.catch_up()
            await session.sit(seat=1, buy_in=500)
            await client.disconnect()  # as a network drop: nobody told the session
            first = client.connections
            await host.request({"type": "add_bot", "seat": 2, "level": "easy"})
            marker = await client.inbox.get()
            while not await session.dropped(marker):
                marker = await client.inbox.get()
            assert voice.said[-2:] == [("reconnecting",), ("reconnected",)]
            assert client.connections == first + 1
            # The version missed while away comes in order, after the reconnect.
            async with asyncio.timeout(10):
                while 2 not in client.state.seats:
                    message = await client.inbox.get()
                    assert not await session.dropped(message)
            assert client.state.version == host.state.version
            # The close of an older connection is a drop of nothing: no reconnect.
            assert await session.dropped({"type": "connection dropped", "connection": first})
            assert voice.said.count(("reconnecting",)) == 1
            await client.disconnect()


@scenario
async def test_a_drop_while_waiting_for_the_host_is_reconnected_and_the_wait_goes_on(
    tmp_path: Path,
) -> None:
    """The terminal waited for ever after a drop here (its inbox's marker was taken as
    news); the seat stopped. Both reconnect now, and are let in when the host says so."""
    async with serving(tmp_path) as url:
        created = await create_table(url, "Host", {**HOLDEM, "approve_seats": True})
        async with TableClient(url, created["code"], created["token"]) as host:
            session, voice = session_of(url, created["code"])
            await session.client.join("Flo")
            await session.catch_up()
            sitting = asyncio.ensure_future(session.sit(seat=5, buy_in=400))
            asked = await host.wait_for(lambda event: event.get("type") == "SeatRequested")
            await said(voice, "waiting")
            await session.client.disconnect()  # as a network drop
            await said(voice, "reconnected")
            await host.request({"type": "approve_seat", "player_id": asked["player_id"]})
            async with asyncio.timeout(10):
                await sitting
            assert voice.said == [
                ("waiting", 5),
                ("reconnecting",),
                ("reconnected",),
                ("let in", 5, 400, False),
            ]
            await session.client.disconnect()
