"""A whole poker night, as friends play it, end to end (issue 15), in a real Chromium.

Alice opens a dealer's-choice table in the lobby (No-Limit Hold'em, Pot-Limit Omaha,
Seven-Card Stud, Follow the Queen in turn; rebuys wait for the host) and shares the
invite link. Bob, Carol and Dan (on a phone, with touch) join with it from browsers of
their own; a spectator and the stream view watch; Eve plays from the terminal
(``pokernight play --connect INVITE``), answering every prompt with "c" (a "b" for a
stud bring-in, which "c" cannot post).

They play at least 30 hands. At each turn the player whose page says it is their turn
acts by clicking, by a script: Bob shoves every hand until he is broke, then asks for a
rebuy that the host approves with one tap; Carol moves all-in over a short all-in (side
pots); Dan folds a lot; everybody else checks or calls. In between: chat, a pause and a
resume, two players reloading mid-hand, one opening a replay mid-hand and coming back to
the table, Alice standing up and leaving (the host role
moves to the person seated the longest), the server killed and started again mid-hand on
the same SQLite file (the pages and the terminal reconnect by themselves; the new host
deals again), and at last the new host closing the table mid-hand.

Checked all along: no frame to any page names a card that page may not see; chips are
conserved at every version each page received; the pot (with its side pots), the call
amount and the sizing presets a page shows are the server's. At the end: every account
is cashed out, the nets sum to zero and the settle-up squares the between-people
balances worked out again from the ledger's entries, to the chip. Screenshots of each
stage go to tests/artifacts/night/.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from pokernight.table import EntryKind, LedgerEntry, balances_between_people
from tests.web_helpers import (
    ARTIFACTS,
    FrameLog,
    free_port,
    hidden_card_leaks,
    invite_link,
    join_by_invite,
    served_room,
    watched_page,
)

pytestmark = pytest.mark.slow

Json = dict[str, Any]
NIGHT = ARTIFACTS / "night"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
GAMES = ["nlhe", "plo", "stud", "ftq"]
BOARD_GAMES = {"nlhe", "plo"}
HANDS = 30
LABEL_MS = 5000  # how long a page may take to draw the turn a frame gave it
# A night that stalls fails instead of hanging. Its speed is measured, not asserted: the
# seconds it took are in summary.json (about 90 on 2 cores; the issue asks for under 180).
GIVE_UP_SECONDS = 600
HAND_PAUSE = 0.2
BUY_INS = {"Alice": 2000, "Bob": 400, "Carol": 1000, "Dan": 800, "Eve": 2000}
REBUY = 600
SIDE_POT_SHOVES = 4  # Carol moves in over a short all-in until a page has shown a side pot
BUSTER_HANDS = 12  # Bob shoves until he is broke and has rebought, and a side pot was shown
GAME_NAMES = {
    "nlhe": "No-Limit Hold'em", "plo": "Pot-Limit Omaha", "stud": "Seven-Card Stud",
    "ftq": "Follow the Queen",
}  # fmt: skip
# Even with reduced motion a card dealt face up shows its back for most of 420 ms (the
# ::after of .card.dealing:not(.back) still animates): a mid-hand screenshot waits it out.
DEALT_MS = 450
CHECK_EVERY = 4  # the pot and presets a page shows are compared with the server's this often
TURN_MS = 40_000  # a page shows a turn the server gave it, or takes one, within this (CI is slow)
STREETS = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}
SIDE_POTS_CHECKED = 3
SCREENSHOTS = [
    "lobby", "seats", "hand-preflop", "hand-flop", "hand-turn", "hand-river", "stud", "ftq",
    "showdown", "rebuy-request", "ledger", "settle-up", "phone", "closed", "stream", "spectator",
]  # fmt: skip
SHORTCUTS = {"#act-call": "c", "#act-fold": "f", "#act-allin": "a", "#act-raise": "r"}
# One look at a page: its turn, its version, the board and its own cards.
SEEN = """() => ({
  mine: document.body.dataset.myTurn === "true",
  version: Number(document.body.dataset.version || 0),
  board: document.querySelectorAll("#felt .board .card:not(.slot)").length,
  cards: document.querySelectorAll(".seat.me .card").length,
  game: document.querySelector(".table-title .game")?.textContent ?? "",
})"""
# Click an action button; resolve when the turn at that version has passed (true) or the
# time is up (false). A selector wait, in the page: no eval, which the CSP forbids.
CLICK_AND_WAIT = """async ([selector, version, ms]) => {
  const passed = () => document.body.dataset.myTurn !== "true"
    || document.body.dataset.version !== String(version);
  document.querySelector(selector).click();
  if (passed()) return true;
  return await new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!passed()) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve(true);
    });
    observer.observe(document.body, { attributes: true });
    const timer = setTimeout(() => { observer.disconnect(); resolve(false); }, ms);
  });
}"""
# What the page shows of the pot and the call; each sizing preset clicked, and the amount
# it put in the box.
READ_SHOWN = """(keys) => ({
  pot: document.querySelector("#pot")?.textContent ?? "",
  call: document.querySelector("#act-call .label").textContent,
  presets: keys.map((key) => {
    const button = document.querySelector(`.preset[data-preset="${key}"]`);
    const hidden = !button || button.hidden || button.closest("[hidden]") !== null;
    if (!hidden) button.click();
    return { key, hidden, amount: document.querySelector("#raise-amount").value };
  }),
})"""


# Frames ------------------------------------------------------------------------------------


def _versions(log: FrameLog, newest_first: bool = False) -> Iterator[Json]:
    """The versions a page received (table events and snapshots), in order."""
    for frame in reversed(log.frames) if newest_first else log.frames:
        if "v" in frame and frame.get("type") not in (None, "ack"):
            yield frame


def _status_of(frame: Json) -> Json | None:
    if frame.get("type") == "snapshot":
        hand = frame.get("hand")
        return None if hand is None else hand.get("status")
    status: Json | None = frame.get("status")
    return status


def _told(log: FrameLog) -> list[tuple[Any, ...]]:
    """A page's last frames, in short: for a failure's reader."""
    return [
        (f.get("type"), f.get("v"), f.get("hand_number"), f.get("running"))
        for f in log.frames[-24:]
    ]


def _latest_status(log: FrameLog) -> Json | None:
    """The hand's public state after the last version received (None: no hand in play)."""
    last = next(_versions(log, newest_first=True), None)
    return None if last is None else _status_of(last)


