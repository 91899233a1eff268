"""The words of the terminal and of the command line, in the language of the environment
(issue 38): the page's catalogues (``web/i18n/<language>/<part>.json``, package data),
read as the page reads them, for a program with no page.

The language is the environment's, in the order gettext reads it: ``LANGUAGE`` (a list,
the first we speak), else the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is
set; Spanish and German are spoken, anything else is English. A key a language lacks is
said in English. ``{name}`` is filled in; a ``{"one": ..., "other": ...}`` entry is chosen
by the parameter ``count`` (a number, or ``grouped``'s words for it). Numbers are written as
they are given (the terminal's amounts stay bare digits); ``grouped`` writes a large one as
the language does. A sentence of the server's (``sentence``: a refusal, a dealer's line) has
its whole numbers grouped, as the page writes them (a hand number comes as a string).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("en", "es", "de")
PARTS = ("terminal", "refusals", "hands", "rooms", "table")
_FIELD = re.compile(r"\{(\w+)\}")
_THOUSANDS = {"en": ",", "es": ".", "de": "."}
# Spanish groups only from five digits (2000, but 12.000), as the page's Intl does.
_GROUPED_FROM = {"en": 1000, "es": 10000, "de": 1000}


def language_of(environ: Mapping[str, str]) -> str:
    """The language ``environ`` asks for, among those we speak (gettext's order)."""
    wanted = [tag for tag in environ.get("LANGUAGE", "").split(":") if tag]
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if environ.get(name):
            wanted.append(environ[name])
            break
    for tag in wanted:
        base = tag.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return "en"


class Words:
    """One language's words (its catalogues, English for what they lack)."""

    def __init__(
        self, language: str, entries: Mapping[str, Any], english: Mapping[str, Any]
    ) -> None:
        self.language = language
        self.entries = entries
        self.english = english

    def __call__(self, key: str, **params: Any) -> str:
        entry = self.entries.get(key, self.english.get(key, key))
        if isinstance(entry, dict):
            # a count given as the language writes it (grouped: "1" is still one)
            entry = entry["one" if params.get("count") in (1, "1") else "other"]
        return _FIELD.sub(lambda found: str(params.get(found[1], found[0])), entry)

    def grouped(self, amount: int) -> str:
        """``amount`` with its thousands grouped as the language writes them."""
        if abs(amount) < _GROUPED_FROM[self.language]:
            return str(amount)
        return f"{amount:,}".replace(",", _THOUSANDS[self.language])

    def refusal(self, code: str | None, params: Mapping[str, Any], reason: str) -> str:
        """A refusal by its code and parameters; ``reason`` (the server's English) if the
        code is none or unknown."""
        return self.sentence("refusal.", code, params, reason)

    def sentence(self, prefix: str, code: str | None, params: Mapping[str, Any], text: str) -> str:
        """A sentence the server sent with a code (``server/tables/worded.py``) in this
        language: ``text``, its English, if the code is none or unknown. A list param is
        worded item by item (key ``<prefix><code>_<param>``) and the items joined, as the
        page does (``panels.js``)."""
        key = f"{prefix}{code}"
        if code is None or key not in self.english:
            return text
        filled = {
            name: ", ".join(self(f"{key}_{name}", **self._numbers(item)) for item in value)
            if isinstance(value, list)
            else value
            for name, value in self._numbers(params).items()
        }
        return self(key, **filled)

    def _numbers(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """``params`` with their whole numbers grouped as the language writes them."""
        return {
            name: self.grouped(value)
            if isinstance(value, int) and not isinstance(value, bool)
            else value
            for name, value in params.items()
        }

    def hand(self, hand: Mapping[str, Any] | None, description: str, form: str = "name") -> str:
        """A hand's name from its structure (``rules.hand_names``), as the page says it
        (``web/js/hand_words.js``); ``description`` if there is none."""
        if hand is None:
            return description
        return self._hand(hand, form)

    def _hand(self, hand: Mapping[str, Any], form: str) -> str:
        category, ranks = hand["category"], hand.get("ranks", [])
        if category == "hi_lo":
            inner = "name" if form == "name" else "lower"
            half = "spade" if hand["second"] == "spade" else "low"
            low = hand["low"]
            key = f"hands.{form}.hi_lo_{half}" if low else f"hands.{form}.hi_lo_no_{half}"
            high_words = self._hand(hand["high"], inner)
            return self(key, high=high_words, low=self._hand(low, inner) if low else "")
        lower = "" if form == "name" else "_lower"
        params = {
            "rank": self(f"hands.rank{lower}.{ranks[0]}") if ranks else "",
            "ranks": self(f"hands.ranks{lower}.{ranks[0]}") if ranks else "",
            "first": self(f"hands.ranks{lower}.{ranks[0]}") if ranks else "",
            "second": self(f"hands.ranks{lower}.{ranks[1]}") if len(ranks) > 1 else "",
            "cards": "-".join(ranks),
        }
        if category == "badugi":
            return self(f"hands.{form}.badugi_{len(ranks)}", **params)
        if not hand.get("low"):
            return self(f"hands.{form}.{category}", **params)
        own = f"hands.{form}.low_{category}"
        if own in self.english:
            return self(own, **params)
        return self(f"hands.{form}.low", hand=self._hand({**hand, "low": False}, form))


@cache
def words_in(language: str) -> Words:
    """The words of ``language`` (one of ``LANGUAGES``)."""
    return Words(language, _catalogue(language), _catalogue("en"))


def words() -> Words:
    """The words of the environment's language (read again each time: a test may change it)."""
    return words_in(language_of(os.environ))


def _catalogue(language: str) -> dict[str, Any]:
    folder = resources.files("pokernight") / "web" / "i18n" / language
    entries: dict[str, Any] = {}
    for part in PARTS:
        entries.update(json.loads((folder / f"{part}.json").read_text(encoding="utf-8")))
    return entries
