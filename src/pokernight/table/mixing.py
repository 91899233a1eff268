"""The players' part of the shuffle: the committed deck permuted by their contributions.

The server commits to a deck (``commitment``) before any contribution is taken; each
seated player's client may then send 32 random bytes. At the deal the committed deck
is permuted by a Fisher-Yates whose every index comes from a SHA-256 stream seeded
with the commitment and every contribution (sorted by seat, each bound to its seat)::

    seed     = SHA-256("pokernight shuffle v1\\n" + commitment + "\\n" + "seat:value\\n"...)
    block(k) = SHA-256(seed + k as 8 bytes, big-endian)      (k = 0, 1, ...)
    words    = the blocks cut into 32-bit big-endian integers

For i from n - 1 down to 1, a word w is drawn until w < 2^32 - 2^32 mod (i + 1) (so
every index is equally likely), and positions i and w mod (i + 1) are swapped. The
dealt deck's card k is the committed deck's card ``order[k]``.

With no contribution the committed deck is dealt as it is: the server's entropy
alone covers the hand, and hands stored before players took part replay unchanged.
The same computation is written in JavaScript (``web/js/verify.js``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from pokernight.rules.seeded_shuffle import seeded_shuffle
from pokernight.table.errors import TableError

CONTRIBUTION_BYTES = 32
_DOMAIN = "pokernight shuffle v1"

T = TypeVar("T")


@dataclass(frozen=True, slots=True, order=True)
class Contribution:
    """A seat's random contribution to a hand's shuffle: 32 bytes as lowercase hex."""

    seat: int
    value: str

    def to_dict(self) -> dict[str, object]:
        return {"seat": self.seat, "value": self.value}

    @classmethod
    def from_dict(cls, data: object) -> Contribution:
        if not isinstance(data, dict):
            raise ValueError(f"a contribution is an object with seat and value: {data!r}")
        seat = data.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
            raise ValueError(f"{seat!r} is not a seat")
        return cls(seat, contribution_value(data.get("value")))


def contribution_value(value: object) -> str:
    """``value`` as a contribution (64 hex digits, 32 bytes), or a TableError (a ValueError)
    saying why not."""
    if not isinstance(value, str):
        raise TableError("contribution_type", size=CONTRIBUTION_BYTES)
    text = value.strip().lower()
    if len(text) != 2 * CONTRIBUTION_BYTES or any(c not in "0123456789abcdef" for c in text):
        raise TableError(
            "contribution_digits", size=CONTRIBUTION_BYTES, digits=2 * CONTRIBUTION_BYTES
        )
    return text


def mix_seed(commitment: str, contributions: Iterable[Contribution]) -> bytes:
    lines = "".join(f"{item.seat}:{item.value}\n" for item in sorted(contributions))
    return hashlib.sha256(f"{_DOMAIN}\n{commitment}\n{lines}".encode()).digest()


def mixed_order(commitment: str, contributions: Sequence[Contribution], size: int) -> list[int]:
    """``order[k]``: the committed position of the card dealt at position k."""
    order = list(range(size))
    if not contributions:
        return order
    return seeded_shuffle(order, mix_seed(commitment, contributions))


def mixed(deck: Sequence[T], commitment: str, contributions: Sequence[Contribution]) -> list[T]:
    """The deck dealt: the committed ``deck`` permuted by the contributions."""
    return [deck[i] for i in mixed_order(commitment, contributions, len(deck))]


def unmixed(dealt: Sequence[T], commitment: str, contributions: Sequence[Contribution]) -> list[T]:
    """The committed deck that ``mixed`` turned into ``dealt``."""
    committed = list(dealt)
    for position, origin in enumerate(mixed_order(commitment, contributions, len(dealt))):
        committed[origin] = dealt[position]
    return committed
