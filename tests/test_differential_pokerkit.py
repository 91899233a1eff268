"""Our engine against PokerKit 0.7.7 on thousands of random hands per variant.

Each test plays a block of hands from one seed; actions are drawn at random from
OUR legal actions and applied to both engines, which must agree on the options
at every step, on the pots between rounds and on every final stack. Where
docs/rules.md differs from PokerKit (fixed-limit cap, short all-ins reopening the
betting, odd chips, the stud community card, a hi-lo side pot without a qualifying
low) OUR rule is asserted: see
``differential_helpers``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from pokernight.cards import CARDS
from pokernight.rules import VARIANTS, Hand, Stakes
from tests.differential_helpers import DIFFERENTIAL_VARIANTS, Table, play_both, random_table

HANDS_PER_BLOCK = 100
HANDS: dict[str, int] = {
    "nlhe": 1200,
    "plo": 400,
    "flhe": 1200,
    "stud": 1000,
    "razz": 1000,
    # Issue 22 asks 2,000 hands of each hi-lo game (about 2 min of PokerKit for each Omaha).
    "plo8": 2000,
    "o8": 2000,
    "stud8": 2000,
    # Issue 22: 2,000 short-deck hands.
    "nlsd": 2000,
    # And 2,000 of each draw game PokerKit knows (issue 22).
    "27td": 2000,
    "badugi": 2000,
}
"""Hands per variant, within the time budget: PokerKit judges Omaha hands slowly."""

BLOCKS = [
    pytest.param(variant_key, block, id=f"{variant_key}-{block}")
    for variant_key in DIFFERENTIAL_VARIANTS
    for block in range(HANDS[variant_key] // HANDS_PER_BLOCK)
]


RUN_TWICE_HANDS: dict[str, int] = {"nlhe": 400, "plo": 200, "plo8": 200, "nlsd": 200}
"""Hands dealt with run it twice (issue 22): the no-limit and pot-limit board games."""

RUN_TWICE_BLOCKS = [
    pytest.param(variant_key, block, id=f"{variant_key}-twice-{block}")
    for variant_key, hands in RUN_TWICE_HANDS.items()
    for block in range(hands // HANDS_PER_BLOCK)
]


def play_block(
    variant_key: str, name: str, table_of: Callable[[Table, random.Random], Table]
) -> list[int]:
    """Play the block ``name`` of hands through both engines, each table made by
    ``table_of`` from a random one; how many times each hand's board was run."""
    runs = []
    for number in range(HANDS_PER_BLOCK):
        seed = f"{variant_key}-{name}-{number}"
        rng = random.Random(seed)
        table = table_of(random_table(variant_key, rng), rng)
        try:
            runs.append(play_both(table, rng))
        except AssertionError as error:
            raise AssertionError(f"hand {seed} ({table}): {error}") from error
    return runs


@pytest.mark.slow
@pytest.mark.parametrize(("variant_key", "block"), BLOCKS)
def test_random_hands_agree_with_pokerkit(variant_key: str, block: int) -> None:
    play_block(variant_key, str(block), lambda table, _: table)


def _double_board_bomb_pot(table: Table, rng: random.Random) -> Table:
    """A bomb pot of one, two or five big blinds, dealt two boards (no antes besides)."""
    stakes = replace(table.stakes, ante=0, big_blind_ante=0)
    ante = stakes.big_blind * rng.choice((1, 2, 5))
    return replace(table, stakes=stakes, bomb_pot=ante, double_board=True)


DOUBLE_BOARD_BLOCKS = [
    pytest.param(variant_key, block, id=f"{variant_key}-double-{block}")
    for variant_key in RUN_TWICE_HANDS
    for block in range(2)
]
"""Double-board bomb pots (issue 22): 200 hands of each board game PokerKit deals two
boards in."""


@pytest.mark.slow
@pytest.mark.parametrize(("variant_key", "block"), DOUBLE_BOARD_BLOCKS)
def test_double_board_bomb_pots_agree_with_pokerkit(variant_key: str, block: int) -> None:
    runs = play_block(variant_key, f"double-{block}", _double_board_bomb_pot)
    assert set(runs) == {1}  # two boards are never also run twice


@pytest.mark.slow
@pytest.mark.parametrize(("variant_key", "block"), RUN_TWICE_BLOCKS)
def test_boards_run_twice_agree_with_pokerkit(variant_key: str, block: int) -> None:
    runs = play_block(
        variant_key, f"twice-{block}", lambda table, _: replace(table, run_it_twice=True)
    )
    twice = runs.count(2)
    assert twice >= HANDS_PER_BLOCK // 20, f"only {twice} hands of {HANDS_PER_BLOCK} ran twice"


def test_no_raise_when_no_opponent_can_call_more() -> None:
    # Found by the differential test (PokerKit refuses this raise), since fixed in the
    # engine; kept as a regression test. docs/rules.md: nobody may
    # bet or raise when no opponent has chips left to call it. Seat 2 called 2 and has
    # 18 behind (20 in all); the button moved all-in for 30; the small blind folded. The
    # big blind faces 30, and no opponent can put in a chip more than 30: a raise could
    # only come back uncalled, so the big blind may call or fold.
    stakes = Stakes(small_blind=1, big_blind=2)
    hand = Hand.start(VARIANTS["nlhe"], stakes, [100, 200, 20, 30], 3, CARDS)
    hand = hand.call(2).bet_or_raise(3, 30).fold(0)
    legal = hand.legal_actions()
    assert legal is not None
    assert legal.seat == 1
    assert legal.call_amount == 28
    assert legal.min_raise_to is None
    assert not hand.can_bet_or_raise(1, 60)
