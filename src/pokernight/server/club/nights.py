"""Each table of a club summed up as a night (``history.night``), kept between requests;
and each of its tournaments as the money between its entrants.

A night is folded from the table's stored events once, then only the events stored
since are added: a closed table is never read again (only its night is kept, not the
table it was folded with), an open one reads what it played since the last look. The
store is the source (events are saved before anybody hears of them), so what the season
shows is what was saved. Folding runs in a worker thread, one request at a time, so the
tables' own tasks keep the event loop.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, replace
from typing import Protocol

from pokernight.history.night import Night, NightTally
from pokernight.history.season import (
    ClubNight,
    LedgerNight,
    Payment,
    Person,
    TableNight,
    TournamentNight,
    ledger_day,
    season_balances,
)
from pokernight.names import name_key
from pokernight.store import (
    ClubStore,
    StoredEvent,
    TableReads,
    TableRecord,
    TableStatus,
    TournamentReads,
)
from pokernight.table import table_event_from_dict
from pokernight.tournament import Status, Tournament, tournament_event_from_dict
from pokernight.tournament.ledger import results


class ClubStorage(Protocol):
    """The store as the club uses it (decision 62): the club itself, and what the season
    reads of the table log and of tournaments (it writes neither)."""

    @property
    def club(self) -> ClubStore: ...

    @property
    def tables(self) -> TableReads: ...

    @property
    def tournaments(self) -> TournamentReads: ...


@dataclass(slots=True)
class _Folded:
    tally: NightTally | None
    seq: int
    kept: Night | None = None
    """A closed table's night: its tally, which holds a whole table, is let go."""

    def night(self) -> Night:
        if self.kept is not None:
            return self.kept
        assert self.tally is not None
        return self.tally.night()

    def close(self) -> None:
        if self.tally is not None:
            self.kept, self.tally = self.tally.night(), None


