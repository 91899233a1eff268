"""Deciding what the tables ask: dealing a hand, and reporting how one ended.

A table deals only when the tournament lets it (no break, no colour-up, two players
with chips, hand-for-hand's turn); a report is checked against the tournament's own
count of the table: the same players, the same chips.
"""

from __future__ import annotations

import math

from pokernight.tournament.commands import ReportHand, StartHand
from pokernight.tournament.errors import TournamentError
from pokernight.tournament.events import HandPlayed, HandStarted, Knockout, TournamentEvent
from pokernight.tournament.state import Status, TournamentState


def start_hand(state: TournamentState, command: StartHand, now: float) -> list[TournamentEvent]:
    table = command.table
    check_running(state)
    if table not in state.tables:
        raise TournamentError("no_table_in_play", table=table)
    if table in state.in_play:
        raise TournamentError("table_playing", table=table)
    if state.on_break is not None:
        minutes = max(1, math.ceil((state.on_break.until - now) / 60))
        raise TournamentError("on_break", minutes=minutes)
    if state.colour_up_due is not None:
        raise TournamentError("colouring_up")
    if len(state.with_chips(table)) < 2:
        raise TournamentError("table_two_players", table=table)
    if len(state.tables) > 1 and state.players_left <= state.structure.seats:
        playing = min(state.in_play, default=table)
        raise TournamentError("final_table_wait", table=playing)
    if state.hand_for_hand:
        earlier = sorted(number for number, hand in state.in_play.items() if not hand.hand_for_hand)
        if earlier:
            raise TournamentError("hand_for_hand_wait", table=earlier[0])
        if table in state.round_played:
            raise TournamentError("hand_for_hand_played", table=table)
    return [HandStarted(table, now)]


def report_hand(state: TournamentState, command: ReportHand, now: float) -> list[TournamentEvent]:
    table = command.table
    check_running(state)
    if table not in state.in_play:
        raise TournamentError("table_not_playing", table=table)
    seated = set(state.tables[table].values())
    reported = set(command.stacks)
    if reported != seated:
        missing, extra = sorted(seated - reported), sorted(reported - seated)
        raise TournamentError("report_players", table=table, missing=str(missing), extra=str(extra))
    if any(stack < 0 for stack in command.stacks.values()):
        raise TournamentError("report_stack_negative")
    before, after = state.chips_at(table), sum(command.stacks.values())
    if before != after:
        raise TournamentError("chips_not_conserved", table=table, before=before, after=after)
    pending = {bust.player_id for bust in state.busts}
    out = {player for player, stack in command.stacks.items() if stack == 0} - pending
    knockouts = _knockouts(state, command, out)
    return [
        HandPlayed(
            table,
            now,
            tuple(sorted(command.stacks.items())),
            command.positions,
            tuple(Knockout(player, knockouts[player]) for player in sorted(knockouts)),
        )
    ]


def _knockouts(
    state: TournamentState, command: ReportHand, out: set[str]
) -> dict[str, tuple[str, ...]]:
    for player, takers in command.knockouts.items():
        if player not in out:
            raise TournamentError("bust_not_this_hand", player=player)
        if not takers or any(command.stacks.get(taker, 0) <= 0 for taker in takers):
            raise TournamentError("bust_takers", player=player)
    if state.structure.bounty is not None:
        untold = sorted(out - set(command.knockouts))
        if untold:
            raise TournamentError("bounty_knockout", player=untold[0])
    return {player: tuple(takers) for player, takers in command.knockouts.items() if player in out}


def check_running(state: TournamentState) -> None:
    if state.status is Status.REGISTERING:
        raise TournamentError("not_started")
    if state.status is Status.FINISHED:
        raise TournamentError("tournament_over")
