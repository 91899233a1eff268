"""Issue 18's acceptance: three nights of a club, then its season, on a real room.

Three tables on ``pokernight serve``: Alice and Bob play all three, Carol the first two,
Eve as a guest on the second, Dan the third. On the first night players go bust and buy
in again; on the second Bob plays from a phone he signed in with a claim code from his
first browser; the third opens with a three-way all-in of unequal stacks (a side pot).
Every table is closed at the end of its night (everybody cashed out), as a host does.

Checked:
- the season's balances are the nights' own settle-ups summed, to the chip;
- the season's settle-up transfers square every balance;
- the season's statistics are the test's own count of the hands (who was dealt in,
  who won a pot), from the frames Alice's client received;
- every night's hands, written by ``pokernight export --format pokerstars``, are read by
  PokerKit's ``PokerStarsParser`` and replay to the stacks the frames told;
- in Chromium, Alice opens the club, finds the side-pot hand and steps through its
  replay: the pot, stacks, bets and cards at every step are the server's (screenshots
  in tests/artifacts/season/).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from pokernight.cli.club import operator_invite
from pokernight.cli.main import main
from pokernight.client import TableClient, create_table, request_json
from tests.server_helpers import (
    bet_then_call,
    play_hands_then_pause,
    play_until_hand_over,
    shove,
    take_invite,
)
from tests.test_history_pokerstars_cli import parsed
from tests.test_web_replay import READ_PAGE, _differences
from tests.web_helpers import ARTIFACTS, get_as_member, served_room, watched_page

pytestmark = pytest.mark.slow

Json = dict[str, Any]
SHOTS = ARTIFACTS / "season"
HOLDEM: Json = {"variant": "nlhe", "seats": 6, "min_buy_in": 100, "max_buy_in": 1_000,
                "debt_cap": None, "bot_delay_seconds": 0}  # fmt: skip


@dataclass
class Night:
    """What the test saw of one night: its code, its own settle-up balances, and each
    hand's players, winners and final stacks (by name) from Alice's frames."""

    code: str
    table_id: int = 0
    balances: dict[str, int] = field(default_factory=dict)
    hands: list[Json] = field(default_factory=list)


class Club:
    """The players' devices and the nights, as the test drives them."""

    def __init__(self, url: str, db: str, out: Path) -> None:
        self.url, self.db, self.out = url, db, out
        self.devices: dict[str, str] = {}
        self.nights: list[Night] = []

    async def night(
        self,
        seats: list[tuple[str, int, str | None]],
        opening: Callable[[list[TableClient]], Awaitable[None]],
    ) -> Night:
        """A table hosted by the first of ``seats`` (name, buy-in, device key or None for
        a guest): ``opening`` plays first, then three hands, then the host closes it."""
        host = seats[0][0]
        if host not in self.devices:  # the first by the operator's invitation, as organiser
            code = await operator_invite(self.db, organiser=not self.devices)
            self.devices[host] = await take_invite(self.url, code, host)
        created = await create_table(self.url, host, HOLDEM, device=self.devices[host])
        clients = [TableClient(self.url, created["code"], created["token"])]
        await clients[0].connect()
        for name, _, device in seats[1:]:
            client = TableClient(self.url, created["code"], device=self.devices.get(device or ""))
            await client.join(name, created["invite"], member=device is not None)
            if device is not None and client.device is not None:
                self.devices.setdefault(device, client.device)
            clients.append(client)
        for number, (client, (_, chips, _)) in enumerate(zip(clients, seats, strict=True)):
            await client.sit(number, chips)
        await clients[0].start()
        await opening(clients)
        played = clients[0].state.last_hand
        assert played is not None
        await play_hands_then_pause(clients, played["hand_number"] + 3, bet_then_call)
        night = Night(created["code"])
        ledger = await request_json(self.url, "GET", f"/api/tables/{night.code}/settle")
        for transfer in ledger["transfers"]:
            for name, sign in ((transfer["payer_name"], -1), (transfer["payee_name"], 1)):
                night.balances[name] = night.balances.get(name, 0) + sign * transfer["amount"]
        await clients[0].request({"type": "close_table"})
        await clients[0].wait_for(lambda frame: frame.get("type") == "TableClosed")
        night.hands = _hands_told(clients[0].frames)
        for client in clients:
            await client.disconnect()
        await asyncio.to_thread(self._export, night)  # the CLI runs its own event loop
        self.nights.append(night)
        return night

    def _export(self, night: Night) -> None:
        """The night as PokerStars text, before another table may take its code."""
        out = self.out / f"{night.code}.txt"
        args = ["export", night.code, "--db", self.db, "--format", "pokerstars", "--all-cards"]
        assert main([*args, "--out", str(out)]) == 0
        for hand, told in zip(parsed(out.read_text(encoding="utf-8")), night.hands, strict=True):
            assert hand.players is not None
            state = list(hand)[-1]
            assert dict(zip(hand.players, state.stacks, strict=True)) == told["stacks"], told


