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

``--seeds`` plays that many tournaments (seeds from ``--seed`` on; one tournament is one
draw) and reports each figure's mean and range, with when the final table was reached
(nine players left) beside the hours a real online field of that size took
(``REAL_FINAL_TABLE_HOURS``). ``--seconds-per-action`` sets the pace: 4 s gives the
online pace, some 55 hands an hour at a table; 8 s, some 30: a live table's.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
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
REAL_FINAL_TABLE_HOURS = {50: 1.8, 100: 2.6, 200: 3.3, 300: 3.8, 400: 4.2, 500: 4.5, 600: 4.8,
                          700: 5.0}  # fmt: skip
"""Hours a real online field of that many entrants took to reach its final table (nine
left): Full Tilt Poker's freezeouts, 10-minute levels, fitted on 25 of them (pokerbrb.com,
"Online poker tournament statistics: player exit percentage"; docs/performance.md)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=100, help="entrants, all bots (100)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and the bots")
    parser.add_argument("--rounds", type=int, default=2, help="times the tournament is played")
    parser.add_argument(
        "--seeds",
        type=int,
        default=1,
        help="tournaments played, one a seed from --seed on: each length's mean and range (1)",
    )
    parser.add_argument(
        "--seconds-per-action",
        type=float,
        default=4.0,
        help="the pace: seconds an action takes (4: online, some 55 hands an hour; 8: live)",
    )
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
    time each table was in play, from its first deal to its last hand's end, added up;
    ``final_table_seconds``: first deal to the hand that left no more than a table's
    seats, and ``final_table_hands``: the hands dealt until then)."""

    hands: int
    wall: float
    cpu: float
    players: int = 0
    seconds: float = 0.0
    level: int = 0
    tables: int = 0
    table_seconds: float = 0.0
    final_table_seconds: float = 0.0
    final_table_hands: int = 0

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

    @property
    def hands_per_elimination_to_final_table(self) -> float:
        return self.final_table_hands / max(1, self.players - SEATS)


def _level(level: float) -> str:
    return f"{level:.0f}" if level == int(level) else f"{level:.1f}"


def _clock(seconds: float) -> str:
    hours, minutes = divmod(round(seconds / 60), 60)
    return f"{hours} h {minutes:02d} min"


LENGTH_FIGURES: tuple[tuple[str, Callable[[Played], float], Callable[[float], str]], ...] = (
    ("length", lambda played: played.seconds, _clock),
    ("level reached", lambda played: played.level, _level),
    ("final table after", lambda played: played.final_table_seconds, _clock),
    ("hands a table dealt", lambda played: played.hands_per_table, "{:.0f}".format),
    ("hands an hour at a table", lambda played: played.hands_per_table_hour, "{:.0f}".format),
    ("hands per elimination", lambda played: played.hands_per_elimination, "{:.1f}".format),
    (
        "hands per elimination before the final table",
        lambda played: played.hands_per_elimination_to_final_table,
        "{:.1f}".format,
    ),
)
"""The length table's rows: a name, the figure read from a tournament, and its words."""


def run(args: argparse.Namespace) -> int:
    if args.players < 2 or args.rounds < 1 or args.seeds < 1 or args.seconds_per_action <= 0:
        raise ValueError(
            "--players must be at least 2, --rounds and --seeds positive,"
            " --seconds-per-action above 0"
        )
    console = Console()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task("tournaments", total=args.rounds + args.seeds - 1)

        def play(seed: int) -> Played:
            played = play_once(args.players, seed, args.play, args.seconds_per_action)
            progress.advance(task)
            return played

        timed = [play(args.seed) for _ in range(args.rounds)]
        others = [play(args.seed + n) for n in range(1, args.seeds)]
    best = min(timed, key=lambda played: played.wall)
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
    console.print(length_table([best, *others], args.play))
    real = real_final_table_hours(args.players)
    if real is not None:
        console.print(
            f"a real online field of {args.players} reached its final table after"
            f" {real:.1f} h (Full Tilt, 10-minute levels)",
            highlight=False,
        )
    return 0


def length_table(plays: Sequence[Played], play: str) -> Table:
    """How long the tournaments lasted in simulated time, as a real one is measured, a
    figure a row: one tournament's, or over several their mean, least and most."""
    table = Table(title=f"how long it lasted, in simulated time ({play})")
    table.add_column("figure")
    several = len(plays) > 1
    for column in ("mean", "least", "most") if several else ("",):
        table.add_column(column, justify="right")
    for name, figure, words in LENGTH_FIGURES:
        values = [figure(played) for played in plays]
        shown = (statistics.mean(values), min(values), max(values)) if several else values
        table.add_row(name, *(words(value) for value in shown))
    return table


def real_final_table_hours(players: int) -> float | None:
    """The hours a real online field of ``players`` took to reach its final table, read
    between ``REAL_FINAL_TABLE_HOURS``' sizes; None outside them."""
    sizes = sorted(REAL_FINAL_TABLE_HOURS)
    if not sizes[0] <= players <= sizes[-1]:
        return None
    above = next(size for size in sizes if size >= players)
    below = max(size for size in sizes if size <= players)
    if above == below:
        return REAL_FINAL_TABLE_HOURS[above]
    share = (players - below) / (above - below)
    low, high = REAL_FINAL_TABLE_HOURS[below], REAL_FINAL_TABLE_HOURS[above]
    return low + share * (high - low)


def play_once(players: int, seed: int, play: str = "bots", pace: float = 4.0) -> Played:
    """One tournament of ``players`` played to the end, ``pace`` seconds an action; the
    hands and the time taken."""
    structure = from_template("normal", entries=players, seats=SEATS)
    tournament = Tournament.create(structure, "bench")
    entries = [Entry(f"bot-{n}", f"Bot {n}", LEVELS[n % len(LEVELS)]) for n in range(players)]
    choose = bots_choose(entries, seed) if play == "bots" else random_choose(seed)
    in_play: dict[int, tuple[float, float]] = {}  # each table's first deal and last report
    final_table: tuple[float, int] | None = None  # when, and after how many hands

    def after_hand(run: Run, hand: HandReport) -> None:
        nonlocal final_table
        first, _last = in_play.get(hand.table, (hand.began, hand.at))
        in_play[hand.table] = (first, hand.at)
        if final_table is None and run.tournament.players_left <= SEATS:
            final_table = (hand.at, run.hands)

    wall, cpu = time.perf_counter(), time.process_time()
    played = play_tournament(
        tournament,
        entries,
        choose,
        random.Random(seed),
        seconds_per_action=pace,
        after_hand=after_hand,
    )
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    started = next(event.at for event in played.events if isinstance(event, Started))
    finished = next(event.at for event in played.events if isinstance(event, Finished))
    reached, hands_then = final_table or (started, 0)
    return Played(
        played.hands,
        wall,
        cpu,
        players=players,
        seconds=finished - started,
        level=played.tournament.level,
        tables=len(played.dealt),
        table_seconds=sum(last - first for first, last in in_play.values()),
        final_table_seconds=reached - started,
        final_table_hands=hands_then,
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
