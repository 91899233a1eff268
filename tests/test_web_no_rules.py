"""The browser client keeps no poker rule (issue 17 item 3): no game known by its key, no
buy-in or stack limit counted in big blinds, no copy of the variant table, no hand ranking.
Every such fact comes from the server (``GET /api/games``, the settings' limits, the seats'
facts, the five cards of each shown hand)."""

from __future__ import annotations

import re
from pathlib import Path

from pokernight.rules import VARIANTS

JS = Path(__file__).parent.parent / "src" / "pokernight" / "web" / "js"
# String literals that are a variant key used as something else: the CSS class of a stud
# hand's cards (whether the game is stud was asked of the server's games).
ALLOWED = {("table_view.js", '"stud"')}
STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`")
KEYS = "|".join(map(re.escape, VARIANTS))
# A key as a literal ("ftq"), or as an object's property name ({ ftq: ... }); a game's
# ``stud`` (the server's fact ``game.stud``) is no key.
KEY = re.compile(rf"^[\"'`]({KEYS})[\"'`]$")
PROPERTY = re.compile(rf"(?<![\w$.])({KEYS})\s*:(?!:)")
UNITS = r"[\w.]*(unit|blind|bet)\w*"
RULE_NUMBERS = [
    # a limit counted in units (big blinds, small bets)
    re.compile(rf"\b(20|100|200)\s*\*\s*{UNITS}", re.IGNORECASE),
    re.compile(rf"{UNITS}\s*\*\s*(20|100|200)\b", re.IGNORECASE),
    re.compile(r"\b\d+\s+to\s+\d+\s+big blinds"),
    re.compile(r"\bSTUD_GAMES\b|\bGAME_NAMES\b|\bDEFAULT_STAKES\b|\bMAX_SEATS\b|\bbuyInRange\b"),
    # a hand ranked here: the winning five are the server's (``CardsShown.best``)
    re.compile(r"\b(bestFive|fiveCardValue|STRAIGHT_FLUSH|FIVE_OF_A_KIND|FULL_HOUSE)\b"),
]


def _code(text: str) -> str:
    """``text`` without its comments (a comment may name a game)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.DOTALL)
    return re.sub(r"(?m)(^|[^:\"'`])//.*$", r"\1", text)


def test_no_script_knows_a_game_by_its_key_or_counts_limits_in_big_blinds() -> None:
    found = []
    for path in sorted(JS.glob("*.js")):
        code = _code(path.read_text(encoding="utf-8"))
        for literal in STRING.findall(code):
            if KEY.search(literal) and (path.name, literal) not in ALLOWED:
                found.append(f"{path.name}: {literal}")
        bare = STRING.sub('""', code)
        found += [f"{path.name}: {match.group(0)!r}" for match in PROPERTY.finditer(bare)]
        for pattern in RULE_NUMBERS:
            found += [f"{path.name}: {match.group(0)!r}" for match in pattern.finditer(code)]
    assert not found, found


def test_the_check_would_catch_a_game_key_and_a_limit_in_units() -> None:
    code = _code(
        'const STUD = new Set(["stud", "razz"]); // "ftq" in a comment\n'
        "const cap = settings.max_stack ?? 200 * unit; const names = { nlhe: 'x' };\n"
        'const words = "bets for the stud games"; const bar = (100 * action) / total;'
    )
    literals = [item for item in STRING.findall(code) if KEY.search(item)]
    assert literals == ['"stud"', '"razz"']
    assert [match.group(0) for match in PROPERTY.finditer(STRING.sub('""', code))] == ["nlhe:"]
    assert [pattern.search(code) is not None for pattern in RULE_NUMBERS[:2]] == [True, False]
    assert RULE_NUMBERS[-1].search("const best = bestFive(hole, board, { game });")
    assert not RULE_NUMBERS[-1].search('h("span", {}, "Full house, Kings full of Fives")')
