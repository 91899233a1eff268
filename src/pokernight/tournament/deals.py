"""Deciding a deal: the players left share the prizes still to be won as they agreed.

A deal is recorded between hands, once everybody left is in the money: each of them
gets an amount, together exactly the prizes of the places still in play. The
tournament then ends, the places following the stacks (``director``).
"""

from __future__ import annotations

from pokernight.tournament.commands import RecordDeal
from pokernight.tournament.errors import TournamentError
from pokernight.tournament.events import DealRecorded, TournamentEvent
from pokernight.tournament.play import check_running
from pokernight.tournament.registration import check_director
from pokernight.tournament.state import TournamentState


def prizes_left(state: TournamentState) -> tuple[int, ...]:
    """The prizes of the places the players left are still playing for."""
    return (state.prizes or ())[: state.players_left]


def check_deal_possible(state: TournamentState) -> None:
    """A TournamentError unless the players left may make a deal (once the hands in play
    have ended): the tournament runs and everybody left is in the money."""
    check_running(state)
    if state.busts or state.prizes is None or state.players_left > state.paid_places:
        raise TournamentError("deal_not_in_money", left=state.players_left, paid=state.paid_places)


def record_deal(state: TournamentState, command: RecordDeal) -> list[TournamentEvent]:
    check_deal(state, command)
    if state.in_play:
        raise TournamentError("deal_between_hands", table=min(state.in_play))
    return [DealRecorded(tuple(sorted(command.amounts.items())))]


def check_deal(state: TournamentState, command: RecordDeal) -> None:
    """A TournamentError for everything that refuses the deal but the hands in play: who
    asks, whether a deal may be made, the amounts. A server checks it before it holds its
    tables for the hands to end (decision 48): a deal that would be refused holds nothing."""
    check_director(state, command.player_id, "only_director_deal")
    check_deal_possible(state)
    alive = {entrant.player_id for entrant in state.alive}
    if set(command.amounts) != alive:
        raise TournamentError("deal_players", players=", ".join(sorted(alive)))
    if any(amount < 0 for amount in command.amounts.values()):
        raise TournamentError("deal_negative")
    money, total = sum(prizes_left(state)), sum(command.amounts.values())
    if total != money:
        raise TournamentError("deal_total", total=total, money=money)
