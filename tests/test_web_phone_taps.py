"""A phone's action buttons stay where the player's finger is going, from the deal on.

On a phone the winner announcement sits in the flow under the felt, above the action bar.
It used to fade out when the next hand was dealt and leave the page 300 ms later, moving the
bar up by its height while the first player to act could already tap. Chromium makes a tap's
click only once the touch has ended, and finds its target again then: a tap begun on Call
landed on what had just moved under the finger (All-in, or nothing at all). That was the
night test's phone tap that now and then "changed nothing".

Here Dan, on a phone with touch, plays heads-up against Alice, who folds whenever she can:
every other hand Dan is the button, first to act at the deal, the last hand's winner just
announced. Wherever his Call button is drawn for a turn, it stays for the whole turn, and
his tap on it does what it says (call, or check).
Screenshot: tests/artifacts/phone-turn-at-the-deal.png.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from tests.web_helpers import (
    ARTIFACTS,
    FrameLog,
    invite_link,
    join_by_invite,
    served_room,
    sit_at,
    wait_until_acted,
    watched_page,
)

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
HAND_PAUSE = 0.2  # the next hand comes while the last one's winner is still announced
TURNS = 3  # Dan's turns at the deal, each right after an announcement
MOVE_MS = 600  # longer than the announcement's fade (FADE_MS in winner.js) and then some
GIVE_UP_SECONDS = 180  # a page that stops playing fails the test instead of hanging it
# Where the Call button is on the page (not the viewport: a scroll moves no button),
# noted at every frame drawn while it is Dan's turn, by version.
WATCH_CALL = """() => {
  window.callAt = {};
  const note = () => {
    if (document.body.dataset.myTurn === "true") {
      const box = document.querySelector("#act-call").getBoundingClientRect();
      const at = `${Math.round(box.left + scrollX)},${Math.round(box.top + scrollY)}`;
      const seen = (window.callAt[document.body.dataset.version] ??= []);
      if (!seen.includes(at)) seen.push(at);
    }
    requestAnimationFrame(note);
  };
  note();
}"""


def _my_turn(page: Any) -> str | None:
    """The version at which the page shows its player's turn, or None."""
    seen: dict[str, str] = page.evaluate(
        "({ mine: document.body.dataset.myTurn, v: document.body.dataset.version })"
    )
    return seen["v"] if seen["mine"] == "true" else None


def _last_deal(log: FrameLog) -> int:
    """The version at which the hand in play was dealt."""
    dealt: int = max(frame["v"] for frame in log.frames if frame.get("type") == "HandDealt")
    return dealt


def test_the_call_button_stays_put_under_a_phone_players_tap_at_the_deal(
    browser: Any, tmp_path: Path
) -> None:
    with served_room(tmp_path, hand_pause=HAND_PAUSE) as url:
        alice = watched_page(browser, viewport=DESKTOP, reduced_motion="reduce")
        alice.goto(f"{url}/")
        alice.fill("#create-name", "Alice")
        alice.click("#create-submit")
        link = invite_link(alice)
        dan = watched_page(
            browser, viewport=PHONE, has_touch=True, is_mobile=True, reduced_motion="reduce"
        )
        sent: list[dict[str, Any]] = []
        dan.on("websocket", lambda ws: ws.on("framesent", lambda f: sent.append(json.loads(f))))
        received = FrameLog("Dan")
        received.watch(dan)
        join_by_invite(dan, link, "Dan")
        sit_at(alice, 0)
        sit_at(dan, 1, tap=True)
        dan.evaluate(WATCH_CALL)
        alice.click("#host-start")

        taps: list[str] = []  # the versions Dan tapped Call at
        at_deal: list[str] = []  # those that were the deal's own version
        deadline = time.monotonic() + GIVE_UP_SECONDS
        while len(at_deal) < TURNS and time.monotonic() < deadline:
            if (version := _my_turn(alice)) is not None:
                enabled = alice.locator("#act-fold").is_enabled()
                alice.click("#act-fold" if enabled else "#act-call")
                wait_until_acted(alice, version)
            elif (version := _my_turn(dan)) is not None:
                dan.wait_for_timeout(MOVE_MS)  # whatever would move the button has moved
                if not taps:
                    ARTIFACTS.mkdir(parents=True, exist_ok=True)
                    dan.screenshot(path=str(ARTIFACTS / "phone-turn-at-the-deal.png"))
                words = dan.locator("#act-call .label").inner_text()  # "Call 10", "Check"
                before = len(sent)
                dan.tap("#act-call")
                wait_until_acted(dan, version)
                acts = [frame["kind"] for frame in sent[before:] if frame.get("type") == "act"]
                assert acts == [words.split()[0].lower()], (version, words, acts)
                taps.append(version)
                if version == str(_last_deal(received)):
                    at_deal.append(version)
            else:
                dan.wait_for_timeout(25)
        assert len(at_deal) == TURNS, (taps, at_deal)

        called_at: dict[str, list[str]] = dan.evaluate("window.callAt")
        moved = {version: called_at[version] for version in taps if len(called_at[version]) > 1}
        assert moved == {}, "Dan's Call button moved during his turn (left,top on the page)"
        assert dan.errors == [] and alice.errors == []
