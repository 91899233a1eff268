"""A permutation drawn from a seed alone, for orders anybody can redo afterwards.

Fisher-Yates, driven by 32-bit words of SHA-256 in counter mode, with rejection sampling
so that every order is equally likely. The players' mix of a committed deck
(``table.mixing``) and a draw game's reshuffle of its discards (``rules.draws``) both
use it, and the verifiers (``table.hand_check``, the browser's ``verify.js``) redo it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Final, TypeVar

T = TypeVar("T")

_WORD: Final = 2**32


def seeded_shuffle(items: list[T], seed: bytes) -> list[T]:
    """``items`` shuffled in place by ``seed``, and returned."""
    words = _words(seed)
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        limit = _WORD - _WORD % bound
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % bound
        items[i], items[j] = items[j], items[i]
    return items


def _words(seed: bytes) -> Iterator[int]:
    counter = 0
    while True:
        block = hashlib.sha256(seed + counter.to_bytes(8, "big")).digest()
        for start in range(0, len(block), 4):
            yield int.from_bytes(block[start : start + 4], "big")
        counter += 1
