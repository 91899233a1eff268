"""Settling up: the fewest transfers that square everybody."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.table import Transfer, settle_up
from pokernight.table.settle import EXACT_LIMIT


def brute_force_minimum(amounts: list[int]) -> int:
    """Exhaustive search, independent of the subset DP: each step the first unsettled
    person settles in full with some later person of opposite sign."""
    balances = [amount for amount in amounts if amount]

    def search(start: int) -> int:
        while start < len(balances) and balances[start] == 0:
            start += 1
        if start == len(balances):
            return 0
        best = len(balances)
        for other in range(start + 1, len(balances)):
            if balances[other] * balances[start] < 0:
                balances[other] += balances[start]
                best = min(best, 1 + search(start + 1))
                balances[other] -= balances[start]
        return best

    return search(0)


def squared(balances: dict[str, int], transfers: tuple[Transfer, ...]) -> bool:
    left = Counter(balances)
    for transfer in transfers:
        left[transfer.payer] += transfer.amount
        left[transfer.payee] -= transfer.amount
    return all(amount == 0 for amount in left.values())


def test_settle_up_uses_fewest_transfers() -> None:
    # Largest debtor to largest creditor would take 5 transfers; Ann and Dan square alone.
    balances = {"ann": -9, "bob": -7, "cat": -4, "dan": 9, "eve": -8, "fay": 19}
    transfers = settle_up(balances)
    assert len(transfers) == 4
    assert Transfer("ann", "dan", 9) in transfers
    assert squared(balances, transfers)


def test_nobody_owes_nothing() -> None:
    assert settle_up({"ann": 0, "bob": 0}) == ()


def test_balances_must_sum_to_zero() -> None:
    with pytest.raises(ValueError, match="balances must sum to zero, not 5"):
        settle_up({"ann": 10, "bob": -5})


def ledgers(size: int) -> st.SearchStrategy[dict[str, int]]:
    def close(amounts: list[int]) -> dict[str, int]:
        return {f"p{i}": amount for i, amount in enumerate([*amounts, -sum(amounts)])}

    return st.lists(st.integers(-60, 60), min_size=1, max_size=size - 1).map(close)


@settings(max_examples=300, deadline=None)
@given(ledgers(8))
def test_settle_up_matches_brute_force_minimum(balances: dict[str, int]) -> None:
    transfers = settle_up(balances)
    assert squared(balances, transfers)
    assert all(transfer.amount > 0 for transfer in transfers)
    assert len(transfers) == brute_force_minimum(list(balances.values()))


@settings(max_examples=100, deadline=None)
@given(ledgers(EXACT_LIMIT + 6))
def test_large_groups_still_square_up(balances: dict[str, int]) -> None:
    transfers = settle_up(balances)
    assert squared(balances, transfers)
    assert len(transfers) <= max(sum(1 for amount in balances.values() if amount) - 1, 0)
