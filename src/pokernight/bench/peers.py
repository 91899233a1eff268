"""Adapters to the peer evaluators that ``pokernight bench eval`` measures.

Each adapter converts our hands to the peer's own input once, outside the
timing, and then times only the peer's evaluation calls, driven the fastest
way its API allows (``map``/``starmap`` rather than a Python-level loop).
A peer that is not installed is skipped.
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import starmap
from types import ModuleType

from pokernight.cards import Card, format_cards

Hand = tuple[Card, ...]
Run = Callable[[], object]


@dataclass(frozen=True)
class Peer:
    """A peer evaluator: its name, the module it needs and how to time it."""

    name: str
    module: str
    # Builds, from the hands, a call that evaluates every one of them.
    prepare: Callable[[ModuleType, Sequence[Hand]], Run]
    # Slow peers run on every n-th hand only.
    sample_every: int = 1


def treys_run(treys: ModuleType, hands: Sequence[Hand]) -> Run:
    evaluate = treys.Evaluator().evaluate
    new = treys.Card.new
    arguments = [
        ([new(str(c)) for c in hand[:2]], [new(str(c)) for c in hand[2:]]) for hand in hands
    ]
    return lambda: list(starmap(evaluate, arguments))


def phevaluator_run(phevaluator: ModuleType, hands: Sequence[Hand]) -> Run:
    evaluate = phevaluator.evaluate_cards
    arguments = [tuple(card.index for card in hand) for hand in hands]
    return lambda: list(starmap(evaluate, arguments))


def phevaluator_c_run(pheval: ModuleType, hands: Sequence[Hand]) -> Run:
    # The C extension behind phevaluator.evaluate_cards: one function per hand size.
    evaluate = getattr(pheval, f"evaluate_{len(hands[0])}cards")
    arguments = [tuple(card.index for card in hand) for hand in hands]
    return lambda: list(starmap(evaluate, arguments))


def eval7_run(eval7: ModuleType, hands: Sequence[Hand]) -> Run:
    evaluate = eval7.evaluate
    arguments = [[eval7.Card(str(card)) for card in hand] for hand in hands]
    return lambda: list(map(evaluate, arguments))


def pokerkit_run(pokerkit: ModuleType, hands: Sequence[Hand]) -> Run:
    from_game = pokerkit.StandardHighHand.from_game
    arguments = [format_cards(hand).replace(" ", "") for hand in hands]
    return lambda: list(map(from_game, arguments))


PEERS = (
    Peer("treys Evaluator().evaluate", "treys", treys_run),
    Peer("phevaluator evaluate_cards", "phevaluator", phevaluator_run),
    Peer("phevaluator C _pheval.evaluate_Ncards", "phevaluator._pheval", phevaluator_c_run),
    Peer("eval7 evaluate", "eval7", eval7_run),
    Peer("pokerkit StandardHighHand.from_game", "pokerkit", pokerkit_run, sample_every=50),
)


def load(peer: Peer) -> ModuleType | None:
    """The peer's module, or None when it is not installed."""
    try:
        with warnings.catch_warnings():
            # eval7 0.1.10 trips a pyparsing deprecation warning on import.
            warnings.simplefilter("ignore", DeprecationWarning)
            return importlib.import_module(peer.module)
    except ImportError:
        return None
