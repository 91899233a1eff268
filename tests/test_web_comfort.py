"""Comfort at the table (issue 38 item 4), in a real Chromium: less motion when asked, a
phone at 200% zoom, and the four suits under simulated colour blindness.

Screenshots go to tests/artifacts/comfort/.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest

from tests.colour_vision import MATRICES, ciede2000, delta_e, parse, simulate
from tests.test_web_games import deal_one_hand_beside, open_as_creator
from tests.test_web_replay import _play_side_pot_hand
from tests.web_helpers import ARTIFACTS, request_json_now, served_room, wait_until_acted

pytestmark = pytest.mark.slow

Json = dict[str, Any]
SHOTS = ARTIFACTS / "comfort"
DESKTOP = {"width": 1280, "height": 900}
SUITS = "shdc"
MOST_TURNS = 400
FELTS = ("blue", "green", "red")
# The least CIEDE2000 between any two suits' colours, as seen normally and under each
# simulated deficiency. 2.3 is a difference just noticeable side by side; suits are told
# at a glance, on small glyphs, one card beside another: 20 is an unmistakable difference
# (about that between the deck's red and blue seen with a protanope's eyes), with room left
# for a screen's own colours.
LEAST_SUIT_DIFFERENCE = 20
# What moves on the page: CSS animations and transitions that would run, on every element
# and its ::before and ::after, and whatever is animating now (scripted ones too).
MOVING = """() => {
    const moving = [];
    const running = (durations) => durations.split(",").some((part) => parseFloat(part) > 0);
    for (const element of document.querySelectorAll("*")) {
        for (const pseudo of [null, "::before", "::after"]) {
            const style = getComputedStyle(element, pseudo);
            const name = `${element.tagName.toLowerCase()}.${element.classList}${pseudo ?? ""}`;
            if (style.animationName !== "none" && running(style.animationDuration)) {
                moving.push(`${name}: animation ${style.animationName}`);
            }
            if (running(style.transitionDuration)) {
                moving.push(`${name}: transition ${style.transitionProperty}`);
            }
        }
    }
    for (const animation of document.getAnimations()) moving.push(`running: ${animation.id}`);
    return moving;
}"""


@dataclass
class Room:
    url: str
    browser: Any


@pytest.fixture(scope="module")
def room(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    folder = tmp_path_factory.mktemp("comfort")
    with served_room(folder, hand_pause=0.2, extra=("--no-rate-limits",), seed=38) as url:
        yield Room(url, browser)


def _table_with_my_turn(
    room: Room, context: Any, game: str = "nlhe"
) -> tuple[Any, Json, list[str]]:
    """A table of ``game`` the page's player created, two bots beside them, a hand dealt
    and the page's player to act: the page, the table's creation, the page's script errors."""
    settings = {"variant": game, "seats": 3, "bot_delay_seconds": 0}
    created = request_json_now(f"{room.url}/api/tables", {"name": "Ann", "settings": settings})
    page, _, errors = open_as_creator(context, room.url, created, "comfort")
    deal_one_hand_beside(room.url, created)
    page.locator("body[data-my-turn='true']").wait_for()
    return page, created, errors


def test_less_motion_asked_stops_every_animation_and_transition(room: Room) -> None:
    still = room.browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    page, created, errors = _table_with_my_turn(room, still)
    # The same table where nobody asked: the cards, clock and buttons do move there.
    moving = room.browser.new_context(viewport=DESKTOP, reduced_motion="no-preference")
    watcher = moving.new_page()
    watcher.goto(f"{room.url}/#{created['code']}")
    watcher.wait_for_selector(".seat .card")
    assert watcher.evaluate(MOVING), "nothing moves even without the preference"

    found = [f"dealt: {thing}" for thing in page.evaluate(MOVING)]
    for _ in range(MOST_TURNS):  # the hand to its end: cards turned, chips won, announced
        if page.locator(".hand-number").inner_text() == "":
            break
        version = page.evaluate("document.body.dataset.version")
        if page.evaluate("document.body.dataset.myTurn") == "true":
            # Call or check; or, a bot all in against the page's player, run it once (the
            # seeded deal depends on the tables the room opened before, so on the tests' order).
            page.click("#act-call:visible, #act-once:visible")
            wait_until_acted(page, version)
        else:
            page.wait_for_timeout(100)
        found += [f"v{version}: {thing}" for thing in page.evaluate(MOVING)]
    else:
        raise AssertionError(f"the hand was not over after {MOST_TURNS} looks")
    assert found == []
    assert errors == []
    still.close()
    moving.close()


