"""Each player's numbers over a table's hands (seeds 000 and 001), counted as trackers do.

Every number comes from the public view of a hand (``visible_events(events,
None)``), so none depends on a card nobody was shown. The first betting round
is the pre-flop in board games and third street in stud.

- VPIP: hands in which the player put chips in voluntarily on the first round,
  by a call or a raise. Blinds, antes and the bring-in are forced, and the big
  blind checking is not a choice to pay.
- PFR: hands in which the player raised on the first round (completing the
  bring-in in stud is a raise).
- Aggression factor: bets and raises per call, every round counted.
- Went to showdown: showdowns (the player's hand was shown or mucked at one) per
  hand in which the player saw the second round (the flop, or fourth street).
- Won at showdown: showdowns in which the player took at least part of a pot.
- Biggest pot: the most chips the player collected from the pots of one hand.
- Net: the stack change over each hand (the ledger's result entries), summed.

``TableStats`` folds one finished hand at a time, so a server can keep one per
table and add each hand as it ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from pokernight.history.actions import action_records
from pokernight.history.table_export import PlayedHand
from pokernight.rules import (
    CardsMucked,
    CardsShown,
    Event,
    HandEnded,
    HandStarted,
    PotAwarded,
    StreetStarted,
    visible_events,
)


@dataclass(frozen=True, slots=True)
class SeatTally:
    """What one hand says about one of its seats."""

    voluntary: bool
    raised_first_round: bool
    bets_and_raises: int
    calls: int
    faced_bets: int  # decisions facing a bet to call
    folds_to_bets: int
    saw_second_round: bool
    showed_down: bool
    won: bool
    collected: int
    net: int


def seat_tallies(events: Sequence[Event]) -> tuple[SeatTally, ...]:
    """Every seat's tally, by hand seat, from the events of a finished hand."""
    started, ended = events[0], events[-1]
    if not isinstance(started, HandStarted) or not isinstance(ended, HandEnded):
        raise ValueError("a finished hand's events run from HandStarted to HandEnded")
    records = action_records(events)
    second_round = any(isinstance(e, StreetStarted) and e.index > 0 for e in events)
    showed_down = {e.seat for e in events if isinstance(e, CardsShown | CardsMucked)}
    collected = [0] * len(started.stacks)
    winners: set[int] = set()
    for event in events:
        if isinstance(event, PotAwarded):
            for seat, chips in event.winners:
                collected[seat] += chips
                winners.add(seat)
    tallies = []
    for seat, (before, after) in enumerate(zip(started.stacks, ended.final_stacks, strict=True)):
        mine = [record for record in records if record.seat == seat]
        first_round = [record for record in mine if record.street == 0]
        tallies.append(
            SeatTally(
                voluntary=any(record.is_voluntary_entry for record in first_round),
                raised_first_round=any(record.is_aggressive for record in first_round),
                bets_and_raises=sum(record.is_aggressive for record in mine),
                calls=sum(record.kind == "call" for record in mine),
                faced_bets=sum(record.to_call > 0 for record in mine),
                folds_to_bets=sum(record.kind == "fold" and record.to_call > 0 for record in mine),
                saw_second_round=second_round
                and not any(record.kind == "fold" for record in first_round),
                showed_down=seat in showed_down,
                won=seat in winners,
                collected=collected[seat],
                net=after - before,
            )
        )
    return tuple(tallies)


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One player's counts over a table's hands; the rates are raw (no prior), None
    when nothing was counted under them (no call: no aggression factor)."""

    player_id: str
    name: str
    hands: int = 0
    won: int = 0
    voluntary: int = 0
    raised_first_round: int = 0
    bets_and_raises: int = 0
    calls: int = 0
    saw_second_round: int = 0
    showdowns: int = 0
    showdowns_won: int = 0
    biggest_pot: int = 0
    net: int = 0

    @property
    def vpip_percent(self) -> float | None:
        return _percent(self.voluntary, self.hands)

    @property
    def pfr_percent(self) -> float | None:
        return _percent(self.raised_first_round, self.hands)

    @property
    def aggression_factor(self) -> float | None:
        return self.bets_and_raises / self.calls if self.calls else None

    @property
    def went_to_showdown_percent(self) -> float | None:
        return _percent(self.showdowns, self.saw_second_round)

    @property
    def won_at_showdown_percent(self) -> float | None:
        return _percent(self.showdowns_won, self.showdowns)

    def plus(self, name: str, tally: SeatTally) -> PlayerRow:
        """This row with one more hand, under the name the player had in it."""
        return self.combined(
            PlayerRow(
                self.player_id,
                name,
                hands=1,
                won=int(tally.won),
                voluntary=int(tally.voluntary),
                raised_first_round=int(tally.raised_first_round),
                bets_and_raises=tally.bets_and_raises,
                calls=tally.calls,
                saw_second_round=int(tally.saw_second_round),
                showdowns=int(tally.showed_down),
                showdowns_won=int(tally.showed_down and tally.won),
                biggest_pot=tally.collected,
                net=tally.net,
            )
        )

    def combined(self, other: PlayerRow) -> PlayerRow:
        """The counts of both rows (one person's at two tables), under this row's id and
        ``other``'s name (the later one)."""
        return PlayerRow(
            self.player_id,
            other.name,
            hands=self.hands + other.hands,
            won=self.won + other.won,
            voluntary=self.voluntary + other.voluntary,
            raised_first_round=self.raised_first_round + other.raised_first_round,
            bets_and_raises=self.bets_and_raises + other.bets_and_raises,
            calls=self.calls + other.calls,
            saw_second_round=self.saw_second_round + other.saw_second_round,
            showdowns=self.showdowns + other.showdowns,
            showdowns_won=self.showdowns_won + other.showdowns_won,
            biggest_pot=max(self.biggest_pot, other.biggest_pot),
            net=self.net + other.net,
        )

    def to_dict(self) -> dict[str, Any]:
        """The counts and the rates, ready for JSON."""
        return asdict(self) | {name: getattr(self, name) for name in RATES}


RATES = (
    "vpip_percent",
    "pfr_percent",
    "aggression_factor",
    "went_to_showdown_percent",
    "won_at_showdown_percent",
)


def _percent(count: int, out_of: int) -> float | None:
    return 100 * count / out_of if out_of else None


class TableStats:
    """The players' rows of one table, updated a finished hand at a time."""

    def __init__(self) -> None:
        self._rows: dict[str, PlayerRow] = {}  # by player id, in the order first dealt in

    def add(self, played: PlayedHand) -> None:
        if len(played.player_ids) != len(played.names):
            raise ValueError(f"hand {played.number} has no player ids: stats are kept by id")
        tallies = seat_tallies(visible_events(played.hand.events, None))
        for player_id, name, tally in zip(played.player_ids, played.names, tallies, strict=True):
            row = self._rows.get(player_id) or PlayerRow(player_id, name)
            self._rows[player_id] = row.plus(name, tally)

    def rows(self) -> list[PlayerRow]:
        return list(self._rows.values())
