"""Cards, decks and the shuffle (the fairness commitment is in ``commitment``).

A card is one of 52 interned ``int`` values whose bits are laid out so that the
*sum* of a hand is itself a key the evaluators look up directly::

    card = (5 ** rank) << SUIT_BITS | 1 << (3 * suit)

- The high part, ``5 ** rank`` summed, is a base-5 number whose digits are the
  count of each rank (a rank appears at most four times, so digits never carry).
- The low 12 bits hold a 3-bit counter per suit (at most seven cards a hand).

So ``sum(hand)`` gives both the rank multiset and the suit counts in one
builtin call; that is what makes the pure-Python evaluator fast. Cards compare
by rank first, then by suit (clubs < diamonds < hearts < spades), which is also
the stud order used for bring-ins and odd chips.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Final

SUIT_BITS: Final = 12
SUIT_FIELD_MASK: Final = (1 << SUIT_BITS) - 1


class CardError(ValueError):
    """A token that is not a card, or a hand that is not a set of cards."""


class Rank(IntEnum):
    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def symbol(self) -> str:
        return RANK_SYMBOLS[self]

    @property
    def word(self) -> str:
        return RANK_WORDS[self]

    @property
    def plural(self) -> str:
        return "Sixes" if self is Rank.SIX else f"{self.word}s"


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        return SUIT_SYMBOLS[self]


RANK_SYMBOLS: Final = "23456789TJQKA"
SUIT_SYMBOLS: Final = "cdhs"
RANK_WORDS: Final = (
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight",
    "Nine", "Ten", "Jack", "Queen", "King", "Ace",
)  # fmt: skip
_SUIT_ALIASES: Final = {
    "c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
}  # fmt: skip
_RANK_ALIASES: Final = {symbol: Rank(i) for i, symbol in enumerate(RANK_SYMBOLS)} | {"10": Rank.TEN}


def card_code(rank: int, suit: int) -> int:
    """The integer a card of this rank and suit is equal to."""
    return int(5**rank) << SUIT_BITS | 1 << (3 * suit)


class Card(int):
    """One of the 52 cards; an immutable, interned ``int`` (see the module doc)."""

    __slots__ = ()

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        return CARDS[rank * 4 + suit]

    @property
    def rank(self) -> Rank:
        return _RANK_OF[self]

    @property
    def suit(self) -> Suit:
        return _SUIT_OF[self]

    @property
    def index(self) -> int:
        """0..51, rank-major: 2c=0, 2d=1, ..., As=51."""
        return int(self.rank) * 4 + int(self.suit)

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return card_from_index, (self.index,)


def card_from_index(index: int) -> Card:
    if not 0 <= index < 52:
        raise CardError(f"{index} is not a card index (0 to 51)")
    return CARDS[index]


CARDS: Final[tuple[Card, ...]] = tuple(
    int.__new__(Card, card_code(rank, suit)) for rank in range(13) for suit in range(4)
)
_RANK_OF: Final = {card: Rank(i // 4) for i, card in enumerate(CARDS)}
_SUIT_OF: Final = {card: Suit(i % 4) for i, card in enumerate(CARDS)}
_BY_TEXT: Final = {str(card): card for card in CARDS}


def parse_card(token: str) -> Card:
    """Parse "Ah", "td", "10d", "A♠" (any case) into a Card."""
    text = token.strip()
    rank = _RANK_ALIASES.get(text[:-1].upper())
    suit = _SUIT_ALIASES.get(text[-1:].lower())
    if rank is None or suit is None:
        raise CardError(f"{text or repr(token)} is not a card")
    return CARDS[rank * 4 + suit]


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, or run together ("AhKd").

    Refuses duplicates: a hand never holds the same card twice.
    """
    tokens = _split_tokens(text) if isinstance(text, str) else [str(t) for t in text]
    cards = tuple(parse_card(token) for token in tokens)
    ensure_distinct(cards)
    return cards


def _split_tokens(text: str) -> list[str]:
    tokens: list[str] = []
    for word in text.replace(",", " ").split():
        rest = word
        while rest:
            # "10" is the only two-character rank; everything else is one rank + one suit.
            size = 3 if rest.startswith("10") else 2
            tokens.append(rest[:size])
            rest = rest[size:]
    return tokens


def ensure_distinct(cards: Sequence[Card]) -> None:
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"{card} appears twice")
        seen.add(card)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order (2c 2d 2h 2s 3c ... As)."""
    return CARDS


SHORT_DECK_LOWEST: Final = Rank.SIX


def short_deck() -> tuple[Card, ...]:
    """The 36 cards of short-deck hold'em, Sixes to Aces, in the full deck's order."""
    return SHORT_DECK


SHORT_DECK: Final[tuple[Card, ...]] = CARDS[SHORT_DECK_LOWEST * 4 :]


def shuffled(cards: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """A Fisher-Yates shuffle driven by ``rng``.

    Written out rather than ``rng.shuffle`` so that a seeded replay gives the
    same order on every Python version (the library's algorithm is not a
    documented contract).
    """
    order = list(cards)
    for i in range(len(order) - 1, 0, -1):
        j = rng.randrange(i + 1)
        order[i], order[j] = order[j], order[i]
    return tuple(order)
