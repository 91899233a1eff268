"""Our high evaluator ranks random hands exactly as treys, phevaluator and eval7 do."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Sequence

import pytest
import treys
from phevaluator import _pheval

from pokernight.cards import CARDS, Card
from pokernight.evaluate import batch_high_values, high_value
from tests.ranking import same_ranking

with warnings.catch_warnings():
    # eval7 0.1.10 calls a pyparsing name deprecated since pyparsing 3.
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

Hand = tuple[Card, ...]
PHEVALUATOR = {5: _pheval.evaluate_5cards, 6: _pheval.evaluate_6cards, 7: _pheval.evaluate_7cards}
TREYS = treys.Evaluator()
SAMPLES = {5: 30_000, 6: 30_000, 7: 100_000}


def random_hands(size: int, count: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    return [tuple(rng.sample(CARDS, size)) for _ in range(count)]


def treys_rank(hand: Hand) -> int:
    cards = [treys.Card.new(str(card)) for card in hand]
    return -int(TREYS.evaluate(cards[:2], cards[2:]))  # treys: lower is better


def phevaluator_rank(hand: Hand) -> int:
    return -int(PHEVALUATOR[len(hand)](*(card.index for card in hand)))  # lower is better


def eval7_rank(hand: Hand) -> int:
    return int(eval7.evaluate([eval7.Card(str(card)) for card in hand]))


PEERS: dict[str, Callable[[Hand], int]] = {
    "treys": treys_rank,
    "phevaluator": phevaluator_rank,
    "eval7": eval7_rank,
}


@pytest.fixture(scope="module", params=sorted(SAMPLES))
def hands(request: pytest.FixtureRequest) -> Sequence[Hand]:
    size: int = request.param
    return random_hands(size, SAMPLES[size], seed=size)


@pytest.mark.parametrize("peer", sorted(PEERS))
def test_high_value_ranks_random_hands_like_peer(hands: Sequence[Hand], peer: str) -> None:
    ours = [high_value(hand) for hand in hands]
    theirs = [PEERS[peer](hand) for hand in hands]
    assert same_ranking(ours, theirs)


def test_batch_values_equal_high_value_on_random_hands(hands: Sequence[Hand]) -> None:
    indexes = [[card.index for card in hand] for hand in hands]
    assert batch_high_values(indexes).tolist() == [high_value(hand) for hand in hands]


def test_same_ranking_detects_a_swapped_pair() -> None:
    assert same_ranking([1, 2, 3], [10, 20, 30])
    assert not same_ranking([1, 2, 3], [10, 30, 20])
    assert not same_ranking([1, 1, 3], [10, 20, 30])
