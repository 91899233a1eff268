"""Tables for the table tests: players at given seats with given stacks, a hand if asked.

``seated({0: 1000, 2: 800})`` opens a table (no-limit hold'em 10/20, nine seats, no
debt cap, unless other settings are given) and sits "p0" ("Player 0") at seat 0 with
1,000, then "p2" ("Player 2") at seat 2 with 800. ``players=("ann", "bob")`` seats
those instead ("Ann", "Bob"). The first player seated hosts. ``deal=seed`` deals a
first hand with ``random.Random(seed)``; ``seated_and_told`` gives what the table told
as well. Every command is applied at time 0. ``events_of``, ``start``,
``player_to_act`` and ``check_down`` drive a table through its hands.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from pokernight.table import (
    Act,
    Command,
    Folded,
    HandDealt,
    SitDown,
    StartHand,
    Table,
    TableEvent,
    TableSettings,
)

NINE_SEATS = TableSettings(debt_cap=None, seats=9)  # no-limit hold'em 10/20, buy-ins 400 to 2,000


def seated_and_told(
    stacks: Mapping[int, int],
    settings: TableSettings = NINE_SEATS,
    *,
    players: Sequence[str] | None = None,
    deal: int | None = None,
) -> tuple[Table, list[Folded]]:
    """A table with a player at each seat of ``stacks`` (seat: buy-in), seated in that
    order; and everything the table told: each sitting down, then the deal if any."""
    if players is None:
        people = [(f"p{seat}", f"Player {seat}") for seat in stacks]
    else:
        people = [(player, player.capitalize()) for player in players]
    table = Table.open(settings, host=people[0][0])
    told: list[Folded] = []
    for (seat, stack), (player, name) in zip(stacks.items(), people, strict=True):
        told += table.apply(SitDown(seat, player, name, stack), 0.0)
    if deal is not None:
        dealt = table.apply(StartHand(random.Random(deal)), 0.0)
        assert isinstance(dealt[0].event, HandDealt), dealt
        told += dealt
    return table, told


def seated(
    stacks: Mapping[int, int],
    settings: TableSettings = NINE_SEATS,
    *,
    players: Sequence[str] | None = None,
    deal: int | None = None,
) -> Table:
    """``seated_and_told``'s table."""
    return seated_and_told(stacks, settings, players=players, deal=deal)[0]


def events_of(table: Table, command: Command, now: float) -> list[TableEvent]:
    """The table events ``command`` caused."""
    return [folded.event for folded in table.apply(command, now)]


def start(table: Table, now: float = 0.0, seed: int = 1) -> HandDealt:
    started = events_of(table, StartHand(random.Random(seed)), now)[0]
    assert isinstance(started, HandDealt)
    return started


def player_to_act(table: Table) -> str:
    assert table.hand is not None and table.started is not None and table.hand.to_act is not None
    return table.seats[table.started.seats[table.hand.to_act]].player_id


def check_down(table: Table, now: float = 0.0) -> None:
    """Everybody calls or checks (stands pat in a draw round) until the hand is over."""
    while table.hand is not None:
        legal = table.hand.legal_actions()
        assert legal is not None
        kind = "bring_in" if legal.can_bring_in else "check" if legal.can_check else "call"
        kind = "draw" if legal.can_draw else kind  # a draw round: stand pat
        table.apply(Act(player_to_act(table), kind), now)
