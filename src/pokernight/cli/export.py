"""``pokernight export CODE``: a table's hand histories, as readable text, PHH, PokerStars
or Open Hand History.

Reads the room's database (the one ``pokernight serve`` uses), replays the
table's stored events and writes every finished hand: ``text`` is the hand
told line by line with the players' names, ``phh`` a ``.phhs`` file that
``pokernight replay`` reads, and PokerKit too for the games PHH has a code for (the
others, and bomb pots, double boards and boards run twice, are written with our own
codes: docs/decisions/0047-phh-for-hands-phh-has-no-words-for.md),
``pokerstars`` the PokerStars hand-history text that PokerTracker and Hold'em
Manager import (every game but Follow the Queen, which is left out with one
line saying how many hands and why; docs/decisions/0030-pokerstars-export.md).

``ohh`` is Open Hand History JSON (hh-specs.handhistory.org), which PokerTracker and
others read: Hold'em and Omaha only; a table with hands of any other game is refused by
name and nothing is written (docs/decisions/0066-ohh-and-pokerstars-export.md).

By default a hand is written as a spectator saw it: down cards never shown
are ``??`` (text: "is dealt 2 cards face down"). ``--as NAME`` writes it as that
player saw it: their own hole cards (PokerStars' "Dealt to" line, OHH's hero) and the
cards shown, nobody else's. ``--all-cards`` writes every card dealt, mucked hands
included: the host's own archive, not for sharing.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from rich.progress import Progress

from pokernight.cli.stored_table import add_table_arguments, read_table
from pokernight.cli.types import Subparsers
from pokernight.history.ohh_export import OhhError, played_to_ohh
from pokernight.history.phh_export import table_phh
from pokernight.history.pokerstars_export import PokerStarsError, played_to_pokerstars
from pokernight.history.table_export import PlayedHand, played_hands
from pokernight.rules import Event, visible_events
from pokernight.table import TableEvent, TableOpened
from pokernight.tui.narration import Narrator

FORMATS = ("text", "phh", "pokerstars", "ohh")
SUFFIXES = {"text": ".txt", "phh": ".phhs", "pokerstars": ".pokerstars.txt", "ohh": ".ohh"}


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "export",
        help="write a table's hand histories (readable text, PHH, PokerStars or OHH)",
        description=(
            "Replay a table's stored events and write every finished hand to one file: "
            "'text' tells each hand with the players' names, 'phh' is the PHH format "
            "that PokerKit and 'pokernight replay' read, 'pokerstars' the PokerStars text "
            "that PokerTracker and Hold'em Manager import, 'ohh' the Open Hand History JSON "
            "(Hold'em and Omaha). Unshown down cards are hidden: --as NAME shows that "
            "player's own, --all-cards every card."
        ),
    )
    add_table_arguments(parser)
    parser.add_argument(
        "--format", choices=FORMATS, default="text", help="text (default), phh, pokerstars or ohh"
    )
    parser.add_argument(
        "--out",
        type=Path,
        help="the file to write (default: table-CODE.txt, .phhs, .pokerstars.txt or .ohh)",
    )
    parser.add_argument(
        "--as",
        dest="as_name",
        metavar="NAME",
        help="write the hands as this player saw them: their own hole cards and shown cards",
    )
    parser.add_argument(
        "--all-cards",
        action="store_true",
        help="write every card dealt, mucked hands included (the host's archive)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    code = str(args.code)
    if args.as_name is not None and args.all_cards:
        print("--as and --all-cards: choose one (a player's view, or every card)", file=sys.stderr)
        return 2
    stored = read_table(code, args.db)
    events = stored.events
    if args.as_name is not None and not any(
        args.as_name in played.names for played in played_hands(events)
    ):
        print(f"{args.as_name!r} played no finished hand at table {code}", file=sys.stderr)
        return 1
    out: Path = args.out or Path(f"table-{code}{SUFFIXES[args.format]}")
    skipped: list[str] = []
    if args.format == "pokerstars":
        chunks = _pokerstars(events, code, args, skipped)
    elif args.format == "ohh":
        try:
            chunks = _ohh(events, code, args)
        except OhhError as error:
            print(f"nothing written: {error}", file=sys.stderr)
            return 1
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


def as_seat(played: PlayedHand, name: str | None) -> int | None:
    """The hand seat of the player ``--as`` names (None: no name, or not in this hand)."""
    return played.names.index(name) if name is not None and name in played.names else None


def _written(hands: Iterator[PlayedHand], args: argparse.Namespace) -> Iterator[str]:
    """Every hand as text or PHH (PHH writes every game: decision 47)."""
    for played in hands:
        if args.all_cards:
            events: Sequence[Event] = played.hand.events
        else:
            events = visible_events(played.hand.events, as_seat(played, args.as_name))
        if args.format == "text":
            yield hand_text(played, events)
            continue
        yield f"[{played.number}]\n{table_phh(played, events)}"


def _ohh(events: Sequence[TableEvent], code: str, args: argparse.Namespace) -> list[str]:
    """Every hand as an OHH object, a blank line apart (OHH's storage format); a hand OHH
    cannot hold stops the export (``OhhError``, naming the games and how many hands)."""

    def one(played: PlayedHand, seats: int) -> str:
        hand = played_to_ohh(played, code, seats, as_seat(played, args.as_name), args.all_cards)
        return json.dumps(hand, ensure_ascii=False, indent=2)

    chunks, refused = _each_hand(events, one, OhhError)
    if refused:
        reasons = "; ".join(f"{reason}: {count} hands" for reason, count in refused.items())
        raise OhhError(reasons)
    return chunks


def _pokerstars(
    events: Sequence[TableEvent], code: str, args: argparse.Namespace, skipped: list[str]
) -> list[str]:
    """Every hand PokerStars text can hold; one note for those it cannot, by reason."""

    def one(played: PlayedHand, seats: int) -> str:
        as_hero = as_seat(played, args.as_name)
        return played_to_pokerstars(played, code, seats, args.all_cards, as_hero)

    chunks, left_out = _each_hand(events, one, PokerStarsError)
    skipped += [f"{count} hands left out: {reason}" for reason, count in left_out.items()]
    return chunks


def _each_hand(
    events: Sequence[TableEvent],
    write: Callable[[PlayedHand, int], str],
    refusal: type[Exception],
) -> tuple[list[str], Counter[str]]:
    """Each hand ``write`` can write, a blank line after each (trackers and PokerKit split
    hands there), and how many it refused (``refusal``), by reason."""
    opened = events[0]
    seats = opened.settings.seats if isinstance(opened, TableOpened) else 9
    chunks: list[str] = []
    refused: Counter[str] = Counter()
    for played in _with_progress(played_hands(events)):
        try:
            chunks.append(write(played, seats) + "\n\n")
        except refusal as error:
            refused[str(error)] += 1
    return chunks, refused


def hand_text(played: PlayedHand, events: Sequence[Event]) -> str:
    """One hand told in lines, with the table's hand number and seat numbers."""
    seats = ", ".join(
        f"seat {seat + 1} {name}"
        for seat, name in zip(played.started.seats, played.names, strict=True)
    )
    lines = [f"Hand #{played.number} ({seats})"]
    lines += Narrator().lines(events, played.names)
    return "\n".join(lines) + "\n"
