"""Nine at a stud table in a real Chromium: the deck runs out and a community card is dealt.

Seed 000 seats 2 to 9 players at both its games. The host creates a nine-seat table in the
lobby, sits, and adds eight easy bots (loose and passive: they call) by clicking; she calls
every bet. The room deals from a fixed seed (bots seeded too), picked so that the hand runs
the deck out: too few cards for everybody on sixth or seventh street, so one card is turned
face up in the middle for everybody (Robert's Rules of Poker, Seven-Card Stud). Played to
the showdown:

- Seven-Card Stud: the community card is on the felt, labelled and named for a screen
  reader, and the hand log says "Community card for everybody".
- Follow the Queen: the same, and the wild banner says exactly the wild ranks the server
  last told the page (its status), which agree with the hand's own ``WildRankChanged``
  events (seed 000's rule: a queen last on its street leaves only queens wild).

Screenshots: tests/artifacts/seeds/nine-stud-community-card.png and
tests/artifacts/seeds/nine-ftq-community-card.png.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.web_helpers import (
    ARTIFACTS,
    WAIT_MS,
    FrameLog,
    call_and_wait,
    hidden_card_leaks,
    served_room,
    watched_page,
)

DESKTOP = {"width": 1400, "height": 1000}
MAX_ACTIONS = 60
SHOTS = ARTIFACTS / "seeds"
RANK_WORDS = {0: "Twos", 1: "Threes", 2: "Fours", 3: "Fives", 4: "Sixes", 5: "Sevens",
              6: "Eights", 7: "Nines", 8: "Tens", 9: "Jacks", 10: "Queens", 11: "Kings",
              12: "Aces"}  # fmt: skip
SEEDS = {"stud": 18, "ftq": 40}
"""Seeds whose first hand runs the deck out at a table of nine (host and eight easy bots)."""


def _create_nine_seat_table(host: Any, variant: str) -> None:
    host.fill("#create-name", "Ann")
    host.click("details.settings summary")
    host.select_option("[name=variant]", variant)
    host.fill("[name=seats]", "9")
    host.fill("[name=bot_delay_seconds]", "0.1")
    host.click("#create-submit")
    host.wait_for_selector("#felt")
    host.click("button[data-key='sit-0']")
    host.click("#buy-in-submit")
    host.wait_for_selector(".seat.me")
    for seat in range(1, 9):
        host.select_option("#bot-seat", str(seat))
        host.select_option("#bot-level", "easy")
        host.click("#add-bot")
        host.locator(f".seat[data-seat='{seat}'] .bot-badge").wait_for()


def _play_to_the_end(host: Any) -> None:
    """Ann calls or checks at every turn until the hand is over (the host paused the table
    after it, so its showdown stays on the felt)."""
    for _ in range(MAX_ACTIONS * 10):
        if host.locator(".hand-number").inner_text() == "":
            return
        if host.evaluate("document.body.dataset.myTurn") == "true":
            call_and_wait(host)
        else:
            host.wait_for_timeout(100)
    raise AssertionError("the hand was not over")


def _hand_events(log: FrameLog) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for frame in log.frames:
        if frame.get("type") == "snapshot":
            events = list((frame.get("hand") or {}).get("events", []))
        elif isinstance(frame.get("hand"), list):
            events += frame["hand"]
    return events


def _last_status_wild_ranks(log: FrameLog) -> list[int]:
    ranks: list[int] = []
    for frame in log.frames:
        hand = frame.get("hand")
        status = frame.get("status") or (hand.get("status") if isinstance(hand, dict) else None)
        if isinstance(status, dict) and "wild_ranks" in status:
            ranks = status["wild_ranks"]
    return ranks


def _wild_words(ranks: list[int]) -> str:
    queens_first = sorted(ranks, key=lambda rank: (rank != 10, rank))
    return " and ".join(RANK_WORDS[rank] for rank in queens_first) + " wild"


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["stud", "ftq"])
def test_nine_players_run_the_deck_out_and_share_a_community_card(
    browser: Any, tmp_path: Path, variant: str
) -> None:
    with served_room(tmp_path, hand_pause=0.3, seed=SEEDS[variant]) as url:
        host = watched_page(browser, viewport=DESKTOP)
        log = FrameLog("host")
        log.watch(host)
        host.goto(f"{url}/")
        _create_nine_seat_table(host, variant)
        assert host.locator(".seat .bot-badge").count() == 8
        host.click("#host-start")
        host.locator(".hand-number").filter(has_text=re.compile("^Hand #1$")).wait_for()
        host.click("#host-start")  # pause after this hand: its showdown stays on the felt
        _play_to_the_end(host)

        events = _hand_events(log)
        community = [e for e in events if e["type"] == "CardsDealt" and e["seat"] is None]
        assert community, "the deck did not run out: pick another seed"
        assert any(e["type"] == "PotAwarded" for e in events)
        folded = {e["seat"] for e in events if e["type"] == "ActionTaken" and e["kind"] == "fold"}
        assert 9 - len(folded) >= 2, "a showdown: two or more hands to the end"
        assert any(e["type"] == "CardsShown" for e in events)

        board = host.locator(".board.community")
        board.wait_for(timeout=WAIT_MS)
        label = board.locator(".run-label").inner_text()
        assert label in ("Community card", "Community cards")
        cards = [card for event in community for card in event["cards"]]
        assert board.locator(".card:not(.slot)").count() == len(cards)
        names = board.locator(".card:not(.slot)").evaluate_all(
            "cards => cards.map(card => card.getAttribute('aria-label'))"
        )
        assert all(re.match(r"\w+ of (clubs|diamonds|hearts|spades)", name) for name in names)
        log_text = host.locator("body").inner_text()
        assert "Community card for everybody" in log_text

        if variant == "ftq":
            server_ranks = _last_status_wild_ranks(log)
            assert server_ranks, "the server told the page the wild ranks"
            assert host.locator("#wild-ranks").inner_text() == _wild_words(server_ranks)
            changes = [e for e in events if e["type"] == "WildRankChanged"]
            from_events = [10] if not changes or changes[-1]["rank"] is None else sorted(
                {10, changes[-1]["rank"]})  # fmt: skip
            assert sorted(server_ranks) == from_events

        SHOTS.mkdir(parents=True, exist_ok=True)
        host.screenshot(path=str(SHOTS / f"nine-{variant}-community-card.png"), full_page=True)
        assert hidden_card_leaks([log]) == []
        assert host.errors == []
