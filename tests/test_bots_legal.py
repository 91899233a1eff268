"""Bots only ever return legal actions, in every variant, from random states."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.bots import LEVELS, make_bot
from pokernight.cards import full_deck, shuffled
from pokernight.rules import VARIANTS, Hand, default_stakes, view
from pokernight.rules.random_play import random_action
from tests.rules_helpers import passive_step


@settings(max_examples=120, deadline=None)
@given(
    variant_key=st.sampled_from(sorted(VARIANTS)),
    players=st.integers(2, 7),
    random_steps=st.integers(0, 25),
    seed=st.integers(0, 2**32),
    short_stack=st.booleans(),
)
def test_every_bot_returns_a_legal_action(
    variant_key: str, players: int, random_steps: int, seed: int, short_stack: bool
) -> None:
    rng = random.Random(seed)
    variant = VARIANTS[variant_key]
    stakes = default_stakes(variant)
    players = min(players, variant.max_players)  # draw games seat six
    stacks = [rng.randint(1, 60) if short_stack else 2000 for _ in range(players)]
    hand = Hand.start(variant, stakes, stacks, rng.randrange(players), shuffled(variant.cards, rng))
    for _ in range(random_steps):
        legal = hand.legal_actions()
        if legal is None:
            break
        hand.act(random_action(legal, rng, hand.hole(legal.seat)))
    seat = hand.to_act
    if seat is None:
        return
    for level in LEVELS:
        action = make_bot(level, random.Random(seed)).decide(view(hand, seat))
        assert hand.can(action), (level, action, hand)


def test_bots_play_whole_hands_of_every_variant_to_the_end() -> None:
    rng = random.Random(4)
    for variant in VARIANTS.values():
        bots = [make_bot(level, random.Random(seat)) for seat, level in enumerate(LEVELS)]
        hand = Hand.start(
            variant, default_stakes(variant), [1000] * 3, 0, shuffled(variant.cards, rng)
        )
        while (seat := hand.to_act) is not None:
            hand.act(bots[seat].decide(view(hand, seat)))
        assert hand.is_over
        for seat, bot in enumerate(bots):
            bot.learn(view(hand, seat))


@pytest.mark.parametrize("players", [7, 8])
@pytest.mark.parametrize("key", ["stud", "razz", "ftq"])
def test_bots_decide_when_stud_players_share_a_community_card(key: str, players: int) -> None:
    """Seven or eight players seeing seventh street leave too few cards for everybody: one
    card is dealt face up in the middle. A bot's estimate counts it among the seven cards of
    each hand, not as an eighth (every bot level)."""
    variant = VARIANTS[key]
    hand = Hand.start(
        variant,
        default_stakes(variant),
        [5000] * players,
        0,
        shuffled(full_deck(), random.Random(8)),
    )
    while hand.legal_actions() is not None and not hand.board:
        passive_step(hand)
    assert hand.board, f"{key}: the community card was dealt"
    seat = hand.to_act
    assert seat is not None
    for level in LEVELS:
        action = make_bot(level, random.Random(1)).decide(view(hand, seat))
        assert hand.can(action), (key, level, action)
