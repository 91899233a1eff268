"""The package is the product: the wheel, installed with no extras, runs the whole room.

Built as a user builds it (``python -m build``: the sdist, then the wheel from the
sdist, so a file missing from either is caught), installed into a clean virtual
environment outside the checkout, and driven by ``tests/installed_smoke.py`` from a
folder that holds nothing of the checkout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "src" / "pokernight" / "web"
# Bounds, not timings: the dependencies come from the package index (or pip's cache).
BUILD_SECONDS = 300
INSTALL_SECONDS = 900
SMOKE_SECONDS = 600


def _run(command: list[str], timeout: float, cwd: Path | None = None) -> str:
    # Nothing of the checkout on the path: no PYTHONPATH (test-compiled sets one).
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    done = subprocess.run(
        command,
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _client_files() -> set[str]:
    return {path.relative_to(WEB).as_posix() for path in WEB.rglob("*") if path.is_file()}


@pytest.mark.slow
def test_the_wheel_installed_with_no_extras_runs_every_command_and_serves_the_room(
    tmp_path: Path,
) -> None:
    dist = tmp_path / "dist"
    _run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(ROOT)],
        BUILD_SECONDS,
    )
    (wheel,) = dist.glob("pokernight-*.whl")
    (sdist,) = dist.glob("pokernight-*.tar.gz")
    client = _client_files()
    with zipfile.ZipFile(wheel) as built:
        in_wheel = {name.removeprefix("pokernight/web/") for name in built.namelist()}
    with tarfile.open(sdist) as built:
        in_sdist = {name.partition("/src/pokernight/web/")[2] for name in built.getnames()}
    assert client <= in_wheel and client <= in_sdist, client - (in_wheel & in_sdist)

    # A venv without pip of its own, the wheel put in by this Python's pip (``--python``):
    # the same install of the same wheel and its dependencies, without first installing
    # pip into the venv (ensurepip: 3.5 s) and starting a second pip (12.3 s in all, 6.9).
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)], 120)
    python = str(venv / "bin" / "python")
    _run(
        [sys.executable, "-m", "pip", "--python", python, "install", "--quiet", str(wheel)],
        INSTALL_SECONDS,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(ROOT / "tests" / "installed_smoke.py", elsewhere)
    output = _run([python, "installed_smoke.py"], SMOKE_SECONDS, elsewhere)
    assert "ok: one hand with two bots over the WebSocket" in output, output
