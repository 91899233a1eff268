"""Helpers for the browser tests: a real ``pokernight serve``, Debian's Chromium, frame logs.

The server runs as a subprocess on a free 127.0.0.1 port with a temporary
SQLite file and the packaged browser client; it is stopped by its process id.
Every WebSocket frame a page receives is recorded, so a test can check that no
frame ever held another player's face-down card.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pokernight.cli.serve import TEST_SHUFFLE_SEED
from pokernight.server.edge.assets import load_assets
from pokernight.server.tables.games import games_json
from tests.missing import missing

# Debian's headless shell: the browser engine without the desktop browser around it, a
# third of the CPU the full Chromium takes for the same pages (decision 84). The full one
# for what the shell lacks: system notifications (their permission stays "denied").
CHROMIUM = Path("/usr/lib/chromium/chromium-headless-shell")
FULL_CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).parent / "artifacts"
SERVER_START_SECONDS = 30
# How long a page may take to show what a step waits for. Generous: a loaded CI
# machine runs two test workers beside Chromium and the server. Not a timing
# assertion: a passing step returns as soon as the page is ready.
WAIT_MS = 40_000
Json = dict[str, Any]


def require_chromium(executable: Path = CHROMIUM) -> None:
    """Skip (or fail, when every test must run) without Chromium or Playwright."""
    reason = ""
    if not executable.exists():
        package = "chromium" if executable == FULL_CHROMIUM else "chromium-headless-shell"
        reason = f"no Chromium at {executable} (apt-get install {package})"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        reason = "Playwright for Python is not installed"
    if reason:
        missing(reason)


@contextmanager
def launched_chromium(executable: Path = CHROMIUM) -> Iterator[Any]:
    """A headless Chromium driven by Playwright, closed at the end."""
    require_chromium(executable)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(executable), headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            browser.close()


def watched_page(browser: Any, **context: Any) -> Any:
    """A page in a new browser context (``context``: viewport, touch, ...) whose script
    errors and Content-Security-Policy refusals are collected in ``page.errors``: the
    room's policy is strict, and anything it blocks is a bug."""
    return watched(browser.new_context(**context).new_page())


def watched(page: Any) -> Any:
    """``page`` (a new tab the page opened, say) with its errors collected as
    ``watched_page``'s are."""
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            errors.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.errors = errors
    _watch_the_network(page)
    return page


def _watch_the_network(page: Any) -> None:
    """What ``shown`` tells of a page that never drew: its requests still in flight, those
    that failed or were answered with an error, and its console's errors (a module script
    that failed to load stops the page without a script error)."""
    in_flight: dict[Any, str] = {}
    troubles: list[str] = []
    page.on("request", lambda request: in_flight.__setitem__(request, request.url))
    page.on("requestfinished", lambda request: in_flight.pop(request, None))

    def failed(request: Any) -> None:
        in_flight.pop(request, None)
        troubles.append(f"failed {request.url}: {request.failure}")

    page.on("requestfailed", failed)
    page.on(
        "response",
        lambda response: (
            troubles.append(f"{response.status} {response.url}") if response.status >= 400 else None
        ),
    )
    page.on(
        "console",
        lambda message: (
            troubles.append(f"console: {message.text}") if message.type == "error" else None
        ),
    )
    page.in_flight, page.troubles = in_flight, troubles


