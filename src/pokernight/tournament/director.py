"""What the tournament director does by themselves once a command's events are folded.

``next_events`` looks at the tournament as it stands at ``now`` and answers with
the next thing due, as events, or nothing: ``Tournament.apply`` folds them and asks
again until nothing is due. In order:

1. a sit-and-go that is full, or a scheduled tournament at its time, starts;
2. the clock: the next level, or a break;
3. at a break that colours up, the chip race, once no table is in a hand;
4. a late entrant draws a seat (a new table if every table is full);
5. a hand-for-hand round is over once every table has played its hand;
6. the prize pool is fixed when nothing can add to it any more, or the money is near;
7. a player who lost every chip in the rebuy period is told how long they may rebuy;
8. players out are placed and paid, one hand (or hand-for-hand round) at a time;
9. the last player wins, or a recorded deal ends it;
10. hand-for-hand play begins on the bubble, and ends when it bursts;
11. the final table is drawn, or a table breaks, or a player moves to balance.
"""

from __future__ import annotations

from random import Random

from pokernight.tournament import seating
from pokernight.tournament.colour_up import chip_race
from pokernight.tournament.eliminations import elimination_events, own_bounty
from pokernight.tournament.errors import TournamentError
from pokernight.tournament.events import (
    BreakStarted,
    Busted,
    FinalTableDrawn,
    Finished,
    HandForHandEntered,
    HandForHandLeft,
    HandForHandRoundPlayed,
    LevelStarted,
    PlayerMoved,
    PrizeAwarded,
    PrizePoolFixed,
    Seated,
    Started,
    TableAdded,
    TableBroken,
    TournamentEvent,
)
from pokernight.tournament.payouts import prizes
from pokernight.tournament.state import Bust, Entrant, Status, TournamentState
from pokernight.tournament.structure import Format, Structure

MOVED_TO_BALANCE = "balance"
MOVED_FROM_BROKEN_TABLE = "broken"


