"""Fuzzing the club's HTTP requests (issue 30): strangers and a member who turned bad send
random, mutated and made-up requests to every route of the club, and nothing of anybody
else's changes.

A real server (``serving_app``) holds a club: Alice organises it, Bob is a member, they
played a night in which Bob won Alice's blinds (so money is owed), Gil sat as a guest, and
Bob recorded a payment that waits for Alice's word. Hypothesis then sends batches of
requests to each club route (the season, payments, invitations, claims, merges,
organisers, devices, the log, hands, replays) with bodies drawn from the routes' own
fields, mutated, or junk, from three senders: a stranger (no device), a made-up device,
and Mallory, a member of the club with nothing at stake.

After every request: an answer, never a server error, and every refusal a one-line reason
in JSON. After every batch: the season's money (standings, settle-up, payments), who
played each seat, the club's organisers and Bob's device are as they were, and the
server logged no traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from pokernight.client import TableClient, create_table, request_json
from tests.async_helpers import loop_of_its_own
from tests.server_helpers import (
    FAST,
    HOLDEM,
    club_founder,
    invite_into_club,
    play_hands_then_pause,
    serving_app,
)
from tests.test_club_door import bob_wins

Json = dict[str, Any]
EXAMPLES = 100
ROUTES = [
    ("GET", "/api/club"),
    ("GET", "/api/club/season"),
    ("GET", "/api/club/season.csv"),
    ("GET", "/api/club/stats"),
    ("GET", "/api/club/hands"),
    ("GET", "/api/club/log"),
    ("GET", "/api/club/devices"),
    ("POST", "/api/club/invites"),
    ("POST", "/api/club/join"),
    ("POST", "/api/club/claim-code"),
    ("POST", "/api/club/claim"),
    ("POST", "/api/club/merge"),
    ("POST", "/api/club/guest-seats"),
    ("POST", "/api/club/claim-guest"),
    ("POST", "/api/club/organisers"),
    ("POST", "/api/club/payments"),
    ("POST", "/api/club/payments/{n}/confirm"),
    ("POST", "/api/club/payments/{n}/settle"),
    ("DELETE", "/api/club/payments/{n}"),
    ("DELETE", "/api/club/devices/{key}"),
    ("GET", "/api/club/tables/{n}/hands/{n}/replay"),
]
FIELDS = {
    "payer": st.integers(-3, 8),
    "payee": st.integers(-3, 8),
    "amount": st.integers(-10, 10**8),
    "member_id": st.integers(-3, 8),
    "organiser": st.booleans(),
    "counts": st.booleans(),
    "invite": st.text(max_size=70),
    "name": st.text(max_size=40),
    "code": st.text(max_size=40),
    "seat_token": st.text(max_size=140),
    "seat_tokens": st.lists(st.text(max_size=50), max_size=5),
    "player_id": st.integers(-3, 8),
    "into": st.integers(-3, 8),
    "other": st.integers(-3, 8),
}
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=10,
)


@st.composite
def bodies(draw: st.DrawFn) -> bytes | None:
    """A body made of the club's own fields (mostly of their own kind), random JSON, junk
    text, or none."""
    kind = draw(st.sampled_from(["fields", "fields", "json", "junk", "none"]))
    if kind == "fields":
        names = draw(st.lists(st.sampled_from(sorted(FIELDS)), max_size=4, unique=True))
        values = {name: draw(FIELDS[name] | JSON_VALUES) for name in names}
        return json.dumps(values).encode()
    if kind == "json":
        return json.dumps(draw(JSON_VALUES)).encode()
    if kind == "junk":
        return draw(st.binary(max_size=200))
    return None


@st.composite
def paths(draw: st.DrawFn) -> tuple[str, str]:
    method, path = draw(st.sampled_from(ROUTES))
    number = draw(st.integers(1, 6) | st.integers(0, 2**62).map(str) | st.text(max_size=6))
    key = draw(st.text(alphabet="0123456789abcdef", max_size=14))
    path = path.replace("{key}", key).replace("{n}", urllib.parse.quote(str(number)))
    return method, path


@dataclass(frozen=True)
class Request:
    sender: str
    method: str
    path: str
    body: bytes | None


REQUESTS = st.builds(
    lambda sender, route, body: Request(sender, route[0], route[1], body),
    st.sampled_from(["stranger", "made-up device", "mallory"]),
    paths(),
    bodies(),
)
BATCHES = st.lists(REQUESTS, min_size=1, max_size=6)


class Club:
    """The room, its people's devices, and what nobody but them may change."""

    def __init__(self, url: str, devices: dict[str, str]) -> None:
        self.url = url
        self.devices = devices

    def send(self, request: Request) -> None:
        device = {"mallory": self.devices["Mallory"], "made-up device": "x" * 43}.get(
            request.sender
        )
        headers = {"content-type": "application/json"}
        if device is not None:
            headers["x-pokernight-device"] = device
        sent = urllib.request.Request(
            self.url + request.path, data=request.body, method=request.method, headers=headers
        )
        where = f"{request.sender} {request.method} {request.path} {request.body!r}"
        try:
            with urllib.request.urlopen(sent, timeout=30) as answer:
                assert answer.status < 400, where
        except urllib.error.HTTPError as refused:
            assert refused.code < 500, f"{where}: {refused.code} {refused.read()!r}"
            reason = json.loads(refused.read())["error"]
            assert reason and "\n" not in reason, f"{where}: {reason!r}"

    async def untouchable(self) -> Json:
        """What only Alice and Bob may change, as Alice reads it."""
        season = await request_json(
            self.url, "GET", "/api/club/season", device=self.devices["Alice"]
        )
        bob = await request_json(self.url, "GET", "/api/club", device=self.devices["Bob"])
        return {
            "standings": season["standings"],
            "settle_up": season["settle_up"],
            "payments": [(p["id"], p["counts"], p["amount"]) for p in season["payments"]],
            "nights": [(n["table_id"], n["people"]) for n in season["nights"]],
            "organisers": [m["name"] for m in season["members"] if m["organiser"]],
            "bob": bob["me"],
        }


