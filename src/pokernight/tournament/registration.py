"""Deciding the commands before and around the start: registering, unregistering, the
director's structure changes and early start.

Each decider checks a command against the tournament and answers with the events it
causes, or raises a TournamentError saying why not.
"""

from __future__ import annotations

from random import Random

from pokernight.tournament.commands import ChangeStructure, Register, Start, Unregister
from pokernight.tournament.director import start_events, start_refusal
from pokernight.tournament.errors import TournamentError
from pokernight.tournament.events import Registered, StructureChanged, TournamentEvent, Unregistered
from pokernight.tournament.state import Status, TournamentState
from pokernight.tournament.structure import Format


def check_director(state: TournamentState, player_id: str | None, doing: str) -> None:
    if player_id != state.director:
        raise TournamentError(f"only the tournament director can {doing}")


def register(state: TournamentState, command: Register) -> list[TournamentEvent]:
    if command.bot is not None:
        # A bot fills a seat a person could have taken (and makes the tournament practice,
        # out of the season): the director's choice, not anybody's (decision 48).
        check_director(state, command.by, "register a bot")
    if not state.registration_open():
        raise TournamentError(_closed_reason(state))
    if command.player_id in state.players:
        raise TournamentError("you are already registered: this tournament has no re-entry")
    name = command.name.strip()
    if not name:
        raise TournamentError("a player needs a name")
    if any(entrant.name.casefold() == name.casefold() for entrant in state.players.values()):
        raise TournamentError(f"the name {name!r} is taken in this tournament")
    if state.field_full():
        raise TournamentError(f"the tournament is full ({state.structure.entries} players)")
    return [Registered(command.player_id, name, command.bot)]


def _closed_reason(state: TournamentState) -> str:
    if state.status is Status.FINISHED:
        return "the tournament is over"
    level = state.structure.late_registration_level
    if state.structure.format is Format.SCHEDULED and level and state.prizes is None:
        return f"registration closed at the end of level {level}"
    return "registration is closed: the tournament has started"


def unregister(state: TournamentState, command: Unregister) -> list[TournamentEvent]:
    state.entrant(command.player_id)
    if state.status is not Status.REGISTERING:
        raise TournamentError("the tournament has started: you can no longer unregister")
    return [Unregistered(command.player_id)]


def change_structure(state: TournamentState, command: ChangeStructure) -> list[TournamentEvent]:
    check_director(state, command.player_id, "change the structure")
    if state.status is not Status.REGISTERING:
        raise TournamentError("the structure can be changed only before the start")
    structure = command.structure.validated()
    if structure.entries and structure.entries < state.entries:
        raise TournamentError(
            f"{state.entries} players have registered: the field cannot be smaller"
        )
    return [StructureChanged(structure)]


def start(state: TournamentState, command: Start, now: float, rng: Random) -> list[TournamentEvent]:
    check_director(state, command.player_id, "start the tournament")
    if state.status is not Status.REGISTERING:
        raise TournamentError("the tournament has already started")
    if state.structure.format is Format.SIT_AND_GO:
        raise TournamentError(
            f"a sit-and-go starts when {state.structure.entries} players have registered: "
            f"{state.entries} so far"
        )
    refusal = start_refusal(state)
    if refusal is not None:
        raise TournamentError(refusal)
    return start_events(state, now, rng)