async def _bust_and_rebuy(clients: list[TableClient]) -> None:
    """Everybody shoves until somebody is bust; whoever is bust buys in again."""
    while not await _rebuy_the_bust(clients):
        number = (clients[0].state.last_hand or {"hand_number": 0})["hand_number"] + 1
        await play_until_hand_over(clients, number, shove)


async def _side_pot(clients: list[TableClient]) -> None:
    """A three-way all-in of unequal stacks; then the bust buy in again."""
    await play_until_hand_over(clients, 1, shove)
    await _rebuy_the_bust(clients)


async def _rebuy_the_bust(clients: list[TableClient]) -> bool:
    """Whoever has no chip left buys in again; whether anybody had to."""
    bust = [c for c in clients if c.state.seats[c.state.my_seat or 0]["stack"] == 0]
    for client in bust:
        await client.add_chips(300)
    return bool(bust)


async def _plain(clients: list[TableClient]) -> None:
    await play_until_hand_over(clients, 1, bet_then_call)


def _hands_told(frames: list[Json]) -> list[Json]:
    """Each finished hand as the frames told it: who was dealt in, who won, final stacks."""
    names: dict[int, str] = {}
    hands: list[Json] = []
    current: Json | None = None
    for frame in frames:
        for seat in frame.get("seated") or []:
            names[seat["seat"]] = seat["name"]
        if frame.get("type") == "HandDealt":
            current = {"players": [names[seat] for seat in frame["seats"]], "winners": set()}
        for event in frame.get("hand") or []:
            if event["type"] == "PotAwarded" and current is not None:
                current["winners"] |= {current["players"][seat] for seat, _ in event["winners"]}
        if frame.get("type") == "HandFinished" and current is not None:
            current["stacks"] = dict(zip(current["players"], frame["stacks"], strict=True))
            hands.append(current)
            current = None
    return hands


async def _phone_of(url: str, device: str) -> str:
    """A second device for the member of ``device``: a claim code shown on the first."""
    code = (await request_json(url, "POST", "/api/club/claim-code", {}, device=device))["code"]
    claimed = await request_json(url, "POST", "/api/club/claim", {"code": code})
    return str(claimed["device"])


async def _three_nights(club: Club) -> None:
    await club.night([("Alice", 300, "Alice"), ("Bob", 300, "Bob"), ("Carol", 300, "Carol")],
                     _bust_and_rebuy)  # fmt: skip
    club.devices["Bob's phone"] = await _phone_of(club.url, club.devices["Bob"])
    await club.night([("Alice", 500, "Alice"), ("Bob", 500, "Bob's phone"),
                      ("Carol", 500, "Carol"), ("Eve", 500, None)], _plain)  # fmt: skip
    await club.night([("Alice", 200, "Alice"), ("Bob", 400, "Bob"), ("Dan", 800, "Dan")],
                     _side_pot)  # fmt: skip


