"""All-in luck: each player's expected share of the pots a finished hand ran out all in.

When no more betting is possible and cards are still to come (players all in), what a
player won from then on is luck; what they could expect is their equity in each pot
times the pot. ``all_in_luck`` reads a finished hand's events (decision 67):

- the *all-in moment* is the hand's last decision (an action, a draw, a forced bet):
  the board and each hand's cards then are what the equity starts from; the runs chosen
  after it do not count (running twice changes no equity, only the variance);
- the hand counts only if cards were dealt after that moment, two or more hands were
  live, and every live hand was shown (the rules turn them all up; a hand nobody
  shows is never guessed at, so a hand with one unshown is left out whole);
- the pots are the engine's at the showdown (main and side, with who may win each); each
  one's contenders get its amount times their equity (``equity.equity``: hi-lo games'
  halves, a hand's share of a tie, all counted), in whole chips by largest remainder, so
  the expected shares of a pot sum to the pot;
- a board run twice and a hi-lo pot count like any other: a player's ``won`` is the
  sum of every ``PotAwarded`` part of the pot (both runs, both halves). A double board
  (a bomb pot's two boards, dealt from one deck) is not a game the calculator knows:
  such a hand is left out, as are the stud hands that dealt a community card.

The equity is exact when enumerating every runout costs at most ``exact_limit``
evaluations (hold'em and Omaha all in on the flop or the turn, any game on its last
card), else a Monte Carlo estimate over ``samples`` runouts drawn from ``rng`` (before the
flop, stud's early streets), whose 95% error on each equity is ``HandLuck.error``: at most
1.96 x 0.5 / sqrt(samples), 1% of the pot at the default 10,000. Both limits keep a hand's
luck under about half a second of one core in every game (the server works it out as
the hand ends). Pure: no I/O, the random source passed in; with none, the hand
seeds its own (``seeded_rng``), so a night rebuilt after a restart reads the same luck.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pokernight.cards import Card
from pokernight.equity import EquityResult, WildState, equity, scenario_for_variant
from pokernight.equity.scenario import SHOWDOWNS
from pokernight.rules import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    BringInPosted,
    CardsDealt,
    CardsDrawn,
    CardsShown,
    Event,
    HandStarted,
    PotAwarded,
)
from pokernight.rules.pots import pots_of
from pokernight.rules.state import HandState, record

LUCK_SAMPLES = 10_000
LUCK_EXACT_LIMIT = 1_000_000  # batch evaluations: about a sixth of a second
DECISIONS = (ActionTaken, CardsDrawn, BringInPosted, BlindPosted, AntePosted)


@dataclass(frozen=True, slots=True)
class PotLuck:
    """One pot run out all in: its ``contenders`` (hand seats) and, by contender, their
    ``equities``, the chips they ``won`` of it and those they could ``expect``."""

    index: int
    amount: int
    contenders: tuple[int, ...]
    equities: tuple[float, ...]
    won: tuple[int, ...]
    expected: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandLuck:
    """A hand run out all in: by hand seat, the chips ``won`` of its pots and those
    ``expected``; ``exact``: every equity enumerated, else ``error`` is the 95% half-width
    of each equity (a share of the pot)."""

    pots: tuple[PotLuck, ...]
    won: tuple[int, ...]
    expected: tuple[int, ...]
    exact: bool
    error: float

    def luck(self, seat: int) -> int:
        """What the cards gave the seat beyond its equity (negative: took)."""
        return self.won[seat] - self.expected[seat]


def seeded_rng(events: Sequence[Event]) -> np.random.Generator:
    """A random source the hand's own cards seed: the same hand, the same estimate."""
    shown = "".join(
        f"{event.seat}{''.join(map(str, event.cards))}"
        for event in events
        if isinstance(event, CardsShown)
    )
    return np.random.default_rng(zlib.crc32(shown.encode()))


