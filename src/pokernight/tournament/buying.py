"""Deciding rebuys and add-ons: chips bought for money that goes to the prize pool.

A rebuy is open through its last level to a player at or below the starting stack
(one who lost every chip included, while their time to rebuy lasts); an add-on
once per player during its level or the break after it. Both close when the prize
pool is fixed (the money is near).
"""

from __future__ import annotations

from pokernight.tournament.commands import AddOn, Rebuy
from pokernight.tournament.errors import TournamentError, ordinal_code
from pokernight.tournament.events import AddedOn, Rebought, TournamentEvent
from pokernight.tournament.play import check_running
from pokernight.tournament.state import Entrant, TournamentState


def rebuy(state: TournamentState, command: Rebuy, now: float) -> list[TournamentEvent]:
    rebuys = state.structure.rebuys
    if rebuys is None:
        raise TournamentError("no_rebuys")
    check_running(state)
    entrant = _playing(state, command.player_id)
    if not state.rebuys_open():
        raise TournamentError("rebuys_ended", level=rebuys.until_level)
    if rebuys.most is not None and entrant.rebuys >= rebuys.most:
        raise TournamentError("rebuys_all_made", most=rebuys.most)
    if entrant.stack > state.structure.starting_stack:
        raise TournamentError(
            "rebuy_stack_above", stack=state.structure.starting_stack, chips=entrant.stack
        )
    if entrant.rebuy_until is not None and now >= entrant.rebuy_until:
        raise TournamentError("rebuy_time_out")
    return [Rebought(command.player_id, rebuys.chips, rebuys.price)]


def add_on(state: TournamentState, command: AddOn) -> list[TournamentEvent]:
    add_on = state.structure.add_on
    if add_on is None:
        raise TournamentError("no_add_on")
    check_running(state)
    entrant = _playing(state, command.player_id)
    if not state.add_on_open():
        raise TournamentError("add_on_level", level=add_on.level)
    if entrant.added_on:
        raise TournamentError("add_on_taken")
    if entrant.stack == 0:
        raise TournamentError("add_on_no_chips")
    return [AddedOn(command.player_id, add_on.chips, add_on.price)]


def _playing(state: TournamentState, player_id: str) -> Entrant:
    entrant = state.entrant(player_id)
    if entrant.is_out:
        place = entrant.place or 0
        raise TournamentError(ordinal_code("out_finished", place), place=place)
    return entrant
