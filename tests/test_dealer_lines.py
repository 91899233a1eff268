"""The dealer's chat lines (``server/tables/dealer.py``) go with a code and params that a page
words from ``table.dealer.<code>`` (issue 38), and so does why play stopped at a tournament
table (``table.stopped.<code>``): every code the server sends has words in English, Spanish
and German with the same params, and English filled in is the server's own line, the one
the terminal and program seats read."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest

from pokernight.server.tables.dealer import dealer_line
from pokernight.server.tables.worded import Param, Worded
from pokernight.server.tournaments.tournament_director import refused_report
from pokernight.table import (
    BombPotCalled,
    BountyPaid,
    CardsShownByChoice,
    ClockRestarted,
    DebtCapSet,
    HostChanged,
    PlayerLeft,
    PlayerLetBack,
    PlayerRemoved,
    RabbitHunted,
    StackCorrected,
    Table,
)
from pokernight.table.events import (
    HOST_AWAY,
    HOST_FIRST_SEATED,
    HOST_HANDED_OVER,
    HOST_LEFT,
    HOST_SAT_OUT,
    TableEvent,
)
from pokernight.tournament.errors import TournamentError
from pokernight.words import words_in

CATALOGUES = Path(__file__).parent.parent / "src" / "pokernight" / "web" / "i18n"
NAMES = {"1": "Ann", "2": "Bob", "3": "Cat"}
PREFIX = "table.dealer."


def _table(debt_limit: int | None = 1000, away: float = 120, removed: str | None = None) -> Table:
    """As much of a table as the dealer reads: its coming settings, its seats, and a hand
    in which table seat 4, Bob's, is to act."""
    seat = SimpleNamespace(player_id=removed, name="Ann", removed=removed is not None)
    bob = SimpleNamespace(player_id="2", name="Bob", removed=False)
    cat = SimpleNamespace(player_id="3", name="Cat", removed=False)
    settings = SimpleNamespace(debt_limit=debt_limit, host_away_seconds=away)
    return cast(
        Table,
        SimpleNamespace(
            upcoming_settings=settings,
            seats={0: seat, 2: cat, 4: bob},
            hand=SimpleNamespace(to_act=1),
            seat_to_act=lambda: bob,
        ),
    )


def _said() -> list[Worded]:
    """A line of every kind the dealer says (a host who never sat, ``9``, has no name)."""
    said: list[tuple[TableEvent, Table]] = [
        (StackCorrected(0, "2", 1200, 1000, "paid 200 in cash"), _table()),
        (DebtCapSet("2", 600), _table()),
        (DebtCapSet("2", None), _table()),
        (DebtCapSet("2", None), _table(debt_limit=None)),
        (PlayerRemoved(1, "2", "Bob", "abusive in the chat"), _table()),
        (PlayerRemoved(1, "2", "Bob", "gone home"), _table(removed="2")),
        (PlayerLeft(1, "2", 1250, "removed"), _table()),
        (PlayerLetBack("2"), _table()),
        (HostChanged(None, HOST_LEFT, "1"), _table()),
        (HostChanged(None, HOST_LEFT, "9"), _table()),
        (HostChanged("3", HOST_FIRST_SEATED), _table()),
        (HostChanged("3", "a reason of a later server", "1"), _table()),
        (ClockRestarted(1, 1_000.0), _table()),
        (CardsShownByChoice(1234, 4, ("7s", "2c")), _table()),
        (RabbitHunted(3, 0, (("Ah", "Kd", "2c"), ("9s",))), _table()),
        (BountyPaid(7, 0, ((4, 1500), (2, 40))), _table()),
        (BountyPaid(7, 0, ()), _table()),
        (BombPotCalled(), _table()),
    ]
    for previous in ("1", "9"):
        for reason in (HOST_HANDED_OVER, HOST_LEFT, HOST_SAT_OUT):
            said.append((HostChanged("3", reason, previous), _table()))
        for away in (60, 120, 90):
            said.append((HostChanged("3", HOST_AWAY, previous), _table(away=away)))
    lines = [dealer_line(event, table, NAMES) for event, table in said]
    assert None not in lines
    return cast(list[Worded], lines)


def _catalogue(language: str, prefix: str = PREFIX) -> dict[str, str | dict[str, str]]:
    words = json.loads((CATALOGUES / language / "table.json").read_text(encoding="utf-8"))
    return {key: value for key, value in words.items() if key.startswith(prefix)}


def _filled(words: str | dict[str, str], params: dict[str, Param], code: str = "") -> str:
    """``words`` as panels.js and i18n.js fill them in English (numbers as Intl writes them;
    a list param's items each by the code's ``_<param>`` words, joined)."""
    if isinstance(words, dict):
        words = words["one" if params.get("count") == 1 else "other"]

    def value(match: re.Match[str]) -> str:
        given = params[match.group(1)]
        if isinstance(given, list):
            item = _catalogue("en")[f"{PREFIX}{code}_{match.group(1)}"]
            return ", ".join(_filled(item, dict(each)) for each in given)
        if isinstance(given, int):
            return f"{given:,}"
        return f"{given:g}" if isinstance(given, float) else given

    return re.sub(r"\{(\w+)\}", value, words)


def _keys(line: Worded) -> set[str]:
    """The catalogue keys a line is worded from: its code's, and one per list param."""
    lists = [name for name, value in line.params.items() if isinstance(value, list)]
    return {PREFIX + line.code, *(f"{PREFIX}{line.code}_{name}" for name in lists)}


def _params(words: str | dict[str, str]) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", json.dumps(words)))


def test_english_words_filled_in_are_the_servers_lines() -> None:
    english = _catalogue("en")
    lines = _said()
    assert set().union(*map(_keys, lines)) == set(english)
    for line in lines:
        words = english[PREFIX + line.code]
        assert _filled(words, line.params, line.code) == line.text
        assert _params(words) <= set(line.params), line.code


def test_the_terminal_words_each_line_as_the_server_does_in_english() -> None:
    say = words_in("en")
    for line in _said():
        assert say.sentence(PREFIX, line.code, line.params, "?") == line.text


def test_the_terminal_words_a_bounty_in_german_item_by_item() -> None:
    [paid] = [line for line in _said() if line.code == "bounty_paid"]
    assert words_in("de").sentence(PREFIX, paid.code, paid.params, paid.text) == (
        "Ann gewinnt die 7-2-Prämie: 1.540 (1.500 von Bob, 40 von Cat), Hand Nr. 7"
    )


def test_english_words_filled_in_are_why_play_stopped() -> None:
    error = TournamentError("chips_not_conserved", table=2, before=3000, after=3500)
    stopped = refused_report(error)
    [(key, words)] = _catalogue("en", "table.stopped.").items()
    assert key == f"table.stopped.{stopped.code}"
    assert _filled(words, stopped.params) == stopped.text


@pytest.mark.parametrize("prefix", [PREFIX, "table.stopped."])
@pytest.mark.parametrize("language", ["es", "de"])
def test_each_language_words_every_line(language: str, prefix: str) -> None:
    english, other = _catalogue("en", prefix), _catalogue(language, prefix)
    assert set(other) == set(english)
    for key, words in english.items():
        assert _params(other[key]) == _params(words), key
        assert type(other[key]) is type(words), key
