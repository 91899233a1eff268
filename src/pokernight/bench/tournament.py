"""``pokernight bench tournament``: a whole bot tournament, from the first deal to a winner.

``--players`` bots (100 by default: twelve nine-seat tables, broken and balanced as they
bust down to the final table) play a "normal" structure of no-limit hold'em through
``tournament.simulation.play_tournament``: the tournament's director, its tables (the
room's own ``Table``, dealing with a seeded RNG) and the bots' decisions, with the
clock injected, so levels and breaks pass as numbers and nothing waits; the tables play
at the same time in that simulated time, as in a room. Reported: the hands played, the
wall time and CPU time, and hands per second (each round plays the same tournament,
same seed, and the fastest counts); and how long the tournament lasted as a real one is
measured: its length in simulated time, the level it ended in, the hands a table dealt
on average and in an hour at it, and hands per elimination (every table's hands over
the players out), to set beside real tournaments of the structure (docs/performance.md).
``--play random`` has every player play a cheap random policy instead of a bot's (mostly
check or call, now and then the least bet or raise, a fold now and then facing a bet: a
long tournament decided only by the cards and the rising blinds): what the tournament
and its tables cost, without the bots' thinking. No peer library runs tournaments, so
there is no ratio: the engine's own speed against PokerKit is ``bench engine``.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table

from pokernight.bots import make_bot
from pokernight.build import engine_is_compiled
from pokernight.rules import Action, ActionKind, HandView
from pokernight.tournament import Tournament, from_template
from pokernight.tournament.events import Finished, Started
from pokernight.tournament.simulation import Chooser, Entry, HandReport, Run, play_tournament

describe = "a bot tournament from the first deal to a winner: hands/s, wall time and length"
SEATS = 9
LEVELS = ("easy", "medium")  # the bots alternate, seat by seat
RAISE_SHARE, FOLD_SHARE = 0.15, 0.2  # the random policy's least raises, and folds to a bet


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=100, help="entrants, all bots (100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    parser.add_argument("--rounds", type=int, default=2, help="times the tournament is played")
    parser.add_argument(
        "--play",
        choices=("bots", "random"),
        default="bots",
        help="who decides: the room's bots (easy and medium), or random legal actions",
    )


@dataclass(frozen=True, slots=True)
class Played:
    """One tournament played: its hands and the time they took, and its length as the
    simulated clock tells it (``seconds``: first deal to winner; ``table_seconds``: the
    time each table was in play, from its first deal to its last hand's end, added up)."""

    hands: int
    wall: float
    cpu: float
    players: int = 0
    seconds: float = 0.0
    level: int = 0
    tables: int = 0
    table_seconds: float = 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.wall

    @property
    def hands_per_table(self) -> float:
        return self.hands / self.tables

    @property
    def hands_per_table_hour(self) -> float:
        return self.hands * 3_600 / self.table_seconds

    @property
    def hands_per_elimination(self) -> float:
        return self.hands / (self.players - 1)


def run(args: argparse.Namespace) -> int:
    if args.players < 2 or args.rounds < 1:
        raise ValueError("--players must be at least 2 and --rounds positive")
    console = Console()
    results = [play_once(args.players, args.seed, args.play) for _ in range(args.rounds)]
    best = min(results, key=lambda played: played.wall)
    table = Table(title=f"{describe} ({build_words()}, {args.play})")
    for column in ("players", "tables at the start", "hands", "wall s", "CPU s", "hands/s"):
        table.add_column(column, justify="right")
    table.add_row(
        f"{args.players}",
        f"{-(-args.players // SEATS)}",
        f"{best.hands:,}",
        f"{best.wall:.2f}",
        f"{best.cpu:.2f}",
        f"{best.hands_per_second:,.0f}",
    )
    console.print(table)
    console.print(length_table(best, args.play))
    return 0


def length_table(played: Played, play: str) -> Table:
    """How long the tournament lasted in simulated time, as a real one is measured."""
    table = Table(title=f"how long it lasted, in simulated time ({play})")
    columns = ("length", "level reached", "hands a table dealt", "hands an hour at a table",
               "hands per elimination")  # fmt: skip
    for column in columns:
        table.add_column(column, justify="right")
    hours, minutes = divmod(round(played.seconds / 60), 60)
    table.add_row(
        f"{hours} h {minutes:02d} min",
        f"{played.level}",
        f"{played.hands_per_table:.0f}",
        f"{played.hands_per_table_hour:.0f}",
        f"{played.hands_per_elimination:.1f}",
    )
    return table


def play_once(players: int, seed: int, play: str = "bots") -> Played:
    """One tournament of ``players`` played to the end; the hands and the time taken."""
    structure = from_template("normal", entries=players, seats=SEATS)
    tournament = Tournament.create(structure, "bench")
    entries = [Entry(f"bot-{n}", f"Bot {n}", LEVELS[n % len(LEVELS)]) for n in range(players)]
    choose = bots_choose(entries, seed) if play == "bots" else random_choose(seed)
    in_play: dict[int, tuple[float, float]] = {}  # each table's first deal and last report

    def after_hand(_run: Run, hand: HandReport) -> None:
        first, _last = in_play.get(hand.table, (hand.began, hand.at))
        in_play[hand.table] = (first, hand.at)

    wall, cpu = time.perf_counter(), time.process_time()
    played = play_tournament(
        tournament, entries, choose, random.Random(seed), after_hand=after_hand
    )
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    started = next(event.at for event in played.events if isinstance(event, Started))
    finished = next(event.at for event in played.events if isinstance(event, Finished))
    return Played(
        played.hands,
        wall,
        cpu,
        players=players,
        seconds=finished - started,
        level=played.tournament.level,
        tables=len(played.dealt),
        table_seconds=sum(last - first for first, last in in_play.values()),
    )


def bots_choose(entries: list[Entry], seed: int) -> Chooser:
    bots = {
        entry.player_id: make_bot(entry.bot or LEVELS[0], random.Random(seed + n), tournament=True)
        for n, entry in enumerate(entries)
    }
    return lambda player_id, seen: bots[player_id].decide(seen)


def random_choose(seed: int) -> Chooser:
    rng = random.Random(seed)

    def choose(player_id: str, seen: HandView) -> Action:
        legal = seen.legal
        assert legal is not None  # asked at the player's turn
        roll = rng.random()
        if legal.min_raise_to is not None and roll < RAISE_SHARE:
            return Action(legal.seat, ActionKind.BET_OR_RAISE, legal.min_raise_to)
        if legal.call_amount and roll > 1 - FOLD_SHARE:
            return Action(legal.seat, ActionKind.FOLD)
        if legal.can_bring_in and not legal.call_amount:
            return Action(legal.seat, ActionKind.BRING_IN)
        return Action(legal.seat, ActionKind.CHECK if legal.can_check else ActionKind.CALL)

    return choose


def build_words() -> str:
    return "engine compiled with mypyc" if engine_is_compiled() else "pure Python"
