"""Which build of the rules engine is running: pure Python or mypyc-compiled.

``setup.py`` compiles ``COMPILED_MODULES`` when ``POKERNIGHT_COMPILE=1`` (``make
compiled``); it reads the list from this file, so the build, the benchmark and the test
that checks what was loaded (``tests/test_engine_build.py``) cannot disagree. This
module imports nothing of pokernight at import time, since ``setup.py`` runs it before
the package is installed.
"""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES
from typing import Final

# Pure core and hot. Left out on purpose: rules/events.py and rules/actions.py (their
# classes are msgspec.Struct subclasses, which mypyc cannot make native) and cards.py
# (Card subclasses int).
COMPILED_MODULES: Final[tuple[str, ...]] = (
    "pokernight.rules.state",
    "pokernight.rules.hand",
    "pokernight.rules.labels",
    "pokernight.rules.betting",
    "pokernight.rules.dealing",
    "pokernight.rules.forced",
    "pokernight.rules.positions",
    "pokernight.rules.pots",
    "pokernight.rules.showdown",
    "pokernight.rules.random_play",
    "pokernight.evaluate.high",
    "pokernight.evaluate.low",
    "pokernight.evaluate.omaha",
    "pokernight.evaluate.wild",
    "pokernight.evaluate.tables",
    "pokernight.evaluate.strength",
    "pokernight.evaluate.describe",
    "pokernight.rules.views",
    "pokernight.rules.variants",
    "pokernight.rules.stakes",
)


def module_is_compiled(name: str) -> bool:
    """True if the module ``name`` was loaded from an extension module (a ``.so``)."""
    path = getattr(importlib.import_module(name), "__file__", None) or ""
    return path.endswith(tuple(EXTENSION_SUFFIXES))


def engine_is_compiled() -> bool:
    """True if every module of ``COMPILED_MODULES`` runs compiled.

    A mix (some compiled, some not) is a broken install and counts as not compiled, so
    that the benchmark never labels a partly pure-Python run as the compiled engine.
    """
    return all(module_is_compiled(name) for name in COMPILED_MODULES)
