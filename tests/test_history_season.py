"""A club's season (history/night.py, history/season.py): nights summed per person, to the chip."""

from __future__ import annotations

import csv
import io
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.history.night import night_of
from pokernight.history.season import (
    Payment,
    Person,
    TableNight,
    cumulative_results,
    season,
    season_balances,
    season_csv,
    season_hands,
)
from pokernight.table import (
    Act,
    AddBot,
    Command,
    HandFinished,
    SitDown,
    Table,
    TableEvent,
)
from tests.table_helpers import NINE_SEATS, events_of, player_to_act, start
from tests.test_table_ledger import PLAYERS, SPLITTING_NAMES, formula_cells, random_session
from tests.test_table_settle import brute_force_minimum

MEMBERS = {"ann": 1, "bob": 2, "cat": 3}  # the rest of PLAYERS are guests each night


def _night(table_id: int, seed: int, steps: int) -> TableNight:
    """A random session as table ``table_id``: ann, bob and cat are members; the others
    are guests of that table alone."""
    _, events = random_session(seed, steps, check=False)
    identities = {
        player: Person.member(MEMBERS[player], player.title())
        if player in MEMBERS
        else Person.guest(f"{table_id}-{player}", player.title())
        for player in PLAYERS
    }
    return TableNight(
        table_id, f"{table_id:04}", float(table_id), "closed", night_of(events), identities
    )


def test_a_night_is_its_tables_ledger_and_its_hands() -> None:
    table, events = random_session(7, 300, check=False)
    night = night_of(events)
    assert night.balances == table.ledger.between_people.rounded()
    assert night.accounts == table.ledger.accounts
    finished = [event for event in events if isinstance(event, HandFinished)]
    assert [hand.number for hand in night.hands] == [event.hand_number for event in finished]
    for hand in night.hands:
        assert sum(hand.results) == 0  # no rake
        assert hand.pot >= sum(result for result in hand.results if result > 0)
    assert sum(night.balances.values()) == 0


def test_a_bots_chips_are_in_no_balance_and_no_standing() -> None:
    table = Table.open(NINE_SEATS, host="p0")
    events: list[TableEvent] = [table.opened]
    commands: list[Command] = [SitDown(0, "p0", "Ann", 1000), SitDown(1, "p1", "Bob", 1000)]
    for command in [*commands, AddBot("p0", 2, "easy", 1000)]:
        events += events_of(table, command, 0.0)
    for number in range(8):
        events.append(start(table, seed=number))
        while table.hand is not None:
            legal = table.hand.legal_actions()
            assert legal is not None
            # Everybody calls, and the bot's opponents go all-in now and then: chips move.
            kind = "check" if legal.can_check else "call"
            events += events_of(table, Act(player_to_act(table), kind), 0.0)
    night = night_of(events)
    assert night.bots == {"bot-3"}
    assert night.people == ["p0", "p1"]
    assert "bot-3" not in night.balances
    assert any(hand.results[2] for hand in night.hands)  # the bot won or lost chips
    result = season([TableNight(1, "1234", 0.0, "open", night)])
    assert {standing.person.key for standing in result.standings} == {"guest:p0", "guest:p1"}
    # The chips count every hand, against the bot too: what the people won, it lost.
    assert sum(standing.net for standing in result.standings) == -night.accounts["bot-3"].net
    assert sum(standing.balance for standing in result.standings) == 0


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 2**32), st.integers(20, 120)), min_size=1, max_size=3),
    st.integers(0, 2**32),
)
def test_season_balances_are_the_nights_summed_and_the_settle_up_pays_them(
    sessions: list[tuple[int, int]], payment_seed: int
) -> None:
    nights = [_night(number + 1, seed, steps) for number, (seed, steps) in enumerate(sessions)]
    rng = random.Random(payment_seed)
    payments = [
        Payment(
            Person.member(payer, "Payer"), Person.member(payee, "Payee"), rng.randint(1, 500), n
        )
        for n in range(rng.randint(0, 4))
        for payer, payee in [rng.sample(sorted(MEMBERS.values()), 2)]
    ]
    result = season(nights, payments)
    balances = result.balances()
    assert season_balances(nights, payments) == balances

    expected: dict[str, int] = {}
    for table in nights:
        for player_id, amount in table.night.balances.items():
            key = table.person(player_id).key
            expected[key] = expected.get(key, 0) + amount
    for payment in payments:
        payer, payee = payment.payer.key, payment.payee.key
        expected[payer] = expected.get(payer, 0) + payment.amount
        expected[payee] = expected.get(payee, 0) - payment.amount
    assert {key: amount for key, amount in balances.items() if amount} == {
        key: amount for key, amount in expected.items() if amount
    }
    assert sum(balances.values()) == 0

    settled = dict(balances)
    for transfer in result.transfers:
        assert transfer.amount > 0
        settled[transfer.payer] += transfer.amount
        settled[transfer.payee] -= transfer.amount
    assert set(settled.values()) <= {0}


