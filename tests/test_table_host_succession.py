"""Who hosts when the host goes (seed 003, decision 52): the person with a page open seated
the longest, the lower seat first; never a bot, a removed player, or anybody at a
tournament table (its director hosts it). And the settings that time it, with their limits.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace

import pytest

from pokernight.server.tables.settings_input import settings_from_json
from pokernight.table import (
    Act,
    AddBot,
    HostAway,
    HostChanged,
    PlayerActed,
    RemovePlayer,
    SatOut,
    SitDown,
    StandUp,
    Table,
    TableError,
    TableSettings,
    TransferHost,
    table_event_from_dict,
)
from pokernight.table.settings import AWAY_ACTION_LIMITS, HOST_AWAY_LIMITS
from tests.table_helpers import events_of, player_to_act, seated, start

SETTINGS = TableSettings(debt_cap=None, seats=9)


def ann_bob_cat_dan() -> Table:
    """Ann hosts; Bob, Cat and Dan sat down after her in that order, at seats 6, 2 and 4."""
    return seated(
        {0: 1_000, 6: 1_000, 2: 1_000, 4: 1_000}, SETTINGS, players=("ann", "bob", "cat", "dan")
    )


# Who is next ------------------------------------------------------------------------------


def test_the_next_host_is_the_longest_seated_with_a_page_open() -> None:
    table = ann_bob_cat_dan()
    assert table.next_host() == "bob", "everybody counts: seated longest, not the lowest seat"
    assert table.next_host({"cat", "dan"}) == "cat"
    assert table.next_host({"dan", "ann"}) == "dan", "never the host themselves"
    assert table.next_host({"ann"}) is None
    assert table.next_host(()) is None


def test_two_seated_together_the_lower_seat_hosts_first() -> None:
    table = ann_bob_cat_dan()
    # A table knows arrivals one by one; two of the same arrival (as a table that seats
    # several at once would have) go by seat order, as seed 003 says.
    for number in (6, 2):
        table.seats[number] = replace(table.seats[number], joined=7)
    assert table.next_host({"bob", "cat"}) == "cat"


def test_a_bot_never_hosts_and_a_program_only_after_the_people() -> None:
    settings = replace(SETTINGS, allow_programs=True)
    table = Table.open(settings, host="ann")
    table.apply(SitDown(0, "ann", "Ann", 1_000), 0.0)
    table.apply(AddBot("ann", 1, "hard"), 0.0)
    table.apply(SitDown(2, "pat", "Pat", 1_000, program=True), 0.0)
    table.apply(SitDown(3, "bob", "Bob", 1_000), 0.0)
    bot = table.seats[1].player_id
    assert table.next_host({bot, "pat", "bob"}) == "bob", "a person, though seated later"
    assert table.next_host({bot, "pat"}) == "pat", "a program is somebody's seat"
    assert table.next_host({bot}) is None


def test_a_player_the_host_removed_never_hosts() -> None:
    table = ann_bob_cat_dan()
    start(table)
    table.apply(RemovePlayer("ann", "bob", "rude"), 0.0)  # in the hand: seated until it ends
    assert table.seats[6].removed
    assert table.next_host({"bob", "dan"}) == "dan"


def test_a_tournament_table_keeps_its_director() -> None:
    table = Table.open(SETTINGS, host="director", tournament=True)
    for seat, player in enumerate(("ann", "bob")):
        table.apply(SitDown(seat, player, player.title(), 1_000, by="director"), 0.0)
    assert table.next_host({"ann", "bob"}) is None
    with pytest.raises(TableError, match="a tournament table is hosted by its director"):
        table.apply(HostAway(frozenset({"ann", "bob"})), 0.0)
    assert table.host == "director"


def test_a_seated_director_leaving_a_tournament_table_stays_its_host() -> None:
    table = Table.open(SETTINGS, host="ann", tournament=True)
    for seat, player in enumerate(("ann", "bob")):
        table.apply(SitDown(seat, player, player.title(), 1_000, by="ann"), 0.0)
    assert not any(
        isinstance(event, HostChanged) for event in events_of(table, StandUp("ann", by="ann"), 0.0)
    )
    assert table.host == "ann"


# The host away ----------------------------------------------------------------------------


def test_a_host_away_hands_the_table_to_the_longest_seated_with_a_page_open() -> None:
    table = ann_bob_cat_dan()
    done = events_of(table, HostAway(frozenset({"cat", "dan"})), 0.0)
    assert done == [HostChanged("cat", "away", "ann")]
    assert table.host == "cat"


@pytest.mark.parametrize(
    ("present", "reason"),
    [
        ({"ann", "bob"}, "the host has a page open: the host role stays"),
        (set(), "nobody else with a page open can host: the host role stays"),
    ],
)
def test_a_host_away_refused_says_why_and_changes_nothing(present: set[str], reason: str) -> None:
    table = ann_bob_cat_dan()
    assert not table.can(HostAway(frozenset(present)), 0.0)
    with pytest.raises(TableError, match=reason):
        table.apply(HostAway(frozenset(present)), 0.0)
    assert table.host == "ann"


def test_a_table_nobody_hosts_has_nobody_to_be_away() -> None:
    table = Table.open(SETTINGS, host="ann")
    table.apply(SitDown(0, "ann", "Ann", 1_000), 0.0)
    table.apply(AddBot("ann", 1, "easy"), 0.0)
    table.apply(StandUp("ann"), 0.0)
    assert table.host is None
    with pytest.raises(TableError, match="nobody hosts this table: the next person seated will"):
        table.apply(HostAway(frozenset({"ann"})), 0.0)


def test_the_old_host_back_may_be_handed_the_role_again() -> None:
    table = ann_bob_cat_dan()
    table.apply(HostAway(frozenset({"bob"})), 0.0)
    with pytest.raises(TableError, match="only the host can hand the table to a new host"):
        table.apply(TransferHost("ann", "ann"), 0.0)
    assert events_of(table, TransferHost("bob", "ann"), 0.0) == [
        HostChanged("ann", "handed over", "bob")
    ]
    assert table.host == "ann"


# The host leaving, or sat out by the clock -------------------------------------------------


def test_a_host_who_leaves_hands_the_table_to_somebody_with_a_page_open() -> None:
    table = ann_bob_cat_dan()
    done = [folded.event for folded in table.apply(StandUp("ann"), 0.0, present={"dan"})]
    assert done[-1] == HostChanged("dan", "left", "ann")


def test_a_host_who_leaves_with_no_page_open_anywhere_leaves_it_to_the_longest_seated() -> None:
    """Somebody seated always hosts: the away clock hands it on again if they are gone too."""
    table = ann_bob_cat_dan()
    done = [folded.event for folded in table.apply(StandUp("ann"), 0.0, present=())]
    assert done[-1] == HostChanged("bob", "left", "ann")


def _time_out_twice(table: Table, host: str, present: set[str]) -> list[object]:
    """The clock acts for ``host`` at two turns in a row; every event it caused."""
    told: list[object] = []
    now = 0.0
    while not any(isinstance(event, SatOut) for event in told):
        assert table.hand is not None
        if player_to_act(table) == host:
            now += 1_000.0
            timeout = table.tick(now, present)
            assert timeout is not None
            told += [f.event for f in table.apply(timeout, now, present=present)]
        else:
            legal = table.hand.legal_actions()
            kind = "check" if legal is not None and legal.can_check else "call"
            told += [f.event for f in table.apply(Act(player_to_act(table), kind), now)]
        if table.hand is None:
            start(table, now)
    return told


def test_a_host_sat_out_by_the_clock_hands_the_table_to_somebody_with_a_page_open() -> None:
    table = seated({0: 1_000, 1: 1_000, 2: 1_000}, SETTINGS, players=("ann", "bob", "cat"))
    start(table)
    told = _time_out_twice(table, "ann", {"cat"})
    sat_out = next(event for event in told if isinstance(event, SatOut))
    assert sat_out.reason == "timed out twice in a row"
    assert told[told.index(sat_out) + 1] == HostChanged("cat", "sat out by the clock", "ann")
    assert table.host == "cat"
    clock_moves = [e for e in told if isinstance(e, PlayerActed) and e.timed_out]
    assert all(event.absent for event in clock_moves), "ann had no page open"


def test_a_host_sat_out_by_the_clock_with_nobody_else_there_stays_host() -> None:
    table = seated({0: 1_000, 1: 1_000, 2: 1_000}, SETTINGS, players=("ann", "bob", "cat"))
    start(table)
    told = _time_out_twice(table, "ann", set())
    assert not any(isinstance(event, HostChanged) for event in told)
    assert table.host == "ann"


def test_a_host_change_and_its_reason_survive_the_store() -> None:
    event = HostChanged("cat", "away", "ann")
    assert table_event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
    older = {"type": "HostChanged", "host": "bob"}  # stored before reasons
    assert table_event_from_dict(older) == HostChanged("bob", "", None)


# The settings -----------------------------------------------------------------------------


def test_the_away_settings_default_to_the_seeds_fifteen_seconds_and_two_minutes() -> None:
    settings = TableSettings()
    assert (settings.away_action_seconds, settings.host_away_seconds) == (15.0, 120.0)
    assert settings.away_clock_seconds == 15.0
    assert replace(settings, action_seconds=10).away_clock_seconds == 10.0, "never longer"
    stored = TableSettings.from_dict({**settings.to_dict(), "host_away_seconds": 300.0})
    assert stored.host_away_seconds == 300.0
    older = settings.to_dict()
    del older["away_action_seconds"], older["host_away_seconds"]  # saved before them
    assert TableSettings.from_dict(older) == settings


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"away_action_seconds": 2}, r"away clock .* must be 5 to 300 seconds, not 2"),
        ({"away_action_seconds": 301}, r"away clock .* must be 5 to 300 seconds, not 301"),
        ({"away_action_seconds": math.nan}, r"must be 5 to 300 seconds, not nan"),
        ({"host_away_seconds": 10}, r"host may be away .* must be 30 to 3600 seconds, not 10"),
        ({"host_away_seconds": 7_200}, r"must be 30 to 3600 seconds, not 7200"),
        ({"host_away_seconds": math.inf}, r"must be 30 to 3600 seconds, not inf"),
    ],
)
def test_away_settings_out_of_range_are_refused_with_their_limits(
    changes: dict[str, float], reason: str
) -> None:
    with pytest.raises(TableError, match=reason):
        replace(TableSettings(), **changes).validated()  # type: ignore[arg-type]
    with pytest.raises(TableError, match=reason):
        settings_from_json(changes, TableSettings())  # as a host's page sends them


def test_the_limits_themselves_are_allowed() -> None:
    for away in AWAY_ACTION_LIMITS:
        for host in HOST_AWAY_LIMITS:
            changed = settings_from_json(
                {"away_action_seconds": away, "host_away_seconds": host}, TableSettings()
            )
            assert (changed.away_action_seconds, changed.host_away_seconds) == (away, host)
