"""The page's blind clock (``blind_clock.js``): the level and the time to the next, read off
the server's timetable (``blind_clock``) at a given server time, in a real Chromium."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web_helpers import module_page


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    return module_page(browser)


def test_the_level_and_the_time_to_the_next_at_each_moment(page: Any) -> None:
    words: list[str] = page.evaluate(
        """async () => {
            const { blindClockWords } = await import('/js/blind_clock.js');
            const levels = (start) => [[5, 10], [10, 20], [15, 30]].map(([small, big], level) =>
                ({ level, stakes: { small_blind: small, big_blind: big },
                   starts_at: start === null ? null : start + level * 900 }));
            const before = { level_minutes: 15, started_at: null, levels: levels(null) };
            const timed = { level_minutes: 15, started_at: 1000, levels: levels(1000) };
            return [
                blindClockWords(null, 0),
                blindClockWords(before, 5000),
                blindClockWords(timed, 1000),
                blindClockWords(timed, 1000 + 899.2),
                blindClockWords(timed, 1900),
                blindClockWords(timed, 1000 + 3 * 3600),
            ];
        }"""
    )
    assert words == [
        "",
        "Level 1 of 3: 5/10 \u00b7 15-minute levels from the first hand",
        "Level 1 of 3: 5/10 \u00b7 next 10/20 in 15:00",
        "Level 1 of 3: 5/10 \u00b7 next 10/20 in 0:01",
        "Level 2 of 3: 10/20 \u00b7 next 15/30 in 15:00",
        "Level 3 of 3: 15/30 \u00b7 the last level",
    ]
