"""The hard bot reads a stud opponent's range from its actions (``bots/ranges_stud``).

Heads-up, the same cards each time: Bob either raises every street he can (completes
third street, bets fourth to seventh), or only checks and calls until he bets the river.
The bot checks and calls along and faces Bob's river bet. Against the raiser its equity is
lower in every stud game (high, low, hi-lo, wild), and in Seven-Card Stud with a pair of
kings it folds to the raiser where it calls the player who only called.
"""

from __future__ import annotations

import random
from statistics import fmean

import numpy as np
import pytest

from pokernight.bots import make_bot
from pokernight.bots.estimate import scenario_of, stud_equity_of
from pokernight.bots.hard import SAMPLES
from pokernight.bots.ranges import range_weights
from pokernight.bots.ranges_stud import starting_percentiles
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.cards import CARDS, Card, parse_cards
from pokernight.rules import VARIANTS, ActionKind, Hand, default_stakes, view

PLAYERS = ("Robo", "Bob")  # seat 0 the bot, seat 1 Bob
BOB = "8d 6h 5d 3h 7c 9s Td"  # down, down, up x4, down
# The bot's cards facing Bob in each stud game: high, low, hi-lo, wild.
SPOTS = [
    ("stud", "6c 4h 2c Ah Kd Qs Kh"),
    ("razz", "Ac 2s Kc 4h 6s 7s Jd"),
    ("stud8", "Ac 2s Kc 4h Ks 9c Jd"),
    ("ftq", "Qd Ks 2c Ah Kd Js 6c"),
]


def deck(mine: str, his: str) -> list[Card]:
    """Heads-up stud, seat 0 dealt first: two down cards and the door card round-robin,
    then a burn card and one card each street."""
    robo, bob = parse_cards(mine), parse_cards(his)
    rest = [card for card in CARDS if card not in {*robo, *bob}]
    top = [robo[0], bob[0], robo[1], bob[1], robo[2], bob[2]]
    for street in range(3, 7):
        top += [rest.pop(), robo[street], bob[street]]
    return top + rest


def facing_a_bet(game: str, mine: str, *, raiser: bool, street: int = -1) -> Hand:
    """Bob raises once a street whenever he can (``raiser``), the bot calling; or Bob
    calls the bot's bets until he bets ``street`` (the river by default: the same chips in
    the pot). The bot then faces his bet."""
    variant = VARIANTS[game]
    hand = Hand.start(variant, default_stakes(variant), [2000, 2000], 1, deck(mine, BOB))
    last = street % len(variant.streets)
    raised_on = -1
    while True:
        legal = hand.legal_actions()
        assert legal is not None
        street = hand.street_index
        if legal.seat == 0:
            if street == last and legal.call_amount:
                return hand
            if legal.can_bring_in:
                hand.bring_in(0)
            elif not raiser and street < last and not legal.call_amount and legal.min_raise_to:
                hand.bet_or_raise(0, legal.min_raise_to)  # the caller calls: the same pot
            else:
                hand.check_or_call(0)
        elif legal.can_bring_in and not raiser:
            hand.bring_in(1)
        elif (raiser or street == last) and raised_on < street and legal.min_raise_to:
            hand.bet_or_raise(1, legal.min_raise_to)
            raised_on = street
        else:
            hand.check_or_call(1)


def equity_read(hand: Hand, seeds: range) -> float:
    situation = Situation.of(view(hand, 0))
    scenario = scenario_of(situation)
    weigh = range_weights(situation, scenario, [PlayerStats()])
    assert weigh is not None
    return fmean(stud_equity_of(scenario, SAMPLES, random.Random(seed), weigh) for seed in seeds)


@pytest.mark.parametrize(("game", "mine"), SPOTS)
def test_equity_is_lower_against_a_player_who_raised_every_street(game: str, mine: str) -> None:
    seeds = range(4)
    against_raiser = equity_read(facing_a_bet(game, mine, raiser=True), seeds)
    against_caller = equity_read(facing_a_bet(game, mine, raiser=False), seeds)
    assert against_raiser < against_caller - 0.03, (against_raiser, against_caller)


def test_the_hard_bot_folds_to_the_raiser_what_it_calls_from_the_caller() -> None:
    """A pair of kings facing a river bet at about 8 to 1: the raiser's range (a top
    starting hand, a pair or better by fourth street, two pair by the river) beats it
    too often; the caller's does not. Twenty seeds each (18 and 2 folds)."""
    mine = "6c 4h 2c Ah Kd Qs Kh"

    def folds(raiser: bool) -> int:
        spot = view(facing_a_bet("stud", mine, raiser=raiser), 0)
        kinds = [make_bot("hard", random.Random(seed)).decide(spot, PLAYERS).kind
                 for seed in range(3, 23)]  # fmt: skip
        return kinds.count(ActionKind.FOLD)

    assert folds(raiser=True) >= 15
    assert folds(raiser=False) <= 5


def test_starting_hands_rank_as_the_stud_books_rank_them() -> None:
    """Rolled-up trips, then big pairs, small pairs, three-flushes, high cards (stud); three
    small unpaired cards first in razz; either kind high in hi-lo."""

    def percentile(showdown: str, cards: str, wild: frozenset[int] = frozenset()) -> float:
        first, second, door = (card.index for card in parse_cards(cards))
        table = starting_percentiles(showdown, wild)
        return float(table[(first * 52 + second) * 52 + door])

    stud = ["Ah Ad As", "Kh Kd 2c", "2h 2d 3c", "Ah Kh Qh", "Ah Kd 9c", "7h 2d 4c"]
    assert np.all(np.diff([percentile("high", cards) for cards in stud]) < 0)
    razz = ["Ah 2d 3c", "8h 7d 6c", "Kh Qd Jc"]
    assert np.all(np.diff([percentile("low", cards) for cards in razz]) < 0)
    assert min(percentile("high8", "Ah 2d 3c"), percentile("high8", "Kh Kd 2c")) > 0.9
    queens = frozenset({10})  # Follow the Queen: a wild queen makes trips of a pair
    assert percentile("wild", "Qh 9d 9c", queens) > percentile("high", "Kh Kd 2c")
