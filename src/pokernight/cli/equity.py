"""``pokernight equity AhKh QsQd [--board 2c7d9h] [--dead ...] [--variant ...] [--wild 7]``.

Every game: short-deck from its 36 cards; Baseball and deuces wild with their fixed wild
ranks (Baseball's extra cards for fours are not dealt: the equity of the hands as they
stand); Chicago split high and spade, like the hi-lo games' halves.

Prints each hand's chance to win alone, to tie, and its share of the pot:
exact when every deal can be visited in about a second, else Monte Carlo with
its 95% error bound (and a progress bar on the terminal while it runs). Draw games
(``--variant 27td``, ``--draws 2``): Monte Carlo, every hand drawing soundly at each
draw left (``equity.draws``).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np
from rich.console import Console
from rich.progress import Progress

from pokernight.cards import RANK_SYMBOLS, Card, format_cards, parse_cards
from pokernight.cli.types import Subparsers
from pokernight.equity import EquityResult, HandEquity, WildState, equity, scenario_for_variant
from pokernight.equity.calculator import DEFAULT_SAMPLES
from pokernight.equity.draws import draw_match
from pokernight.equity.wild_state import QUEEN
from pokernight.rules import VARIANTS, Variant, variant_for


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "equity", help="each hand's chance to win: exact, or Monte Carlo with an error bound"
    )
    parser.add_argument(
        "hands", nargs="+", help="two or more hands, e.g. AhKh QsQd (stud: dealt order)"
    )
    parser.add_argument("--variant", default="nlhe", choices=sorted(VARIANTS))
    parser.add_argument("--board", default="", help="board cards, e.g. 2c7d9h")
    parser.add_argument("--dead", default="", help="cards out of play (folded, seen)")
    parser.add_argument(
        "--wild", default=None, help="Follow the Queen: the rank wild beside the queens (e.g. 7)"
    )
    parser.add_argument(
        "--ftq-queen-carries-over",
        action="store_true",
        help="Follow the Queen's house rule: a queen last on a street is followed by the next "
        "street's first up card (default: only queens are wild after it, as seed 000 says)",
    )
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="Monte Carlo deals")
    parser.add_argument(
        "--draws", type=int, default=None, help="draw games: the draws left (default: all)"
    )
    parser.add_argument("--seed", type=int, default=None, help="repeatable Monte Carlo")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    variant = variant_for(args.variant)
    hands = [parse_cards(text) for text in args.hands]
    if len(hands) < 2:
        raise ValueError("give at least two hands")
    if variant.is_draw:
        return _draw_equity(args, variant, hands)
    wild = parse_wild(args.wild) if args.wild is not None else None
    if wild is not None and not variant.has_wild_cards:
        raise ValueError(f"{variant.name} has no wild cards")
    if args.ftq_queen_carries_over and not variant.follows_queen:
        raise ValueError("a queen carrying over to the next street is a Follow the Queen rule")
    scenario = scenario_for_variant(
        variant, hands, parse_cards(args.board), parse_cards(args.dead), wild,
        carries_over=args.ftq_queen_carries_over,
    )  # fmt: skip
    with _progress("dealing", None) as advance:
        result = equity(
            scenario,
            samples=args.samples,
            rng=np.random.default_rng(args.seed),
            progress=advance,
        )
    second = "spade" if variant.showdown == "spade" else "low"  # Chicago's second half
    sys.stdout.write(report(args.hands, result, second))
    return 0


def _draw_equity(args: argparse.Namespace, variant: Variant, hands: list[tuple[Card, ...]]) -> int:
    """Draw equity by Monte Carlo, with a progress bar as the other long work has."""
    size = variant.hand_size
    if any(len(hand) != size for hand in hands):
        raise ValueError(f"{variant.name}: each hand is {size} cards")
    every = sum(1 for street in variant.streets if street.draws)
    draws = every if args.draws is None else args.draws
    if not 0 <= draws <= every:
        raise ValueError(f"{variant.name} has {every} draws: --draws 0 to {every}")
    samples = min(args.samples, DRAW_SAMPLES)
    with _progress("drawing", samples) as advance:
        shares = draw_match(
            hands,
            variant.showdown,
            draws,
            samples=samples,
            rng=random.Random(args.seed),
            dead=parse_cards(args.dead),
            progress=advance,
        )
    hands_equity = tuple(HandEquity(win, tie, share) for win, tie, share in shares)
    worst = max(share * (1 - share) for _, _, share in shares)
    result = EquityResult(hands_equity, samples, False, 1.96 * (worst / samples) ** 0.5)
    sys.stdout.write(report(args.hands, result))
    sys.stdout.write(f"each hand draws soundly at each of {draws} draw(s) left\n")
    return 0


@contextmanager
def _progress(what: str, total: int | None) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on standard error while the block runs (none off a terminal); the
    function the work calls with how far it is."""
    console = Console(stderr=True)
    with Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task(what, total=total)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        yield advance


DRAW_SAMPLES = 20_000
"""Draw equity's most deals: each is played out in Python (a few seconds for 20,000)."""


def parse_wild(text: str) -> WildState:
    """``7`` (sevens wild beside the queens) or ``Q`` (only queens)."""
    symbol = text.strip().upper().removeprefix("Q,").removesuffix(",Q")
    if symbol not in RANK_SYMBOLS:
        raise ValueError(f"{text!r} is not a rank (one of {RANK_SYMBOLS})")
    rank = RANK_SYMBOLS.index(symbol)
    return WildState(None if rank == QUEEN else rank)


def report(names: list[str], result: EquityResult, second: str = "low") -> str:
    shown = [format_cards(parse_cards(name)) for name in names]
    width = max(len(cards) for cards in shown)
    if result.hands[0].high is not None:
        return _hi_lo_report(shown, width, result, second)
    lines = [f"{'hand':<{width}}     win     tie  equity"]
    for cards, hand in zip(shown, result.hands, strict=True):
        lines.append(f"{cards:<{width}} {hand.win:7.2%} {hand.tie:7.2%} {hand.equity:7.2%}")
    return "\n".join([*lines, _how(result)]) + "\n"


def _hi_lo_report(shown: list[str], width: int, result: EquityResult, second: str) -> str:
    """Split games: the chance to scoop, to take part of the pot, and each half's share
    (``second``: "low", or Chicago's "spade")."""
    lines = [f"{'hand':<{width}}   scoop    part    high {second:>7}  equity"]
    for cards, hand in zip(shown, result.hands, strict=True):
        halves = f"{hand.high or 0:7.2%} {hand.low or 0:7.2%}"
        lines.append(
            f"{cards:<{width}} {hand.win:7.2%} {hand.tie:7.2%} {halves} {hand.equity:7.2%}"
        )
    return "\n".join([*lines, _how(result)]) + "\n"


def _how(result: EquityResult) -> str:
    if result.exact:
        return f"exact: every one of {result.deals:,} deals"
    return f"Monte Carlo: {result.deals:,} deals, ±{result.error:.2%} (95%)"
