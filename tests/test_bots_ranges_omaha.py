"""The hard bot reads ranges in Omaha, hi-lo Omaha and short deck (``bots/ranges_omaha``).

Heads-up, the bot in the big blind, Bob on the button, the same cards and board, and the
same pot and river bet in two lines: Bob raised before the flop and bet every street
(the bot calling), or Bob called before the flop and called the bot's bets until he bet
the river. The bot's equity against the raiser is lower, and with kings and deuces in
Omaha it folds to the raiser's river bet and calls the caller's.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokernight.bots import make_bot
from pokernight.bots.estimate import equity_of, scenario_of
from pokernight.bots.ranges import range_weights
from pokernight.bots.ranges_omaha import class_keys, percentiles
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.cards import Card, parse_cards
from pokernight.equity.starting_hands import class_key
from pokernight.rules import VARIANTS, ActionKind, Hand, Stakes, view

STAKES = Stakes(small_blind=5, big_blind=10)
PLAYERS = ("Robo", "Bob")
DEALS = {"omaha": 3000, "omaha8": 3000, "short": 3000}


def deck(game: str, robo: str, bob: str, board: str) -> list[Card]:
    """Hole cards round-robin from seat 0, a burn before each street, then the board."""
    mine, his, cards = parse_cards(robo), parse_cards(bob), parse_cards(board)
    rest = [card for card in VARIANTS[game].cards if card not in {*mine, *his, *cards}]
    top = [card for pair in zip(mine, his, strict=True) for card in pair]
    return [*top, rest[0], *cards[:3], rest[1], cards[3], rest[2], cards[4], *rest[3:]]


def river_bet(game: str, robo: str, board: str, *, raiser: bool) -> Hand:
    """Bob bets the pot on the river (540 into 540) after raising and betting every
    street (``raiser``) or after calling every street."""
    cards = deck(game, robo, "AcTh5d3d"[: len(robo)], board)
    hand = Hand.start(VARIANTS[game], STAKES, [10_000, 10_000], 1, cards)
    if raiser:
        hand.bet_or_raise(1, 30)
        hand.check_or_call(0)
    else:
        hand.check_or_call(1)
        hand.bet_or_raise(0, 30)
        hand.check_or_call(1)
    for size in (60, 180):
        if raiser:
            hand.check_or_call(0)
            hand.bet_or_raise(1, size)
            hand.check_or_call(0)
        else:
            hand.bet_or_raise(0, size)
            hand.check_or_call(1)
    hand.check_or_call(0)
    hand.bet_or_raise(1, 540)
    return hand


def equity_at(spot: Hand) -> float:
    situation = Situation.of(view(spot, 0))
    scenario = scenario_of(situation)
    weigh = range_weights(situation, scenario, [PlayerStats()])
    assert weigh is not None
    return equity_of(scenario, DEALS, random.Random(1), weigh)


@pytest.mark.parametrize(
    ("game", "robo", "board"),
    [
        ("plo", "9h4sJc7c", "Kc8h4d2s9d"),
        ("plo8", "Kh2c7c5s", "KcQh9d2sTd"),  # no low possible: weak is below two pair
        ("nlsd", "KhQs", "Kc8h6d7sJd"),
    ],
)
def test_equity_against_a_raiser_is_lower_than_against_a_caller(
    game: str, robo: str, board: str
) -> None:
    against_raiser = equity_at(river_bet(game, robo, board, raiser=True))
    against_caller = equity_at(river_bet(game, robo, board, raiser=False))
    assert against_raiser < against_caller - 0.03, (against_raiser, against_caller)


def test_the_hard_bot_folds_two_pair_to_the_raiser_and_calls_the_caller() -> None:
    """Equity about 0.30 against the raiser, 0.60 against the caller; a river call asks
    for the pot odds' third and a margin."""
    for raiser, expected in ((True, ActionKind.FOLD), (False, ActionKind.CALL)):
        spot = river_bet("plo", "Kh2cJc7c", "Kc8h4d2s9d", raiser=raiser)
        kinds = [
            make_bot("hard", random.Random(seed)).decide(view(spot, 0), PLAYERS).kind
            for seed in range(5)
        ]
        assert kinds == [expected] * 5, raiser


def test_starting_hands_rank_as_expected() -> None:
    """Aces double-suited lead Omaha; the class key read in batches is the one-hand key."""
    hands = ["AsAhKsKh", "7c2d9hQs", "JdTd9c8c"]
    cards = np.array([[card.index for card in parse_cards(hand)] for hand in hands])
    assert class_keys(cards).tolist() == [class_key(parse_cards(hand)) for hand in hands]
    best, worst, connected = percentiles(cards, "omaha")
    assert best > 0.99 and worst < 0.3 and connected > 0.9
