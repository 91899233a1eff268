"""Settling up: the fewest transfers that square everybody."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.table import (
    EntryKind,
    LedgerEntry,
    Transfer,
    balances,
    balances_between_people,
    settle_up,
)
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


def _results(*hands: dict[str, int]) -> list[LedgerEntry]:
    return [
        LedgerEntry(player, EntryKind.RESULT, amount, number)
        for number, hand in enumerate(hands, start=1)
        for player, amount in hand.items()
    ]


def test_nobody_pays_a_bot_and_a_bot_pays_nobody() -> None:
    """Ann lost 500 to the bot: gone. Bob won 300 from the bot: nobody owes it to him.
    Cy lost 200 to Bob: that is the one transfer between people."""
    entries = _results({"ann": -500, "bot-1": 500}, {"bot-1": -300, "bob": 300},
                       {"cy": -200, "bob": 200})  # fmt: skip
    people = balances_between_people(entries, {"bot-1"})
    assert people == {"ann": 0, "bob": 200, "cy": -200}
    assert settle_up(people) == (Transfer("cy", "bob", 200),)


def test_a_loss_to_a_bot_and_a_person_in_one_hand_is_shared_by_their_winnings() -> None:
    """Cy lost 90 in a pot that Ann won 60 of and a bot 30: Cy owes Ann 60, nothing more."""
    people = balances_between_people(_results({"cy": -90, "ann": 60, "bot-2": 30}), {"bot-2"})
    assert people == {"cy": -60, "ann": 60}


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.lists(st.integers(min_value=-500, max_value=500), min_size=2, max_size=6),
        min_size=1,
        max_size=12,
    ),
    st.integers(min_value=0, max_value=2),
)
def test_between_people_the_balances_sum_to_zero_in_whole_chips(
    hands: list[list[int]], bot_count: int
) -> None:
    """Any hands (each made zero-sum), any number of bots: whole chips, summing to zero,
    and with no bot at all the plain balances."""
    players = ["ann", "bob", "cy", "dee", "bot-1", "bot-2"]
    entries: list[LedgerEntry] = []
    for number, drawn in enumerate(hands, start=1):
        zero_sum = [*drawn[:-1], -sum(drawn[:-1])]
        entries += [
            LedgerEntry(player, EntryKind.RESULT, amount, number)
            for player, amount in zip(players, zero_sum, strict=False)
        ]
    bots = set(players[-2:][:bot_count])
    people = balances_between_people(entries, bots)
    assert sum(people.values()) == 0 and not bots & set(people)
    assert all(isinstance(amount, int) for amount in people.values())
    if not bots & {entry.player_id for entry in entries}:
        assert people == balances(entries)
    assert squared(people, settle_up(people))


def _friends(balances: dict[str, int], pairs: list[tuple[int, int]]) -> dict[frozenset[str], int]:
    people = sorted(balances)
    return {
        frozenset((people[a % len(people)], people[b % len(people)])): 1
        for a, b in pairs
        if people[a % len(people)] != people[b % len(people)]
    }


@settings(max_examples=200, deadline=None)
@given(
    ledgers(8), st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), max_size=12), st.randoms()
)
def test_the_transfers_are_the_fewest_and_the_same_in_any_order_and_company(
    balances: dict[str, int], pairs: list[tuple[int, int]], rng: random.Random
) -> None:
    """Issue 30: who pays whom depends on the balances and who played together, never on
    the order they come in (the season sorted them by name before): the same transfers
    from any order, the fewest there are, with or without friends to prefer."""
    together = _friends(balances, pairs)
    transfers = settle_up(balances, together)
    shuffled = list(balances.items())
    rng.shuffle(shuffled)
    assert settle_up(dict(shuffled), together) == transfers
    assert squared(balances, transfers)
    assert len(transfers) == brute_force_minimum(list(balances.values()))


def test_a_debtor_pays_the_creditor_they_played_with_not_a_strangers_account() -> None:
    """Issue 30, finding 3: Bob lost 20 to Alice; Mallory "lost" 20 to Sock, an account of
    his, at a table of their own. However the keys sort, Bob pays Alice."""
    for alice, sock in (("member:1", "member:9"), ("member:9", "member:1")):
        balances = {alice: 20, "member:5": -20, sock: 20, "member:7": -20}
        together = {frozenset((alice, "member:5")): 1, frozenset((sock, "member:7")): 1}
        assert set(settle_up(balances, together)) == {
            Transfer("member:5", alice, 20),
            Transfer("member:7", sock, 20),
        }
