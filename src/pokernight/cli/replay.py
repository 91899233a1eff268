"""``pokernight replay FILE...``: replay PHH hand histories through the rules engine.

Prints one JSON line per hand on stdout::

    {"file": "a.phh", "index": 0, "finishing_stacks": [7340000, 3775000]}
    {"file": "b.phh", "index": 0, "error": "variant FX is not supported"}

``index`` counts the hands of a file from 0 (a ``.phhs`` file holds several).
Amounts are printed in the file's own units (cents stay cents: 2067.40).
``--check`` compares with each hand's recorded ``finishing_stacks`` and reports
differences on stderr. The exit status is 1 if any hand could not be replayed
or (with ``--check``) ended differently, else 0. A progress bar goes to stderr,
and only when it is a terminal, so stdout stays pure JSON lines.

``--coach NAME`` tells, instead, each decision NAME made in each hand, priced as the
replayer's coach prices it (issue 37): the pot odds, NAME's equity against the hands
shown at the end (or, for a hand not shown, the range the bots' opponent model gives
it, said so) and what a fold, a call and the bet made were worth in chips, all in
with no more betting. Only what NAME saw then and the hands shown are used: a file from
``pokernight export CODE --format phh --as NAME`` is such a hand as NAME played it.
NAME is a name of the file's ``players``, or p1, p2, ... by position. Equity is exact
when enumerating is cheap, else seeded Monte Carlo (the same numbers every run) with
its 95% error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from rich.progress import Progress

from pokernight.bots.coach import Units, advice_lines, coach
from pokernight.cli.types import Subparsers
from pokernight.history import PHHError, PHHHand, parse_phh, replay_phh
from pokernight.history.decisions import decisions
from pokernight.history.phh_replay import Replay
from pokernight.rules import HandStarted, variant_for

PHH_SUFFIXES = (".phh", ".phhs")
PROGRESS_THRESHOLD = 20
"""Fewer hands than this finish before a progress bar would be worth drawing."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One hand's line of output."""

    file: str
    index: int
    finishing_stacks: tuple[int | Decimal, ...] | None = None
    error: str | None = None
    expected: tuple[Decimal, ...] | None = None

    @property
    def differs(self) -> bool:
        stacks, expected = self.finishing_stacks, self.expected
        return stacks is not None and expected is not None and tuple(stacks) != expected

    def to_json(self) -> str:
        """The JSON line, numbers written exactly as computed (no float rounding)."""
        head = f'{{"file": {_json_string(self.file)}, "index": {self.index}, '
        if self.finishing_stacks is None:
            return head + f'"error": {_json_string(self.error or "")}}}'
        return head + f'"finishing_stacks": {_json_numbers(self.finishing_stacks)}}}'


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay PHH hand histories through the rules engine",
        description=__doc__.split("\n\n", 1)[1] if __doc__ else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "paths",
        nargs="+",
        metavar="FILE",
        type=Path,
        help="a .phh or .phhs file, or a directory searched for them",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="compare with each hand's finishing_stacks; exit 1 on any difference",
    )
    parser.add_argument(
        "--coach",
        metavar="NAME",
        help="tell NAME's decisions in words, each priced: pot odds, equity, worth in chips",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    files = list(phh_files(args.paths))
    hands = [(path, index, hand) for path in files for index, hand in _read(path)]
    if args.coach is not None:
        return coach_hands(hands, args.coach)
    failed = False
    with Progress(transient=True, disable=not _wants_progress(len(hands))) as progress:
        task = progress.add_task("replaying", total=len(hands))
        for path, index, hand in hands:
            outcome = replay_one(str(path), index, hand)
            print(outcome.to_json())
            failed |= outcome.error is not None
            if args.check and outcome.differs:
                failed = True
                _report_difference(outcome)
            progress.advance(task)
    sys.stdout.flush()
    return 1 if failed else 0


def coach_hands(hands: Sequence[tuple[Path, int, PHHHand | PHHError]], name: str) -> int:
    """``--coach NAME``: each hand's decisions of NAME in words; 1 if a hand would not replay."""
    failed = False
    for path, index, hand in hands:
        head = f"{path} hand {index}"
        if isinstance(hand, PHHError):
            print(f"{head}: {hand}")
            failed = True
            continue
        names = hand.players or tuple(f"p{n}" for n in range(1, hand.player_count + 1))
        seat = _seat_named(names, name)
        if seat is None:
            print(f"{head}: {name} did not play it (players: {', '.join(names)})")
            continue
        try:
            replayed = replay_phh(hand)
        except PHHError as error:
            print(f"{head}: {error}")
            failed = True
            continue
        for line in coached_lines(replayed, seat, names):
            print(f"{head}: {line}" if not line.startswith(" ") else line)
    sys.stdout.flush()
    return 1 if failed else 0


def coached_lines(replayed: Replay, seat: int, names: Sequence[str]) -> list[str]:
    """The coach's words on hand seat ``seat``'s decisions: a heading line, then four
    indented lines a decision."""
    hand = replayed.hand
    started = hand.events[0]
    assert isinstance(started, HandStarted)
    variant = variant_for(started.variant, started.betting)
    if variant.is_draw:
        return [f"{names[seat]}: the coach does not read draw games ({variant.name})"]
    advice = coach(decisions(hand, seat))
    if not advice:
        return [f"{names[seat]} made no decision in this hand"]
    units = Units(replayed.scale.exponent, replayed.scale.places)
    lines = [f"{names[seat]}'s {len(advice)} decision(s), {variant.name}"]
    for item in advice:
        words = advice_lines(item, lambda index: names[index], units)
        street = variant.streets[item.street].name
        lines.append(f"  {street.capitalize()}: {words[0]}")
        lines += [f"    {line}" for line in words[1:]]
    return lines


def _seat_named(names: Sequence[str], name: str) -> int | None:
    if name in names:
        return names.index(name)
    if name.startswith("p") and name[1:].isdigit() and 1 <= int(name[1:]) <= len(names):
        return int(name[1:]) - 1
    return None


def phh_files(paths: Sequence[Path]) -> Iterator[Path]:
    """The files named, and the PHH files under the directories named, in sorted order."""
    for path in paths:
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in PHH_SUFFIXES)
        elif path.exists():
            yield path
        else:
            raise ValueError(f"{path}: no such file or directory")


