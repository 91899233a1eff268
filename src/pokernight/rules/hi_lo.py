"""The showdown of a hi-lo split game, eight or better (Omaha Hi-Lo, Stud Hi-Lo).

Robert's Rules of Poker, split-pot games: each pot (the main pot and every side pot, on
its own) is split between the best high hand and the best low hand among the players in
it. A low qualifies with five cards of different ranks, eight or lower, aces low
(``evaluate.eight_low``); when no player in the pot has one, the best high hand takes
it all. When the pot does not split evenly between the halves, the odd chip goes to the
high half; inside a half, tied hands share it and the odd chips go as in any split pot
(``odd_chips``), so two tied lows each get a quarter. One player may win both halves.
In Omaha each half takes exactly two hole cards and three board cards, chosen for that
half alone.

Shown and mucked as in every game (``showdown``), but a hand shows while it can win
either half of a pot it is in.

Chicago (a home game; Robert's Rules do not speak of it) has the same shape with another
second half: the highest spade in the hole (a card dealt face down, the ace highest) takes
it. With no spade in the hole among the pot's players the best high hand scoops; a spade
is one card, so that half never ties; the odd chip goes to the high half. ``PotAwarded.low``
carries the spade half, and the descriptions say "high: ..., spade: Ace" (or "no spade").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pokernight.cards import CARDS, Card, Suit
from pokernight.evaluate import high_value, omaha_value
from pokernight.evaluate.describe import (
    cards_used,
    high_words,
    low_cards_used,
    low_groups,
    low_words,
)
from pokernight.evaluate.eight_low import (
    LOW_SIZE,
    eight_low_value,
    evaluate_omaha_eight_low,
    omaha_eight_low_value,
)
from pokernight.evaluate.omaha import best_five as omaha_best_five
from pokernight.rules.dealing import Emit
from pokernight.rules.events import CardsMucked, CardsShown, PotAwarded
from pokernight.rules.odd_chips import high_hand_order, low_hand_order
from pokernight.rules.pots import Pot, split
from pokernight.rules.state import HandState, all_hands_shown

Shares = tuple[tuple[int, int], ...]
NO_LOW = -1
"""Below every low value: "no qualifying low" compares as the worst low there is."""
CARDS_BY_VALUE = {int(card): card for card in CARDS}


@dataclass(frozen=True, slots=True)
class HiLoValue:
    high: int
    low: int  # NO_LOW when the hand has no eight-or-better low


def hi_lo_value(state: HandState, seat: int) -> HiLoValue:
    hole, board = state.cards[seat], state.board
    if state.variant.showdown == "spade":
        return HiLoValue(high_value(hole + board), hole_spade(state, seat))
    if state.variant.showdown == "omaha8":
        low = omaha_eight_low_value(hole, board)
        return HiLoValue(omaha_value(hole, board), NO_LOW if low is None else low)
    cards = hole + board
    low = eight_low_value(cards)
    return HiLoValue(high_value(cards), NO_LOW if low is None else low)


def hole_spade(state: HandState, seat: int) -> int:
    """Chicago: the seat's highest spade dealt face down (a Card, as an int: spades order
    by rank), NO_LOW when it holds none."""
    up = state.up[seat]
    spades = [card for card in state.cards[seat] if card.suit == Suit.SPADES and card not in up]
    return max(spades, default=NO_LOW)


def _second_word(state: HandState) -> str:
    """The second half's name: "low", or Chicago's "spade"."""
    return "spade" if state.variant.showdown == "spade" else "low"


@dataclass(frozen=True, slots=True)
class _Halves:
    high: list[int]  # the seats holding the pot's best high hand
    low: list[int]  # the seats holding its best qualifying low; empty: no low


def show_down_hi_lo(state: HandState, pots: tuple[Pot, ...], order: list[int], emit: Emit) -> None:
    """Show or muck each hand in ``order``, then award every pot in halves."""
    values = {seat: hi_lo_value(state, seat) for seat in order}
    halves = [_halves_of(pot, values) for pot in pots]
    high_winners = {seat for half in halves for seat in half.high}
    low_winners = {seat for half in halves for seat in half.low}
    everyone_shows = all_hands_shown(state)
    best_high, best_low = [-1] * len(pots), [NO_LOW] * len(pots)
    for seat, value in values.items():
        in_pots = [index for index, pot in enumerate(pots) if seat in pot.eligible]
        show = everyone_shows or not state.stacks[seat]
        for index in in_pots:
            if value.high >= best_high[index] or _low_can_win(value.low, best_low[index]):
                show = True
        if not show:
            emit(CardsMucked(seat))
            continue
        best = _best_cards(state, seat, value, seat in high_winners, seat in low_winners)
        emit(CardsShown(seat, tuple(state.cards[seat]), _name(state, value), best))
        for index in in_pots:
            best_high[index] = max(best_high[index], value.high)
            best_low[index] = max(best_low[index], value.low)
    for index, (pot, half) in enumerate(zip(pots, halves, strict=True)):
        emit(_award(state, index, pot, half, values))


def _low_can_win(low: int, best_shown: int) -> bool:
    return low > NO_LOW and low >= best_shown


def _halves_of(pot: Pot, values: dict[int, HiLoValue]) -> _Halves:
    contenders = [seat for seat in pot.eligible if seat in values]
    high = max(values[seat].high for seat in contenders)
    low = max(values[seat].low for seat in contenders)
    return _Halves(
        [seat for seat in contenders if values[seat].high == high],
        [seat for seat in contenders if values[seat].low == low] if low > NO_LOW else [],
    )


def _award(
    state: HandState, index: int, pot: Pot, halves: _Halves, values: dict[int, HiLoValue]
) -> PotAwarded:
    high_name = _high_name(values[halves.high[0]].high)
    high_order = high_hand_order(state, halves.high)
    word = _second_word(state)
    if not halves.low:
        high = split(pot.amount, high_order)
        return PotAwarded(index, pot.amount, high, f"high: {high_name}, no {word}", high=high)
    # The high half takes the odd chip of an uneven pot.
    low_chips = pot.amount // 2
    high = split(pot.amount - low_chips, high_order)
    low = split(low_chips, low_hand_order(state, halves.low))
    low_name = _second_name(state, values[halves.low[0]].low)
    description = f"high: {high_name}, {word}: {low_name}"
    return PotAwarded(index, pot.amount, _added(high, low), description, high=high, low=low)


def _added(high: Shares, low: Shares) -> Shares:
    """Each winner once, with the chips of both halves (high winners first)."""
    chips: dict[int, int] = {}
    for seat, amount in (*high, *low):
        chips[seat] = chips.get(seat, 0) + amount
    return tuple(chips.items())


def _name(state: HandState, value: HiLoValue) -> str:
    word = _second_word(state)
    second = f"{word}: {_second_name(state, value.low)}" if value.low > NO_LOW else f"no {word}"
    return f"high: {_high_name(value.high)}, {second}"


def _second_name(state: HandState, value: int) -> str:
    if state.variant.showdown == "spade":
        # The spade by its rank in words ("spade: Ace"): clients lower-case a hand's words.
        return CARDS_BY_VALUE[value].rank.word
    return _low_name(value)


def _high_name(value: int) -> str:
    return high_words(value)


def _low_name(value: int) -> str:
    return low_words(*low_groups(value, LOW_SIZE))


def _best_cards(
    state: HandState, seat: int, value: HiLoValue, wins_high: bool, wins_low: bool
) -> tuple[Card, ...]:
    """The cards a client raises: the five of each half the hand wins."""
    hole, board = state.cards[seat], state.board
    omaha = state.variant.showdown == "omaha8"
    cards: list[Card] = []
    if wins_high:
        cards += (
            omaha_best_five(value.high, hole, board)
            if omaha
            else cards_used(value.high, hole + board)
        )
    if wins_low and state.variant.showdown == "spade":
        cards.append(CARDS_BY_VALUE[value.low])
    elif wins_low:
        cards += _low_cards(hole, board, value.low, omaha)
    return tuple(dict.fromkeys(cards))


def _low_cards(
    hole: Sequence[Card], board: Sequence[Card], low: int, omaha: bool
) -> tuple[Card, ...]:
    if not omaha:
        return low_cards_used(low, [*hole, *board])
    strength = evaluate_omaha_eight_low(hole, board)
    assert strength is not None, "a low that wins was made of no two + three cards"
    return strength.cards
