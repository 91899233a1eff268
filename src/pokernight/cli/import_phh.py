"""``pokernight import FILE...``: PHH hand histories, or a PokerNow game log, into a table's
history in the database; a ledger into the club's season.

The format is read from the file: PHH, a PokerNow full game log (``entry,at,order``: its
hands read by ``history.pokernow``; the store remembers each hand's PokerNow id, so the
same log imported twice adds nothing), or a ledger (PokerNow's, or ``name,net``: its
nights into the season as imported, ``cli.import_ledger``). ``--member NAME=MEMBER``
matches an imported name to a club member, remembered for the imports after.

Each hand is played again at a table through the pure ``Table``
(``history.phh_import``, decision 32), so ``pokernight export``, ``stats`` and
anything else that folds a table's events reads the imported hands as hands
played live. The table is stored with the status ``imported``: closed to play,
and saying where its hands came from. ``--code`` adds hands to an imported table.

Everything is read and played before the database is written: a hand the table
refuses is named with the reason and changes nothing, and a missing file, a bad
database or a code that is not an imported table stops the command before any write.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.progress import Progress

from pokernight.cli.import_ledger import (
    Ledger,
    match_names,
    member_pairs,
    read_ledger_file,
    report_unmatched,
    store_ledgers,
)
from pokernight.cli.stored_table import IMPORTED, check_sqlite_file
from pokernight.cli.types import Subparsers
from pokernight.history.phh_import import (
    ImportedHand,
    Refused,
    TableImport,
    import_scale,
    largest_stack,
    with_player_ids,
)
from pokernight.history.phh_parse import PHHError, PHHHand, parse_phh_each
from pokernight.history.pokernow import is_ledger, is_log, log_hands, read_hands, read_log
from pokernight.names import BadNameError, display_name, name_key
from pokernight.randomness import secure_rng
from pokernight.table import PlayerSeated, Table, TableEvent, TableOpened, table_event_from_dict

if TYPE_CHECKING:
    from pokernight.store import Store, TableRecord

NEW = "new:"
"""Ids of players not registered yet: the store gives the real ones once the hands are in."""
HOST = "host:"
HOST_NAME = "PHH import"
POKERNOW = "pokernow"
"""The source of a PokerNow log's hands, whose ids the store remembers."""


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "import",
        help="read PHH hand histories, a PokerNow log or a ledger into the room",
        description=(
            "Play every hand of the files again at a table and store it in the room's "
            "database, or a ledger's nights into the club's season. A file is PHH (.phh: "
            "one hand, .phhs: several), PokerNow's full game log (the CSV 'entry,at,order' "
            "of 'Download full log'; a hand already imported from one is not imported "
            "again) or a ledger (PokerNow's ledger CSV, or 'name,net' with an optional "
            "'date' column); the format is read from the file. The hands are stored as a "
            "table with the status 'imported' (closed to play): its hands and statistics "
            "count in the season, not its money. A hand the table cannot play (a game or "
            "forced bets it does not have, too many players, an action the engine refuses, "
            "a result other than the recorded one) is left out with the reason. A ledger's "
            "nights open the club's season with their balances, shown as imported: each "
            "night must sum to zero (else nothing is stored), and the same file twice adds "
            "nothing. Names are guests unless matched to a member with --member, once: "
            "the club remembers it."
        ),
    )
    parser.add_argument(
        "files",
        nargs="*",
        type=Path,
        metavar="FILE",
        help="a .phh/.phhs file, a PokerNow log or a ledger CSV",
    )
    parser.add_argument(
        "--member",
        action="append",
        default=[],
        metavar="NAME=MEMBER",
        help=(
            "the imported name NAME is the club's member MEMBER, from now on (repeat it "
            "for more names; the club remembers them for every import after)"
        ),
    )
    parser.add_argument(
        "--db",
        help="database URL or SQLite file (default: $DATABASE_URL, else pokernight.sqlite3)",
    )
    target = parser.add_mutually_exclusive_group()
    target.add_argument("--code", help="add the hands to the imported table with this code")
    target.add_argument(
        "--new", action="store_true", help="store the hands as a new table (the default)"
    )
    parser.set_defaults(run=run)


