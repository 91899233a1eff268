"""``pokernight import``'s side for a club moving in (issue 36, decision 65): ledgers into
the club's season, and the names imported files give people matched to members.

A ledger (PokerNow's ledger CSV, or a plain ``name,net`` with an optional ``date``) is read
whole before anything is stored: a night whose nets do not sum to zero stops the command,
named, and nothing is stored. Its nights go into the season of the room's club as
imported (``store.club_imports``): the same file twice adds nothing, nor a night the club
has already. ``--member "NAME=MEMBER"`` matches an imported name to a member of the club
once: remembered, it is used by every import after (and the seats of the tables imported
before); the names matched to nobody are guests, and the command lists them.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pokernight.history.pokernow import read_ledger
from pokernight.names import BadNameError, display_name, name_key

if TYPE_CHECKING:
    from pokernight.store import Store


@dataclass(frozen=True, slots=True)
class Ledger:
    """A ledger file read: its SHA-256, and each night's nets by name (in its order)."""

    path: Path
    sha256: str
    nights: dict[str, list[tuple[str, int]]]

    @property
    def names(self) -> list[str]:
        return [name for balances in self.nights.values() for name, _ in balances]


def read_ledger_file(path: Path, text: str) -> Ledger:
    """The ledger in ``text`` (read from ``path``); a ValueError naming the file, and the
    night whose nets do not sum to zero, if it cannot be imported."""
    try:
        rows = read_ledger(text)
        nights: dict[str, list[tuple[str, int]]] = {}
        for row in rows:
            nights.setdefault(row.night, []).append((display_name(row.name), row.net))
    except (ValueError, BadNameError) as error:
        raise ValueError(f"{path}: {error}: nothing was stored") from None
    if not nights:
        raise ValueError(f"{path}: the ledger has no player's net: nothing was stored")
    return Ledger(path, hashlib.sha256(path.read_bytes()).hexdigest(), nights)


def member_pairs(values: Sequence[str]) -> dict[str, str]:
    """``--member`` values, ``NAME=MEMBER``: the member each imported name is."""
    found: dict[str, str] = {}
    for value in values:
        name, equals, member = value.rpartition("=")
        if not equals or not name.strip() or not member.strip():
            raise ValueError(f"--member {value!r}: write it NAME=MEMBER (the imported name first)")
        try:
            found[display_name(name)] = display_name(member)
        except BadNameError as error:
            raise ValueError(f"--member {value!r}: {error}") from None
    return found


async def match_names(store: Store, club_id: int, pairs: dict[str, str]) -> None:
    """The names matched to the members, remembered (MemberError: none is)."""
    if not pairs:
        return
    matched = await store.club.map_names(club_id, pairs)
    for name, member in matched.items():
        print(f"{name} is {member.name} from now on (in this import and the next)")


async def store_ledgers(store: Store, club_id: int, ledgers: Sequence[Ledger]) -> None:
    """Each ledger's nights into the club's season (one transaction a ledger)."""
    from pokernight.store.club_imports import LedgerKnownError

    for ledger in ledgers:
        try:
            added = await store.club.add_ledger(
                club_id, ledger.sha256, ledger.path.name, ledger.nights
            )
        except LedgerKnownError:
            print(f"{ledger.path} was imported before: nothing new was stored")
            continue
        for night in added.added:
            people = len(ledger.nights[night])
            print(
                f"{ledger.path}: the night of {night or '(undated)'} ({people} players) is in "
                "the club's season, shown as imported"
            )
        for night in added.known:
            print(f"{ledger.path}: the night of {night or '(undated)'} was imported before")


async def report_unmatched(store: Store, club_id: int, names: Iterable[str]) -> None:
    """The imported names matched to no member: guests, listed with how to match one."""
    matched = await store.club.imported_names(club_id)
    unmatched: dict[str, str] = {}
    for name in names:
        if name_key(name) not in matched:
            unmatched.setdefault(name_key(name), name)
    if unmatched:
        listed = ", ".join(sorted(unmatched.values(), key=name_key))
        print(
            f"not matched to a member (guests): {listed}; match one once with "
            "--member 'NAME=MEMBER'"
        )
