"""Seed 000's look and feel in a real Chromium: blue felt, dealing, shuffle info, winners.

One server for the module. Alice hosts a table with two easy bots (they think
for a tenth of a second) and plays a hand by clicking call or check; a
spectator watches with reduced motion. Every card element put on Alice's felt
is recorded as it is inserted (a MutationObserver from before the page's own
scripts), so the tests can tell a card that slides in once from one that
slides again at the next redraw. Bob sits at a second table with a higher
debt cap to read how many chips he may still add. Screenshots (the table
mid-hand, at the showdown, on a phone) go to tests/artifacts/look-*.png.
"""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pokernight.rules.hand_names import hand_structure
from tests.web_helpers import (
    ARTIFACTS,
    MODULE_ORIGIN,
    WAIT_MS,
    call_and_wait,
    module_page,
    served_room,
)

CSS = Path(__file__).parent.parent / "src" / "pokernight" / "web" / "css" / "app.css"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
MAX_ACTIONS = 60
AA_NORMAL_TEXT = 4.5
BLUE_FELT = "rgb(29, 90, 140)"  # --felt in app.css
GREEN_FELT = "rgb(29, 107, 72)"  # :root[data-felt="green"]
# Each card element inserted into the felt: its deal key, whether it carries the deal
# class, and the animation the browser computed for it.
RECORD_CARDS = """
window.cardLog = [];
new MutationObserver((mutations) => {
  for (const mutation of mutations) {
    for (const node of mutation.addedNodes) {
      if (!(node instanceof Element)) continue;
      const cards = node.matches('.card[data-deal]') ? [node]
        : node.querySelectorAll('.card[data-deal]');
      for (const card of cards) {
        window.cardLog.push({key: card.dataset.deal, dealing: card.classList.contains('dealing'),
          animation: getComputedStyle(card).animationName});
      }
    }
  }
}).observe(document, {childList: true, subtree: true});
"""


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        answer: dict[str, Any] = json.load(response)
        return answer


def _player_page(browser: Any, url: str, settings: dict[str, Any], name: str) -> tuple[Any, str]:
    """A new table made by ``name`` with ``settings``; their page on it (token in storage)."""
    made = _post(f"{url}/api/tables", {"name": name, "settings": settings})
    seat = json.dumps({"player_id": made["player_id"], "token": made["token"], "name": name})
    page = _page(browser, DESKTOP)
    page.add_init_script(f"localStorage.setItem('pokernight.seat.{made['code']}', {seat!r});")
    page.goto(f"{url}/#{made['code']}")
    page.wait_for_selector("#felt")
    return page, str(made["code"])


def _page(browser: Any, viewport: dict[str, int], reduced_motion: str = "no-preference") -> Any:
    page = browser.new_context(viewport=viewport, reduced_motion=reduced_motion).new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.add_init_script(RECORD_CARDS)
    return page


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"look-{name}.png"), full_page=True)


def _sit(page: Any, seat: int, buy_in: int | None = None) -> None:
    page.click(f"button[data-key='sit-{seat}']")
    if buy_in is not None:
        page.fill("#buy-in", str(buy_in))
    page.click("#buy-in-submit")
    page.wait_for_selector(".seat.me")


def _add_bot(page: Any, seat: int) -> None:
    page.select_option("#bot-seat", str(seat))
    page.select_option("#bot-level", "easy")
    page.click("#add-bot")
    page.locator(f".seat[data-seat='{seat}'] .bot-badge").wait_for()


def _play_until_the_winner_is_announced(page: Any, on_my_turn: Any) -> None:
    """Call or check at every turn until the announcement shows; ``on_my_turn()`` first."""
    for _ in range(MAX_ACTIONS):
        if page.locator("#winner").count():
            return
        if page.evaluate("document.body.dataset.myTurn") == "true":
            on_my_turn()
            call_and_wait(page)
        else:
            page.wait_for_timeout(100)
    raise AssertionError("no winner announced")


def _card_log(page: Any) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = page.evaluate("window.cardLog")
    return log


