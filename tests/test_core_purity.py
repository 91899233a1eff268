"""The core (cards, evaluate, rules, table) does no I/O and knows no server.

DESIGN.md: the core is pure so that it is replayable, property-testable and
fast. This test reads every core module's imports and fails on anything that
would let it touch the network, the disk, the clock, asyncio or the server.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "pokernight"
CORE = ["cards.py", "evaluate", "rules", "table"]
FORBIDDEN = {
    "asyncio", "socket", "sqlite3", "sqlalchemy", "starlette", "uvicorn", "time",
    "os", "pathlib", "io", "subprocess", "threading", "requests", "urllib",
    "pokernight.server", "pokernight.store", "pokernight.cli", "pokernight.web",
    "pokernight.bots", "pokernight.history", "pokernight.bench",
}  # fmt: skip


def core_modules() -> list[Path]:
    files: list[Path] = []
    for entry in CORE:
        path = SOURCE / entry
        if path.is_dir():
            files.extend(sorted(path.rglob("*.py")))
        elif path.exists():
            files.append(path)
    return files


def imported_names(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", core_modules(), ids=lambda p: str(p.relative_to(SOURCE)))
def test_core_module_imports_nothing_impure(path: Path) -> None:
    bad = {
        name
        for name in imported_names(path)
        if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)
    }
    assert not bad, f"{path.name} imports {sorted(bad)}"


def test_core_modules_were_found() -> None:
    assert len(core_modules()) >= 2
