"""``pokernight simulate --variant nlhe --players 6 --hands 100000 --bots hard,medium,easy``.

Bots play each other; each level's result is shown in big blinds per 100 hands
with a 95% confidence interval, then every pairwise difference, then the speed.
"""

from __future__ import annotations

import argparse
import os
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from pokernight.bots import LEVELS
from pokernight.cli.types import Subparsers
from pokernight.rules import VARIANTS
from pokernight.sim import Simulation, Summary, play_hands, summarize


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("simulate", help="bots against bots: bb/100 with 95%% intervals")
    parser.add_argument("--variant", default="nlhe", choices=sorted(VARIANTS))
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument(
        "--bots",
        default="hard,medium,easy",
        help=f"levels ({', '.join(LEVELS)}), repeated round the table to fill --players",
    )
    parser.add_argument("--seed", type=int, default=None, help="repeatable run")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    if not levels:
        raise ValueError("name at least one bot level")
    bots = tuple(levels[seat % len(levels)] for seat in range(args.players))
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    simulation = Simulation(args.variant, bots, args.hands, seed)
    console = Console()
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    start = time.perf_counter()
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("hands", total=args.hands)
        results = play_hands(simulation, args.workers, lambda done: progress.advance(task, done))
    elapsed = time.perf_counter() - start
    console.print(report(summarize(results, bots), args.variant, seed, elapsed), highlight=False)
    return 0


def report(summary: Summary, variant: str, seed: int, elapsed: float) -> str:
    lines = [
        f"{summary.hands:,} hands of {variant}, seed {seed}",
        f"{'bot':<16} {'seats':>5} {'bb/100':>9} {'95% interval':>22}",
    ]
    for result in summary.levels:
        lines.append(
            f"{result.name:<16} {result.seats:>5} {result.bb_per_100:>9.1f}"
            f" [{result.low:>9.1f}, {result.high:>9.1f}]"
        )
    for result in summary.differences:
        lines.append(
            f"{result.name:<16} {'':>5} {result.bb_per_100:>9.1f}"
            f" [{result.low:>9.1f}, {result.high:>9.1f}]"
        )
    lines.append(f"{summary.hands / elapsed:,.1f} hands/s")
    return "\n".join(lines)