def _by_key(log: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    found: dict[str, list[dict[str, Any]]] = {}
    for entry in log:
        found.setdefault(entry["key"], []).append(entry)
    return found


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_room(tmp_path_factory.mktemp("look"), hand_pause=1.0) as url:
        yield url


@pytest.fixture(scope="module")
def played(browser: Any, room: str) -> dict[str, Any]:
    """Alice's table after one hand against two bots, watched by a reduced-motion spectator."""
    alice, code = _player_page(browser, room, {"bot_delay_seconds": 0.1}, "Alice")
    watcher = _page(browser, DESKTOP, reduced_motion="reduce")
    watcher.goto(f"{room}/#{code}")
    watcher.wait_for_selector("#felt")
    _sit(alice, 0)
    _add_bot(alice, 3)
    _add_bot(alice, 5)
    alice.click("#host-start")
    alice.locator(".hand-number").filter(has_text=re.compile("^Hand #1$")).wait_for()
    alice.click("#host-start")  # pause after this hand: its end stays on the felt
    shots: list[str] = []

    def first_turn_shots() -> None:
        if shots:
            return
        _shot(alice, "mid-hand")
        alice.set_viewport_size(PHONE)
        _shot(alice, "phone")
        alice.set_viewport_size(DESKTOP)
        shots.append("taken")

    _play_until_the_winner_is_announced(alice, first_turn_shots)
    announced = alice.locator("#winner").inner_text()
    covered = _cards_under_the_winner(alice)
    _shot(alice, "showdown")
    alice.set_viewport_size(PHONE)
    covered += _cards_under_the_winner(alice)
    _shot(alice, "phone-showdown")
    alice.set_viewport_size(DESKTOP)
    alice.locator("#winner").wait_for(state="detached")
    watcher.wait_for_selector(".showdown")
    return {
        "alice": alice, "watcher": watcher, "announced": announced, "code": code,
        "covered": covered,
    }  # fmt: skip


def _cards_under_the_winner(page: Any) -> int:
    """How many cards on the felt (the seats' and the board's) the winner announcement
    overlaps, as drawn now: over the felt it hid both boards of a hand run twice."""
    covered: int = page.evaluate(
        """() => {
            const banner = document.querySelector('#winner').getBoundingClientRect();
            const cards = [...document.querySelectorAll('.felt .card')];
            return cards.filter((card) => {
                const box = card.getBoundingClientRect();
                return box.left < banner.right && banner.left < box.right
                    && box.top < banner.bottom && banner.top < box.bottom;
            }).length;
        }"""
    )
    return covered


def _felt_blocks() -> dict[str, dict[str, str]]:
    """The felt shades of each colour: the default (blue) and each ``data-felt`` choice."""
    text = CSS.read_text()
    found: dict[str, dict[str, str]] = {}
    for name, body in re.findall(r':root(?:\[data-felt="(\w+)"\])?\s*\{(.*?)\}', text, re.DOTALL):
        colours = dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})\s*;", body))
        found.setdefault(name or "blue", colours)  # the first plain :root holds the palette
    return found


def _contrast(foreground: str, background: str) -> float:
    from tests.test_web_contrast import contrast

    return contrast(foreground, background)


def test_every_felt_colour_keeps_the_table_text_readable() -> None:
    felts = _felt_blocks()
    assert set(felts) == {"blue", "green", "red"}
    text = felts["blue"]["text"]
    for name, colours in felts.items():
        for shade in ("felt", "felt-light", "felt-dark"):
            assert _contrast(text, colours[shade]) >= AA_NORMAL_TEXT, (name, shade)


def test_the_felt_is_blue_by_default_and_a_chosen_colour_is_kept(browser: Any, room: str) -> None:
    page, _ = _player_page(browser, room, {}, "Dee")
    felt = "getComputedStyle(document.querySelector('.felt')).backgroundImage"
    assert BLUE_FELT in page.evaluate(felt)
    page.select_option("#felt-colour", "green")
    assert GREEN_FELT in page.evaluate(felt)
    page.reload()
    page.wait_for_selector("#felt")
    assert GREEN_FELT in page.evaluate(felt)
    assert page.locator("#felt-colour").input_value() == "green"
    assert page.errors == []


