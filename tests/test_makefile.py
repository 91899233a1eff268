"""``make serve`` takes where to listen and which database, as the README says."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Run from `make test`, make would say where it enters and leaves: only the plan is read.
PLAN = ["make", "--no-print-directory", "-n"]


def _plan(*arguments: str) -> list[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL")}
    done = subprocess.run(
        [*PLAN, *arguments], cwd=ROOT, env=environment, capture_output=True, text=True, check=True
    )
    return done.stdout.splitlines()


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_serve_passes_port_host_and_db_to_pokernight_serve() -> None:
    variables = ["PORT=8123", "HOST=0.0.0.0", "DB=postgresql://u@db/poker"]
    planned = _plan("serve", *variables)
    assert planned[-1] == (
        ".venv/bin/pokernight serve --host '0.0.0.0' --port '8123' --db 'postgresql://u@db/poker'"
    )
    default = _plan("serve")
    assert default[-1].rstrip() == ".venv/bin/pokernight serve --host '127.0.0.1' --port '8000'"
