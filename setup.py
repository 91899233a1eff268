"""Opt-in mypyc build of the rules engine (decision 18); pure Python stays the default.

With ``POKERNIGHT_COMPILE=1`` the engine's hot modules are compiled to C extension
modules by mypyc (about twice as fast); without it this is a plain pure-Python build and
mypy is not even imported. ``make compiled`` builds such a wheel and installs it under
``build/compiled``, outside ``src/``, so nothing imports it unless asked to.

A compiled build is refused for editable and in-place installs: the import system takes
an extension module before the ``.py`` beside it, so a stale ``.so`` in ``src/`` would
silently shadow the source a contributor is editing.
"""

from __future__ import annotations

import os
import runpy
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from setuptools import Extension

# The modules to compile are listed once, in src/pokernight/build.py, which the
# benchmark and tests/test_engine_build.py also read. It imports nothing of pokernight,
# so it runs here before the package is installed.
HERE = Path(__file__).resolve().parent
BUILD_INFO = runpy.run_path(str(HERE / "src" / "pokernight" / "build.py"))
COMPILED_SOURCES = [
    "src/" + name.replace(".", "/") + ".py" for name in BUILD_INFO["COMPILED_MODULES"]
]

# Commands that would put the extension modules next to the sources in src/.
IN_PLACE_COMMANDS = ("editable_wheel", "develop")
IN_PLACE_FLAGS = ("--inplace", "-i")

# The build backend runs this file once for each hook. Only a build needs the extension
# modules: compiling (a type check of the whole package, then C) for the metadata hooks
# (egg_info, dist_info) as well would double the build time for nothing.
BUILD_COMMANDS = ("build", "build_ext", "bdist_wheel", "bdist", "install")


def compile_requested() -> bool:
    return os.environ.get("POKERNIGHT_COMPILE", "") == "1"


def refuse_in_place(argv: list[str]) -> None:
    in_place = any(command in argv for command in IN_PLACE_COMMANDS) or (
        "build_ext" in argv and any(flag in argv for flag in IN_PLACE_FLAGS)
    )
    if in_place:
        raise SystemExit(
            "pokernight: POKERNIGHT_COMPILE=1 refuses an editable or in-place build: a "
            "compiled .so next to its .py shadows the source you edit. Use `make compiled` "
            "(a wheel installed under build/compiled), or unset POKERNIGHT_COMPILE."
        )


def ext_modules(argv: list[str]) -> list[Extension]:
    if not compile_requested():
        return []
    refuse_in_place(argv)
    if not any(command in argv for command in BUILD_COMMANDS):
        return []
    try:
        from mypyc.build import mypycify  # only a compiled build needs mypy
    except ImportError:
        raise SystemExit(
            "pokernight: POKERNIGHT_COMPILE=1 needs mypy (which ships mypyc) in the build "
            "environment: pip install mypy 'setuptools>=77' wheel, then build with "
            "--no-build-isolation (as `make compiled` does)."
        ) from None

    return list(mypycify(COMPILED_SOURCES, opt_level="3"))


# Guarded so that tests/test_engine_build.py can load the functions above without
# building; setuptools' build backend runs this file as __main__.
if __name__ == "__main__":
    from setuptools import setup

    setup(ext_modules=ext_modules(sys.argv))
