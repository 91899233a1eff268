"""``pokernight serve``: start the poker room."""

from __future__ import annotations

import argparse

from pokernight.cli.types import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="start the poker room (SQLite by default) and print its URL",
        description="Start the poker room on HOST:PORT and print the URL to share.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite file)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    url = f"http://{args.host}:{args.port}/"
    print(f"pokernight room would listen on {url}")
    print("The server is not built yet (issue 4); try `pokernight eval` or `pokernight replay`.")
    return 0