def _renamed(night: TableNight, names: dict[str, str]) -> TableNight:
    """The same night, its people called otherwise (their keys, ids, stay)."""
    identities = {
        player: replace(person, name=names.get(player, person.name))
        for player, person in night.identities.items()
    }
    return replace(night, identities=identities)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 2**32), st.integers(20, 80)), min_size=1, max_size=3),
    st.permutations(sorted(PLAYERS)),
)
def test_the_seasons_transfers_are_the_fewest_and_the_same_whatever_the_names(
    sessions: list[tuple[int, int]], names: list[str]
) -> None:
    """Issue 30: the standings sort by balance then name, and the settle-up once took
    people in that order; a stranger choosing names could choose who pays whom. Now the
    names are nothing to it, and it still takes the fewest transfers there are."""
    nights = [_night(number + 1, seed, steps) for number, (seed, steps) in enumerate(sessions)]
    renamed = dict(zip(sorted(PLAYERS), names, strict=True))
    first = season(nights)
    again = season([_renamed(night, renamed) for night in nights])
    assert again.transfers == first.transfers
    balances = first.balances()
    assert len(first.transfers) == brute_force_minimum(list(balances.values()))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2**32), st.integers(20, 120)), min_size=1, max_size=3))
def test_season_statistics_count_the_hands_each_person_played(
    sessions: list[tuple[int, int]],
) -> None:
    """The test's own count: a hand is a member's when one of their seats played it."""
    nights = [_night(number + 1, seed, steps) for number, (seed, steps) in enumerate(sessions)]
    result = season(nights)
    hands: dict[str, int] = {}
    shown: dict[str, int] = {}
    chips: dict[str, int] = {}
    for item in season_hands(nights):
        for player_id, change in zip(item.hand.player_ids, item.hand.results, strict=True):
            key = item.table.person(player_id).key
            hands[key] = hands.get(key, 0) + 1
            shown[key] = shown.get(key, 0) + item.hand.showdown
            chips[key] = chips.get(key, 0) + change
    rows = {row.player_id: row for row in result.stats}
    assert {key: row.hands for key, row in rows.items()} == hands
    for standing in result.standings:
        assert standing.hands == hands.get(standing.person.key, 0)
        assert standing.net == chips.get(standing.person.key, 0)
    series = cumulative_results(nights)
    for key, lines in series.items():
        assert lines["all"][-1][1] == chips[key]
        assert len(lines["all"]) == hands[key]
        assert sum(len(points) for game, points in lines.items() if game != "all") == hands[key]
    for key, row in rows.items():
        assert row.showdowns <= shown[key]


@pytest.mark.parametrize("name", SPLITTING_NAMES)
def test_season_csv_never_runs_a_name_however_a_spreadsheet_splits_it(name: str) -> None:
    """Finding 11 of issue 30: season.csv quoted a name only for ``,`` ``"`` CR LF, so a
    spreadsheet splitting on ``;`` ran ``=1+2`` from ``x;=1+2;``. No piece runs now, the
    name is one cell, and the amounts are numbers."""
    guest, member = Person.guest("7", name), Person.member(2, "Bo")
    text = season_csv([], [Payment(guest, member, 150, 86_400.0)])
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert formula_cells(text) == []
    assert [len(row) for row in rows] == [6, 6, 6]
    assert [row[5] for row in rows[1:]] == ["150", "-150"]
    assert rows[1][3].replace("'", "") == name.replace("'", "")