def replay_one(file: str, index: int, hand: PHHHand | PHHError) -> Outcome:
    if isinstance(hand, PHHError):
        return Outcome(file, index, error=str(hand))
    try:
        stacks = replay_phh(hand).finishing_stacks
    except PHHError as error:
        return Outcome(file, index, error=str(error), expected=hand.finishing_stacks)
    return Outcome(file, index, stacks, expected=hand.finishing_stacks)


def _read(path: Path) -> list[tuple[int, PHHHand | PHHError]]:
    """The hands of a file, or one error standing for the whole file."""
    try:
        return list(enumerate(parse_phh(path.read_text(encoding="utf-8"))))
    except (PHHError, UnicodeDecodeError) as error:
        return [(0, PHHError(str(error)))]


def _wants_progress(hand_count: int) -> bool:
    return hand_count >= PROGRESS_THRESHOLD and sys.stderr.isatty()


def _report_difference(outcome: Outcome) -> None:
    assert outcome.finishing_stacks is not None and outcome.expected is not None
    ours, recorded = _json_numbers(outcome.finishing_stacks), _json_numbers(outcome.expected)
    print(
        f"{outcome.file} hand {outcome.index}: finishing stacks {ours}, the file says {recorded}",
        file=sys.stderr,
    )


def _json_numbers(amounts: Sequence[int | Decimal]) -> str:
    return "[" + ", ".join(str(amount) for amount in amounts) + "]"


def _json_string(text: str) -> str:
    return json.dumps(text)