def test_three_nights_make_a_season(browser: Any, tmp_path: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    db = f"sqlite+aiosqlite:///{tmp_path / 'room.sqlite3'}"
    with served_room(tmp_path, hand_pause=0.2) as url, ThreadPoolExecutor(1) as pool:
        club = Club(url, db, tmp_path)
        pool.submit(asyncio.run, _three_nights(club)).result()
        alice = club.devices["Alice"]
        season = get_as_member(f"{url}/api/club/season", alice)
        stats = get_as_member(f"{url}/api/club/stats", alice)

        # The money: the nights summed to the chip, and the settle-up squares it.
        by_name = {row["name"]: row for row in season["standings"]}
        assert set(by_name) == {"Alice", "Bob", "Carol", "Dan", "Eve"}
        assert by_name["Bob"]["nights"] == 3 and by_name["Eve"]["member_id"] is None
        summed: dict[str, int] = {}
        for night in club.nights:
            for name, amount in night.balances.items():
                summed[name] = summed.get(name, 0) + amount
        assert {name: row["balance"] for name, row in by_name.items() if row["balance"]} == {
            name: amount for name, amount in summed.items() if amount
        }
        balances = {row["key"]: row["balance"] for row in season["standings"]}
        for transfer in season["settle_up"]:
            balances[transfer["payer"]] += transfer["amount"]
            balances[transfer["payee"]] -= transfer["amount"]
        assert set(balances.values()) == {0}

        # The statistics: the test's own count of hands dealt and hands won.
        dealt: dict[str, int] = {}
        won: dict[str, int] = {}
        for night in club.nights:
            for hand in night.hands:
                for name in hand["players"]:
                    dealt[name] = dealt.get(name, 0) + 1
                    won[name] = won.get(name, 0) + (name in hand["winners"])
        rows = {row["name"]: row for row in stats["players"]}
        assert {name: row["hands"] for name, row in rows.items()} == dealt
        assert {name: row["won"] for name, row in rows.items()} == won
        for name, row in rows.items():
            assert stats["series"][row["key"]]["all"][-1][1] == by_name[name]["net"]

        # The side-pot hand, found and replayed in the club's page.
        dans = get_as_member(f"{url}/api/club/hands?player={by_name['Dan']['key']}", alice)
        side_pot = max(dans["hands"], key=lambda hand: hand["pot"])
        replay = get_as_member(
            f"{url}/api/club/tables/{side_pot['table_id']}/hands/{side_pot['number']}/replay", alice
        )
        assert any(len(step["status"]["pots"]) > 1 for step in replay["steps"]), "a side pot"
        _step_through(browser, url, alice, side_pot, replay)


def _step_through(browser: Any, url: str, device: str, hand: Json, replay: Json) -> None:
    page = watched_page(browser, viewport={"width": 1280, "height": 900})
    page.goto(f"{url}/")
    member = {"device": device, "name": "Alice"}
    page.evaluate(
        "(signed) => localStorage.setItem('pokernight.device', signed)", json.dumps(member)
    )
    page.goto(f"{url}/#club")
    page.wait_for_selector("#hand-search-results li")
    page.fill("#hand-search-pot", str(hand["pot"]))
    page.check("#hand-search-showdown")
    page.click("#hand-search-submit")
    page.locator("#hand-search-count").filter(has_text="1 hand").wait_for()
    page.screenshot(path=str(SHOTS / "club-found.png"), full_page=True)
    page.locator("#hand-search-results a.replay-link").click()
    page.wait_for_selector("body[data-replay-step='0']")
    problems: list[str] = []
    steps = replay["steps"]
    streets = {street["first_step"]: street["name"] for street in replay["streets"]}
    for number, step in enumerate(steps):
        page.wait_for_selector(f"body[data-replay-step='{number}']")
        problems += [
            f"step {number}: {p}" for p in _differences(page.evaluate(READ_PAGE), step, replay)
        ]
        if number in streets or number == len(steps) - 1:
            page.wait_for_timeout(600)  # the cards just dealt have slid in
            name = streets.get(number, "end").replace(" ", "-")
            page.screenshot(path=str(SHOTS / f"{number:02d}-{name}.png"), full_page=True)
        if number < len(steps) - 1:
            page.click("#replay-next")
    assert not problems, problems
    assert page.errors == [], page.errors
