"""A whole hand by keyboard and by ear (issue 38): Ann never clicks. She creates the table,
Tabs to a seat and buys in with Enter, steps into the host's panel with M and deals, and
plays every street with the keys (a sizing key and R, C, R, C) against Bob, who clicks.
The live region's sentences, collected as the page adds them, are checked against the
frames the room sent her: each action with its amount, her two cards, the flop, the turn
and the river, whose turn it is, the result. H, B, S and P read what the felt shows.
The deck is seeded (the same hand every run). Saved as tests/artifacts/keyboard-focus.png
and keyboard-help.png. The live region's words in Spanish and German are checked on the
module alone."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.test_web_contrast import _variables, contrast
from tests.web_helpers import (
    ARTIFACTS,
    FrameLog,
    _hand_events,
    invite_link,
    join_by_invite,
    module_page,
    served_room,
    sit_at,
    wait_until_acted,
    watched_page,
)

DESKTOP = {"width": 1280, "height": 860}
KEYBOARD_SEED = 38
MAX_STEPS = 400
MAX_TABS = 80
RANK_WORDS = "Two Three Four Five Six Seven Eight Nine Ten Jack Queen King Ace"
RANKS = dict(zip("23456789TJQKA", RANK_WORDS.split(" "), strict=True))
SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
# Every sentence the live region is given, in order, as the page adds it.
COLLECT = """
window.__spoken = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) {
      if (node.nodeName === "P" && node.parentElement?.id === "spoken") {
        window.__spoken.push(node.textContent);
      }
    }
  }
}).observe(document, { childList: true, subtree: true });
"""
# What the action's words are in English, by the server's name for it.
SAYS = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets", "raise": "raises to"}


def _card(card: str) -> str:
    return f"{RANKS[card[0]]} of {SUITS[card[1]]}"


def _listed(words: list[str], last: str) -> str:
    """As the page's Intl.ListFormat lists them in English ("a, b, and c")."""
    if len(words) < 3:
        return f" {last} ".join(words)
    return f"{', '.join(words[:-1])}, {last} {words[-1]}"


def _cards(cards: list[str]) -> str:
    return _listed([_card(card) for card in cards], "and")


def _your_turn(legal: dict[str, Any]) -> str:
    """What the server's legal actions let Ann do, as the live region should say it."""
    may = ["fold"] if legal["can_fold"] else []
    if legal["can_check"]:
        may.append("check")
    elif legal["can_call"]:
        may.append(f"call {legal['call_amount']:,}")
    if legal["can_bet_or_raise"]:
        verb = "bet" if legal["raise_says"] == "bet" else "raise to"
        more = " or more" if legal["min_raise_to"] < legal["max_raise_to"] else ""
        may.append(f"{verb} {legal['min_raise_to']:,}{more}")
    return f"Your turn: you may {_listed(may, 'or')}"


def _heard(page: Any) -> list[str]:
    said: list[str] = page.evaluate("window.__spoken")
    return said


def _last_heard(page: Any) -> str:
    return _heard(page)[-1]


def _focused(page: Any) -> str:
    """The focused element, as a selector-like word: its id, or its tag and seat."""
    found: str = page.evaluate(
        "(() => { const e = document.activeElement;"
        " return e.id || `${e.tagName.toLowerCase()}.${e.className}:${e.dataset.seat ?? ''}`; })()"
    )
    return found


def _tab_to(page: Any, wanted: str) -> None:
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        if _focused(page) == wanted:
            return
    raise AssertionError(f"Tab never reached {wanted}")


def _expected(frames: FrameLog, names: dict[int, str], me: int) -> list[str]:
    """The sentences the live region owes Ann, in order, from what the room sent her."""
    said: list[str] = []
    seats: list[int] = []
    for frame in frames.frames:
        if frame.get("type") == "HandFinished":
            break  # the next hand may be dealt while the test reads this one
        if frame.get("type") == "snapshot":
            continue
        if frame.get("type") == "HandDealt":
            seats = frame["seats"]
            said.append(f"Hand {frame['hand_number']}")
        street = ""
        for item in _hand_events(frame):
            name = names[seats[item["seat"]]] if item.get("seat") is not None else ""
            if item["type"] == "StreetStarted":
                street = item["name"]
            elif item["type"] == "ActionTaken":
                amount = f" {item['amount']:,}" if item.get("amount") else ""
                said.append(f"{name} {SAYS[item['says']]}{amount}")
            elif item["type"] == "CardsDealt" and item["cards"]:
                if item["seat"] is None:
                    said.append(f"{street.capitalize()}: {_cards(item['cards'])}")
                elif seats[item["seat"]] == me:
                    said.append(f"You are dealt {_cards(item['cards'])}")
            elif item["type"] == "CardsShown":
                said.append(f"{name} shows {_cards(item['cards'])}")
            elif item["type"] == "PotAwarded":
                winners = " and ".join(names[seats[seat]] for seat, _ in item["winners"])
                verb = "split" if len(item["winners"]) > 1 else "wins"
                said.append(f"{winners} {verb} {item['amount']:,}")
        status = frame.get("status") or {}
        if frame.get("hand") and status.get("to_act") is not None:
            yours = status["to_act"] == me
            said.append(
                _your_turn(status["legal"]) if yours else f"{names[status['to_act']]} to act"
            )
    return said


