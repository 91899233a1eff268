"""The draw games' tables and ranges (issue 39): a hard bot reads an opponent's draws and
bets, every level sees how many cards each drew, and a decision costs a table look-up,
not a Monte Carlo of every hand's draws.

The spot: 2-7 Triple Draw heads-up. The bot (the big blind) stands pat on 9-8-6-4-3 all
hand; Bob draws one card at each draw. Either Bob raised first and bet every street
(the bot checking and calling), or Bob only called (the bot betting): fixed limit, so
the pot is the same when Bob bets the last street and the bot decides.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from pokernight.bots import make_bot
from pokernight.bots.draw_estimate import ranged_draw_equity, situation_tables
from pokernight.bots.draw_states import EDGES, cards_of_key, every_kept_set, state_key
from pokernight.bots.draw_tables import DrawTables, played_out, tables_for
from pokernight.bots.estimate import my_equity
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.cards import CARDS, Card, parse_cards
from pokernight.rules import VARIANTS, ActionKind, Hand, default_stakes, view

BOB = "AcAdKhKsQc"


def deck(mine: str, his: str) -> list[Card]:
    """Heads-up: the cards round-robin from seat 0, the rest in order."""
    first, second = parse_cards(mine), parse_cards(his)
    rest = [card for card in CARDS if card not in {*first, *second}]
    return [*(card for pair in zip(first, second, strict=True) for card in pair), *rest]


def bob_bets_the_last_street(mine: str, *, bob_raises: bool) -> Hand:
    variant = VARIANTS["27td"]
    hand = Hand.start(variant, default_stakes(variant), [2_000, 2_000], 1, deck(mine, BOB))

    def bet(seat: int) -> None:
        legal = hand.legal_actions()
        assert legal is not None and legal.min_raise_to is not None
        hand.bet_or_raise(seat, legal.min_raise_to)

    if bob_raises:
        bet(1)
        hand.check_or_call(0)
    else:
        hand.check_or_call(1)
        bet(0)
        hand.check_or_call(1)
    for street in range(1, 4):
        while hand.is_drawing:
            if hand.to_act == 0:
                hand.stand_pat(0)
            else:
                hand.draw(1, [max(hand.hole(1))])
        if street == 3:
            break
        if bob_raises:
            hand.check_or_call(0)
            bet(1)
            hand.check_or_call(0)
        else:
            bet(0)
            hand.check_or_call(1)
    hand.check_or_call(0)
    bet(1)
    return hand


def equity(hand: Hand) -> float:
    situation = Situation.of(view(hand, 0))
    tables = situation_tables(situation)
    assert tables is not None
    return ranged_draw_equity(situation, tables, [PlayerStats()])


def test_a_player_who_raised_every_street_leaves_less_equity_and_the_hard_bot_folds() -> None:
    called = bob_bets_the_last_street("9d8c6s4h3c", bob_raises=False)
    raised = bob_bets_the_last_street("9d8c6s4h3c", bob_raises=True)
    assert called.total_pot == raised.total_pot
    assert equity(raised) < equity(called) - 0.2
    for seed in range(3):
        assert make_bot("hard", random.Random(seed)).decide(view(called, 0)).kind is ActionKind.CALL
        assert make_bot("hard", random.Random(seed)).decide(view(raised, 0)).kind is ActionKind.FOLD


def after_the_first_draw(bob_takes: int) -> Hand:
    """Both in for the blinds; at the first draw the bot stands pat on 9-8-6-4-3 and Bob
    takes ``bob_takes`` cards (none: he stands pat too); the bot acts first after it."""
    variant = VARIANTS["27td"]
    hand = Hand.start(variant, default_stakes(variant), [2_000, 2_000], 1, deck("9d8c6s4h3c", BOB))
    hand.check_or_call(1)
    hand.check_or_call(0)
    while hand.is_drawing:
        seat = hand.to_act
        assert seat is not None
        if seat == 0 or not bob_takes:
            hand.stand_pat(seat)
        else:
            hand.draw(1, sorted(hand.hole(1))[-bob_takes:])
    assert hand.to_act == 0
    return hand


def test_every_level_sees_a_pat_hand_from_one_that_drew_three() -> None:
    """A pat hand is what anyone at a draw table sees (a bet's meaning is for readers): the
    easy and medium bots' equity against Bob standing pat is far below their equity against
    Bob drawing three, where against random hands it would be the same."""
    pat, drew_three = (Situation.of(view(after_the_first_draw(n), 0)) for n in (0, 3))
    rng = random.Random(0)
    assert my_equity(pat, {}, rng) < my_equity(drew_three, {}, rng) - 0.2


def expected_percentile(tables: DrawTables, cards: str, draws_left: int) -> float:
    ending = tables.ending(parse_cards(cards), draws_left)
    if isinstance(ending, float):
        return ending
    return float(ending @ ((EDGES[1:] + EDGES[:-1]) / 2))


def test_starting_hands_rank_as_draw_players_rank_them() -> None:
    """2-7 and Badugi: a pat hand first, then fewer cards to draw, then lower cards kept.
    Five-Card Draw: trips, then pairs by rank, then an ace to draw to; heads-up (equity
    against one random hand) a four-flush comes last: it fills one time in five."""
    deuce7 = tables_for("deuce7", 3, 5)
    assert deuce7 is not None
    order = ["8c6d4h3s2c", "7c5d3h2sKc", "8c6d3h2sKc", "7c3d2hKsKc", "9c3d2hKsQc", "AcKdQhJsTc"]
    strengths = [expected_percentile(deuce7, cards, 3) for cards in order]
    assert strengths == sorted(strengths, reverse=True)
    badugi = tables_for("badugi", 3, 4)
    assert badugi is not None
    order = ["7c5d3h2s", "Ac2d3hKh", "Ac5d8hKh", "Ac2c3cKc"]
    strengths = [expected_percentile(badugi, cards, 3) for cards in order]
    assert strengths == sorted(strengths, reverse=True)
    high = tables_for("high", 1, 5)
    assert high is not None
    order = ["7c7d7hKs2c", "AcAd5h8s2c", "JcJd5h8s2c", "5c5d9hKsQc", "Ac9d5h3s2h", "9c8c4c2cKd"]
    strengths = [expected_percentile(high, cards, 1) for cards in order]
    assert strengths == sorted(strengths, reverse=True)


@pytest.mark.parametrize("game", [("badugi", 3, 4), ("deuce7", 3, 5)])
def test_a_state_the_tables_lack_isplayed_out_from_its_key_alone(
    game: tuple[str, int, int],
) -> None:
    """As the script fills the tables and a bot a state they lack: the same key, the same
    answer, whatever the process has seen before."""
    tables = tables_for(*game)
    assert tables is not None
    kept = parse_cards("KcQd") if game[0] == "badugi" else parse_cards("KcQcJc")
    key = state_key(kept, 2)
    assert sorted(card.rank for card in cards_of_key(key)) == sorted(card.rank for card in kept)
    first = played_out(tables, key)
    played_out.cache_clear()
    again = played_out(tables, key)
    assert np.array_equal(first, again)
    assert first.sum() == pytest.approx(1.0)


@pytest.mark.parametrize("game", [("badugi", 3, 4), ("deuce7", 3, 5)])
def test_the_tables_hold_every_kept_set_a_lowball_hand_may_draw_to(
    game: tuple[str, int, int],
) -> None:
    tables = tables_for(*game)
    assert tables is not None
    missing = [
        kept
        for kept in every_kept_set(tables.game)
        for left in range(1, tables.game.draws + 1)
        if state_key(kept, left) not in tables.states
    ]
    assert not missing
