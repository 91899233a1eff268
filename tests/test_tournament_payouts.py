"""Payouts: tables of places and percentages, the room's templates, prizes to the chip.

The rounding rule (decision 36): each prize is its share rounded down to the rounding
unit, and first place takes what is left, so the prizes sum to the pool exactly.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.tournament import Payouts, TournamentError, prizes, template_for
from pokernight.tournament.payouts import LARGE_FIELD, TEMPLATES, split_evenly


def test_prizes_are_the_shares_of_the_pool() -> None:
    assert prizes(1_000, Payouts.of(50, 30, 20)) == (500, 300, 200)


def test_first_place_takes_the_chips_left_by_rounding_down() -> None:
    # 1,001 x 50% = 500.5, x 30% = 300.3, x 20% = 200.2: each rounded down, the rest to 1st.
    assert prizes(1_001, Payouts.of(50, 30, 20)) == (501, 300, 200)
    # Rounded to 100s: 525, 315 and 210 become 500, 300 and 200; the 50 left go to 1st.
    assert prizes(1_050, Payouts.of(50, 30, 20), rounding=100) == (550, 300, 200)


def test_percentages_may_have_decimals() -> None:
    assert prizes(2_000, Payouts.of("27.5", "27.5", 25, 20)) == (550, 550, 500, 400)


@pytest.mark.parametrize(
    ("percentages", "reason"),
    [
        ((), "at least one place"),
        ((60, 30), "add up to 90%, not 100%"),
        ((40, 50, 10), r"place 2 \(50%\) would be paid more than place 1 \(40%\)"),
        ((100, 0), "place 2 must be paid a positive percentage"),
        (("half",), "must be numbers"),
    ],
)
def test_a_payout_table_is_refused_with_its_reason(
    percentages: tuple[int | str, ...], reason: str
) -> None:
    with pytest.raises(TournamentError, match=reason):
        Payouts.of(*percentages)


@settings(max_examples=200, deadline=None)
@given(
    pool=st.integers(0, 10**9),
    raw=st.lists(st.integers(1, 10_000), min_size=1, max_size=30),
    rounding=st.sampled_from([1, 5, 10, 100]),
)
def test_prizes_sum_to_the_pool_and_never_rise(pool: int, raw: list[int], rounding: int) -> None:
    shares = sorted(raw, reverse=True)
    # Percentages in hundredths that sum to 100: scaled, the first taking the rest.
    hundredths = [share * 10_000 // sum(shares) for share in shares]
    hundredths[0] += 10_000 - sum(hundredths)
    if any(share <= 0 for share in hundredths):
        return
    payouts = Payouts(tuple(Decimal(share) / 100 for share in hundredths)).validated()
    paid = prizes(pool, payouts, rounding)
    assert sum(paid) == pool
    assert list(paid) == sorted(paid, reverse=True)
    for place, (prize, share) in enumerate(zip(paid, payouts.percentages, strict=True)):
        exact = Fraction(pool) * Fraction(share) / 100
        if place:
            assert prize % rounding == 0 and 0 <= exact - prize < rounding
        else:
            assert prize >= exact


@pytest.mark.parametrize("entries", [2, 5, 6, 9, 10, 27, 45, 60, 61, 100, 500, 5_000])
def test_every_template_sums_to_100_and_pays_fewer_than_the_field(entries: int) -> None:
    payouts = template_for(entries)
    assert sum(payouts.percentages) == 100
    assert payouts.places < entries
    assert list(payouts.percentages) == sorted(payouts.percentages, reverse=True)


def test_templates_pay_more_places_as_the_field_grows() -> None:
    places = [template_for(entries).places for entries in range(2, 400)]
    assert places == sorted(places)
    assert template_for(27).places == 5
    assert template_for(LARGE_FIELD).places == LARGE_FIELD * 15 // 100
    assert [smallest for smallest, _ in TEMPLATES] == sorted(smallest for smallest, _ in TEMPLATES)


def test_a_field_of_one_has_no_payouts() -> None:
    with pytest.raises(TournamentError, match="at least 2 entries"):
        template_for(1)


@settings(max_examples=100, deadline=None)
@given(amount=st.integers(0, 10**6), ways=st.integers(1, 20))
def test_a_split_is_even_to_the_chip(amount: int, ways: int) -> None:
    parts = split_evenly(amount, ways)
    assert sum(parts) == amount and max(parts) - min(parts) <= 1
    assert parts == sorted(parts, reverse=True)
