"""Legal actions: who must act, and what they may do.

Amounts a player chooses are street totals ("to"). A bet or raise must be at
least a full bet (no-limit and pot-limit: the big blind or ``small_bet``; fixed
limit: the street's bet), a raise must add at least the last full bet or raise,
pot-limit allows a raise up to the pot after the call, and fixed limit allows
exactly one bet more, up to the cap (lifted heads-up). Asking for more than the
stack is an all-in for the stack. A short all-in does not reopen the betting to
a player who already acted (see ``state``). Nobody may bet or raise when no
opponent has chips left to call it.
"""

from __future__ import annotations

from typing import Final

from pokernight.cards import Card, Rank
from pokernight.evaluate import high_value
from pokernight.evaluate.strength import CATEGORY_SHIFT, Category
from pokernight.rules.actions import ActionKind, LegalActions
from pokernight.rules.errors import RulesError
from pokernight.rules.labels import bet_or_raise_says
from pokernight.rules.positions import opener
from pokernight.rules.stakes import BettingStructure
from pokernight.rules.state import HandState, raise_base

# Read once: an Enum member read off its class costs some 0.4 µs on 3.11 (see ``hand``),
# and the betting structure is compared on every action.
NO_LIMIT: Final = BettingStructure.NO_LIMIT
POT_LIMIT: Final = BettingStructure.POT_LIMIT
# ``LegalActions.all_in_kind`` holds the plain value (a str, like ``ActionTaken.kind``).
_BET_OR_RAISE: Final = ActionKind.BET_OR_RAISE.value
_CALL: Final = ActionKind.CALL.value
_BRING_IN: Final = ActionKind.BRING_IN.value


def next_actor(state: HandState) -> int | None:
    """The next seat that must act on this street, or None when the round is over.

    A seat must act when it faces a bet, or has not acted yet while another player
    could still answer it. When at most one player has chips, the only decision left
    is a call: a check that can change nothing is never asked (as in PokerKit).
    """
    cursor = state.cursor
    start = opener(state) if cursor is None else cursor + 1
    betting = state.active >= 2
    stacks, bets, folded, acted = state.stacks, state.bets, state.folded, state.acted_level
    level = state.level
    for seat in state.rotations[start]:
        if (
            stacks[seat]
            and not folded[seat]
            and (bets[seat] < level or (betting and acted[seat] < 0))
        ):
            return seat
    return None


def legal_actions(state: HandState, seat: int) -> LegalActions:
    """What ``seat`` may do now (cached on the state until the next event)."""
    legal: LegalActions | None = state.legal
    if legal is None or legal.seat != seat:
        legal = state.legal = compute_legal_actions(state, seat)
    return legal


def compute_legal_actions(state: HandState, seat: int) -> LegalActions:
    bet = state.bets[seat]
    all_in = bet + state.stacks[seat]
    level = state.level
    low: int | None = None
    high: int | None = None
    fixed = False
    says = ""
    if raise_refusal(state, seat) is None:
        base = raise_base(state)
        says = bet_or_raise_says(state, base)
        low = base + state.increment
        betting = state.betting
        if betting is NO_LIMIT:
            high = all_in
        elif betting is POT_LIMIT:
            pot_after_call = state.chips_in_pots + level - bet
            high = max(low, level + pot_after_call)
        else:
            fixed = True
            high = base + _big_bet(state) if _open_pair_on_fourth(state) else low
        # Asking for more than the stack is an all-in for the stack.
        if all_in < low:
            low = all_in
        if all_in < high:
            high = all_in
    # Which action puts every chip in: the largest bet or raise when the limit allows the
    # whole stack, else a call or a bring-in that takes it.
    shove = _BET_OR_RAISE if high == all_in else ""
    if state.bring_in_pending:
        bring_in = min(state.stakes.bring_in, all_in - bet)
        if bring_in == all_in - bet:
            low = high = None  # the bring-in takes every chip: posting it is the only way
            says = ""
            shove = _BRING_IN
        return LegalActions(
            seat, False, False, 0, True, bring_in, low, high, bet, fixed, says, shove
        )
    call_to = level if level < all_in else all_in
    call = call_to - bet
    if not shove and call and call_to == all_in:
        shove = _CALL
    return LegalActions(
        seat, call > 0, call == 0, call, False, 0, low, high, call_to, fixed, says, shove
    )


def _open_pair_on_fourth(state: HandState) -> bool:
    """Seven-Card Stud, fourth street, no big bet made yet, and a live player shows an open
    pair: any player may bet or raise the big bet (Robert's Rules, Seven-Card Stud)."""
    if state.street_index != 1 or not state.variant.open_pair_big_bet:
        return False
    if state.increment >= _big_bet(state):
        return False
    folded = state.folded
    return any(
        len(up) == 2 and up[0].rank == up[1].rank and not folded[seat]
        for seat, up in enumerate(state.up)
    )


def _big_bet(state: HandState) -> int:
    return state.stakes.fixed_bet(True)


def raise_refusal(state: HandState, seat: int) -> RulesError | None:
    """Why the seat may not bet or raise now, or None if it may."""
    bets, stacks = state.bets, state.stacks
    level = state.level
    if bets[seat] + stacks[seat] <= level:
        return RulesError("raise_all_in_call")
    acted = state.acted_level[seat]
    if acted >= state.last_full_to and level - acted < state.increment:
        return RulesError("raise_not_reopened")
    folded = state.folded
    # Somebody else could put in more than the current level (and so has chips).
    for other in state.rotations[0]:
        if other != seat and not folded[other] and bets[other] + stacks[other] > level:
            break
    else:
        return RulesError("raise_nobody_calls")
    cap = state.raise_cap
    if cap is not None and not state.cap_lifted and state.raises >= cap:
        return RulesError("raise_capped", cap=cap)
    # Jacks or better to open: before the draw, while only the big blind has bet.
    opening = state.jacks_to_open and not state.street_index and state.raises <= 1
    if opening and not jacks_or_better(state.cards[seat]):
        return RulesError("jacks_to_open")
    return None


def jacks_or_better(cards: list[Card]) -> bool:
    """Openers (Robert's Rules, Draw High, jacks or better): a pair of jacks or better."""
    value = high_value(cards)
    category = value >> CATEGORY_SHIFT
    if category > Category.ONE_PAIR:
        return True
    return category == Category.ONE_PAIR and (value >> 16) & 0xF >= Rank.JACK
