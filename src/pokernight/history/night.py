"""One night at a table, summed up from its events: what a club's season adds together.

A table's events are folded once (``TableReplay``) into what the season needs of it:

- the money between people, as the table's own settle-up counts it (bots' chips are
  nobody's money: decision 23), whole chips summing to zero;
- each player's chips bought in, cashed out and won (the ledger's accounts);
- each player's numbers over the hands (``history.stats``, from the public view);
- one line per finished hand: when it was dealt, its game, its pot, whether it went to
  a showdown, and who played it with what result (for the hand search and the graphs),
  and what they could expect (all-in adjusted: ``history.luck``, decision 67);
- each player's all-in luck over the night: the chips won beyond their equity.

A night is keyed by player id (a seat token's player at that table); which member of the
club a player is, is the store's to say, and can change (a claim, a merge), so it is not
part of the night.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from pokernight.history.luck import all_in_luck
from pokernight.history.stats import PlayerRow, TableStats
from pokernight.history.table_export import PlayedHand, TableReplay
from pokernight.rules import CardsMucked, CardsShown, Event, PotAwarded
from pokernight.table import Account, PlayerSeated, TableEvent


@dataclass(frozen=True, slots=True)
class HandLine:
    """A finished hand in a few facts: ``results`` (each player's stack change) and
    ``player_ids`` and ``names`` are by hand seat; ``expected``: each one's result had the
    pots run out all in gone by their equity (the results when nothing ran out all in)."""

    number: int
    at: float
    variant: str
    pot: int
    showdown: bool
    player_ids: tuple[str, ...]
    names: tuple[str, ...]
    results: tuple[int, ...]
    expected: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not self.expected:
            object.__setattr__(self, "expected", self.results)


@dataclass(frozen=True, slots=True)
class Night:
    names: dict[str, str]
    """Every player who sat, by id, under the name they last had here."""
    bots: frozenset[str]
    balances: dict[str, int]
    """What settling up pays each person (negative: what they pay); bots left out."""
    accounts: dict[str, Account]
    stats: tuple[PlayerRow, ...]
    hands: tuple[HandLine, ...]
    luck: dict[str, int] = field(default_factory=dict)
    """By player id, the chips the all-in runouts gave beyond their equity (negative: took);
    what they could expect is their net less this."""

    def expected(self, player_id: str) -> int:
        """The player's net, all-in adjusted."""
        return self.accounts[player_id].net - self.luck.get(player_id, 0)

    @property
    def people(self) -> list[str]:
        """The player ids of the people who sat (not the bots), in the order they came."""
        return [player_id for player_id in self.names if player_id not in self.bots]


def night_of(events: Iterable[TableEvent]) -> Night:
    """The night the table's events tell (a hand still in play counts for nothing yet)."""
    stream = iter(events)
    tally = NightTally(next(stream, None))
    for event in stream:
        tally.add(event)
    return tally.night()


class NightTally:
    """A night summed up as its events come: a server keeps one per table and adds the
    events stored since it last looked."""

    def __init__(self, opened: TableEvent | None) -> None:
        self._replay = TableReplay(opened)
        self._names: dict[str, str] = {}
        self._stats = TableStats()
        self._hands: list[HandLine] = []
        self._luck: dict[str, int] = {}

    def add(self, event: TableEvent) -> None:
        if isinstance(event, PlayerSeated):
            self._names[event.player_id] = event.name
        played = self._replay.add(event)
        if played is not None:
            self._stats.add(played)
            line = hand_line(played)
            self._hands.append(line)
            for player_id, result, expected in zip(
                line.player_ids, line.results, line.expected, strict=True
            ):
                if result != expected:
                    self._luck[player_id] = self._luck.get(player_id, 0) + result - expected

    def night(self) -> Night:
        ledger = self._replay.table.ledger
        return Night(
            names=dict(self._names),
            bots=frozenset(ledger.bots),
            balances=ledger.between_people.rounded(),
            accounts=dict(ledger.accounts),
            stats=tuple(self._stats.rows()),
            hands=tuple(self._hands),
            luck=dict(self._luck),
        )


def hand_line(played: PlayedHand) -> HandLine:
    events = played.hand.events
    final = played.hand.final_stacks or played.started.stacks
    results = tuple(
        after - before for before, after in zip(played.started.stacks, final, strict=True)
    )
    return HandLine(
        number=played.number,
        at=played.started.at,
        variant=played.started.variant,
        pot=sum(event.amount for event in events if isinstance(event, PotAwarded)),
        showdown=any(isinstance(event, CardsShown | CardsMucked) for event in events),
        player_ids=played.player_ids,
        names=played.names,
        results=results,
        expected=expected_results(events, results),
    )


def expected_results(events: Sequence[Event], results: tuple[int, ...]) -> tuple[int, ...]:
    """Each hand seat's result with the pots run out all in shared by equity."""
    luck = all_in_luck(events)
    if luck is None:
        return results
    return tuple(result - luck.luck(seat) for seat, result in enumerate(results))
