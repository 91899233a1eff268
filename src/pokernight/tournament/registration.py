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


def check_director(state: TournamentState, player_id: str | None, code: str) -> None:
    """Refuse with ``code`` (what only the director may do) unless ``player_id`` directs."""
    if player_id != state.director:
        raise TournamentError(code)


def register(state: TournamentState, command: Register) -> list[TournamentEvent]:
    if command.bot is not None:
        # A bot fills a seat a person could have taken (and makes the tournament practice,
        # out of the season): the director's choice, not anybody's (decision 48).
        check_director(state, command.by, "only_director_register_bot")
    if not state.registration_open():
        raise _closed_refusal(state)
    if command.player_id in state.players:
        raise TournamentError("registered_already")
    name = command.name.strip()
    if not name:
        raise TournamentError("player_name_missing")
    if any(entrant.name.casefold() == name.casefold() for entrant in state.players.values()):
        raise TournamentError("tournament_name_taken", name=name)
    if state.field_full():
        raise TournamentError("tournament_full", entries=state.structure.entries)
    return [Registered(command.player_id, name, command.bot)]


def _closed_refusal(state: TournamentState) -> TournamentError:
    if state.status is Status.FINISHED:
        return TournamentError("tournament_over")
    level = state.structure.late_registration_level
    if state.structure.format is Format.SCHEDULED and level and state.prizes is None:
        return TournamentError("registration_closed_level", level=level)
    return TournamentError("registration_closed")


def unregister(state: TournamentState, command: Unregister) -> list[TournamentEvent]:
    state.entrant(command.player_id)
    if state.status is not Status.REGISTERING:
        raise TournamentError("unregister_started")
    return [Unregistered(command.player_id)]


def change_structure(state: TournamentState, command: ChangeStructure) -> list[TournamentEvent]:
    check_director(state, command.player_id, "only_director_structure")
    if state.status is not Status.REGISTERING:
        raise TournamentError("structure_after_start")
    structure = command.structure.validated()
    if structure.entries and structure.entries < state.entries:
        raise TournamentError("field_below_registered", entries=state.entries)
    return [StructureChanged(structure)]


def start(state: TournamentState, command: Start, now: float, rng: Random) -> list[TournamentEvent]:
    check_director(state, command.player_id, "only_director_start")
    if state.status is not Status.REGISTERING:
        raise TournamentError("started_already")
    if state.structure.format is Format.SIT_AND_GO:
        raise TournamentError(
            "sit_and_go_waits", entries=state.structure.entries, registered=state.entries
        )
    refusal = start_refusal(state)
    if refusal is not None:
        raise refusal
    return start_events(state, now, rng)
