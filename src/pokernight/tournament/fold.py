"""The fold: one stored event applied to the tournament's state.

Events are trusted (they were decided against this state): folding checks nothing.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from pokernight.tournament.events import (
    AddedOn,
    BountyCollected,
    BreakStarted,
    Busted,
    ChipsColouredUp,
    DealRecorded,
    Eliminated,
    FinalTableDrawn,
    Finished,
    HandForHandEntered,
    HandForHandLeft,
    HandForHandRoundPlayed,
    HandPlayed,
    HandStarted,
    LevelStarted,
    PlayerMoved,
    PrizeAwarded,
    PrizePoolFixed,
    Rebought,
    Registered,
    Seated,
    Started,
    StructureChanged,
    TableAdded,
    TableBroken,
    TournamentCreated,
    TournamentEvent,
    Unregistered,
)
from pokernight.tournament.state import Bust, Entrant, HandInPlay, Status, TournamentState


def evolve(state: TournamentState, event: TournamentEvent) -> None:
    """Fold ``event`` into ``state`` (in place)."""
    match event:
        case TournamentCreated():
            raise ValueError("a tournament is created only once")
        case StructureChanged():
            state.structure = event.structure
            state.chips_in_play = event.structure.chips
        case Registered():
            _registered(state, event)
        case Unregistered():
            del state.players[event.player_id]
            state.entries -= 1
            state.pool -= state.structure.buy_in
        case Started():
            state.status = Status.RUNNING
            state.started_at = event.at
            state.tables = {number: {} for number in event.tables}
            state.opened_seats = {number: [] for number in event.tables}
            state.next_table = max(event.tables) + 1
        case TableAdded():
            state.tables[event.table] = {}
            state.opened_seats[event.table] = []
            state.next_table = event.table + 1
        case Seated():
            state.tables[event.table][event.seat] = event.player_id
            _update(state, event.player_id, table=event.table, seat=event.seat, stack=event.stack)
        case LevelStarted():
            state.level = event.level
            state.on_break = None
            last = len(state.structure.levels)
            minutes = state.structure.minutes_of(event.level)
            state.period_ends_at = math.inf if event.level >= last else event.at + minutes * 60
        case BreakStarted():
            state.on_break = event
            state.colour_up_due = event.colour_up
            state.period_ends_at = event.until
        case ChipsColouredUp():
            _coloured_up(state, event)
        case HandStarted():
            state.hands_started += 1
            seated = state.tables[event.table].values()
            stacks = {player: state.players[player].stack for player in seated}
            state.in_play[event.table] = HandInPlay(
                state.hands_started, stacks, state.hand_for_hand
            )
        case HandPlayed():
            _hand_played(state, event)
        case Busted():
            _update(state, event.player_id, rebuy_until=event.until)
        case Rebought():
            entrant = state.players[event.player_id]
            _update(
                state,
                event.player_id,
                stack=entrant.stack + event.chips,
                rebuys=entrant.rebuys + 1,
                rebuy_until=None,
            )
            state.busts = [bust for bust in state.busts if bust.player_id != event.player_id]
            state.pool += event.price
        case AddedOn():
            entrant = state.players[event.player_id]
            _update(state, event.player_id, stack=entrant.stack + event.chips, added_on=True)
            state.pool += event.price
        case PrizePoolFixed():
            state.prizes = event.prizes
        case Eliminated():
            _eliminated(state, event)
        case PrizeAwarded():
            _update(state, event.player_id, prize=event.amount)
        case BountyCollected():
            _update(state, event.from_player, bounty=0)  # taken (shares were counted before)
            if event.added:
                taker = state.players[event.player_id]
                _update(state, event.player_id, bounty=taker.bounty + event.added)
        case PlayerMoved():
            _moved(state, event)
        case TableBroken():
            del state.tables[event.table]
            state.positions.pop(event.table, None)
            state.opened_seats.pop(event.table, None)
        case HandForHandEntered():
            state.hand_for_hand = True
        case HandForHandRoundPlayed():
            state.round += 1
            state.round_played = set()
        case HandForHandLeft():
            state.hand_for_hand = False
            state.round_played = set()
        case FinalTableDrawn():
            _final_table(state, event)
        case DealRecorded():
            state.deal = dict(event.amounts)
        case Finished():
            state.status = Status.FINISHED
            state.finished_at = event.at
            for player, place in event.places:
                _update(state, player, place=place)
            state.in_play.clear()


def _registered(state: TournamentState, event: Registered) -> None:
    state.entries += 1
    bounty = state.structure.bounty
    state.players[event.player_id] = Entrant(
        event.player_id,
        event.name,
        entry=max((entrant.entry for entrant in state.players.values()), default=0) + 1,
        bot=event.bot,
        stack=state.structure.starting_stack,
        bounty=0 if bounty is None else bounty.amount,
    )
    state.pool += state.structure.buy_in


def _coloured_up(state: TournamentState, event: ChipsColouredUp) -> None:
    for player, stack in event.stacks:
        state.chips_created += stack - state.players[player].stack
        _update(state, player, stack=stack)
    state.chips_in_play = tuple(chip for chip in state.chips_in_play if chip != event.chip)
    state.colour_up_due = None


def _hand_played(state: TournamentState, event: HandPlayed) -> None:
    hand = state.in_play.pop(event.table)
    for player, stack in event.stacks:
        _update(state, player, stack=stack)
    state.positions[event.table] = event.positions
    if hand.hand_for_hand:
        state.round_played.add(event.table)
    pending = {bust.player_id for bust in state.busts}
    takers = {knockout.player_id: knockout.by for knockout in event.knockouts}
    for player, stack in event.stacks:
        if stack == 0 and player not in pending:
            state.busts.append(
                Bust(
                    player,
                    event.table,
                    hand.stacks.get(player, 0),
                    hand.number,
                    takers.get(player, ()),
                    state.round if hand.hand_for_hand else None,
                )
            )


def _eliminated(state: TournamentState, event: Eliminated) -> None:
    entrant = state.players[event.player_id]
    state.busts = [bust for bust in state.busts if bust.player_id != event.player_id]
    if entrant.table is not None and entrant.seat is not None:
        del state.tables[entrant.table][entrant.seat]
        state.opened_seats[entrant.table].append(entrant.seat)
    _update(state, event.player_id, place=event.place, table=None, seat=None, rebuy_until=None)


def _moved(state: TournamentState, event: PlayerMoved) -> None:
    del state.tables[event.from_table][event.from_seat]
    state.opened_seats[event.from_table].append(event.from_seat)
    state.tables[event.to_table][event.to_seat] = event.player_id
    _update(state, event.player_id, table=event.to_table, seat=event.to_seat)


def _final_table(state: TournamentState, event: FinalTableDrawn) -> None:
    state.tables = {event.table: {seat: player for player, seat in event.seats}}
    state.positions = {}
    state.opened_seats = {event.table: []}
    state.next_table = event.table + 1
    for player, seat in event.seats:
        _update(state, player, table=event.table, seat=seat)


def _update(state: TournamentState, player_id: str, **changes: Any) -> None:
    state.players[player_id] = replace(state.players[player_id], **changes)