def _status_at(log: FrameLog, version: int) -> Json | None:
    found = next((f for f in _versions(log, newest_first=True) if f["v"] == version), None)
    return None if found is None else _status_of(found)


def _running(log: FrameLog) -> bool | None:
    """Whether the room deals hands, by the last room frame the page received."""
    room = next((f for f in reversed(log.frames) if f.get("type") == "room"), None)
    return None if room is None else bool(room["running"])


def _latest_seats(log: FrameLog) -> dict[int, Json]:
    for frame in _versions(log, newest_first=True):
        if frame.get("type") == "snapshot":
            return {seat["seat"]: seat for seat in frame["table"]["seats"]}
        if "seated" in frame:
            return {seat["seat"]: seat for seat in frame["seated"]}
    return {}


def _of_type(log: FrameLog, kind: str) -> list[Json]:
    return [frame for frame in _versions(log) if frame.get("type") == kind]


def _conservation_errors(log: FrameLog) -> list[str]:
    """Every version this page received, checked: the chips in play (bought in and added,
    less cashed out) are the seats' stacks; during a hand the stacks and the pot are what
    the hand started with; a finished hand's stacks too. The table's opening (a page there
    from the start) or a snapshot starts the count."""
    errors: list[str] = []
    in_play: int | None = None
    hand_total: int | None = None
    for frame in _versions(log):
        kind, v = frame.get("type"), frame["v"]
        if kind == "TableOpened":  # a page there from the start: nothing is in play yet
            in_play = 0
        elif kind == "snapshot":
            seats = frame["table"]["seats"]
            in_play = sum(seat["stack"] for seat in seats)
            hand = frame.get("hand")
            hand_total = None
            if hand is not None:
                stacks = {seat["seat"]: seat["stack"] for seat in seats}
                hand_total = sum(stacks[seat] for seat in hand["seats"])
        elif in_play is not None:
            if kind == "PlayerSeated":
                in_play += frame["buy_in"]
            elif kind == "ChipsAdded":
                in_play += frame["amount"]
            elif kind == "PlayerLeft":
                in_play -= frame["cash_out"]
            elif kind == "HandDealt":
                hand_total = sum(frame["stacks"])
        if in_play is None:
            continue
        if "seated" in frame and sum(seat["stack"] for seat in frame["seated"]) != in_play:
            errors.append(f"{log.name} v{v} {kind}: seats hold {frame['seated']}, not {in_play}")
        status = _status_of(frame)
        if status is not None and hand_total is not None:
            held = sum(status["stacks"]) + status["pot"]
            if held != hand_total:
                errors.append(f"{log.name} v{v} {kind}: stacks and pot {held}, not {hand_total}")
        if kind == "HandFinished" and hand_total is not None:
            if sum(frame["stacks"]) != hand_total:
                errors.append(f"{log.name} v{v}: hand ends with {frame['stacks']}")
            hand_total = None
    return errors


def _host(log: FrameLog) -> str | None:
    """The host after the last version received that named one."""
    for frame in _versions(log, newest_first=True):
        if frame.get("type") == "snapshot":
            host: str | None = frame["table"]["host"]
            return host
        if frame.get("type") in ("HostChanged", "TableOpened"):
            return str(frame["host"])
    return None


def _move_times(log: FrameLog) -> dict[int, float]:
    """How long each seat took to move on average (server time, from the turn to the move)."""
    spent: dict[int, list[float]] = {}
    last = None
    for frame in _versions(log):
        if frame.get("type") == "PlayerActed" and last is not None:
            spent.setdefault(frame["seat"], []).append(frame["at"] - last)
        last = frame.get("at", last)
    return {seat: round(sum(times) / len(times), 3) for seat, times in sorted(spent.items())}


def _chips(amount: int) -> str:
    return f"{amount:,}"


def _pot_words(status: Json) -> str:
    """The pot line as the page must draw it from the server's ``pot`` and ``pots``."""
    pots: list[int] = status["pots"]
    words = f"Pot {_chips(status['pot'])}"
    if len(pots) > 1:
        words += "".join(
            f" · {'main' if index == 0 else f'side {index}'} {_chips(amount)}"
            for index, amount in enumerate(pots)
        )
    return words


# Pages and the terminal ----------------------------------------------------------------------


