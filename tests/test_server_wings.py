"""The server's wings import one another downward only, and nothing in src/ imports in a
circle (docs/architecture.md, "The server's wings"; decision 58).

Unlike ``tests/test_layers.py`` these count every import: those made only for type
checking (``if TYPE_CHECKING:``) and those inside a function too. A circle hidden from
the interpreter is still one for a reader, and for whoever moves a module next.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "src"
SERVER = SOURCE / "pokernight" / "server"

WINGS: dict[str, set[str]] = {
    "edge": set(),
    "tables": {"edge"},
    "tournaments": {"edge", "tables"},
    "club": {"edge", "tables"},
    "lobby": {"edge", "tables", "tournaments", "club"},
    "spread": {"edge", "tables", "tournaments", "club", "lobby"},
    # The modules at server/'s root put the wings together: the app and its operations.
    "": {"edge", "tables", "tournaments", "club", "lobby", "spread"},
}
"""What each wing may import, besides itself; docs/architecture.md draws the same."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SOURCE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in (SOURCE / "pokernight").rglob("*.py")}


def imports_of(name: str, path: Path) -> set[str]:
    """The modules of pokernight that ``name`` imports anywhere, type checking included:
    ``from a.b import c`` names ``a.b.c`` when that is a module, else ``a.b``."""
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in MODULES)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([base] if base else [])])
            for alias in node.names:
                if f"{base}.{alias.name}" in MODULES:
                    found.add(f"{base}.{alias.name}")
                elif base in MODULES:
                    found.add(base)
    return found - {name}


def import_graph() -> dict[str, set[str]]:
    return {name: imports_of(name, path) for name, path in MODULES.items()}


def wing_of(module: str) -> str | None:
    """The wing of a module of ``pokernight.server`` ("": its root); None: not the server's."""
    if module != "pokernight.server" and not module.startswith("pokernight.server."):
        return None
    parts = module.split(".")[2:]
    return parts[0] if parts and (SERVER / parts[0]).is_dir() else ""


def test_every_module_of_the_server_is_in_a_wing() -> None:
    wings = {wing_of(name) for name in MODULES} - {None}
    assert wings == set(WINGS), "a folder of server/ docs/architecture.md does not place"
    assert len([name for name in MODULES if wing_of(name) == ""]) <= 3, (
        "server/'s root puts the wings together; the work itself lives in a wing"
    )


def test_each_wing_imports_only_the_wings_below_it() -> None:
    wrong: dict[str, list[str]] = {}
    for module, imported in import_graph().items():
        wing = wing_of(module)
        if wing is None:
            continue
        above = {
            target
            for target in imported
            if (other := wing_of(target)) is not None
            and other != wing
            and other not in WINGS[wing]
            and target != "pokernight.server"  # the package itself: create_app's face
        }
        if above:
            wrong[module] = sorted(above)
    assert wrong == {}, f"imports of a wing above (or beside) it: {wrong}"


def test_nothing_in_src_imports_in_a_circle() -> None:
    graph = import_graph()
    assert len(graph) > 200
    try:
        list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        raise AssertionError(f"an import circle: {' -> '.join(error.args[1])}") from None


def test_an_import_under_type_checking_is_counted(tmp_path: Path) -> None:
    source = tmp_path / "pokernight" / "server" / "tables" / "spy.py"
    source.parent.mkdir(parents=True)
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from pokernight.server.lobby.lobby import Lobby\n"
        "def later():\n"
        "    from pokernight.server.spread import cluster\n",
        encoding="utf-8",
    )
    found = imports_of("pokernight.server.tables.spy", source)
    assert found == {"pokernight.server.lobby.lobby", "pokernight.server.spread.cluster"}
    assert "lobby" not in WINGS["tables"] and "spread" not in WINGS["tables"]


def test_a_circle_would_be_seen() -> None:
    try:
        list(TopologicalSorter({"a": {"b"}, "b": {"a"}}).static_order())
    except CycleError:
        return
    raise AssertionError("graphlib saw no circle")


ACTOR = SOURCE / "pokernight" / "server" / "tables" / "actor.py"
ACTOR_OWN = {"record", "versions", "store", "writer"}
"""The actor's own fields: read by nobody else (issue 33, item 6). The others read the
table through its interface: ``table`` (as saved), ``code``, ``table_id``, ``club_id``,
``invite``, ``version``, ``names``, ``hands``, ``stats``, ``luck``."""


def actor_field_reads(path: Path) -> list[str]:
    """Where ``path`` reads one of the actor's own fields: ``<...actor>.<field>``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute) or node.attr not in ACTOR_OWN:
            continue
        owner = node.value
        name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
        if name.lower().endswith("actor"):
            found.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    return found


def test_nobody_reads_the_actors_own_fields() -> None:
    reads = [
        read
        for path in sorted((SOURCE / "pokernight").rglob("*.py"))
        if path != ACTOR
        for read in actor_field_reads(path)
    ]
    assert reads == [], f"read through the actor's interface instead: {reads}"


def test_a_read_of_the_actors_field_would_be_seen(tmp_path: Path) -> None:
    source = tmp_path / "spy.py"
    source.write_text("def f(actor, seat):\n    return actor.store, seat.actor.versions\n")
    assert len(actor_field_reads(source)) == 2
