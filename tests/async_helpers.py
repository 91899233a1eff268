"""Async tests without a framework: each runs on its own event loop, within a deadline.

``@scenario async def test_...(store_url) -> None`` is a test pytest calls like any
other (same arguments, same fixtures); ``run`` is the one ``asyncio.run`` behind it.
Nothing here needs the server, so the store's tests use it as well.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec

SCENARIO_SECONDS = 60

P = ParamSpec("P")


def run(scenario: Coroutine[Any, Any, None]) -> None:
    asyncio.run(asyncio.wait_for(scenario, SCENARIO_SECONDS))


def scenario(test: Callable[P, Coroutine[Any, Any, None]]) -> Callable[P, None]:
    """An async test, run on its own event loop within ``SCENARIO_SECONDS``: write
    ``@scenario async def test_...(tmp_path) -> None`` (pytest sees the same arguments)."""

    @functools.wraps(test)
    def run_test(*args: P.args, **kwargs: P.kwargs) -> None:
        run(test(*args, **kwargs))

    return run_test
