"""The terminal game speaks the language of its environment (issue 38): ``LANG`` and the
rest in gettext's order, Spanish and German from the page's own catalogues (``terminal``,
``refusals`` and ``hands``), English otherwise. A game played in German says German
words, German refusals and German hand names; every key the terminal asked for exists in
the three languages.
"""

from __future__ import annotations

import io
import json
import random
import string
from collections.abc import Callable
from itertools import chain, cycle
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from pokernight.rules import variant_for
from pokernight.tui import GameSettings, TerminalGame
from pokernight.tui.narration import narrate_table
from pokernight.words import LANGUAGES, PARTS, Words, language_of

CATALOGUES = Path(__file__).resolve().parents[1] / "src" / "pokernight" / "web" / "i18n"


def _catalogue(language: str, part: str) -> dict[str, Any]:
    entries: dict[str, Any] = json.loads((CATALOGUES / language / f"{part}.json").read_text())
    return entries


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LANGUAGE": "fr:es", "LANG": "de_DE.UTF-8"}, "es"),
        ({"LC_ALL": "es_ES.UTF-8", "LC_MESSAGES": "de_DE", "LANG": "de_DE"}, "es"),
        ({"LC_MESSAGES": "de_AT", "LANG": "es_ES"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_is_the_environments_in_gettexts_order(
    environ: dict[str, str], language: str
) -> None:
    assert language_of(environ) == language


def _script(answers: list[str], prompts: list[str]) -> Callable[[str], str]:
    """The answers, then "call" and "check" in turn; each prompt asked is kept."""
    queue = chain(answers, cycle(["call", "check"]))

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(queue)

    return ask


def test_a_game_in_german_says_german_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    asked: set[str] = set()
    said = Words.__call__

    def noting(self: Words, key: str, **params: Any) -> str:
        asked.add(key)
        return said(self, key, **params)

    monkeypatch.setattr(Words, "__call__", noting)
    output, prompts = io.StringIO(), list[str]()
    settings = GameSettings(variant_for("nlhe"), 2, "easy", plain=True, hands=3)
    game = TerminalGame(
        settings, Console(file=output, width=200), random.Random(7), _script(["xyz"], prompts)
    )
    game.play()
    refusal = {"type": "error", "reason": "not your turn", "code": "not_your_turn", "params": {}}
    text = "\n".join([*prompts, output.getvalue(), str(narrate_table(refusal, {}))])
    for words in (
        "Neue Hand No-Limit Texas Hold'em; der Button ist Player",
        "Du bist dran (",
        "Nicht verstanden: „xyz“ ist keine Aktion",
        "Deine Karten ",
        "bekommt ",
        "Hand vorbei. Stacks: ",
        "3 Hände gespielt: Du hast dich für 2000 eingekauft",
        "Der Server sagt: Du bist nicht am Zug.",
    ):
        assert words in text, words
    assert any(name in text for name in ("Ein Paar, ", "Höchste Karte, ", "Zwei Paare, "))
    assert " wins " not in text and "Your turn" not in text
    # Each key's part is named by its first word ("refusal.x" is in refusals.json).
    parts = {"terminal": "terminal", "hands": "hands", "refusal": "refusals"}
    for key in asked:
        for language in LANGUAGES:
            assert key in _catalogue(language, parts[key.split(".")[0]]), key
    assert {key.split(".")[0] for key in asked} == set(parts)


def test_a_dealers_line_reaches_a_german_terminal_in_german(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    params = {"name": "Ann", "amount": 1540, "number": "7"}
    paid = [{"amount": 1500, "name": "Bob"}, {"amount": 40, "name": "Cy"}]
    line = {"type": "chat", "name": "Dealer", "dealer": True, "text": "Ann wins (English)"}
    bounty = narrate_table({**line, "code": "bounty_paid", "params": {**params, "from": paid}}, {})
    assert bounty is not None
    assert "Ann gewinnt die 7-2-Prämie: 1.540 (1.500 von Bob, 40 von Cy), Hand Nr. 7" in bounty
    assert bounty.startswith("Dealer sagt: ")
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    bomb = narrate_table({**line, "code": "bomb_pot", "params": {}}, {})
    assert bomb is not None and bomb.startswith("Crupier dice: El anfitrión")
    # A code of a newer server: its English words.
    newer = narrate_table({**line, "code": "not_known_yet", "params": params}, {})
    assert newer is not None and "Ann wins (English)" in newer


def _fields(entry: str | dict[str, str]) -> set[str]:
    texts = entry.values() if isinstance(entry, dict) else [entry]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_terminal_word_is_in_every_language_with_the_same_parameters() -> None:
    english = _catalogue("en", "terminal")
    for language in LANGUAGES[1:]:
        words = _catalogue(language, "terminal")
        assert words.keys() == english.keys(), language
        for key, entry in words.items():
            assert _fields(entry) == _fields(english[key]), (language, key)
    assert "terminal" in PARTS
