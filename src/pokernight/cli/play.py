"""``pokernight play [--variant ftq] [--bots 3] [--level medium] [--plain] [--seed N]``.

A game against bots in the terminal (see ``pokernight.tui``). ``--connect URL
--code 1234`` (joining a server's table) is not available from the terminal yet.
"""

from __future__ import annotations

import argparse
import random

from rich.console import Console

from pokernight.bots import LEVELS
from pokernight.cards import secure_rng
from pokernight.cli.types import Subparsers
from pokernight.rules import VARIANTS, variant_for
from pokernight.tui import GameSettings, TerminalGame


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("play", help="play any variant against bots in the terminal")
    parser.add_argument("--variant", default="nlhe", choices=sorted(VARIANTS))
    parser.add_argument("--bots", type=int, default=3, help="how many bots (1-9)")
    parser.add_argument("--level", default="medium", choices=sorted(LEVELS))
    parser.add_argument("--plain", action="store_true", help="one line of text per change")
    parser.add_argument("--seed", type=int, default=None, help="repeatable deals")
    parser.add_argument("--hands", type=int, default=None, help="stop after this many hands")
    parser.add_argument("--name", default="Player")
    parser.add_argument("--connect", metavar="URL", help="join a table on a server")
    parser.add_argument("--code", help="the table's 4-digit code (with --connect)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.connect or args.code:
        raise ValueError(
            "--connect is not available yet: play against bots, or join from a browser"
        )
    settings = GameSettings(
        variant_for(args.variant), args.bots, args.level, args.plain, args.hands, args.name
    )
    rng = secure_rng() if args.seed is None else random.Random(args.seed)
    console = Console(no_color=args.plain, highlight=False)
    TerminalGame(settings, console, rng).play()
    return 0