@dataclass(frozen=True, slots=True)
class Target:
    """Where the hands go: a new table (``record`` and ``table`` None) or an imported
    one, with the ids of the players it has by name key, and the version its log is at."""

    record: TableRecord | None
    table: Table | None
    host: str
    ids: dict[str, str]
    version: int = 0


def run(args: argparse.Namespace) -> int:
    code: str | None = args.code
    if code is not None and not (len(code) == 4 and code.isdigit()):
        raise ValueError(f"{code!r} is not a table code: codes are 4 digits")
    pairs = member_pairs(args.member)
    if not args.files and not pairs:
        raise ValueError("name a file to import, or match names with --member NAME=MEMBER")
    keys: dict[str, str] = {}
    ledgers: list[Ledger] = []
    read: list[tuple[str, PHHHand | PHHError]] = []
    for path in args.files:
        text = _text(path)
        if file_format(path, text) == "ledger":
            ledgers.append(read_ledger_file(path, text))
        else:
            read += read_file(path, keys)
    if ledgers and code is not None:
        raise ValueError("--code names a table for hands: a ledger goes into the season")
    url = args.db or os.environ.get("DATABASE_URL")
    club = Club(pairs, ledgers)
    return asyncio.run(_import(read, code, url, keys, club))


@dataclass(frozen=True, slots=True)
class Club:
    """What an import brings the club: names matched to members, and ledgers."""

    pairs: dict[str, str]
    ledgers: list[Ledger]


def _text(path: Path) -> str:
    if not path.is_file():
        raise ValueError(f"there is no file {path}")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"{path}: {error}") from None


def file_format(path: Path, text: str) -> str:
    """What the file is: "pokernow-log", "ledger" (PokerNow's or a plain ``name,net``
    CSV) or "phh"; a ValueError naming the formats it is none of."""
    first = text.lstrip("\ufeff").splitlines()[0] if text.strip() else ""
    header = [cell.strip().strip('"').lower() for cell in first.split(",")]
    if is_log(header):
        return "pokernow-log"
    if is_ledger(header) or {"name", "net"} <= set(header):
        return "ledger"
    if path.suffix in (".phh", ".phhs"):
        return "phh"
    try:
        parse_phh_each(text)
    except PHHError:
        raise ValueError(
            f"{path} is none of the formats pokernight imports: PHH (.phh, .phhs), a "
            "PokerNow full game log (entry,at,order), a PokerNow ledger or a name,net CSV"
        ) from None
    return "phh"


def read_file(
    path: Path, keys: dict[str, str] | None = None
) -> list[tuple[str, PHHHand | PHHError]]:
    """Each hand of the file, labelled "FILE" or "FILE [key]" (a PokerNow log's: "FILE
    hand #N", its PokerNow id in ``keys`` by label); a ValueError if the file cannot be
    read as PHH or a PokerNow log at all."""
    if not path.is_file():
        raise ValueError(f"there is no file {path}")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"{path}: {error}") from None
    kind = file_format(path, text)
    if kind == "ledger":
        raise ValueError(f"{path} is a ledger: its nights go into the season, not a table")
    if kind == "pokernow-log":
        return _pokernow_hands(path, text, keys if keys is not None else {})
    try:
        each = parse_phh_each(text)
    except PHHError as error:
        raise ValueError(f"{path}: {error}") from None
    return [(f"{path} [{key}]" if key else str(path), hand) for key, hand in each]


