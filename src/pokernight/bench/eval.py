"""``pokernight bench eval``: our evaluators against the peers, on the same hands.

Every evaluator sees the same seeded random seven-card hands (converted to
its own card format before the clock starts) in the same run, so the ratios
do not depend on the machine. ``--exhaustive`` also evaluates all
133,784,560 seven-card hands with the batch path and checks the category
counts that combinatorics gives.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from pokernight.bench.lowball import low_rows, low_table
from pokernight.bench.peers import PEERS, Hand, Run, load
from pokernight.cards import CARDS, Rank
from pokernight.evaluate import Category, batch_high_values, high_value, low_value
from pokernight.evaluate.batch import values_of_sums
from pokernight.evaluate.strength import CATEGORY_SHIFT
from pokernight.evaluate.tables import BATCH
from pokernight.evaluate.wild import wild_value
from pokernight.extras import install_line

describe = (
    "hand evaluators against treys, phevaluator, eval7 and pokerkit on the same hands; "
    "the low evaluators (2-7, badugi, eight or better) and short-deck against pokerkit's"
)

SEVEN = 7
WILD_RANKS = frozenset({Rank.QUEEN, Rank.SEVEN})
SEVEN_CARD_CATEGORY_COUNTS = {
    Category.STRAIGHT_FLUSH: 41_584,
    Category.FOUR_OF_A_KIND: 224_848,
    Category.FULL_HOUSE: 3_473_184,
    Category.FLUSH: 4_047_644,
    Category.STRAIGHT: 6_180_020,
    Category.THREE_OF_A_KIND: 6_461_620,
    Category.TWO_PAIR: 31_433_400,
    Category.ONE_PAIR: 58_627_800,
    Category.HIGH_CARD: 23_294_460,
}
SEVEN_CARD_DISTINCT_STRENGTHS = 4_824


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--hands", type=int, default=100_000, metavar="N", help="random hands (default 100000)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the random hands")
    parser.add_argument(
        "--rounds",
        type=int,
        default=3,
        help="every evaluator runs once per round, in turn; the best round counts, so a "
        "burst of load elsewhere on the machine hits all of them alike (default 3)",
    )
    parser.add_argument(
        "--exhaustive",
        action="store_true",
        help="also evaluate all 133,784,560 seven-card hands (batch path) and check the "
        "category counts; exit status 1 on a mismatch",
    )


@dataclass(frozen=True)
class Contestant:
    name: str
    hands: int
    evaluate_all: Run


@dataclass(frozen=True)
class Measurement:
    name: str
    hands: int
    per_second: float


def run(args: argparse.Namespace) -> int:
    if args.hands < 1 or args.rounds < 1:
        raise ValueError("--hands and --rounds must be at least 1")
    console = Console()
    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(CARDS, SEVEN)) for _ in range(args.hands)]
    console.print(f"measuring {args.hands:,} hands (seed {args.seed}), {args.rounds} rounds...")
    measurements = measure([*our_contestants(hands, rng), *peer_contestants(hands)], args.rounds)
    console.print(results_table(measurements, args.seed))
    pokerkit = next((load(peer) for peer in PEERS if peer.module == "pokerkit"), None)
    best_of = partial(best_time, rounds=args.rounds)
    console.print(low_table(low_rows(pokerkit, args.hands, rng, best_of), args.seed))
    missing = sorted({peer.module.split(".")[0] for peer in PEERS if load(peer) is None})
    if missing:
        console.print(
            f"not installed, so not measured: {', '.join(missing)}: {install_line('bench')}"
        )
    if args.exhaustive:
        return 0 if exhaustive_check(console) else 1
    return 0


def measure(contestants: Sequence[Contestant], rounds: int) -> list[Measurement]:
    """Hands per second of each contestant over its best of ``rounds`` interleaved runs."""
    best = [float("inf")] * len(contestants)
    for _ in range(rounds):
        for position, contestant in enumerate(contestants):
            best[position] = min(best[position], elapsed(contestant.evaluate_all))
    return [
        Measurement(contestant.name, contestant.hands, contestant.hands / seconds)
        for contestant, seconds in zip(contestants, best, strict=True)
    ]


def best_time(evaluate_all: Run, rounds: int) -> float:
    return min(elapsed(evaluate_all) for _ in range(rounds))


def elapsed(evaluate_all: Run) -> float:
    start = time.perf_counter()
    evaluate_all()
    return time.perf_counter() - start


def our_contestants(hands: Sequence[Hand], rng: random.Random) -> Iterator[Contestant]:
    count = len(hands)
    indexes = np.array([[card.index for card in hand] for hand in hands], dtype=np.int64)
    wild_hands = hands_with_two_wild_cards(count, rng)
    wild = partial(wild_value, wild_ranks=WILD_RANKS)
    ours: list[tuple[str, Run]] = [
        ("pokernight high_value (pure Python)", lambda: list(map(high_value, hands))),
        ("pokernight batch_high_values (numpy)", lambda: batch_high_values(indexes)),
        ("pokernight wild_value (2 wild cards)", lambda: list(map(wild, wild_hands))),
        ("pokernight low_value (A-5 low)", lambda: list(map(low_value, hands))),
    ]
    for name, evaluate_all in ours:
        yield Contestant(name, count, evaluate_all)


def hands_with_two_wild_cards(count: int, rng: random.Random) -> list[Hand]:
    wild = [card for card in CARDS if card.rank in WILD_RANKS]
    natural = [card for card in CARDS if card.rank not in WILD_RANKS]
    return [tuple(rng.sample(wild, 2) + rng.sample(natural, SEVEN - 2)) for _ in range(count)]


def peer_contestants(hands: Sequence[Hand]) -> Iterator[Contestant]:
    for peer in PEERS:
        module = load(peer)
        if module is None:
            continue
        sample = hands[:: peer.sample_every]
        yield Contestant(peer.name, len(sample), peer.prepare(module, sample))


def results_table(measurements: Sequence[Measurement], seed: int) -> Table:
    single, batch = measurements[0].per_second, measurements[1].per_second
    table = Table(title=f"Seven-card hands, seed {seed}, one core")
    for header in ("evaluator", "hands", "hands/s", "high_value ÷ it", "batch ÷ it"):
        table.add_column(header, justify="left" if header == "evaluator" else "right")
    for row in measurements:
        table.add_row(
            row.name,
            f"{row.hands:,}",
            f"{row.per_second:,.0f}",
            f"{single / row.per_second:.2f}x",
            f"{batch / row.per_second:.2f}x",
        )
    return table


def exhaustive_check(console: Console) -> bool:
    """Evaluate every seven-card hand; True when the category counts are exact."""
    categories = np.zeros(len(Category), dtype=np.int64)
    seen = np.zeros((len(Category) + 1) << CATEGORY_SHIFT, dtype=bool)
    start = time.perf_counter()
    with Progress(console=console) as progress:
        task = progress.add_task("all seven-card hands", total=comb(len(CARDS), SEVEN))
        for values in all_seven_card_values():
            categories += np.bincount(values >> CATEGORY_SHIFT, minlength=len(Category))
            seen[values] = True
            progress.advance(task, len(values))
    seconds = time.perf_counter() - start
    counts = {Category(c): int(n) for c, n in enumerate(categories) if n}
    distinct = int(seen.sum())
    console.print(counts_table(counts, distinct))
    console.print(f"{int(categories.sum()):,} hands in {seconds:.1f} s")
    return counts == SEVEN_CARD_CATEGORY_COUNTS and distinct == SEVEN_CARD_DISTINCT_STRENGTHS


def counts_table(counts: dict[Category, int], distinct: int) -> Table:
    table = Table(title="All seven-card hands")
    for header in ("category", "hands", "expected", ""):
        table.add_column(header, justify="left" if header == "category" else "right")
    for category, expected in SEVEN_CARD_CATEGORY_COUNTS.items():
        found = counts.get(category, 0)
        table.add_row(category.words, f"{found:,}", f"{expected:,}", mark(found == expected))
    ok = distinct == SEVEN_CARD_DISTINCT_STRENGTHS
    table.add_row(
        "distinct strengths", f"{distinct:,}", f"{SEVEN_CARD_DISTINCT_STRENGTHS:,}", mark(ok)
    )
    return table


def mark(ok: bool) -> str:
    return "[green]ok[/green]" if ok else "[red]MISMATCH[/red]"


def all_seven_card_values() -> Iterator[npt.NDArray[np.int32]]:
    """Values of every seven-card hand in colexicographic order, in blocks.

    Five-card combinations in colexicographic order have the combinations of
    cards below ``c`` as a prefix, so the hands whose two highest cards are
    ``c < d`` are that prefix plus ``c`` plus ``d``, summed from precomputed codes.
    """
    five = colex_combinations(len(CARDS) - 2, 5)
    code_sums = BATCH.card_codes[five].sum(axis=1)
    flush_sums = BATCH.flush_bits[five].sum(axis=1)
    for highest in range(6, len(CARDS)):
        for high in range(5, highest):
            yield block_values(code_sums, flush_sums, high, highest)


def block_values(
    code_sums: npt.NDArray[np.int64], flush_sums: npt.NDArray[np.int64], high: int, highest: int
) -> npt.NDArray[np.int32]:
    """Values of the hands whose two highest cards are ``high`` < ``highest``."""
    count = comb(high, 5)
    sums = code_sums[:count] + (BATCH.card_codes[high] + BATCH.card_codes[highest])
    extra_flush = BATCH.flush_bits[high] + BATCH.flush_bits[highest]
    return values_of_sums(sums, SEVEN, partial(plus_flush_bits, flush_sums, extra_flush))


def plus_flush_bits(
    flush_sums: npt.NDArray[np.int64], extra: np.int64, rows: npt.NDArray[np.intp]
) -> npt.NDArray[np.int64]:
    return flush_sums[rows] + extra


def colex_combinations(size: int, choose: int) -> npt.NDArray[np.int8]:
    """All ``choose``-subsets of ``range(size)`` in colexicographic order."""
    flat = np.fromiter(
        (card for subset in combinations(range(size), choose) for card in subset),
        dtype=np.int8,
        count=comb(size, choose) * choose,
    ).reshape(-1, choose)
    return flat[np.lexsort(flat.T)]