def shown(page: Any, selector: str) -> None:
    """Wait for ``selector`` on ``page``; if it never shows, fail with what the page does
    show (its text, its address), which a timeout alone would not tell."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.locator(selector).first.wait_for()
    except PlaywrightTimeout:
        text = page.inner_text("body")[:1500]
        errors = getattr(page, "errors", [])
        waiting = list(getattr(page, "in_flight", {}).values())
        troubles = getattr(page, "troubles", [])[-10:]
        if not hasattr(page, "in_flight"):
            waiting = ["(not watched: a page from watched_page or watched tells)"]
        # A machine too busy to draw a page in 40 s is told apart from a page that stalls.
        load = ", ".join(f"{average:.1f}" for average in os.getloadavg())
        told = (
            f"{selector} never shown at {page.url}; errors {errors}; requests in flight "
            f"{waiting}; troubles {troubles}; load average {load} at {time.strftime('%X')}; "
            f"the page says:\n{text}"
        )
        raise AssertionError(told) from None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def served_room(
    tmp_path: Path,
    hand_pause: float = 1.0,
    port: int | None = None,
    *,
    extra: Sequence[str] = (),
    seed: int | None = None,
) -> Iterator[str]:
    """``pokernight serve`` on the SQLite file in ``tmp_path`` for the block; its URL.
    ``extra``: more of its options; ``seed``: every deck dealt from it (the test-only
    ``POKERNIGHT_TEST_SHUFFLE_SEED``), for a test whose assertions need the cards.

    Started again with the same ``tmp_path`` and ``port``, it is the same room after
    a restart (the browser sees a network drop). A free port found here can be taken
    by another process before the server binds it: without a ``port`` asked for, a
    server that exits while starting is started again on another port.
    """
    attempts = 1 if port is not None else START_ATTEMPTS
    for attempt in range(1, attempts + 1):
        chosen = port or free_port()
        process = _start_server(tmp_path, hand_pause, chosen, extra, seed)
        url = f"http://127.0.0.1:{chosen}"
        try:
            _wait_until_serving(url, process, tmp_path / "server.log")
        except ServerExitedError:
            stop_server(process)
            if attempt == attempts:
                raise
            continue
        except BaseException:  # it never answered: stopped, not left running after the test
            stop_server(process)
            raise
        try:
            yield url
        finally:
            stop_server(process)
        return


START_ATTEMPTS = 3


class ServerExitedError(RuntimeError):
    """The server process ended before it answered."""


def _start_server(
    tmp_path: Path, hand_pause: float, port: int, extra: Sequence[str], seed: int | None
) -> subprocess.Popen[bytes]:
    database = f"sqlite+aiosqlite:///{tmp_path / 'room.sqlite3'}"
    command = [sys.executable, "-m", "pokernight.cli.main", "serve", "--port", str(port)]
    command += ["--db", database, "--hand-pause", str(hand_pause), *extra]
    env = {key: value for key, value in os.environ.items() if key != TEST_SHUFFLE_SEED}
    if seed is not None:
        env[TEST_SHUFFLE_SEED] = str(seed)
    with (tmp_path / "server.log").open("a") as log:
        return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)


def stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.send_signal(signal.SIGINT)
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def _wait_until_serving(url: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            tail = log.read_text(encoding="utf-8", errors="replace")[-2000:]
            raise ServerExitedError(
                f"pokernight serve exited with {process.returncode}; its log ends:\n{tail}"
            )
        try:
            with urllib.request.urlopen(f"{url}/index.html", timeout=1):
                return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.1)
    raise RuntimeError(f"pokernight serve did not answer at {url}")


def get_as_member(url: str, device: str) -> Json:
    """A GET of the club's API as the member whose device token is ``device``."""
    request = urllib.request.Request(url, headers={"x-pokernight-device": device})
    with urllib.request.urlopen(request, timeout=30) as answer:
        found: Json = json.loads(answer.read())
        return found


def request_json_now(url: str, body: Json | None = None, token: str | None = None) -> Json:
    """A JSON request from a browser test's own thread (a POST when ``body`` is given), as
    the holder of the seat token ``token``: its answer."""
    headers = {"content-type": "application/json"}
    if token is not None:
        headers["authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(url, data, headers), timeout=30) as got:
        answer: Json = json.loads(got.read())
        return answer


def stored_seat(page: Any, code: str) -> Json:
    """The seat a page keeps for table ``code`` (its token among it)."""
    seat: Json = json.loads(page.evaluate(f"localStorage.getItem('pokernight.seat.{code}')"))
    return seat


def stored_device(page: Any) -> str:
    """The device token a page keeps once its member signed in."""
    signed: Json = json.loads(page.evaluate("localStorage.getItem('pokernight.device')"))
    return str(signed["device"])


def organiser_link(tmp_path: Path) -> str:
    """The organiser's invitation the room's console printed (the newest: a room started
    again prints another while nobody has taken one)."""
    printed = (tmp_path / "server.log").read_text(encoding="utf-8", errors="replace")
    links = re.findall(r"open (\S+#club/join/[\w-]+) to be its organiser", printed)
    assert links, f"the console printed no organiser's link:\n{printed[-2000:]}"
    link: str = links[-1]
    return link


def found_the_club(page: Any, tmp_path: Path, name: str) -> None:
    """``name`` opens the console's organiser link in ``page`` and joins the club."""
    page.goto(organiser_link(tmp_path))
    # Once CI waited 40 s for the form in vain: a next time says what the page showed.
    shown(page, "#club-invite-name")
    page.fill("#club-invite-name", name)
    page.click("#club-invite-submit")
    page.wait_for_selector("#club-me")


def invite_link(host: Any) -> str:
    """The invite link shown in the host's panel (``http://.../#1234/SECRET``)."""
    from playwright.sync_api import expect

    link = host.locator("#invite-link")
    expect(link).to_have_value(re.compile(r"/#\d{4}/[\w-]+$"), timeout=WAIT_MS)
    value: str = link.input_value()
    return value


def join_by_invite(page: Any, link: str, name: str) -> None:
    """Open the invite link, join as ``name``: the page reloads as a player who may sit."""
    page.goto(link)
    shown(page, "#join-name")
    page.fill("#join-name", name)
    page.click("form.join-here button[type=submit]")
    page.wait_for_selector(".spectator-area .hint", timeout=WAIT_MS)


def plain_page(browser: Any, viewport: dict[str, int]) -> Any:
    """A page in a context of its own (its own cookies and storage: another person)."""
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(WAIT_MS)
    return page


def sit_at(page: Any, seat: int, buy_in: int | None = None, *, tap: bool = False) -> None:
    """Sit in ``seat`` with ``buy_in`` (None: the buy-in the page offers), by click or tap."""
    press = page.tap if tap else page.click
    press(f"button[data-key='sit-{seat}']")
    if buy_in is not None:
        page.fill("#buy-in", str(buy_in))
    press("#buy-in-submit")
    page.wait_for_selector(".seat.me")


def call_and_wait(page: Any) -> None:
    """Click Call (or Check) and wait until the turn has passed or a new version came."""
    before = page.evaluate("document.body.dataset.version")
    page.click("#act-call")
    wait_until_acted(page, before)


def wait_until_acted(page: Any, version: str) -> None:
    """Until the page is no longer waiting for its player at ``version``: it is not their
    turn any more, or the table moved on. A selector, not wait_for_function: the room's
    Content-Security-Policy forbids the eval that one needs."""
    page.locator(f"body[data-my-turn='true'][data-version='{version}']").wait_for(state="detached")


@dataclass
class FrameLog:
    """Every WebSocket frame one page received, decoded, in order (and what it sent)."""

    name: str
    frames: list[Json] = field(default_factory=list)
    sent: list[Json] = field(default_factory=list)

    def watch(self, page: Any) -> None:
        page.on("websocket", self._socket)

    def _socket(self, socket: Any) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))
        socket.on("framesent", lambda payload: self.sent.append(json.loads(payload)))


