"""The luck of the cards in a hand played by bots, to take out of its result (issue 39).

A player's share of the pot, valued by their equity against the other live hands (all
known to a simulation), moves only when cards are dealt or somebody acts. The moves at
the deals are luck: ``luck`` sums, for each deal, the pot then times the change of each
live player's equity. Its expected value is zero (a player's equity is the mean of their
equity after the next cards, whatever came before), so a result minus its luck is still
an unbiased measure of how a player played, with the swings of the cards taken out: the
idea of AIVAT (Burch et al., 2018) with the pot-equity value of the chips in the middle.

At no-limit a deal also moves chips still to be bet: a flop that makes a hand wins it more
than a share of the pot then. There a deal's chips count the pot and ``BEHIND_SHARE`` of
the least stack still behind among the hands left (known before the cards come, so the
term's expected value is still zero). At pot-limit and fixed-limit what can still be bet
is not the stack, and counting it took out less of the spread, not more (docs/bots.md).

Draw games (the cards a player gets depend on what they threw) and double boards are left
alone, and so are the hands the equity calculator cannot lay out (a stud table too full
for seven cards each, a stud hand that dealt a community card, baseball's extra cards for
a four): their luck is zero here.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from pokernight.equity.scenario import STUD_CARDS
from pokernight.history.luck import state_equity
from pokernight.rules import BettingStructure, CardsDealt, Event, HandStarted
from pokernight.rules.state import HandState, record

SAMPLES = 400
EXACT_LIMIT = 40_000
BEHIND_SHARE = 0.2
"""At no-limit, the share of the least stack behind that a deal's chips count besides the
pot: measured heads-up, hard against medium, 0.2 took the most spread out (2.2 times
fewer hands where 1.9 with none; 0.5 took out less than none)."""


def luck(events: Sequence[Event], rng: np.random.Generator, samples: int = SAMPLES) -> list[float]:
    """Each seat's luck in chips over the hand (the seats' luck sums to zero); ``samples``:
    the runouts drawn for an equity that is not worked out exactly."""
    started = events[0]
    assert isinstance(started, HandStarted)
    state = HandState(started)
    if state.variant.is_draw or state.double_board or not _laid_out(state, events):
        return [0.0] * len(started.stacks)
    return _luck(state, events, rng, samples)


def _laid_out(state: HandState, events: Sequence[Event]) -> bool:
    """Whether the equity calculator can lay out every deal of the hand: in stud, a deck
    that holds seven cards for every seat dealt in, no community card dealt (the deck ran
    short) and nobody past seven cards (baseball's extra card for a four)."""
    if not state.variant.is_stud:
        return True
    if len(state.stacks) * STUD_CARDS > len(state.variant.cards):
        return False
    held = [0] * len(state.stacks)
    for event in events:
        if isinstance(event, CardsDealt):
            if event.seat is None:
                return False
            held[event.seat] += len(event.cards)
    return max(held) <= STUD_CARDS


def _luck(
    state: HandState, events: Sequence[Event], rng: np.random.Generator, samples: int
) -> list[float]:
    found = [0.0] * len(state.stacks)
    log: list[Event] = [events[0]]
    before: tuple[list[int], list[float], float] | None = None
    for index, event in enumerate(events[1:], start=1):
        dealing = isinstance(event, CardsDealt)
        if dealing and before is None:
            live = [seat for seat, folded in enumerate(state.folded) if not folded]
            before = (live, _equities(state, live, rng, samples), _behind(state, live))
        record(state, log, event)
        following = events[index + 1] if index + 1 < len(events) else None
        if before is not None and not isinstance(following, CardsDealt):
            live, was, behind = before
            chips = sum(state.contributed) + behind
            now = _equities(state, live, rng, samples)
            for seat, old, new in zip(live, was, now, strict=True):
                found[seat] += chips * (new - old)
            before = None
    return found


def _behind(state: HandState, live: list[int]) -> float:
    """What a deal's chips count besides the pot: at no-limit, a share of what the hands
    left can still bet each other (the least stack behind)."""
    if state.betting is not BettingStructure.NO_LIMIT:
        return 0.0
    return BEHIND_SHARE * min(state.stacks[seat] for seat in live)


def _equities(
    state: HandState, live: list[int], rng: np.random.Generator, samples: int
) -> list[float]:
    """Each live seat's equity in the whole pot, its cards and the others' known."""
    if len(live) < 2 or not any(state.cards[seat] for seat in live):
        return [1 / len(live)] * len(live)
    result = state_equity(state, live, (), rng, samples=samples, exact_limit=EXACT_LIMIT)
    return [hand.equity for hand in result.hands]
