"""The Python client keeps reading when a caller stops waiting for an answer."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

from tests.server_helpers import HOLDEM, close_all, open_table, scenario, serving


@scenario
async def test_an_answer_to_a_request_nobody_waits_for_any_more_is_dropped(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        _, (host,) = await open_table(url, HOLDEM, players=1)
        asking = asyncio.ensure_future(host.chat("are you there?"))
        while not host._pending:  # sent, and waiting for its answer
            await asyncio.sleep(0)
        asking.cancel()  # the caller gives up before the answer comes
        with contextlib.suppress(asyncio.CancelledError):
            await asking
        while host._pending:  # the answer arrives for a cancelled wait
            await asyncio.sleep(0.01)
        await asyncio.wait_for(host.sit(0, 500), timeout=10)  # the client still reads
        seats = dict(host.state.seats)
        await close_all([host])
    assert seats[0]["name"] == "player0"
