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
        raise TournamentError(f"there is no table {table} in play")
    if table in state.in_play:
        raise TournamentError(f"table {table} is already playing a hand")
    if state.on_break is not None:
        minutes = max(1, math.ceil((state.on_break.until - now) / 60))
        raise TournamentError(f"the tournament is on a break: play resumes in {minutes} min")
    if state.colour_up_due is not None:
        raise TournamentError("the chips are being coloured up: play resumes after the race")
    if len(state.with_chips(table)) < 2:
        raise TournamentError(f"table {table} needs two players with chips")
    if len(state.tables) > 1 and state.players_left <= state.structure.seats:
        playing = min(state.in_play, default=table)
        raise TournamentError(
            f"the final table is drawn when every table has finished its hand: table "
            f"{playing} is still playing"
        )
    if state.hand_for_hand:
        earlier = sorted(number for number, hand in state.in_play.items() if not hand.hand_for_hand)
        if earlier:
            raise TournamentError(
                f"hand-for-hand starts when every table has finished its hand: table "
                f"{earlier[0]} is still playing"
            )
        if table in state.round_played:
            raise TournamentError(
                f"hand-for-hand: table {table} has played this hand and waits for the others"
            )
    return [HandStarted(table, now)]


def report_hand(state: TournamentState, command: ReportHand, now: float) -> list[TournamentEvent]:
    table = command.table
    check_running(state)
    if table not in state.in_play:
        raise TournamentError(f"table {table} is not playing a hand")
    seated = set(state.tables[table].values())
    reported = set(command.stacks)
    if reported != seated:
        missing, extra = sorted(seated - reported), sorted(reported - seated)
        raise TournamentError(
            f"table {table}'s report must give every player seated there: "
            f"missing {missing}, not seated {extra}"
        )
    if any(stack < 0 for stack in command.stacks.values()):
        raise TournamentError("a stack cannot be negative")
    before, after = state.chips_at(table), sum(command.stacks.values())
    if before != after:
        raise TournamentError(
            f"chips are not conserved at table {table}: {before:,} before the hand, {after:,} after"
        )
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
            raise TournamentError(f"{player} did not lose their last chips in this hand")
        if not takers or any(command.stacks.get(taker, 0) <= 0 for taker in takers):
            raise TournamentError(
                f"{player}'s chips were taken by players of the table who have chips"
            )
    if state.structure.bounty is not None:
        untold = sorted(out - set(command.knockouts))
        if untold:
            raise TournamentError(f"a bounty tournament needs to know who knocked out {untold[0]}")
    return {player: tuple(takers) for player, takers in command.knockouts.items() if player in out}


def check_running(state: TournamentState) -> None:
    if state.status is Status.REGISTERING:
        raise TournamentError("the tournament has not started")
    if state.status is Status.FINISHED:
        raise TournamentError("the tournament is over")
