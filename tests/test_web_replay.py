"""The hand replayer in a real Chromium (issue 18): a side-pot hand, stepped through.

Ann, Bob and Cat sit with 200, 400 and 800 and all shove the first hand (Python protocol
clients play it on a real ``pokernight serve``). Ann's page opens the table, follows the
last-hands panel's Replay link and steps through the hand with the Next button, the
arrow keys and the street buttons; at every step the pot, each seat's stack and bet and
every card the page shows equal the server's step for Ann (her own cards, and the others'
only once shown). Played in hold'em and in seven-card stud (up cards, no board). A
screenshot of each street goes to tests/artifacts/replay/GAME/, and one of the showdown
on a phone-width screen.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pokernight.client import TableClient
from tests.server_helpers import play_until_hand_over, shove
from tests.web_helpers import ARTIFACTS, request_json_now, served_room, watched, watched_page

pytestmark = pytest.mark.slow

Json = dict[str, Any]
SHOTS = ARTIFACTS / "replay"
SETTINGS: Json = {"seats": 6, "min_buy_in": 100, "max_buy_in": 1000}  # the game's own stakes
PLAYERS = (("Bob", 400), ("Cat", 800))
READ_PAGE = """() => {
    const cards = (root) => [...root.querySelectorAll('.card:not(.slot)')]
        .map((card) => card.dataset.card ?? null);
    const seats = {};
    for (const seat of document.querySelectorAll('.seat[data-seat]')) {
        seats[seat.dataset.seat] = {
            stack: seat.querySelector('.stack')?.textContent ?? null,
            bet: seat.querySelector('.bet')?.textContent ?? null,
            cards: cards(seat),
            folded: seat.classList.contains('folded'),
            turn: seat.classList.contains('turn'),
        };
    }
    return {
        step: Number(document.body.dataset.replayStep),
        pot: document.querySelector('#pot')?.textContent ?? null,
        board: cards(document.querySelector('.board')),
        caption: document.querySelector('#replay-step').textContent,
        seats,
    };
}"""


def _chips(amount: int) -> str:
    return f"{amount:,}"


async def _play_side_pot_hand(url: str, code: str, token: str, invite: str) -> None:
    """Ann (the host, a second connection of hers) and two friends shove hand 1; then pause."""
    ann = TableClient(url, code, token)
    await ann.connect()
    clients = [ann]
    for name, _ in PLAYERS:
        friend = TableClient(url, code)
        await friend.join(name, invite)
        clients.append(friend)
    for seat, (client, buy_in) in enumerate(zip(clients, (200, 400, 800), strict=True)):
        await client.sit(seat, buy_in)
    await ann.start()
    await ann.wait_for(lambda event: event.get("type") == "HandDealt")
    await ann.pause()
    await play_until_hand_over(clients, 1, shove)
    for client in clients:
        await client.disconnect()


def _expected_pot(status: Json) -> str:
    pots = status["pots"]
    words = f"Pot {_chips(status['pot'])}"
    if len(pots) > 1:
        names = ["main" if i == 0 else f"side {i}" for i in range(len(pots))]
        words += "".join(f" · {n} {_chips(a)}" for n, a in zip(names, pots, strict=True))
    return words


def _differences(shown: Json, step: Json, replay: Json) -> list[str]:
    """What the page shows at a step against the server's step: the differences."""
    problems = []
    status = step["status"]
    if shown["pot"] != _expected_pot(status):
        problems.append(f"pot {shown['pot']!r} != {_expected_pot(status)!r}")
    if shown["board"] != step["board"]:
        problems.append(f"board {shown['board']} != {step['board']}")
    for index, seat in enumerate(replay["seats"]):
        on_page = shown["seats"][str(seat)]
        if on_page["stack"] != _chips(status["stacks"][index]):
            problems.append(f"seat {seat} stack {on_page['stack']} != {status['stacks'][index]}")
        bet = status["bets"][index]
        if on_page["bet"] != (_chips(bet) if bet else None):
            problems.append(f"seat {seat} bet {on_page['bet']} != {bet}")
        if on_page["cards"] != step["cards"][index]:
            problems.append(f"seat {seat} cards {on_page['cards']} != {step['cards'][index]}")
        if on_page["turn"] != (status["to_act"] == seat):
            problems.append(f"seat {seat} to act {on_page['turn']} != {status['to_act']}")
    return problems


