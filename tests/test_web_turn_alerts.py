"""Your turn, wherever you are (issue 37, item 3; ``web/js/alerts.js``), in a real Chromium.

A player whose page is hidden gets a system notification (the test grants Chromium the
permission), hears the turn's sound (the page's ``pokernight:alert`` events, which every
alert given also is), and reads it in the tab's title and icon; each switch of the Alerts
panel turns its own alert off and no other. The turn is the server's: the alerts follow
the legal actions it sends the seat.

Screenshots of the Alerts panel, for a person to look at: tests/artifacts/alerts/.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web_helpers import (
    ARTIFACTS,
    FULL_CHROMIUM,
    WAIT_MS,
    call_and_wait,
    launched_chromium,
    module_page,
    served_room,
    sit_at,
    watched,
)

DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """The full Chromium: the headless shell's notification permission stays "denied"."""
    with launched_chromium(FULL_CHROMIUM) as launched:
        yield launched


SHOTS = ARTIFACTS / "alerts"
KEYS = ["sound", "title", "vibrate", "notify", "warning"]

HIDE_AND_LISTEN = """() => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
  Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
  document.dispatchEvent(new Event("visibilitychange"));
  window.alertLog = [];
  window.addEventListener("pokernight:alert", (event) => window.alertLog.push(event.detail));
}"""


# The title and icon the page shows once its turn is over (before the bot's next move).
TURN_ENDS = """() => {
  const over = () => {
    if (window.afterTurn || document.body.dataset.myTurn !== "false") return;
    const icon = document.querySelector("link[rel=icon]").getAttribute("href");
    window.afterTurn = { title: document.title, icon };
  };
  new MutationObserver(over).observe(document.body, { attributeFilter: ["data-my-turn"] });
}"""


def _alerts(page: Any) -> list[dict[str, Any]]:
    log: list[dict[str, Any]] = page.evaluate("window.alertLog")
    return log


def _wait_for_alert(page: Any, kind: str) -> dict[str, Any]:
    deadline = time.monotonic() + WAIT_MS / 1000
    while time.monotonic() < deadline:
        found = [item for item in _alerts(page) if item["kind"] == kind]
        if found:
            return found[0]
        page.wait_for_timeout(50)
    raise AssertionError(f"no {kind} alert: {_alerts(page)}")


