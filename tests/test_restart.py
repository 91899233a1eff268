"""Kill -9 the server in the middle of a hand, start it again, finish the hand: no chip lost."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from pokernight.client import ClientError, TableClient, request_json
from tests.server_helpers import (
    HOLDEM,
    act_once,
    close_all,
    open_table,
    passive,
    play_hands_then_pause,
    scenario,
    seat_and_start,
    settle,
)

BUY_IN = 500


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(database: Path, port: int) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "pokernight.cli.main", "serve", "--port", str(port)]
    command += ["--db", f"sqlite+aiosqlite:///{database}", "--hand-pause", "0.05"]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


async def until_up(url: str, server: subprocess.Popen[bytes]) -> None:
    while True:
        assert server.poll() is None, server.stderr.read().decode() if server.stderr else ""
        try:
            await request_json(url, "GET", "/api/tables/0000")
        except ClientError:
            return  # it answered: a 404 JSON for a code nobody opened
        except OSError:
            await asyncio.sleep(0.05)


async def reconnect(client: TableClient) -> None:
    await client.disconnect()
    await client.connect()


@scenario
async def test_a_killed_server_resumes_the_hand_in_progress_and_the_ledger_balances(
    tmp_path: Path,
) -> None:
    database, port = tmp_path / "room.sqlite3", free_port()
    url = f"http://127.0.0.1:{port}"
    servers: list[subprocess.Popen[bytes]] = []
    try:
        servers.append(start_server(database, port))
        await until_up(url, servers[-1])
        code, clients = await open_table(url, HOLDEM, players=3)
        await seat_and_start(clients, buy_in=BUY_IN)
        for _ in range(4):  # into the middle of the first hand: preflop, then the flop
            await act_once(clients, passive)
        in_hand_at = max(client.state.version for client in clients)
        os.kill(servers[-1].pid, signal.SIGKILL)
        servers[-1].wait()
        servers.append(start_server(database, port))
        await until_up(url, servers[-1])
        for client in clients:
            await reconnect(client)
        await settle(clients, in_hand_at)
        assert clients[0].state.hand is not None and clients[0].state.hand["hand_number"] == 1
        await play_hands_then_pause(clients, 1, passive)
        ledger = await request_json(url, "GET", f"/api/tables/{code}/ledger")
        info = await request_json(url, "GET", f"/api/tables/{code}")
        await close_all(clients)
        bought = sum(account["bought_in"] for account in ledger["accounts"])
        assert bought == 3 * BUY_IN
        assert sum(account["at_table"] for account in ledger["accounts"]) == bought
        assert sum(account["net"] for account in ledger["accounts"]) == 0
        if info["hand_number"] == 1:  # the next hand had not begun: stacks are final
            assert sum(seat["stack"] for seat in info["seats"]) == bought
    finally:
        for server in servers:
            if server.poll() is None:
                server.terminate()
                server.wait()
            if server.stderr is not None:
                server.stderr.close()
