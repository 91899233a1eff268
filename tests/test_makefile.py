"""``make serve`` takes where to listen and which database, as the README says."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_serve_passes_port_host_and_db_to_pokernight_serve() -> None:
    variables = ["PORT=8123", "HOST=0.0.0.0", "DB=postgresql://u@db/poker"]
    planned = subprocess.run(
        ["make", "-n", "serve", *variables], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert planned[-1] == (
        ".venv/bin/pokernight serve --host '0.0.0.0' --port '8123' --db 'postgresql://u@db/poker'"
    )
    default = subprocess.run(
        ["make", "-n", "serve"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert default[-1].rstrip() == ".venv/bin/pokernight serve --host '127.0.0.1' --port '8000'"