def _pokernow_hands(
    path: Path, text: str, keys: dict[str, str]
) -> list[tuple[str, PHHHand | PHHError]]:
    found: list[tuple[str, PHHHand | PHHError]] = []
    for read in read_hands(log_hands(read_log(text))):
        label = f"{path} hand #{read.log.number}"
        keys[label] = read.log.hand_id
        found.append((label, read.phh if read.phh is not None else PHHError(read.error)))
    return found


async def _import(
    read: Sequence[tuple[str, PHHHand | PHHError]],
    code: str | None,
    url: str | None,
    keys: Mapping[str, str] | None = None,
    club: Club | None = None,
) -> int:
    """Names matched to members first (remembered, so this import's seats use them), then
    each ledger into the season, then the hands into a table: each in its own
    transaction. The names matched to nobody are listed at the end."""
    from sqlalchemy.exc import DBAPIError

    from pokernight.store import StoreError

    club = club or Club({}, [])
    store = await _opened(url, existing=code is not None)
    try:
        club_id = (await store.club.default_club()).id
        await match_names(store, club_id, club.pairs)
        await store_ledgers(store, club_id, club.ledgers)
        result = await _import_hands(store, read, code, keys or {}) if read else 0
        names = [name for ledger in club.ledgers for name in ledger.names]
        await report_unmatched(store, club_id, names + _player_names(read))
    except StoreError as error:
        raise ValueError(str(error)) from None
    except DBAPIError as error:  # a value the database refuses: its reason, in one line
        raise ValueError(
            store.database.unavailable(error).replace("is unavailable", "refused")
        ) from None
    finally:
        await store.close()
    return result


async def _import_hands(
    store: Store,
    read: Sequence[tuple[str, PHHHand | PHHError]],
    code: str | None,
    keys: Mapping[str, str],
) -> int:
    known = await store.tables.imported_hand_keys(POKERNOW, list(keys.values()))
    if known:
        read = [(label, hand) for label, hand in read if keys.get(label) not in known]
        print(f"{len(known)} hands were imported before: left out")
        if not read:
            print("nothing new to import")
            return 0
    target = await _target(store, code)
    played = _played(read, target)
    for refusal in played.refused:
        print(f"{refusal.label}: left out: {refusal.reason}", file=sys.stderr)
    if not played.count:
        print(f"imported no hand ({len(played.refused)} left out): nothing was stored")
        return 1
    refused = {refusal.label for refusal in played.refused}
    taken = [keys[label] for label, _ in read if label in keys and label not in refused]
    stored_code = await _store(store, target, played.table_import, taken)
    left_out = len(played.refused)
    print(f"imported {played.count} hands into table {stored_code} ({left_out} left out)")
    return 0


def _player_names(read: Sequence[tuple[str, PHHHand | PHHError]]) -> list[str]:
    """The players' names of the hands read (those a table can seat)."""
    found = []
    for _, hand in read:
        for raw in (hand.players or ()) if isinstance(hand, PHHHand) else ():
            try:
                found.append(display_name(raw))
            except BadNameError:
                continue
    return found


async def _opened(url: str | None, *, existing: bool) -> Store:
    """The room's database; a new SQLite file only for a new table (adding to a table,
    a mistyped path must not make an empty room)."""
    from pokernight.store import StoreError, open_store

    try:
        if existing:
            check_sqlite_file(url)
        return await open_store(url)
    except StoreError as error:
        raise ValueError(str(error)) from None


@dataclass(frozen=True, slots=True)
class Played:
    """The hands played at the table (``count``) and those it refused, with why."""

    table_import: TableImport
    count: int
    refused: list[Refused]


def _played(read: Sequence[tuple[str, PHHHand | PHHError]], target: Target) -> Played:
    """Every hand played at the table in turn (pure: nothing is stored yet)."""
    refused: list[Refused] = []
    hands = _hands(read, target.ids, refused)
    scale = import_scale(hands)
    cap = largest_stack(hands, scale)
    salts, now = secure_rng(), time.time()
    table_import = TableImport(target.table, target.host, scale, salts, now=now, stack_cap=cap)
    count = 0
    for hand in _with_progress(hands):
        try:
            table_import.add(hand)
        except PHHError as error:
            refused.append(Refused(hand.label, str(error)))
            continue
        count += 1
    return Played(table_import, count, refused)