def test_a_dealt_card_slides_in_once_and_not_again_at_the_next_redraw(
    played: dict[str, Any],
) -> None:
    cards = _by_key(_card_log(played["alice"]))
    mine = cards["1-0-0"]  # hand 1, Alice's seat 0, her first card
    assert mine[0]["dealing"] and mine[0]["animation"] == "deal, deal-turn"  # turns face up
    assert not mine[-1]["dealing"] and mine[-1]["animation"] == "none"
    for key, entries in cards.items():
        flags = [entry["dealing"] for entry in entries]
        # Sliding while redrawn mid-slide, then never again: no True after a False.
        assert flags == sorted(flags, reverse=True), key
    assert any(key.startswith("1-3-") for key in cards), "the bot's face-down cards are dealt too"


def test_reduced_motion_deals_cards_without_movement(played: dict[str, Any]) -> None:
    log = _card_log(played["watcher"])
    dealt = [entry for entry in log if entry["dealing"]]
    assert dealt, "cards were dealt while the spectator watched"
    assert {entry["animation"] for entry in log} == {"none"}


def test_the_winner_is_announced_by_name_with_the_amount_and_goes_away(
    played: dict[str, Any],
) -> None:
    alice = played["alice"]
    names = alice.locator(".seat .plate .name").all_inner_texts()
    name = "|".join(map(re.escape, names))
    # One winner "wins"; a split pot names every winner ("Ann, Bob and Cy split 60").
    winners = rf"({name})((, ({name}))* and ({name}) split| wins)"
    assert re.search(rf"^{winners} \d", played["announced"])
    assert played["covered"] == 0, "the announcement covers no card, desktop or phone"
    assert alice.locator("#winner").count() == 0
    assert alice.locator(".winner-holder").get_attribute("role") == "status"
    for page in (alice, played["watcher"]):
        assert page.errors == []


def test_the_shuffle_panel_explains_the_shuffle_and_the_proof(played: dict[str, Any]) -> None:
    alice = played["alice"]
    alice.click("#shuffle-info summary")
    text = alice.locator("#shuffle-info").inner_text()
    for words in (
        "Fisher\u2013Yates",
        "cryptographic random source",
        "fresh 52-card deck",
        "Fairness proof",
        "pokernight verify FILE",
        "32 random bytes",
        "Verify",
    ):
        assert words in text


def test_at_the_debt_cap_adding_chips_is_disabled_with_the_reason(browser: Any, room: str) -> None:
    cy, _ = _player_page(browser, room, {"debt_cap": 1_000}, "Cy")
    cy.click("button[data-key='sit-1']")
    cy.fill("#buy-in", "1000")
    cy.click("#buy-in-submit")
    hint = cy.locator("#rebuy-hint")
    hint.filter(has_text="you owe 1,000 and the debt cap is 1,000. You can raise it").wait_for()
    assert cy.locator("#add-chips").is_disabled()


def test_at_the_default_debt_cap_a_player_who_bought_in_the_most_may_rebuy(
    browser: Any, room: str
) -> None:
    """The default cap is five largest buy-ins: the largest buy-in leaves room to rebuy."""
    dee, _ = _player_page(browser, room, {}, "Dee")
    dee.click("button[data-key='sit-1']")
    dee.fill("#buy-in", "2000")
    dee.click("#buy-in-submit")
    dee.wait_for_selector(".seat.me")
    hint = dee.locator("#rebuy-hint")
    hint.filter(has_text="You can add up to 2,000 (a stack may hold at most 4,000)").wait_for()
    assert dee.locator("#add-chips").is_enabled()


def test_the_rebuy_hint_says_how_much_the_debt_cap_still_allows(browser: Any, room: str) -> None:
    bob, _ = _player_page(browser, room, {"debt_cap": 1600}, "Bob")
    bob.click("button[data-key='sit-2']")
    offered = bob.locator("#buy-in-room").inner_text()
    assert offered.startswith("You can take up to 1,600 (debt cap 1,600).")
    bob.fill("#buy-in", "1000")
    bob.click("#buy-in-submit")
    hint = bob.locator("#rebuy-hint")
    hint.filter(has_text="You can add up to 600 (debt cap 1,600).").wait_for()
    assert bob.locator("#add-chips").is_enabled()
    bob.fill("[aria-label='Chips to add']", "600")
    bob.click("#add-chips")
    hint.filter(has_text="you owe 1,600").wait_for()
    assert bob.locator("#add-chips").is_disabled()
    assert bob.locator(".seat.me .stack").inner_text() == "1,600"
    assert bob.errors == []


