"""The page's sounds (``sound.js``): each event has its tones, and the mute is remembered."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web_helpers import module_page

FAKE_AUDIO = """() => {
window.played = [];
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    const oscillator = { frequency: {}, connect: (gain) => gain,
      start: () => window.played.push(oscillator.frequency.value), stop: () => {} };
    return oscillator;
  }
  createGain() {
    return { gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
      connect: () => {} };
  }
};
}"""


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    opened = module_page(browser)
    opened.evaluate(FAKE_AUDIO)
    return opened


def _played(page: Any, names: list[str], on: bool) -> list[float]:
    played: list[float] = page.evaluate(
        """async ([names, on]) => {
            const sound = await import('/js/sound.js');
            sound.setSound(on);
            window.played = [];
            for (const name of names) sound.play(name);
            return window.played;
        }""",
        [names, on],
    )
    return played


def test_each_event_has_its_tones(page: Any) -> None:
    assert _played(page, ["turn"], True) == [660, 880]
    assert _played(page, ["bet"], True) == [1200, 900]
    assert _played(page, ["clock"], True) == [988, 1, 988]  # two beeps and a rest
    assert len(_played(page, ["win"], True)) == 3


def test_muted_nothing_plays_and_the_choice_is_remembered(page: Any) -> None:
    assert _played(page, ["turn", "bet", "win", "clock", "chat"], False) == []
    remembered = page.evaluate("localStorage.getItem('pokernight.pref.sound')")
    assert remembered == "false"