# A phone's 390x844 screen at 200% zoom. A browser's zoom makes a CSS pixel twice as large:
# the page is laid out in a 195x422 viewport (what its media queries see too) and drawn with
# twice the phone's pixel ratio (3). CSS `zoom` on the body would scale the drawing but
# leave the media queries at 390 px, which is not what a zooming player gets.
# Hold'em, and five-card draw: the most cards in a hand at the first turn.
ZOOMED_GAMES = ("nlhe", "nl5cd")
ZOOMED_PHONE: Json = {
    "viewport": {"width": 195, "height": 422},
    "device_scale_factor": 6,
    "is_mobile": True,
    "has_touch": True,
    "reduced_motion": "reduce",
}
# Where each thing that matters is, as the player would scroll to it: in the page's width,
# at least a fingertip's 24 px (WCAG 2.2's target size) for a button, and on top (what is
# at its centre is itself or inside it).
WHERE = """(selector) => [...document.querySelectorAll(selector)]
    .filter((element) => element.checkVisibility())
    .map((element) => {
        element.scrollIntoView({ block: "center" });
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return { what: `${selector} ${element.id || element.className}`, left: box.left,
                 right: box.right, width: box.width, height: box.height,
                 onTop: element === top || element.contains(top) };
    })"""
# The seats, their plates and cards, and the middle of the felt (board and pot): the
# pairs of them that lie over each other (a seat holds its own plate and cards).
OVERLAPS = """() => {
    const things = [...document.querySelectorAll(".seat[data-seat], .seat[data-seat] .plate, "
        + ".seat[data-seat] .cards, .center .board, #pot")];
    const named = (element) =>
        `${element.className} ${element.closest(".seat")?.dataset.seat ?? ""}`;
    const overlaps = [];
    things.forEach((one, index) => {
        for (const other of things.slice(index + 1)) {
            if (one.contains(other) || other.contains(one)) continue;
            const a = one.getBoundingClientRect(), b = other.getBoundingClientRect();
            if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
                overlaps.push(`${named(one)} and ${named(other)}`);
            }
        }
    });
    return overlaps;
}"""
MATTERS = {
    ".action-bar button": True,
    ".seat.me .card": False,
    ".board .card:not(.slot)": False,
    "#pot": False,
    "#turn-line": False,
    ".seat .name": False,
}


@pytest.mark.parametrize("game", ZOOMED_GAMES)
def test_a_phone_at_200_percent_zoom_can_play(room: Room, game: str) -> None:
    zoomed = room.browser.new_context(**ZOOMED_PHONE)
    page, _, errors = _table_with_my_turn(room, zoomed, game)
    # What the player sees: the felt first, then scrolled to the buttons (the whole page
    # runs to some 3,000 CSS px of panels at this size).
    page.screenshot(path=str(SHOTS / f"zoom-200-phone-{game}-felt.png"))
    page.locator(".action-bar").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"zoom-200-phone-{game}-actions.png"))
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 195, f"the page scrolls sideways: {width} px wide in 195"
    problems = []
    for selector, is_button in MATTERS.items():
        found = page.evaluate(WHERE, selector)
        if is_button and len(found) < 2:
            problems.append(f"{selector}: {len(found)} visible")
        for thing in found:
            if thing["left"] < 0 or thing["right"] > 195:
                problems.append(f"{thing['what']} is cut: {thing['left']}..{thing['right']}")
            if not thing["onTop"]:
                problems.append(f"{thing['what']} is covered")
            if is_button and min(thing["width"], thing["height"]) < 24:
                problems.append(f"{thing['what']} is {thing['width']}x{thing['height']}")
    problems += [f"{both} overlap" for both in page.evaluate(OVERLAPS)]
    assert problems == []
    # Usable: the player acts from the zoomed page.
    version = page.evaluate("document.body.dataset.version")
    page.locator("#act-call").tap()
    wait_until_acted(page, version)
    assert errors == []
    zoomed.close()


