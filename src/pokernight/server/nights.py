"""Each table of a club summed up as a night (``history.night``), kept between requests.

A night is folded from the table's stored events once, then only the events stored
since are added: a closed table is never read again, an open one reads what it played
since the last look. The store is the source (events are saved before anybody hears of
them), so what the season shows is what was saved. Folding runs in a worker thread, one
club at a time, so the tables' own tasks keep the event loop.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from pokernight.history.night import NightTally
from pokernight.history.season import Person, TableNight
from pokernight.store import Store, StoredEvent, TableRecord
from pokernight.table import table_event_from_dict


@dataclass(slots=True)
class _Folded:
    tally: NightTally
    seq: int


class Nights:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._folded: dict[int, _Folded] = {}
        self._turn = asyncio.Lock()

    async def of_club(self, club_id: int) -> list[TableNight]:
        """Every table of the club that has been opened, as a night, oldest first; its
        seats' members as the store reads them now (claims and merges included)."""
        async with self._turn:
            tables = await self.store.club_tables(club_id)
            identities = {
                player_id: Person.member(member.id, member.name)
                for player_id, member in (await self.store.club_identities(club_id)).items()
            }
            nights = []
            for record in tables:
                folded = await self._fold(record)
                if folded is not None:
                    night = folded.tally.night()
                    created = record.created_at
                    nights.append(
                        TableNight(
                            record.id, record.code, created, record.status, night, identities
                        )
                    )
            return nights

    async def _fold(self, record: TableRecord) -> _Folded | None:
        folded = self._folded.get(record.id)
        stored = await self.store.load_events(record.id, 0 if folded is None else folded.seq)
        if folded is None:
            if not stored:
                return None
            folded = _Folded(NightTally(table_event_from_dict(stored[0].data)), stored[0].seq)
            stored = stored[1:]
            self._folded[record.id] = folded
        if stored:
            await asyncio.to_thread(_add, folded, stored)
        return folded


def _add(folded: _Folded, stored: list[StoredEvent]) -> None:
    for item in stored:
        folded.tally.add(table_event_from_dict(item.data))
        folded.seq = item.seq
