"""``pokernight bench bots``: the bots' speed, game by game (issue 39).

``--hands`` hands (10,000 by default) of every game, or of ``--games``, with ``--players``
bots of one ``--level`` (hard by default) at a table (fewer where a game seats fewer),
in one process, as ``pokernight simulate`` plays them (``sim.runner.play_one``: a cash game,
100 big blinds each hand, the button moving round). Reported per game: the wall time and
hands per second, and every decision's time: its median, 99th percentile and worst. No
peer library has bots that play these games, so there is no ratio.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from pokernight.bots import LEVELS, Bot, make_bot
from pokernight.build import engine_is_compiled
from pokernight.cards import shuffled
from pokernight.rules import VARIANTS, Action, HandView, default_stakes, variant_for
from pokernight.sim.runner import play_one

describe = "bots playing every game: hands/s and each decision's time (median, p99, worst)"
STACK_UNITS = 100


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=int, default=10_000, help="hands of each game (10,000)")
    parser.add_argument("--players", type=int, default=6, help="bots at a table (6)")
    parser.add_argument("--level", choices=sorted(LEVELS), default="hard", help="(hard)")
    parser.add_argument("--games", default="", help="comma-separated games (default: every one)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")


@dataclass(frozen=True, slots=True)
class GameSpeed:
    game: str
    hands: int
    wall: float
    decisions: npt.NDArray[np.float64]  # seconds each

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.wall

    def percentile_ms(self, share: float) -> float:
        return float(np.percentile(self.decisions, share)) * 1000


class Timed:
    """A bot whose every decision is timed into ``times``."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot, self.times = bot, times
        self.rng = bot.rng

    def decide(self, view: HandView, players: Sequence[str] | None = None) -> Action:
        start = time.perf_counter()
        action = self.bot.decide(view, players)
        self.times.append(time.perf_counter() - start)
        return action

    def learn(self, view: HandView, players: Sequence[str] | None = None) -> None:
        self.bot.learn(view, players)


def run(args: argparse.Namespace) -> int:
    games = [name.strip() for name in args.games.split(",") if name.strip()] or sorted(VARIANTS)
    for game in games:
        variant_for(game)  # refuses an unknown game before anything is played
    if args.hands < 1 or args.players < 2:
        raise ValueError("--hands must be positive and --players at least 2")
    console = Console()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("hands", total=args.hands * len(games))
        speeds = [play_game(game, args, lambda: progress.advance(task)) for game in games]
    console.print(speed_table(speeds, args))
    slowest = max(speeds, key=lambda speed: speed.wall)
    worst_p99 = max(speeds, key=lambda speed: speed.percentile_ms(99))
    console.print(
        f"slowest game: {slowest.game}, {slowest.wall:.1f} s for {slowest.hands:,} hands;"
        f" highest p99 of a decision: {worst_p99.game}, {worst_p99.percentile_ms(99):.1f} ms",
        highlight=False,
    )
    return 0


def play_game(game: str, args: argparse.Namespace, hand_done: Callable[[], None]) -> GameSpeed:
    """``args.hands`` hands of ``game`` between bots of ``args.level``, every decision timed."""
    variant = variant_for(game)
    rng = random.Random(f"{args.seed}:{game}")
    count = min(args.players, variant.max_players)
    times: list[float] = []
    bots = [Timed(make_bot(args.level, random.Random(rng.getrandbits(64))), times)
            for _ in range(count)]  # fmt: skip
    names = [str(seat) for seat in range(count)]
    stacks = [STACK_UNITS * default_stakes(variant).minimum_bet()] * count
    start = time.perf_counter()
    for number in range(args.hands):
        deck = shuffled(variant.cards, rng)
        play_one(variant, bots, names, number % count, stacks=stacks, deck=deck)
        hand_done()
    return GameSpeed(game, args.hands, time.perf_counter() - start, np.array(times))


def speed_table(speeds: list[GameSpeed], args: argparse.Namespace) -> Table:
    build = "engine compiled with mypyc" if engine_is_compiled() else "pure Python"
    table = Table(title=f"{describe} ({args.level}, up to {args.players} a table, {build})")
    for column in (
        "game",
        "hands",
        "wall s",
        "hands/s",
        "decisions",
        "p50 ms",
        "p99 ms",
        "worst ms",
    ):
        table.add_column(column, justify="right")
    for speed in speeds:
        table.add_row(
            speed.game,
            f"{speed.hands:,}",
            f"{speed.wall:.1f}",
            f"{speed.hands_per_second:,.0f}",
            f"{len(speed.decisions):,}",
            f"{speed.percentile_ms(50):.2f}",
            f"{speed.percentile_ms(99):.2f}",
            f"{speed.percentile_ms(100):.2f}",
        )
    return table
