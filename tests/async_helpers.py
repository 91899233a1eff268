"""Async tests without a framework: each runs on its own event loop, within a deadline.

``@scenario async def test_...(store_url) -> None`` is a test pytest calls like any
other (same arguments, same fixtures). ``run`` is the one ``asyncio.run`` behind it, and
what a sync test or fixture calls for the one coroutine it needs (a table saved before a
CLI runs its own loop, a database made for the session). Nothing here needs the server,
so the store's tests use it as well.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

SCENARIO_SECONDS = 60

P = ParamSpec("P")
T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T], seconds: float = SCENARIO_SECONDS) -> T:
    """``coroutine``'s result, run on an event loop of its own within ``seconds``."""
    return asyncio.run(asyncio.wait_for(coroutine, seconds))


def scenario(test: Callable[P, Coroutine[Any, Any, None]]) -> Callable[P, None]:
    """An async test, run on its own event loop within ``SCENARIO_SECONDS``: write
    ``@scenario async def test_...(tmp_path) -> None`` (pytest sees the same arguments)."""

    @functools.wraps(test)
    def run_test(*args: P.args, **kwargs: P.kwargs) -> None:
        run(test(*args, **kwargs))

    return run_test
