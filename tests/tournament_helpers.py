"""Tournaments for the tournament tests, driven by hand: no table plays, the test says how
each hand ended.

``registered(structure, count)`` creates a tournament directed by "td" and registers
"p0", "p1", ... ("Player 0", ...); a sit-and-go that fills starts there and then.
``play_hand(tournament, table, changes)`` deals a hand at ``table`` and reports it with
each player's stack changed by ``changes`` (the chips lost go to the winners named,
else are taken from nobody: the changes must sum to zero); a player left with nothing
was knocked out by the players who won chips. Every command is applied with the
tournament's RNG ``RNG_SEED`` at the time given (0 by default).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TypeVar

from pokernight.table import plan_blinds
from pokernight.tournament import (
    Register,
    ReportHand,
    StartHand,
    Structure,
    Tournament,
    TournamentEvent,
)

RNG_SEED = 5
DIRECTOR = "td"


def rng() -> random.Random:
    return random.Random(RNG_SEED)


def registered(structure: Structure, count: int, now: float = 0.0) -> Tournament:
    tournament = Tournament.create(structure, DIRECTOR)
    draw = rng()
    for index in range(count):
        tournament.apply(Register(f"p{index}", f"Player {index}"), now, draw)
    return tournament


def report_for(tournament: Tournament, table: int, changes: Mapping[str, int]) -> ReportHand:
    """The report of a hand at ``table`` that changed the stacks by ``changes``."""
    assert sum(changes.values()) == 0, "a hand moves chips, it makes none"
    seated = tournament.tables[table]
    stacks = {player: tournament.players[player].stack for player in seated.values()}
    for player, change in changes.items():
        stacks[player] += change
    winners = tuple(player for player, change in changes.items() if change > 0)
    knockouts = {
        player: winners for player, stack in stacks.items() if stack == 0 and changes.get(player)
    }
    # The positions the hand was dealt with, as the table would have dealt it.
    with_chips = sorted(seat for seat, player in seated.items() if tournament.players[player].stack)
    plan = plan_blinds(
        tournament.positions.get(table), with_chips, (), (), tournament.structure.seats
    )
    assert plan is not None
    return ReportHand(table, stacks, plan.positions, knockouts)


def play_hand(
    tournament: Tournament,
    table: int,
    changes: Mapping[str, int] | None = None,
    now: float = 0.0,
) -> list[TournamentEvent]:
    """Deal a hand at ``table`` and report it: the events both caused."""
    draw = rng()
    events = tournament.apply(StartHand(table), now, draw)
    return events + tournament.apply(report_for(tournament, table, changes or {}), now, draw)


def bust(tournament: Tournament, player: str, to: str | None = None) -> dict[str, int]:
    """The changes of a hand in which ``player`` loses every chip to ``to`` (default: the
    next player at their table)."""
    entrant = tournament.players[player]
    assert entrant.table is not None
    if to is None:
        others = [other for other in tournament.tables[entrant.table].values() if other != player]
        to = others[0]
    return {player: -entrant.stack, to: entrant.stack}


Kind = TypeVar("Kind", bound=TournamentEvent)


def of_type(events: list[TournamentEvent], kind: type[Kind]) -> list[Kind]:
    return [event for event in events if isinstance(event, kind)]
