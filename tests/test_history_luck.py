"""All-in luck (issue 37, decision 67): each player's expected share of the pots a hand
ran out all in, to the chip, on worked examples; and the shares of a pot sum to it."""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import CARDS, parse_cards
from pokernight.history.luck import all_in_luck, apportion
from pokernight.rules import VARIANTS, Hand, PotAwarded, Stakes, Variant, default_stakes
from tests.rules_helpers import holdem_deck

NLHE = VARIANTS["nlhe"]
PLO8 = VARIANTS["plo8"]
BLINDS = Stakes(small_blind=5, big_blind=10)
FLOP, TURN = 1, 2


def all_in_on(hand: Hand, street: int, runs: int = 1) -> Hand:
    """Check or call to ``street``, then each player in turn puts every chip in (raises
    as far as the game lets, else calls); a question about the runs answered ``runs``."""
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.can_choose_runs:
            hand.choose_runs(legal.seat, runs)
        elif legal.can_bring_in:
            hand.bring_in(legal.seat)
        elif hand.street_index < street:
            hand.check_or_call(legal.seat)
        elif legal.max_raise_to is not None:
            hand.bet_or_raise(legal.seat, legal.max_raise_to)
        else:
            hand.call(legal.seat)
    return hand


def won_by_seat(hand: Hand) -> list[int]:
    won = [0] * hand.player_count
    for event in hand.events:
        if isinstance(event, PotAwarded):
            for seat, chips in event.winners:
                won[seat] += chips
    return won


def mean_of_every_river(
    variant: Variant, stacks: Sequence[int], holes: Sequence[str], turn_board: str
) -> list[float]:
    """The oracle: the hand played out with each river that may come, the engine's own
    showdown, and each seat's chips won averaged over them."""
    known = {*parse_cards(" ".join(holes)), *parse_cards(turn_board)}
    totals = [0.0] * len(stacks)
    rivers = [card for card in CARDS if card not in known]
    for river in rivers:
        deck = holdem_deck(0, holes, f"{turn_board} {river}")
        hand = all_in_on(Hand.start(variant, STAKES_OF[variant], stacks, 0, deck), TURN)
        for seat, chips in enumerate(won_by_seat(hand)):
            totals[seat] += chips
    return [total / len(rivers) for total in totals]


STAKES_OF = {NLHE: BLINDS, PLO8: Stakes(small_blind=5, big_blind=10)}


def test_heads_up_all_in_on_the_flop() -> None:
    # Aces against kings on Ac Kd 2c: the kings win only with the last king (Kc) and not
    # the last ace (Ad): 43 of the 990 turn-and-river runouts. The pot is 200:
    # 200 x 43/990 = 8.69 chips expected for the kings, 191.31 for the aces.
    deck = holdem_deck(0, ["Ah As", "Kh Ks"], "Ac Kd 2c 5h 9d")
    hand = all_in_on(Hand.start(NLHE, BLINDS, [100, 100], 0, deck), FLOP)
    luck = all_in_luck(hand.events)
    assert luck is not None and luck.exact
    assert luck.won == (200, 0)
    assert luck.expected == (191, 9)
    assert (luck.luck(0), luck.luck(1)) == (9, -9)
    (pot,) = luck.pots
    assert pot.equities == (947 / 990, 43 / 990)


def test_three_way_all_in_with_a_side_pot() -> None:
    # Seat 0 (50 chips) is all in for the main pot of 150; seats 1 and 2 (100 each) play
    # for a side pot of 100 too, all in on the turn, 42 rivers to come. The main pot: the
    # last ace (Ac) for seat 0 (1/42), the spades that do not pair the board for seat 2
    # (7/42), the kings' 34/42; the side pot is the kings' 5/6. The As came: seat 2's flush.
    holes = ["Ah Ad", "Kh Kd", "9s Ts"]
    turn_board = "Ks 8s 2c 3h"
    deck = holdem_deck(0, holes, f"{turn_board} As")
    hand = all_in_on(Hand.start(NLHE, BLINDS, [50, 100, 100], 0, deck), TURN)
    luck = all_in_luck(hand.events)
    assert luck is not None and luck.exact
    main, side = luck.pots
    assert (main.amount, main.contenders) == (150, (0, 1, 2))
    assert (side.amount, side.contenders) == (100, (1, 2))
    assert main.equities == (1 / 42, 34 / 42, 7 / 42)
    assert (main.won, side.won) == ((0, 0, 150), (0, 100))
    assert main.expected == (4, 121, 25)  # 3.57, 121.43, 25
    assert side.expected == (83, 17)  # 83.33, 16.67
    assert luck.won == (0, 0, 250)
    assert luck.expected == (4, 204, 42)
    # The engine's own showdown with every river agrees, within a chip a pot.
    oracle = mean_of_every_river(NLHE, [50, 100, 100], holes, turn_board)
    assert all(abs(value - mine) < 2 for value, mine in zip(oracle, luck.expected, strict=True))


