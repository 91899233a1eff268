"""``pokernight deal Alice=52000 Bob=31000 Cat=17000 --prizes 500,300,200``: what a deal
at the final table would pay each player, by ICM and by the chip chop, to the chip.

ICM (Malmuth-Harville) values each stack by its chances of every place still paid; the
chip chop pays everybody the lowest prize left, and the rest in proportion to chips.
Both sum exactly to the prizes in play (``tournament.icm``). Whatever the players agree
on is theirs to choose; a running tournament records it as its result.
"""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from pokernight.cli.types import Subparsers
from pokernight.tournament.icm import chip_chop, icm_deal


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "deal",
        help="a final table's deal: each player's ICM and chip-chop share of the prizes",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    parser.add_argument("stacks", nargs="+", metavar="NAME=CHIPS", help="each player's stack")
    parser.add_argument(
        "--prizes",
        required=True,
        help="the prizes still in play, first place first, comma-separated (e.g. 500,300,200)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    stacks = parse_stacks(args.stacks)
    prizes = parse_prizes(args.prizes)
    icm, chop = icm_deal(stacks, prizes), chip_chop(stacks, prizes)
    total = sum(stacks.values())
    table = Table(title=f"A deal for {sum(prizes):,} in prizes ({', '.join(map(str, prizes))})")
    for column in ("player", "chips", "share of chips", "ICM", "chip chop"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for name, chips in stacks.items():
        share = f"{100 * chips / total:.1f}%"
        table.add_row(name, f"{chips:,}", share, f"{icm[name]:,}", f"{chop[name]:,}")
    Console().print(table)
    return 0


def parse_stacks(items: list[str]) -> dict[str, int]:
    stacks: dict[str, int] = {}
    for item in items:
        name, _, chips = item.rpartition("=")
        if not name or not chips.isdigit() or int(chips) <= 0:
            raise ValueError(f"{item!r} is not NAME=CHIPS with a positive whole number of chips")
        if name in stacks:
            raise ValueError(f"{name} is named twice")
        stacks[name] = int(chips)
    return stacks


def parse_prizes(text: str) -> list[int]:
    parts = [part.strip() for part in text.split(",")]
    if not parts or not all(part.isdigit() for part in parts):
        raise ValueError(f"--prizes {text!r}: whole numbers, first place first, e.g. 500,300,200")
    prizes = [int(part) for part in parts]
    if prizes != sorted(prizes, reverse=True):
        raise ValueError(f"--prizes {text!r}: first place first, each prize at most the one before")
    return prizes
