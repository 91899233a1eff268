"""Blinds that rise on a timer (seed 003, "Blinds": "Automatically increase on a timer
(default 15 minutes, configurable)"), at a table made from seed 003's preset, with the
server's clock injected (the test's ``Clock``: no real minutes pass).

The table's facts say each level's stakes and when it begins (``blind_clock``): nothing is
timed before the first hand, the levels count from its deal, and the hand dealt once 15
minutes have passed is played at the second level's blinds.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pokernight.client import TableClient, request_json
from pokernight.server.tables.presets import PRESETS
from tests.server_helpers import (
    Clock,
    close_all,
    contributed,
    open_table,
    passive,
    paused,
    play_until_hand_over,
    scenario,
    serving,
)

Json = dict[str, Any]
SEED_003 = next(preset for preset in PRESETS if preset.key == "seed-003-house-rules")
LEVEL_SECONDS = 15 * 60


def dealt(client: TableClient, hand_number: int) -> Json:
    return next(
        frame
        for frame in client.frames
        if frame.get("type") == "HandDealt" and frame["hand_number"] == hand_number
    )


@scenario
async def test_the_blinds_rise_every_15_minutes_from_the_first_hand(tmp_path: Path) -> None:
    clock = Clock()
    async with serving(tmp_path, paused(clock)) as url:
        code, clients = await open_table(url, dict(SEED_003.settings), players=2)
        for seat, client in enumerate(clients):
            await client.sit(seat, 1_000)
        before = (await request_json(url, "GET", f"/api/tables/{code}"))["blind_clock"]
        assert before["started_at"] is None and before["level_minutes"] == 15
        assert [level["starts_at"] for level in before["levels"]] == [None] * 8
        assert [level["stakes"] for level in before["levels"][:3]] == [
            {"small_blind": 5, "big_blind": 10},
            {"small_blind": 10, "big_blind": 20},
            {"small_blind": 15, "big_blind": 30},
        ]

        await clients[0].start()
        for client in clients:
            await contributed(client, 1)
        clock.now += 1.0  # the pause is over: hand 1 is dealt, and the levels' clock starts
        first_deal = clock.now
        await play_until_hand_over(clients, 1, passive)
        first = dealt(clients[0], 1)
        assert (first["level"], first["stakes"]["big_blind"]) == (0, 10)
        timed = first["blind_clock"]
        assert timed["started_at"] == first_deal
        assert [level["starts_at"] for level in timed["levels"]] == [
            first_deal + level * LEVEL_SECONDS for level in range(8)
        ]

        clock.now = first_deal + LEVEL_SECONDS - 1.0  # a second short: still the first level
        for client in clients:
            await contributed(client, 2)
        clock.now += 0.5
        await play_until_hand_over(clients, 2, passive)
        assert dealt(clients[0], 2)["level"] == 0

        clock.now = first_deal + LEVEL_SECONDS  # 15 minutes: the next hand plays 10/20
        for client in clients:
            await contributed(client, 3)
        await play_until_hand_over(clients, 3, passive)
        third = dealt(clients[1], 3)
        assert (third["level"], third["stakes"]["small_blind"], third["stakes"]["big_blind"]) == (
            1,
            10,
            20,
        )
        clock.now = first_deal + 10 * LEVEL_SECONDS  # long past the last level: it stays
        for client in clients:
            await contributed(client, 4)
        await play_until_hand_over(clients, 4, passive)
        assert dealt(clients[0], 4)["level"] == 7
        assert dealt(clients[0], 4)["stakes"]["big_blind"] == 100
        await close_all(clients)
