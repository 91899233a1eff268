"""A table's versions as sent: the table, a ring of recent versions, the last hands.

``TableVersions`` turns each table event, once folded into the table (a
``Folded``: the event with the hand events it caused), into its version
(``WireEvent``, encoded once per view as a ``Version``), keeps the last
``ring_size`` of them to resume reconnecting clients, the last finished
hands (public cards only, with their public fairness proof, as JSON text) for
the hands endpoint, and the players' statistics over every finished hand. The same
path runs live and when a table is rebuilt from the store after a restart, so
both produce the same versions.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.history.night import expected_results
from pokernight.history.recap import Bounty, RecapTally, recap_hand
from pokernight.history.stats import TableStats
from pokernight.history.table_export import PlayedHand
from pokernight.rules import CardsShown, PotAwarded, visible_events
from pokernight.server.tables.wire import (
    Version,
    WireEvent,
    encode,
    event_json,
    table_event_wire,
)
from pokernight.store import StoredEvent
from pokernight.table import (
    BountyPaid,
    Folded,
    HandDealt,
    HandFinished,
    PlayerActed,
    PlayerSeated,
    Table,
    evolve,
    table_event_from_dict,
)
from pokernight.table.settings import MAX_STREAM_DELAY_SECONDS


@dataclass(frozen=True, slots=True)
class Recent:
    """A version rebuilt from the store while the stream delay was on, with the table it
    left and when it was saved: the stream delay starts again from these (decision 68)."""

    version: Version
    table: Table
    at: float
    acted: bool
    hand_ended: bool


RECENT_SECONDS = MAX_STREAM_DELAY_SECONDS
"""How far back the versions kept for the stream delay go, besides the hand in play."""

RING_SIZE = 128
"""About five hands of six players: a phone that blinks off resumes from memory; longer gaps
get a snapshot (the store has every event). 512 cost 10 MiB per 100 tables."""
HANDS_KEPT = 20


class TableVersions:
    """The versions of ``table``, a table just opened: its opening is version 1."""

    def __init__(self, table: Table, ring_size: int = RING_SIZE) -> None:
        self.table = table
        self.version = 0
        self.ring: deque[Version] = deque(maxlen=ring_size)
        self.hands: deque[str] = deque(maxlen=HANDS_KEPT)
        """Each as JSON text: a few times smaller than the dicts, and sent as it is."""
        # Everybody who ever sat here, by player id (those who left included), for the ledger.
        self.names: dict[str, str] = {}
        self.stats = TableStats()
        # By player id, the chips the all-in runouts gave beyond the players' equity (decision
        # 67): the ledger's expected column is the net less this.
        self.luck: dict[str, int] = {}
        # The night's recap, summed as the hands finish (issue 37: shown when it closes).
        self.recap = RecapTally()
        # Who was dealt the hand in play, (name, player id) by hand seat: kept when it starts,
        # since by the time its end is recorded they may have left (a table closing).
        self.dealt: tuple[tuple[str, str], ...] = ()
        self.record(Folded(table.opened))
        # Rebuilt from the store with the stream delay on: the versions a delayed
        # spectator may not have seen yet (``from_stored``); empty otherwise.
        self.recent: list[Recent] = []

    @classmethod
    def from_stored(
        cls, stored: Sequence[StoredEvent], ring_size: int = RING_SIZE
    ) -> TableVersions:
        """Rebuild a table, its hand in progress included, by folding its stored events."""
        events = [table_event_from_dict(item.data) for item in stored]
        versions = cls(Table.from_events(events[:1]), ring_size)
        for item, event in zip(stored[1:], events[1:], strict=True):
            version = versions.record(evolve(versions.table, event))
            versions._keep_recent(version, event, item.at)
        return versions

    def _keep_recent(self, version: Version, event: object, at: float) -> None:
        """While the stream delay is on, each version rebuilt, with a copy of the table it
        left (the fold changes the table in place): the last hand's and the last ten
        minutes', what a delay may still be holding, after the one it starts from."""
        if not self.table.upcoming_settings.stream_delayed:
            self.recent.clear()
            return
        ended = isinstance(event, HandFinished)
        recent = self.recent
        recent.append(Recent(version, self.table.copy(), at, isinstance(event, PlayerActed), ended))
        last_end = max((i for i, kept in enumerate(recent) if kept.hand_ended), default=-1)
        # The first kept is where the delay starts again (shown at once): the newest that
        # any delay has let go, once there is one (before a hand's end, older than any).
        old = 0
        while old + 1 <= last_end and recent[old + 1].at < at - RECENT_SECONDS:
            old += 1
        del recent[:old]

    def record(self, folded: Folded, wire: WireEvent | None = None) -> Version:
        """The next version: ``folded``, just folded into the table, as it is sent; ``wire``:
        the version made from the table as the event left it, when more events followed it
        (the actor's ``between``), else it is made from the table now."""
        if isinstance(folded.event, HandDealt):
            seats = self.table.seats
            self.dealt = tuple((seats[n].name, seats[n].player_id) for n in folded.event.seats)
        if isinstance(folded.event, HandFinished):
            self._keep_finished_hand(folded)
        if isinstance(folded.event, PlayerSeated):
            self.names[folded.event.player_id] = folded.event.name
        if isinstance(folded.event, BountyPaid):
            event, seat = folded.event, self.table.seats.get(folded.event.seat)
            if seat is not None:
                self.recap.bounty(Bounty(event.hand_number, seat.player_id, event.total))
        self.version += 1
        version = Version.of(wire or table_event_wire(self.version, folded, self.table))
        self.ring.append(version)
        return version

    def since(self, last_seq: int) -> list[Version] | None:
        """The versions after ``last_seq`` from the ring; None when they are no longer all there."""
        if last_seq > self.version:
            return None
        if last_seq == self.version:
            return []
        if not self.ring or self.ring[0].v > last_seq + 1:
            return None
        return [wire for wire in self.ring if wire.v > last_seq]

    def _keep_finished_hand(self, finished: Folded) -> None:
        """The hand ``finished`` ended (the table keeps it as its last hand)."""
        event, hand, started = finished.event, self.table.last_hand, self.table.last_started
        if hand is None or started is None or not isinstance(event, HandFinished):
            return
        names = tuple(name for name, _ in self.dealt)
        ids = tuple(player_id for _, player_id in self.dealt)
        self.stats.add(PlayedHand(started, hand, names, ids))
        results = tuple(
            after - before for before, after in zip(started.stacks, event.stacks, strict=True)
        )
        expected = expected_results(hand.events, results)
        for player_id, result, could in zip(ids, results, expected, strict=True):
            if result != could:
                self.luck[player_id] = self.luck.get(player_id, 0) + result - could
        self.recap.add(
            recap_hand(
                started.hand_number,
                started.variant,
                ids,
                hand.events,
                results=results,
                expected=expected,
            )
        )
        fairness = None if finished.proof is None else finished.proof.for_seat(None)
        self.hands.append(
            encode(
                {
                    "hand_number": started.hand_number,
                    "variant": started.variant,
                    "stakes": started.to_dict()["stakes"],
                    "seats": list(started.seats),
                    "names": list(names),
                    "stacks_before": list(started.stacks),
                    "stacks_after": list(event.stacks),
                    # Each seat's result had the pots run out all in gone by equity.
                    "expected": list(expected),
                    # What a list of hands shows before the replay is opened.
                    "pot": sum(item.amount for item in hand.events if isinstance(item, PotAwarded)),
                    "showdown": any(isinstance(item, CardsShown) for item in hand.events),
                    "commitment": started.commitment,
                    "fairness": fairness,
                    "events": [event_json(item) for item in visible_events(hand.events, None)],
                }
            )
        )


async def folded_back(stored: Sequence[StoredEvent], ring_size: int) -> TableVersions:
    """``TableVersions.from_stored`` in a worker thread: a long log takes a while, and the
    process's event loop must go on meanwhile (a room process that takes up many tables at
    once, a dead process's, must still beat its heartbeat, or it loses them all again)."""
    return await asyncio.to_thread(TableVersions.from_stored, stored, ring_size)
