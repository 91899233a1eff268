"""A long-running client keeps no frames and a bounded queue, and still follows the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from pokernight.client import TableClient
from tests.server_helpers import (
    HOLDEM,
    Json,
    close_all,
    open_table,
    passive,
    play_until_hand_over,
    scenario,
    seat_and_start,
    serving,
    settle,
)


class Watcher(TableClient):
    def __init__(self, url: str, code: str) -> None:
        super().__init__(url, code, keep_frames=False, events_kept=2)
        self.seen: list[int] = []

    def on_message(self, message: Json) -> None:
        if "v" in message:
            self.seen.append(message["v"])


@scenario
async def test_a_client_that_keeps_no_frames_follows_every_version(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, players = await open_table(url, HOLDEM, 2)
        watcher = Watcher(url, code)
        await watcher.watch()
        await seat_and_start(players, 1_000)
        await play_until_hand_over(players, 1, passive)
        await settle([watcher], players[0].state.version)
        await close_all([*players, watcher])
    assert watcher.frames == []
    assert watcher.seen == list(range(watcher.seen[0], watcher.seen[-1] + 1))
    assert watcher.state.version == watcher.seen[-1] >= players[0].state.version


@scenario
async def test_a_bounded_queue_keeps_the_newest_messages() -> None:
    client = TableClient("http://127.0.0.1:1", "0000", events_kept=2)
    for number in range(5):
        client._receive({"type": "chat", "text": str(number)})
    assert [(await client.next_event(timeout=1))["text"] for _ in range(2)] == ["3", "4"]
    with pytest.raises(TimeoutError):
        await client.next_event(timeout=0.01)


@scenario
async def test_a_client_with_no_queue_keeps_nothing_but_still_hears_every_message() -> None:
    client = Watcher("http://127.0.0.1:1", "0000")
    client.events_kept = 0
    client._receive({"v": 1})  # a version this viewer may not see more of
    assert client.seen == [1] and client.frames == []
    with pytest.raises(TimeoutError):
        await client.next_event(timeout=0.01)


def test_a_negative_queue_bound_is_refused() -> None:
    with pytest.raises(ValueError, match="events_kept must be 0 or more, not -1"):
        TableClient("http://127.0.0.1:1", "0000", events_kept=-1)
