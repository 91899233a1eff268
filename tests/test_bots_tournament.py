"""A bot at a tournament's table (issue 39): busting costs more than doubling up gains, so
a call asks for more equity than at a cash game (``Bot``'s ``TOURNAMENT_RISK_WEIGHT``,
*Kill Everyone*'s bubble factor). Measured: a 100-bot tournament lasts 4 h 04 min on eight
seeds' average where it lasted 3 h 51 min (docs/performance.md)."""

from __future__ import annotations

import random

import pytest

from pokernight.bots import LEVELS, make_bot
from pokernight.bots.bot import TOURNAMENT_RISK_WEIGHT
from pokernight.bots.situation import Situation
from pokernight.cards import CARDS
from pokernight.rules import VARIANTS, ActionKind, Hand, view
from tests.test_bots_adapt import STAKES, deck

BOARD = "Kc8c4d2d9d"
# Two cards for the big blind (hearts and spades, none on the board), of every pair of
# ranks, suited and not: 169 hands.
HOLDINGS = sorted(
    {f"{a}h{b}{'h' if suited else 's'}" for a in "AKQJT98765432" for b in "AKQJT98765432"
     for suited in (a != b, False) if "AKQJT98765432".index(a) <= "AKQJT98765432".index(b)}
)  # fmt: skip


def _facing_a_shove(holding: str, stack: int = 100) -> Hand:
    """Heads-up, ``stack`` each (ten big blinds): the button (seat 1) moves all in; the big
    blind's turn."""
    used = set(holding[i : i + 2] for i in (0, 2))
    button = [str(card) for card in CARDS if str(card) not in used and str(card) not in BOARD]
    hand = Hand.start(
        VARIANTS["nlhe"], STAKES, [stack, stack], 1, deck(holding, "".join(button[:2]), BOARD)
    )
    hand.bet_or_raise(1, stack)
    return hand


def test_a_tournament_call_asks_for_more_equity_than_a_cash_game_s() -> None:
    hand = _facing_a_shove("AhKh")
    cash = Situation.of(view(hand, 0))
    tournament = Situation.of(view(hand, 0), TOURNAMENT_RISK_WEIGHT)
    # 90 more to win the 110 in the middle: 45 % at a cash game, more at a tournament.
    assert cash.pot_odds == pytest.approx(90 / 200)
    assert tournament.pot_odds == pytest.approx(90 * 1.3 / (110 + 90 * 1.3))


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_tournament_bot_calls_a_shove_with_fewer_hands_than_at_a_cash_game(level: str) -> None:
    """Every holding of the big blind facing a shove of 5 to 20 big blinds: what the
    tournament bot calls, the cash bot calls too, and it calls fewer (the same seeds)."""
    called: dict[bool, set[tuple[int, str]]] = {False: set(), True: set()}
    for tournament in (False, True):
        for stack in (50, 100, 200):
            for number, holding in enumerate(HOLDINGS):
                bot = make_bot(level, random.Random(number), tournament=tournament)
                action = bot.decide(view(_facing_a_shove(holding, stack), 0))
                if action.kind is ActionKind.CALL:
                    called[tournament].add((stack, holding))
    assert called[True] <= called[False]
    assert len(called[True]) < len(called[False]), called
