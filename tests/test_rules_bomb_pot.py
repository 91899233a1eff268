"""Bomb pots (issue 22, table options): every player posts the agreed ante, nobody posts
a blind, and the flop comes with no betting before it; then the hand plays as usual."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import full_deck, shuffled
from pokernight.history import to_phh
from pokernight.history.pokerstars_export import PokerStarsError, pokerstars_game
from pokernight.rules import (
    AntePosted,
    BlindPosted,
    CardsShown,
    Hand,
    HandStarted,
    PotAwarded,
    RulesError,
    Stakes,
    variant_for,
)
from pokernight.rules.random_play import random_action

STAKES = Stakes(small_blind=10, big_blind=20)


def bomb(key: str, stacks: list[int], ante: int, seed: int = 1, double_board: bool = False) -> Hand:
    deck = shuffled(variant_for(key).cards, random.Random(seed))
    return Hand.start(
        variant_for(key), STAKES, stacks, 0, deck, bomb_pot=ante, double_board=double_board
    )


def test_everybody_antes_nobody_blinds_and_the_flop_is_dealt_at_once() -> None:
    hand = bomb("nlhe", [1000, 1000, 30], 40)
    antes = [e for e in hand.events if isinstance(e, AntePosted)]
    # Left of the button first; the short stack is all in for its 30.
    assert [(e.seat, e.amount) for e in antes] == [(1, 40), (2, 30), (0, 40)]
    assert not any(isinstance(e, BlindPosted) for e in hand.events)
    assert hand.street_index == 1 and len(hand.board) == 3
    assert hand.total_pot == 110 and hand.to_act == 1  # first left of the button, on the flop
    legal = hand.legal_actions()
    assert legal is not None and legal.can_check and legal.min_raise_to == 20  # a big blind
    while not hand.is_over:
        hand.check_or_call(hand.to_act)
    awarded = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert sum(e.amount for e in awarded) == 110 and len({e.index for e in awarded}) == 2
    assert sum(hand.final_stacks or ()) == 2030


def test_a_bomb_pot_is_saved_and_resumed_and_an_ordinary_hand_is_written_as_before() -> None:
    hand = bomb("plo", [500, 500, 500, 500], 25)
    again = Hand.from_dict(hand.to_dict())
    assert again.events == hand.events and again.to_act == hand.to_act
    started = hand.events[0]
    assert isinstance(started, HandStarted) and started.to_dict()["bomb_pot"] == 25
    plain = bomb("nlhe", [500, 500], 0).events[0]
    assert "bomb_pot" not in plain.to_dict()


@pytest.mark.parametrize(
    ("key", "ante", "reason"),
    [("stud", 10, "bomb pots are for board games"), ("nlhe", -5, "cannot be negative")],
)
def test_a_bomb_pot_is_refused_where_it_cannot_be(key: str, ante: int, reason: str) -> None:
    with pytest.raises(RulesError, match=reason):
        bomb(key, [500, 500], ante)


@settings(max_examples=200, deadline=None)
@given(
    key=st.sampled_from(["nlhe", "plhe", "flhe", "plo", "plo8", "nlsd"]),
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=8),
    ante=st.integers(1, 120),
    two_boards=st.booleans(),
    seed=st.integers(0, 10**6),
)
def test_chips_are_conserved_and_every_pot_is_awarded_once_a_board(
    key: str, stacks: list[int], ante: int, two_boards: bool, seed: int
) -> None:
    rng = random.Random(seed)
    hand = bomb(key, stacks, ante, seed, double_board=two_boards)
    assert hand.street_index == 1 or hand.is_over  # never a bet before the flop
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(random_action(legal, rng))
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    for board in (0, 1):
        indices = [e.index for e in awards if e.board == board]
        assert indices == sorted(set(indices))  # each pot once a board
    for award in awards:
        assert sum(chips for _, chips in award.winners) == award.amount
    assert sum(hand.final_stacks or ()) == sum(stacks)
    assert hand.total_pot == 0  # every chip put in went back out, in an award or returned
    cards = [c for board in hand.boards for c in board]
    cards += [c for seat in range(hand.player_count) for c in hand.hole(seat)]
    assert len(cards) == len(set(cards))  # no card dealt twice, the second board's included


def test_pokerstars_text_refuses_a_double_board_by_name_and_phh_writes_our_own_code() -> None:
    # A bomb pot of one board is PokerStars text (antes, no preflop betting: decision 66);
    # a double board has no form there.
    hand = bomb("nlhe", [500, 500], 20)
    while not hand.is_over:
        hand.check_or_call(hand.to_act)  # type: ignore[arg-type]
    assert to_phh(hand).startswith("variant = 'pokernight:nlhe'\n")
    started = hand.events[0]
    assert isinstance(started, HandStarted)
    assert "Hold'em No Limit" in pokerstars_game(started)
    double = bomb("nlhe", [500, 500], 20, double_board=True).events[0]
    assert isinstance(double, HandStarted)
    with pytest.raises(PokerStarsError, match="no form for a double board"):
        pokerstars_game(double)


def test_a_double_board_deals_two_flops_after_one_burn_and_each_board_wins_half() -> None:
    hand = bomb("nlhe", [1000, 1000, 1000], 40, double_board=True)
    first, second = hand.boards
    deck = hand.deck
    # 6 hole cards, one burn, then the first board's flop and the second's.
    assert first == deck[7:10] and second == deck[10:13]
    while not hand.is_over:
        hand.check_or_call(hand.to_act)  # type: ignore[arg-type]
    first, second = hand.boards
    assert len(first) == len(second) == 5 and not set(first) & set(second)
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [(e.board, e.amount) for e in awards] == [(0, 60), (1, 60)]
    shown = [e for e in hand.events if isinstance(e, CardsShown)]
    assert sorted((e.board, e.seat) for e in shown) == [(b, s) for b in (0, 1) for s in range(3)]
    assert sum(hand.final_stacks or ()) == 3000
    again = Hand.from_dict(hand.to_dict())
    assert again.events == hand.events and again.boards == hand.boards


@pytest.mark.parametrize(
    ("key", "ante", "reason"),
    [("nlhe", 0, "a double board is a bomb pot's option"), ("stud", 10, "bomb pots are for")],
)
def test_a_double_board_is_refused_where_it_cannot_be(key: str, ante: int, reason: str) -> None:
    with pytest.raises(RulesError, match=reason):
        bomb(key, [500, 500], ante, double_board=True)


def test_a_double_board_is_never_run_twice() -> None:
    deck = shuffled(full_deck(), random.Random(3))
    hand = Hand.start(
        variant_for("nlhe"), STAKES, [100, 100], 0, deck,
        bomb_pot=20, double_board=True, run_it_twice=True,
    )  # fmt: skip
    hand.bet_or_raise(1, 80).call(0)
    assert hand.is_over and len(hand.boards) == 2
