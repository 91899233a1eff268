"""Each server wing takes only its capabilities of the store (decision 62).

The store is built by capability: the table log (``TableLog``), the club (``ClubStore``)
and tournaments (``TournamentStore``), sharing one ``Database``. A wing names only the
parts of ``pokernight.store`` it needs (read here with ``ast``, type checking imports
included), and reaches its store's capabilities only through its own view of it
(``TableStorage``, ``ClubStorage``, ``TournamentStorage``), which mypy holds it to.
"""

from __future__ import annotations

import ast
from pathlib import Path

from pokernight.store import Store

SERVER = Path(__file__).resolve().parents[1] / "src" / "pokernight" / "server"

CAPABILITIES = {"Store", "Database", "TableLog", "TableReads", "ClubStore", "Membership"} | {
    "TournamentStore",
    "TournamentReads",
}
"""The names of ``pokernight.store`` that are a capability, a view of one, or all of them."""

MAY_NAME: dict[str, set[str]] = {
    "edge": set(),
    "tables": {"TableLog", "TableReads", "Membership"},
    "club": {"ClubStore", "TableReads", "TournamentReads"},
    "tournaments": {"TournamentStore", "Membership"},
    # The lobby holds the store and hands it to the wings; the cluster fences tables.
    "lobby": {"Store"},
    "spread": set(),
    "": {"Store"},
}
"""Which capabilities each wing may name (the rest of ``pokernight.store``, its records and
errors, is anybody's)."""

MAY_REACH: dict[str, set[str]] = {
    "edge": set(),
    "tables": {"tables", "club"},
    "club": {"tables", "club", "tournaments"},
    "tournaments": {"tournaments", "club"},
    "lobby": {"tables", "tournaments"},
    "spread": {"tables", "tournaments"},  # directors adopted, and their tables' logs read
    "": {"tables"},  # the app hands the table log to the group commit
}
"""Which of a store's capabilities (``<...>.store.<capability>``) each wing reaches for."""


def wing_of(path: Path) -> str:
    parts = path.relative_to(SERVER).parts
    return parts[0] if len(parts) > 1 else ""


def store_names(tree: ast.AST) -> set[str]:
    """The capabilities a module imports from ``pokernight.store`` (any of its modules)."""
    return {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pokernight.store")
        for alias in node.names
        if alias.name in CAPABILITIES
    }


def reached(tree: ast.AST) -> set[str]:
    """The attributes read off anything called ``store`` (``store.x``, ``self.store.x``,
    ``lobby.store.x``, ``store_of(request).x``)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        base = node.value
        named = (
            (isinstance(base, ast.Name) and base.id == "store")
            or (isinstance(base, ast.Attribute) and base.attr == "store")
            or (
                isinstance(base, ast.Call)
                and isinstance(base.func, ast.Name)
                and base.func.id == "store_of"
            )
        )
        if named:
            found.add(node.attr)
    return found


def modules() -> list[tuple[str, Path, ast.AST]]:
    return [
        (wing_of(path), path, ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(SERVER.rglob("*.py"))
    ]


def test_each_wing_names_only_its_capabilities() -> None:
    wrong = {
        f"{path.relative_to(SERVER)}: {sorted(names - MAY_NAME[wing])}"
        for wing, path, tree in modules()
        if (names := store_names(tree)) - MAY_NAME[wing]
    }
    assert wrong == set()


def test_each_wing_reaches_only_its_capabilities_of_the_store() -> None:
    capabilities = {"tables", "club", "tournaments", "database"}
    wrong = {
        f"{path.relative_to(SERVER)}: {sorted(attrs - MAY_REACH[wing])}"
        for wing, path, tree in modules()
        if (attrs := reached(tree) & capabilities) - MAY_REACH[wing]
    }
    assert wrong == set()


def test_the_store_only_holds_its_capabilities() -> None:
    """No capability's method is copied onto the ``Store`` (no facade)."""
    own = {name for name in vars(Store) if not name.startswith("__")}
    assert own == {"ping", "close"}


def test_a_wing_reaching_for_another_capability_would_be_seen() -> None:
    tree = ast.parse(
        "from pokernight.store import ClubStore\n"
        "async def f(lobby):\n"
        "    await lobby.store.club.payments(1)\n"
        "    await store_of(request).tournaments.running_tournaments()\n"
    )
    assert store_names(tree) == {"ClubStore"}
    assert reached(tree) == {"club", "tournaments"}
