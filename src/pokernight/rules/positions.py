"""Who posts what and who acts first.

Board games: the small blind sits left of the button and the big blind left of
it; heads-up the button posts the small blind. With a dead small blind nobody
posts it and the big blind sits left of the button. A straddle the stakes name (three
or more players) sits left of the big blind (under the gun). Voluntary straddles
(``HandStarted.straddles``, three or more players) come from the seats between the big
blind and the button, both ends included (``straddle_seats``): the first from any of
them (under the gun, or "Mississippi" from a later seat, the button included), each
re-straddle from the seat left of the straddle before it. Players who post a big
blind to be dealt in do so in their own seats; their blind is live but moves nobody's
turn. Before the flop the player left of the last blind or straddle acts first
(heads-up: the button), and the action goes round through the blinds to the last
straddler; after it, the first live player left of the button.

Stud: the button is only a fixed seat that fixes the dealing order and breaks
ties. On third street the lowest up card brings in (Razz: the highest, aces
low), suits breaking ties (clubs < diamonds < hearts < spades). From fourth
street on, the best hand showing acts first (Razz: the best low; Follow the
Queen counts the wild cards), the first such hand left of the button on a tie.
"""

from __future__ import annotations

from typing import Final

from pokernight.cards import Card, Rank
from pokernight.evaluate import high_value, low_value, wild_value
from pokernight.rules.state import HandState


def left_of(seat: int, count: int) -> int:
    return (seat + 1) % count


def blind_seats(state: HandState) -> tuple[int | None, int, int | None]:
    """(small blind or None, big blind, straddle or None) seats."""
    return blinds_of(state.count, state.button, state.dead_small_blind, state.stakes.straddle > 0)


def blinds_of(
    count: int, button: int, dead_small_blind: bool, straddle: bool
) -> tuple[int | None, int, int | None]:
    """(small blind or None, big blind, straddle or None) seats of ``count`` players with
    the button at ``button``: what a table asks before it deals, as the hand will post."""
    small = button if count == 2 else left_of(button, count)
    big = left_of(button if dead_small_blind else small, count)
    under_the_gun = left_of(big, count) if straddle and count > 2 else None
    return (None if dead_small_blind else small), big, under_the_gun


def straddle_seats(count: int, button: int, dead_small_blind: bool) -> tuple[int, ...]:
    """The seats that may post a voluntary straddle, in the order they would: from under
    the gun round to the button (none heads-up: the blinds never straddle)."""
    if count < 3:
        return ()
    _, big, _ = blinds_of(count, button, dead_small_blind, False)
    seats: list[int] = []
    seat = left_of(big, count)
    while True:
        seats.append(seat)
        if seat == button:
            return tuple(seats)
        seat = left_of(seat, count)


def opener(state: HandState) -> int:
    """The seat where this street's action starts (it may not need to act)."""
    if state.opener is None:
        state.opener = _compute_opener(state)
    return state.opener


def _compute_opener(state: HandState) -> int:
    count = state.count
    if state.is_stud:
        return bring_in_seat(state) if state.street_index == 0 else best_showing_seat(state)
    if state.street_index > 0:
        return left_of(state.button, count)
    _, big, straddle = blind_seats(state)
    if state.straddles:
        straddle = state.straddles[-1]
    last_blind = big if straddle is None else straddle
    return left_of(last_blind, count)


def _ace_low_rank(card: Card) -> int:
    return (card.rank + 1) % 13


def bring_in_seat(state: HandState) -> int:
    """The seat whose third-street up card is lowest (Razz: highest), by suit on a tie."""
    seats = live_in_dealing_order(state)
    first_up = {seat: state.up[seat][0] for seat in seats if state.up[seat]}
    if not first_up:
        return seats[0]
    if state.variant.bring_in_order == "highest":
        return max(first_up, key=lambda seat: (_ace_low_rank(first_up[seat]), first_up[seat].suit))
    return min(first_up, key=lambda seat: first_up[seat])


def showing_value(state: HandState, seat: int) -> int:
    """Strength of the seat's up cards, higher acts first."""
    up = state.up[seat]
    if not up:
        return -1
    if state.variant.first_to_act == "lowest":
        return low_value(up)
    if state.variant.has_wild_cards:
        return wild_value(up, wild_ranks(state))
    return high_value(up)


def best_showing_seat(state: HandState) -> int:
    seats = live_in_dealing_order(state)
    # max() keeps the first of equal values: the first seat left of the button.
    return max(seats, key=lambda seat: showing_value(state, seat))


def live_in_dealing_order(state: HandState) -> list[int]:
    """The players not folded, clockwise from left of the button."""
    folded = state.folded
    return [seat for seat in state.rotations[state.button + 1] if not folded[seat]]


def wild_ranks(state: HandState) -> frozenset[int]:
    """The variant's wild ranks; in Follow the Queen, the queens and the rank that
    followed the last queen dealt face up."""
    if not state.follows_queen:
        return state.variant.wild_ranks
    if state.wild_rank is None:
        return _QUEENS
    return frozenset((Rank.QUEEN, state.wild_rank))


_QUEENS: Final = frozenset((int(Rank.QUEEN),))
