"""Settling up: who pays whom, in the fewest transfers.

With ``n`` players whose balances are not zero, any settlement needs at least
``n - g`` transfers, where ``g`` is the largest number of disjoint groups that
each sum to zero (a group of ``k`` settles among itself in ``k - 1`` transfers
and never in fewer, since each transfer can clear at most one more player). So
the exact minimum is a set-partition problem, NP-hard in general, but a group
of friends is small: a dynamic program over subsets (bitmasks) finds ``g``
exactly for up to ``EXACT_LIMIT`` players, in 2^n * n steps (with numpy, about
0.05 s for 16). Beyond that the largest debtor pays the largest creditor,
repeatedly, which needs at most ``n - 1`` transfers but may miss the minimum.

Who pays whom depends on the balances and on who played together, never on the order
the balances come in nor on anybody's name: people are taken in the order of their keys
(ids, not names), and within a group each debtor pays first the creditor they played
with most (``together``). Any such choice still settles a group of ``k`` in ``k - 1``
transfers: each transfer squares at least one of its two people, the last both. So a
stranger with accounts of his own cannot have a friend told to pay one of them because
of how the names sort (issue 30).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

EXACT_LIMIT = 16


@dataclass(frozen=True, slots=True)
class Transfer:
    payer: str
    payee: str
    amount: int


Together = Mapping[frozenset[str], int]
"""How many nights each pair of people played together (a pair left out: none)."""


def settle_up(
    balances: Mapping[str, int], together: Together | None = None
) -> tuple[Transfer, ...]:
    """Transfers that bring every balance to zero (positive balance: is owed money), the
    fewest there are, each debtor paying the creditors they played with most first."""
    if sum(balances.values()) != 0:
        raise ValueError(f"balances must sum to zero, not {sum(balances.values()):,}")
    people = sorted((player, amount) for player, amount in balances.items() if amount != 0)
    known = together or {}
    if len(people) > EXACT_LIMIT:
        return _greedy(people, known)
    groups = _zero_sum_groups(people, known)
    return tuple(transfer for group in groups for transfer in _greedy(group, known))


def _zero_sum_groups(
    people: Sequence[tuple[str, int]], together: Together
) -> list[list[tuple[str, int]]]:
    """The most disjoint zero-sum groups that together hold everybody, each made of people
    who played together where there is a choice.

    ``most[mask]`` is the largest number of zero-sum groups the players in
    ``mask`` split into, counting a last group that need not sum to zero: so it
    is the best over removing any one player, plus one if ``mask`` itself sums
    to zero. Masks are filled a popcount layer at a time (numpy, one bit per
    step) since each depends only on the layer below. Walking back from
    everybody along best removals, the masks that sum to zero cut the chain
    into the groups. Where several removals are best, the group being made takes the
    person who played most with those already in it (the first in key order to begin
    one): among the fewest transfers, those between friends.
    """
    count = len(people)
    masks = np.arange(1 << count, dtype=np.int64)
    bits = [(masks >> i) & 1 for i in range(count)]
    total = sum(
        (bit * amount for bit, (_, amount) in zip(bits, people, strict=True)), np.zeros_like(masks)
    )
    layer_of = sum(bits, np.zeros_like(masks))
    most = np.zeros_like(masks)
    for layer in range(1, count + 1):
        members = masks[layer_of == layer]
        best = np.zeros_like(members)
        for i in range(count):
            has = (members >> i) & 1 == 1
            best[has] = np.maximum(best[has], most[members[has] ^ (1 << i)])
        most[members] = best + (total[members] == 0)
    groups: list[list[tuple[str, int]]] = []
    current: list[tuple[str, int]] = []
    mask = (1 << count) - 1
    while mask:
        target = most[mask] - (total[mask] == 0)
        best = [i for i in range(count) if mask >> i & 1 and most[mask & ~(1 << i)] == target]
        removed = max(best, key=lambda i: (_affinity(people[i][0], current, together), -i))
        current.append(people[removed])
        mask &= ~(1 << removed)
        if total[mask] == 0:
            groups.append(current)
            current = []
    return groups


def _affinity(person: str, group: Sequence[tuple[str, int]], together: Together) -> int:
    return sum(together.get(frozenset((person, other)), 0) for other, _ in group)


def _greedy(people: Sequence[tuple[str, int]], together: Together) -> tuple[Transfer, ...]:
    """The largest debtor pays, until everybody is square: the creditor they played with
    most, the largest of those first.

    Each transfer clears at least one of the two, and the last clears both: a
    zero-sum group of ``k`` settles in at most ``k - 1`` transfers.
    """
    owed = {player: amount for player, amount in people if amount > 0}
    owing = {player: -amount for player, amount in people if amount < 0}
    transfers: list[Transfer] = []
    while owing:
        payer = max(owing, key=lambda player: (owing[player], player))
        payee = max(
            owed,
            key=lambda player: (together.get(frozenset((payer, player)), 0), owed[player], player),
        )
        amount = min(owing[payer], owed[payee])
        transfers.append(Transfer(payer, payee, amount))
        for book, player in ((owing, payer), (owed, payee)):
            book[player] -= amount
            if book[player] == 0:
                del book[player]
    return tuple(transfers)