@dataclass
class Person:
    name: str
    page: Any
    log: FrameLog
    errors: list[str]
    phone: bool = False
    player_id: str = ""
    seat: int | None = None

    def press(self, selector: str, version: int | None = None) -> None:
        """A click; a tap on the phone. With the ``version`` of a turn: a button that stays
        disabled because that turn is over (the clock may act first on a loaded machine) is
        not pressed, and the caller sees the turn passed; disabled during the turn, it fails."""
        press = self.page.tap if self.phone else self.page.click
        try:
            press(selector, timeout=TURN_MS)
        except PlaywrightTimeoutError:
            turn = f"body[data-my-turn='true'][data-version='{version}']"
            if version is None or self.page.locator(turn).count():
                raise

    def shot(self, name: str, full_page: bool = True) -> None:
        NIGHT.mkdir(parents=True, exist_ok=True)
        if not full_page:  # mid-hand: the cards just dealt have turned face up
            self.page.wait_for_timeout(DEALT_MS)
        self.page.screenshot(path=str(NIGHT / f"{name}.png"), full_page=full_page)


def _open(browser: Any, name: str, logs: list[FrameLog], phone: bool = False) -> Person:
    if phone:
        page = watched_page(
            browser, viewport=PHONE, has_touch=True, is_mobile=True, reduced_motion="reduce"
        )
    else:
        page = watched_page(browser, viewport=DESKTOP, reduced_motion="reduce")
    log = FrameLog(name)
    log.watch(page)
    logs.append(log)
    return Person(name, page, log, page.errors, phone)


def _welcomed_as(log: FrameLog) -> str:
    for frame in reversed(log.frames):
        if frame.get("type") == "welcome" and frame.get("player_id"):
            return str(frame["player_id"])
    raise AssertionError(f"{log.name} was never welcomed as a player")


