"""Which package of pokernight may import which (docs/architecture.md, "Who imports whom").

Imports point down the layers only: the pure core (cards, evaluate, rules, commitment,
table, tournament) knows nothing above it; the server imports the core, never the
reverse; clients and tools sit on top. Imports made only for type checking do not run
and are not counted.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "src" / "pokernight"

# What each package (or top-level module) may import from the others. Written down here
# and in docs/architecture.md; a new edge is a decision, made in both places.
ALLOWED: dict[str, set[str]] = {
    "cards": set(),
    "evaluate": {"cards"},
    "commitment": {"cards"},
    "rules": {"cards", "evaluate", "refusals"},
    "table": {"cards", "commitment", "refusals", "rules"},
    "tournament": {"cards", "refusals", "rules", "table"},
    "equity": {"cards", "evaluate", "rules"},
    "history": {"cards", "equity", "rules", "table", "words"},
    "bots": {"cards", "equity", "evaluate", "history", "rules"},
    "sim": {"bots", "cards", "equity", "history", "rules"},
    "names": {"refusals"},
    "refusals": set(),
    "words": set(),
    "extras": set(),
    "randomness": set(),
    "build": set(),
    "store": {"extras", "names", "refusals", "table"},
    "cluster": {"extras"},
    "server": {
        "bots",
        "cards",
        "cluster",
        "history",
        "names",
        "randomness",
        "refusals",
        "rules",
        "store",
        "table",
        "tournament",
        "words",
    },
    "client": {"cards", "rules"},
    "tui": {"bots", "cards", "client", "rules", "words"},
    "seat": {"client"},
    "bench": {
        "bots",
        "build",
        "cards",
        "client",
        "evaluate",
        "extras",
        "rules",
        "server",
        "sim",
        "tournament",
    },
    "cli": {
        "bots",
        "cards",
        "cluster",
        "commitment",
        "equity",
        "evaluate",
        "extras",
        "history",
        "names",
        "randomness",
        "rules",
        "seat",
        "server",
        "sim",
        "store",
        "table",
        "tournament",
        "tui",
    },
}


def package_of(path: Path) -> str:
    relative = path.relative_to(SOURCE)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


def imported_packages(path: Path) -> set[str]:
    """The pokernight packages ``path`` imports when it runs."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.ImportFrom) and inner.module == "pokernight":
                found.update(alias.name for alias in inner.names)
            elif isinstance(inner, ast.ImportFrom) and inner.module:
                found.add(inner.module)
            elif isinstance(inner, ast.Import):
                found.update(alias.name for alias in inner.names)
    return {
        name.split(".")[1] if name.startswith("pokernight.") else name
        for name in found
        if name.startswith("pokernight.") or name in ALLOWED
    }


def import_edges() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for path in SOURCE.rglob("*.py"):
        if path.name == "__init__.py" and path.parent == SOURCE:
            continue
        source = package_of(path)
        edges[source] |= imported_packages(path) - {source}
    return edges


def test_every_package_imports_only_the_layers_below_it() -> None:
    wrong = {
        package: sorted(targets - ALLOWED.get(package, set()))
        for package, targets in import_edges().items()
        if targets - ALLOWED.get(package, set())
    }
    assert wrong == {}, f"imports that cross the layers: {wrong}"


def test_every_package_is_placed_in_the_layers() -> None:
    packages = {package_of(path) for path in SOURCE.rglob("*.py")} - {"__init__", "py"}
    assert packages - set(ALLOWED) == set(), "a package docs/architecture.md does not place"


def test_nothing_below_the_server_imports_it() -> None:
    for package in (
        "cards", "evaluate", "rules", "table", "tournament", "commitment", "store", "history",
    ):  # fmt: skip
        assert "server" not in ALLOWED[package]
