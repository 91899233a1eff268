"""Each run tests the build it claims to: the compiled one or the source under src/.

``make test-compiled`` runs the engine's tests with ``PYTHONPATH=build/compiled`` and
``POKERNIGHT_EXPECT_COMPILED=1``: there every module of ``COMPILED_MODULES`` must come
from an extension module, so a failed or skipped compilation can never pass as a
compiled run of pure Python. Without the variable (``make pytest``, the editable install)
every one must be the ``.py`` under ``src/``, so the normal run tests the source a
contributor edits and no stray ``.so`` shadows it.
"""

from __future__ import annotations

import importlib
import os
import runpy
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

import pytest

from pokernight.build import COMPILED_MODULES, engine_is_compiled, module_is_compiled

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src"
EXPECT_COMPILED = os.environ.get("POKERNIGHT_EXPECT_COMPILED") == "1"


def loaded_from(name: str) -> Path:
    path = importlib.import_module(name).__file__
    assert path is not None, f"{name} has no file"
    return Path(path).resolve()


def source_of(name: str) -> Path:
    return SOURCE.joinpath(*name.split(".")).with_suffix(".py")


@pytest.mark.parametrize("name", COMPILED_MODULES)
def test_each_engine_module_comes_from_the_expected_build(name: str) -> None:
    path = loaded_from(name)
    if EXPECT_COMPILED:
        assert path.name.endswith(tuple(EXTENSION_SUFFIXES)), f"{name} is not compiled: {path}"
        assert not path.is_relative_to(SOURCE), f"{name} is compiled inside src/: {path}"
        assert module_is_compiled(name)
    else:
        assert path == source_of(name), f"{name} is not the source under src/: {path}"
        assert not module_is_compiled(name)


def test_the_build_is_reported_as_the_one_expected() -> None:
    assert engine_is_compiled() is EXPECT_COMPILED


def test_modules_mypyc_cannot_make_native_stay_python() -> None:
    # msgspec.Struct subclasses (events, actions) and Card(int) are left out of the list
    # on purpose; in a compiled run they are the wheel's .py beside the compiled modules.
    for name in ("pokernight.rules.events", "pokernight.rules.actions", "pokernight.cards"):
        assert name not in COMPILED_MODULES
        assert loaded_from(name).suffix == ".py"
        assert not module_is_compiled(name)


def test_every_compiled_module_has_its_source() -> None:
    # setup.py turns each name into a path under src/: a misspelt name must fail here,
    # not as a puzzling error from mypyc.
    assert len(set(COMPILED_MODULES)) == len(COMPILED_MODULES)
    missing = [name for name in COMPILED_MODULES if not source_of(name).is_file()]
    assert not missing


def setup_functions() -> dict[str, Any]:
    # setup.py builds only when run as __main__: loaded under another name it only
    # defines its functions (and imports neither setuptools nor mypy).
    return runpy.run_path(str(ROOT / "setup.py"), run_name="pokernight_setup")


@pytest.mark.parametrize(
    "command", [["develop"], ["editable_wheel"], ["build_ext", "--inplace"], ["build_ext", "-i"]]
)
def test_setup_refuses_to_compile_in_place(
    command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A .so next to its .py shadows the source a contributor edits: refused before
    # mypyc runs or anything is written.
    monkeypatch.setenv("POKERNIGHT_COMPILE", "1")
    ext_modules = setup_functions()["ext_modules"]
    with pytest.raises(SystemExit, match="refuses an editable or in-place build"):
        ext_modules(["setup.py", *command])


@pytest.mark.parametrize("command", [["develop"], ["editable_wheel"], ["bdist_wheel"]])
def test_setup_builds_pure_python_unless_asked(
    command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The default build, editable included, has no extension module and needs no mypy.
    monkeypatch.delenv("POKERNIGHT_COMPILE", raising=False)
    assert setup_functions()["ext_modules"](["setup.py", *command]) == []


def test_setup_compiles_exactly_the_listed_modules() -> None:
    sources = setup_functions()["COMPILED_SOURCES"]
    assert sources == [str(source_of(name).relative_to(ROOT)) for name in COMPILED_MODULES]


def test_setup_skips_the_compiler_for_metadata(monkeypatch: pytest.MonkeyPatch) -> None:
    # The build backend runs setup.py for its metadata hooks too; only a build compiles.
    monkeypatch.setenv("POKERNIGHT_COMPILE", "1")
    ext_modules = setup_functions()["ext_modules"]
    assert ext_modules(["setup.py", "dist_info", "--output-dir", "/tmp/x"]) == []
    assert ext_modules(["setup.py", "egg_info"]) == []
