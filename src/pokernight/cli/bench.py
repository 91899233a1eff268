"""``pokernight bench TARGET``: measure speed against peers in the same run.

The benchmarks live in ``pokernight.bench``; each module there exposes
``describe`` (one line), ``add_arguments(parser)`` and ``run(args) -> int``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from pokernight.cli.types import Subparsers

TARGETS = ("eval", "engine", "server", "tournament", "soak", "bots")


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "bench",
        help="benchmarks against peer libraries, measured in the same run",
        description="Run a benchmark and print hands/s and the ratio to each installed peer.",
    )
    targets = parser.add_subparsers(dest="target", metavar="TARGET", required=True)
    for name in TARGETS:
        module = _load(name)
        target = targets.add_parser(name, help=module.describe, description=module.describe)
        module.add_arguments(target)
        # The command named in error messages: "pokernight bench server: ...".
        target.set_defaults(run=module.run, command=f"bench {name}")


def _load(name: str) -> ModuleType:
    return importlib.import_module(f"pokernight.bench.{name}")
