"""The hands a table played, read back from its stored events, ready to export.

A table is the fold of its events, so folding them again replays every hand
exactly as it was played; each hand is yielded once it is over, with the
names the players had at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from pokernight.rules import Hand
from pokernight.table import HandDealt, HandFinished, Table, TableEvent, TableOpened, evolve


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A finished hand: the table's ``started`` event (table seats, time, stakes), the
    engine's ``hand``, and the players' ``names`` and ``player_ids`` by hand seat (ids
    empty when the maker of the record did not give them)."""

    started: HandDealt
    hand: Hand
    names: tuple[str, ...]
    player_ids: tuple[str, ...] = ()

    @property
    def number(self) -> int:
        return self.started.hand_number


def played_hands(events: Iterable[TableEvent]) -> Iterator[PlayedHand]:
    """Every hand the events finish, in order (a hand still in play is left out)."""
    return TableReplay(events).hands()


class TableReplay:
    """A table folded again from its events: each finished hand as it goes by, and the
    table as the events leave it once ``hands`` is exhausted."""

    def __init__(self, events: Iterable[TableEvent]) -> None:
        self._stream = iter(events)
        opened = next(self._stream, None)
        if not isinstance(opened, TableOpened):
            raise ValueError("a table's events begin with TableOpened")
        self.table = Table(opened)

    def hands(self) -> Iterator[PlayedHand]:
        table = self.table
        for event in self._stream:
            if isinstance(event, HandFinished) and table.started is not None:
                seats = [table.seats[seat] for seat in table.started.seats]
                evolve(table, event)
                assert table.last_started is not None and table.last_hand is not None
                yield PlayedHand(
                    table.last_started,
                    table.last_hand,
                    tuple(seat.name for seat in seats),
                    tuple(seat.player_id for seat in seats),
                )
            else:
                evolve(table, event)
