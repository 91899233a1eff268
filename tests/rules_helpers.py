"""Decks arranged so that a hand deals known cards, and random play to the end."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pokernight.cards import CARDS, Card, parse_cards
from pokernight.rules import Hand, Stakes, Variant
from pokernight.rules.random_play import random_action


def arranged_deck(dealt: Sequence[Card | None]) -> tuple[Card, ...]:
    """A deck whose first cards are ``dealt`` in order (None: any unused card)."""
    named = {card for card in dealt if card is not None}
    spare = iter(card for card in CARDS if card not in named)
    order = [card if card is not None else next(spare) for card in dealt]
    return (*order, *spare)


def dealing_order(count: int, button: int) -> list[int]:
    return [(button + 1 + offset) % count for offset in range(count)]


def holdem_deck(button: int, holes: Sequence[str], board: str = "") -> tuple[Card, ...]:
    """Seat ``i`` gets ``holes[i]``; the board (flop, turn, river) is ``board``."""
    hands = [parse_cards(hole) for hole in holes]
    order = dealing_order(len(hands), button)
    dealt: list[Card | None] = [
        hands[seat][round_] for round_ in range(len(hands[0])) for seat in order
    ]
    board_cards = parse_cards(board)
    for street in (board_cards[:3], board_cards[3:4], board_cards[4:5]):
        if street:
            dealt += [None, *street]
    return arranged_deck(dealt)


def stud_deck(button: int, streets: Sequence[Sequence[str]]) -> tuple[Card, ...]:
    """``streets[0][i]`` is seat i's third street ("down down up"); later streets
    give each seat's card in seat order (everyone stays in)."""
    count = len(streets[0])
    order = dealing_order(count, button)
    third = [parse_cards(cards) for cards in streets[0]]
    dealt: list[Card | None] = [third[seat][round_] for round_ in range(3) for seat in order]
    for later in streets[1:]:
        cards = [parse_cards(card)[0] for card in later]
        dealt += [None, *(cards[seat] for seat in order)]
    return arranged_deck(dealt)


def play_randomly(hand: Hand, rng: random.Random) -> Hand:
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(random_action(legal, rng))
    return hand


def random_hand(variant: Variant, stakes: Stakes, rng: random.Random) -> Hand:
    count = rng.randint(2, variant.max_players)
    stacks = [rng.randint(1, 400) for _ in range(count)]
    deck = list(variant.cards)
    rng.shuffle(deck)
    return Hand.start(variant, stakes, stacks, rng.randrange(count), deck)


def check_to_showdown(hand: Hand) -> Hand:
    """Everyone brings in, calls or checks until the hand is over."""
    while not hand.is_over:
        passive_step(hand)
    return hand


def passive_step(hand: Hand) -> None:
    """The player to act brings in, calls or checks."""
    legal = hand.legal_actions()
    assert legal is not None
    if legal.can_bring_in:
        hand.bring_in(legal.seat)
    else:
        hand.check_or_call(legal.seat)
