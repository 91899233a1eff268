"""Every file the code and the docs point to is in the repository.

The planning documents the project started from (the design, the house rules,
the style notes) live outside it; a user's clone has none of them, so a reference
to one is a dead end. docs/architecture.md, docs/rules.md and docs/seeds.md say
what they said.

Every path written in docs/ is checked (``test_every_path_in_the_docs_is_a_file_here``),
however it is written: ``table/state.py`` (from the repository or the package, or the
browser client's folder), a sibling named after it on the same line (``evaluate/omaha.py``,
``low.py``), a bare file name, a folder (``store/migrations/``), a module's function
(``server/tables/replay.stored_hand``: the function is in it), a module run with ``python -m``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEARCHED = ["src", "tests", "docs", "bench", "README.md", "CHANGELOG.md", "Makefile"]
SUFFIXES = {".py", ".md", ".js", ".css", ".html", ".toml", ".cfg", ""}
OUTSIDE = re.compile(r"\b(DESIGN|RULES|STYLE|RECIPES)\.md\b|\.\./shared\b")
# A path written in the text: docs/..., tests/..., src/..., bench/... with an extension.
PATH = re.compile(r"(?<![\w/.-])((?:docs|tests|src|bench)/[\w./-]+\.(?:md|py|json|js|css|html))\b")


def searched_files() -> list[Path]:
    files: list[Path] = []
    for name in SEARCHED:
        path = ROOT / name
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files.extend(
                p for p in sorted(path.rglob("*"))
                if p.is_file() and p.suffix in SUFFIXES and "artifacts" not in p.parts
                and "__pycache__" not in p.parts and p != Path(__file__)
            )  # fmt: skip
    return files


@pytest.mark.parametrize("path", searched_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_references_resolve_inside_the_repository(path: Path) -> None:
    text = path.read_text(encoding="utf-8", errors="replace")
    outside = sorted({match.group(0) for match in OUTSIDE.finditer(text)})
    assert outside == [], f"{path.name} points outside the repository: {outside}"
    missing = sorted(
        found for found in {match.group(1).rstrip(".") for match in PATH.finditer(text)}
        if not (ROOT / found).exists() and not any(ch in found for ch in "*{")
    )  # fmt: skip
    assert missing == [], f"{path.name} names files that do not exist: {missing}"


def test_the_check_finds_a_dead_reference() -> None:
    assert OUTSIDE.search("as RULES.md says")
    assert PATH.search("see docs/nowhere.md").group(1) == "docs/nowhere.md"  # type: ignore[union-attr]


# Where a path in the docs may start: the repository, the package, the browser client.
BASES = (ROOT, ROOT / "src" / "pokernight", ROOT / "src" / "pokernight" / "web", ROOT / "src")
TICKED = re.compile(r"`([^`\n]+)`")
FILE_NAME = re.compile(
    r"^(?:[\w.-]+/)*[\w-][\w.-]*\.(?:py|js|css|html|md|ya?ml|toml|cfg|sh|webmanifest|npz)$"
)
FOLDER = re.compile(r"^(?:[\w.-]+/)+$")
FUNCTION = re.compile(r"^((?:[\w-]+/)+[\w-]+)\.(\w+)$")  # server/tables/replay.stored_hand
RUN_MODULE = re.compile(r"python -m ((?:tests|pokernight)(?:\.\w+)+)")
GONE = {
    "best_five.js": "decision 26 tells how the page ranked the five cards before the server "
    "named them; the file went then",
}
"""Files the docs name as history, saying they went: checked not to be here any more."""


def repository_names() -> set[str]:
    skipped = {".git", ".venv", "build", "dist", "node_modules", "__pycache__", "artifacts"}
    return {
        path.name
        for path in ROOT.rglob("*")
        if path.is_file() and not skipped & set(path.relative_to(ROOT).parts)
    }


NAMES = repository_names()


def dead_paths(line: str) -> list[str]:
    """The paths written in ``line`` (a line of a doc) that name nothing here."""
    dead: list[str] = []
    folder: Path | None = None  # the folder of the last path on the line: a sibling's
    for match in TICKED.finditer(line):
        token = match.group(1).strip().rstrip(".,:;")
        if token.startswith(("/", "http")) or any(ch in token for ch in "*{<"):
            continue  # a URL's path, or a pattern
        if FILE_NAME.match(token) or FOLDER.match(token):
            if "artifacts" in token.split("/"):
                continue  # made by the tests
            if "/" in token.rstrip("/"):
                found = [base / token for base in BASES if (base / token).exists()]
                if not found:
                    dead.append(token)
                    continue
                folder = found[0] if token.endswith("/") else found[0].parent
            elif token in GONE:
                continue
            elif folder is not None and not token.endswith("/"):
                if not (folder / token).exists():
                    dead.append(f"{token} (beside {folder.relative_to(ROOT)})")
            elif token.endswith("/"):
                places = [*BASES, *([folder] if folder else [])]
                if not any((place / token).is_dir() for place in places):
                    dead.append(token)
            elif token not in NAMES:
                dead.append(token)
        elif (function := FUNCTION.match(token)) is not None:
            module, name = function.groups()
            found = [base / f"{module}.py" for base in BASES if (base / f"{module}.py").exists()]
            if not found or not re.search(rf"\b{name}\b", found[0].read_text()):
                dead.append(token)
    for match in RUN_MODULE.finditer(line):
        module = match.group(1).replace(".", "/")
        if not any((base / f"{module}.py").exists() for base in BASES):
            dead.append(match.group(1))
    return dead


DOCS = sorted((ROOT / "docs").rglob("*.md"))


def dead_words(line: str) -> list[str]:
    """In a line of a fenced block (a diagram, a shell session), the file names that name
    nothing here (``table.py``, ``deploy/compose.yaml``)."""
    dead = []
    for written in re.findall(r"[\w./-]+", line):
        word = written.rstrip(".")
        if FILE_NAME.match(word) and not word.startswith("/"):
            here = any((base / word).exists() for base in BASES) if "/" in word else word in NAMES
            if not here:
                dead.append(word)
    return dead


@pytest.mark.parametrize("path", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_path_in_the_docs_is_a_file_here(path: Path) -> None:
    dead: list[str] = []
    fenced = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        found = dead_words(line) if fenced else dead_paths(line)
        dead += [f"line {number}: {token}" for token in found]
    assert dead == [], f"{path.name} names what is not here: {dead}"


def test_the_files_the_docs_say_went_are_gone() -> None:
    assert not GONE.keys() & NAMES


def test_the_check_of_every_path_finds_each_kind_of_dead_one() -> None:
    assert dead_paths("`table/state.py`, `fold.py` and `store/migrations/`") == []
    assert dead_paths("`table/nowhere.py`") == ["table/nowhere.py"]
    assert dead_paths("`table/state.py`, `wire.py`") == ["wire.py (beside src/pokernight/table)"]
    assert dead_paths("`nowhere.py`, `server/tables/replay.stored_hand`") == ["nowhere.py"]
    assert dead_paths("`server/replay.no_such_function`") == ["server/replay.no_such_function"]
    assert dead_paths("`python -m tests.no_such_module`") == ["tests.no_such_module"]
    assert dead_paths("`store/nowhere/`, `/stream.html`, `docs/*.md`") == ["store/nowhere/"]
    assert dead_words(" table.py   nowhere.py   deploy/compose.yaml") == ["nowhere.py"]
