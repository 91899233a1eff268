"""The coach's numbers (``bots/coach.py``, issue 37 item 2) on hand-picked spots.

One heads-up hold'em hand, 5/10 with 1,000 each: Bob (the button) raises to 30 with
A♥K♥, Ann calls with Q♠Q♦; on K♦7♥2♥ Ann checks, Bob bets 40, Ann calls; on the 9♣
turn Ann bets 100, Bob calls; on the 3♠ river both check, Ann shows her queens and
Bob his winning kings.
The pot odds must be exact fractions of the chips, the equity the equity calculator's
own (exact from the flop on; preflop seeded Monte Carlo within its stated error), and
the worth of a fold, a call and the bet made the pot-odds arithmetic of that equity.
When Bob folds the river instead, his cards are never shown: the coach must give him
the opponent model's range, say so, and give the same numbers whatever he held.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from pokernight.bots.coach import Advice, advice_lines, coach
from pokernight.cards import parse_cards
from pokernight.equity import equity, scenario_for_variant
from pokernight.history.decisions import decisions
from pokernight.rules import VARIANTS, CardsShown, Hand, Stakes
from tests.rules_helpers import holdem_deck

NLHE = VARIANTS["nlhe"]
BLINDS = Stakes(small_blind=5, big_blind=10)
BOB, ANN = 0, 1  # heads-up: the button (Bob) posts the small blind
ANN_CARDS, BOB_CARDS = "QsQd", "AhKh"
BOARD = "Kd7h2h9c3s"


def _played(bob_cards: str = BOB_CARDS, *, bob_folds_river: bool = False) -> Hand:
    deck = holdem_deck(BOB, [bob_cards, ANN_CARDS], BOARD)
    hand = Hand.start(NLHE, BLINDS, [1_000, 1_000], BOB, deck)
    hand.bet_or_raise(BOB, 30)
    hand.call(ANN)
    hand.check(ANN)  # the flop
    hand.bet_or_raise(BOB, 40)
    hand.call(ANN)
    hand.bet_or_raise(ANN, 100)  # the turn
    hand.call(BOB)
    if bob_folds_river:
        hand.bet_or_raise(ANN, 200)
        hand.fold(BOB)
    else:
        hand.check(ANN)
        hand.check(BOB)
    assert hand.is_over
    return hand


def _exact_equity(board: str) -> float:
    scenario = scenario_for_variant(
        NLHE, [parse_cards(ANN_CARDS), parse_cards(BOB_CARDS)], parse_cards(board)
    )
    result = equity(scenario)
    assert result.exact
    return result.hands[0].equity


def _coach(hand: Hand, seed: int = 0) -> tuple[Advice, ...]:
    """Ann's decisions priced: as she saw them, and the hands shown at the end."""
    return coach(decisions(hand, ANN), seed=seed)


def _names(seat: int) -> str:
    return ("Bob", "Ann")[seat]


def test_each_decision_of_the_player_is_coached_and_only_hers() -> None:
    advice = _coach(_played())
    assert [item.action.says for item in advice] == ["call", "check", "call", "bet", "check"]
    assert all(item.seat == ANN for item in advice)
    assert [item.street for item in advice] == [0, 1, 1, 2, 3]


def test_pot_odds_are_the_call_over_the_chips_it_could_win() -> None:
    preflop, flop_check, flop_call, turn_bet, _ = _coach(_played())
    # Preflop: 20 more to call into 30 + 10: 20 to win 60.
    assert (preflop.pot, preflop.to_call, preflop.could_win) == (40, 20, 60)
    assert preflop.pot_odds == Fraction(1, 3)
    # The flop: 60 in the middle and Bob's 40: a call of 40 wins 140.
    assert (flop_call.pot, flop_call.to_call, flop_call.could_win) == (100, 40, 140)
    assert flop_call.pot_odds == Fraction(2, 7)
    assert flop_check.to_call == 0 and flop_check.pot_odds == 0
    assert turn_bet.to_call == 0 and turn_bet.pot == 140


