"""``pokernight serve``: start the poker room."""

from __future__ import annotations

import argparse
import asyncio
import os
from pathlib import Path

from pokernight.cli.types import Subparsers

# The browser client lives beside the package in a source checkout.
WEB_DIR = Path(__file__).resolve().parents[3] / "web"
MAX_FRAME_BYTES = 65_536


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="start the poker room (SQLite by default) and print its URL",
        description="Start the poker room on HOST:PORT and print the URL to share.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument(
        "--db",
        default=None,
        help="database URL (default: $DATABASE_URL, else the SQLite file pokernight.sqlite3)",
    )
    parser.add_argument(
        "--hand-pause",
        type=float,
        default=3.0,
        metavar="SECONDS",
        help="pause between hands (default 3)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from pokernight.server import ServerConfig, create_app

    database_url = args.db or os.environ.get("DATABASE_URL")
    asyncio.run(_check_database(database_url))
    config = ServerConfig(
        database_url=database_url,
        hand_pause_seconds=args.hand_pause,
        static_dir=WEB_DIR,
        freeze_gc=True,
    )
    print(f"pokernight room: open http://{args.host}:{args.port}/  (Ctrl-C to stop)", flush=True)
    uvicorn.run(
        create_app(config),
        host=args.host,
        port=args.port,
        log_level="warning",
        ws="websockets-sansio",
        ws_max_size=MAX_FRAME_BYTES,
        # Poker messages are a few hundred bytes: compressing each one for each
        # recipient cost a sixth of the CPU and half the memory (decision 0013).
        ws_per_message_deflate=False,
    )
    return 0


async def _check_database(url: str | None) -> None:
    """Fail with one line before listening if the database cannot be opened."""
    from pokernight.store import StoreUnavailableError, open_store

    try:
        store = await open_store(url)
    except StoreUnavailableError as error:
        raise ValueError(str(error)) from None
    await store.close()