# An ace of each suit drawn by the page's own cards.js beside the table: a deal need not show
# all four suits (the seeded deck of a table depends on the tables the server opened before,
# so on the order the tests ran in), and the felt is drawn again at every version.
DRAW_FOUR_ACES = """async () => {
    const { cardElement } = await import("/js/cards.js");
    document.querySelector("#suit-strip")?.remove();
    const strip = document.createElement("div");
    strip.id = "suit-strip";
    strip.style.cssText = "position: fixed; top: 4rem; left: 1rem; z-index: 10; display: flex;"
        + " gap: 0.5rem; padding: 0.5rem; background: inherit";
    strip.append(...["As", "Ah", "Ad", "Ac"].map((card) => cardElement(card)));
    document.body.append(strip);
}"""
# The colour of each suit's glyphs as the page draws them, and of the card's face.
SUIT_COLOURS = """() => {
    const colours = {};
    for (const suit of ["s", "h", "d", "c"]) {
        const card = document.querySelector(`#suit-strip .card.suit-${suit} .suit`);
        if (card) colours[suit] = getComputedStyle(card).color;
    }
    colours.face = getComputedStyle(document.querySelector(".card:not(.back):not(.slot)"))
        .backgroundColor;
    return colours;
}"""
# A page seen through a deficiency: the Machado matrix in an SVG filter over the body.
SEE_AS = """(matrix) => {
    const svgNs = "http://www.w3.org/2000/svg";
    document.querySelector("#colour-vision")?.remove();
    document.body.style.filter = "";
    if (!matrix) return;
    const svg = document.createElementNS(svgNs, "svg");
    svg.id = "colour-vision";
    svg.setAttribute("width", "0");
    svg.setAttribute("height", "0");
    const filter = document.createElementNS(svgNs, "filter");
    filter.id = "colour-vision-filter";
    const colours = document.createElementNS(svgNs, "feColorMatrix");
    colours.setAttribute("type", "matrix");
    colours.setAttribute("values", matrix.map((row) => [...row, 0, 0].join(" ")).join(" ")
        + " 0 0 0 1 0");
    filter.append(colours);
    svg.append(filter);
    document.body.append(svg);
    document.body.style.filter = "url(#colour-vision-filter)";
}"""


def test_colour_blind_players_tell_the_four_suits_apart(room: Room) -> None:
    context = room.browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    settings = {"seats": 6, "min_buy_in": 100, "max_buy_in": 1000}
    created = request_json_now(f"{room.url}/api/tables", {"name": "Ann", "settings": settings})
    code, token = created["code"], created["token"]
    page = context.new_page()
    page.goto(f"{room.url}/")
    seat = {"token": token, "player_id": created["player_id"], "name": "Ann"}
    page.evaluate(
        "([key, seat]) => localStorage.setItem(key, seat)",
        [f"pokernight.seat.{code}", json.dumps(seat)],
    )
    page.goto(f"{room.url}/#{code}")
    page.wait_for_selector("#felt")
    with ThreadPoolExecutor(1) as pool:
        pool.submit(
            asyncio.run, _play_side_pot_hand(room.url, code, token, created["invite"])
        ).result()
    page.wait_for_selector(".showdown")
    page.evaluate(DRAW_FOUR_ACES)
    problems = []
    for felt in FELTS:
        page.select_option("#felt-colour", felt)
        colours = page.evaluate(SUIT_COLOURS)
        assert set(colours) == {*SUITS, "face"}, f"a suit is not drawn: {colours}"
        for deficiency in (None, *MATRICES):
            seen = {
                suit: parse(colours[suit])
                if deficiency is None
                else simulate(parse(colours[suit]), deficiency)
                for suit in SUITS
            }
            for first, second in itertools.combinations(SUITS, 2):
                difference = delta_e(seen[first], seen[second])
                if difference < LEAST_SUIT_DIFFERENCE:
                    problems.append(
                        f"{felt} felt, {deficiency or 'normal'}: {first}/{second} "
                        f"differ by {difference:.1f}"
                    )
            if felt == "blue":
                page.evaluate(SEE_AS, MATRICES[deficiency] if deficiency else None)
                page.locator(".felt-wrap").screenshot(
                    path=str(SHOTS / f"suits-{deficiency or 'normal'}.png")
                )
                page.locator("#suit-strip").screenshot(
                    path=str(SHOTS / f"aces-{deficiency or 'normal'}.png")
                )
                page.evaluate(SEE_AS, None)
    assert problems == []
    context.close()


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [  # pairs 1, 9, 13 and 33 of Sharma, Wu and Dalal's test data for CIEDE2000
        ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
        ((50, 2.49, -0.001), (50, -2.49, 0.0009), 7.1792),
        ((50, -0.001, 2.49), (50, 0.0009, -2.49), 4.8045),
        ((50, 2.5, 0), (73, 25, -18), 27.1492),
    ],
)
def test_ciede2000_agrees_with_its_published_test_data(
    first: tuple[float, float, float], second: tuple[float, float, float], expected: float
) -> None:
    assert ciede2000(first, second) == pytest.approx(expected, abs=1e-4)
