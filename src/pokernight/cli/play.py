"""``pokernight play [--variant ftq] [--bots 3] [--level medium] [--plain] [--seed N]``.

A game against bots in the terminal (see ``pokernight.tui``), or with
``--connect URL --code 1234 [--seat N] [--buy-in N]`` a seat at a server's
table, drawn and asked the same way. ``--connect`` also takes the invite link the
host shares (``http://host:8000/#1234/SECRET``): the code is in it, and its secret
lets the player sit without waiting for the host. Seats are counted from 1, as the
browser shows them. The seat token is kept (see
``pokernight.tui.tokens``) so running the same command again is the same player.
"""

from __future__ import annotations

import argparse
import asyncio
import random

from rich.console import Console

from pokernight.bots import LEVELS
from pokernight.cli.types import Subparsers
from pokernight.randomness import secure_rng
from pokernight.rules import VARIANTS, variant_for
from pokernight.tui import GameSettings, RemoteGame, RemoteSettings, TerminalGame
from pokernight.tui.screen import Screen
from pokernight.tui.tokens import TokenStore, tokens_path


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("play", help="play any variant against bots in the terminal")
    parser.add_argument("--variant", default="nlhe", choices=sorted(VARIANTS))
    parser.add_argument("--bots", type=int, default=3, help="how many bots (1-9)")
    parser.add_argument("--level", default="medium", choices=sorted(LEVELS))
    parser.add_argument("--plain", action="store_true", help="one line of text per change")
    parser.add_argument("--seed", type=int, default=None, help="repeatable deals")
    parser.add_argument("--hands", type=int, default=None, help="stop after this many hands")
    parser.add_argument("--name", default="Player")
    parser.add_argument(
        "--connect",
        metavar="URL",
        help="join a table on a server (its address, or the invite link)",
    )
    parser.add_argument("--code", help="the table's 4-digit code (with --connect)")
    parser.add_argument(
        "--seat", type=int, default=None, help="the seat to take, from 1 (with --connect)"
    )
    parser.add_argument("--buy-in", type=int, default=None, help="chips to sit with (--connect)")
    parser.add_argument(
        "--member",
        action="store_true",
        help="join as a member of the server's club, known at its next tables (--connect)",
    )
    parser.add_argument(
        "--claim",
        metavar="CODE",
        help="sign this terminal in as a club member with the code another device of theirs "
        "shows (--connect)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    console = Console(no_color=args.plain, highlight=False)
    if args.connect or args.code:
        return _play_at_server(args, console)
    settings = GameSettings(
        variant_for(args.variant), args.bots, args.level, args.plain, args.hands, args.name
    )
    rng = secure_rng() if args.seed is None else random.Random(args.seed)
    TerminalGame(settings, console, rng).play()
    return 0


def _play_at_server(args: argparse.Namespace, console: Console) -> int:
    url, linked_code, invite = invite_link(args.connect or "")
    code = args.code or linked_code
    if not (url and code):
        raise ValueError("--connect URL and --code 1234 go together (or --connect INVITE-LINK)")
    if args.seat is not None and args.seat < 1:
        raise ValueError(f"--seat {args.seat}: seats are counted from 1")
    seat = None if args.seat is None else args.seat - 1
    settings = RemoteSettings(
        url, code, args.name, seat, args.buy_in, args.hands, invite, args.member, args.claim
    )
    game = RemoteGame(settings, Screen(console, args.plain), TokenStore(tokens_path()))
    asyncio.run(game.play())
    return 0


def invite_link(link: str) -> tuple[str, str | None, str | None]:
    """The server's address, and the code and secret an invite link holds in its fragment
    (``http://host:8000/#1234/SECRET``); a plain address has neither."""
    address, _, fragment = link.partition("#")
    code, _, secret = fragment.partition("/")
    return address.rstrip("/"), code or None, secret or None
