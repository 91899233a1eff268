"""A table over time: the commands on top of its state (``state.TableState``).

A command is checked against the current state by its topic's decider
(``seating``, ``host_commands``, ``deal``, ``acting``), which answers with the
events it causes or raises a TableError saying why not. Each event is folded in
(``fold.evolve``) and may call for more (``consequences``): a hand that ended is
finished, a second timeout sits the player out, the host's leaving hands the
table on (to a player with a page open, when the caller says who has one); once
they are all folded, a player the host removed during the hand that ended leaves
(``departures``). ``decide`` does all that on a copy and leaves the table as it was, so
the server can save the events before it takes the new table. Replaying the
stored events with ``Table.from_events`` rebuilds the same table, hand in
progress included.

Pure: time arrives as ``now`` (seconds) with each command, randomness as an RNG.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

from pokernight.table import acting, host_commands, rabbit, seating
from pokernight.table.commands import DECIDERS, Act, Command, CommitDeck, RestartClock, StartHand
from pokernight.table.consequences import consequences, departures
from pokernight.table.deal import commit_deck, deal, deck_to_commit, next_deal
from pokernight.table.errors import TableError
from pokernight.table.events import TableEvent, TableOpened
from pokernight.table.fold import evolve
from pokernight.table.folded import Folded
from pokernight.table.settings import TableSettings
from pokernight.table.state import TableState

Between = Callable[[Folded, "Table"], None]

DECIDING_MODULES = (seating, host_commands, acting, rabbit)
"""Where the deciders are: each marks its own ``@decides(Record)`` (``commands.DECIDERS``), so
a new command is decided where it is written, and ``Table`` needs no line for it."""


class Table(TableState):
    @classmethod
    def open(cls, settings: TableSettings, host: str | None, tournament: bool = False) -> Table:
        return cls(TableOpened(settings, host, tournament))

    @classmethod
    def from_events(cls, events: Iterable[TableEvent]) -> Table:
        """Rebuild a table by folding its stored events (the first is ``TableOpened``)."""
        stream = iter(events)
        opened = next(stream, None)
        if not isinstance(opened, TableOpened):
            raise ValueError("a table's events begin with TableOpened")
        table = cls(opened)
        for event in stream:
            evolve(table, event)
        return table

    def verify(self, command: Command, now: float) -> None:
        """Raise a TableError saying why ``command`` would be refused; else nothing."""
        # Checking a deal or a commitment must not draw from its RNG: only making them does.
        if isinstance(command, StartHand):
            next_deal(self, now)
        elif isinstance(command, CommitDeck):
            deck_to_commit(self)
        else:
            self._decide(command, now)

    def can(self, command: Command, now: float) -> bool:
        try:
            self.verify(command, now)
        except TableError:
            return False
        return True

    def decide(
        self,
        command: Command,
        now: float,
        between: Between | None = None,
        present: Collection[str] | None = None,
    ) -> tuple[Table, list[Folded]]:
        """What ``command`` would do, leaving this table as it is: the table it makes and
        the events it causes (each folded into that one), or a TableError saying why not.
        The server saves the events and only then takes the new table: a save that fails
        leaves the table it had. ``between``, ``present``: as ``apply``'s."""
        after = self.copy()
        return after, after.apply(command, now, between, present)

    def apply(
        self,
        command: Command,
        now: float,
        between: Between | None = None,
        present: Collection[str] | None = None,
    ) -> list[Folded]:
        """Carry out ``command``: the events it caused, in order, each folded into the table.

        ``between(folded, table)`` is called with each event that another follows, once it
        is folded and before the next is: the table as that event left it (a server tells
        each event with the seats it left, not the seats of the last). ``present``: the
        players with a page open, if the caller knows (None: everybody counts as there):
        a host who leaves or is sat out by the clock hands the table to one of them."""
        pending = self._decide(command, now)
        done: list[Folded] = []
        while pending:
            folded = evolve(self, pending.pop(0))
            done.append(folded)
            pending[:0] = consequences(self, folded.event, present)
            if not pending:
                pending = departures(self)
            if pending and between is not None:
                between(folded, self)
        return done

    def _decide(self, command: Command, now: float) -> list[TableEvent]:
        """The events ``command`` causes, from the decider of its topic."""
        if self.closed:
            raise TableError("table_closed")
        # The clock's and the shuffle's commands take the time and the random source; every
        # other command goes to the decider its record names (decision 61).
        match command:
            case CommitDeck():
                return [commit_deck(self, command.rng, now)]
            case StartHand():
                upcoming = next_deal(self, now)
                return [deal(self, upcoming, command.rng, now, command.contributions)]
            case Act():
                return acting.act(self, command, now)
            case RestartClock():
                return [acting.restart_clock(self, now)]
        decider = DECIDERS.get(type(command))
        if decider is None:
            raise TableError("not_a_command", kind=type(command).__name__)
        events: list[TableEvent] = decider(self, command)
        return events
