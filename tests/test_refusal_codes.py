"""Every refusal has a reason code, and every code is worded in English, Spanish and German
(issue 38, decision 72).

The codes raised are read from the source (each refusal's first argument); the page's
catalogues (``web/i18n/<language>/refusals.json``) must hold each of them with the same
parameters, and the English one's words, filled in as the page fills them, must be the
server's English words exactly.
"""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterator
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from pokernight.refusals import ENGLISH, RefusalError, catalogue
from pokernight.rules.stakes import AMOUNT_FIELDS

SOURCE = Path(__file__).resolve().parents[1] / "src" / "pokernight"
CATALOGUES = SOURCE / "web" / "i18n"
LANGUAGES = ("en", "es", "de")
# What raises a refusal by code, and the forms a code stands for: ``about`` (table/errors.py)
# and ``_named`` (table/host_commands.py) say "you" and "that player" by a code of their own.
RAISERS = {
    "RefusalError": ("",),
    "TableError": ("",),
    "RulesError": ("",),
    "RefusedError": ("",),
    "RefusedHTTPError": ("",),
    "BadNameError": ("",),
    "refuse_at_tournament": ("",),
    "check_given_by": ("",),
    "check_host": ("",),
    "_check_host": ("",),
    "_organiser": ("",),
    "_check_within": ("",),
    "bearer_token": ("",),
    "about": ("", "_you"),
    "_named": ("", "_unnamed"),
    "__init__": ("",),
    "TooManyOpenError": ("",),  # a refusal of its own kind: super().__init__("code", ...)
    "TournamentError": ("",),
    "MemberError": ("",),
    "LedgerKnownError": ("",),
    "check_director": ("",),
    # Grammar as codes of their own: an English ordinal's suffix, an amount of the stakes.
    "ordinal_code": ("_st", "_nd", "_rd", "_th"),
    "stake_code": tuple(f"_{field}" for field in AMOUNT_FIELDS),
}
_CODE = re.compile(r"[a-z][a-z0-9_]*")
# The codes named by a module's constant (TOURNAMENT_SEATS = "tournament_seats"), then passed.
_CONSTANT = re.compile(r"^[A-Z_]+ = \"([a-z_]+)\"$", re.MULTILINE)


def _literals(node: ast.expr) -> Iterator[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)


def _raiser(node: ast.Call) -> str | None:
    """The name of the refusal raiser ``node`` calls, if it calls one."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name if name in RAISERS else None


def _arguments(call: ast.Call) -> list[ast.expr]:
    return [*call.args, *(keyword.value for keyword in call.keywords)]


def _codes_through_a_name(function: ast.AST) -> Iterator[str]:
    """The literals a function assigns to ``code`` and then raises a refusal with (not a
    code of another kind, such as the dealer's chat lines', which no refusal is given)."""
    refused = any(
        isinstance(argument, ast.Name) and argument.id == "code"
        for node in ast.walk(function)
        if isinstance(node, ast.Call) and _raiser(node)
        for argument in _arguments(node)
    )
    if not refused:
        return
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "code":
            yield from _literals(node.value)


def raised_codes() -> dict[str, str]:
    """Every code the source raises a refusal with, and where."""
    codes: dict[str, str] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        text = path.read_text()
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                codes.update((code, path.name) for code in _codes_through_a_name(node))
            if not isinstance(node, ast.Call) or (name := _raiser(node)) is None:
                continue
            for argument in _arguments(node):
                for literal in _literals(argument):
                    if _CODE.fullmatch(literal):
                        for suffix in RAISERS[name]:
                            codes[literal + suffix] = f"{path.name}:{node.lineno}"
        for constant in _CONSTANT.findall(text):
            if constant in ENGLISH:
                codes[constant] = path.name
    return codes


def _catalogue(language: str) -> dict[str, str]:
    words: dict[str, str] = json.loads((CATALOGUES / language / "refusals.json").read_text())
    return words


def _fields(words: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(words) if name}


def test_every_code_raised_is_worded_in_english_and_every_worded_one_raised() -> None:
    codes = raised_codes()
    unknown = {code: where for code, where in codes.items() if code not in ENGLISH}
    assert not unknown
    assert set(ENGLISH) - set(codes) == set()


def test_every_code_is_in_every_language_with_the_same_parameters() -> None:
    english = catalogue()
    assert _catalogue("en") == english, "write it again from pokernight.refusals.catalogue()"
    for language in LANGUAGES[1:]:
        words = _catalogue(language)
        assert words.keys() == english.keys(), language
        for key, text in words.items():
            assert _fields(text) == _fields(english[key]), (language, key)
            assert text != english[key] or not re.search(r"[a-z]{3}", text), (language, key)


def _page_fill(words: str, params: dict[str, object]) -> str:
    """``words`` filled as i18n.js fills them in English: numbers grouped (Intl)."""

    def value(match: re.Match[str]) -> str:
        given = params[match.group(1)]
        if isinstance(given, int):
            return f"{given:,}"
        if isinstance(given, float):
            return f"{given:,.3f}".rstrip("0").rstrip(".")
        return str(given)

    return re.sub(r"\{(\w+)\}", value, words)


def _params(code: str) -> st.SearchStrategy[dict[str, object]]:
    """Parameters for ``code``: amounts grouped by the server may be large; other numbers are
    those a table has (seats, hands, seconds), which neither side groups below 1,000."""
    fields: dict[str, st.SearchStrategy[object]] = {}
    for _, name, spec, _ in string.Formatter().parse(ENGLISH[code]):
        if not name:
            continue
        if spec == ",":
            fields[name] = st.integers(0, 10**9)
        elif spec == "g":
            fields[name] = st.integers(0, 1999).map(lambda half: half / 2)
        else:
            # Line breaks and control characters are escaped (the one-line test below).
            one_line = st.characters(
                exclude_characters="{}", exclude_categories=("Cs", "Cc", "Zl", "Zp")
            )
            text = st.text(one_line, max_size=12)
            fields[name] = st.one_of(st.integers(0, 999), text)
    return st.fixed_dictionaries(fields)


CASES = st.sampled_from(sorted(ENGLISH)).flatmap(
    lambda code: st.tuples(st.just(code), _params(code))
)


@given(CASES)
def test_the_pages_english_is_the_servers(case: tuple[str, dict[str, object]]) -> None:
    code, params = case
    refusal = RefusalError(code, **params)  # type: ignore[arg-type]
    assert _page_fill(_catalogue("en")[f"refusal.{code}"], params) == str(refusal)
    assert refusal.wire() == {"code": code, "params": params}


@given(st.text())
def test_a_refusal_is_one_line_whatever_name_it_was_sent(name: str) -> None:
    """A client's text in a refusal (an unknown setting's key: the protocol fuzz sent one
    holding a line break) is written with its control characters escaped, in the words and
    in the parameters the page words them from."""
    refusal = RefusalError("settings_unknown", name=name)
    assert "\n" not in str(refusal) and "\r" not in str(refusal)
    assert str(refusal).splitlines() == [str(refusal)] or str(refusal) == ""
    said = refusal.params["name"]
    assert isinstance(said, str) and said.splitlines() in ([said], [])
    if name.isprintable():
        assert said == name  # what needs no escape is left as it was sent


def test_a_line_break_in_a_name_is_written_as_its_escape() -> None:
    refusal = RefusalError("settings_unknown", name="a\nb\u2028c\x00")
    assert str(refusal) == "'a\\nb\\u2028c\\x00' is not a table setting"