@pytest.mark.parametrize("variant", ["nlhe", "stud"])
def test_a_side_pot_hand_replayed_step_by_step(browser: Any, tmp_path: Path, variant: str) -> None:
    shots = SHOTS / variant
    shots.mkdir(parents=True, exist_ok=True)
    with served_room(tmp_path, hand_pause=0.3) as url:
        settings = {**SETTINGS, "variant": variant}
        created = request_json_now(f"{url}/api/tables", {"name": "Ann", "settings": settings})
        code, token = created["code"], created["token"]
        # Playwright's own loop runs in this thread: the protocol clients get one of their own.
        with ThreadPoolExecutor(1) as pool:
            pool.submit(
                asyncio.run, _play_side_pot_hand(url, code, token, created["invite"])
            ).result()
        replay = request_json_now(f"{url}/api/tables/{code}/hands/1/replay", token=token)
        steps = replay["steps"]
        assert any(len(step["status"]["pots"]) > 1 for step in steps), "a side pot"

        page = watched_page(browser, viewport={"width": 1280, "height": 900})
        page.goto(f"{url}/")
        seat = {"token": token, "player_id": created["player_id"], "name": "Ann"}
        page.evaluate(
            "([key, seat]) => localStorage.setItem(key, seat)",
            [f"pokernight.seat.{code}", json.dumps(seat)],
        )
        page.goto(f"{url}/#{code}")
        link = page.locator(".hands a.replay-link").first
        link.wait_for()
        listed = request_json_now(f"{url}/api/tables/{code}/hands")["hands"][0]
        facts = page.locator(".hands .hand-facts").first.text_content()
        assert facts == f"Ann, Bob, Cat · pot {_chips(listed['pot'])} · showdown"
        page.locator("section:has(.hands)").screenshot(path=str(shots / "last-hands.png"))
        with page.context.expect_page() as opened:  # beside the table, in a tab of its own
            link.click()
        page = watched(opened.value)
        page.wait_for_selector("body[data-replay-step='0']")
        assert page.url.endswith(f"#{code}/hand/1/0")

        problems: list[str] = []
        streets = {street["first_step"]: street["name"] for street in replay["streets"]}
        for number, step in enumerate(steps):
            page.wait_for_selector(f"body[data-replay-step='{number}']")
            shown = page.evaluate(READ_PAGE)
            problems += [f"step {number}: {p}" for p in _differences(shown, step, replay)]
            if number in streets or number == len(steps) - 1:
                page.wait_for_timeout(600)  # the cards just dealt have slid in
                name = streets.get(number, "end").replace(" ", "-")
                page.screenshot(path=str(shots / f"{number:02d}-{name}.png"), full_page=True)
            if number % 2:
                page.keyboard.press("ArrowRight")
            elif number < len(steps) - 1:
                page.click("#replay-next")
        assert not problems, problems
        assert page.locator("#replay-next").is_disabled()

        # Street by street: back to the start, then each street's first step in turn.
        page.keyboard.press("Home")
        page.wait_for_selector("body[data-replay-step='0']")
        for first in sorted(streets)[1:]:
            page.keyboard.press("ArrowDown")
            page.wait_for_selector(f"body[data-replay-step='{first}']")
        page.click(".replay-streets .street[data-street='0']")
        page.wait_for_selector("body[data-replay-step='0']")
        page.keyboard.press("End")
        page.wait_for_selector(f"body[data-replay-step='{len(steps) - 1}']")
        assert "wins" in page.locator(".showdown").inner_text()
        # The replayer's Verify button checks Ann's proof of the hand in the page.
        page.get_by_role("button", name="Verify").click()
        verified = page.locator(".verify-result")
        assert verified.get_attribute("data-verified") == "true", verified.inner_text()
        page.locator("section:has(#verify-title)").screenshot(path=str(shots / "verified.png"))

        # The shared link, opened by a spectator on a phone: the same hand, no hidden card.
        phone = watched_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True)
        phone.goto(f"{url}/#{code}/hand/1/{len(steps) - 1}")
        phone.wait_for_selector(f"body[data-replay-step='{len(steps) - 1}']")
        phone.wait_for_timeout(600)
        phone.screenshot(path=str(shots / "phone-showdown.png"), full_page=True)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width} px wide on a 390 px screen"
        spectator = request_json_now(f"{url}/api/tables/{code}/hands/1/replay")
        last = phone.evaluate(READ_PAGE)
        assert _differences(last, spectator["steps"][-1], spectator) == []
        phone.goto(f"{url}/#{code}/hand/9")  # a hand never dealt: said, not a broken page
        error = phone.locator("#replay-error")
        error.wait_for()
        assert error.inner_text() == f"Table {code} has no finished hand #9. Back to the table"
        assert phone.locator("#replay-next").is_hidden()
        phone.screenshot(path=str(shots / "phone-no-such-hand.png"))
        assert page.errors == [] and phone.errors == []
