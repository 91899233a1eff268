"""A tournament table (``TableOpened.tournament``): nobody is skipped, nobody waits.

Everybody with chips is dealt in, sitting out included, and is blinded away: the
clock checks or folds for a player sitting out at once (TDA 29). A player who
arrives after the first hand is dealt in at once, without posting, except strictly
between the button and the small blind, where they wait one hand (TDA 9). A cash
table keeps its own rules (``test_table_play``).
"""

from __future__ import annotations

import pytest

from pokernight.rules import BlindPosted
from pokernight.table import (
    Act,
    AddBot,
    AddChips,
    ApproveRebuy,
    ApproveSeat,
    CallBombPot,
    Command,
    DeclineSeat,
    RemoveBot,
    SitDown,
    SitOut,
    StandUp,
    Table,
    TableError,
    TableOpened,
    TableSettings,
    TransferHost,
    table_event_from_dict,
)
from tests.table_helpers import check_down, player_to_act, start

SETTINGS = TableSettings(debt_cap=None, seats=9)


def tournament_table(stacks: dict[int, int]) -> Table:
    table = Table.open(SETTINGS, host="director", tournament=True)
    for seat, stack in stacks.items():
        table.apply(SitDown(seat, f"p{seat}", f"Player {seat}", stack, by="director"), 0.0)
    return table


def test_a_player_sitting_out_is_dealt_in_and_posts_the_blinds() -> None:
    table = tournament_table({0: 1000, 2: 1000, 4: 1000})
    table.apply(SitOut("p4"), 0.0)
    dealt = start(table, now=0.0)
    assert dealt.seats == (0, 2, 4)
    assert dealt.big_blind == 4, "the first hand's big blind, sitting out"
    assert table.hand is not None
    posted = [event for event in table.hand.events if isinstance(event, BlindPosted)]
    assert [(event.seat, event.kind) for event in posted] == [(1, "small"), (2, "big")]


def test_the_clock_folds_a_player_sitting_out_at_once() -> None:
    table = tournament_table({0: 1000, 2: 1000, 4: 1000})
    table.apply(SitOut("p0"), 0.0)
    start(table, now=100.0)
    assert player_to_act(table) == "p0"  # under the gun, three-handed: the button
    assert table.deadline() == 100.0, "nobody waits for a player who is away"
    timeout = table.tick(100.0)
    assert timeout == Act("p0", "fold", timed_out=True)
    table.apply(timeout, 100.0)
    assert table.hand is not None and table.hand.folded[0]


def test_the_clock_checks_for_a_player_sitting_out_when_checking_is_free() -> None:
    table = tournament_table({0: 1000, 2: 1000, 4: 1000})
    table.apply(SitOut("p4"), 0.0)  # the big blind
    start(table, now=0.0)
    table.apply(Act(player_to_act(table), "call"), 1.0)
    table.apply(Act(player_to_act(table), "call"), 2.0)
    assert player_to_act(table) == "p4"
    option = table.tick(2.0)
    assert option is not None and option.kind == "check"


def test_a_person_sitting_out_at_a_cash_table_still_gets_their_time() -> None:
    table = Table.open(SETTINGS, host="p0")
    for seat in (0, 2, 4):
        table.apply(SitDown(seat, f"p{seat}", f"Player {seat}", 1000), 0.0)
    start(table, now=0.0)
    table.apply(SitOut(player_to_act(table)), 0.0)  # sits out during the hand: stays in it
    assert table.deadline() == 90.0


def test_an_arriving_player_is_dealt_in_at_once_without_posting() -> None:
    table = tournament_table({0: 1000, 2: 1000, 4: 1000, 6: 1000})
    first = start(table)
    assert (first.button, first.small_blind, first.big_blind) == (0, 2, 4)
    check_down(table)
    table.apply(SitDown(7, "late", "Late", 1000, by="director"), 0.0)
    second = start(table)
    assert 7 in second.seats and second.posted == ()


def test_an_arriving_player_after_the_big_blind_takes_the_next_big_blind() -> None:
    table = tournament_table({0: 1000, 2: 1000, 4: 1000, 6: 1000})
    start(table)
    check_down(table)
    table.apply(SitDown(5, "moved", "Moved", 1000, by="director"), 0.0)
    assert start(table).big_blind == 5, "the worst position: the big blind at once"