def all_in_luck(
    events: Sequence[Event],
    rng: np.random.Generator | None = None,
    *,
    samples: int = LUCK_SAMPLES,
    exact_limit: int = LUCK_EXACT_LIMIT,
) -> HandLuck | None:
    """The all-in luck of a finished hand (its engine events, hole cards included), or
    None when it did not run out all in with every live hand shown."""
    if not events or not isinstance(events[0], HandStarted):
        return None
    started = events[0]
    if started.double_board:
        return None
    last_decision = max(
        (at for at, event in enumerate(events) if isinstance(event, DECISIONS)), default=0
    )
    later = events[last_decision + 1 :]
    if not any(isinstance(event, CardsDealt) for event in later):
        return None  # nothing left to come: what was won was played for
    at_all_in = _folded(events[: last_decision + 1])
    first_award = next(
        (at for at, event in enumerate(events) if isinstance(event, PotAwarded)), None
    )
    if first_award is None:
        return None
    at_showdown = _folded(events[:first_award])
    variant = at_all_in.variant
    if variant.showdown not in SHOWDOWNS or (variant.is_stud and at_all_in.board):
        return None  # a game the calculator does not know; a stud community card
    live = [seat for seat in range(at_all_in.count) if not at_all_in.folded[seat]]
    shown = {event.seat for event in events if isinstance(event, CardsShown)}
    if len(live) < 2 or not set(live) <= shown:
        return None
    pots = pots_of(at_showdown)
    awards = [event for event in events if isinstance(event, PotAwarded)]
    amounts = {pot_index: 0 for pot_index in range(len(pots))}
    for award in awards:
        amounts[award.index] = amounts.get(award.index, 0) + award.amount
    if [amounts[index] for index in range(len(pots))] != [pot.amount for pot in pots]:
        return None  # the pots were not what the engine now says: count nothing
    rng = rng if rng is not None else seeded_rng(events)
    count = at_all_in.count
    won, expected = [0] * count, [0] * count
    found: list[PotLuck] = []
    exact, error = True, 0.0
    results: dict[tuple[int, ...], tuple[tuple[float, ...], bool, float]] = {}
    for index, pot in enumerate(pots):
        contenders = tuple(seat for seat in live if seat in pot.eligible)
        if contenders not in results:
            results[contenders] = _equities(
                at_all_in, contenders, live, rng, samples=samples, exact_limit=exact_limit
            )
        equities, pot_exact, pot_error = results[contenders]
        exact, error = exact and pot_exact, max(error, pot_error)
        pot_won = [0] * len(contenders)
        for award in awards:
            if award.index == index:
                for seat, chips in award.winners:
                    pot_won[contenders.index(seat)] += chips
        shares = apportion(pot.amount, equities)
        for seat, chips, share in zip(contenders, pot_won, shares, strict=True):
            won[seat] += chips
            expected[seat] += share
        found.append(
            PotLuck(index, pot.amount, contenders, equities, tuple(pot_won), tuple(shares))
        )
    return HandLuck(tuple(found), tuple(won), tuple(expected), exact, error)


def _folded(events: Sequence[Event]) -> HandState:
    started = events[0]
    assert isinstance(started, HandStarted)
    state = HandState(started)
    log: list[Event] = [started]
    for event in events[1:]:
        record(state, log, event)
    return state


def _equities(
    state: HandState,
    contenders: tuple[int, ...],
    live: Sequence[int],
    rng: np.random.Generator,
    *,
    samples: int,
    exact_limit: int,
) -> tuple[tuple[float, ...], bool, float]:
    """Each contender's equity in a pot (a pot of one: all of it), exact or not, its error."""
    if len(contenders) == 1:
        return (1.0,), True, 0.0
    # The other live hands were shown too: their cards are out of the deck.
    dead = [card for seat in live if seat not in contenders for card in state.cards[seat]]
    result = state_equity(state, contenders, dead, rng, samples=samples, exact_limit=exact_limit)
    return tuple(hand.equity for hand in result.hands), result.exact, result.error


def state_equity(
    state: HandState,
    contenders: Sequence[int],
    dead: Sequence[Card],
    rng: np.random.Generator,
    *,
    samples: int,
    exact_limit: int,
) -> EquityResult:
    """The equity of ``contenders``' cards in ``state`` (two or more seats), the rest of
    the deal to come; ``dead``: cards out of the deck besides the up cards of the hands
    folded (stud), which everybody saw."""
    out = [*dead, *(card for seat, up in enumerate(state.up) if state.folded[seat] for card in up)]
    wild = None
    if state.follows_queen:
        wild = WildState(state.wild_rank, state.pending_queen is not None, state.queen_carries_over)
    scenario = scenario_for_variant(
        state.variant,
        [state.cards[seat] for seat in contenders],
        () if state.variant.is_stud else state.board,
        out,
        wild,
        carries_over=state.queen_carries_over,
    )
    return equity(scenario, samples=samples, exact_limit=exact_limit, rng=rng)


def apportion(amount: int, equities: Sequence[float]) -> tuple[int, ...]:
    """``amount`` chips shared in proportion to ``equities`` in whole chips that sum to it:
    each its whole part, then the chips left one each to the largest remainders (the
    first contender first on a tie)."""
    total = sum(Fraction(value) for value in equities)
    if total <= 0:
        raise ValueError("the equities sum to nothing")
    exact = [Fraction(value) / total * amount for value in equities]
    shares = [int(share) for share in exact]
    left = amount - sum(shares)
    order = sorted(range(len(exact)), key=lambda at: (-(exact[at] - shares[at]), at))
    for at in order[:left]:
        shares[at] += 1
    return tuple(shares)
