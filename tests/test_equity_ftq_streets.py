"""Equity and the bots deal Follow the Queen's future up cards street by street, as the table
does: by seed 000's rule a queen last on its street leaves only queens wild, by the house rule
``ftq_queen_carries_over`` the next street's first up card follows it. Exact, against the
plain oracles (``ftq_oracle`` for the wild ranks, ``wild_oracle`` for the hands)."""

from __future__ import annotations

from itertools import permutations

import pytest

from pokernight.cards import CARDS, Rank, parse_cards
from pokernight.equity import Scenario, Slot, WildState, equity
from tests.ftq_oracle import carried_over_wild_ranks, seed_wild_ranks
from tests.wild_oracle import oracle_value

QUEEN = int(Rank.QUEEN)


def test_a_queen_last_on_a_street_ends_it_by_the_seeds_rule_and_waits_by_the_house_rule() -> None:
    nine = int(Rank.NINE)
    assert WildState(rank=7).after_street([nine, QUEEN]) == WildState(None, False)
    house = WildState(rank=7, carries_over=True).after_street([nine, QUEEN])
    assert house == WildState(7, True, True)
    assert house.after_street([4]).at_showdown() == {QUEEN, 4}
    assert WildState().after_street([QUEEN, 4]).at_showdown() == {QUEEN, 4}


@pytest.mark.parametrize("carries_over", [False, True], ids=["seed-rule", "house-rule"])
def test_equity_over_two_streets_to_come_agrees_with_the_oracles(carries_over: bool) -> None:
    """Fourth street is out; fifth and sixth street bring one up card each to both hands,
    from the eight cards left (the rest are dead): every deal, counted by the oracles."""
    first, second = parse_cards("Ah Kh 2c 3c"), parse_cards("Ac Kc 2d 3d")
    left = parse_cards("Qs Qd 7s 7d 9s 9h 4s 4h")
    dead = tuple(card for card in CARDS if card not in {*first, *second, *left})
    slots = tuple(Slot(owner, True, street=street) for street in (4, 5) for owner in (0, 1))
    scenario = Scenario("wild", (first, second), slots=slots, dead=dead,
                        wild=WildState(carries_over=carries_over))  # fmt: skip
    oracle = carried_over_wild_ranks if carries_over else seed_wild_ranks
    share, deals = 0.0, 0
    for one, two, three, four in permutations(left, 4):
        # Third and fourth street's up cards, fifth's, sixth's, seventh (face down).
        streets = [[first[2], second[2]], [first[3], second[3]], [one, two], [three, four], []]
        wild = oracle(streets)[-1]
        a = oracle_value([*first, one, three], wild)
        b = oracle_value([*second, two, four], wild)
        share += 1.0 if a > b else 0.5 if a == b else 0.0
        deals += 1
    result = equity(scenario, exact_limit=10**9)
    assert result.exact and result.deals == deals
    assert result.hands[0].equity == pytest.approx(share / deals)


def test_the_two_readings_give_different_equities_here() -> None:
    first, second = parse_cards("Ah Kh 2c 3c"), parse_cards("Ac Kc 2d 3d")
    left = parse_cards("Qs Qd 7s 7d 9s 9h 4s 4h")
    dead = tuple(card for card in CARDS if card not in {*first, *second, *left})
    slots = tuple(Slot(owner, True, street=street) for street in (4, 5) for owner in (0, 1))
    equities = [
        equity(
            Scenario(
                "wild",
                (first, second),
                slots=slots,
                dead=dead,
                wild=WildState(carries_over=carries_over),
            ),
            exact_limit=10**9,
        )
        .hands[1]
        .win
        for carries_over in (False, True)
    ]
    assert equities[0] != pytest.approx(equities[1])


def test_the_equity_command_takes_the_house_rule(capsys: pytest.CaptureFixture[str]) -> None:
    from pokernight.cli.main import main

    args = ["equity", "--variant", "ftq", "AhKh2dQc", "QsJc9d5s", "--samples", "500", "--seed", "1"]
    assert main([*args, "--ftq-queen-carries-over"]) == 0
    assert "Monte Carlo: 500 deals" in capsys.readouterr().out
    assert main(["equity", "AhKh", "QsQd", "--ftq-queen-carries-over"]) == 2
    assert "Follow the Queen rule" in capsys.readouterr().err