class Nights:
    def __init__(self, store: ClubStorage) -> None:
        self.store = store
        self._folded: dict[int, _Folded] = {}
        self._folding: dict[int, asyncio.Future[None]] = {}  # a fold under way, by table
        self._turn = asyncio.Lock()
        self._tournaments: dict[int, TournamentNight] = {}  # finished: they change no more

    async def of_club(self, club_id: int) -> list[TableNight]:
        """Every table of the club that has been opened, as a night, oldest first; its
        seats' members as the store reads them now (claims and merges included)."""
        async with self._turn:
            tables = await self.store.club.club_tables(club_id)
            identities = {
                player_id: Person.member(member.id, member.name)
                for player_id, member in (await self.store.club.club_identities(club_id)).items()
            }
            seqs = await self.store.tables.last_seqs([record.id for record in tables])
            nights = []
            for record in tables:
                folded = await self._fold(record, seqs.get(record.id, 0))
                if folded is not None:
                    night = folded.night()
                    created = record.created_at
                    who = identities
                    if record.status == TableStatus.IMPORTED:
                        who = _imported_names(night, identities)
                    nights.append(
                        TableNight(record.id, record.code, created, record.status, night, who)
                    )
            return nights

    async def tournaments_of_club(self, club_id: int) -> list[TournamentNight]:
        """Every tournament of the club, oldest first, as its money between people, with
        its members as the store reads them now (merges included); a finished one's log
        is read once."""
        nights = []
        for record in await self.store.tournaments.club_tournaments(club_id):
            night = self._tournaments.get(record.id)
            if night is None:
                night = await self._tournament_night(record.id, record.created_at)
                if night.finished:
                    self._tournaments[record.id] = night
            nights.append(replace(night, identities=await self._entrants(record.id)))
        return nights

    async def _entrants(self, tournament_id: int) -> dict[str, Person]:
        """The members among the tournament's entrants, by player id."""
        identities = {}
        for player_id, member_id in (
            await self.store.tournaments.tournament_members(tournament_id)
        ).items():
            member = await self.store.club.member(member_id)  # the one merged into, if merged
            if member is not None:
                identities[player_id] = Person.member(member.id, member.name)
        return identities

    async def _tournament_night(self, tournament_id: int, created_at: float) -> TournamentNight:
        stored = await self.store.tournaments.tournament_events(tournament_id)
        events = [tournament_event_from_dict(item.data) for item in stored]
        tournament = Tournament.from_events(events)
        money = results(events)
        entrants = tournament.players.values()
        return TournamentNight(
            tournament_id,
            tournament.structure.name,
            created_at,
            tournament.status is Status.FINISHED,
            paid={player: result.paid for player, result in money.items()},
            won={player: result.won for player, result in money.items()},
            names={entrant.player_id: entrant.name for entrant in entrants},
            bots=frozenset(entrant.player_id for entrant in entrants if entrant.bot is not None),
        )

    async def ledgers_of_club(self, club_id: int) -> list[LedgerNight]:
        """The nights of the ledgers the club imported (decision 65), oldest first, each
        name read as the member the host matched it to (merges included), else a guest."""
        names = {
            key: Person.member(member.id, member.name)
            for key, member in (await self.store.club.imported_names(club_id)).items()
        }
        found = [
            LedgerNight(
                record.id,
                record.night,
                ledger_day(record.night, record.imported_at),
                record.file_name,
                record.imported_at,
                tuple(
                    (names.get(name_key(name)) or imported_guest(name), net)
                    for name, net in record.balances
                ),
            )
            for record in await self.store.club.ledger_nights(club_id)
        ]
        return sorted(found, key=lambda night: (night.created_at, night.ledger_id))

    async def payments(self, club_id: int) -> list[Payment]:
        """The club's payments as the season counts them: those both sides (or an
        organiser) said were made."""
        return [
            Payment(
                Person.member(record.payer.id, record.payer.name),
                Person.member(record.payee.id, record.payee.name),
                record.amount,
                record.at,
                record.id,
            )
            for record in await self.store.club.payments(club_id)
            if record.counts
        ]

    async def carried_debt(self, table: TableRecord, player_id: str) -> int:
        """What the member playing ``player_id`` at ``table`` owes from the club's other
        nights, payments counted (0 for a guest, or a member who owes nothing)."""
        if table.club_id is None or not player_id.isdigit():  # no club, or a bot
            return 0
        player = await self.store.tables.player(int(player_id))
        if player is None or player.member_id is None:
            return 0  # a guest carries nothing from one night to the next
        nights = await self.of_club(table.club_id)
        person = nights[0].identities.get(player_id) if nights else None
        if person is None:
            return 0
        others: list[ClubNight] = [night for night in nights if night.table_id != table.id]
        others += await self.tournaments_of_club(table.club_id)
        others += await self.ledgers_of_club(table.club_id)
        payments = await self.payments(table.club_id)
        return max(0, -season_balances(others, payments).get(person.key, 0))

    async def _fold(self, record: TableRecord, seq: int) -> _Folded | None:
        """The table's night up to version ``seq``: read from the store only if it moved."""
        busy = self._folding.get(record.id)
        if busy is not None and not busy.done():
            await asyncio.shield(busy)  # left running by a request that went away
        folded = self._folded.get(record.id)
        if folded is not None and folded.seq >= seq:
            return self._kept(record, folded)
        stored = await self.store.tables.load_events(record.id, 0 if folded is None else folded.seq)
        if folded is None:
            if not stored:
                return None
            folded = _Folded(NightTally(table_event_from_dict(stored[0].data)), stored[0].seq)
            stored = stored[1:]
            self._folded[record.id] = folded
        if stored:
            # Shielded and kept: a request that goes away (its table stopping) leaves the
            # fold running, and the next one waits for it instead of folding them again.
            work = asyncio.ensure_future(asyncio.to_thread(_add, folded, stored))
            self._folding[record.id] = work
            work.add_done_callback(lambda done: self._folded_in(record.id, done))
            await asyncio.shield(work)
        return self._kept(record, folded)

    def _folded_in(self, table_id: int, done: asyncio.Future[None]) -> None:
        if self._folding.get(table_id) is done:
            del self._folding[table_id]  # nothing kept per table but its night

    @staticmethod
    def _kept(record: TableRecord, folded: _Folded) -> _Folded:
        """A table that closed plays no more: its night is all that is kept of it."""
        if record.status != TableStatus.OPEN:
            folded.close()
        return folded


def imported_guest(name: str) -> Person:
    """A name of imported files matched to no member: the same name (``name_key``) is one
    guest, in every imported ledger and table of the club (decision 65)."""
    return Person.guest(f"imported:{name_key(name)}", name)


def _imported_names(night: Night, identities: dict[str, Person]) -> dict[str, Person]:
    """An imported table's people: its members, and its other names as imported guests."""
    guests = {
        player_id: imported_guest(name)
        for player_id, name in night.names.items()
        if player_id not in identities and player_id not in night.bots
    }
    return {**identities, **guests}


def _add(folded: _Folded, stored: list[StoredEvent]) -> None:
    assert folded.tally is not None  # a closed table's night is complete
    for item in stored:
        folded.tally.add(table_event_from_dict(item.data))
        folded.seq = item.seq
