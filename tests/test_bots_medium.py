"""The medium bot gives a bet some credit (issue 39): facing a bet, its equity goes halfway
from its equity against a random hand to its equity against what the bettor's play says
he holds (``ranges``), as a recreational player asks "what can he have?"; with nothing to
call it bets its own hand as before.

Heads-up: Bob raises before the flop and bets every street; the bot calls along and
faces his river bet with bottom pair. The same in each stud game, Bob raising every
street (``test_bots_ranges_stud``'s spot).
"""

from __future__ import annotations

import random
from statistics import fmean

import pytest

from pokernight.bots import make_bot
from pokernight.bots.estimate import credited_equity, my_equity
from pokernight.bots.medium import SAMPLES
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.cards import CARDS, Card, parse_cards
from pokernight.rules import VARIANTS, ActionKind, Hand, default_stakes, view
from tests.test_bots_draw_ranges import after_the_first_draw
from tests.test_bots_ranges_stud import SPOTS, facing_a_bet

PLAYERS = ("Robo", "Bob")  # seat 0 the bot, seat 1 Bob
SEEDS = range(20)


def holdem_deck(mine: str, his: str, board: str) -> list[Card]:
    """Heads-up hold'em, seat 0 dealt first; a burn card before each street's cards."""
    robo, bob, shown = parse_cards(mine), parse_cards(his), parse_cards(board)
    rest = [card for card in CARDS if card not in {*robo, *bob, *shown}]
    burns = rest[:3]
    return [
        *(robo[0], bob[0], robo[1], bob[1]),
        *(burns[0], *shown[:3], burns[1], shown[3], burns[2], shown[4]),
        *rest[3:],
    ]


def bob_bets_every_street() -> Hand:
    variant = VARIANTS["nlhe"]
    deck = holdem_deck("Kh 4h", "7d 6d", "Qs 9d 4c 2h Jc")
    hand = Hand.start(variant, default_stakes(variant), [2_000, 2_000], 1, deck)
    while True:
        legal = hand.legal_actions()
        assert legal is not None
        if legal.seat == 0:
            if hand.street_index == 3 and legal.call_amount:
                return hand
            hand.check_or_call(0)
        else:  # Bob raises the blinds, then bets each street into the bot's check
            assert legal.min_raise_to is not None
            hand.bet_or_raise(1, legal.min_raise_to * 2)


def equities(hand: Hand) -> tuple[float, float]:
    """The bot's equity credited to Bob's play and against a random hand, over seeds."""
    situation = Situation.of(view(hand, 0))
    stats = [PlayerStats()]
    read = [credited_equity(situation, stats, SAMPLES, random.Random(seed)) for seed in SEEDS]
    assert all(equity is not None for equity in read)  # a game whose hands are read
    credited = fmean(equity for equity in read if equity is not None)
    against_any = fmean(my_equity(situation, SAMPLES, random.Random(seed)) for seed in SEEDS)
    return credited, against_any


def test_facing_a_bet_in_holdem_medium_credits_the_bettor_and_folds_bottom_pair() -> None:
    """Against a random hand bottom pair is a favourite (0.54); against a raiser who bet
    every street it is all but dead (0.03). Believing none of it, medium called 19 times
    in 20; half believing it, it folds half the time (10)."""
    hand = bob_bets_every_street()
    credited, against_any = equities(hand)
    assert credited < against_any - 0.3, (credited, against_any)
    spot = view(hand, 0)
    kinds = [make_bot("medium", random.Random(seed)).decide(spot, PLAYERS).kind for seed in SEEDS]
    assert kinds.count(ActionKind.FOLD) >= 8, kinds


@pytest.mark.parametrize(("game", "mine"), SPOTS)
def test_facing_a_raiser_in_stud_medium_credits_him(game: str, mine: str) -> None:
    credited, against_any = equities(facing_a_bet(game, mine, raiser=True))
    assert credited < against_any - 0.03, (credited, against_any)


def test_in_a_draw_game_no_bettor_s_range_is_estimated_twice() -> None:
    """The draw games' hands are read from the draws (``seen_draw_equity``), not from a
    range: there is nothing to credit, and no second estimate of the same equity."""
    situation = Situation.of(view(after_the_first_draw(3), 0))
    assert credited_equity(situation, [PlayerStats()], SAMPLES, random.Random(1)) is None