def _in_order(expected: list[str], heard: list[str]) -> None:
    """Each expected sentence begins one heard sentence, in the same order (a result goes
    on with the hand that won)."""
    at = 0
    for sentence in expected:
        while at < len(heard) and not heard[at].startswith(sentence):
            at += 1
        assert at < len(heard), f"never heard {sentence!r} (in order) in {heard}"
        at += 1


def _read(page: Any, key: str) -> str:
    page.keyboard.press(key)
    return _last_heard(page)


def _check_reads(page: Any) -> None:
    """H, B, S and P say what the felt shows."""
    mine = page.locator(".seat.me .card").evaluate_all(
        "cards => cards.map(card => card.getAttribute('aria-label').split(',')[0])"
    )
    assert _read(page, "h") == f"Your cards: {' and '.join(mine)}"
    board = page.locator(".board .card:not(.slot)").evaluate_all(
        "cards => cards.map(card => card.getAttribute('data-card'))"
    )
    assert _read(page, "b") == (f"Board: {_cards(board)}" if board else "No board cards")
    plates = page.locator(".seat .plate").evaluate_all(
        "plates => plates.map(p => `${p.querySelector('.name').textContent} "
        "${p.querySelector('.stack').textContent}`)"
    )
    assert _read(page, "s") == f"Chips: {' and '.join(plates)}"
    pot = page.locator("#pot").inner_text().removeprefix("Pot ")
    assert _read(page, "p").startswith(f"Pot: {pot}")


def _ann_acts(ann: Any) -> str:
    """Ann's move on this street, by keys alone: ½ Pot and R before the flop, C on the
    flop, the least bet (R) on the turn, C on the river. Returns what she pressed."""
    dealt = ann.locator(".board .card:not(.slot)").count()
    version = ann.evaluate("document.body.dataset.version")
    if dealt == 0:
        said = _read(ann, "2")
        assert re.fullmatch(r"(Raise to|Bet) [\d,]+", said), said
        keys = "2 r"
        ann.keyboard.press("r")
    elif dealt == 4:
        keys = "r"
        ann.keyboard.press("r")
    else:
        keys = "c"
        ann.keyboard.press("c")
    wait_until_acted(ann, version)
    return keys