def own_down_cards(log: FrameLog) -> dict[int, set[str]]:
    """By hand number: the face-down cards this player was dealt (named only to them)."""
    found: dict[int, set[str]] = {}
    for frame, hand_number in _hand_frames(log):
        for item in _hand_events(frame):
            if item["type"] == "CardsDealt" and not item["face_up"] and item["cards"]:
                found.setdefault(hand_number, set()).update(item["cards"])
    return found


def hidden_card_leaks(logs: list[FrameLog]) -> list[str]:
    """Frames that name another player's face-down card before that player showed it.

    A hand's fairness proof (on ``HandFinished``) may name another player's down card
    only once it was shown.
    """
    down = {log.name: own_down_cards(log) for log in logs}
    leaks = []
    for log in logs:
        shown: dict[int, set[str]] = {}
        for frame, hand_number in _hand_frames(log):
            shown.setdefault(hand_number, set()).update(_shown_cards(frame))
            public = _without_shown(frame)
            proved = {item["card"] for item in (frame.get("fairness") or {}).get("revealed", [])}
            for owner, hands in down.items():
                if owner == log.name:
                    continue
                for card in hands.get(hand_number, ()):
                    if f'"{card}"' in public:
                        leaks.append(f"{log.name} saw {owner}'s {card} in hand {hand_number}")
                    if card in proved and card not in shown[hand_number]:
                        leaks.append(f"{log.name} was proved {owner}'s {card} in {hand_number}")
    return leaks


def _shown_cards(frame: Json) -> set[str]:
    return {
        card
        for item in _hand_events(frame)
        if item["type"] == "CardsShown"
        for card in item["cards"]
    }


def _hand_frames(log: FrameLog) -> Iterator[tuple[Json, int]]:
    hand_number = 0
    for frame in log.frames:
        if frame.get("type") == "HandDealt":
            hand_number = frame["hand_number"]
        elif frame.get("type") == "snapshot" and frame.get("hand"):
            hand_number = frame["hand"]["hand_number"]
        yield frame, hand_number


def _hand_events(frame: Json) -> list[Json]:
    if frame.get("type") == "snapshot":
        return list((frame.get("hand") or {}).get("events", []))
    return list(frame.get("hand", []))


def _without_shown(frame: Json) -> str:
    """The frame as text with the cards players chose to show (CardsShown) and the
    fairness proof (checked on its own) left out."""
    frame = {key: value for key, value in frame.items() if key != "fairness"}
    events = [item for item in _hand_events(frame) if item["type"] != "CardsShown"]
    if frame.get("type") == "snapshot" and frame.get("hand"):
        shown = any(item["type"] == "CardsShown" for item in frame["hand"]["events"])
        hand = {**frame["hand"], "events": events}
        if shown:
            hand.pop("cards")
        return json.dumps({**frame, "hand": hand})
    return json.dumps({**frame, "hand": events})


MODULE_ORIGIN = "http://pokernight.test"
WEB_FILES = load_assets()


def module_page(browser: Any) -> Any:
    """A page on a made-up origin whose requests are answered from the packaged client.

    ES modules need an http origin, not file://; no server is started, so a test
    can import one module of the page and call its functions directly.
    """
    page = browser.new_page()
    page.route(f"{MODULE_ORIGIN}/**", _serve_web_file)
    page.goto(f"{MODULE_ORIGIN}/")
    # As the pages do before they draw: the games (the server's variant table) first.
    page.evaluate("async () => { await (await import('/js/games.js')).loadGames(); }")
    return page


def _serve_web_file(route: Any) -> None:
    path = route.request.url.removeprefix(MODULE_ORIGIN).split("#")[0] or "/"
    if path == "/":
        route.fulfill(body="<!doctype html><title>t</title>", content_type="text/html")
        return
    if path == "/api/games":
        route.fulfill(body=json.dumps(games_json()), content_type="application/json")
        return
    asset = WEB_FILES[path]
    route.fulfill(body=asset.body, content_type=asset.content_type)
