"""A bot's equity: its hand against the live opponents, from what its seat sees.

The scenario holds the bot's own cards, every card showing, and the cards it
cannot see (opponents' down cards) as slots to deal, followed by the cards
still to come in dealing order: the board, or in stud each player's next
cards (face up on the fourth to sixth streets, which may move Follow the
Queen's wild rank). Folded players' shown cards are dead.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

import numpy as np

from pokernight.bots.draw_estimate import seen_draw_equity, situation_tables
from pokernight.bots.ranges import range_weights
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.cards import Card
from pokernight.equity import Scenario, Slot, WildState, equity
from pokernight.equity.calculator import Z_95, Weigh
from pokernight.equity.deals import EVALUATION_COST
from pokernight.equity.draws import DrawSpot, draw_equity
from pokernight.equity.scenario import (
    BOARD_SIZE,
    STUD_CARDS,
    STUD_UP_POSITIONS,
    extra_card_slots,
    fours_unseen,
)
from pokernight.equity.starting_hands import starting_equity, table_equity
from pokernight.equity.stud_quick import QuickEquity, quick_equity
from pokernight.rules import (
    Action,
    CardsDealt,
    HandStarted,
    HandView,
    StreetStarted,
    WildRankChanged,
)
from pokernight.rules.events import CardsDrawn

MIN_SAMPLES = 40
FIRST_STAGE = 0.25  # the share of the deals a first estimate draws (``decided_in_stages``)


def scenario_of(situation: Situation) -> Scenario:
    view = situation.view
    contenders = (situation.seat, *situation.opponents)
    hands = tuple(_seen(view, seat) for seat in contenders)
    slots = [
        Slot(owner)
        for owner, seat in enumerate(contenders)
        for card in view.cards[seat]
        if card is None
    ]
    dead = tuple(
        card for seat, folded in enumerate(view.folded) if folded for card in _seen(view, seat)
    )
    if situation.variant.is_stud:
        slots += _stud_slots_to_come(situation, contenders)
    else:
        hole = sum(street.hole_cards for street in situation.variant.streets)
        slots += [
            Slot(owner)
            for owner, seat in enumerate(contenders)
            for _ in range(hole - len(view.cards[seat]))
        ]
        slots += [Slot(None, True)] * (BOARD_SIZE - len(view.board))
    variant = situation.variant
    extra = variant.extra_card_rank
    return Scenario(
        variant.showdown, hands, view.board, tuple(slots), dead,
        wild_state(view) if variant.follows_queen else WildState(),
        variant.wild_ranks if variant.has_wild_cards and not variant.follows_queen else None,
        tuple(card for seat in contenders for card in view.up_cards[seat]),
        None if extra is None else int(extra),
    )  # fmt: skip


def _seen(view: HandView, seat: int) -> tuple[Card, ...]:
    return tuple(card for card in view.cards[seat] if card is not None)


def _stud_slots_to_come(situation: Situation, contenders: tuple[int, ...]) -> list[Slot]:
    """The stud cards still to come, street by street, in dealing order (see ``rules.dealing``)."""
    view = situation.view
    count = len(view.folded)
    order = [(situation.button + 1 + step) % count for step in range(count)]
    owner_of = {seat: owner for owner, seat in enumerate(contenders)}
    burns = sum(1 for event in view.events if isinstance(event, StreetStarted) and event.burn)
    dealt = sum(len(cards) for cards in view.cards) + len(view.board) + burns
    slots: list[Slot] = []
    # The cards each hand has had street by street (a community card, dealt when the deck
    # ran short, counts as the seventh): not the bot's own count, which Baseball's extra
    # cards for fours raise.
    streets = situation.variant.streets[: view.street_index + 1]
    for position in range(sum(street.hole_cards for street in streets), STUD_CARDS):
        street = [
            Slot(owner_of[seat], position in STUD_UP_POSITIONS, street=position)
            for seat in order
            if seat in owner_of
        ]
        remaining = len(situation.variant.cards) - dealt
        burn = 1 if remaining >= 2 else 0
        if remaining - burn < len(street):
            # Too few cards for everybody: one community card, face up, as at the table (with
            # none left, the table turns a burn card: as unknown to the bot as any other).
            return [*slots, Slot(None, True, street=position)]
        slots += street
        dealt += burn + len(street)
    rank = situation.variant.extra_card_rank
    if rank is not None:  # Baseball: the cards fours still to come would buy
        seen = [card for cards in view.cards for card in cards if card is not None]
        left = len(situation.variant.cards) - dealt
        slots += extra_card_slots(slots, fours_unseen([*seen, *view.board], rank), left)
    return slots


def wild_state(view: HandView) -> WildState:
    """Follow the Queen's wild rank and whether a queen waits, replayed from the events
    (a queen last on its street is answered by the table's ``WildRankChanged``)."""
    started = view.events[0] if view.events else None
    carries_over = isinstance(started, HandStarted) and started.ftq_queen_carries_over
    state = WildState(carries_over=carries_over)
    for event in view.events:
        if isinstance(event, CardsDealt) and event.face_up:
            state = state.after(card.rank for card in event.cards)
        elif isinstance(event, WildRankChanged) and event.rank is None:
            state = WildState(carries_over=carries_over)
    return state


def my_equity(situation: Situation, samples: Mapping[str, int], rng: random.Random) -> float:
    """Equity against random hands, with ``samples[showdown]`` deals (see ``equity_of``);
    in a draw game, against hands drawing soundly, as many cards as each opponent was seen
    to draw: from the tables where the game has them (``draw_estimate``), else draw equity
    against random hands (``draw_spot_of``) with a quarter as many."""
    if situation.variant.is_draw:
        tables = situation_tables(situation)
        if tables is not None:
            return seen_draw_equity(situation, tables)
        count = max(MIN_SAMPLES, samples.get(situation.variant.showdown, 200) // 4)
        return draw_equity(draw_spot_of(situation), count, rng)
    if situation.variant.is_stud:
        return stud_equity_of(scenario_of(situation), samples, rng)
    known = _starting_equity(situation)
    if known is not None:
        return known
    return equity_of(scenario_of(situation), samples, rng)


def credited_equity(
    situation: Situation,
    stats: Sequence[PlayerStats],
    samples: Mapping[str, int],
    rng: random.Random,
) -> float | None:
    """Equity against the opponents' hands as their play says they hold them (``ranges``,
    read with ``stats``); None in a game (or a spot) whose hands are not read so, where it
    would be ``my_equity`` over again."""
    if situation.variant.is_draw:
        return None
    scenario = scenario_of(situation)
    weigh = range_weights(situation, scenario, stats)
    if weigh is None:
        return None
    if situation.variant.is_stud:
        return stud_equity_of(scenario, samples, rng, weigh)
    return equity_of(scenario, samples, rng, weigh)


def _starting_equity(situation: Situation) -> float | None:
    """The starting-hand table's equity while the bot knows only its own cards (no board,
    no card of another seat seen): the table read without building a scenario."""
    view = situation.view
    if view.board or any(
        card is not None
        for seat, cards in enumerate(view.cards)
        if seat != situation.seat
        for card in cards
    ):
        return None
    return table_equity(situation.variant.showdown, situation.my_cards, len(situation.opponents))


def draw_spot_of(situation: Situation) -> DrawSpot:
    """A draw game seen from the bot's seat: its cards, its own discards (out of play for
    it), the live opponents and the draws still to come after this betting round."""
    view, seat = situation.view, situation.seat
    mine = tuple(card for card in view.cards[seat] if card is not None)
    dead = tuple(
        card
        for event in view.events
        if isinstance(event, CardsDrawn) and event.seat == seat
        for card in event.discarded
    )
    streets = situation.variant.streets
    draws_left = sum(1 for street in streets[view.street_index + 1 :] if street.draws)
    return DrawSpot(situation.variant.showdown, mine, dead, len(situation.opponents), draws_left)


def stud_equity_of(
    scenario: Scenario, samples: Mapping[str, int], rng: random.Random, weigh: Weigh | None = None
) -> float:
    """A stud game's equity as ``equity_of`` counts its deals, always sampled, every deal
    valued at once (``stud_quick``): a bot needs it to a few percent, dozens of times a hand."""
    return stud_estimate(scenario, deals_for(scenario, samples), rng, weigh).equity


def stud_estimate(
    scenario: Scenario, deals: int, rng: random.Random, weigh: Weigh | None = None
) -> QuickEquity:
    """``stud_equity_of`` from ``deals`` deals, with its error."""
    return quick_equity(scenario, deals, np.random.default_rng(rng.getrandbits(64)), weigh)


def deals_for(scenario: Scenario, samples: Mapping[str, int]) -> int:
    """The deals ``samples`` gives a scenario: ``samples[showdown]`` heads-up, fewer
    multiway (see ``equity_of``)."""
    return max(MIN_SAMPLES, samples[scenario.showdown] * 2 // len(scenario.hands))


def equity_of(
    scenario: Scenario, samples: Mapping[str, int], rng: random.Random, weigh: Weigh | None = None
) -> float:
    """Equity with ``samples[showdown]`` deals heads-up, proportionally fewer multiway.

    A hand's cost grows with the contenders; a multiway equity is smaller and
    needs less absolute precision. Exact whenever enumerating costs no more. On the
    first street of Omaha and short deck against random hands, the table's equity
    (``starting_hands``): the same for every level, and no deal drawn.
    """
    return equity_and_error(scenario, samples, rng, weigh)[0]


def decided_in_stages(
    scenario: Scenario,
    samples: Mapping[str, int],
    rng: random.Random,
    decide: Callable[[float], Action],
    weigh: Weigh | None = None,
) -> Action:
    """``decide(equity)``, the equity drawn sequentially: a first estimate from
    ``FIRST_STAGE`` of the deals stands when the same kind of action follows from anywhere
    within its standard error (about the 95% bound of the full count: a quarter of the
    deals doubles the error), ``rng``'s draws in ``decide`` replayed alike; else the full
    count decides. Most decisions are clear long before the last deal."""
    equity, error = equity_and_error(scenario, samples, rng, weigh, FIRST_STAGE)
    spread = error / Z_95
    if spread:
        state = rng.getstate()
        kinds = set()
        for edge in (equity - spread, equity, equity + spread):
            kinds.add(decide(edge).kind)
            rng.setstate(state)
        if len(kinds) > 1:
            equity = equity_of(scenario, samples, rng, weigh)
    return decide(equity)


def equity_and_error(
    scenario: Scenario,
    samples: Mapping[str, int],
    rng: random.Random,
    weigh: Weigh | None = None,
    share: float = 1.0,
) -> tuple[float, float]:
    """``equity_of`` with ``share`` of its deals, and the estimate's 95% error bound (0 when
    exact or read from the table, which more deals would not change)."""
    if weigh is None and (known := starting_equity(scenario)) is not None:
        return known, 0.0
    full = samples[scenario.showdown] * 2 // len(scenario.hands)
    count = max(MIN_SAMPLES, round(full * share))
    result = equity(
        scenario,
        samples=count,
        exact_limit=count * len(scenario.hands) * EVALUATION_COST[scenario.showdown],
        rng=np.random.default_rng(rng.getrandbits(64)),
        weigh=weigh,
    )
    return result.hands[0].equity, result.error
