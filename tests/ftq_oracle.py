"""Follow the Queen's wild ranks read from the up cards, by each reading, written plainly.

It shares nothing with ``pokernight.rules.dealing``: no events, no state, no queen waiting
for a follower. It is given the cards dealt face up, street by street, in the order they
were dealt (a stud community card is its street's one up card) and answers, for each
street, which ranks are wild once that street's cards are out.

- The seed's rule (seed 000, "Wild Card Rules", the default): only the street's own cards
  count. If it dealt no queen face up, the wild rank is the one before. Otherwise its last
  queen decides: the card right after it names the wild rank; with no card after it (the
  queen was the street's last up card), only queens are wild.
- The house rule ``ftq_queen_carries_over``: the up cards of the hand so far are one
  sequence. The wild rank is named by the last card in it that comes right after a queen
  and is not a queen itself; none: only queens. Once the last street is out, a queen at
  the very end of the sequence has no follower left: only queens.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from pokernight.cards import Card, Rank

QUEEN = int(Rank.QUEEN)
LAST_STREET = 4  # seventh street


def _wild(rank: int | None) -> frozenset[int]:
    return frozenset({QUEEN} if rank is None else {QUEEN, rank})


def seed_wild_ranks(streets: Sequence[Sequence[Card]]) -> list[frozenset[int]]:
    """After each street (its up cards in dealing order), the wild ranks by the seed's rule."""
    rank: int | None = None
    wild = []
    for up in streets:
        queens = [index for index, card in enumerate(up) if card.rank == QUEEN]
        if queens:
            last = queens[-1]
            rank = int(up[last + 1].rank) if last + 1 < len(up) else None
        wild.append(_wild(rank))
    return wild


def carried_over_wild_ranks(streets: Sequence[Sequence[Card]]) -> list[frozenset[int]]:
    """After each street, the wild ranks by the house rule ``ftq_queen_carries_over``."""
    seen: list[Card] = []
    wild = []
    for street, up in enumerate(streets):
        seen += up
        named = [
            int(after.rank)
            for before, after in pairwise(seen)
            if before.rank == QUEEN and after.rank != QUEEN
        ]
        rank = named[-1] if named else None
        if street == LAST_STREET and seen and seen[-1].rank == QUEEN:
            rank = None
        wild.append(_wild(rank))
    return wild