def test_a_hidden_page_is_notified_and_hears_its_turn(browser: Any, tmp_path: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with served_room(tmp_path, hand_pause=0.3) as url:
        context = browser.new_context(viewport=DESKTOP)
        context.grant_permissions(["notifications"], origin=url)
        ann = watched(context.new_page())  # its script errors and CSP refusals collected
        ann.goto(f"{url}/")
        ann.fill("#create-name", "Ann")
        ann.click("details.settings summary")
        ann.fill("[name=bot_delay_seconds]", "0")  # the bot across acts at once
        ann.click("#create-submit")
        ann.wait_for_selector("#felt")
        code = ann.evaluate("location.hash.slice(1).split('/')[0]")
        sit_at(ann, 0, 1_000)
        ann.select_option("#bot-seat", "1")
        ann.click("#add-bot")
        ann.locator(".seat[data-seat='1'] .bot-badge").wait_for()
        ann.click("#alerts-button")
        ann.locator("#alerts-panel").screenshot(path=str(SHOTS / "alerts-panel.png"))
        ann.screenshot(path=str(SHOTS / "alerts-panel-in-page.png"))
        ann.click("#alerts-button")
        # The service worker shows the notification (as for the installed app) once active.
        ann.evaluate("async () => { await navigator.serviceWorker.ready; }")
        ann.evaluate(HIDE_AND_LISTEN)  # Ann looks at another tab
        ann.click("#host-start")
        # Heads-up, the button acts first: the bot, at once, or Ann.
        ann.locator("body[data-my-turn='true']").wait_for()
        notified = _wait_for_alert(ann, "notification")
        sound = _wait_for_alert(ann, "sound")
        title = ann.title()
        icon = ann.get_attribute("link[rel=icon]", "href")
        shown = ann.evaluate(
            """async () => {
                const registration = await navigator.serviceWorker.ready;
                return (await registration.getNotifications()).map((n) => n.title);
            }"""
        )
        permission = ann.evaluate("Notification.permission")
        ann.screenshot(path=str(SHOTS / "your-turn-hidden.png"))
        ann.evaluate(TURN_ENDS)
        call_and_wait(ann)
        after = ann.evaluate("window.afterTurn")
    assert ann.errors == [], ann.errors
    assert permission == "granted"
    assert notified["title"] == f"Your turn at table {code}"
    assert shown == [notified["title"]]  # the browser holds it, through the service worker
    assert sound["name"] == "turn"
    assert title.startswith("\u25b6 Your turn")
    assert icon == "/icons/turn.svg"
    assert after == {"title": f"pokernight \u00b7 {code}", "icon": "/icons/icon.svg"}


FAKES = """() => {
  window.AudioContext = class {
    constructor() { this.currentTime = 0; this.destination = {}; }
    createOscillator() {
      return { frequency: {}, connect: (gain) => gain, start: () => {}, stop: () => {} };
    }
    createGain() {
      return { gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
        connect: () => {} };
    }
  };
  window.Notification = class { static permission = "granted"; };
  navigator.vibrate = () => true;
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
}"""


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    opened = module_page(browser)
    opened.evaluate(FAKES)
    return opened


@pytest.mark.parametrize("off", [*KEYS, None])
def test_each_switch_turns_its_alert_off(page: Any, off: str | None) -> None:
    given: dict[str, Any] = page.evaluate(
        """async ([keys, off]) => {
            const alerts = await import('/js/alerts.js');
            for (const key of keys) alerts.setAlert(key, key !== off);
            const kinds = [];
            const listen = (event) => kinds.push(event.detail.kind);
            window.addEventListener("pokernight:alert", listen);
            document.title = "before";
            const turn = new alerts.TurnAlerts("1234");
            const state = { legal: { can_check: true }, hand: { number: 1 }, version: 7 };
            turn.render(state, true);  // the server made it this seat's turn
            turn.tick(state, 3, 8);  // three seconds left: the warning
            await new Promise((done) => setTimeout(done, 50));  // the notification's promise
            window.removeEventListener("pokernight:alert", listen);
            const icon = document.querySelector("link[rel=icon]").getAttribute("href");
            return { kinds, title: document.title, icon };
        }""",
        [KEYS, off],
    )
    kinds = set(given["kinds"])
    expected = {
        "sound": "sound",
        "title": "title",
        "vibrate": "vibrate",
        "notify": "notification",
        "warning": "warning",
    }
    assert kinds == {kind for key, kind in expected.items() if key != off}, given
    if off == "title":
        assert given["title"] == "pokernight \u00b7 1234"
        assert given["icon"] == "/icons/icon.svg"
    else:
        assert given["title"].startswith("\u231b" if off != "warning" else "\u25b6"), given
        assert given["icon"] == "/icons/turn.svg"


def test_the_panel_switches_are_remembered_on_the_device(page: Any) -> None:
    kept: dict[str, Any] = page.evaluate(
        """async () => {
            const alerts = await import('/js/alerts.js');
            for (const [key] of alerts.ALERTS) alerts.setAlert(key, true);
            const button = document.createElement("button");
            document.body.append(button);
            const panel = alerts.alertsPanel(button);
            document.body.append(panel);
            button.click();  // opens the panel
            const shown = !panel.hidden;
            panel.querySelector("[name=alert-vibrate]").click();
            panel.querySelector("[name=alert-sound]").click();
            return {
                shown,
                vibrate: localStorage.getItem("pokernight.pref.alert.vibrate"),
                sound: localStorage.getItem("pokernight.pref.sound"),
                on: alerts.ALERTS.map(([key]) => alerts.alertOn(key)),
            };
        }"""
    )
    assert kept == {
        "shown": True,
        "vibrate": "false",
        "sound": "false",
        "on": [False, True, False, True, True],
    }
