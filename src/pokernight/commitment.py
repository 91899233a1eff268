"""The fairness commitment: the deck is fixed before the hand, and any card can be checked alone.

Before a hand the server publishes one SHA-256, the ``commitment``. It is the
hash of 52 ``leaves``, one per deck position::

    key(i)  = HMAC-SHA-256(salt, "i")            (salt: 32 secret random bytes)
    leaf(i) = SHA-256("i:<card at i>:<key(i)>")
    commitment = SHA-256(leaf(0) + leaf(1) + ... + leaf(51))

After the hand the server publishes the leaves and the ``Reveal`` (position,
card, key) of every card everybody saw, and sends each player the reveals of
their own down cards. Anybody can then check that the leaves give the
commitment and that each card they saw sits at its position in the committed
deck: the deck was not changed while the hand was played.

A card nobody was shown (a mucked hand, the rest of the deck) stays secret: its
leaf hashes a key that is never revealed, and one position's key tells nothing
about another's (that is why each position has its own key rather than one salt
for all: with a shared salt, a leaf could be matched against the 52 possible cards).
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pokernight.cards import Card, parse_card

HASH_HEX_LENGTH = 64


@dataclass(frozen=True, slots=True)
class Reveal:
    """One card of the committed deck, with what proves it: its position and its key."""

    position: int
    card: Card
    key: str

    def to_dict(self) -> dict[str, object]:
        return {"position": self.position, "card": str(self.card), "key": self.key}

    @classmethod
    def from_dict(cls, data: object) -> Reveal:
        if not isinstance(data, dict):
            raise ValueError(f"a revealed card is an object with position, card and key: {data!r}")
        position, card, key = data.get("position"), data.get("card"), data.get("key")
        if not isinstance(position, int) or isinstance(position, bool) or position < 0:
            raise ValueError(f"{position!r} is not a deck position")
        if not isinstance(card, str) or not isinstance(key, str):
            raise ValueError(f"the card at position {position} needs its card and key as text")
        return cls(position, parse_card(card), key)


def new_salt(rng: random.Random) -> str:
    """32 random bytes as hex: the secret every position's key is derived from."""
    return rng.getrandbits(256).to_bytes(32, "big").hex()


def position_key(salt: str, position: int) -> str:
    return hmac.new(bytes.fromhex(salt), str(position).encode(), hashlib.sha256).hexdigest()


def leaf(position: int, card: Card, key: str) -> str:
    return hashlib.sha256(f"{position}:{card}:{key}".encode()).hexdigest()


def deck_leaves(deck: Sequence[Card], salt: str) -> tuple[str, ...]:
    return tuple(
        leaf(position, card, position_key(salt, position)) for position, card in enumerate(deck)
    )


def commitment_of(leaves: Iterable[str]) -> str:
    return hashlib.sha256("".join(leaves).encode()).hexdigest()


def deck_commitment(deck: Sequence[Card], salt: str) -> str:
    """The hash published before the hand."""
    return commitment_of(deck_leaves(deck, salt))


def reveal(deck: Sequence[Card], salt: str, cards: Iterable[Card]) -> tuple[Reveal, ...]:
    """The proofs of ``cards`` (each one in ``deck``), in deck order."""
    positions = sorted({deck.index(card) for card in cards})
    return tuple(Reveal(i, deck[i], position_key(salt, i)) for i in positions)


def verify_commitment(deck: Sequence[Card], salt: str, commitment: str) -> bool:
    """Whether the whole deck and its salt give ``commitment``."""
    return hmac.compare_digest(deck_commitment(deck, salt), commitment.strip().lower())


def check_reveals(commitment: str, leaves: Sequence[str], reveals: Iterable[Reveal]) -> list[str]:
    """What is wrong with a published proof, in words (an empty list: it holds).

    The leaves must give the commitment, and every revealed card must hash to the
    leaf at its position.
    """
    if len(leaves) != len(set(leaves)) or not all(_is_hash(item) for item in leaves):
        return ["the leaves must be distinct SHA-256 hashes in hex"]
    problems = []
    if not hmac.compare_digest(commitment_of(leaves), commitment.strip().lower()):
        problems.append("the leaves do not give the published commitment")
    for item in reveals:
        if item.position >= len(leaves):
            problems.append(f"{item.card}: position {item.position} is past the deck's end")
        elif leaf(item.position, item.card, item.key) != leaves[item.position]:
            problems.append(f"{item.card} is not the card committed at position {item.position}")
    return problems


def _is_hash(text: str) -> bool:
    return len(text) == HASH_HEX_LENGTH and all(char in "0123456789abcdef" for char in text)