def test_a_player_between_the_button_and_the_small_blind_waits_a_hand() -> None:
    table = tournament_table({0: 1000, 2: 1000, 4: 1000, 6: 1000})
    start(table)  # button 0, small blind 2, big blind 4
    check_down(table)
    table.apply(SitDown(3, "between", "Between", 1000, by="director"), 0.0)
    second = start(table)  # button 2, small blind 4, big blind 6: seat 3 is between
    assert (second.button, second.small_blind) == (2, 4)
    assert 3 not in second.seats
    check_down(table)
    assert 3 in start(table).seats


@pytest.mark.parametrize("tournament", [True, False])
def test_the_opening_says_whether_it_is_a_tournament_table(tournament: bool) -> None:
    opened = TableOpened(SETTINGS, "director", tournament)
    assert table_event_from_dict(opened.to_dict()) == opened


def test_a_table_stored_before_tournaments_opens_as_a_cash_table() -> None:
    stored = TableOpened(SETTINGS, "host").to_dict()
    del stored["tournament"]
    opened = table_event_from_dict(stored)
    assert isinstance(opened, TableOpened) and not opened.tournament
    assert not Table.from_events([opened]).tournament


# Decision 48: a tournament table's seats and stacks are the tournament's. -----------------

REFUSED: list[tuple[Command, str]] = [
    (SitDown(6, "stranger", "Stranger", 100_000), "the director seats"),
    (SitDown(6, "p0", "Player 0", 100_000), "the director seats"),
    (SitDown(6, "stranger", "Stranger", 100_000, by="p0"), "only the host seats"),
    (AddChips("p0", 1_000_000), "chips come from the tournament alone"),
    (AddChips("p0", 500, by="p2"), "only the host"),
    (StandUp("p0"), "cannot leave with their chips"),
    (StandUp("p2", by="p0"), "only the host"),
    # What no tournament table does, even for its director (its host):
    (AddBot("director", 6, "easy", 1_000), "no bots but its entrants"),
    (RemoveBot("director", 0), "no bots but its entrants"),
    (ApproveSeat("director", "stranger"), "the director seats"),
    (DeclineSeat("director", "stranger"), "the director seats"),
    (ApproveRebuy("director", "p0"), "chips come from the tournament"),
    (TransferHost("director", "p0"), "hosted by its director"),
    (CallBombPot("director"), "no bomb pots"),
]


@pytest.mark.parametrize(("command", "reason"), REFUSED, ids=lambda item: repr(item)[:40])
def test_a_tournament_tables_seats_and_chips_change_only_by_its_director(
    command: Command, reason: str
) -> None:
    table = tournament_table({0: 1000, 2: 1000, 4: 1000})
    before = {number: (seat.player_id, seat.stack) for number, seat in table.seats.items()}
    with pytest.raises(TableError, match=reason):
        table.apply(command, 0.0)
    assert {n: (seat.player_id, seat.stack) for n, seat in table.seats.items()} == before
    assert table.host == "director"
    assert sum(account.bought_in for account in table.ledger.accounts.values()) == 3000


def test_the_director_seats_gives_chips_and_stands_players_up() -> None:
    table = tournament_table({0: 1000, 2: 1000})
    table.apply(SitDown(4, "p4", "Player 4", 1000, by="director"), 0.0)
    table.apply(AddChips("p4", 500, by="director"), 0.0)  # a rebuy the tournament sold
    assert table.seats[4].stack == 1500
    table.apply(StandUp("p4", by="director"), 0.0)  # moved to another table
    assert 4 not in table.seats and table.account("p4").cashed_out == 1500


def test_at_a_cash_table_a_player_still_sits_and_only_the_host_acts_for_another() -> None:
    table = Table.open(SETTINGS, host="p0")
    table.apply(SitDown(0, "p0", "Player 0", 1000), 0.0)
    table.apply(SitDown(2, "p2", "Player 2", 1000), 0.0)
    table.apply(AddChips("p2", 500), 0.0)
    with pytest.raises(TableError, match="only the host"):
        table.apply(StandUp("p0", by="p2"), 0.0)
    table.apply(StandUp("p2"), 0.0)
    assert sorted(table.seats) == [0]
