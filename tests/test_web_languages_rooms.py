"""The rooms' words in English, Spanish and German (issue 38, decision 71).

One room holds what every page around the table shows: a club's season (Alice, a member,
hosted a night that Bob played as a guest: all-ins, a closed table and its recap), a
sit-and-go registering, and a hand to replay with Alice's coach and its proof. In each
language a browser context opens the club's door and an invitation, the lobby (a preset
picked: its lines and the settings form; the alerts panel), the club, the tournament's
lobby and clock, the replay of a hand (the coach, the fair-deal check) and the stream view
of the closed night (its recap, and its image asked for in the page's language: the three
images differ); ``tests/i18n_audit.py`` reads each page: nothing shown is
left out of the catalogue of its language, and no key is missing from it. Screenshots go
to ``tests/artifacts/languages/``. The topbar's menu changes the language of the device;
a browser that speaks Spanish opens in Spanish.

Then more of the season: Dave and Erin, members matched to an imported PokerNow ledger, and
a payment between them (one confirmed, one waiting): Erin's club page (the payments, the
imported nights, the log's table imported), a running sit-and-go's tables and places and
Dave's table strip at ``#tournament/ID/play``, and a finished one's results and Erin's place,
each read in each language as above.

Without a browser: Spanish and German have exactly the English keys of rooms.json, with
the same {params}.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.i18n_audit import LANGUAGES, speaking, unworded
from tests.server_helpers import shoving_night
from tests.web_helpers import (
    ARTIFACTS,
    WAIT_MS,
    organiser_link,
    request_json_now,
    served_room,
    shown,
    watched,
)

CATALOGUES = Path(__file__).parents[1] / "src" / "pokernight" / "web" / "i18n"
SHOTS = ARTIFACTS / "languages"
SEED = 7
HANDS = 3
DESKTOP = {"width": 1280, "height": 900}
Json = dict[str, Any]


def _params(entry: str | dict[str, str]) -> set[str]:
    forms = entry.values() if isinstance(entry, dict) else [entry]
    return {name for form in forms for name in re.findall(r"\{(\w+)\}", form)}


def _rooms(language: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads((CATALOGUES / language / "rooms.json").read_text())
    return found


@pytest.mark.parametrize("language", ["es", "de"])
def test_spanish_and_german_have_the_english_keys_and_params(language: str) -> None:
    english, words = _rooms("en"), _rooms(language)
    assert sorted(words) == sorted(english)
    for key, entry in english.items():
        assert isinstance(words[key], dict) == isinstance(entry, dict), key
        assert _params(words[key]) == _params(entry), key
        if isinstance(entry, dict):
            assert "other" in words[key], key


def _post(url: str, body: Json, headers: dict[str, str]) -> Json:
    import urllib.request

    request = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json", **headers}
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        found: Json = json.loads(answer.read())
        return found


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Json]:
    """The room and what each page needs of it: Alice's device and seat, the tournament."""
    tmp_path = tmp_path_factory.mktemp("languages")
    with served_room(tmp_path, hand_pause=0.2, seed=SEED) as url, ThreadPoolExecutor(1) as pool:
        invite = organiser_link(tmp_path).rsplit("/", 1)[1]
        alice = request_json_now(f"{url}/api/club/join", {"invite": invite, "name": "Alice"})
        member = {"x-pokernight-device": alice["device"]}
        table = _post(f"{url}/api/tables", {"name": "Alice", "member": True}, member)
        bob = request_json_now(
            f"{url}/api/tables/{table['code']}/join", {"name": "Bob", "invite": table["invite"]}
        )
        tokens = [table["token"], bob["token"]]
        night = shoving_night(
            url, table["code"], tokens, (1_000, 1_000), hands=HANDS, rebuy=1_000, close=True
        )
        pool.submit(asyncio.run, night).result()
        cup = request_json_now(
            f"{url}/api/tournaments",
            {"name": "Friday Cup", "format": "sit-and-go", "entries": 3, "buy_in": 100},
        )
        request_json_now(f"{url}/api/tournaments/{cup['id']}/entrants", {"name": "Carol"})
        database = f"sqlite+aiosqlite:///{tmp_path / 'room.sqlite3'}"
        yield {"url": url, "alice": alice, "table": table, "cup": cup, "database": database}


