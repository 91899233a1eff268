"""Hi-lo split games, eight or better: each pot split into a high half and a low half.

Robert's Rules of Poker, split-pot games (docs/rules.md, "Hi-lo split games"): a low
needs five different ranks of eight or lower; without one the high hand scoops; the
high half takes the odd chip; tied hands share their half (quartering); each pot, side
pots included, is split on its own; one player may win both ways.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS, shuffled
from pokernight.rules import VARIANTS, CardsShown, Hand, PotAwarded, Stakes
from pokernight.rules.events import event_from_dict
from pokernight.rules.random_play import random_action
from tests.rules_helpers import check_to_showdown, holdem_deck, stud_deck

PLO8, O8, STUD8 = VARIANTS["plo8"], VARIANTS["o8"], VARIANTS["stud8"]
BLINDS = Stakes(small_blind=5, big_blind=10)
BOARD = "3h4s8dKh7c"


def awards(hand: Hand) -> list[PotAwarded]:
    return [event for event in hand.events if isinstance(event, PotAwarded)]


def test_one_hand_best_both_ways_scoops_the_pot() -> None:
    deck = holdem_deck(1, ["Ac2dKdKc", "7c7d6h6s"], "3h4d8cKsQs")
    hand = check_to_showdown(Hand.start(PLO8, BLINDS, [100, 100], 1, deck))
    (award,) = awards(hand)
    assert award.winners == ((0, 20),)
    assert award.high == ((0, 10),) and award.low == ((0, 10),)
    assert award.description == "high: Three of a Kind, Kings, low: 8-4-3-2-A low"


def test_without_a_qualifying_low_the_high_hand_takes_the_whole_pot() -> None:
    # Only one board card is eight or lower: no Omaha hand can make a low.
    deck = holdem_deck(1, ["AsAh3c4c", "KhKd5d6d"], "2c9hTsJdQc")
    hand = check_to_showdown(Hand.start(PLO8, BLINDS, [100, 100], 1, deck))
    (award,) = awards(hand)
    assert award.winners == award.high == ((0, 20),)
    assert award.low == ()
    assert award.description == "high: One Pair, Aces, no low"


def test_two_tied_lows_are_quartered() -> None:
    # Seat 0 has the high and ties the low: three quarters of the pot; seat 1 a quarter.
    deck = holdem_deck(1, ["Ac2cKsKd", "Ad2d9h9s"], BOARD)
    hand = check_to_showdown(
        Hand.start(O8, Stakes(5, 10, small_bet=10, big_bet=20), [100, 100], 1, deck)
    )
    (award,) = awards(hand)
    assert award.high == ((0, 10),)
    assert award.low == ((0, 5), (1, 5))
    assert award.winners == ((0, 15), (1, 5))
    assert hand.final_stacks == (105, 95)


def test_the_odd_chip_of_an_uneven_pot_goes_to_the_high_half() -> None:
    stakes = Stakes(small_blind=5, big_blind=10, ante=1)
    deck = holdem_deck(2, ["KsKd9c9d", "Ac2cJhTh", "QcQd5h6h"], BOARD)
    hand = Hand.start(PLO8, stakes, [100, 100, 100], 2, deck)
    hand.fold(2)
    check_to_showdown(hand)
    (award,) = awards(hand)
    assert award.amount == 23
    assert award.high == ((0, 12),) and award.low == ((1, 11),)


def test_each_side_pot_is_split_high_and_low_on_its_own() -> None:
    # Seat 2 is all-in for 20 with the only low: it takes the main pot's low half; the
    # side pot, between two hands without a low, goes whole to the best high hand.
    deck = holdem_deck(2, ["KsKd9c9d", "QcQdTsTd", "Ac2cQhJh"], BOARD)
    hand = Hand.start(PLO8, BLINDS, [100, 100, 20], 2, deck)
    hand.bet_or_raise(2, 20).check_or_call(0).check_or_call(1)
    hand.bet_or_raise(0, 30).check_or_call(1)
    check_to_showdown(hand)
    main, side = awards(hand)
    assert (main.amount, main.high, main.low) == (60, ((0, 30),), ((2, 30),))
    assert (side.amount, side.winners, side.low) == (60, ((0, 60),), ())
    assert side.description.endswith("no low")
    assert hand.final_stacks == (140, 50, 30)


def test_stud_hi_lo_odd_chip_of_a_tied_low_goes_to_the_lowest_card_by_suit() -> None:
    # Both lows are 7-5-4-3-2; seat 0 holds the two of clubs, the lowest card by suit.
    deck = stud_deck(
        1,
        [["Kd9h2c", "Qd9s2d"], ["3d", "3h"], ["4h", "4s"], ["5s", "5c"], ["7c", "7d"]],
    )
    stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    hand = check_to_showdown(Hand.start(STUD8, stakes, [100, 100], 1, deck))
    (award,) = awards(hand)
    assert award.amount == 6
    assert award.high == ((0, 3),)
    assert award.low == ((0, 2), (1, 1))
    assert award.winners == ((0, 5), (1, 1))


def test_showdown_names_both_halves_of_each_hand() -> None:
    deck = holdem_deck(1, ["Ac2dKdKc", "7c7d6h6s"], "3h4d8cKsQs")
    hand = check_to_showdown(Hand.start(PLO8, BLINDS, [100, 100], 1, deck))
    shown = {e.seat: e.description for e in hand.events if isinstance(e, CardsShown)}
    assert shown[0] == "high: Three of a Kind, Kings, low: 8-4-3-2-A low"


def test_hi_lo_award_round_trips_and_other_games_keep_their_log() -> None:
    award = PotAwarded(0, 20, ((0, 15), (1, 5)), "high: x, low: y", ((0, 10),), ((0, 5), (1, 5)))
    assert event_from_dict(award.to_dict()) == award
    plain = PotAwarded(0, 20, ((0, 20),), "Flush, Ace high")
    assert set(plain.to_dict()) == {"type", "index", "amount", "winners", "description"}
    assert event_from_dict(plain.to_dict()) == plain
    no_low = PotAwarded(0, 20, ((0, 20),), "high: x, no low", ((0, 20),))
    assert event_from_dict(no_low.to_dict()) == no_low


@settings(max_examples=300, deadline=None)
@given(key=st.sampled_from(["plo8", "o8", "stud8"]), seed=st.integers(0, 2**32))
def test_chips_are_conserved_and_every_pot_is_awarded_once_in_halves(key: str, seed: int) -> None:
    rng = random.Random(seed)
    variant = VARIANTS[key]
    players = rng.randint(2, variant.max_players)
    stacks = [rng.randint(1, 300) for _ in range(players)]
    if variant.is_stud:
        stakes = Stakes(ante=rng.choice((0, 1)), bring_in=2, small_bet=5, big_bet=10)
    else:
        stakes = Stakes(small_blind=1, big_blind=2, ante=rng.choice((0, 1)), small_bet=2, big_bet=4)
    hand = Hand.start(variant, stakes, stacks, rng.randrange(players), shuffled(CARDS, rng))
    while (legal := hand.legal_actions()) is not None:
        hand = hand.act(random_action(legal, rng))
    assert hand.final_stacks is not None
    assert sum(hand.final_stacks) == sum(stacks)
    pots = awards(hand)
    assert [award.index for award in pots] == list(range(len(pots)))
    assert sum(award.amount for award in pots) == sum(hand.contributed)
    for award in pots:
        assert sum(chips for _, chips in award.winners) == award.amount
        if not award.is_hi_lo:
            continue  # won without a showdown
        low = sum(chips for _, chips in award.low)
        assert low == (award.amount // 2 if award.low else 0)
        assert sum(chips for _, chips in award.high) == award.amount - low
