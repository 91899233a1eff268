"""``pokernight simulate --variant nlhe --players 6 --hands 100000 --bots hard,medium,easy``.

Bots play each other; each level's result is shown in big blinds per 100 hands
with a 95% confidence interval, then every pairwise difference, then the speed.
``--against station,maniac,random`` (or ``honest``, who never bluffs) plays each level
instead against each fixed baseline (half the seats each), one run a pair; ``--forget``
keeps the bots from learning their opponents' habits; ``--duplicate`` deals each deck to
every rotation that seats the levels differently (``sim.runner``), ``--luck`` takes the
luck of the cards out of each hand's result (``sim.luck_term``); with either, the report
says how many times as many hands a plain run would take for the same interval.
``--profile`` adds how each level played, as trackers count it (``sim.profile``: VPIP,
PFR, aggression factor, all-in, went to showdown).
"""

from __future__ import annotations

import argparse
import os
import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from pokernight.bots import BASELINES, LEVELS
from pokernight.cli.types import Subparsers
from pokernight.rules import VARIANTS, Variant, variant_for
from pokernight.sim import Simulation, Summary, hands_saved, play_hands, summarize
from pokernight.sim.human import HUMAN, ranges_for
from pokernight.sim.profile import Counts, Profile
from pokernight.sim.runner import dealt_shifts


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
    parser.add_argument(
        "--against",
        default="",
        help=f"baselines ({', '.join(BASELINES)}): each level plays each, half the seats each",
    )
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="deal each deck to every rotation that seats the levels differently: luck cancels",
    )
    parser.add_argument(
        "--luck",
        action="store_true",
        help="take the luck of the cards out of each result (AIVAT-style): fewer hands needed",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help="how each level played: VPIP, PFR, aggression, all-in, went to showdown",
    )
    parser.add_argument(
        "--forget",
        action="store_true",
        help="the bots learn nothing of their opponents: how they play before they adapt",
    )
    parser.add_argument("--seed", type=int, default=None, help="repeatable run")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    levels = _names(args.bots)
    if not levels:
        raise ValueError("name at least one bot level")
    against = _names(args.against)
    for name in against:
        if name not in BASELINES:
            raise ValueError(f"{name!r} is not a baseline (known: {', '.join(BASELINES)})")
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    tables = (
        [_alternating((level, baseline), args.players) for level in levels for baseline in against]
        if against
        else [_alternating(tuple(levels), args.players)]
    )
    simulations = [
        Simulation(
            args.variant,
            bots,
            _whole_deals(args.hands, bots, args.duplicate),
            seed,
            duplicate=args.duplicate,
            luck=args.luck,
            profile=args.profile,
            forget=args.forget,
        )
        for bots in tables
    ]
    console = Console()
    start = time.perf_counter()
    with Progress(*PROGRESS_COLUMNS, console=console, transient=True) as progress:
        task = progress.add_task("hands", total=sum(sim.hands for sim in simulations))
        runs = [
            play_hands(simulation, args.workers, lambda done: progress.advance(task, done))
            for simulation in simulations
        ]
    elapsed = time.perf_counter() - start
    for simulation, played in zip(simulations, runs, strict=True):
        rotations = simulation.rotations
        summary = summarize(played.skill, simulation.bots, rotations)
        console.print(report(summary, args.variant, seed, elapsed / len(runs)), highlight=False)
        if (args.duplicate or args.luck) and len(set(simulation.bots)) > 1:
            saved = hands_saved(played.won, played.skill, simulation.bots, rotations)
            how = " and ".join(
                name for name, used in (("duplicate", args.duplicate), ("luck", args.luck)) if used
            )
            console.print(f"{how}: a plain run takes {saved:.1f}x the hands for this interval")
        if args.profile:
            console.print(
                profile_report(played.counts, simulation.bots, variant_for(simulation.variant)),
                highlight=False,
                soft_wrap=True,
            )
    return 0


def profile_report(counts: Counts, bots: tuple[str, ...], variant: Variant) -> str:
    """Each level's profile, its seats' counts summed, and the figures outside the ranges of
    the kind of player it stands for (``sim.human``)."""
    heading = ("hands", 7), ("VPIP %", 7), ("PFR %", 6), ("AF", 5), ("all-in %", 8), ("WTSD %", 7)
    lines = [f"{'profile':<16}" + "".join(f" {name:>{width}}" for name, width in heading)]
    lines[0] += "  as people play?"
    for name in dict.fromkeys(bots):
        profile = Profile.of(counts[[seat for seat, bot in enumerate(bots) if bot == name]])
        human = ranges_for(name, variant) if name in HUMAN else None
        verdict = "" if human is None else "; ".join(human.outside(profile)) or "yes"
        lines.append(
            f"{name:<16} {profile.hands:>7,} {profile.vpip:>7.1f} {profile.pfr:>6.1f}"
            f" {profile.aggression:>5.2f} {profile.all_in:>8.1f} {profile.went_to_showdown:>7.1f}"
            f"  {verdict}"
        )
    return "\n".join(lines)


PROGRESS_COLUMNS = (
    TextColumn("{task.description}"),
    BarColumn(),
    MofNCompleteColumn(),
    TimeRemainingColumn(),
)


def _names(text: str) -> list[str]:
    return [name.strip() for name in text.split(",") if name.strip()]


def _whole_deals(hands: int, bots: tuple[str, ...], duplicate: bool) -> int:
    """``hands`` rounded up to whole deals: every deck dealt to each of its rotations."""
    rotations = len(dealt_shifts(bots, duplicate))
    return -(-hands // rotations) * rotations


def _alternating(names: tuple[str, ...], players: int) -> tuple[str, ...]:
    """``names`` repeated round the table to fill ``players`` seats."""
    return tuple(names[seat % len(names)] for seat in range(players))


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