# The recap image the page shows, fetched again from its address: its bytes, as hex.
_IMAGE_BYTES = """
async () => {
  const answer = await fetch(document.querySelector('#recap-image').src);
  const bytes = new Uint8Array(await answer.arrayBuffer());
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
"""


def _audited(page: Any, name: str, data: list[str], found: dict[str, Any]) -> None:
    """``page`` screenshot as ``name``; what it shows out of its catalogue noted in ``found``."""
    page.wait_for_timeout(300)  # what is drawn as the answers come has come
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    words = unworded(page, data)
    if words != {"left": [], "missing": []}:
        found[name] = words


@pytest.mark.slow
def test_every_room_page_speaks_each_language(browser: Any, room: Json) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    url, code, cup = room["url"], room["table"]["code"], room["cup"]["id"]
    data = ["Alice", "Bob", "Carol", "Friday Cup", code, "pokernight"]
    found: dict[str, Any] = {}
    images: dict[str, str] = {}
    for language in LANGUAGES:
        context = speaking(browser.new_context(viewport=DESKTOP), language)
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        # Before this browser is a member's: the club's door, and an invitation opened.
        page.goto(f"{url}/#club")
        page.locator("#club-claim-submit").wait_for()
        _audited(page, f"{language}-club-door", data, found)
        page.goto(f"{url}/#club/join/an-invitation")
        page.locator("#club-invite-submit").wait_for()
        _audited(page, f"{language}-club-invitation", data, found)
        page.evaluate(
            "([seat, device, director]) => {"
            " localStorage.setItem(seat[0], seat[1]);"
            " localStorage.setItem('pokernight.device', device);"
            " localStorage.setItem(director[0], director[1]); }",
            [
                [f"pokernight.seat.{code}", json.dumps(room["table"])],
                json.dumps({"device": room["alice"]["device"], **room["alice"]["member"]}),
                [f"pokernight.director.{cup}", room["cup"]["director_token"]],
            ],
        )
        # The lobby, a preset picked (its lines, the settings form opened), the alerts.
        page.goto(f"{url}/")
        page.select_option("#create-preset", "seed-003-house-rules")
        page.click("#alerts-button")
        page.locator("#alerts-panel").wait_for()
        _audited(page, f"{language}-lobby", data, found)
        page.click("#alerts-button")

        page.goto(f"{url}/#club")
        page.locator("#club-hands .hand-row").first.wait_for()
        page.locator("#club-nights summary").first.click()
        _audited(page, f"{language}-club", data, found)

        page.goto(f"{url}/#tournament/{cup}")
        page.locator("#seats-to-fill").wait_for()
        _audited(page, f"{language}-tournament", data, found)
        page.goto(f"{url}/#tournament/{cup}/clock")
        page.locator(".clock-level").wait_for()
        _audited(page, f"{language}-clock", data, found)

        page.goto(f"{url}/#{code}/hand/1/0")
        page.wait_for_selector("body[data-replay-step='0']")
        page.locator(".coach-jump").first.click()
        page.locator(".coach-did").wait_for()
        page.locator("button.verify").click()
        page.locator(".verify-result[data-verified='true']").wait_for()
        _audited(page, f"{language}-replay", data, found)

        stream = context.new_page()
        stream.set_default_timeout(WAIT_MS)
        stream.goto(f"{url}/stream.html#{code}")
        stream.locator("#recap-lines li").first.wait_for()
        _audited(stream, f"{language}-stream", data, found)
        image = stream.locator("#recap-image")  # asked for in the page's language, and drawn
        assert image.get_attribute("src") == f"/api/tables/{code}/recap.png?lang={language}"
        image.scroll_into_view_if_needed()
        stream.wait_for_function("document.querySelector('#recap-image').complete")
        images[language] = stream.evaluate(_IMAGE_BYTES)
        assert errors == [], language
        context.close()
    assert len(set(images.values())) == len(LANGUAGES)  # each image in its own words
    # What is left, by page, kept beside the screenshots to read.
    (SHOTS / "rooms-unworded.json").write_text(json.dumps(found, indent=1, ensure_ascii=False))
    assert found == {}


