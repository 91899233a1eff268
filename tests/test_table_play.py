"""The table through real hands: dealing in, clocks, settings, host, refusals."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pokernight.cards import parse_cards
from pokernight.commitment import verify_commitment
from pokernight.rules import Stakes
from pokernight.table import (
    Act,
    AddBot,
    AddChips,
    ChangeSettings,
    ClockRestarted,
    CommitDeck,
    HostChanged,
    PlayerActed,
    PostBigBlind,
    RestartClock,
    SatOut,
    SitDown,
    SitIn,
    SitOut,
    StandUp,
    Table,
    TableError,
    TableEvent,
)
from tests.table_helpers import (
    NINE_SEATS,
    check_down,
    events_of,
    player_to_act,
    seated,
    start,
)


def shove_down(table: Table, shover: str, now: float = 0.0) -> None:
    """``shover`` moves all in at every turn; everybody else checks or calls."""
    while table.hand is not None:
        legal = table.hand.legal_actions()
        assert legal is not None
        player = player_to_act(table)
        if player == shover and legal.max_raise_to is not None:
            table.apply(Act(player, "bet_or_raise", legal.max_raise_to), now)
        else:
            table.apply(Act(player, "check" if legal.can_check else "call"), now)


def go_broke(table: Table, shover: str) -> None:
    for seed in range(100):
        start(table, seed=seed)
        shove_down(table, shover)
        if table.seats[table.seat_of(shover)].stack == 0:
            return
    raise AssertionError(f"{shover} did not go broke in 100 all-in hands")


def test_hand_is_dealt_from_the_committed_deck() -> None:
    table = seated({0: 1000, 1: 1000})
    started = start(table, seed=42)
    deck = parse_cards(started.deck)
    assert verify_commitment(deck, started.salt, started.commitment)
    assert table.hand is not None and table.hand.deck == deck
    assert start(seated({0: 1000, 1: 1000}), seed=43).deck != started.deck


def test_big_blind_advances_one_seat_every_hand_at_the_table() -> None:
    table = seated({0: 1000, 2: 1000, 5: 1000, 7: 1000})
    big_blinds = []
    for hand in range(6):
        big_blinds.append(start(table, now=float(hand)).big_blind)
        check_down(table)
    assert big_blinds == [5, 7, 0, 2, 5, 7]


def test_new_player_is_dealt_in_when_the_big_blind_reaches_them() -> None:
    table = seated({0: 1000, 2: 1000, 4: 1000})
    assert start(table).big_blind == 4
    check_down(table)
    table.apply(SitDown(1, "late", "Late", 1000), 0.0)
    second = start(table)
    assert second.big_blind == 0 and 1 not in second.seats
    check_down(table)
    third = start(table)
    assert third.big_blind == 1 and 1 in third.seats


def test_posting_new_player_pays_a_live_big_blind() -> None:
    table = seated({0: 1000, 2: 1000, 4: 1000}, deal=1)
    check_down(table)
    table.apply(SitDown(1, "late", "Late", 1000), 0.0)
    table.apply(PostBigBlind("late"), 0.0)
    started = start(table)
    assert started.posted == (1,) and 1 in started.seats
    assert table.hand is not None
    assert table.hand.bets[started.seats.index(1)] == 20
    assert table.hand.bets[started.seats.index(0)] == 20


def test_zero_stack_player_is_not_dealt_in() -> None:
    table = seated({0: 400, 1: 2000, 2: 2000})
    go_broke(table, "p0")
    assert 0 not in start(table, seed=999).seats
    assert 0 in table.seats  # still seated, and may rebuy


def test_rebuy_after_going_broke_deals_the_player_in_again() -> None:
    table = seated({0: 400, 1: 2000, 2: 2000})
    go_broke(table, "p0")
    table.apply(AddChips("p0", 400), 0.0)
    assert table.account("p0").bought_in == 800
    dealt = []
    for seed in range(3):
        dealt.append(start(table, seed=seed).seats)
        check_down(table)
    assert any(0 in seats for seats in dealt)


def test_timeout_checks_when_possible_else_folds() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000})
    start(table, now=100.0)
    assert table.tick(129.0) is None
    facing_big_blind = table.tick(100.0 + 30.0 + 60.0)  # action clock, then the time bank
    assert facing_big_blind is not None and facing_big_blind.kind == "fold"
    table.apply(facing_big_blind, 190.0)
    table.apply(Act(player_to_act(table), "call"), 191.0)
    big_blind_option = table.tick(191.0 + 90.0)
    assert big_blind_option is not None and big_blind_option.kind == "check"
    table.apply(big_blind_option, 281.0)
    assert table.hand is not None and table.hand.street_index == 1


def test_time_bank_is_spent_by_slow_actions() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000})
    start(table, now=0.0)
    slow = player_to_act(table)
    table.apply(Act(slow, "call"), 50.0)  # 20 seconds over the 30 s clock
    assert table.seats[table.seat_of(slow)].time_bank == pytest.approx(40.0)


def test_an_absent_person_gets_the_away_clock_but_not_the_time_bank() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000})
    start(table, now=100.0)
    gone = player_to_act(table)
    others = [f"p{seat}" for seat in range(3) if f"p{seat}" != gone]
    assert table.deadline(others) == 115.0, "no page open: the 15 s away clock, no time bank"
    assert table.deadline([*others, gone]) == table.deadline() == 190.0
    assert table.action_deadline() == 130.0, "with a page open the bank runs from here"
    assert table.tick(114.0, others) is None
    late = 137.5  # the clock may come round a little late: the bank is not charged for it
    timeout = table.tick(late, others)
    assert timeout == Act(gone, "fold", timed_out=True, absent=True)
    acted = events_of(table, timeout, late)[0]
    assert isinstance(acted, PlayerActed) and acted.absent and acted.timed_out
    assert table.seats[table.seat_of(gone)].time_bank == 60.0, "kept for when they come back"


def test_a_turn_timed_again_after_a_restart_counts_the_downtime_against_nobody() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000})
    start(table, now=100.0)
    slow = player_to_act(table)
    others = [f"p{seat}" for seat in range(3) if f"p{seat}" != slow]
    restarted = events_of(table, RestartClock(), 900.0)  # the server was down 800 s
    assert restarted == [ClockRestarted(table.hand_number, 900.0)]
    assert table.tick(914.0, others) is None, "15 s from the restart to come back"
    assert table.tick(989.0) is None and table.deadline() == 990.0
    table.apply(Act(slow, "call"), 940.0)  # 10 s over the action clock, from the restart
    assert table.seats[table.seat_of(slow)].time_bank == pytest.approx(50.0)


def test_a_clock_restarts_only_on_a_turn() -> None:
    table = seated({0: 1000, 1: 1000})
    with pytest.raises(TableError, match="nobody is to act"):
        table.apply(RestartClock(), 0.0)


def test_the_table_refuses_an_absent_timeout_for_a_player_with_time_left() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000})
    start(table, now=0.0)
    early = Act(player_to_act(table), "fold", timed_out=True, absent=True)
    with pytest.raises(TableError, match="still has time to act"):
        table.apply(early, 14.0)


def test_a_bot_keeps_its_time_bank_though_it_has_no_page_open() -> None:
    table = seated({0: 1000, 1: 1000})
    table.apply(AddBot("p0", 2, "easy"), 0.0)
    start(table, now=0.0)
    while table.seats[table.seat_of(player_to_act(table))].bot is None:
        table.apply(Act(player_to_act(table), "call"), 0.0)
    assert table.deadline(["p0", "p1"]) == 90.0


def play_with_sleeper(table: Table, sleeper: str, now: float) -> list[TableEvent]:
    """Everybody checks or calls, except ``sleeper``, whose clock runs out at every turn."""
    events: list[TableEvent] = []
    while table.hand is not None:
        now += 100.0
        if player_to_act(table) == sleeper:
            timeout = table.tick(now)
            assert timeout is not None and timeout.timed_out
            events += events_of(table, timeout, now)
        else:
            legal = table.hand.legal_actions()
            assert legal is not None
            events += events_of(
                table, Act(player_to_act(table), "check" if legal.can_check else "call"), now
            )
    return events


def test_two_timeouts_sit_player_out() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000})
    start(table, now=0.0)
    first = play_with_sleeper(table, "p0", 0.0)  # under the gun: folded by the clock
    assert table.seats[0].timeouts == 1 and not table.seats[0].sitting_out
    assert not any(isinstance(event, SatOut) for event in first)
    start(table, now=10_000.0)
    second = play_with_sleeper(table, "p0", 10_000.0)  # big blind: checked by the clock
    assert SatOut(0, "timed out twice in a row") in second
    assert table.seats[0].sitting_out
    assert 0 not in start(table, now=20_000.0).seats


def test_voluntary_action_resets_the_timeouts() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000})
    start(table, now=0.0)
    play_with_sleeper(table, "p0", 0.0)
    assert table.seats[0].timeouts == 1
    start(table, now=10_000.0)
    check_down(table, 10_000.0)
    assert table.seats[0].timeouts == 0


def test_clock_cannot_act_before_time_runs_out() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000})
    start(table, now=0.0)
    with pytest.raises(TableError, match="still has time to act"):
        table.apply(Act(player_to_act(table), "fold", timed_out=True), 10.0)


def test_settings_change_applies_next_hand() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000}, deal=1)
    bigger = replace(NINE_SEATS, stakes=Stakes(small_blind=25, big_blind=50))
    table.apply(ChangeSettings("p0", bigger), 1.0)
    assert table.settings.stakes.big_blind == 20  # the hand in progress keeps its stakes
    check_down(table)
    assert start(table).stakes.big_blind == 50
    assert table.settings == bigger


def test_only_the_host_changes_settings() -> None:
    table = seated({0: 1000, 1: 1000})
    with pytest.raises(TableError, match="only the host can change settings"):
        table.apply(ChangeSettings("p1", NINE_SEATS), 0.0)


def test_host_transfer_to_longest_seated() -> None:
    # Cat sits at a lower seat, but last; Ann, seated first, hosts.
    table = seated({5: 1000, 7: 1000, 1: 1000}, players=("ann", "bob", "cat"))
    assert HostChanged("bob", "left", "ann") in events_of(table, StandUp("ann"), 0.0)
    assert table.host == "bob"


def test_blind_levels_rise_on_schedule_at_the_next_hand() -> None:
    levels = (Stakes(small_blind=20, big_blind=40), Stakes(small_blind=50, big_blind=100))
    table = seated({0: 1000, 1: 1000}, replace(NINE_SEATS, blind_levels=levels))
    assert start(table, now=0.0).stakes.big_blind == 20
    check_down(table)
    assert start(table, now=15 * 60 - 1).stakes.big_blind == 20
    check_down(table)
    assert start(table, now=15 * 60).stakes.big_blind == 40
    check_down(table)
    assert start(table, now=10 * 3600).stakes.big_blind == 100


def test_dealers_choice_rotates_the_games() -> None:
    choice = replace(
        NINE_SEATS,
        stakes=Stakes(small_blind=10, big_blind=20, ante=5, bring_in=10, small_bet=20, big_bet=40),
        dealers_choice=("nlhe", "stud"),
        seats=8,
    )
    table = seated({0: 1000, 1: 1000, 2: 1000}, choice)
    games = []
    for _ in range(4):
        games.append(start(table).variant)
        check_down(table)
    assert games == ["nlhe", "stud", "nlhe", "stud"]


def test_dealers_choice_deals_each_home_game_from_its_own_deck() -> None:
    """Issue 22: the home games and short-deck in a rotation; each hand's committed deck is
    the one its game is dealt from (36 cards for short-deck, committed ahead of the deal)."""
    choice = replace(
        NINE_SEATS,
        stakes=Stakes(small_blind=10, big_blind=20, ante=5, bring_in=10, small_bet=20, big_bet=40),
        dealers_choice=("nlsd", "baseball", "deuces", "chicago"),
        seats=8,
    )
    table = seated({0: 1000, 1: 1000, 2: 1000}, choice)
    played = []
    for number in range(8):
        table.apply(CommitDeck(random.Random(number)), 0.0)
        dealt = start(table, seed=number)
        played.append((dealt.variant, len(dealt.deck)))
        check_down(table)
    assert played == [("nlsd", 36), ("baseball", 52), ("deuces", 52), ("chicago", 52)] * 2


def test_a_deck_committed_for_another_game_is_not_dealt() -> None:
    """The host switched to short-deck after the next deck was committed: that 52-card deck
    is not dealt; a 36-card one is shuffled and committed at the deal."""
    table = seated({0: 1000, 1: 1000, 2: 1000})
    table.apply(CommitDeck(random.Random(1)), 0.0)
    committed = table.committed_deck(1)
    assert committed is not None and len(committed.deck) == 52
    table.apply(ChangeSettings("p0", replace(NINE_SEATS, variant="nlsd")), 0.0)
    dealt = start(table)
    assert dealt.variant == "nlsd" and len(dealt.deck) == 36
    assert dealt.commitment != committed.commitment


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (SitDown(0, "new", "New", 1000), "seat 1 is taken"),
        (SitDown(12, "new", "New", 1000), r"seat 13 does not exist \(seats 1 to 9\)"),
        (SitDown(3, "new", "New", 100), "buy-in must be between 400 and 2,000"),
        (SitDown(3, "p1", "Again", 1000), "you are already seated at seat 2"),
        (AddChips("p0", 3500), "the stack may not go above 4,000: add at most 3,000"),
        (AddChips("nobody", 100), "you are not seated at this table"),
        (SitIn("p0"), "you are not sitting out"),
        (PostBigBlind("p0"), "you are not waiting for the big blind"),
        (Act("p0", "check"), "no hand is being played"),
    ],
)
def test_refusals_say_exactly_why(
    command: SitDown | AddChips | SitIn | PostBigBlind | Act, reason: str
) -> None:
    table = seated({0: 1000, 1: 1000})
    with pytest.raises(TableError, match=reason):
        table.verify(command, 0.0)
    assert not table.can(command, 0.0)


def test_table_is_full() -> None:
    table = seated({0: 1000, 1: 1000}, replace(NINE_SEATS, seats=2))
    with pytest.raises(TableError, match="table is full"):
        table.apply(SitDown(1, "new", "New", 1000), 0.0)


def test_debt_cap_refuses_more_chips() -> None:
    table = seated({0: 1000}, replace(NINE_SEATS, debt_cap=1000))
    with pytest.raises(TableError, match="debt cap of 1,000 reached: you owe 1,000"):
        table.apply(AddChips("p0", 1), 0.0)
    table.apply(StandUp("p0"), 0.0)  # cashing out 1,000 pays the debt back
    table.apply(SitDown(0, "p0", "Again", 1000), 0.0)
    assert table.account("p0").debt == 1000


def test_rebuy_during_a_hand_waits_for_it_to_end() -> None:
    table = seated({0: 1000, 1: 1000}, deal=1)
    table.apply(AddChips("p1", 500), 0.0)
    assert table.seats[1].stack == 1000 and table.seats[1].queued == 500
    check_down(table)
    assert table.seats[1].queued == 0
    assert table.account("p1").bought_in == 1500


def test_cannot_stand_up_during_own_hand() -> None:
    table = seated({0: 1000, 1: 1000}, deal=1)
    with pytest.raises(TableError, match="you are in the hand: stand up when it is over"):
        table.apply(StandUp("p0"), 0.0)


def test_sitting_out_player_is_not_dealt_in_and_waits_on_return() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000, 3: 1000}, deal=1)
    check_down(table)
    table.apply(SitOut("p1"), 0.0)
    assert 1 not in start(table).seats
    check_down(table)
    table.apply(SitIn("p1"), 0.0)
    assert table.seats[1].waiting


def test_dead_small_blind_when_big_blind_leaves() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000, 3: 1000})
    assert start(table).big_blind == 2
    check_down(table)
    table.apply(StandUp("p2"), 0.0)
    started = start(table)
    assert (started.button, started.small_blind, started.big_blind) == (1, 2, 3)
    assert table.hand is not None
    assert table.hand.bets == (0, 0, 20)  # seats 0, 1, 3: nobody posts the small blind


def test_dead_small_blind_leaves_the_button_last_to_act_after_the_flop() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000, 3: 1000}, deal=1)
    check_down(table)
    table.apply(StandUp("p2"), 0.0)  # the big blind of hand 1, so the small blind of hand 2
    start(table)  # button 1, small blind 2 (dead), big blind 3
    for player in ("p0", "p1", "p3"):  # before the flop: left of the big blind first
        assert player_to_act(table) == player
        table.apply(Act(player, "call" if player != "p3" else "check"), 0.0)
    assert table.hand is not None and table.hand.street_index == 1
    assert player_to_act(table) == "p3"  # after it: left of the button, the button last


def test_posting_player_further_round_is_dealt_in_at_once() -> None:
    table = seated({0: 1000, 2: 1000, 4: 1000, 6: 1000})
    start(table)  # button 0, blinds 2 and 4
    check_down(table)
    table.apply(SitDown(1, "late", "Late", 1000), 0.0)
    table.apply(PostBigBlind("late"), 0.0)
    started = start(table)  # button 2, blinds 4 and 6: seat 1 acts second before the flop
    assert started.posted == (1,) and 1 in started.seats
    assert table.hand is not None
    assert table.hand.bets[started.seats.index(1)] == 20
    table.apply(Act("p0", "call"), 0.0)
    assert player_to_act(table) == "late"
    table.apply(Act("late", "check"), 0.0)  # a posted big blind is live: nothing to call
    for player in ("p2", "p4"):
        table.apply(Act(player, "call"), 0.0)
    assert player_to_act(table) == "p6"  # the big blind keeps the option


def test_dead_button_keeps_the_order_of_play() -> None:
    table = seated({0: 1000, 1: 1000, 2: 1000, 3: 1000}, deal=1)
    check_down(table)
    table.apply(StandUp("p1"), 0.0)  # the small blind of hand 1, so the button of hand 2
    started = start(table)
    assert (started.button, started.small_blind, started.big_blind) == (1, 2, 3)
    assert table.hand is not None
    assert table.hand.bets == (0, 10, 20)  # seats 0, 2, 3
    assert player_to_act(table) == "p0"