class Terminal:
    """``pokernight play --connect INVITE --plain``: "c" at every prompt ("b" to bring in)."""

    def __init__(self, link: str, name: str, tokens: Path) -> None:
        command = [sys.executable, "-m", "pokernight.cli.main", "play", "--connect", link]
        command += ["--name", name, "--plain", "--hands", "1000", "--buy-in", str(BUY_INS[name])]
        env = {**os.environ, "POKERNIGHT_TOKENS": str(tokens), "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.text = ""
        self.answers = 0
        self._reader = threading.Thread(target=self._answer, daemon=True)
        self._reader.start()

    def _answer(self) -> None:
        assert self.process.stdout is not None and self.process.stdin is not None
        answered = 0
        while chunk := os.read(self.process.stdout.fileno(), 65536):
            self.text += chunk.decode("utf-8", errors="replace")
            while (start := self.text.find("Your turn", answered)) >= 0:
                end = self.text.find("): ", start)
                if end < 0:
                    break
                answered = end
                choices = self.text[start:end]
                passive = "check" in choices or "call" in choices
                answer = "b" if "bring in" in choices and not passive else "c"
                try:
                    self.process.stdin.write(f"{answer}\n".encode())
                    self.process.stdin.flush()
                except OSError:
                    return
                self.answers += 1

    def stop(self) -> bool:
        """End the program; whether it had ended by itself."""
        ended = self.process.poll() is not None
        if not ended:
            self.process.terminate()
        self.process.wait(10)
        self._reader.join(5)
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None:
                pipe.close()
        return ended


# The night ---------------------------------------------------------------------------------


@dataclass
class Night:
    """The players' pages, the watchers, and the script they play by."""

    code: str
    people: list[Person]
    spectator: Person
    stream: Person
    host: Person
    deadline: float
    buster: Person
    shover: Person
    folder: Person
    photographer: Person
    actions: int = 0
    checked_turns: int = 0
    side_pot_shoves: int = 0
    rebuys_approved: list[str] = field(default_factory=list)
    asked: set[str] = field(default_factory=set)
    street_shots: dict[str, int] = field(default_factory=dict)
    shots: set[str] = field(default_factory=set)
    side_pots_shown: list[str] = field(default_factory=list)
    completions_shown: list[str] = field(default_factory=list)  # "Complete to 5" (stud)
    turns_passed_while_read: list[str] = field(default_factory=list)
    wrong_titles: dict[str, str] = field(default_factory=dict)
    read: int = 0  # the spectator's frames read into the two below
    hands_finished: set[int] = field(default_factory=set)
    hands_started: dict[int, Json] = field(default_factory=dict)

    # What the server said, as the spectator received it.

    def status(self) -> Json | None:
        return _latest_status(self.spectator.log)

    def catch_up(self) -> None:
        frames = self.spectator.log.frames
        for frame in frames[self.read :]:
            kind = frame.get("type")
            if kind == "HandFinished":
                self.hands_finished.add(frame["hand_number"])
            elif kind == "HandDealt":
                self.hands_started[frame["hand_number"]] = frame
            elif kind == "snapshot" and frame.get("hand") is not None:
                self.hands_started.setdefault(frame["hand"]["hand_number"], frame["hand"])
        self.read = len(frames)

    def finished(self) -> set[int]:
        self.catch_up()
        return self.hands_finished

    def seated(self) -> list[Person]:
        seats = _latest_seats(self.spectator.log)
        ids = {seat["player_id"]: number for number, seat in seats.items()}
        for person in self.people:
            person.seat = ids.get(person.player_id)
        return [person for person in self.people if person.seat is not None]

    def started(self, hand_number: int) -> Json:
        """The hand's game and stakes, from its HandDealt (or a snapshot taken during it)."""

        def known() -> bool:
            self.catch_up()
            return hand_number in self.hands_started

        self.until(known, f"hand #{hand_number} is dealt")
        return self.hands_started[hand_number]

    def until(self, done: Callable[[], bool], what: str, seconds: float = 10) -> None:
        """Wait for what the frames say (another page's frames may arrive a moment later)."""
        end = time.monotonic() + seconds
        while not done():
            assert time.monotonic() < end, f"not within {seconds} s: {what}"
            self.wait()

    def wait(self, ms: int = 25) -> None:
        self.spectator.page.wait_for_timeout(ms)

    def left(self, what: str) -> None:
        remaining = self.deadline - time.monotonic()
        assert remaining > 0, f"out of time while {what}: {len(self.finished())} hands finished"

    # Playing.

    def play_until(self, done: Callable[[], bool], what: str) -> None:
        """Act for whoever's turn it is until ``done()``; rebuys asked and approved between."""
        while not done():
            self.left(what)
            self.rebuys()
            if not self.step():
                self.wait()

    def step(self) -> bool:
        """The page whose turn it is acts by the script; False when no page is to act now
        (no hand, the terminal's turn, or the page has not drawn its turn yet)."""
        status = self.status()
        if status is None or status["to_act"] is None:
            return False
        person = {person.seat: person for person in self.seated()}.get(status["to_act"])
        if person is None:  # the terminal's turn
            return False
        seen = person.page.evaluate(SEEN)
        if not seen["mine"]:
            return False
        version = seen["version"]
        own = _status_at(person.log, version)
        assert own is not None and own["legal"] is not None, f"{person.name} at v{version}"
        legal = own["legal"]
        assert legal["seat"] == person.seat, (person.name, legal)
        self.actions += 1
        checked = self.actions % CHECK_EVERY == 0 or (
            len(own["pots"]) > 1 and len(self.side_pots_shown) < SIDE_POTS_CHECKED
        )
        # A bring-in too short to complete leaves the button disabled with its plain words.
        completes = legal["raise_says"] == "complete" and legal["can_bet_or_raise"]
        if completes and len(self.completions_shown) < 3:
            expected = f"Complete to {_chips(legal['min_raise_to'])}"
            if legal["min_raise_to"] == legal["max_raise_to"] and legal["max_is_all_in"]:
                expected += " (all-in)"
            label = person.page.locator("#act-raise .label")
            with contextlib.suppress(PlaywrightTimeoutError):  # a busy page may draw it late
                label.filter(has_text=re.compile(f"^{re.escape(expected)}$")).wait_for(
                    timeout=LABEL_MS
                )
            words = label.inner_text()
            now = person.page.evaluate(SEEN)
            if words != expected and (not now["mine"] or now["version"] != version):
                # Not the page's words for this turn: the turn was over before they were read
                # (the clock, or the away clock after a restart), as check_shown allows.
                self.turns_passed_while_read.append(f"{person.name} v{version}: {words!r}")
                return True
            self.completions_shown.append(words)
            if words != expected:  # what the page held then, for whoever reads the failure
                person.shot(f"label-{person.name}")
                last = [(f.get("type"), f.get("v")) for f in person.log.frames[-8:]]
                raise AssertionError(f"{person.name}: {words!r} at v{version}, page {now}, "
                                     f"last frames {last}, legal {legal}")  # fmt: skip
        if checked and not self.check_shown(person, own, version):
            return True  # the page moved on meanwhile: its turn is over
        self.look(person, own, seen)
        choice = self.choose(person, own)
        if choice == "allin" and legal["can_bet_or_raise"]:
            # One amount (fixed-limit): the bet button alone offers it.
            one = legal["min_raise_to"] == legal["max_raise_to"]
            button = "#act-raise" if one else "#act-allin"
        elif choice == "fold" and legal["can_fold"] and not legal["can_check"]:
            button = "#act-fold"
        else:
            button = "#act-call"  # check, call or bring in
        if person.phone or self.actions % (2 * CHECK_EVERY) == 0:
            person.press(button, version)  # a tap, or a click with the mouse
            acted = self.acted(person, version)
        elif self.actions % CHECK_EVERY == 2:
            person.page.keyboard.press(SHORTCUTS[button])
            acted = self.acted(person, version)
        else:  # the button's own click, and the wait for the turn to pass, in one call
            acted = person.page.evaluate(CLICK_AND_WAIT, [button, version, TURN_MS])
        if not acted:
            refused = person.page.locator("#action-error").inner_text()
            person.shot(f"stuck-{person.name}")
            banner = person.page.locator("#banner").inner_text()
            recent = [(f.get("type"), f.get("v"), f.get("ref")) for f in person.log.frames[-8:]]
            raise AssertionError(
                f"{person.name}'s {button} at v{version} did nothing: {refused!r}; "
                f"banner {banner!r}; last frames {recent}"
            )
        return True

    def acted(self, person: Person, version: int) -> bool:
        """Whether the page's turn at ``version`` passed (or the table moved on) in time."""
        mine = person.page.locator(f"body[data-my-turn='true'][data-version='{version}']")
        try:
            mine.wait_for(state="detached", timeout=TURN_MS)
        except PlaywrightTimeoutError:
            return False
        return True

    def choose(self, person: Person, status: Json) -> str:
        """The script: Bob shoves until he is broke and has rebought, Carol moves in over a
        short all-in (side pots), Dan folds two hands in three and Bob one in three after his
        rebuy, and the rest check or call."""
        hand_number = status["hand_number"]
        if person is self.buster and (
            person.name not in self.rebuys_approved
            or (not self.side_pots_shown and hand_number <= BUSTER_HANDS)
        ):
            return "allin"
        if (
            person is self.shover
            and not self.side_pots_shown
            and self.side_pot_shoves < SIDE_POT_SHOVES
            and 0 in status["stacks"]
            and status["legal"]["can_bet_or_raise"]
        ):
            self.side_pot_shoves += 1
            return "allin"
        if person is self.folder and hand_number % 3:
            return "fold"
        if person is self.buster and hand_number % 3 == 2:
            return "fold"  # Bob, chastened, sits out some hands from then on
        return "call"

    def look(self, person: Person, status: Json, seen: Json) -> None:
        """The game and stakes in the title are the hand's; screenshots of the stages."""
        hand_number = status["hand_number"]
        started = self.started(hand_number)
        game = str(started.get("variant", ""))
        expected = f"{GAME_NAMES[game]} · {_stakes_words(started['stakes'])}"
        if seen["game"] != expected and game not in self.wrong_titles:
            self.wrong_titles[game] = (
                f"hand #{hand_number} is {expected!r}, {person.name}'s page says {seen['game']!r}"
            )
        settled = self.buster.name in self.rebuys_approved
        if person is self.photographer and settled:
            if game in BOARD_GAMES:
                self.street_shot(person, hand_number, seen["board"])
            elif game not in self.shots and seen["cards"] >= 5:  # fifth street
                self.shot(person, game, full_page=False)
        if person.phone and "phone" not in self.shots and hand_number > 1:
            self.shot(person, "phone", full_page=False)

    def check_shown(self, person: Person, status: Json, version: int) -> bool:
        """The pot, the call and the sizing presets on the page are the server's, to the chip:
        each preset button is clicked and the amount it puts in the box is read. False, and
        nothing compared, when the page was no longer at ``version`` by then (a checkbox's
        pre-action, say, had played the turn)."""
        legal = status["legal"]
        keys = [preset["key"] for preset in legal["presets"]] if legal["can_bet_or_raise"] else []
        shown = person.page.evaluate(READ_SHOWN, keys)
        now = person.page.evaluate(SEEN)
        if not now["mine"] or now["version"] != version:
            return False
        self.checked_turns += 1
        pot = " ".join(shown["pot"].split())
        recent = [
            (f["v"], f.get("type"), (_status_of(f) or {}).get("pot"))
            for f in list(_versions(person.log))[-8:]
        ]
        assert pot == _pot_words(status), (person.name, pot, status["hand_number"], recent)
        if len(status["pots"]) > 1:
            self.side_pots_shown.append(pot)
        if legal["can_call"] and not legal["can_check"]:
            call = f"Call {_chips(legal['call_amount'])}"
            assert shown["call"] == call, (person.name, shown["call"], legal)
        # Fixed-limit, or a stack that reaches no further than the least raise: the bet
        # buttons alone say the amount (action_bar.js), no sizing beside them.
        one_amount = legal["fixed_amounts"] or legal["min_raise_to"] == legal["max_raise_to"]
        for preset, button in zip(legal["presets"] if keys else [], shown["presets"], strict=True):
            if one_amount:
                assert button["hidden"], (person.name, "no sizing for one amount", legal)
                continue
            assert not button["hidden"], (person.name, preset, legal)
            assert button["amount"] == str(preset["to"]), (person.name, preset, button, legal)
        return True

    def street_shot(self, person: Person, hand_number: int, board: int) -> None:
        """Preflop, flop, turn and river of one hand as the photographer sees them; the
        spectator's page and the stream view at the flop."""
        if len(self.street_shots) == len(STREETS):
            return
        street = STREETS.get(board)
        if street is None:
            return
        if street == "preflop":
            self.street_shots = {}
        elif self.street_shots.get("preflop") != hand_number:
            return
        self.street_shots[street] = hand_number
        self.shot(person, f"hand-{street}", full_page=False)
        if street == "flop":
            self.shot(self.spectator, "spectator", full_page=False)
            self.shot(self.stream, "stream", full_page=False)
            status = _latest_status(self.stream.log)
            assert status is not None
            pot = self.stream.page.locator(".pot").inner_text()
            assert pot == f"Pot {_chips(status['pot'])}", (pot, status)

    def shot(self, person: Person, name: str, full_page: bool = True) -> None:
        person.shot(name, full_page)
        self.shots.add(name)

    # Rebuys.

    def rebuys(self) -> None:
        """A broke player asks for chips; the host approves them in the host panel."""
        seats = _latest_seats(self.spectator.log)
        for person in self.seated():
            assert person.seat is not None
            seat = seats[person.seat]
            if seat["stack"] > 0 or seat["queued"]:
                self.asked.discard(person.player_id)
                continue
            if person.player_id in self.asked:
                continue
            self.asked.add(person.player_id)
            person.page.fill("[aria-label='Chips to add']", str(REBUY))
            person.press("#add-chips")
            if person is self.host:
                continue  # the host's own rebuy is taken at once
            person.page.locator("#rebuy-hint").filter(has_text="waiting for the host").wait_for()
            approve = f"#host-rebuys button[data-key='approve-rebuy-{person.player_id}']"
            self.host.page.locator(approve).wait_for()
            asks = self.host.page.locator("#host-rebuys").inner_text()
            assert f"{person.name} asks to add {_chips(REBUY)} chips" in asks, asks
            if "rebuy-request" not in self.shots:
                self.shot(self.host, "rebuy-request")
            self.host.press(approve)
            self.rebuys_approved.append(person.name)

    # The host.

    def deal(self) -> None:
        button = self.host.page.locator("#host-start")
        button.filter(has_text="Deal").wait_for()
        self.host.press("#host-start")
        button.filter(has_text="Pause after this hand").wait_for()

    def pause(self) -> None:
        button = self.host.page.locator("#host-start")
        button.filter(has_text="Pause after this hand").wait_for()
        self.host.press("#host-start")
        button.filter(has_text="Deal").wait_for()
        # The room's word of the pause comes after any hand dealt before it: once the
        # spectator has it, its frames tell whether a hand is still to finish (a hand
        # dealt a moment before the press, not heard yet, looked like none).
        self.until(lambda: _running(self.spectator.log) is False, "the spectator hears the pause")

    def hand_over(self) -> bool:
        return self.status() is None

    def mid_hand(self, flop: bool = False) -> Callable[[], bool]:
        """A hand in play with a page to act (not the terminal); with ``flop``, in a board
        game, once the flop is out."""

        def ready() -> bool:
            status = self.status()
            if status is None or status["to_act"] not in {p.seat for p in self.seated()}:
                return False
            if not flop or self.started(status["hand_number"])["variant"] not in BOARD_GAMES:
                return True
            board: int = self.spectator.page.locator("#felt .board .card:not(.slot)").count()
            return board >= 3

        return ready


# The test ----------------------------------------------------------------------------------


def _stakes_words(stakes: Json) -> str:
    """The stakes as the page's title words them (table_page.js): blinds, or ante and bring-in."""
    if stakes.get("big_blind"):
        return f"{stakes['small_blind']}/{stakes['big_blind']}"
    return f"ante {stakes['ante']}, bring-in {stakes['bring_in']}"


def _create_table(host: Person, url: str) -> str:
    """Alice fills the lobby's form: dealer's choice of four games, rebuys approved by the
    host, and clocks long enough that a page slowed by a loaded machine is not played for
    by the clock (the test asserts the clock never plays)."""
    page = host.page
    page.goto(f"{url}/")
    page.fill("#create-name", host.name)
    page.click("details.settings summary")
    for game in GAMES:
        page.check(f"[name=dealers_choice][value={game}]")
    page.fill("[name=action_seconds]", "45")
    page.fill("[name=time_bank_seconds]", "15")
    page.fill("[name=bot_delay_seconds]", "0.1")
    page.check("[name=approve_rebuys]")
    host.shot("lobby")
    page.click("#create-submit")
    page.wait_for_selector("#felt")
    code: str = page.evaluate("location.hash.slice(1)")
    assert re.fullmatch(r"\d{4}", code)
    return code


def _sit(person: Person, seat: int) -> None:
    person.press(f"button[data-key='sit-{seat}']")
    person.page.fill("#buy-in", str(BUY_INS[person.name]))
    person.press("#buy-in-submit")
    person.page.wait_for_selector(".seat.me")
    person.player_id = _welcomed_as(person.log)
    person.seat = seat


def _get(url: str) -> Json:
    with urllib.request.urlopen(url, timeout=10) as response:
        answer: Json = json.load(response)
        return answer


def _say(person: Person, text: str) -> None:
    person.page.fill("#chat-input", text)
    person.page.press("#chat-input", "Enter")
    person.page.locator("#chat-input").blur()  # the keyboard shortcuts act again


def _reload(person: Person) -> None:
    """A reload mid-hand: the same seat, and the same own cards while the hand goes on."""
    mine = person.page.locator(".seat.me .card")
    # The cards' names ("Queen of hearts"), without what may change ("wild", "winning hand").
    labels = "cards => cards.map((card) => card.getAttribute('aria-label').split(',')[0])"
    before = mine.evaluate_all(labels)
    hand = person.page.locator(".hand-number").inner_text()
    person.page.reload()
    person.page.locator(".seat.me .name").filter(has_text=person.name).wait_for()
    if before and person.page.locator(".hand-number").inner_text() == hand:
        mine.nth(len(before) - 1).wait_for()
        assert mine.evaluate_all(labels)[: len(before)] == before, person.name


def _replay_and_back(person: Person, url: str, code: str) -> None:
    """Mid-hand, the night's first hand replayed in the same tab (the address its Replay
    names) and "Back to the table": the table screen built again plays on, its clicks,
    keys and chat taken (issue 31: they were silently dropped as resends)."""
    person.page.goto(f"{url}/#{code}/hand/1")
    person.page.wait_for_selector("body[data-replay-step]")
    person.page.click("a.back")
    person.page.locator(".seat.me .name").filter(has_text=person.name).wait_for()


def test_a_whole_poker_night_end_to_end(browser: Any, tmp_path: Path) -> None:
    started = time.monotonic()
    for old in NIGHT.glob("*.png"):
        old.unlink()  # this run's screenshots only
    port = free_port()  # the same port after the restart: the pages come back by themselves
    logs: list[FrameLog] = []
    stages: dict[str, float] = {}  # seconds from the start, for the summary
    servers = ExitStack()
    terminal: Terminal | None = None
    try:
        url = servers.enter_context(served_room(tmp_path, hand_pause=HAND_PAUSE, port=port))
        alice = _open(browser, "Alice", logs)
        code = _create_table(alice, url)
        link = invite_link(alice.page)
        bob, carol = _open(browser, "Bob", logs), _open(browser, "Carol", logs)
        dan = _open(browser, "Dan", logs, phone=True)
        people = [alice, bob, carol, dan]
        for person in people[1:]:
            join_by_invite(person.page, link, person.name)
        for seat, person in enumerate(people):
            _sit(person, seat)
        spectator = _open(browser, "spectator", logs)
        spectator.page.goto(f"{url}/#{code}")
        spectator.page.locator(".spectator-area").filter(has_text="You are watching").wait_for()
        stream = _open(browser, "stream", logs)
        stream.page.goto(f"{url}/stream.html#{code}")
        terminal = Terminal(link, "Eve", tmp_path / "tokens.json")
        alice.page.locator(".seat[data-seat='4'] .name").filter(has_text="Eve").wait_for()
        alice.shot("seats")

        night = Night(
            code, people, spectator, stream, alice, deadline=started + GIVE_UP_SECONDS,
            buster=bob, shover=carol, folder=dan, photographer=carol,
        )  # fmt: skip
        night.deal()

        stages["dealt"] = round(time.monotonic() - started, 1)
        # Every game once; Bob goes broke, asks for chips, and the host lets him.
        night.play_until(
            lambda: bob.name in night.rebuys_approved and len(night.finished()) >= len(GAMES),
            "waiting for Bob to go broke and rebuy",
        )

        stages["rebought"] = round(time.monotonic() - started, 1)
        # Chat from two players, mid-hand: everybody reads it, the terminal too.
        night.play_until(night.mid_hand(), "waiting for a hand to chat in")
        lines = ["nice rebuy, Bob", "deal me in, I'm on my phone"]
        _say(carol, lines[0])
        _say(dan, lines[1])
        for person in people:
            for line in lines:
                person.page.locator(".chat-lines li").filter(has_text=line).wait_for()

        stages["chatted"] = round(time.monotonic() - started, 1)
        # The host pauses after this hand: no hand is dealt until Deal again.
        night.pause()
        night.play_until(night.hand_over, "finishing the hand before the pause")
        paused_at = max(night.finished())
        night.wait(4 * int(HAND_PAUSE * 1000) + 400)
        assert night.status() is None and max(night.finished()) == paused_at, (
            f"dealt in a pause: after hand {paused_at}, the host's page heard"
            f" {_told(alice.log)}, sent {[f.get('type') for f in alice.log.sent[-12:]]};"
            f" the spectator's heard {_told(spectator.log)}"
        )
        for person in [*people, spectator]:
            assert person.page.locator(".hand-number").inner_text() == ""
            turn_line = person.page.locator("#turn-line")
            turn_line.filter(has_text="Waiting for the host to deal").wait_for()
        alice.page.locator(".showdown").wait_for()
        night.shot(alice, "showdown")
        alice.page.click("#ledger-refresh")
        alice.page.locator(".ledger table").first.wait_for()
        alice.page.locator(".panel:has(#ledger-title)").screenshot(path=str(NIGHT / "ledger.png"))
        night.deal()

        stages["paused"] = round(time.monotonic() - started, 1)
        # Two players reload mid-hand and keep their seats and cards.
        night.play_until(night.mid_hand(flop=True), "waiting for a flop to reload on")
        _reload(carol)
        _reload(dan)
        _replay_and_back(carol, url, code)
        _say(carol, "back from the replay")

        stages["reloaded"] = round(time.monotonic() - started, 1)
        # Alice stands up between hands and leaves: the host role moves to Bob, who has
        # been seated the longest of the people left (the terminal sat down last).
        night.play_until(night.mid_hand(), "waiting for a hand before Alice leaves")
        night.pause()
        night.play_until(night.hand_over, "finishing Alice's last hand")
        alice.page.locator(".seat-controls button", has_text="Stand up").click()
        alice.page.wait_for_selector(".seat.me", state="detached")
        bob.page.locator(".panel.host").wait_for()
        for person in (alice, carol, dan):
            assert person.page.locator(".panel.host").is_hidden(), person.name
        night.until(lambda: _host(spectator.log) == bob.player_id, "the host role moves to Bob")
        assert invite_link(bob.page).startswith(f"{url}/#{code}/")
        alice.page.context.close()
        night.people = [bob, carol, dan]
        night.host = bob
        night.deal()

        stages["host moved"] = round(time.monotonic() - started, 1)
        # The server is killed mid-hand and started again on the same SQLite file: the
        # pages and the terminal reconnect, the hand is played out, the new host deals again.
        night.play_until(night.mid_hand(flop=True), "waiting for a hand to restart in")
        before = night.status()
        assert before is not None
        servers.close()
        carol.page.locator("#banner").filter(has_text="reconnecting").wait_for()
        servers = ExitStack()
        servers.enter_context(served_room(tmp_path, hand_pause=HAND_PAUSE, port=port))
        for person in [*night.people, spectator]:
            person.page.locator("#banner").wait_for(state="hidden")
        night.play_until(night.hand_over, "finishing the hand the restart cut")
        assert before["hand_number"] in night.finished()
        night.deal()

        stages["restarted"] = round(time.monotonic() - started, 1)
        # At least 30 hands, then the host closes the table in the middle of one.
        night.play_until(
            lambda: len(night.finished()) >= HANDS and night.mid_hand()(), "playing 30 hands"
        )
        stages["30 hands"] = round(time.monotonic() - started, 1)
        bob.page.click("#close-table")
        bob.page.click("#close-confirm")
        bob.page.locator("#close-table").filter(has_text="closes after this hand").wait_for()
        night.play_until(lambda: bool(_of_type(spectator.log, "TableClosed")), "the last hand")
        for person in [*night.people, spectator]:
            person.page.locator("#table-note").filter(has_text="the game is over").wait_for()
        night.until(lambda: bool(_of_type(stream.log, "TableClosed")), "the stream hears it")

        bob.page.click("#ledger-refresh")
        bob.page.locator(".ledger h3", has_text="Settle up").wait_for()
        ledger_words = bob.page.locator(".ledger").inner_text()
        bob.page.locator(".panel:has(#ledger-title)").screenshot(path=str(NIGHT / "settle-up.png"))
        night.shot(bob, "closed")
        ledger = _get(f"{url}/api/tables/{code}/ledger")
        settle = _get(f"{url}/api/tables/{code}/settle")
        eve, terminal = terminal, None
        eve.process.wait(10)  # the terminal ends by itself when the table closes
        eve_left_by_itself = eve.stop()
    finally:
        if terminal is not None:
            terminal.stop()
        servers.close()

    elapsed = time.monotonic() - started
    finished = night.finished()
    hands = {frame["hand_number"]: frame for frame in _of_type(spectator.log, "HandDealt")}
    summary = {
        "hands": len(finished),
        "seconds per move, by seat": _move_times(spectator.log),
        "seconds": round(elapsed, 1),
        "stages (seconds from the start)": stages,
        "actions by the pages": night.actions,
        "turns whose pot, call and presets were compared": night.checked_turns,
        "side pots shown": night.side_pots_shown,
        "completions shown": night.completions_shown,
        "turns over before their words were read": night.turns_passed_while_read,
        "rebuys approved": night.rebuys_approved,
        "terminal answers": eve.answers,
        "terminal ended by itself when the table closed": eve_left_by_itself,
        "games": [hands[number]["variant"] for number in sorted(hands)],
        "titles that were not the hand's game and stakes": night.wrong_titles,
    }
    (NIGHT / "summary.json").write_text(json.dumps(summary, indent=1, ensure_ascii=False))
    (NIGHT / "terminal.txt").write_text(eve.text)

    # The night as every page saw it.
    assert len(finished) >= HANDS, sorted(finished)
    assert len(_of_type(stream.log, "TableClosed")) == 1
    for number, frame in hands.items():  # dealer's choice: the games in turn
        assert frame["variant"] == GAMES[(number - 1) % len(GAMES)], (number, frame["variant"])
    assert night.side_pots_shown, "no page showed a side pot"
    assert night.completions_shown, "no page offered to complete a stud bring-in"
    timed_out = [f for f in _of_type(spectator.log, "PlayerActed") if f["timed_out"]]
    assert timed_out == [], "every page showed its turns: the clock never played for anybody"
    assert night.checked_turns >= 10
    assert hidden_card_leaks(logs) == []
    for log in logs:
        assert _conservation_errors(log) == []
    for person in [alice, bob, carol, dan, spectator, stream]:
        assert person.errors == [], (person.name, person.errors)
    assert len(night.street_shots) == len(STREETS), night.street_shots
    saved = {path.stem for path in NIGHT.glob("*.png")}
    assert set(SCREENSHOTS) <= saved, set(SCREENSHOTS) - saved
    for line in lines:
        assert line in eve.text, "the terminal shows the chat"
    assert eve.answers > 0
    assert eve_left_by_itself and "is closed. Thanks for playing." in eve.text, eve.text[-500:]
    assert "Traceback" not in (tmp_path / "server.log").read_text(errors="replace")

    # The ledger: everybody cashed out, no chip made or lost, the settle-up to the chip.
    accounts = ledger["accounts"]
    assert sum(account["net"] for account in accounts) == 0
    assert all(account["at_table"] == 0 for account in accounts), accounts
    assert sum(a["cashed_out"] for a in accounts) == sum(a["bought_in"] for a in accounts)
    assert {entry["kind"] for entry in ledger["entries"]} >= {"buy-in", "rebuy", "result"}
    entries = [
        LedgerEntry(item["player_id"], EntryKind(item["kind"]), item["amount"], item["hand"])
        for item in ledger["entries"]
    ]
    bots = {account["player_id"] for account in accounts if account["bot"]}
    owed = balances_between_people(entries, bots)
    assert owed == {a["player_id"]: a["net"] for a in accounts if not a["bot"]}  # no bots here
    for transfer in ledger["settle_up"]:
        assert transfer["amount"] > 0
        owed[transfer["payer"]] += transfer["amount"]
        owed[transfer["payee"]] -= transfer["amount"]
    assert set(owed.values()) == {0}, owed
    assert settle["transfers"] == ledger["settle_up"]

    # What the pages wrote beside the numbers: the game and stakes of the hand being played
    # in the title, and the ledger panel without a stray word.
    wrong = list(night.wrong_titles.values())
    if "null" in ledger_words.split():
        wrong.append(f"the ledger panel shows 'null' under the players: {ledger_words!r}")
    assert wrong == []