@pytest.mark.slow
def test_the_language_menu_is_remembered_and_the_browser_language_is_spoken(
    browser: Any, room: Json
) -> None:
    url = room["url"]
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    page = watched(context.new_page())
    page.goto(f"{url}/")
    shown(page, "#create-title")
    assert page.evaluate("document.documentElement.lang") == "en"
    with page.expect_navigation():
        page.select_option("#language", "de")
    page.locator("#create-title").wait_for()
    german = _rooms("de")["rooms.lobby.start_table"]
    assert page.locator("#create-title").inner_text() == german
    again = watched(context.new_page())  # the choice is the device's: a new page is German too
    again.goto(f"{url}/")
    shown(again, "#create-title")
    assert again.evaluate("document.documentElement.lang") == "de"
    assert again.locator("#create-title").inner_text() == german
    context.close()

    spanish = browser.new_context(viewport=DESKTOP, locale="es-ES")
    page = watched(spanish.new_page())
    page.goto(f"{url}/")
    shown(page, "#create-title")
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.locator("#create-title").inner_text() == _rooms("es")["rooms.lobby.start_table"]
    spanish.close()


LEDGER = Path(__file__).parent / "data" / "pokernow"
LEDGER_NAMES = ["Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy"]


def _member(url: str, alice: Json, name: str) -> Json:
    """``name`` joins the club on Alice's invitation: their device and member id."""
    device = {"x-pokernight-device": alice["device"]}
    invite = _post(f"{url}/api/club/invites", {"organiser": False}, device)["invite"]
    return request_json_now(f"{url}/api/club/join", {"invite": invite, "name": name})


def _add_bot(url: str, cup: Json, name: str) -> None:
    request_json_now(
        f"{url}/api/tournaments/{cup['id']}/entrants",
        {"name": name, "bot": "easy"},
        cup["director_token"],
    )


def _tournament(url: str, facts: Json, entrant: str, bots: int) -> Json:
    """A sit-and-go ``entrant`` entered with ``bots`` bots: its facts and the entrant's seat."""
    cup = request_json_now(f"{url}/api/tournaments", facts)
    entered = request_json_now(f"{url}/api/tournaments/{cup['id']}/entrants", {"name": entrant})
    for number in range(bots):
        _add_bot(url, cup, f"Bot {number + 2}")
    return {**cup, "entrant": entered}


@pytest.fixture(scope="module")
def season(room: Json, tmp_path_factory: pytest.TempPathFactory) -> Json:
    """More of the room: Dave and Erin, members matched to an imported PokerNow ledger, a
    payment of Dave's to Erin confirmed and one waiting; a sit-and-go Dave is to play (its
    last seat left for the test to fill) and one Erin has finished (she was away)."""
    from pokernight.cli.main import main

    url, database = room["url"], room["database"]
    dave, erin = (_member(url, room["alice"], name) for name in ("Dave", "Erin"))
    argv = ["import", str(LEDGER / "session.csv"), str(LEDGER / "session_ledger.csv")]
    argv += ["--member", "Alice=Alice", "--member", "Dave=Dave", "--member", "Erin=Erin"]
    with ThreadPoolExecutor(1) as pool:  # the import's own event loop, off the test's thread
        assert pool.submit(main, [*argv, "--db", database]).result() == 0
    payer, payee = dave["member"]["member_id"], erin["member"]["member_id"]
    paid = [
        _post(
            f"{url}/api/club/payments",
            {"payer": payer, "payee": payee, "amount": amount},
            {"x-pokernight-device": dave["device"]},
        )["id"]
        for amount in (100, 50)
    ]
    erins = {"x-pokernight-device": erin["device"]}
    _post(f"{url}/api/club/payments/{paid[0]}/confirm", {}, erins)
    quick = {"format": "sit-and-go", "structure": "quick", "seats": 3, "starting_stack": 200}
    running = _tournament(
        url,
        {
            **quick,
            "name": "Saturday Cup",
            "entries": 4,
            "bot_delay_seconds": 0,
            "action_seconds": 60,
        },
        "Dave",
        2,
    )
    over = _tournament(
        url,
        {
            **quick,
            "name": "Sunday Cup",
            "entries": 3,
            "bot_delay_seconds": 0,
            "action_seconds": 0.2,
        },
        "Erin",
        2,
    )
    return {"dave": dave, "erin": erin, "running": running, "over": over}