async def _open_club(url: str, tmp_path: Path) -> Club:
    alice = await club_founder(url, tmp_path, "Alice")
    table = await create_table(url, "Alice", HOLDEM, device=alice)
    host = TableClient(url, table["code"], table["token"], device=alice)
    await host.connect()
    bob, gil = TableClient(url, table["code"]), TableClient(url, table["code"])
    await bob.join("Bob", table["invite"], member=True)
    await gil.join("Gil", table["invite"])
    assert bob.device is not None
    for seat, client in enumerate((host, bob)):
        await client.sit(seat, 500)
    await host.start()
    await play_hands_then_pause([host, bob], 3, bob_wins)
    for client in (host, bob, gil):
        await client.disconnect()
    season = await request_json(url, "GET", "/api/club/season", device=alice)
    ids = {member["name"]: member["member_id"] for member in season["members"]}
    waiting = {"payer": ids["Alice"], "payee": ids["Bob"], "amount": 5}
    await request_json(url, "POST", "/api/club/payments", waiting, device=bob.device)
    mallory = await invite_into_club(url, alice, "Mallory")
    return Club(url, {"Alice": alice, "Bob": bob.device, "Mallory": mallory})


def _live_club(tmp_path: Path) -> contextlib.AbstractContextManager[tuple[Club, Any]]:
    """A club on a server on an event loop of its own, which runs while a batch is sent."""

    async def opening(stack: contextlib.AsyncExitStack) -> Club:
        url, _ = await stack.enter_async_context(serving_app(tmp_path, FAST))
        return await _open_club(url, tmp_path)

    return loop_of_its_own(opening)


def test_fuzzed_club_requests_are_answered_and_change_nobody_elses_seats_or_money(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    with _live_club(tmp_path) as (club, loop), caplog.at_level(logging.ERROR):
        before = loop.run_until_complete(club.untouchable())
        assert before["payments"] and before["settle_up"]  # money is owed, a payment waits

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            phases=[Phase.explicit, Phase.reuse, Phase.generate],
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(batch=BATCHES)
        def one_batch(batch: list[Request]) -> None:
            async def send_all() -> Json:
                for request in batch:
                    await asyncio.to_thread(club.send, request)
                return await club.untouchable()

            assert loop.run_until_complete(send_all()) == before
            assert not [r for r in caplog.records if r.levelno >= logging.ERROR]

        one_batch()
