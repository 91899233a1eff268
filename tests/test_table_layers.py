"""The table package has no import cycle: each module can be read after the ones it uses.

Imports made only for type checking (``if TYPE_CHECKING:``) do not run and are not
counted; every other import of a ``pokernight.table`` module is an edge.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "pokernight" / "table"


def runtime_imports(path: Path) -> set[str]:
    """The ``pokernight.table`` modules ``path`` imports when it runs."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for inner in ast.walk(node):
            if isinstance(inner, ast.ImportFrom) and inner.module:
                found.add(inner.module)
            elif isinstance(inner, ast.Import):
                found.update(alias.name for alias in inner.names)
    return {name for name in found if name.startswith("pokernight.table.")}


def import_graph() -> dict[str, set[str]]:
    return {
        f"pokernight.table.{path.stem}": runtime_imports(path)
        for path in sorted(PACKAGE.glob("*.py"))
        if path.stem != "__init__"
    }


def test_the_table_package_has_no_import_cycle() -> None:
    graph = import_graph()
    assert len(graph) >= 10
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as error:
        raise AssertionError(f"import cycle in table/: {error.args[1]}") from None
    assert order.index("pokernight.table.state") < order.index("pokernight.table.table")


def test_each_layer_imports_only_the_layers_below_it() -> None:
    graph = import_graph()
    level = {
        f"pokernight.table.{name}": depth for depth, layer in enumerate(LAYERS) for name in layer
    }
    for module, depth in level.items():
        above = {name for name in graph[module] if level.get(name, -1) > depth}
        assert not above, f"{module} imports {sorted(above)}, which are above it"


LAYERS = (
    ("table_ledger",),
    ("state",),
    ("fold", "consequences", "seating", "deal", "acting", "host_commands"),
    ("table",),
)
"""docs/architecture.md draws these: each layer imports only the ones below it."""


def test_a_cycle_would_be_seen() -> None:
    graph = {"a": {"b"}, "b": {"a"}}
    try:
        list(TopologicalSorter(graph).static_order())
    except CycleError:
        return
    raise AssertionError("graphlib saw no cycle")
