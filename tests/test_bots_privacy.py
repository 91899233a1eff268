"""Bots never see hidden cards: the API takes a seat's view, and hidden cards do not move them."""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path

import pokernight.bots
from pokernight.bots import LEVELS, Bot, make_bot
from pokernight.cards import full_deck, shuffled
from pokernight.rules import Hand, HandView, default_stakes, variant_for, view

BOTS_DIR = Path(pokernight.bots.__file__).parent


def test_the_bot_interface_takes_a_hand_view_and_never_a_hand() -> None:
    parameters = inspect.signature(Bot.decide, eval_str=True).parameters
    assert parameters["view"].annotation is HandView
    for path in BOTS_DIR.glob("*.py"):
        tree = ast.parse(path.read_text())
        imported = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
        }
        assert "Hand" not in imported, f"{path.name} imports Hand"
        assert "view" not in imported, f"{path.name} imports view"


def _swap(deck: tuple, first: int, second: int) -> tuple:  # type: ignore[type-arg]
    cards = list(deck)
    cards[first], cards[second] = cards[second], cards[first]
    return tuple(cards)


def test_an_opponents_hidden_cards_do_not_change_a_bots_decision() -> None:
    variant = variant_for("nlhe")
    deck = shuffled(full_deck(), random.Random(11))
    # Heads-up with the button at seat 0: seat 1 is dealt first (cards 0 and 2).
    # Seat 0 acts first; give seat 1 other cards from deep in the deck.
    other = _swap(_swap(deck, 0, 40), 2, 41)
    stakes = default_stakes(variant)
    hands = [Hand.start(variant, stakes, [2000, 2000], 0, cards) for cards in (deck, other)]
    assert hands[0].hole(1) != hands[1].hole(1)
    assert hands[0].hole(0) == hands[1].hole(0)
    views = [view(hand, 0) for hand in hands]
    assert views[0] == views[1]
    for level in LEVELS:
        actions = [make_bot(level, random.Random(3)).decide(seen) for seen in views]
        assert actions[0] == actions[1]
        assert all(card is None for card in views[0].cards[1])
