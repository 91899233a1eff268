"""A club's tournaments in its season (history.season.TournamentNight): counted once over
and only without bots; each person's prizes less buy-ins, summing to zero with the rest."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.history.season import Person, TournamentNight, season, season_balances

ANN = Person.member(7, "Ann")


def cup(paid: dict[str, int], won: dict[str, int], **changes: Any) -> TournamentNight:
    names = {player: player.title() for player in paid}
    night = TournamentNight(1, "Cup", 0.0, True, paid, won, names, frozenset(), {"ann": ANN})
    return replace(night, **changes)


def test_a_finished_tournament_of_people_counts_prizes_less_buy_ins_by_person() -> None:
    night = cup({"ann": 100, "bob": 200}, {"ann": 300})
    assert [(p.person.key, p.balance, p.net) for p in night.people()] == [
        ("member:7", 200, 0),
        ("guest:tournament-1-bob", -200, 0),
    ]
    result = season([night])
    assert [(s.person.name, s.won, s.nights) for s in result.standings] == [
        ("Ann", 200, 1),
        ("Bob", -200, 1),
    ]
    assert [(t.payer, t.payee, t.amount) for t in result.transfers] == [
        ("guest:tournament-1-bob", "member:7", 200)
    ]


def test_a_tournament_still_running_or_with_a_bot_counts_nothing() -> None:
    paid, won = {"ann": 100, "bot": 100}, {"bot": 200}
    assert cup(paid, won, finished=False).people() == []
    assert cup(paid, won, bots=frozenset({"bot"})).people() == []
    assert season_balances([cup(paid, won, bots=frozenset({"bot"}))], []) == {}


@settings(max_examples=100)
@given(st.lists(st.integers(0, 1_000), min_size=2, max_size=9), st.data())
def test_a_counted_tournament_s_balances_sum_to_zero(
    buy_ins: list[int], data: st.DataObject
) -> None:
    players = [f"p{index}" for index in range(len(buy_ins))]
    pool = sum(buy_ins)
    cuts = sorted(
        data.draw(
            st.lists(st.integers(0, pool), min_size=len(players) - 1, max_size=len(players) - 1)
        )
    )
    prizes = [b - a for a, b in zip([0, *cuts], [*cuts, pool], strict=True)]
    night = cup(dict(zip(players, buy_ins, strict=True)), dict(zip(players, prizes, strict=True)))
    balances = season_balances([night], [])
    assert sum(balances.values()) == 0
    assert sum(t.amount for t in season([night]).transfers) <= sum(
        max(b, 0) for b in balances.values()
    )
