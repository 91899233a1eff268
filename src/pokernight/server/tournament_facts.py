"""What a tournament's pages are told: the lobby's tables, the clock's facts, the prizes and,
for a player's own page, where they sit now. Facts only: a page shows them and never
works out a rule (the time left is given; a page only counts it down between messages).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from pokernight.rules import Stakes
from pokernight.tournament import Status, Tournament, prizes


def stakes_json(stakes: Stakes) -> dict[str, int]:
    """The amounts a level is played for, the ones that are not zero."""
    amounts = {
        "small_blind": stakes.small_blind,
        "big_blind": stakes.big_blind,
        "ante": stakes.ante,
        "big_blind_ante": stakes.big_blind_ante,
        "bring_in": stakes.bring_in,
    }
    return {name: amount for name, amount in amounts.items() if amount}


def prize_list(tournament: Tournament) -> list[int]:
    """The prizes by place: fixed once the pool is, else as the pool and field stand now."""
    if tournament.prizes is not None:
        return list(tournament.prizes)
    structure = tournament.structure
    if tournament.entries < 2:
        return []
    payouts = structure.payouts_for(tournament.entries)
    return list(prizes(tournament.pool, payouts, structure.rounding))


def clock_json(tournament: Tournament, now: float) -> dict[str, Any]:
    """The clock's facts: the level (or the break), the time left, the blinds now and next."""
    structure = tournament.structure
    level = max(tournament.level, 1)
    last = len(structure.levels)
    ends_at = tournament.period_ends_at
    seconds_left = None if math.isinf(ends_at) else max(ends_at - now, 0.0)
    running = tournament.status is Status.RUNNING
    next_level = level + 1 if level < last else None
    return {
        "level": level,
        "on_break": tournament.on_break is not None,
        "seconds_left": seconds_left if running else None,
        "game": structure.game_at(level).key,
        "stakes": stakes_json(structure.played_stakes(level)),
        "next_level": next_level,
        "next_stakes": None
        if next_level is None
        else stakes_json(structure.played_stakes(next_level)),
        "break_next": structure.break_after(level) is not None,
    }


def tournament_json(
    tournament_id: int, tournament: Tournament, codes: Mapping[int, str], now: float
) -> dict[str, Any]:
    """Everything the lobby and the clock show; ``codes``: each table's room code."""
    alive = tournament.alive
    chips = sum(entrant.stack for entrant in alive)
    tables = []
    for number, seats in sorted(tournament.tables.items()):
        players = [
            {
                "seat": seat,
                "player_id": player,
                "name": tournament.players[player].name,
                "stack": tournament.players[player].stack,
                "bot": tournament.players[player].bot is not None,
            }
            for seat, player in sorted(seats.items())
        ]
        tables.append({"number": number, "code": codes.get(number), "players": players})
    table_prizes = prize_list(tournament)
    finished = sorted(
        (entrant for entrant in tournament.players.values() if entrant.place is not None),
        key=lambda entrant: (entrant.place, entrant.entry),
    )
    return {
        "type": "tournament",
        "id": tournament_id,
        "name": tournament.structure.name,
        "status": str(tournament.status),
        "entries": tournament.entries,
        "seats_to_fill": max(tournament.structure.entries - tournament.entries, 0),
        "registered": [entrant.name for entrant in tournament.players.values()],
        "players_left": len(alive),
        "average_stack": chips // len(alive) if alive else 0,
        "prize_pool": tournament.pool,
        "payouts": table_prizes,
        "hand_for_hand": tournament.hand_for_hand,
        "clock": clock_json(tournament, now),
        "tables": tables,
        "places": [
            {
                "place": entrant.place,
                "name": entrant.name,
                "prize": _prize_of(table_prizes, entrant.place),
            }
            for entrant in finished
        ],
    }


def you_json(tournament: Tournament, player_id: str, codes: Mapping[int, str]) -> dict[str, Any]:
    """Where the entrant ``player_id`` is now: their table (its code), seat, stack, place."""
    entrant = tournament.players.get(player_id)
    if entrant is None:
        return {"player_id": player_id, "registered": False}
    table = entrant.table if entrant.place is None else None
    return {
        "player_id": player_id,
        "registered": True,
        "name": entrant.name,
        "table": table,
        "code": None if table is None else codes.get(table),
        "seat": entrant.seat,
        "stack": entrant.stack,
        "place": entrant.place,
        "prize": _prize_of(prize_list(tournament), entrant.place),
    }


def _prize_of(table_prizes: list[int], place: int | None) -> int:
    if place is None or place > len(table_prizes):
        return 0
    return table_prizes[place - 1]
