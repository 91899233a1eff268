"""Deuce-to-seven and badugi: worked examples from the rule books, every hand against a
brute-force oracle written here from the rules' words, and every class of hands
against PokerKit's evaluators (an independent implementation; its ``BadugiHand`` is
aces low, as badugi is played; its ``StandardBadugiHand`` counts aces high)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import combinations, pairwise
from typing import Any

import pokerkit
import pytest

from pokernight.cards import CARDS, Card, CardError, parse_cards
from pokernight.evaluate.badugi import badugi_value, evaluate_badugi
from pokernight.evaluate.deuce_seven import deuce_seven_value, evaluate_deuce_seven

# Best first, as Robert's Rules rank deuce-to-seven hands.
DEUCE_SEVEN_ORDER = (
    "7h 5d 4c 3s 2h",  # the nuts, "number one"
    "7h 6d 4c 3s 2h",
    "8h 5d 4c 3s 2h",
    "8h 6d 5c 4s 3h",
    "9h 8d 7c 6s 4h",
    "Kh Qd Jc Ts 8h",
    "Ah 5d 4c 3s 2h",  # the wheel is ace high, not a straight: worse than any king high
    "2h 2d 3c 4s 5h",  # a pair counts against the hand
    "Ah Ad Kc Qs Jh",
    "6h 5d 4c 3s 2h",  # a straight: worse than any pair or trips
    "7h 5h 4h 3h 2h",  # a flush: worse than any straight
    "6h 5h 4h 3h 2h",  # a straight flush: the worst of all
)

# Best first: four cards beat three, three beat two; then the lower highest card.
BADUGI_ORDER = (
    "Ah 2d 3c 4s",  # the nuts
    "Ah 2d 3c 5s",
    "Kh Qd Jc Ts",
    "Ah 2d 3c 3s",  # a pair: three cards, 3-2-A
    "Ah 2d 4c 5c",  # two clubs: three cards, 4-2-A
    "Kh Qd Jc Jh",  # three cards, K-Q-J
    "Ah 2h 3d 4d",  # two cards, 3-A
    "Ah 2h 3h 4h",  # one card, the ace
)


def _values(evaluate: Callable[[Sequence[Card]], int], texts: Iterable[str]) -> list[int]:
    return [evaluate(parse_cards(text)) for text in texts]


def test_deuce_seven_ranks_hands_as_the_rule_books_do() -> None:
    values = _values(deuce_seven_value, DEUCE_SEVEN_ORDER)
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    assert evaluate_deuce_seven(parse_cards("7h 5d 4c 3s 2h")).description == "7-5-4-3-2"
    assert evaluate_deuce_seven(parse_cards("Ah 5d 4c 3s 2h")).description == "A-5-4-3-2"
    straight = evaluate_deuce_seven(parse_cards("6h 5d 4c 3s 2h"))
    assert straight.description == "Straight, Six high"
    with pytest.raises(CardError, match="5 to 5 cards, not 4"):
        evaluate_deuce_seven(parse_cards("7h 5d 4c 3s"))


def test_badugi_ranks_hands_as_the_rule_books_do() -> None:
    values = _values(badugi_value, BADUGI_ORDER)
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    # Which three of A-2-3-3 or A-2-3-4 (two clubs) are kept: A-2-3 in both, a tie.
    assert _values(badugi_value, ["Ah 2d 3c 3s", "Ah 2d 3c 4c"]) == [values[3]] * 2
    assert evaluate_badugi(parse_cards("Ah 2d 3c 4s")).description == "Badugi, 4-3-2-A"
    assert evaluate_badugi(parse_cards("Ah Ad 3c 4s")).description == "Three cards, 4-3-A"
    assert evaluate_badugi(parse_cards("Ah 2h 3h 4h")).description == "One card, A"
    with pytest.raises(CardError, match="1 to 4 cards, not 5"):
        evaluate_badugi(parse_cards("Ah 2d 3c 4s 5h"))


# The oracles: the rules' own words, with nothing of the evaluators.


def _high_key(hand: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """A five-card high hand as the books rank it, aces high only (no wheel): larger is
    higher. 2-7 lowball ranks hands the other way round."""
    counts = Counter(int(card.rank) for card in hand)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    ranks = tuple(rank for rank, _ in groups)
    flush = len({card.suit for card in hand}) == 1
    straight = len(counts) == 5 and max(counts) - min(counts) == 4
    category = {
        (4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1,
    }.get(shape, 8 if straight and flush else 5 if flush else 4 if straight else 0)  # fmt: skip
    return category, ranks


def _badugi_key(hand: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """The best set of distinct suits and ranks, aces low: more cards, then the lower
    cards from the highest down. Larger is better."""
    best: tuple[int, tuple[int, ...]] = (0, ())
    for size in range(1, len(hand) + 1):
        for kept in combinations(hand, size):
            if len({c.suit for c in kept}) == len({c.rank for c in kept}) == size:
                lows = sorted(((int(c.rank) + 1) % 13 for c in kept), reverse=True)
                best = max(best, (size, tuple(-low for low in lows)))
    return best


def _agrees_in_order(pairs: Iterable[tuple[Hashable, int]]) -> int:
    """Check that ``value`` is a strictly increasing function of the oracle's key; the
    number of distinct keys."""
    by_key: dict[Hashable, int] = {}
    for key, value in pairs:
        assert by_key.setdefault(key, value) == value, f"one key, two values: {key}"
    ordered = [by_key[key] for key in sorted(by_key)]  # type: ignore[type-var]
    assert all(low < high for low, high in pairwise(ordered))
    return len(by_key)


@pytest.mark.slow
def test_deuce_seven_agrees_with_the_oracle_on_every_five_card_hand() -> None:
    def pairs() -> Iterable[tuple[Hashable, int]]:
        for hand in combinations(CARDS, 5):
            category, ranks = _high_key(hand)
            # 2-7 inverts the high order: the key negated, so larger is better.
            yield (-category, tuple(-rank for rank in ranks)), deuce_seven_value(hand)

    assert _agrees_in_order(pairs()) == 7462  # the distinct five-card hands of poker


@pytest.mark.slow
def test_badugi_agrees_with_the_oracle_on_every_four_card_hand() -> None:
    pairs = ((_badugi_key(hand), badugi_value(hand)) for hand in combinations(CARDS, 4))
    assert _agrees_in_order(pairs) > 1000


def _suit_classes(size: int) -> list[tuple[Card, ...]]:
    """One hand of each class of ``size`` cards that relabelling suits maps onto each
    other: both evaluators ignore what the suits are called."""
    classes: dict[tuple[tuple[int, int], ...], tuple[Card, ...]] = {}
    for hand in combinations(CARDS, size):
        names: dict[int, int] = {}
        key = tuple((int(c.rank), names.setdefault(c.suit, len(names))) for c in hand)
        classes.setdefault(key, hand)
    return list(classes.values())


def _agrees_with_pokerkit(hands: list[tuple[Card, ...]], ours: Any, theirs: Any) -> None:
    """Ordered by our value, PokerKit's hands rise with it and tie exactly where we do."""
    ranked = sorted(hands, key=ours)
    for lower, higher in pairwise(ranked):
        mine = (ours(lower), ours(higher))
        pair = [theirs("".join(map(str, hand))) for hand in (lower, higher)]
        if mine[0] == mine[1]:
            assert pair[0] == pair[1], (lower, higher)
        else:
            assert pair[0] < pair[1], (lower, higher)


@pytest.mark.slow
def test_deuce_seven_agrees_with_pokerkit_on_every_class_of_hands() -> None:
    hands = _suit_classes(5)
    assert len(hands) > 100_000
    _agrees_with_pokerkit(hands, deuce_seven_value, pokerkit.StandardLowHand)


@pytest.mark.slow
def test_badugi_agrees_with_pokerkit_on_every_class_of_hands() -> None:
    hands = _suit_classes(4)
    assert len(hands) == 20_410
    _agrees_with_pokerkit(hands, badugi_value, pokerkit.BadugiHand.from_game)
