"""Who finishes where when players lose their last chips, and what they are paid.

Players out in the same hand at one table finish in the order of the stacks they
began the hand with: the larger stack finishes higher; equal stacks tie and share
the places. In hand-for-hand play every player out in the same round finishes
together: those at different tables tie. Both at once: each table's players out are
ranked by their starting stacks, and the lowest of each table share the lowest
places, the next lowest of each the next ones, and so on (decision 36).

Tied players share the prizes of the places they take equally; odd chips go one
each to the larger starting stacks first, then to the earlier registrations.

A player out pays their bounty to whoever won the last pot they were in, shared
by several winners; in a progressive knockout each taker wins half their share
and adds the other half to the bounty on their own head (a taker already out of
the tournament wins it all).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from pokernight.tournament.events import (
    BountyCollected,
    Eliminated,
    PrizeAwarded,
    TournamentEvent,
)
from pokernight.tournament.payouts import split_evenly
from pokernight.tournament.state import Bust, TournamentState


def tiers(busts: Sequence[Bust], players_left: int) -> list[tuple[list[Bust], int]]:
    """The busts in finishing order from the lowest place up: each tier of players who
    tie, with the best place they share (``players_left``: before these busts)."""
    by_table: dict[int, list[list[Bust]]] = defaultdict(list)
    for bust in sorted(busts, key=lambda item: (item.table, item.stack_before)):
        classes = by_table[bust.table]
        if classes and classes[-1][0].stack_before == bust.stack_before:
            classes[-1].append(bust)
        else:
            classes.append([bust])
    depth = max((len(classes) for classes in by_table.values()), default=0)
    result: list[tuple[list[Bust], int]] = []
    lowest = players_left
    for index in range(depth):
        tier = [
            bust for classes in by_table.values() if index < len(classes) for bust in classes[index]
        ]
        best = lowest - len(tier) + 1
        result.append((tier, best))
        lowest = best - 1
    return result


def elimination_events(state: TournamentState, busts: Sequence[Bust]) -> list[TournamentEvent]:
    """Everybody in ``busts`` (out together) placed, paid and their bounties taken."""
    events: list[TournamentEvent] = []
    for tier, best in tiers(busts, state.players_left):
        order = sorted(
            tier, key=lambda bust: (-bust.stack_before, state.players[bust.player_id].entry)
        )
        events += [Eliminated(bust.player_id, best, len(tier)) for bust in order]
        money = shared_prize(state.prizes or (), best, len(tier))
        for bust, amount in zip(order, split_evenly(money, len(order)), strict=True):
            if amount:
                events.append(PrizeAwarded(bust.player_id, best, amount))
        for bust in order:
            events += bounty_events(state, bust)
    return events


def shared_prize(prizes: Sequence[int], best: int, count: int) -> int:
    """The prizes of places ``best`` to ``best + count - 1`` (unpaid places add nothing)."""
    return sum(prizes[place - 1] for place in range(best, best + count) if place <= len(prizes))


def bounty_events(state: TournamentState, bust: Bust) -> list[TournamentEvent]:
    bounty = state.structure.bounty
    head = state.players[bust.player_id].bounty
    if bounty is None or not head:
        return []
    # The tables always say who took a player's last chips in a bounty tournament (the
    # report is refused otherwise); a bounty nobody took would go back to its player.
    takers = bust.by or (bust.player_id,)
    events: list[TournamentEvent] = []
    for taker, share in zip(takers, split_evenly(head, len(takers)), strict=True):
        progressive = bounty.progressive and not state.players[taker].is_out
        added = share // 2 if progressive and taker != bust.player_id else 0
        events.append(BountyCollected(taker, bust.player_id, share - added, added))
    return events


def own_bounty(state: TournamentState, player_id: str) -> list[TournamentEvent]:
    """A player still in at the end takes the bounty on their own head."""
    head = state.players[player_id].bounty
    return [BountyCollected(player_id, player_id, head)] if head else []
