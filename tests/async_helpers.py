"""Async tests without a framework: each runs on its own event loop, within a deadline.

``@scenario async def test_...(store_url) -> None`` is a test pytest calls like any
other (same arguments, same fixtures). ``run`` is the one ``asyncio.run`` behind it, and
what a sync test or fixture calls for the one coroutine it needs (a table saved before a
CLI runs its own loop, a database made for the session). Nothing here needs the server,
so the store's tests use it as well.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import Awaitable, Callable, Coroutine, Iterator
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


@contextlib.contextmanager
def loop_of_its_own(
    opening: Callable[[contextlib.AsyncExitStack], Awaitable[T]], seconds: float = 30
) -> Iterator[tuple[T, asyncio.AbstractEventLoop]]:
    """What ``opening`` makes (a room, a club) on an event loop of its own, which runs only
    while the test runs something on it (a fuzz's batch at a time, between hypothesis'
    examples); what ``opening`` entered in the stack is closed at the end, within
    ``seconds``, and the loop with it."""
    loop = asyncio.new_event_loop()
    stack = contextlib.AsyncExitStack()
    try:
        yield loop.run_until_complete(asyncio.wait_for(opening(stack), seconds)), loop
    finally:
        try:
            loop.run_until_complete(asyncio.wait_for(stack.aclose(), seconds))
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
            loop.close()