def next_events(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    """The next thing due at ``now`` (empty: nothing)."""
    if state.status is Status.REGISTERING:
        return start_events(state, now, rng) if start_due(state, now) else []
    if state.status is not Status.RUNNING:
        return []
    for step in (
        _clock,
        _colour_up,
        _seat_late_entrants,
        _round_over,
        _fix_pool,
        _rebuy_windows,
        _eliminate,
        _finish,
        _hand_for_hand,
        _final_table,
        _break_table,
        _balance,
    ):
        events = step(state, now, rng)
        if events:
            return events
    return []


# Starting --------------------------------------------------------------------------------


def start_due(state: TournamentState, now: float) -> bool:
    structure = state.structure
    if structure.format is Format.SIT_AND_GO:
        return state.field_full()
    assert structure.starts_at is not None
    return now >= structure.starts_at and start_refusal(state) is None


def start_refusal(state: TournamentState) -> TournamentError | None:
    """Why the tournament cannot start now, or None."""
    structure = state.structure
    if state.entries < structure.minimum_entries:
        return TournamentError(
            "start_entries", minimum=structure.minimum_entries, entries=state.entries
        )
    places = structure.payouts_for(state.entries).places
    if places > state.entries:
        return TournamentError("start_places", places=places, entries=state.entries)
    return None


def start_events(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    """The start: the tables, everybody's drawn seat, level 1."""
    structure = state.structure
    tables = seating.first_draw(list(state.players), structure.seats, rng)
    events: list[TournamentEvent] = [Started(now, tuple(tables))]
    for number, seated in tables.items():
        events += [
            Seated(player, number, seat, structure.starting_stack)
            for seat, player in sorted(seated.items())
        ]
    events.append(level_started(structure, 1, now))
    return events


def level_started(structure: Structure, level: int, at: float) -> LevelStarted:
    return LevelStarted(level, at, structure.game_at(level).key, structure.stakes_at(level))


# The clock -------------------------------------------------------------------------------


def _clock(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    if now < state.period_ends_at:
        return []
    end = state.period_ends_at
    if state.on_break is not None:
        return [level_started(state.structure, state.level + 1, end)]
    pause = state.structure.break_after(state.level)
    if pause is not None:
        return [BreakStarted(state.level, end, end + pause.minutes * 60, pause.colour_up)]
    return [level_started(state.structure, state.level + 1, end)]


def _colour_up(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    chip = state.colour_up_due
    if chip is None or state.in_play:
        return []
    into = next(denomination for denomination in state.chips_in_play if denomination > chip)
    stacks = {player: entrant.stack for player, entrant in state.players.items()}
    return [chip_race(state.tables, stacks, chip, into, rng)]


# Seats -----------------------------------------------------------------------------------


def _seat_late_entrants(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    waiting = [entrant for entrant in state.alive if entrant.table is None]
    if not waiting:
        return []
    seats = state.structure.seats
    tables = {number: dict(seated) for number, seated in state.tables.items()}
    events: list[TournamentEvent] = []
    next_table = state.next_table
    for entrant in waiting:
        spot = seating.draw_seat(tables, seats, rng)
        if spot is None:
            events.append(TableAdded(next_table))
            tables[next_table] = {}
            spot = (next_table, rng.randrange(seats))
            next_table += 1
        tables[spot[0]][spot[1]] = entrant.player_id
        events.append(Seated(entrant.player_id, spot[0], spot[1], entrant.stack))
    return events


def _final_table(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    seats = state.structure.seats
    if len(state.tables) < 2 or state.players_left > seats or not _all_between_hands(state):
        return []
    drawn = seating.final_draw([entrant.player_id for entrant in state.alive], seats, rng)
    pairs = tuple(sorted((player, seat) for seat, player in drawn.items()))
    return [FinalTableDrawn(state.next_table, pairs)]


def _break_table(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    count, seats = len(state.tables), state.structure.seats
    if count < 2 or state.players_left > (count - 1) * seats or state.round_in_progress():
        return []
    if state.players_left <= seats:
        return []  # the final table is drawn instead, once every table's hand is over
    number = state.break_order()[0]
    if number in state.in_play or any(bust.table == number for bust in state.busts):
        return []  # it breaks when its hand is over and its players out are placed
    others = {table: dict(seated) for table, seated in state.tables.items() if table != number}
    players = sorted(state.tables[number].items())
    rng.shuffle(players)
    events: list[TournamentEvent] = []
    for seat, player in players:
        spot = seating.draw_seat(others, seats, rng)
        assert spot is not None, "the other tables hold everybody left"
        others[spot[0]][spot[1]] = player
        events.append(PlayerMoved(player, number, seat, *spot, MOVED_FROM_BROKEN_TABLE))
    return [*events, TableBroken(number)]


def _balance(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    if len(state.tables) < 2 or state.round_in_progress():
        return []
    pending = {bust.player_id for bust in state.busts}
    movable = {
        number: {
            seat: player
            for seat, player in state.with_chips(number).items()
            if player not in pending
        }
        for number in state.tables
    }
    move = seating.balancing_move(
        state.tables,
        state.positions,
        state.structure.seats,
        movable=movable,
        busy=frozenset(state.in_play),
        order=state.break_order(),
        opened=state.opened_seats if state.structure.stud_only else None,
    )
    if move is None:
        return []
    return [
        PlayerMoved(
            move.player_id,
            move.from_table,
            move.from_seat,
            move.to_table,
            move.to_seat,
            MOVED_TO_BALANCE,
        )
    ]


# Players out -----------------------------------------------------------------------------


def _round_over(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    if not state.hand_for_hand or not state.round_played:
        return []
    if any(hand.hand_for_hand for hand in state.in_play.values()):
        return []
    # A table that cannot deal (fewer than two players with chips) has nothing to play.
    waiting = [
        number
        for number in state.tables
        if number not in state.round_played and len(state.with_chips(number)) >= 2
    ]
    return [] if waiting else [HandForHandRoundPlayed()]


def _fix_pool(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    if state.prizes is not None:
        return []
    remaining = state.players_left - len(_ready_busts(state, now))
    if state.pool_can_grow() and remaining > state.paid_places + 1:
        return []
    structure = state.structure
    payouts = structure.payouts_for(state.entries)
    return [
        PrizePoolFixed(state.entries, state.pool, prizes(state.pool, payouts, structure.rounding))
    ]


def _rebuy_windows(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    rebuys = state.structure.rebuys
    if rebuys is None:
        return []
    return [
        Busted(bust.player_id, now + rebuys.window_seconds)
        for bust in state.busts
        if state.players[bust.player_id].rebuy_until is None
        and may_still_rebuy(state, state.players[bust.player_id])
    ]


def may_still_rebuy(state: TournamentState, entrant: Entrant) -> bool:
    """A player without chips may still rebuy: the period is open, they have rebuys left,
    and the tournament need not place them now (a table to break, nobody to play)."""
    rebuys = state.structure.rebuys
    if rebuys is None or not state.rebuys_open():
        return False
    if rebuys.most is not None and entrant.rebuys >= rebuys.most:
        return False
    with_chips = sum(1 for other in state.alive if other.stack > 0)
    fewer_tables = state.players_left <= (len(state.tables) - 1) * state.structure.seats
    return with_chips >= 2 and not fewer_tables


def _ready_busts(state: TournamentState, now: float) -> list[Bust]:
    """The busts to place now: not waiting for a hand-for-hand round to end, nor for a
    player who may still rebuy."""
    ready: list[Bust] = []
    for bust in state.busts:
        if bust.round is not None and bust.round >= state.round:
            continue
        entrant = state.players[bust.player_id]
        if may_still_rebuy(state, entrant) and (
            entrant.rebuy_until is None or now < entrant.rebuy_until
        ):
            continue
        ready.append(bust)
    return ready


def _eliminate(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    ready = _ready_busts(state, now)
    if not ready:
        return []
    # One hand (or hand-for-hand round) at a time, the earliest first.
    groups: dict[tuple[str, int], list[Bust]] = {}
    for bust in ready:
        key = ("round", bust.round) if bust.round is not None else ("hand", bust.hand)
        groups.setdefault(key, []).append(bust)
    first = min(groups.values(), key=lambda group: min(bust.hand for bust in group))
    return elimination_events(state, first)


def _finish(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    if state.deal is not None:
        return _deal_finish(state, now)
    alive = state.alive
    if len(alive) != 1 or state.busts or state.in_play:
        return []
    winner = alive[0].player_id
    events: list[TournamentEvent] = []
    if state.prizes and state.prizes[0]:
        events.append(PrizeAwarded(winner, 1, state.prizes[0]))
    return [*events, *own_bounty(state, winner), Finished(now, ((winner, 1),))]


def _deal_finish(state: TournamentState, now: float) -> list[TournamentEvent]:
    """A recorded deal ends the tournament: places follow the stacks (the larger higher;
    equal stacks by registration), each paid what the deal gave them."""
    assert state.deal is not None
    order = sorted(state.alive, key=lambda entrant: (-entrant.stack, entrant.entry))
    events: list[TournamentEvent] = []
    places: list[tuple[str, int]] = []
    for place, entrant in enumerate(order, start=1):
        places.append((entrant.player_id, place))
        if state.deal[entrant.player_id]:
            events.append(PrizeAwarded(entrant.player_id, place, state.deal[entrant.player_id]))
        events += own_bounty(state, entrant.player_id)
    return [*events, Finished(now, tuple(places))]


def _hand_for_hand(state: TournamentState, now: float, rng: Random) -> list[TournamentEvent]:
    """Hand-for-hand while the next player out finishes on the bubble (players left: the
    paid places plus one) and they play at more than one table."""
    left, paid = state.players_left, state.paid_places
    if state.hand_for_hand:
        if state.round_in_progress() or left > paid:
            return []
        return [HandForHandLeft(left)]
    if state.prizes is not None and left == paid + 1 and left > state.structure.seats:
        return [HandForHandEntered(left)]
    return []


def _all_between_hands(state: TournamentState) -> bool:
    return not state.in_play and not state.busts and not state.round_in_progress()
