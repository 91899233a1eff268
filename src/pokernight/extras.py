"""Optional dependencies: imported where they are used, named in one line when missing.

The package installed with no extras runs every command and serves the whole room.
A few things need more: PostgreSQL needs its driver (``postgresql``), and the
benchmarks need the peers they measure against and a process meter (``bench``).
A command that needs an extra checks for it first and says how to install it,
instead of failing on an import deep inside.
"""

from __future__ import annotations

import importlib.util

# Extra name -> the top-level modules it installs (pyproject.toml's optional-dependencies).
EXTRAS: dict[str, tuple[str, ...]] = {
    "postgresql": ("asyncpg",),
    "bench": ("treys", "phevaluator", "eval7", "pokerkit", "psutil"),
    "cluster": ("redis",),
}


def install_line(extra: str) -> str:
    return f"pip install 'pokernight[{extra}]'"


class MissingExtraError(Exception):
    """What needs an extra that is not installed, and the line that installs it."""

    def __init__(self, what: str, extra: str) -> None:
        super().__init__(f"{what} needs: {install_line(extra)}")
        self.extra = extra


def installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def require(what: str, extra: str, *modules: str) -> None:
    """Raise MissingExtraError unless every module of ``extra`` (or just ``modules``) is there."""
    if not all(installed(module) for module in modules or EXTRAS[extra]):
        raise MissingExtraError(what, extra)
