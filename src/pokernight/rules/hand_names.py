"""A hand's name as structure, for clients that say it in their own language (issue 38).

The engine names a shown hand and a pot's winning hand in English (``CardsShown``'s and
``PotAwarded``'s ``description``: ``evaluate.describe``'s words, a hi-lo award's halves);
the events keep those words, and every hand ever stored has them. ``hand_structure`` reads
them back as a category and its ranks, which the protocol sends beside them (``hand``):

- a high hand: ``{"category": "two_pair", "ranks": ["K", "4"]}``; the ranks are those the
  name says (a straight's or flush's top card, a full house's trips then pair);
  ``royal_flush`` has none. Also 2-7 and short-deck hands, and wild games' (named as high).
- an A-5 low: the same with ``"low": true`` (``"Pair of Twos low"``: ``one_pair``), and one
  without a pair is ``no_pair`` with its five ranks, worst first (``"7-5-4-2-A low"``); a
  2-7 hand without a pair is ``no_pair`` too, without ``low``.
- badugi: ``{"category": "badugi", "ranks": [...]}``, one to four ranks.
- a hi-lo award: ``{"category": "hi_lo", "high": <a high hand>, "second": "low" | "spade",
  "low": <an A-5 low, or {"category": "spade", "ranks": ["A"]}> | None}``.

Ranks are the cards' symbols (``"T"`` for a ten). The grammar is ``describe``'s and
``hi_lo``'s only: a name it does not know gives None (a client then shows the words).
"""

from __future__ import annotations

import re
from typing import Any, Final

from pokernight.cards import Rank

Hand = dict[str, Any]

_BY_WORD: Final = {rank.word: rank.symbol for rank in Rank}
_BY_PLURAL: Final = {rank.plural: rank.symbol for rank in Rank}
_SYMBOLS: Final = "".join(rank.symbol for rank in Rank)
_RUN: Final = re.compile(rf"[{_SYMBOLS}](?:-[{_SYMBOLS}])*")
_TOPPED: Final = {"Straight Flush": "straight_flush", "Straight": "straight", "Flush": "flush"}
_GROUPED: Final = {
    "One Pair": "one_pair",
    "Three of a Kind": "three_of_a_kind",
    "Four of a Kind": "four_of_a_kind",
    "Five of a Kind": "five_of_a_kind",
}
_BADUGI: Final = {"Badugi": 4, "Three cards": 3, "Two cards": 2, "One card": 1}
_HI_LO: Final = re.compile(
    r"high: (?P<high>.+), (?:(?P<second>low|spade): (?P<low>.+)|no (?P<none>low|spade))"
)


def hand_structure(description: str) -> Hand | None:
    """The hand ``description`` names, as structure; None if it is not a hand's name."""
    hi_lo = _HI_LO.fullmatch(description)
    if hi_lo is not None:
        return _hi_lo(hi_lo)
    if description.endswith(" low"):
        return _low(description.removesuffix(" low"))
    if _RUN.fullmatch(description):
        return {"category": "no_pair", "ranks": description.split("-")}
    title, _, ranks = description.partition(", ")
    if title in _BADUGI and _RUN.fullmatch(ranks) and len(ranks.split("-")) == _BADUGI[title]:
        return {"category": "badugi", "ranks": ranks.split("-")}
    return _high(description)


def _hi_lo(match: re.Match[str]) -> Hand | None:
    high, named = _high(match["high"]), match["low"]
    second = match["second"] or match["none"]
    if named is None:
        low = None
    elif second == "spade":
        low = {"category": "spade", "ranks": [_BY_WORD[named]]} if named in _BY_WORD else None
    else:
        low = _low(named.removesuffix(" low"))
    if high is None or (named is not None and low is None):
        return None
    return {"category": "hi_lo", "high": high, "second": second, "low": low}


def _low(name: str) -> Hand | None:
    if _RUN.fullmatch(name):
        return {"category": "no_pair", "ranks": name.split("-"), "low": True}
    pair = name.removeprefix("Pair of ")
    if pair != name:
        return (
            {"category": "one_pair", "ranks": [_BY_PLURAL[pair]], "low": True}
            if pair in _BY_PLURAL
            else None
        )
    high = _high(name)
    return None if high is None else {**high, "low": True}


def _high(name: str) -> Hand | None:
    if name == "Royal Flush":
        return {"category": "royal_flush", "ranks": []}
    title, _, rest = name.partition(", ")
    if title in _TOPPED and rest.endswith(" high") and rest.removesuffix(" high") in _BY_WORD:
        return {"category": _TOPPED[title], "ranks": [_BY_WORD[rest.removesuffix(" high")]]}
    if title == "High Card" and rest in _BY_WORD:
        return {"category": "high_card", "ranks": [_BY_WORD[rest]]}
    if title in _GROUPED and rest in _BY_PLURAL:
        return {"category": _GROUPED[title], "ranks": [_BY_PLURAL[rest]]}
    joiner = {"Full House": " full of ", "Two Pair": " and "}.get(title)
    if joiner is not None:
        first, _, second = rest.partition(joiner)
        if first in _BY_PLURAL and second in _BY_PLURAL:
            category = "full_house" if title == "Full House" else "two_pair"
            return {"category": category, "ranks": [_BY_PLURAL[first], _BY_PLURAL[second]]}
    return None