def test_equity_against_a_shown_hand_is_the_calculators_exact_equity() -> None:
    _, flop_check, flop_call, turn_bet, river = _coach(_played())
    for item, board in [(flop_check, BOARD[:6]), (flop_call, BOARD[:6]), (turn_bet, BOARD[:8])]:
        assert item.exact and item.error == 0
        assert item.equity == pytest.approx(_exact_equity(board), abs=1e-12)
        assert [(o.seat, o.cards, o.shown) for o in item.against] == [
            (BOB, tuple(parse_cards(BOB_CARDS)), True)
        ]
        assert not item.ranged
    assert river.equity == 0.0 and river.exact  # kings beat queens, nothing to come


def test_a_preflop_equity_is_seeded_monte_carlo_within_its_stated_error() -> None:
    first = _coach(_played(), seed=7)[0]
    again = _coach(_played(), seed=7)[0]
    assert first == again  # seeded: the same numbers every time
    assert not first.exact and 0 < first.error < 0.01
    scenario = scenario_for_variant(NLHE, [parse_cards(ANN_CARDS), parse_cards(BOB_CARDS)])
    other = equity(scenario, samples=50_000, exact_limit=0, rng=np.random.default_rng(1))
    # Queens against ace-king suited: 53.79% (docs/bots.md); two independent estimates
    # within their errors.
    assert abs(first.equity - other.hands[0].equity) < first.error + other.error
    assert abs(first.equity - 0.5379) < first.error


def _consistent(item: Advice) -> None:
    assert item.fold == 0
    assert item.call == pytest.approx(item.equity * item.could_win - item.to_call)
    # A call is worth more than a fold exactly when the equity beats the pot odds.
    assert (item.call > 0) == (item.equity > item.pot_odds)


def test_the_worth_of_fold_call_and_bet_follows_from_the_equity() -> None:
    advice = _coach(_played())
    for item in advice:
        _consistent(item)
    turn_bet = advice[3]
    # Ann's bet of 100 into 140, if Bob calls: she could win 340 and pays 100.
    assert turn_bet.bet_to == 100
    assert turn_bet.bet == pytest.approx(turn_bet.equity * 340 - 100)
    assert turn_bet.call == pytest.approx(turn_bet.equity * 140)  # a check
    assert all(item.bet is None for item in advice if item.action.says != "bet")


def test_an_opponent_who_never_showed_is_a_range_said_so_whatever_he_held() -> None:
    advice = _coach(_played(bob_folds_river=True), seed=3)
    other_cards = _coach(_played("8c8d", bob_folds_river=True), seed=3)
    assert advice == other_cards  # what Bob held never reaches the coach
    flop_call = advice[2]
    (bob,) = flop_call.against
    assert not bob.shown and flop_call.ranged
    assert bob.range.startswith("raised before the flop: about the top 15%")
    assert "bet or raised after the flop" in bob.range
    _consistent(flop_call)
    lines = advice_lines(flop_call, _names)
    assert "Bob's assumed range, not shown (raised before the flop" in lines[2]


def test_the_words_say_the_numbers() -> None:
    flop_call = _coach(_played())[2]
    lines = advice_lines(flop_call, _names)
    assert lines[0] == "Ann (Qs Qd, board Kd 7h 2h) called."
    assert lines[1] == "Pot odds: 40 to call to win 140: a call needs 28.6% equity."
    assert lines[2].startswith(f"Equity: {flop_call.equity * 100:.1f}% (exact, every one of 990")
    assert lines[2].endswith("against Bob's Ah Kh (shown).")
    call = f"{flop_call.call:+,.1f}"
    assert lines[3] == (
        f"Worth, in chips from here (all in, no more betting): fold 0 · call {call}."
    )


def test_a_hand_shown_only_once_the_hand_was_over_counts_as_shown() -> None:
    hand = _played("8c8d")  # Ann's queens win; Bob mucks his eights at the showdown
    assert not any(opponent.shown for item in _coach(hand) for opponent in item.against)
    shown_later = CardsShown(BOB, tuple(parse_cards("8c8d")), "")
    flop_call = coach(decisions(hand, ANN, [shown_later]))[2]
    (bob,) = flop_call.against
    assert bob.cards == tuple(parse_cards("8c8d")) and not flop_call.ranged
    scenario = scenario_for_variant(
        NLHE, [parse_cards(ANN_CARDS), parse_cards("8c8d")], parse_cards(BOARD[:6])
    )
    assert flop_call.equity == pytest.approx(equity(scenario).hands[0].equity, abs=1e-12)