def _entrant_page(context: Any, url: str, cup: Json, who: Json) -> Any:
    """A page of the browser ``context`` as ``who`` (their device, and their entry in ``cup``)."""
    page = watched(context.new_page())
    page.goto(f"{url}/#club")
    page.evaluate(
        "([device, key, entry]) => { localStorage.setItem('pokernight.device', device);"
        " localStorage.setItem(key, entry); }",
        [
            json.dumps({"device": who["device"], **who["member"]}),
            f"pokernight.entrant.{cup['id']}",
            json.dumps(cup["entrant"]),
        ],
    )
    page.reload()  # the page reads whose device it is as it loads
    return page


@pytest.mark.slow
def test_the_club_money_and_the_tournaments_at_play_speak_each_language(
    browser: Any, room: Json, season: Json
) -> None:
    """The club's payments and imported nights (Erin's page), a running tournament's tables
    and places and Dave's table strip, a finished tournament's results: in each language."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    url, running, over = room["url"], season["running"], season["over"]
    data = [
        "Alice",
        "Bob",
        "Saturday Cup",
        "Sunday Cup",
        *(f"Bot {number}" for number in range(2, 5)),
    ]
    data += [*LEDGER_NAMES, "session_ledger.csv", "session.csv"]
    found: dict[str, Any] = {}
    # Dave at his table from the start: his turns wait out the clock, so his table plays on
    # while the bots' table beside it breaks (its loser: the places).
    keeper = _entrant_page(browser.new_context(viewport=DESKTOP), url, running, season["dave"])
    keeper.goto(f"{url}/#tournament/{running['id']}/play")
    keeper.locator("#tournament-where").wait_for()
    _add_bot(url, running, "Bot 4")
    for language in LANGUAGES:
        context = speaking(browser.new_context(viewport=DESKTOP), language)
        erin = _entrant_page(context, url, over, season["erin"])
        errors: list[str] = []
        erin.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        shown(erin, "#club-payments li.payment.waiting")
        erin.locator("#club-imported .night-people li").first.wait_for()  # open already
        erin.evaluate(  # every night unfolded: the log's table imported, with its note
            "document.querySelectorAll('#club-nights details').forEach((n) => { n.open = true; })"
        )
        _audited(erin, f"{language}-club-money", data, found)
        for part in ("payments", "imported", "nights"):  # the long page's parts, to look at
            erin.locator(f"#club-{part}").screenshot(path=str(SHOTS / f"{language}-{part}.png"))
        erin.goto(f"{url}/#tournament/{over['id']}")
        erin.locator("#tournament-over").wait_for()
        _audited(erin, f"{language}-tournament-results", data, found)
        erin.goto(f"{url}/#tournament/{over['id']}/play")
        erin.locator("#tournament-where").filter(has_text=re.compile(r"\d")).wait_for()
        _audited(erin, f"{language}-tournament-finished", data, found)

        dave = _entrant_page(context, url, running, season["dave"])
        dave.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        dave.goto(f"{url}/#tournament/{running['id']}")
        dave.locator(".tournament-table").first.wait_for()
        dave.locator(".places").wait_for(timeout=3 * WAIT_MS)
        _audited(dave, f"{language}-tournament-running", data, found)
        dave.goto(f"{url}/#tournament/{running['id']}/play")
        dave.locator("body[data-tournament-table] .seat.me").wait_for()
        _audited(dave, f"{language}-tournament-play", data, found)
        assert errors == [], language
        context.close()
    keeper.context.close()
    (SHOTS / "more-unworded.json").write_text(json.dumps(found, indent=1, ensure_ascii=False))
    assert found == {}
