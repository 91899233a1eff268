"""Each contender's hand value in many deals at once.

Deals are an (N, S) array of card indices (``Card.index``), one column per
``Scenario.slots`` entry. High hands (hold'em, stud), Omaha and short deck go through
numpy batch evaluators; A-5 low and wild hands, which they do not cover, through
their table-lookup fast paths one hand at a time; hi-lo games both ways (``hi_lo``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
import numpy.typing as npt

from pokernight.cards import CARDS, Card, Suit
from pokernight.equity.hi_lo import (
    NO_LOW,
    Shares,
    half_shares,
    omaha_low_values,
    pot_shares,
    stud_high_values,
    stud_low_values,
)
from pokernight.equity.scenario import Scenario
from pokernight.evaluate import batch_high_values, low_value, wild_value
from pokernight.evaluate.omaha_batch import batch_omaha_values
from pokernight.evaluate.short_deck_batch import batch_short_deck_values
from pokernight.rules.variants import HI_LO_SHOWDOWNS

Deals = npt.NDArray[np.intp]
Values = npt.NDArray[np.int64]
SPADES = int(Suit.SPADES)  # a card index is rank * 4 + suit


@dataclass(frozen=True, slots=True)
class DealShares:
    """(N, contenders) shares of the pot in each deal; hi-lo games: of each half too."""

    pot: Shares
    high: Shares | None = None
    low: Shares | None = None


def deal_shares(scenario: Scenario, deals: Deals) -> DealShares:
    if scenario.showdown in HI_LO_SHOWDOWNS:
        return DealShares(*pot_shares(*_hi_lo_values(scenario, deals)))
    if scenario.showdown == "spade":
        return DealShares(*pot_shares(*_chicago_values(scenario, deals)))
    return DealShares(half_shares(hand_values(scenario, deals)))


def _hi_lo_values(scenario: Scenario, deals: Deals) -> tuple[Values, Values]:
    holes = [_cards_of(scenario, deals, owner) for owner in range(len(scenario.hands))]
    board = _cards_of(scenario, deals, None)
    if scenario.showdown == "omaha8":
        return (
            _all_at_once(batch_omaha_values, holes, board),
            _all_at_once(omaha_low_values, holes, board),
        )
    hands = [np.hstack((hole, board)) for hole in holes]
    high = [stud_high_values(hand) for hand in hands]
    low = [stud_low_values(hand) for hand in hands]
    return np.column_stack(high), np.column_stack(low)


def _chicago_values(scenario: Scenario, deals: Deals) -> tuple[Values, Values]:
    """Chicago: the high hands, and the highest spade among each hand's down cards (the
    known cards not in ``Scenario.up``, the slots dealt face down) as the second half's
    values (``NO_LOW``: no spade in the hole)."""
    high, spade = [], []
    up = set(scenario.up)
    for owner, known in enumerate(scenario.hands):
        cards = _cards_of(scenario, deals, owner)
        high.append(stud_high_values(cards))
        down = [card not in up for card in known]
        down += [not slot.face_up for slot in scenario.slots if slot.owner == owner]
        hole = np.where(np.array(down) & (cards % 4 == SPADES), cards, NO_LOW)
        spade.append(hole.max(axis=1).astype(np.int64))
    return np.column_stack(high), np.column_stack(spade)


def hand_values(scenario: Scenario, deals: Deals) -> Values:
    """(N, contenders) values: higher is better, equal is a tie."""
    if scenario.showdown == "wild":
        return _wild_values(scenario, deals)
    holes = [_cards_of(scenario, deals, owner) for owner in range(len(scenario.hands))]
    board = _cards_of(scenario, deals, None)
    if scenario.showdown == "omaha":
        return _all_at_once(batch_omaha_values, holes, board)
    if scenario.showdown == "short":
        return _all_at_once(_short_deck_values, holes, board)
    if scenario.showdown == "low":
        columns = [_low_values(np.hstack((hole, board))) for hole in holes]
    else:
        columns = [batch_high_values(np.hstack((hole, board))).astype(np.int64) for hole in holes]
    return np.column_stack(columns)


def _cards_of(scenario: Scenario, deals: Deals, owner: int | None) -> Deals:
    """(N, k) indices of one contender's cards (owner None: the board's)."""
    known = scenario.board if owner is None else scenario.hands[owner]
    columns = [
        index for index, slot in enumerate(scenario.slots) if slot.owner == owner and not slot.extra
    ]
    # Filled in place: broadcasting the known cards and stacking cost more than the deal.
    cards = np.empty((len(deals), len(known) + len(columns)), dtype=np.intp)
    cards[:, : len(known)] = [card.index for card in known]
    cards[:, len(known) :] = deals[:, columns]
    return cards


def _all_at_once(
    values_of: Callable[[Deals, Deals], npt.NDArray[np.integer]], holes: list[Deals], board: Deals
) -> Values:
    """(N, contenders) values of every contender's hole cards with the board, in one batch
    (one call's fixed cost, not one per contender)."""
    values = values_of(np.vstack(holes), np.tile(board, (len(holes), 1)))
    by_contender: Values = values.reshape(len(holes), len(board)).T.astype(np.int64)
    return by_contender


def _short_deck_values(hole: Deals, board: Deals) -> npt.NDArray[np.int32]:
    return batch_short_deck_values(np.hstack((hole, board)))


def _low_values(hands: Deals) -> Values:
    return _one_by_one(low_value, hands)


def _one_by_one(value: Callable[[list[Card]], int], hands: Deals) -> Values:
    """Each row's value by an evaluator the batch path does not cover, one hand at a time."""
    return np.array([value(_cards(row)) for row in hands.tolist()], dtype=np.int64)


def _wild_values(scenario: Scenario, deals: Deals) -> Values:
    up_columns = [index for index, slot in enumerate(scenario.slots) if slot.face_up]
    # Follow the Queen: the up cards to come, street by street (``WildState.after_street``).
    streets = [scenario.slots[index].street for index in up_columns]
    ends = {at for at, (street, after) in enumerate(pairwise(streets)) if street != after}
    ends.add(len(up_columns) - 1)
    hands = [
        np.hstack((_cards_of(scenario, deals, owner), _cards_of(scenario, deals, None))).tolist()
        for owner in range(len(scenario.hands))
    ]
    bought = _extra_cards_bought(scenario, deals)
    values = np.empty((len(deals), len(hands)), dtype=np.int64)
    for row, up in enumerate(deals[:, up_columns].tolist()):
        wild = scenario.fixed_wild
        if wild is None:
            state, street = scenario.wild, []
            for at, index in enumerate(up):
                street.append(index // 4)
                if at in ends:
                    state, street = state.after_street(street), []
            wild = state.at_showdown()
        for owner, hand in enumerate(hands):
            extra = bought[row][owner] if bought else []
            values[row, owner] = wild_value(_cards(hand[row] + extra), wild)
    return values


def _extra_cards_bought(scenario: Scenario, deals: Deals) -> list[list[list[int]]]:
    """Baseball: each deal's extra cards by contender: the reserve (``Slot.extra``) handed
    out in dealing order, one to each up card to come that is a four (empty: no reserve)."""
    reserve = [column for column, slot in enumerate(scenario.slots) if slot.extra]
    if not reserve:
        return []
    ups = [
        (column, slot.owner)
        for column, slot in enumerate(scenario.slots)
        if slot.face_up and slot.owner is not None
    ]
    bought = []
    for row in deals.tolist():
        cards = [row[column] for column in reserve]
        mine: list[list[int]] = [[] for _ in scenario.hands]
        for column, owner in ups:
            if cards and row[column] // 4 == scenario.extra_card_rank:
                mine[owner].append(cards.pop(0))
        bought.append(mine)
    return bought


def _cards(indices: list[int]) -> list[Card]:
    return [CARDS[index] for index in indices]
