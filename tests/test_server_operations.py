"""An operator's endpoints: alive, ready (or why not), and the metrics in Prometheus's
text format, counting what really happened at a table."""

from __future__ import annotations

import asyncio
import re
import urllib.error
import urllib.request
from pathlib import Path

from pokernight.store import StoreUnavailableError
from tests.server_helpers import (
    HOLDEM,
    bet_then_call,
    close_all,
    open_table,
    play_until_hand_over,
    scenario,
    seat_and_start,
    serving_app,
)

SAMPLE = re.compile(r"^[a-z_]+(\{[a-z]+=\"[^\"]*\"\})? (-?[0-9.e+-]+|\+Inf)$")


def _get(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.headers["content-type"], answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["content-type"], error.read().decode()


async def get(url: str) -> tuple[int, str, str]:
    return await asyncio.to_thread(_get, url)


def samples(text: str) -> dict[str, float]:
    """Each sample of a Prometheus text page by its name and labels."""
    found = {}
    for line in text.splitlines():
        if line.startswith("#"):
            assert re.match(r"^# (HELP|TYPE) [a-z_]+ .+$", line), line
            continue
        assert SAMPLE.match(line), f"not a Prometheus sample: {line!r}"
        name, value = line.rsplit(" ", 1)
        found[name] = float(value)
    return found


@scenario
async def test_a_room_says_it_is_alive_ready_and_counts_the_moves_it_saved(tmp_path: Path) -> None:
    async with serving_app(tmp_path) as (url, app):
        assert (await get(url + "/healthz"))[0] == 200
        code, clients = await open_table(url, HOLDEM, players=2)
        status, _, body = await get(url + "/readyz")
        assert status == 200 and '"tables":1' in body.replace(" ", "")
        await seat_and_start(clients, buy_in=500)
        await play_until_hand_over(clients, 1, bet_then_call)
        status, kind, page = await get(url + "/metrics")
        saved = await app.state.lobby.store.tables.load_events(
            app.state.lobby.actor(code).record.id
        )
        await close_all(clients)
    assert status == 200 and kind.startswith("text/plain; version=0.0.4")
    found = samples(page)
    assert found["pokernight_tables"] == 1
    assert found["pokernight_connections"] == 2
    acted = sum(event.kind == "PlayerActed" for event in saved)
    assert acted > 0
    assert found['pokernight_events_committed_total{kind="PlayerActed"}'] == acted
    assert found['pokernight_events_committed_total{kind="HandDealt"}'] >= 1
    commits = found["pokernight_commit_seconds_count"]
    assert commits >= 1 and found['pokernight_commit_seconds_bucket{le="+Inf"}'] == commits
    assert found["pokernight_commit_seconds_sum"] > 0
    assert found["pokernight_commits_failed_total"] == 0
    assert found['pokernight_loop_lag_seconds_bucket{le="+Inf"}'] > 0


@scenario
async def test_a_room_whose_database_is_down_is_not_ready_and_says_why(tmp_path: Path) -> None:
    async def down() -> None:
        raise StoreUnavailableError("cannot reach the database at room.sqlite3")

    async with serving_app(tmp_path) as (url, app):
        app.state.lobby.store.ping = down
        status, _, body = await get(url + "/readyz")
        alive = (await get(url + "/healthz"))[0]
    assert status == 503 and "cannot reach the database" in body
    assert alive == 200  # alive all the same: restarting it would not bring the database back