def test_a_whole_hand_by_keyboard_alone_told_by_the_live_region(
    browser: Any, tmp_path: Path
) -> None:
    with served_room(tmp_path, hand_pause=0.5, seed=KEYBOARD_SEED) as url:
        ann = watched_page(browser, viewport=DESKTOP)
        ann.context.add_init_script(COLLECT)
        frames = FrameLog("ann")
        frames.watch(ann)
        ann.goto(f"{url}/")
        ann.locator("#create-name").press_sequentially("Ann")
        ann.keyboard.press("Enter")
        ann.wait_for_selector("#felt")

        # Tab to the first seat, Enter: the buy-in is asked with its field focused; Escape
        # takes the focus back to the seat, and Enter again buys in.
        _tab_to(ann, "button.sit:0")
        ann.keyboard.press("Enter")
        ann.locator("#buy-in").wait_for()
        assert _focused(ann) == "buy-in"
        ann.keyboard.press("Escape")
        ann.locator("#buy-in").wait_for(state="detached")
        assert _focused(ann) == "button.sit:0"
        ann.keyboard.press("Enter")
        ann.locator("#buy-in").wait_for()
        assert _focused(ann) == "buy-in"
        ann.keyboard.press("Enter")
        ann.wait_for_selector(".seat.me")

        bob = watched_page(browser, viewport=DESKTOP)
        join_by_invite(bob, invite_link(ann), "Bob")
        sit_at(bob, 1)

        # ? lists the keys; Escape closes the list.
        ann.keyboard.press("?")
        assert _focused(ann) == "keys-close"
        assert "Read your cards" in ann.locator("#keys-help").inner_text()
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        ann.screenshot(path=str(ARTIFACTS / "keyboard-help.png"))
        ann.keyboard.press("Escape")
        ann.locator("#keys-help").wait_for(state="detached")

        # M steps into the host's panel, Tab goes through it, Escape steps out.
        ann.keyboard.press("m")
        assert _focused(ann) == "host-start"
        ring = ann.evaluate(
            "(() => { const style = getComputedStyle(document.activeElement);"
            " return [style.outlineStyle, style.outlineWidth, style.boxShadow]; })()"
        )
        assert ring[:2] == ["solid", "3px"] and "2px" in ring[2], (
            ring
        )  # the ring, and its dark edge
        ann.screenshot(path=str(ARTIFACTS / "keyboard-focus.png"))
        ann.keyboard.press("Tab")
        assert _focused(ann) == "host-bomb"
        ann.keyboard.press("Escape")
        assert ann.evaluate("document.activeElement === document.body")
        ann.keyboard.press("m")
        ann.keyboard.press("Enter")  # Deal
        ann.keyboard.press("Escape")

        names = {0: "Ann", 1: "Bob"}
        pressed: list[str] = []
        for _ in range(MAX_STEPS):
            if any(frame.get("type") == "HandFinished" for frame in frames.frames):
                break
            if ann.evaluate("document.body.dataset.myTurn") == "true":
                if not pressed:
                    _check_reads(ann)
                pressed.append(_ann_acts(ann))
                if len(pressed) == 2:
                    _check_reads(ann)  # again, with a board and chips in the pot
            elif bob.evaluate("document.body.dataset.myTurn") == "true":
                version = bob.evaluate("document.body.dataset.version")
                bob.click("#act-call")
                wait_until_acted(bob, version)
            else:
                ann.wait_for_timeout(50)
        assert pressed == ["2 r", "c", "r", "c"], pressed

        heard = _heard(ann)
        if "Hand 2" in heard:  # dealt already: this hand's sentences are those before it
            heard = heard[: heard.index("Hand 2")]
        expected = _expected(frames, names, me=0)
        _in_order(expected, heard)
        # Four streets: Ann's two cards, the flop's three, the turn and the river.
        dealt = [line for line in heard if re.match(r"(You are dealt|Flop|Turn|River)", line)]
        assert [line.split(" ")[0].rstrip(":") for line in dealt] == [
            "You",
            "Flop",
            "Turn",
            "River",
        ]
        assert len([line for line in heard if line.startswith("Your turn: ")]) == 4
        result = [line for line in heard if re.match(r"(Ann|Bob)( and \w+)? (wins|split) ", line)]
        assert result and " with " in result[-1], heard
        for page in (ann, bob):
            assert page.errors == [], page.errors


# Where a focused control may sit: the page, the panels, every shade of the felt, a card, the
# wild cards' panel. The focus ring is the accent's outline with a dark edge (the page's
# colour) inside it: one of the two stands out 3:1 on each (WCAG 1.4.11).
FOCUS_BACKGROUNDS = ("page", "panel", "felt", "felt-light", "felt-dark", "card-face", "wild-panel")
NON_TEXT_CONTRAST = 3


def test_the_focus_ring_stands_out_on_every_background() -> None:
    colours = _variables()
    for background in FOCUS_BACKGROUNDS:
        seen = max(
            contrast(colours["accent"], colours[background]),
            contrast(colours["page"], colours[background]),
        )
        assert seen >= NON_TEXT_CONTRAST, background


# A raise and the next turn, in Spanish and German: the catalogue's words, the numbers and
# the lists as each language writes them.
HEARD = """async () => {
  globalThis.__i18nAudit = { shown: [], missing: [] };
  const { Spoken, turnSentence } = await import("/js/spoken.js");
  const legal = { can_fold: true, can_check: false, can_call: true, call_amount: 12500,
    can_bet_or_raise: true, raise_says: "raise", min_raise_to: 25000, max_raise_to: 90000 };
  const state = { hand: { names: ["Ana", "Bea"], street: "preflop", status: { to_act: 1 } },
    mySeat: 1, handIndex: () => 1, legal, seats: new Map([[1, { name: "Bea" }]]) };
  const spoken = new Spoken();
  spoken.hear({ type: "PlayerActed", hand: [{ type: "ActionTaken", seat: 0, kind: "bet_or_raise",
    says: "raise", amount: 12500 }] }, state);
  return { said: [...spoken.element.children].map((p) => p.textContent),
    turn: turnSentence(state), missing: globalThis.__i18nAudit.missing };
}"""
SPOKEN = {
    "es": [
        "Ana sube a 12.500",
        "Te toca: puedes retirarte, igualar 12.500 o subir a 25.000 o más",
    ],
    "de": [
        "Ana erhöht auf 12.500",
        "Du bist dran: du kannst passen, 12.500 mitgehen oder auf 25.000 oder mehr erhöhen",
    ],
}


def test_the_live_region_speaks_spanish_and_german(browser: Any) -> None:
    page = module_page(browser)
    for language, sentences in SPOKEN.items():
        page.evaluate(f"localStorage.setItem('pokernight.language', '{language}')")
        page.reload()  # a page loads its language once, with its modules
        heard = page.evaluate(HEARD)
        assert heard == {"said": sentences, "turn": sentences[1], "missing": []}, heard
