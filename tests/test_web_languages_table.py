"""The table page in Spanish, German and English (issue 38, decision 71): every word it shows
comes from the catalogue of its language (``common.json``, ``table.json``).

One room for the module. In each language, Ana opens a table and Bruno, who has only its
code, watches, joins, asks for a seat and is let in by Ana's host panel; they play a hand
of hold'em to showdown by clicking (the deck is seeded: the same hand every time), and the
page is read by ``tests/i18n_audit.py`` at each moment: the seat choice, the buy-in, the
host panel with Bruno's request, the action bar at a turn, the showdown with the hand log,
the last hands and the ledger. Nothing may be left that no catalogue gave, and no key may be
missing. Screenshots of the Spanish table: tests/artifacts/languages/es-table-*.png.

A test without a browser checks that Spanish and German have exactly English's keys, with
the same ``{params}`` and the same plural forms.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.i18n_audit import speaking, unworded
from tests.web_helpers import ARTIFACTS, WAIT_MS, request_json_now, served_room, shown

CATALOGUES = Path(__file__).parent.parent / "src" / "pokernight" / "web" / "i18n"
PARTS = ("common", "table")
SHOTS = ARTIFACTS / "languages"
VIEWPORT = {"width": 1280, "height": 900}
HOST, GUEST = "Ana", "Bruno"
MAX_ACTIONS = 20
# The host's dialogs about a seated player (host_seats.js), by their buttons' keys.
HOST_DIALOGS = ("correct", "debt-cap", "stand-up", "remove")
# The showdown's line for a pot one player wins, in each language (table.award.*).
WON = {
    "en": "{name} wins {amount} from the pot",
    "es": "{name} gana {amount} del bote",
    "de": "{name} gewinnt {amount} aus dem Pot",
}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with served_room(tmp_path_factory.mktemp("languages-table"), seed=7) as url:
        yield url


def _page(browser: Any, language: str) -> Any:
    context = speaking(browser.new_context(viewport=VIEWPORT), language)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    return page


class Table:
    """Ana's and Bruno's pages at one table, in one language; what each moment left."""

    def __init__(self, browser: Any, url: str, language: str) -> None:
        self.url = url
        self.language = language
        made = request_json_now(f"{url}/api/tables", {"name": HOST, "settings": {
            "action_seconds": 600}})  # fmt: skip
        self.code = str(made["code"])
        self.token = made["token"]
        self.host = _page(browser, language)
        seat = json.dumps({"player_id": made["player_id"], "token": self.token, "name": HOST})
        self.host.add_init_script(f"localStorage.setItem('pokernight.seat.{self.code}', {seat!r});")
        self.guest = _page(browser, language)
        self.data = [HOST, GUEST, self.code]
        self.found: dict[str, dict[str, list[str]]] = {}
        self.hand: dict[str, Any] = {}

    def check(self, moment: str, page: Any, shot: bool = False) -> None:
        """What ``page`` shows now that no catalogue gave, noted as ``moment``."""
        found = unworded(page, self.data)
        if found["left"] or found["missing"]:
            self.found[moment] = found
        if shot:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{self.language}-table-{moment}.png"), full_page=True)

    def seat_everybody(self, shots: bool) -> None:
        host, guest = self.host, self.guest
        host.goto(f"{self.url}/#{self.code}")
        guest.goto(f"{self.url}/#{self.code}")
        guest.wait_for_selector("#join-name")
        self.check("watching", guest, shots)
        guest.fill("#join-name", GUEST)
        guest.click("form.join-here button[type=submit]")
        guest.wait_for_selector("button[data-key='sit-1']")
        self.check("seat-choice", guest, shots)
        host.click("button[data-key='sit-0']")
        host.wait_for_selector("#buy-in")
        self.check("buy-in", host, shots)
        host.click("#buy-in-submit")
        host.wait_for_selector(".seat.me")
        guest.click("button[data-key='sit-1']")
        guest.click("#buy-in-submit")
        guest.locator("#seat-request-note").filter(has_text=re.compile(".")).wait_for()
        self.check("seat-asked", guest)
        approve = host.locator("#host-requests button[data-key^='approve-']")
        approve.wait_for()
        self.check("host-panel", host, shots)
        approve.click()
        guest.wait_for_selector(".seat.me")

    def play_to_showdown(self, shots: bool) -> None:
        """Deal one hand (then pause, so that its end stays on the felt) and check or call
        to its end."""
        self.host.click("#host-start")
        self.host.locator(".hand-number").filter(has_text=re.compile(r"\d")).wait_for()
        self.host.click("#host-start")
        checked = False
        for _ in range(MAX_ACTIONS):
            turn = self._whose_turn()
            if turn is None:
                break
            if not checked:
                self.check("action-bar", turn, shots)
                checked = True
            before = turn.evaluate("document.body.dataset.version")
            turn.click("#act-call")
            turn.locator(f"body[data-my-turn='true'][data-version='{before}']").wait_for(
                state="detached"
            )
        self.host.locator("#winner").wait_for()
        self.guest.wait_for_selector(".showdown")
        answer = request_json_now(f"{self.url}/api/tables/{self.code}/hands", token=self.token)
        [self.hand] = answer["hands"]
        # Every hand's name comes with its structure, which the page words (no English left).
        named = [event for event in self.hand["events"] if event.get("description")]
        assert named and all(event["hand"] for event in named)
        self.check("showdown", self.host, shots)
        self.check("showdown-guest", self.guest)

    def pot_won(self) -> str:
        """The showdown's words for the pot as the server awarded it (one winner: the
        seeded deck's hand)."""
        [award] = [event for event in self.hand["events"] if event["type"] == "PotAwarded"]
        [(index, amount)] = award["winners"]
        return WON[self.language].format(name=self.hand["names"][index], amount=amount)

    def _whose_turn(self) -> Any:
        """The page whose turn it is, once either page has a turn or the hand has ended."""
        for _ in range(WAIT_MS // 100):
            for page in (self.host, self.guest):
                if page.locator("body[data-my-turn='true']").count():
                    return page
            if self.host.locator("#winner, .showdown").count():
                return None
            self.host.wait_for_timeout(100)
        raise AssertionError("nobody's turn and no end of the hand")

    def read_the_panels(self, shots: bool) -> None:
        """The last hands (one opened) and the ledger, on the host's page; then
        each of the host's dialogs about Bruno's seat, opened and cancelled."""
        host = self.host
        host.locator(".hands details.hand summary").first.click()
        host.click("#ledger-refresh")
        host.wait_for_selector(".ledger table")
        self.check("panels", host, shots)
        for key in HOST_DIALOGS:
            host.click(f"#host-players button[data-key^='{key}-']")
            host.wait_for_selector("dialog[open]")
            self.check(f"dialog-{key}", host)
            host.locator("dialog[open] button[type=button]").click()
            host.wait_for_selector("dialog[open]", state="detached")


def _table_in(browser: Any, room: str, language: str, shots: bool = False) -> Table:
    """The table played in ``language``."""
    table = Table(browser, room, language)
    table.seat_everybody(shots)
    table.play_to_showdown(shots)
    table.read_the_panels(shots)
    return table


def test_a_hand_played_in_spanish_is_all_in_spanish(browser: Any, room: str) -> None:
    table = _table_in(browser, room, "es", shots=True)
    assert table.found == {}
    assert table.host.locator(".showdown").inner_text().startswith(table.pot_won())
    assert table.host.locator("#act-fold .label").inner_text() == "Retirarse"
    assert table.host.locator("#ledger-title").inner_text() == "Cuentas"
    assert table.host.errors == [] and table.guest.errors == []


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_table_speaks_each_language(browser: Any, room: str, language: str) -> None:
    table = _table_in(browser, room, language)
    assert table.found == {}
    assert table.guest.locator(".showdown").inner_text().startswith(table.pot_won())
    assert table.host.errors == [] and table.guest.errors == []


def test_a_catalogue_the_network_loses_or_holds_is_asked_again(browser: Any, room: str) -> None:
    """Every module waits for the catalogues: one request lost (Spanish's rooms) and one
    that never comes back (English's common words, the fallback) are asked again, and the
    lobby is drawn in Spanish, where it was left blank for good."""
    page = _page(browser, "es")
    asked: list[str] = []

    def lose_the_first(route: Any) -> None:
        asked.append(route.request.url)
        if sum(url.endswith("/es/rooms.json") for url in asked) == 1:
            route.abort("connectionreset")
        else:
            route.continue_()

    def hold_the_first(route: Any) -> None:
        asked.append(route.request.url)
        if sum(url.endswith("/en/common.json") for url in asked) > 1:
            route.continue_()  # the first is never answered: the page gives up on it

    page.route("**/i18n/es/rooms.json", lose_the_first)
    page.route("**/i18n/en/common.json", hold_the_first)
    page.goto(f"{room}/")
    shown(page, "#create-title")
    spanish = json.loads((CATALOGUES / "es" / "rooms.json").read_text(encoding="utf-8"))
    assert page.locator("#create-title").inner_text() == spanish["rooms.lobby.start_table"]
    assert sorted(url.rsplit("/i18n/", 1)[1] for url in asked) == [
        "en/common.json",
        "en/common.json",
        "es/rooms.json",
        "es/rooms.json",
    ]
    assert page.errors == []
    page.context.close()


def _params(words: str | dict[str, str]) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", json.dumps(words)))


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize("part", PARTS)
def test_each_language_has_every_word_of_english(part: str, language: str) -> None:
    english = json.loads((CATALOGUES / "en" / f"{part}.json").read_text(encoding="utf-8"))
    other = json.loads((CATALOGUES / language / f"{part}.json").read_text(encoding="utf-8"))
    assert set(other) == set(english)
    assert all(key.startswith(f"{part}.") for key in english)
    for key, words in english.items():
        assert _params(other[key]) == _params(words), key
        assert type(other[key]) is type(words), key
        if isinstance(words, dict):
            assert set(other[key]) == set(words), key
