"""``pokernight eval``: the strength of a hand, or of one hand per line of input."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import partial

from pokernight.cards import RANK_SYMBOLS, Card, parse_cards
from pokernight.cli.types import Subparsers
from pokernight.evaluate import (
    HandStrength,
    evaluate_high,
    evaluate_low,
    evaluate_omaha,
    evaluate_wild,
)

Evaluator = Callable[[Sequence[Card]], HandStrength]


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "eval",
        help="the strength of a poker hand",
        description=(
            "Print a hand's strength as one line: VALUE<tab>CATEGORY<tab>CARDS USED. "
            "VALUE is an integer; higher is better and equal values tie."
        ),
    )
    parser.add_argument(
        "cards",
        nargs="*",
        metavar="CARD",
        help='1 to 7 cards such as "Ah Kd 10c" (the board, with --omaha)',
    )
    parser.add_argument(
        "--stdin",
        action="store_true",
        help=(
            "read one hand per line (cards separated by spaces) and print one line per hand, "
            "in order; stops at the first bad line with an error naming it (exit status 2)"
        ),
    )
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument(
        "--wild",
        metavar="RANKS",
        help='make these ranks wild, comma separated: "Q,7" (five of a kind then exists)',
    )
    kind.add_argument(
        "--low", action="store_true", help="ace-to-five low (Razz): higher VALUE is a better low"
    )
    kind.add_argument(
        "--omaha",
        metavar="HOLE",
        help='Omaha: these 4 or 5 hole cards ("Ah Kh 7c 7d") with the board as CARDs; '
        "the hand uses exactly two of them and three of the board",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    evaluate = choose_evaluator(args)
    if args.stdin and args.cards:
        raise ValueError("give the cards either as arguments or with --stdin, not both")
    if args.stdin:
        for line in evaluate_lines(evaluate, sys.stdin):
            print(line)
        return 0
    if not args.cards:
        raise ValueError("no cards given (or use --stdin)")
    print(evaluate(parse_cards(args.cards)))
    return 0


def choose_evaluator(args: argparse.Namespace) -> Evaluator:
    if args.wild is not None:
        return partial(evaluate_wild, wild_ranks=parse_ranks(args.wild))
    if args.low:
        return evaluate_low
    if args.omaha is not None:
        return partial(evaluate_omaha, parse_cards(args.omaha))
    return evaluate_high


def parse_ranks(text: str) -> frozenset[int]:
    """ "Q,7" -> the ranks Queen and Seven ("10" and "T" both mean Ten)."""
    ranks = set()
    for token in text.replace(",", " ").split():
        symbol = "T" if token == "10" else token.upper()
        if len(symbol) != 1 or symbol not in RANK_SYMBOLS:
            raise ValueError(f"{token} is not a rank (2-9, T, J, Q, K, A)")
        ranks.add(RANK_SYMBOLS.index(symbol))
    if not ranks:
        raise ValueError("--wild needs at least one rank, such as Q")
    return frozenset(ranks)


def evaluate_lines(evaluate: Evaluator, lines: Iterable[str]) -> Iterable[str]:
    """One output line per input hand; a bad line stops with its line number."""
    for number, line in enumerate(lines, start=1):
        try:
            strength = evaluate(parse_cards(line))
        except ValueError as error:
            raise ValueError(f"line {number}: {error}") from error
        yield str(strength)