def test_a_hi_lo_pot() -> None:
    # Pot-limit Omaha hi-lo, all in on the turn, 40 rivers to come. Seat 0's kings win the
    # high half every time, and its ace-deuce the low, unless an ace or a deuce pairs it
    # (3 aces and 3 deuces: 6 rivers) and seat 1's 3-4 takes the low half: seat 1 expects
    # half the pot 6 times in 40, 3/40 of 400 = 30. The 2c came: the pot split, 200 each.
    holes = ["Ah 2h Kc Kd", "3c 4c Qs Qd"]
    turn_board = "Ks 5d 8h Js"
    deck = holdem_deck(0, holes, f"{turn_board} 2c")
    hand = all_in_on(Hand.start(PLO8, STAKES_OF[PLO8], [200, 200], 0, deck), TURN)
    luck = all_in_luck(hand.events)
    assert luck is not None and luck.exact
    assert luck.won == (200, 200)
    assert luck.expected == (370, 30)
    assert luck.pots[0].equities == (0.925, 0.075)
    assert mean_of_every_river(PLO8, [200, 200], holes, turn_board) == [370.0, 30.0]


def test_a_board_run_twice() -> None:
    # The heads-up spot above, run twice: each run is for half the pot, so the equity
    # and the expected shares are the same (191 and 9); what was won is both runs' sum.
    deck = holdem_deck(0, ["Ah As", "Kh Ks"], "Ac Kd 2c 5h 9d")
    start = Hand.start(NLHE, BLINDS, [100, 100], 0, deck, run_it_twice=True)
    hand = all_in_on(start, FLOP, runs=2)
    assert hand.runs == 2
    luck = all_in_luck(hand.events)
    assert luck is not None and luck.exact
    assert luck.expected == (191, 9)
    assert luck.won == tuple(won_by_seat(hand))
    assert sum(luck.won) == 200


def test_no_luck_when_nothing_was_left_to_come() -> None:
    deck = holdem_deck(0, ["Ah As", "Kh Ks"], "Ac Kd 2c 5h 9d")
    hand = all_in_on(Hand.start(NLHE, BLINDS, [100, 100], 0, deck), 4)
    assert all_in_luck(hand.events) is None


GAMES = (NLHE, PLO8, VARIANTS["plo"], VARIANTS["stud8"])


@settings(max_examples=100, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    stacks=st.lists(st.integers(min_value=1, max_value=300), min_size=2, max_size=5),
    street=st.integers(min_value=0, max_value=3),
    twice=st.booleans(),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_the_expected_shares_of_a_pot_sum_to_the_pot(
    game: Variant, stacks: list[int], street: int, twice: bool, seed: int
) -> None:
    """Hands all in on a street of several games (side pots from the stacks, hi-lo
    halves, boards run twice): each pot's expected shares are whole chips summing to the
    pot, as the chips won of it do; a hand not run out all in has no luck."""
    deck = list(game.cards)
    random.Random(seed).shuffle(deck)
    runs = twice and game.has_flop
    stakes = default_stakes(game) if game.is_stud else BLINDS
    hand = all_in_on(Hand.start(game, stakes, stacks, 0, deck, run_it_twice=runs), street, 2)
    luck = all_in_luck(hand.events, np.random.default_rng(seed), samples=200, exact_limit=20_000)
    if luck is None:
        return
    for pot in luck.pots:
        assert sum(pot.expected) == sum(pot.won) == pot.amount
        assert all(share >= 0 for share in pot.expected)
        assert abs(sum(pot.equities) - 1) < 1e-9
    assert sum(luck.expected) == sum(luck.won)
    assert sum(luck.won) == sum(won_by_seat(hand))


@settings(max_examples=100, deadline=None)
@given(
    amount=st.integers(min_value=1, max_value=10**7),
    equities=st.lists(st.floats(min_value=0, max_value=1), min_size=1, max_size=9).filter(
        lambda values: sum(values) > 0
    ),
)
def test_apportion_is_whole_chips_within_a_chip(amount: int, equities: list[float]) -> None:
    shares = apportion(amount, equities)
    assert sum(shares) == amount
    total = sum(equities)
    for share, value in zip(shares, equities, strict=True):
        assert abs(share - amount * value / total) < 1
