"""``pokernight export CODE``: a table's hand histories, as readable text, PHH or PokerStars.

Reads the room's database (the one ``pokernight serve`` uses), replays the
table's stored events and writes every finished hand: ``text`` is the hand
told line by line with the players' names, ``phh`` a ``.phhs`` file that
``pokernight replay`` reads, and PokerKit too for the games PHH has a code for (the
others, and bomb pots, double boards and boards run twice, are written with our own
codes: docs/decisions/0047-phh-for-hands-phh-has-no-words-for.md),
``pokerstars`` the PokerStars hand-history text that PokerTracker and Hold'em
Manager import (every game but Follow the Queen, which is left out with one
line saying how many hands and why; docs/decisions/0030-pokerstars-export.md).

By default a hand is written as a spectator saw it: down cards never shown
are ``??`` (text: "is dealt 2 cards face down"). ``--all-cards`` writes every
card dealt, mucked hands included: the host's own archive, not for sharing.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

from rich.progress import Progress

from pokernight.cli.stored_table import add_table_arguments, read_table
from pokernight.cli.types import Subparsers
from pokernight.history.phh_export import table_phh
from pokernight.history.pokerstars_export import PokerStarsError, played_to_pokerstars
from pokernight.history.table_export import PlayedHand, played_hands
from pokernight.rules import Event, visible_events
from pokernight.table import TableEvent, TableOpened
from pokernight.tui.narration import Narrator

FORMATS = ("text", "phh", "pokerstars")
SUFFIXES = {"text": ".txt", "phh": ".phhs", "pokerstars": ".pokerstars.txt"}


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "export",
        help="write a table's hand histories (readable text, PHH or PokerStars)",
        description=(
            "Replay a table's stored events and write every finished hand to one file: "
            "'text' tells each hand with the players' names, 'phh' is the PHH format "
            "that PokerKit and 'pokernight replay' read, 'pokerstars' the PokerStars text "
            "that PokerTracker and Hold'em Manager import. Unshown down cards are hidden "
            "unless --all-cards is given."
        ),
    )
    add_table_arguments(parser)
    parser.add_argument(
        "--format", choices=FORMATS, default="text", help="text (default), phh or pokerstars"
    )
    parser.add_argument(
        "--out",
        type=Path,
        help="the file to write (default: table-CODE.txt, .phhs or .pokerstars.txt)",
    )
    parser.add_argument(
        "--all-cards",
        action="store_true",
        help="write every card dealt, mucked hands included (the host's archive)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    code = str(args.code)
    stored = read_table(code, args.db)
    events = stored.events
    out: Path = args.out or Path(f"table-{code}{SUFFIXES[args.format]}")
    skipped: list[str] = []
    if args.format == "pokerstars":
        chunks = _pokerstars(events, code, args.all_cards, skipped)
    else:
        chunks = list(_written(_with_progress(played_hands(events)), args))
    out.write_text("\n".join(chunks), encoding="utf-8")
    print(f"wrote {len(chunks)} hands of table {code}{stored.told} to {out}")
    for note in skipped:
        print(note, file=sys.stderr)
    return 0


def _with_progress(hands: Iterator[PlayedHand]) -> Iterator[PlayedHand]:
    if not sys.stderr.isatty():
        yield from hands
        return
    with Progress(transient=True) as progress:
        task = progress.add_task("replaying hands", total=None)
        for hand in hands:
            yield hand
            progress.advance(task)


def _written(hands: Iterator[PlayedHand], args: argparse.Namespace) -> Iterator[str]:
    """Every hand as text or PHH (PHH writes every game: decision 47)."""
    for played in hands:
        events = played.hand.events if args.all_cards else visible_events(played.hand.events, None)
        if args.format == "text":
            yield hand_text(played, events)
            continue
        yield f"[{played.number}]\n{table_phh(played, events)}"


def _pokerstars(
    events: Sequence[TableEvent], code: str, all_cards: bool, skipped: list[str]
) -> list[str]:
    """Every hand PokerStars text can hold; one note for those it cannot, by reason."""
    opened = events[0]
    seats = opened.settings.seats if isinstance(opened, TableOpened) else 9
    chunks: list[str] = []
    left_out: Counter[str] = Counter()
    for played in _with_progress(played_hands(events)):
        try:
            body = played_to_pokerstars(played, code, seats, all_cards)
        except PokerStarsError as error:
            left_out[str(error)] += 1
            continue
        chunks.append(body + "\n\n")  # trackers and PokerKit split hands at blank lines
    skipped += [f"{count} hands left out: {reason}" for reason, count in left_out.items()]
    return chunks


def hand_text(played: PlayedHand, events: Sequence[Event]) -> str:
    """One hand told in lines, with the table's hand number and seat numbers."""
    seats = ", ".join(
        f"seat {seat + 1} {name}"
        for seat, name in zip(played.started.seats, played.names, strict=True)
    )
    lines = [f"Hand #{played.number} ({seats})"]
    lines += Narrator().lines(events, played.names)
    return "\n".join(lines) + "\n"
