"""Equity in short-deck hold'em, the wild home games and Chicago, against brute force."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from pokernight.cards import CARDS, SHORT_DECK, Card, CardError, Rank, parse_cards
from pokernight.equity import Slot, equity, scenario_for_variant
from pokernight.equity.scenario import extra_card_slots
from pokernight.rules import VARIANTS
from tests.short_deck_oracle import oracle_key
from tests.wild_oracle import oracle_value


def _short_key(cards: list[Card]) -> tuple[int, ...]:
    return max(
        oracle_key(tuple(sorted(card.rank for card in five)), len({c.suit for c in five}) == 1)
        for five in combinations(cards, 5)
    )


def test_short_deck_river_equity_is_exact_over_the_36_card_deck() -> None:
    hands = [parse_cards("AhKh"), parse_cards("QsQd")]
    board = parse_cards("Th Jh 6c 9d")
    result = equity(scenario_for_variant(VARIANTS["nlsd"], hands, board))
    used = {*hands[0], *hands[1], *board}
    rivers = [card for card in SHORT_DECK if card not in used]
    assert result.exact and result.deals == len(rivers) == 28
    shares = [0.0, 0.0]
    for river in rivers:
        keys = [_short_key([*hand, *board, river]) for hand in hands]
        best = max(keys)
        winners = [index for index, key in enumerate(keys) if key == best]
        for index in winners:
            shares[index] += 1 / len(winners) / len(rivers)
    assert [hand.equity for hand in result.hands] == pytest.approx(shares)


def test_a_card_below_the_six_is_not_a_short_deck_card() -> None:
    with pytest.raises(CardError):
        equity(scenario_for_variant(VARIANTS["nlsd"], [parse_cards("2h3h"), parse_cards("AsAd")]))


@pytest.mark.parametrize(
    ("key", "wild", "first", "second"),
    [
        ("baseball", {1, 7}, "3h 9d Ac Kd Qh Jc 5s", "As Ad Ah Kc 8c 7c 6d"),
        ("deuces", {0}, "2h 2d Kc Kd 7h 8c 5s", "As Ad Ah Kh 8d 7d 6d"),
    ],
)
def test_wild_home_game_equity_of_dealt_out_hands_is_the_oracles(
    key: str, wild: set[int], first: str, second: str
) -> None:
    hands = [parse_cards(first), parse_cards(second)]
    result = equity(scenario_for_variant(VARIANTS[key], hands))
    values = [oracle_value(hand, frozenset(wild)) for hand in hands]
    expected = [1.0, 0.0] if values[0] > values[1] else [0.0, 1.0]
    assert result.exact and [hand.equity for hand in result.hands] == expected


def test_chicago_equity_splits_high_and_spade() -> None:
    # The ace of spades dealt face down takes the spade half; the kings take the high.
    hands = [parse_cards("As 4d 7h 8c Tc Jd 2h"), parse_cards("Kc Kd Ks 3h 5h 6h 9d")]
    result = equity(scenario_for_variant(VARIANTS["chicago"], hands))
    first, second = result.hands
    assert (first.equity, first.high, first.low) == (0.5, 0.0, 1.0)
    assert (second.equity, second.high, second.low) == (0.5, 1.0, 0.0)


def test_chicago_a_spade_dealt_face_up_is_not_in_the_hole() -> None:
    # The king of spades is the second hand's third card: face up, so no spade half.
    hands = [parse_cards("4d 7h 8c Tc Jd 2h 3c"), parse_cards("Kc Kd Ks 3h 5h 6h 9d")]
    result = equity(
        scenario_for_variant(VARIANTS["chicago"], hands), samples=100, rng=np.random.default_rng(1)
    )
    assert [hand.equity for hand in result.hands] == [0.0, 1.0]
    assert [hand.low for hand in result.hands] == [0.0, 0.0]


def test_chicago_hands_of_one_or_two_cards_are_dealt_out() -> None:
    # The ace of spades as the first card (face down) always takes the spade half.
    hands = [parse_cards("As"), parse_cards("Kd9h")]
    result = equity(
        scenario_for_variant(VARIANTS["chicago"], hands), samples=200, rng=np.random.default_rng(2)
    )
    assert [hand.low for hand in result.hands] == [1.0, 0.0]


def _baseball_oracle(first: Sequence[Card], second: Sequence[Card], *, extra_cards: bool) -> float:
    """The first hand's equity, its sixth-street up card and seventh-street down card to
    come, dealt card by card as the table deals them: a four face up buys a down card at
    once (``extra_cards``; else the game as if fours bought nothing)."""
    wild = frozenset({int(Rank.THREE), int(Rank.NINE)})
    deck = [card for card in CARDS if card not in {*first, *second}]
    theirs = oracle_value(second, wild)

    def share(hand: list[Card]) -> Fraction:
        ours = oracle_value(hand, wild)
        return Fraction(1) if ours > theirs else Fraction(1, 2) if ours == theirs else Fraction(0)

    total = Fraction(0)
    for up in deck:
        rest = [card for card in deck if card != up]
        if extra_cards and up.rank == Rank.FOUR:
            for extra in rest:
                last = [card for card in rest if card != extra]
                weight = Fraction(1, len(deck) * len(rest) * len(last))
                total += weight * sum(share([*first, up, extra, down]) for down in last)
        else:
            weight = Fraction(1, len(deck) * len(rest))
            total += weight * sum(share([*first, up, down]) for down in rest)
    return float(total)


def test_baseball_equity_deals_the_extra_card_a_four_face_up_buys() -> None:
    """Five cards against a full house: a four on sixth street buys an extra down card,
    one more chance at four of a kind. Exact, against a card-by-card oracle."""
    first = parse_cards("Ac Ad 5h 7s Jd")
    second = parse_cards("Kc Kd Ks 6h 6c 2h Td")
    scenario = scenario_for_variant(VARIANTS["baseball"], [first, second])
    reserve = Slot(None, extra=True)  # one four can still come face up: one extra card
    assert scenario.slots == (Slot(0, True, street=5), Slot(0, False, street=6), reserve)
    result = equity(scenario, exact_limit=10**9)
    assert result.exact
    expected = _baseball_oracle(first, second, extra_cards=True)
    assert result.hands[0].equity == pytest.approx(expected, abs=1e-12)
    assert expected > _baseball_oracle(first, second, extra_cards=False)


def test_baseball_reserves_one_extra_card_for_each_four_that_can_still_come() -> None:
    """Six players on third street: 18 up cards to come but four fours at most, fewer when
    some are seen; none once the deck has no room after the regular cards."""
    hands = [parse_cards(cards) for cards in ("4c Ad 2h", "Kd 4d 5h", "6c 7d 8h")]
    hands += [parse_cards(cards) for cards in ("Tc Jd Qh", "2c 5d 6h", "7c 8d Th")]
    scenario = scenario_for_variant(VARIANTS["baseball"], hands)
    assert sum(slot.extra for slot in scenario.slots) == 2  # 4c and 4d are seen
    assert sum(slot.face_up for slot in scenario.slots) == 18
    deuces = scenario_for_variant(VARIANTS["deuces"], hands)
    assert not any(slot.extra for slot in deuces.slots)
    assert extra_card_slots(scenario.slots, 4, room=1) == (Slot(None, extra=True),)
    assert extra_card_slots(scenario.slots, 4, room=0) == ()
