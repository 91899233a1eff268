"""The browser's check of a hand (web/js/verify.js) agrees with ``pokernight verify``'s.

The same proofs (honest hands of every variant, from each reader's view and a spectator's,
and hands where the server changed a card, reordered the permutation or dropped a
contribution) are checked in Python (``table.hand_check``) and in headless Chromium; both
must accept and reject the same ones, place the same cards and find the same contribution.
A hand of the last-hands panel is verified with its Verify button, and a screenshot of the
answer goes to tests/artifacts/verify/; and in a real room, Ann's page contributes to the
shuffle of the hand she plays and verifies it, her contribution among those mixed.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import threading
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pokernight.client import TableClient
from pokernight.rules import VARIANTS
from pokernight.table import TableSettings
from pokernight.table.hand_check import check_proof
from tests.server_helpers import passive, play_until_hand_over
from tests.table_helpers import seated
from tests.test_table_draw import _play_drawing_everything
from tests.test_table_entropy import CHEATS, cheated_hand, honest_hand
from tests.web_helpers import ARTIFACTS, module_page, served_room, watched_page

pytestmark = pytest.mark.slow

Json = dict[str, Any]
SHOTS = ARTIFACTS / "verify"
CHECK = """async (cases) => {
    const { checkProof } = await import('/js/verify.js');
    return cases.map(([proof, mine]) => {
        const check = checkProof(proof, mine);
        return [check.problems.length === 0, check.seen, check.mineMixed];
    });
}"""


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    return module_page(browser)


# A Baseball hand in which fours dealt face up gave three extra down cards: the browser
# places them in the deck as the Python verifier does (``rules/deal_positions.py``).
EXTRA_CARD_SEEDS = {"baseball": (5,)}


def cases() -> list[tuple[Json, str | None]]:
    found: list[tuple[Json, str | None]] = []
    for number, variant in enumerate(sorted(VARIANTS)):
        for seed in (number, number + 100, *EXTRA_CARD_SEEDS.get(variant, ())):
            proof, taken, _ = honest_hand(variant, seed)
            found.append((proof.for_seat(None), None))
            for index, seat in enumerate(proof.started.seats):
                found.append((proof.for_seat(index), taken.get(f"p{seat}")))
        for cheat in CHEATS:
            found.append(cheated_hand(variant, number, cheat))
    # Draw hands whose stub ran out: every reshuffle recomputed from the leaves.
    for seed in range(2):
        table = seated(dict.fromkeys(range(6), 1000), TableSettings.for_variant("27td"))
        drawn = _play_drawing_everything(table, seed)[-1].proof
        assert drawn is not None
        found += [(drawn.for_seat(seat), None) for seat in (None, *range(6))]
    return found


def test_the_browser_and_python_verifiers_agree_on_honest_and_cheated_hands(page: Any) -> None:
    hands = cases()
    browser = page.evaluate(CHECK, [list(case) for case in hands])
    accepted = 0
    for (proof, mine), (ok, seen, mine_mixed) in zip(hands, browser, strict=True):
        python = check_proof(proof, mine)
        assert ok == (not python.problems), (python.problems, proof["hand_number"])
        assert [tuple(item) for item in seen] == [
            (str(card), dealt, committed) for card, dealt, committed in python.seen
        ]
        assert mine_mixed == python.mine_mixed
        accepted += ok
    assert accepted == len(hands) - len(VARIANTS) * len(CHEATS)  # every cheat, and only they


def test_the_browser_sha256_is_sha256(page: Any) -> None:
    texts = ["", "abc", "x" * 55, "y" * 56, "z" * 64, "é" * 100, "0123456789" * 30]
    digests = page.evaluate(
        "async (texts) => { const m = await import('/js/sha256.js');"
        " return texts.map((text) => m.sha256Hex(text)); }",
        texts,
    )
    assert digests == [hashlib.sha256(text.encode()).hexdigest() for text in texts]


def test_the_verify_button_checks_a_hand_of_the_last_hands_panel(page: Any) -> None:
    proof, taken, _ = honest_hand("nlhe", 12)
    reader = proof.started.seats.index(0)
    record = {
        "hand_number": 1,
        "variant": "nlhe",
        "names": [f"Player {seat}" for seat in proof.started.seats],
        "stacks_before": list(proof.started.stacks),
        "stacks_after": list(proof.started.stacks),
        "pot": 0,
        "showdown": False,
        "events": proof.for_seat(None)["events"],
        "fairness": proof.for_seat(None),
    }
    page.evaluate(
        """async ([hand, mine, record]) => {
            const link = document.createElement('link');
            link.rel = 'stylesheet';
            link.href = '/css/app.css';
            document.head.append(link);
            await new Promise((done) => { link.onload = done; });
            const { LastHands } = await import('/js/panels.js');
            const panel = new LastHands('1234', new Map([[1, hand]]), new Map([[1, mine]]));
            panel.list.replaceChildren(panel.handElement(record));
            document.body.replaceChildren(panel.element);
            document.body.style.width = '420px';
            panel.element.querySelector('details').open = true;
        }""",
        [proof.for_seat(reader), taken["p0"], record],
    )
    page.get_by_role("button", name="Verify").click()
    result = page.locator(".verify-result")
    assert result.get_attribute("data-verified") == "true"
    assert "Verified." in result.inner_text()
    assert "yours among them" in result.inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("section.panel").screenshot(path=str(SHOTS / "verified-hand.png"))


def _post(url: str, body: Json) -> Json:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        created: Json = json.loads(answer.read())
        return created


async def _play_a_hand(url: str, created: Json, page_contributed: threading.Event) -> None:
    """Ann (a second connection of hers, which leaves the contributing to her page) and Bob
    sit; Ann starts and pauses at once (the deck is committed, nothing dealt), waits until
    her page has contributed, starts again, and they play hand 1 to its end."""
    ann = TableClient(url, created["code"], created["token"], contribute=False)
    await ann.connect()
    bob = TableClient(url, created["code"])
    await bob.join("Bob", created["invite"])
    await ann.sit(0, 1000)
    await bob.sit(1, 1000)
    await ann.start()
    await ann.wait_for(lambda event: event.get("type") == "DeckCommitted")
    await ann.pause()
    await asyncio.to_thread(page_contributed.wait, 60)
    await bob.contributions_answered()
    await ann.start()
    await ann.wait_for(lambda event: event.get("type") == "HandDealt")
    await ann.pause()
    await play_until_hand_over([ann, bob], 1, passive)
    for client in (ann, bob):
        await client.disconnect()


def test_a_players_page_contributes_and_verifies_the_hand_it_played(
    browser: Any, tmp_path: Path
) -> None:
    with served_room(tmp_path, hand_pause=1.0) as url:
        created = _post(f"{url}/api/tables", {"name": "Ann", "settings": {"seats": 6}})
        code = created["code"]
        page = watched_page(browser, viewport={"width": 1280, "height": 900})
        sent: list[Json] = []
        page.on(
            "websocket",
            lambda socket: socket.on("framesent", lambda text: sent.append(json.loads(text))),
        )
        page.goto(f"{url}/")
        seat = {"token": created["token"], "player_id": created["player_id"], "name": "Ann"}
        page.evaluate(
            "([key, seat]) => localStorage.setItem(key, seat)",
            [f"pokernight.seat.{code}", json.dumps(seat)],
        )
        page.goto(f"{url}/#{code}")
        page.wait_for_selector("#felt")
        contributed = threading.Event()
        with ThreadPoolExecutor(1) as pool:
            playing = pool.submit(asyncio.run, _play_a_hand(url, created, contributed))
            while not any(frame.get("type") == "contribute" for frame in sent):
                page.wait_for_timeout(50)  # Playwright delivers the page's events while it waits
            contributed.set()
            playing.result()
        hand = page.locator(".hands details.hand").first
        hand.wait_for()
        hand.locator("summary").click()
        hand.get_by_role("button", name="Verify").click()
        result = hand.locator(".verify-result")
        assert result.get_attribute("data-verified") == "true", result.inner_text()
        assert "yours among them" in result.inner_text()
        assert "2 players' contributions" in result.inner_text()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator("section:has(.hands)").screenshot(path=str(SHOTS / "room-hand.png"))
        assert page.errors == []
