"""Every file the code and the docs point to is in the repository.

The planning documents the project started from (the design, the house rules,
the style notes) live outside it; a user's clone has none of them, so a reference
to one is a dead end. docs/architecture.md, docs/rules.md and docs/seeds.md say
what they said.
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
PATH = re.compile(r"(?<![\w/.-])((?:docs|tests|src|bench)/[\w./-]+\.(?:md|py|js|json|css|html))")


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
