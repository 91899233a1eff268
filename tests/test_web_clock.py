"""The seat clock counts down to the deadline that applies (``web/js/table_view.js``).

A person with no page open gets the shorter away clock and not their time bank (the server
acts at ``away_deadline``); everyone else, and every bot, at ``deadline``, their bank running
from ``action_deadline``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web_helpers import module_page

# The turn began at 100: a 30 s action clock, a 60 s bank, a 15 s away clock.
STATUS = {"to_act": 3, "deadline": 190.0, "away_deadline": 115.0, "action_deadline": 130.0}


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    return module_page(browser)


def _deadline(page: Any, seat: dict[str, Any], connected: list[str] | None) -> float:
    deadline: float = page.evaluate(
        """async ([status, seat, connected]) => {
            const m = await import('/js/table_view.js');
            return m.clockDeadline(status, seat, connected && new Set(connected));
        }""",
        [STATUS, seat, connected],
    )
    return deadline


def test_a_player_with_a_page_open_has_the_time_bank(page: Any) -> None:
    assert _deadline(page, {"player_id": "7", "bot": None}, ["7", "8"]) == 190.0


def test_a_player_with_no_page_open_has_the_away_clock_only(page: Any) -> None:
    assert _deadline(page, {"player_id": "7", "bot": None}, ["8"]) == 115.0


def test_a_bot_keeps_its_time_bank(page: Any) -> None:
    assert _deadline(page, {"player_id": "9", "bot": "easy"}, ["8"]) == 190.0


def test_before_presence_is_known_the_full_deadline_shows(page: Any) -> None:
    assert _deadline(page, {"player_id": "7", "bot": None}, None) == 190.0


def _parts(page: Any, seat: dict[str, Any], connected: list[str], now: float) -> dict[str, float]:
    parts: dict[str, float] = page.evaluate(
        """async ([status, seat, connected, now]) => {
            const m = await import('/js/table_view.js');
            return m.clockParts(status, seat, new Set(connected), now);
        }""",
        [STATUS, seat, connected, now],
    )
    return parts


def test_the_time_bank_is_shown_apart_and_spent_after_the_action_clock(page: Any) -> None:
    person = {"player_id": "7", "bot": None}
    assert _parts(page, person, ["7"], 100.0) == {"action": 30.0, "bank": 60.0}
    assert _parts(page, person, ["7"], 150.0) == {"action": 0.0, "bank": 40.0}
    assert _parts(page, person, [], 100.0) == {"action": 15.0, "bank": 0.0}  # no page: no bank
    assert _parts(page, person, [], 110.0) == {"action": 5.0, "bank": 0.0}
