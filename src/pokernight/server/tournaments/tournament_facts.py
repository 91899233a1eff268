"""What a tournament's pages are told: the lobby's tables, the clock's facts, its terms and
prizes and, for a player's own page, where they sit now and what they may do (the
director's: what the director may do, and the deal calculator). Facts only: a page
shows them and never works out a rule (the time left is given; a page only counts it
down between messages; what a person may do is the core's own ``can``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from pokernight.rules import Stakes
from pokernight.tournament import (
    AddOn,
    ChangeStructure,
    Rebuy,
    Start,
    Status,
    Tournament,
    TournamentError,
    Unregister,
    chip_chop,
    icm_deal,
    prizes,
)
from pokernight.tournament.deals import check_deal_possible, prizes_left


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
    playing = {} if tournament.status is Status.FINISHED else tournament.tables
    for number, seats in sorted(playing.items()):
        players = [
            {
                "seat": seat,
                "player_id": player,
                "name": tournament.players[player].name,
                "stack": tournament.players[player].stack,
                "bot": tournament.players[player].bot is not None,
                "bounty": tournament.players[player].bounty,
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
        **terms_json(tournament),
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
                "prize": entrant.prize,
            }
            for entrant in finished
        ],
    }


def terms_json(tournament: Tournament) -> dict[str, Any]:
    """How the tournament is played for: its format and start, the buy-in, the rebuys,
    add-on and bounty it offers, and which of them are open now."""
    structure = tournament.structure
    rebuys, add_on, bounty = structure.rebuys, structure.add_on, structure.bounty
    return {
        "format": str(structure.format),
        "games": list(structure.games),
        "starts_at": structure.starts_at,
        "minimum_entries": structure.minimum_entries,
        "late_registration_level": structure.late_registration_level,
        "registration_open": tournament.registration_open(),
        "buy_in": structure.buy_in,
        "starting_stack": structure.starting_stack,
        "rebuys": None
        if rebuys is None
        else {
            "price": rebuys.price,
            "chips": rebuys.chips,
            "until_level": rebuys.until_level,
            "most": rebuys.most,
            "open": tournament.rebuys_open(),
        },
        "add_on": None
        if add_on is None
        else {
            "price": add_on.price,
            "chips": add_on.chips,
            "level": add_on.level,
            "open": tournament.add_on_open(),
        },
        "bounty": None
        if bounty is None
        else {"amount": bounty.amount, "progressive": bounty.progressive},
    }


def you_json(
    tournament: Tournament, player_id: str, codes: Mapping[int, str], now: float
) -> dict[str, Any]:
    """Where the entrant ``player_id`` is now (their table, its code, seat, stack, place)
    and what the rules let them do now; for the director, what the director may do."""
    if player_id == tournament.director:
        return {
            "player_id": player_id,
            "director": True,
            "registered": False,
            "can": {
                "start": tournament.can(Start(player_id), now),
                "change_structure": tournament.can(
                    ChangeStructure(player_id, tournament.structure), now
                ),
                "record_deal": deal_json(tournament)["open"],
                # A bot's entry is the director's to make (decision 48), while a seat is free.
                "add_bot": tournament.registration_open() and not tournament.field_full(),
            },
        }
    entrant = tournament.players.get(player_id)
    if entrant is None:
        return {"player_id": player_id, "director": False, "registered": False}
    table = entrant.table if entrant.place is None else None
    return {
        "player_id": player_id,
        "director": False,
        "registered": True,
        "name": entrant.name,
        "table": table,
        "code": None if table is None else codes.get(table),
        "seat": entrant.seat,
        "stack": entrant.stack,
        "rebuys": entrant.rebuys,
        "added_on": entrant.added_on,
        "bounty": entrant.bounty,
        "place": entrant.place,
        "prize": entrant.prize,
        "can": {
            "unregister": tournament.can(Unregister(player_id), now),
            "rebuy": tournament.can(Rebuy(player_id), now),
            "add_on": tournament.can(AddOn(player_id), now),
        },
    }


def deal_json(tournament: Tournament) -> dict[str, Any]:
    """The deal calculator: the prizes left and, when the players left may make a deal,
    the ICM deal and the chip chop for each of them; else the reason they may not. (It is
    recorded once the hands in play have ended.)"""
    stacks = {entrant.player_id: entrant.stack for entrant in tournament.alive}
    money = list(prizes_left(tournament))
    try:
        check_deal_possible(tournament)
        chop, icm = chip_chop(stacks, money), icm_deal(stacks, money)
    except TournamentError as refusal:
        return {
            "open": False,
            "reason": str(refusal),
            **refusal.wire(),
            "prizes_left": money,
            "players": [],
        }
    players = [
        {
            "player_id": player,
            "name": tournament.players[player].name,
            "stack": stack,
            "icm": icm[player],
            "chip_chop": chop[player],
        }
        for player, stack in stacks.items()
    ]
    return {"open": True, "reason": None, "prizes_left": money, "players": players}
