"""The core (cards, evaluate, rules, table, tournament, commitment) does no I/O and knows
no server.

docs/architecture.md: the core is pure so that it is replayable, property-testable
and fast. This test reads every core module and fails on anything that would let it
touch the network, the disk, the clock, asyncio, the server or the operating system's
randomness (``secrets``, ``random.SystemRandom``, the ``random`` module's shared
generator): a random source is always passed in (``pokernight.randomness``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "pokernight"
CORE = ["cards.py", "commitment.py", "evaluate", "rules", "table", "tournament"]
FORBIDDEN = {
    "asyncio", "socket", "sqlite3", "sqlalchemy", "starlette", "uvicorn", "time",
    "os", "pathlib", "io", "subprocess", "threading", "requests", "urllib", "secrets",
    "pokernight.randomness",
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


def random_module_uses(path: Path) -> set[str]:
    """``random.X`` read anywhere in the module, other than the ``Random`` class (a type,
    or a seeded generator): ``random.shuffle`` and friends use the shared generator, and
    ``random.SystemRandom`` the operating system's."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    uses = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "random"
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            uses.update(alias.name for alias in node.names)
    return uses - {"Random"}


@pytest.mark.parametrize("path", core_modules(), ids=lambda p: str(p.relative_to(SOURCE)))
def test_core_module_draws_no_randomness_of_its_own(path: Path) -> None:
    assert random_module_uses(path) == set(), f"{path.name} uses {random_module_uses(path)}"


def test_the_purity_check_sees_a_shared_or_os_random_source(tmp_path: Path) -> None:
    module = tmp_path / "impure.py"
    module.write_text("import random\nfrom random import SystemRandom\nrandom.shuffle([])\n")
    assert random_module_uses(module) == {"shuffle", "SystemRandom"}


def test_core_modules_were_found() -> None:
    assert len(core_modules()) >= 2
    assert SOURCE / "commitment.py" in core_modules()
    assert SOURCE / "tournament" / "structure.py" in core_modules()
