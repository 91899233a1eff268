"""Deciding rebuys and add-ons: chips bought for money that goes to the prize pool.

A rebuy is open through its last level to a player at or below the starting stack
(one who lost every chip included, while their time to rebuy lasts); an add-on
once per player during its level or the break after it. Both close when the prize
pool is fixed (the money is near).
"""

from __future__ import annotations

from pokernight.tournament.commands import AddOn, Rebuy
from pokernight.tournament.errors import TournamentError, ordinal
from pokernight.tournament.events import AddedOn, Rebought, TournamentEvent
from pokernight.tournament.play import check_running
from pokernight.tournament.state import Entrant, TournamentState


def rebuy(state: TournamentState, command: Rebuy, now: float) -> list[TournamentEvent]:
    rebuys = state.structure.rebuys
    if rebuys is None:
        raise TournamentError("this tournament has no rebuys")
    check_running(state)
    entrant = _playing(state, command.player_id)
    if not state.rebuys_open():
        raise TournamentError(f"rebuys ended with level {rebuys.until_level}")
    if rebuys.most is not None and entrant.rebuys >= rebuys.most:
        raise TournamentError(f"you have made all {rebuys.most} of your rebuys")
    if entrant.stack > state.structure.starting_stack:
        raise TournamentError(
            f"a rebuy is for a stack at or below the starting stack "
            f"({state.structure.starting_stack:,}): you have {entrant.stack:,}"
        )
    if entrant.rebuy_until is not None and now >= entrant.rebuy_until:
        raise TournamentError("your time to rebuy has run out")
    return [Rebought(command.player_id, rebuys.chips, rebuys.price)]


def add_on(state: TournamentState, command: AddOn) -> list[TournamentEvent]:
    add_on = state.structure.add_on
    if add_on is None:
        raise TournamentError("this tournament has no add-on")
    check_running(state)
    entrant = _playing(state, command.player_id)
    if not state.add_on_open():
        raise TournamentError(f"the add-on is taken during level {add_on.level} or its break")
    if entrant.added_on:
        raise TournamentError("you have taken your add-on")
    if entrant.stack == 0:
        raise TournamentError("an add-on is for a player with chips: rebuy first")
    return [AddedOn(command.player_id, add_on.chips, add_on.price)]


def _playing(state: TournamentState, player_id: str) -> Entrant:
    entrant = state.entrant(player_id)
    if entrant.is_out:
        place = ordinal(entrant.place or 0)
        raise TournamentError(f"you are out of the tournament (you finished {place})")
    return entrant
