"""The night's recap in a real Chromium (issue 37, item 5; decision 69).

Alice opens a table; Bob joins by her invite in his page, Carol by its secret over HTTP.
Python protocol clients play their seats (the tokens the pages keep) on a seeded deck:
everybody shoves, the bust buy in again. Alice closes the table from her host panel; every
page, the stream view's too, then shows the server's recap, whose figures are checked here
against the hands played (the hands endpoint) and the settle-up. Its image is fetched,
decoded and saved with the screenshots under tests/artifacts/recap/.
"""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.server_helpers import shoving_night
from tests.test_history_recap import pixel_colours, png_pixels
from tests.test_web_luck import HANDS, SEED
from tests.web_helpers import ARTIFACTS, invite_link, served_room, stored_seat, watched_page

pytestmark = pytest.mark.slow

Json = dict[str, Any]
SHOTS = ARTIFACTS / "recap"


def _get(url: str) -> Json:
    with urllib.request.urlopen(url, timeout=30) as answer:
        found: Json = json.loads(answer.read())
        return found


def _post(url: str, body: Json) -> Json:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        found: Json = json.loads(answer.read())
        return found


def _winners(hand: Json) -> set[int]:
    """The hand seats that took chips of a pot."""
    return {
        seat
        for item in hand["events"]
        if item["type"] == "PotAwarded"
        for seat, chips in item["winners"]
        if chips > 0
    }


def _figures(hands: list[Json]) -> Json:
    """The recap's figures worked out again from the hands as the hands endpoint tells them."""
    luck: dict[str, int] = {}
    won: dict[str, int] = {}
    biggest = max(hands, key=lambda hand: (hand["pot"], -hand["hand_number"]))
    for hand in hands:
        results = [after - before for before, after in
                   zip(hand["stacks_before"], hand["stacks_after"], strict=True)]  # fmt: skip
        for name, result, expected in zip(hand["names"], results, hand["expected"], strict=True):
            if result != expected:
                luck[name] = luck.get(name, 0) + result - expected
        for seat in _winners(hand):
            won[hand["names"][seat]] = won.get(hand["names"][seat], 0) + 1
    winners = sorted(_winners(biggest))
    most = max(won.values())
    return {
        "biggest_pot": {
            "hand_number": biggest["hand_number"],
            "pot": biggest["pot"],
            "game": "No-Limit Hold'em",
            "winners": [biggest["names"][seat] for seat in winners],
        },
        "hottest": max(luck.items(), key=lambda item: item[1]),
        "coldest": min(luck.items(), key=lambda item: item[1]),
        "most_won": sorted(name for name, count in won.items() if count == most),
        "most": most,
    }


def test_closing_the_night_shows_its_recap_and_its_image(browser: Any, tmp_path: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with served_room(tmp_path, hand_pause=0.2, seed=SEED) as url, ThreadPoolExecutor(1) as pool:
        pages = [watched_page(browser, viewport={"width": 1280, "height": 900}) for _ in "ab"]
        alice, bob = pages
        alice.goto(f"{url}/")
        alice.fill("#create-name", "Alice")
        alice.click("#create-submit")
        alice.wait_for_url(lambda address: "#" in address and address.split("#")[1].isdigit())
        code = alice.url.split("#")[1]
        link = invite_link(alice)
        bob.goto(link)
        bob.fill("#join-name", "Bob")
        bob.click("form.join-here button[type=submit]")
        bob.wait_for_selector(".spectator-area .hint")
        # Carol plays from her phone's terminal: no page of hers (the stream view is a third).
        carol = _post(
            f"{url}/api/tables/{code}/join", {"name": "Carol", "invite": link.rsplit("/", 1)[1]}
        )
        seats = [stored_seat(alice, code), stored_seat(bob, code), carol]
        tokens = [seat["token"] for seat in seats]
        night = shoving_night(url, code, tokens, (2_000, 1_000, 400), hands=HANDS, rebuy=400)
        pool.submit(asyncio.run, night).result()
        assert urllib_status(f"{url}/api/tables/{code}/recap") == 409  # still open

        stream = watched_page(browser, viewport={"width": 1280, "height": 900})
        stream.goto(f"{url}/stream.html#{code}")
        hands = _get(f"{url}/api/tables/{code}/hands")["hands"]
        assert len(hands) == HANDS
        settle = _get(f"{url}/api/tables/{code}/settle")["transfers"]
        alice.click("#close-table")
        alice.click("#close-confirm")

        for page in (*pages, stream):
            page.locator("#recap-lines li").first.wait_for()
        recap = _get(f"{url}/api/tables/{code}/recap")
        figures = _figures(hands)
        assert recap["hands"] == HANDS
        assert recap["biggest_pot"] == figures["biggest_pot"]
        hot_name, hot_luck = figures["hottest"]
        cold_name, cold_luck = figures["coldest"]
        assert hot_luck > 0 > cold_luck, "the seeded all-ins ran as their equity said"
        assert (recap["hottest"]["name"], recap["hottest"]["luck"]) == (hot_name, hot_luck)
        assert (recap["coldest"]["name"], recap["coldest"]["luck"]) == (cold_name, cold_luck)
        assert sorted(recap["most_won"]["names"]) == figures["most_won"]
        assert recap["most_won"]["hands"] == figures["most"]
        assert recap["settle_up"] == [
            {"payer": t["payer_name"], "payee": t["payee_name"], "amount": t["amount"]}
            for t in settle
        ]
        ledger = {row["name"]: row for row in _get(f"{url}/api/tables/{code}/ledger")["accounts"]}
        assert {row["name"]: (row["net"], row["expected"]) for row in recap["standings"]} == {
            name: (row["net"], row["expected"]) for name, row in ledger.items()
        }
        # Every page shows the server's lines as they are.
        for page in (*pages, stream):
            assert page.locator("#recap-lead").inner_text() == recap["lines"][0]
            assert page.locator("#recap-lines li").all_inner_texts() == recap["lines"][1:]
        assert f"Biggest pot: {figures['biggest_pot']['pot']:,}" in recap["lines"][1]

        # The image: the page loaded it, and it decodes to the recap's size.
        image = alice.locator("#recap-image")
        image.scroll_into_view_if_needed()
        assert image.evaluate("img => img.complete && img.naturalWidth") == 900
        with urllib.request.urlopen(f"{url}/api/tables/{code}/recap.png", timeout=30) as answer:
            assert answer.headers["content-type"] == "image/png"
            data = answer.read()
        width, height, rows = png_pixels(data)
        assert (width, len(rows)) == (900, height * (1 + 900 * 3))
        assert height > 300 and len(pixel_colours(width, height, rows)) >= 5  # not one flat colour
        (SHOTS / "recap.png").write_bytes(data)
        alice.locator("#recap").screenshot(path=str(SHOTS / "table-page-recap.png"))
        bob.screenshot(path=str(SHOTS / "bob-page.png"), full_page=True)
        stream.screenshot(path=str(SHOTS / "stream.png"), full_page=True)
        for page in (*pages, stream):
            assert page.errors == [], page.errors


def urllib_status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            status: int = answer.status
            return status
    except urllib.error.HTTPError as error:
        return error.code
