"""The coach in the hand replayer, in a real Chromium (issue 37 item 2).

Ann, Bob and Cat play one hand on a seeded deck (Python protocol clients on a real
``pokernight serve``): everybody calls or checks to the river, where Ann bets, Cat folds
and Bob calls, so Bob's hand is shown and Cat's never is. Ann's replay has the coach: at
each of her decisions (the step where the hand waits for her) its panel shows the
server's pot odds, her equity against Bob's shown cards and the range assumed for Cat
(said so on the screen), and the worth of a fold, a call and her bet. A spectator's
replay has no coach. Screenshots go to tests/artifacts/coach/.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pokernight.client import TableClient
from tests.server_helpers import play_until_hand_over
from tests.web_helpers import ARTIFACTS, request_json_now, served_room, watched_page

pytestmark = pytest.mark.slow

Json = dict[str, Any]
SHOTS = ARTIFACTS / "coach"
SEED = 2037
SETTINGS: Json = {"variant": "nlhe", "seats": 6, "min_buy_in": 100, "max_buy_in": 1000}
RIVER = 5


async def _play_to_the_river(url: str, code: str, token: str, invite: str) -> None:
    """Calls and checks to the river; there Ann bets the least she may, Cat folds, Bob calls."""
    ann = TableClient(url, code, token)
    await ann.connect()
    clients = [ann]
    for name in ("Bob", "Cat"):
        friend = TableClient(url, code)
        await friend.join(name, invite)
        clients.append(friend)
    for seat, client in enumerate(clients):
        await client.sit(seat, 1000)
    names = {id(client): name for client, name in zip(clients, ("Ann", "Bob", "Cat"), strict=True)}

    async def policy(client: TableClient) -> None:
        legal = client.state.legal
        assert legal is not None and client.state.hand is not None
        river = len(client.state.hand["board"]) == RIVER
        name = names[id(client)]
        if river and name == "Ann" and not legal["call_amount"]:
            await client.act("bet_or_raise", legal["min_raise_to"])
        elif river and name == "Cat" and legal["call_amount"]:
            await client.act("fold")
        else:
            await client.act("call" if legal["call_amount"] else "check")

    await ann.start()
    await ann.wait_for(lambda event: event.get("type") == "HandDealt")
    await ann.pause()
    await play_until_hand_over(clients, 1, policy)
    for client in clients:
        await client.disconnect()


def test_the_coach_prices_each_of_anns_decisions(browser: Any, tmp_path: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with served_room(tmp_path, hand_pause=0.3, seed=SEED) as url:
        created = request_json_now(f"{url}/api/tables", {"name": "Ann", "settings": SETTINGS})
        code, token = created["code"], created["token"]
        with ThreadPoolExecutor(1) as pool:
            pool.submit(
                asyncio.run, _play_to_the_river(url, code, token, created["invite"])
            ).result()
        replay = request_json_now(f"{url}/api/tables/{code}/hands/1/replay?coach=1", token=token)
        assert request_json_now(f"{url}/api/tables/{code}/hands/1/replay?coach=1")["coach"] == []
        advice = replay["coach"]
        ann = replay["viewer"]["hand_seat"]
        ann_seat = replay["seats"][ann]
        assert len(advice) >= 4, advice
        for item in advice:  # each at the step where the hand waited for Ann
            assert replay["steps"][item["step"]]["status"]["to_act"] == ann_seat
        bet = advice[-1]
        assert [choice["made"] for choice in bet["worth"]] == [False, False, True]
        against = {opponent["name"]: opponent for opponent in advice[0]["against"]}
        assert against["Bob"]["cards"] is not None and against["Cat"]["cards"] is None
        assert advice[0]["assumed"]

        page = watched_page(browser, viewport={"width": 1280, "height": 1000})
        page.goto(f"{url}/")
        seat = {"token": token, "player_id": created["player_id"], "name": "Ann"}
        page.evaluate(
            "([key, seat]) => localStorage.setItem(key, seat)",
            [f"pokernight.seat.{code}", json.dumps(seat)],
        )
        page.goto(f"{url}/#{code}/hand/1/0")
        page.wait_for_selector("body[data-replay-step='0']")
        panel = page.locator("#coach")
        for number, item in enumerate(advice):
            page.locator(".coach-jump").nth(number).click()
            page.wait_for_selector(f"body[data-replay-step='{item['step']}']")
            odds = panel.locator("#coach-pot-odds").inner_text()
            if item["to_call"]:
                needed = f"{item['pot_odds'] * 100:.1f}%"
                assert odds == (
                    f"{item['to_call']:,} to call to win {item['could_win']:,}: "
                    f"a call needs {needed}"
                )
            else:
                assert odds.startswith("nothing to call")
            assert panel.locator("#coach-equity").inner_text().strip() == item["equity_words"]
            assert panel.locator(".coach-did").inner_text() == item["lines"][0]
            shown = panel.locator(".coach-against .shown .card")
            assert (
                shown.evaluate_all("cards => cards.map((c) => c.dataset.card)")
                == (against["Bob"]["cards"])
            )
            assumption = panel.locator(".coach-against .assumed").text_content()
            assert assumption.startswith("Cat: not shown: assumed ")
            assert panel.locator("#coach-assumption").is_visible()
            worth = panel.locator("#coach-worth li")
            assert worth.count() == len(item["worth"])
            made = panel.locator("#coach-worth li.made .choice").inner_text()
            assert made.lower() == next(c["choice"] for c in item["worth"] if c["made"])
            if number == 0:
                panel.screenshot(path=str(SHOTS / "first-decision-panel.png"))
        page.wait_for_timeout(400)  # the cards just dealt have slid in
        page.screenshot(path=str(SHOTS / "river-bet.png"), full_page=True)
        # The step of the action itself keeps the panel; a step between decisions offers them.
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f"body[data-replay-step='{bet['step'] + 1}']")
        assert panel.locator(".coach-did").inner_text() == bet["lines"][0]
        page.keyboard.press("Home")
        page.wait_for_selector("body[data-replay-step='0']")
        if advice[0]["step"] > 0:
            assert panel.locator(".coach-did").count() == 0
            assert panel.locator(".coach-jump").count() == len(advice)
        assert page.errors == []
