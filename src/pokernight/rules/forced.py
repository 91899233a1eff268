"""Forced bets: antes, blinds, the big blind's ante, the straddles and posted big blinds;
or a bomb pot's ante from every player, and nothing else.

Voluntary straddles (``HandStarted.straddles``) follow the blinds and the straddle the
stakes name, in their order, each twice the blind or straddle before it (blinds 5/10:
straddle 20, re-straddle 40, then 80); ``Hand.start`` refuses one its seat cannot post
in full, so each is a full live blind raise.

Antes are posted first (clockwise from left of the button), then the blinds,
then the big blind's ante: when the big blind cannot cover both, the blind
comes first and the ante takes what is left (TDA, big blind ante). A player
who cannot cover a forced bet posts what is left and is all-in. Every ante is
dead money (see ``pots``); blinds are live bets. Stud posts antes only: its
bring-in is the first action of third street (``bring_in``).
"""

from __future__ import annotations

from pokernight.rules.dealing import Emit
from pokernight.rules.events import AntePosted, BlindPosted
from pokernight.rules.positions import blind_seats
from pokernight.rules.stakes import Stakes
from pokernight.rules.state import HandState


def straddle_amounts(stakes: Stakes, count: int) -> tuple[int, ...]:
    """The amounts of ``count`` voluntary straddles: each twice the one before, the first
    twice the stakes' straddle, or the big blind when the stakes name none."""
    amount = stakes.straddle or stakes.big_blind
    amounts = []
    for _ in range(count):
        amount *= 2
        amounts.append(amount)
    return tuple(amounts)


def post_forced_bets(state: HandState, emit: Emit) -> None:
    stakes = state.stakes
    if state.bomb_pot:
        for seat in state.rotations[state.button + 1]:
            _post(state, emit, seat, state.bomb_pot, None)
        return
    small, big, straddle = blind_seats(state)
    if stakes.ante:
        for seat in state.rotations[state.button + 1]:
            _post(state, emit, seat, stakes.ante, None)
    if state.is_stud:
        return
    if small is not None:
        _post(state, emit, small, stakes.small_blind, "small")
    _post(state, emit, big, stakes.big_blind, "big")
    if stakes.big_blind_ante:
        _post(state, emit, big, stakes.big_blind_ante, None)
    if straddle is not None:
        _post(state, emit, straddle, stakes.straddle, "straddle")
    if state.straddles:
        amounts = straddle_amounts(stakes, len(state.straddles))
        for seat, amount in zip(state.straddles, amounts, strict=True):
            _post(state, emit, seat, amount, "straddle")
    for seat in state.posted_big_blinds:
        _post(state, emit, seat, stakes.big_blind, "posted")


def _post(state: HandState, emit: Emit, seat: int, amount: int, blind: str | None) -> None:
    stack = state.stacks[seat]
    posted = stack if stack < amount else amount
    if posted:
        emit(AntePosted(seat, posted) if blind is None else BlindPosted(seat, posted, blind))
