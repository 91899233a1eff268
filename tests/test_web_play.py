"""Three browsers create and join a table and play hold'em then Follow the Queen by clicking.

One scenario (a browser and a server are slow to start, so they are shared):
Alice creates the table in the lobby, Bob and Carol (on a phone-sized screen)
join with its code, each picks a seat and a buy-in, the host deals. A hand of
hold'em is played to showdown by clicking the action buttons (one action by
keyboard shortcut); Bob reloads in the middle and keeps his seat and cards.
The host switches the game to Follow the Queen for the next hand, which is
also played to showdown. A spectator's stream view watches throughout. Every
frame each page received is checked for other players' face-down cards.
Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web_helpers import (
    ARTIFACTS,
    WAIT_MS,
    FrameLog,
    hidden_card_leaks,
    invite_link,
    join_by_invite,
    served_room,
    sit_at,
    wait_until_acted,
    watched_page,
)

DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 390, "height": 844}
MAX_ACTIONS_PER_HAND = 80
RANK_WORDS = "Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace"
CARD_LABEL = rf"({RANK_WORDS}) of (clubs|diamonds|hearts|spades)"


def _page(browser: Any, name: str, logs: list[FrameLog], viewport: dict[str, int]) -> Any:
    page = watched_page(browser, viewport=viewport)
    log = FrameLog(name)
    log.watch(page)
    logs.append(log)
    return page


def _shot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def _hand_number(page: Any) -> str:
    return str(page.locator(".hand-number").inner_text())


def _wait_for_hand(pages: list[Any], number: int) -> None:
    for page in pages:
        page.locator(".hand-number").filter(has_text=re.compile(f"^Hand #{number}$")).wait_for()


def _act_once(pages: list[Any], by_keyboard: bool = False) -> bool:
    """The player to act checks, calls or brings in; False when nobody is to act."""
    for page in pages:
        if page.evaluate("document.body.dataset.myTurn") == "true":
            before = page.evaluate("document.body.dataset.version")
            if by_keyboard:
                page.keyboard.press("c")
            else:
                page.click("#act-call")
            wait_until_acted(page, before)
            return True
    return False


def _winning_five(log: FrameLog) -> set[str]:
    """The cards of the last hand's winning hands, as the server named them (each winner's
    ``CardsShown.best``), in the words of the cards' labels ("Ace of spades")."""
    events: list[dict[str, Any]] = []
    for frame in log.frames:
        if frame.get("type") == "HandDealt":
            events = []
        if frame.get("type") == "snapshot":
            events = list((frame.get("hand") or {}).get("events", []))
        events += frame.get("hand", []) if isinstance(frame.get("hand"), list) else []
    best = {item["seat"]: item["best"] for item in events if item["type"] == "CardsShown"}
    winners = {
        seat for item in events if item["type"] == "PotAwarded" for seat, _ in item["winners"]
    }
    ranks = dict(zip("23456789TJQKA", RANK_WORDS.split("|"), strict=True))
    suits = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
    return {f"{ranks[card[0]]} of {suits[card[1]]}" for seat in winners for card in best[seat]}


def _raised_cards(page: Any) -> set[str]:
    """The cards the page raises as the winning hand, by their names."""
    labels = page.locator(".card.winning").evaluate_all(
        "cards => cards.map(card => card.getAttribute('aria-label'))"
    )
    return {label.split(",")[0] for label in labels}


def _play_to_showdown(pages: list[Any], midway: Any = None) -> int:
    actions = 0
    for _ in range(MAX_ACTIONS_PER_HAND):
        if all(page.locator(".showdown").count() for page in pages):
            return actions
        if _act_once(pages, by_keyboard=actions == 1):
            actions += 1
            if actions == 2 and midway is not None:
                midway()
        else:
            pages[0].wait_for_timeout(100)
    raise AssertionError(f"no showdown after {actions} actions")


@pytest.mark.slow
def test_three_browsers_play_holdem_and_follow_the_queen_by_clicking(
    browser: Any, tmp_path: Path
) -> None:
    logs: list[FrameLog] = []
    with served_room(tmp_path) as url:
        alice = _page(browser, "alice", logs, DESKTOP)
        bob = _page(browser, "bob", logs, DESKTOP)
        carol = _page(browser, "carol", logs, PHONE)
        players = [alice, bob, carol]

        alice.goto(f"{url}/")
        alice.wait_for_selector("#create-name")
        _shot(alice, "lobby")
        alice.fill("#create-name", "Alice")
        alice.click("#create-submit")
        alice.wait_for_selector("#felt")
        code = alice.evaluate("location.hash.slice(1)")
        assert re.fullmatch(r"\d{4}", code)

        stream = _page(browser, "stream", logs, DESKTOP)
        stream.goto(f"{url}/stream.html#{code}")

        carol.goto(f"{url}/")
        carol.fill("#join-code", "0000" if code != "0000" else "0001")
        carol.fill("#join-name", "Carol")
        carol.click("#join-submit")
        expect(carol.locator("#join-error")).to_contain_text(
            re.compile("no open table with code", re.IGNORECASE), timeout=WAIT_MS
        )
        link = invite_link(alice)
        for page, name in ((bob, "Bob"), (carol, "Carol")):
            join_by_invite(page, link, name)
        for seat, page in enumerate(players):
            sit_at(page, seat)

        alice.click("#host-start")
        _wait_for_hand(players, 1)

        def bob_reloads() -> None:
            cards_before = bob.locator(".seat.me .card:not(.back)").count()
            bob.reload()
            bob.wait_for_selector(".seat.me .card")
            assert bob.locator(".seat.me .name").inner_text() == "Bob"
            assert bob.locator(".seat.me .card:not(.back)").count() == cards_before == 2
            for label in bob.locator(".seat.me .card").evaluate_all(
                "cards => cards.map(card => card.getAttribute('aria-label'))"
            ):
                assert re.match(CARD_LABEL, label)
            _shot(alice, "holdem-mid-hand")
            _shot(carol, "phone-table")
            # Next hand: Follow the Queen; and stop dealing after this one.
            alice.click(".host-settings summary")
            alice.select_option(".host-settings select[name=variant]", "ftq")
            alice.click("#host-apply")
            alice.wait_for_selector("#host-settings-note:has-text('Saved')")
            alice.click("#host-start")

        _play_to_showdown(players, midway=bob_reloads)
        for page, log in zip(players, logs, strict=False):
            # The raised cards are the five the server named for each winning hand.
            winning = _winning_five(log)
            assert len(winning) >= 5
            assert _raised_cards(page) == winning
            assert "wins" in page.locator(".showdown").inner_text()
        assert _hand_number(alice) == ""  # the host paused: no hand is being dealt

        alice.click("#host-start")
        _wait_for_hand(players, 2)
        for page in players:
            page.wait_for_selector("#wild-panel")
        alice.click("#host-start")  # pause after this hand, so the showdown stays in view
        _play_to_showdown(players)
        for page in players:
            assert page.locator("#wild-ranks").inner_text().startswith("Queens")
            assert page.locator(".seat.winner").count() >= 1
        for page, log in zip(players, logs, strict=False):
            winning = _winning_five(log)
            assert len(winning) >= 5
            assert _raised_cards(page) == winning
        _shot(alice, "ftq-showdown")
        stream.wait_for_selector(".award")
        _shot(stream, "stream-view")

        assert hidden_card_leaks(logs) == []
        assert all(len(log.frames) > 20 for log in logs)
        for page in [*players, stream]:
            assert page.errors == []
