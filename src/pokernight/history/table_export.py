"""The hands a table played, read back from its stored events, ready to export.

A table is the fold of its events, so folding them again replays every hand
exactly as it was played; each hand is yielded once it is over, with the
names the players had at the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from pokernight.cards import parse_card
from pokernight.rules import CardsShown, Hand
from pokernight.table import (
    CardsShownByChoice,
    HandDealt,
    HandFinished,
    PlayerActed,
    Table,
    TableEvent,
    TableOpened,
    act_in_hand,
    evolve,
    start_hand,
)


@dataclass(frozen=True, slots=True)
class PlayedHand:
    """A finished hand: the table's ``started`` event (table seats, time, stakes), the
    engine's ``hand``, and the players' ``names`` and ``player_ids`` by hand seat (ids
    empty when the maker of the record did not give them); ``seat_count``: how many
    seats the table had (None: not given)."""

    started: HandDealt
    hand: Hand
    names: tuple[str, ...]
    player_ids: tuple[str, ...] = ()
    seat_count: int | None = None

    @property
    def number(self) -> int:
        return self.started.hand_number


def played_hands(events: Iterable[TableEvent]) -> Iterator[PlayedHand]:
    """Every hand the events finish, in order (a hand still in play is left out)."""
    stream = iter(events)
    replay = TableReplay(next(stream, None))
    for event in stream:
        played = replay.add(event)
        if played is not None:
            yield played


def finished_hand(
    events: Iterable[TableEvent], number: int
) -> tuple[PlayedHand, tuple[CardsShown, ...]] | None:
    """Hand ``number`` if the events finish it, with the cards players chose to show once
    it was over (as the engine's ``CardsShown``, by hand seat); None if they do not."""
    stream = iter(events)
    found = next((hand for hand in played_hands(stream) if hand.number == number), None)
    if found is None:
        return None
    # The rest of the log: a show comes after its hand's end.
    return found, _shown_after(stream, found.started)


def hand_from_its_events(
    events: Iterable[TableEvent], names: Sequence[str], player_ids: Sequence[str]
) -> tuple[PlayedHand, tuple[CardsShown, ...]] | None:
    """The hand whose ``HandDealt`` the events begin with, played from its own events
    alone (the table's other events change nothing in a hand), as ``finished_hand`` gives
    it; ``names`` and ``player_ids``: its seats' at the deal, by hand seat (the log's
    ``PlayerSeated`` events, long before, said them). None if the events do not finish it.

    For a replay that reads one hand of a long log (``TableLog.hand_log``): the events must
    reach on to where the hand's cards may last be shown (until the next hand ends)."""
    stream = iter(events)
    started = next(stream, None)
    if not isinstance(started, HandDealt):
        raise ValueError("a hand's own events begin with its HandDealt")
    hand = start_hand(started)
    number = started.hand_number
    for event in stream:
        if isinstance(event, HandFinished) and event.hand_number == number:
            played = PlayedHand(started, hand, tuple(names), tuple(player_ids))
            return played, _shown_after(stream, started)
        if isinstance(event, PlayerActed) and event.hand_number == number:
            hand = act_in_hand(hand, started, event)
    return None


def _shown_after(rest: Iterable[TableEvent], started: HandDealt) -> tuple[CardsShown, ...]:
    """The cards players of the hand ``started`` dealt chose to show after it ended."""
    seats, number = started.seats, started.hand_number
    return tuple(
        CardsShown(seats.index(event.seat), tuple(parse_card(card) for card in event.cards))
        for event in rest
        if isinstance(event, CardsShownByChoice) and event.hand_number == number
    )


class TableReplay:
    """A table folded again from its events, one at a time: ``add`` gives each hand as it
    finishes, and ``table`` is the table as the events so far leave it."""

    def __init__(self, opened: TableEvent | None) -> None:
        if not isinstance(opened, TableOpened):
            raise ValueError("a table's events begin with TableOpened")
        self.table = Table(opened)

    def add(self, event: TableEvent) -> PlayedHand | None:
        table = self.table
        if not isinstance(event, HandFinished) or table.started is None:
            evolve(table, event)
            return None
        seats = [table.seats[seat] for seat in table.started.seats]
        seat_count = table.settings.seats  # the hand's (a change waits for the next)
        evolve(table, event)
        assert table.last_started is not None and table.last_hand is not None
        return PlayedHand(
            table.last_started,
            table.last_hand,
            tuple(seat.name for seat in seats),
            tuple(seat.player_id for seat in seats),
            seat_count,
        )
