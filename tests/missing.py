"""What a test does when a program it needs (PostgreSQL, Redis, Caddy, Chromium) is not
on this machine: it fails in CI (``POKERNIGHT_REQUIRE_ALL_TESTS``, so that nothing is
skipped there in silence) and is skipped elsewhere, saying what to install."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def missing(reason: str) -> NoReturn:
    if os.environ.get("POKERNIGHT_REQUIRE_ALL_TESTS"):
        pytest.fail(reason)
    pytest.skip(reason)
