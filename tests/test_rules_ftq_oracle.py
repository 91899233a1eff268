"""Follow the Queen, both readings, against the oracles on 10,000 random hands each.

Each hand is dealt from a shuffled deck to 2 to 9 players (nine run the deck short: the
community card) with deep, equal stacks, so that there is one pot, and played by a seeded
policy that mostly calls (the up cards of many streets, hence many queens, are dealt).
For every hand:

- the wild-rank sequence: after each street's cards, the ranks the engine says are wild
  (its ``WildRankChanged`` log, what every client is told, and ``Hand.wild_ranks`` at
  each decision) are those ``ftq_oracle`` reads off the up cards;
- the showdown: the pot goes to the hands the brute-force ``wild_oracle`` values best with
  the oracle's last wild ranks (every five cards, every rank for every wild card).

10,000 hands of each reading take 6 to 7 s each on the project's machine (decision 55
has the measure); a hand is a seed, so a failure names the hand that failed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from pokernight.cards import Card, Rank, parse_cards, shuffled
from pokernight.rules import (
    VARIANTS,
    CardsDealt,
    Hand,
    PotAwarded,
    Stakes,
    StreetStarted,
    WildRankChanged,
)
from tests.ftq_oracle import carried_over_wild_ranks, seed_wild_ranks
from tests.wild_oracle import oracle_value

FTQ = VARIANTS["ftq"]
STAKES = Stakes(ante=5, bring_in=10, small_bet=20, big_bet=40)
HANDS = 10_000
QUEENS_ONLY = frozenset({int(Rank.QUEEN)})

Oracle = Callable[[Sequence[Sequence[Card]]], list[frozenset[int]]]


def play(seed: int, carries_over: bool) -> tuple[Hand, dict[int, frozenset[int]]]:
    """A random hand of the seed, and the wild ranks the engine said at each street's
    decisions."""
    rng = random.Random(seed)
    players = rng.randint(2, FTQ.max_players)
    deck = shuffled(FTQ.cards, rng)
    hand = Hand.start(FTQ, STAKES, [100_000] * players, rng.randrange(players), deck,
                      ftq_queen_carries_over=carries_over)  # fmt: skip
    said: dict[int, frozenset[int]] = {}
    while (legal := hand.legal_actions()) is not None:
        wild = said.setdefault(hand.street_index, hand.wild_ranks)
        assert hand.wild_ranks == wild, "the wild ranks changed during a betting round"
        roll = rng.random()
        if legal.can_bring_in:
            hand.bring_in(legal.seat)
        elif legal.can_fold and roll < 0.06:
            hand.fold(legal.seat)
        elif legal.min_raise_to is not None and roll < 0.12:
            hand.bet_or_raise(legal.seat, legal.min_raise_to)
        else:
            hand.check_or_call(legal.seat)
    return hand, said


def up_cards_by_street(hand: Hand) -> list[list[Card]]:
    streets: list[list[Card]] = []
    for event in hand.events:
        if isinstance(event, StreetStarted):
            streets.append([])
        elif isinstance(event, CardsDealt) and event.face_up:
            streets[-1] += event.cards
    return streets


def logged_wild_ranks(hand: Hand) -> list[frozenset[int]]:
    """After each street's cards (up to the next street, or the end), the wild ranks as
    the log's ``WildRankChanged`` events tell every player."""
    wild, after = QUEENS_ONLY, []
    for event in hand.events[1:]:
        if isinstance(event, StreetStarted):
            after.append(wild)
        elif isinstance(event, WildRankChanged):
            wild = QUEENS_ONLY | ({event.rank} if event.rank is not None else set())
    return [*after[1:], wild]


def oracle_winners(hand: Hand, wild: frozenset[int]) -> set[int]:
    live = [seat for seat, folded in enumerate(hand.folded) if not folded]
    if len(live) == 1:
        return set(live)
    values = {seat: oracle_value([*hand.hole(seat), *hand.board], wild) for seat in live}
    best = max(values.values())
    return {seat for seat, value in values.items() if value == best}


def check_hands(carries_over: bool, oracle: Oracle) -> dict[str, int]:
    counts = {"hands": 0, "showdowns": 0, "community cards": 0, "rank changes": 0}
    for seed in range(HANDS):
        hand, said = play(seed, carries_over)
        expected = oracle(up_cards_by_street(hand))
        where = f"hand {seed} ({'house rule' if carries_over else 'seed rule'})"
        assert logged_wild_ranks(hand) == expected, where
        for street, wild in said.items():
            assert wild == expected[street], f"{where}, street {street}"
        assert hand.wild_ranks == expected[-1], where
        (award,) = [event for event in hand.events if isinstance(event, PotAwarded)]
        assert {seat for seat, _ in award.winners} == oracle_winners(hand, expected[-1]), where
        counts["hands"] += 1
        counts["showdowns"] += hand.folded.count(False) > 1
        counts["community cards"] += bool(hand.board)
        counts["rank changes"] += sum(isinstance(e, WildRankChanged) for e in hand.events)
    return counts


@pytest.mark.slow
@pytest.mark.parametrize(
    ("carries_over", "oracle"),
    [
        pytest.param(False, seed_wild_ranks, id="seed-rule"),
        pytest.param(True, carried_over_wild_ranks, id="house-rule-carries-over"),
    ],
)
def test_follow_the_queen_agrees_with_the_oracles_on_10000_hands(
    carries_over: bool, oracle: Oracle
) -> None:
    counts = check_hands(carries_over, oracle)
    assert counts["hands"] == HANDS
    # The hands do reach what they are meant to check.
    assert counts["showdowns"] > HANDS // 2
    assert counts["community cards"] > HANDS // 100
    assert counts["rank changes"] > HANDS


def test_the_two_readings_differ_on_the_seeds_example_2_and_agree_on_examples_1_and_3() -> None:
    """The oracles themselves, on the seed's examples (third street, then fourth)."""
    example_1 = [parse_cards("Qh 7s")]
    example_2 = [parse_cards("9d Qc"), parse_cards("8s Kh")]
    example_3 = [parse_cards("Qh 8s Qs Kd")]
    sevens, eights, kings = (
        frozenset({int(Rank.QUEEN), int(rank)}) for rank in (Rank.SEVEN, Rank.EIGHT, Rank.KING)
    )
    for oracle in (seed_wild_ranks, carried_over_wild_ranks):
        assert oracle(example_1) == [sevens]
        assert oracle(example_3) == [kings]
    assert seed_wild_ranks(example_2) == [QUEENS_ONLY, QUEENS_ONLY]
    assert carried_over_wild_ranks(example_2) == [QUEENS_ONLY, eights]