async def _target(store: Store, code: str | None) -> Target:
    if code is None:
        return Target(None, None, HOST, {})
    record = await store.tables.latest_table_by_code(code)
    if record is None:
        raise ValueError(f"no table with code {code} in {store.database.description}")
    if record.status != IMPORTED:
        raise ValueError(
            f"table {code} was not imported: hands go only into a new or an imported table"
        )
    stored = await store.tables.load_events(record.id)
    events = [table_event_from_dict(item.data) for item in stored]
    table = Table.from_events(events)
    if table.host is None:
        raise ValueError(f"table {code} has no host to deal more hands")
    seated = [event for event in events if isinstance(event, PlayerSeated)]
    ids = {name_key(event.name): event.player_id for event in seated}
    version = stored[-1].seq if stored else 0
    return Target(record, table, table.host, ids, version)


def _hands(
    read: Sequence[tuple[str, PHHHand | PHHError]], ids: dict[str, str], refused: list[Refused]
) -> list[ImportedHand]:
    """The hands that parsed, each player named and given an id (the table's, or a new
    one per name key: names that read the same are one player)."""
    hands = []
    for label, hand in read:
        if isinstance(hand, PHHError):
            refused.append(Refused(label, str(hand)))
            continue
        raw = hand.players or tuple(f"p{number}" for number in range(1, hand.player_count + 1))
        try:
            names = tuple(display_name(name) for name in raw)
        except BadNameError as error:
            refused.append(Refused(label, f"a player's name cannot be used: {error}"))
            continue
        player_ids = tuple(ids.get(name_key(name), NEW + name_key(name)) for name in names)
        hands.append(ImportedHand(label, hand, player_ids, names))
    return hands


def _with_progress(hands: Sequence[ImportedHand]) -> Iterator[ImportedHand]:
    if not sys.stderr.isatty():
        yield from hands
        return
    with Progress(transient=True) as progress:
        task = progress.add_task("playing the hands", total=len(hands))
        for hand in hands:
            yield hand
            progress.advance(task)


async def _store(
    store: Store, target: Target, table_import: TableImport, hand_keys: Sequence[str] = ()
) -> str:
    """The new players and every event, in one transaction: the table's code."""
    from pokernight.store import ImportedTable, StoredEvent

    events = table_import.finish()
    now, first = table_import.now, target.version + 1

    def log(_record: TableRecord, ids: Mapping[str, str]) -> list[StoredEvent]:
        renamed = with_player_ids(events, ids)
        return [StoredEvent.of(seq, event, now) for seq, event in enumerate(renamed, first)]

    if target.record is not None:
        table: TableRecord | ImportedTable = target.record
    else:
        opened = events[0]
        assert isinstance(opened, TableOpened)
        table = ImportedTable(opened.settings.to_dict(), secure_rng())
    record = await store.tables.import_table(
        table, _new_players(events), log, hand_keys=(POKERNOW, hand_keys)
    )
    return record.code


def _new_players(events: Sequence[TableEvent]) -> dict[str, str]:
    """The players (and the host) the events seat for the first time, by provisional id."""
    names = {
        event.player_id: event.name
        for event in events
        if isinstance(event, PlayerSeated) and event.player_id.startswith(NEW)
    }
    if any(isinstance(event, TableOpened) and event.host == HOST for event in events):
        names[HOST] = _host_name({name_key(name) for name in names.values()})
    return names


def _host_name(taken: set[str]) -> str:
    """The host's name, told apart from every player's."""
    name, number = HOST_NAME, 1
    while name_key(name) in taken:
        number += 1
        name = f"{HOST_NAME} {number}"
    return name