def test_the_web_app_manifest_is_served_and_linked(browser: Any, room: str) -> None:
    with urllib.request.urlopen(f"{room}/manifest.webmanifest", timeout=10) as response:
        assert response.headers["content-type"].startswith("application/manifest+json")
        manifest = json.load(response)
    assert manifest["display"] == "standalone"
    assert manifest["name"] == "pokernight"
    assert manifest["theme_color"]
    for icon in manifest["icons"]:
        body = _fetched(f"{room}{icon['src']}", icon["type"])
        if icon["type"] == "image/svg+xml":
            assert b"<svg" in body
        else:
            assert _png_size(body) == tuple(map(int, icon["sizes"].split("x")))
    assert {"192x192", "512x512"} <= {icon["sizes"] for icon in manifest["icons"]}
    page = _page(browser, PHONE)
    for path in ("/", "/stream.html#0000"):
        page.goto(f"{room}{path}")
        link = page.evaluate("document.querySelector('link[rel=manifest]').href")
        assert link == f"{room}/manifest.webmanifest"
    page.goto(f"{room}/")
    touch = page.evaluate("document.querySelector('link[rel=apple-touch-icon]').href")
    assert _png_size(_fetched(touch, "image/png")) == (180, 180), "iOS home screen icon"


def _fetched(url: str, content_type: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.headers["content-type"].startswith(content_type)
        body: bytes = response.read()
    return body


def _png_size(body: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header chunk."""
    assert body[:8] == b"\x89PNG\r\n\x1a\n" and body[12:16] == b"IHDR"
    return int.from_bytes(body[16:20], "big"), int.from_bytes(body[20:24], "big")


@pytest.fixture(scope="module")
def narrate(browser: Any) -> Any:
    """A page with web/js/narrate.js loaded as ``window.narrate`` (no server)."""
    page = module_page(browser)
    page.evaluate(
        f"async () => {{ window.narrate = await import('{MODULE_ORIGIN}/js/narrate.js'); }}"
    )
    return page


@pytest.mark.parametrize(
    ("description", "phrase"),
    [
        ("Flush, Ace high", "a flush, ace high"),
        ("One Pair, Kings", "a pair of kings"),
        ("Two Pair, Queens and Fives", "two pair, queens and fives"),
        ("Full House, Kings full of Fives", "a full house, kings full of fives"),
        ("Royal Flush", "a royal flush"),
        ("Five of a Kind, Aces", "five of a kind, aces"),
        ("7-5-4-2-A low", "7-5-4-2-A low"),
        ("Pair of Twos low", "a pair of twos low"),
    ],
)
def test_a_hand_name_reads_as_a_phrase_after_with(
    narrate: Any, description: str, phrase: str
) -> None:
    # As the server sends it (with its structure, rules.hand_names), and a name alone.
    script = f"async (item) => (await import('{MODULE_ORIGIN}/js/hand_words.js')).handPhrase(item)"
    for item in ({"description": description, "hand": hand_structure(description)},
                 {"description": description}):  # fmt: skip
        assert narrate.evaluate(script, item) == phrase


def test_the_announcement_names_each_pot_its_winners_and_a_split(narrate: Any) -> None:
    awards = [
        {
            "index": 0,
            "amount": 240,
            "winners": [[0, 120], [2, 120]],
            "description": "Straight, Ten high",
        },
        {"index": 1, "amount": 90, "winners": [[1, 90]], "description": "Flush, Ace high"},
    ]
    lines = narrate.evaluate(
        "awards => narrate.winnerLines(awards, (i) => ['Ann', 'Bob', 'Cy'][i])", awards
    )
    assert lines == [
        "Ann and Cy split 240 of the main pot with a straight, ten high",
        "Bob wins 90 of side pot 1 with a flush, ace high",
    ]
    uncontested = [{"index": 0, "amount": 30, "winners": [[1, 30]], "description": ""}]
    assert narrate.evaluate(
        "awards => narrate.winnerLines(awards, (i) => ['Ann', 'Bob'][i])", uncontested
    ) == ["Bob wins 30"]
