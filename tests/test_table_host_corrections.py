"""The host corrects a stack and removes a player (decision 51): each between hands or as the
rules say during one, with a reason everybody sees, and each in the ledger, which balances.

Ann hosts; Bob and Cat sit with 1,000 each (no-limit hold'em 10/20, buy-ins 400 to 2,000,
maximum stack 4,000, a debt cap given where a test needs one).
"""

from __future__ import annotations

import json
import random

import pytest

from pokernight.table import (
    Act,
    AddBot,
    AddChips,
    ChipsAdded,
    CloseTable,
    Command,
    CorrectStack,
    EntryKind,
    HandFinished,
    LetPlayerBack,
    PlayerLeft,
    PlayerLetBack,
    PlayerRemoved,
    RemovePlayer,
    SitDown,
    StackCorrected,
    StandUp,
    StartHand,
    Table,
    TableError,
    TableEvent,
    TableSettings,
    TransferHost,
    balances,
    settle_up,
    table_event_from_dict,
)
from tests.table_helpers import check_down, player_to_act, seated

SETTINGS = TableSettings(debt_cap=None, max_stack=4_000)
TRIO = {0: 1000, 1: 1000, 2: 1000}


def ann_bob_cat(settings: TableSettings = SETTINGS) -> Table:
    return seated(TRIO, settings, players=("ann", "bob", "cat"))


def events_of(table: Table, command: Command, now: float = 0.0) -> list[TableEvent]:
    return [folded.event for folded in table.apply(command, now)]


def assert_balanced(table: Table) -> None:
    """Chips at the table plus chips cashed out equal chips bought in; no result made or
    lost a chip; every seated player's account holds their stack (seed 003)."""
    every = table.ledger.accounts.values()
    bought_in = sum(account.bought_in for account in every)
    cashed_out = sum(account.cashed_out for account in every)
    assert table.chips_at_table() + cashed_out == bought_in
    assert sum(account.results for account in every) == 0
    for seat in table.seats.values():
        assert table.account(seat.player_id).at_table == seat.stack


def unchanged(table: Table, command: Command, reason: str) -> None:
    """``command`` is refused with ``reason``, and the table is as it was."""
    seats, ledger, removed = dict(table.seats), table.ledger.copy(), dict(table.removed)
    assert not table.can(command, 0.0)
    with pytest.raises(TableError, match=reason):
        table.apply(command, 0.0)
    assert (table.seats, table.ledger, table.removed) == (seats, ledger, removed)


# Correcting a stack ------------------------------------------------------------------------


def test_the_host_corrects_a_stack_up_and_down_between_hands() -> None:
    table = ann_bob_cat()
    assert events_of(table, CorrectStack("ann", "bob", 1_200, " chips miscounted ")) == [
        StackCorrected(1, "bob", 1_200, 1_000, "chips miscounted")
    ]
    assert events_of(table, CorrectStack("ann", "cat", 600, "took 400 in cash")) == [
        StackCorrected(2, "cat", 600, 1_000, "took 400 in cash")
    ]
    assert table.seats[1].stack == 1_200 and table.seats[2].stack == 600
    # Chips added are lent like a rebuy; chips taken away paid back like a cash-out.
    bob, cat = table.account("bob"), table.account("cat")
    assert (bob.bought_in, bob.cashed_out, bob.net, bob.debt) == (1_200, 0, 0, 1_200)
    assert (cat.bought_in, cat.cashed_out, cat.net, cat.debt) == (1_000, 400, 0, 600)
    corrections = [entry for entry in table.ledger.entries if entry.kind is EntryKind.CORRECTION]
    assert [(entry.player_id, entry.amount, entry.reason) for entry in corrections] == [
        ("bob", 200, "chips miscounted"),
        ("cat", -400, "took 400 in cash"),
    ]
    assert_balanced(table)


def test_a_correction_moves_no_money_between_players() -> None:
    """The settle-up is made of the hands' results: a correction leaves it as it was."""
    table = ann_bob_cat()
    table.apply(StartHand(random.Random(4)), 0.0)
    check_down(table)
    before = table.ledger.between_people.rounded()
    table.apply(CorrectStack("ann", "bob", table.seats[1].stack + 300, "bought 300 in cash"), 0.0)
    table.apply(CorrectStack("ann", "cat", 0, "cashed everything"), 0.0)
    assert table.ledger.between_people.rounded() == before
    assert sum(before.values()) == 0
    assert_balanced(table)


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (CorrectStack("bob", "cat", 1_500, "recount"), "only the host can correct a stack"),
        (CorrectStack("ann", "zed", 1_500, "recount"), "that player is not seated at this table"),
        (CorrectStack("ann", "bob", -1, "recount"), "a stack cannot be less than 0 chips"),
        (CorrectStack("ann", "bob", 1_000, "recount"), "Bob's stack is 1,000 already"),
        (CorrectStack("ann", "bob", 1_500, ""), "give a reason: everybody sees it"),
        (CorrectStack("ann", "bob", 1_500, "   "), "give a reason"),
        (CorrectStack("ann", "bob", 1_500, "x" * 101), "a reason is at most 100 characters"),
        (CorrectStack("ann", "bob", 1_500, "two\nlines"), "a reason is one line of text"),
        (CorrectStack("ann", "bob", 4_001, "recount"), "the stack may not go above 4,000"),
    ],
)
def test_a_refused_correction_says_why_and_changes_nothing(command: Command, reason: str) -> None:
    unchanged(ann_bob_cat(), command, reason)


def test_a_correction_waits_for_the_players_hand_to_end() -> None:
    table = ann_bob_cat()
    table.apply(StartHand(random.Random(1)), 0.0)
    unchanged(table, CorrectStack("ann", "bob", 900, "recount"), "Bob is in the hand: correct")
    check_down(table)
    assert table.can(CorrectStack("ann", "bob", 900, "recount"), 0.0)


def test_a_correction_never_passes_the_debt_cap_silently() -> None:
    table = ann_bob_cat(TableSettings(debt_cap=2_000, max_stack=4_000))
    unchanged(
        table,
        CorrectStack("ann", "bob", 2_500, "recount"),
        "debt cap of 2,000 reached: Bob owes 1,000 and cannot take 1,500 more",
    )
    assert events_of(table, CorrectStack("ann", "bob", 2_000, "recount"))  # up to the cap
    # Taking chips away pays the debt back: nothing caps it.
    assert events_of(table, CorrectStack("ann", "bob", 100, "cash back"))
    assert table.debt_of("bob") == 100


def test_a_bots_stack_is_not_corrected() -> None:
    table = ann_bob_cat()
    table.apply(AddBot("ann", 4, "easy", 1_000), 0.0)
    bot = table.seats[4].player_id
    unchanged(table, CorrectStack("ann", bot, 2_000, "recount"), "is a bot, whose chips are nobody")


def test_a_tournament_tables_chips_change_only_through_the_tournament() -> None:
    table = Table.open(SETTINGS, host="ann", tournament=True)
    for seat, player in enumerate(("ann", "bob")):
        table.apply(SitDown(seat, player, player.title(), 1_000, by="ann"), 0.0)  # the director
    unchanged(
        table,
        CorrectStack("ann", "bob", 1_500, "recount"),
        "a tournament's chips change only through the tournament",
    )
    unchanged(table, RemovePlayer("ann", "bob", "rude"), "at a tournament table only the tourna")


# Removing a player -------------------------------------------------------------------------


def test_a_player_removed_between_hands_is_cashed_out_and_the_seat_freed() -> None:
    table = ann_bob_cat()
    assert events_of(table, RemovePlayer("ann", "cat", "abusive in the chat")) == [
        PlayerRemoved(2, "cat", "Cat", "abusive in the chat"),
        PlayerLeft(2, "cat", 1_000, "removed by the host: abusive in the chat"),
    ]
    assert 2 not in table.seats
    cash_out = table.ledger.entries[-1]
    assert (cash_out.kind, cash_out.amount, cash_out.reason) == (
        EntryKind.CASH_OUT,
        1_000,
        "removed by the host: abusive in the chat",
    )
    assert table.account("cat").at_table == 0
    assert_balanced(table)


def test_a_removed_player_sits_again_only_once_the_host_lets_them_back() -> None:
    table = ann_bob_cat()
    table.apply(RemovePlayer("ann", "cat", "abusive in the chat"), 0.0)
    unchanged(
        table,
        SitDown(5, "cat", "Cat", 1_000),
        r"the host removed you from this table \(abusive in the chat\): only the host can let",
    )
    unchanged(table, LetPlayerBack("bob", "cat"), "only the host can let a removed player back")
    unchanged(table, LetPlayerBack("ann", "bob"), "that player was not removed from this table")
    assert events_of(table, LetPlayerBack("ann", "cat")) == [PlayerLetBack("cat")]
    assert events_of(table, SitDown(5, "cat", "Cat", 1_000))
    assert table.seats[5].player_id == "cat"


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (RemovePlayer("bob", "cat", "rude"), "only the host can remove a player"),
        (RemovePlayer("ann", "ann", "rude"), "you cannot remove yourself: stand up to leave"),
        (RemovePlayer("ann", "zed", "rude"), "that player is not seated at this table"),
        (RemovePlayer("ann", "cat", " "), "give a reason"),
        (RemovePlayer("ann", "cat", "x" * 101), "a reason is at most 100 characters"),
    ],
)
def test_a_refused_removal_says_why_and_changes_nothing(command: Command, reason: str) -> None:
    unchanged(ann_bob_cat(), command, reason)


def test_a_bot_is_taken_away_with_remove_bot_not_removed() -> None:
    table = ann_bob_cat()
    table.apply(AddBot("ann", 4, "hard", 1_000), 0.0)
    unchanged(
        table,
        RemovePlayer("ann", table.seats[4].player_id, "slow"),
        "Hard bot 5 is a bot: take it away with Remove bot",
    )


def test_a_player_removed_during_a_hand_is_played_at_once_and_leaves_when_it_ends() -> None:
    """TDA 31: a live hand stays at the table. The removed player's turns are the clock's,
    at once (checked when a check is free, else folded); they leave when the hand ends,
    cashed out with what the hand left them."""
    table = ann_bob_cat()
    table.apply(StartHand(random.Random(5)), 10.0)
    target = player_to_act(table)
    number = table.seat_of(target)
    host = "bob" if target == "ann" else "ann"
    if target == "ann":
        table.apply(TransferHost("ann", "bob"), 10.0)
    assert events_of(table, RemovePlayer(host, target, "has to go"), 10.0) == [
        PlayerRemoved(number, target, target.title(), "has to go")
    ]
    assert table.seats[number].removed and number in table.seats
    assert table.deadline() == table.turn_started_at  # nobody waits for them
    unchanged(table, Act(target, "call"), "the host removed you from the table")
    unchanged(table, AddChips(target, 500), "the host removed you from the table")
    unchanged(table, StandUp(target), "you are in the hand")
    clock = table.tick(10.0)
    assert clock is not None and clock.player_id == target and clock.absent
    assert clock.kind in ("check", "fold")
    table.apply(clock, 10.0)
    told = played_out(table, 10.0)
    finished = next(event for event in told if isinstance(event, HandFinished))
    left = told[-1]
    assert isinstance(left, PlayerLeft) and told.index(finished) < told.index(left)
    assert (left.player_id, left.reason) == (target, "removed by the host: has to go")
    assert number not in table.seats and target in table.removed
    assert_balanced(table)


def played_out(table: Table, now: float) -> list[TableEvent]:
    """The hand in play played to its end (the clock acting for a removed seat, everybody
    else checking or calling); the events it told."""
    told: list[TableEvent] = []
    while table.hand is not None:
        move = table.tick(now)
        if move is None:
            legal = table.hand.legal_actions()
            assert legal is not None
            move = Act(player_to_act(table), "check" if legal.can_check else "call")
        told += events_of(table, move, now)
    return told


def test_chips_queued_before_the_removal_reach_the_stack_before_the_cash_out() -> None:
    table = ann_bob_cat()
    table.apply(StartHand(random.Random(2)), 0.0)
    table.apply(AddChips("cat", 500), 0.0)  # queued: cat is in the hand
    table.apply(RemovePlayer("ann", "cat", "leaving early"), 0.0)
    told = played_out(table, 0.0)
    added = next(event for event in told if isinstance(event, ChipsAdded))
    left = told[-1]
    assert isinstance(left, PlayerLeft) and told.index(added) < told.index(left)
    assert table.account("cat").at_table == 0 and table.account("cat").bought_in == 1_500
    assert_balanced(table)


def test_a_table_closed_during_the_hand_cashes_the_removed_player_out_once_with_the_reason() -> (
    None
):
    table = ann_bob_cat()
    table.apply(StartHand(random.Random(3)), 0.0)
    table.apply(RemovePlayer("ann", "cat", "rude"), 0.0)
    table.apply(CloseTable("ann"), 0.0)
    told = played_out(table, 0.0)
    cat_left = [event for event in told if isinstance(event, PlayerLeft) and event.seat == 2]
    assert len(cat_left) == 1 and cat_left[0].reason == "removed by the host: rude"
    assert table.closed and not table.seats
    assert_balanced(table)


def test_the_host_cannot_hand_the_table_to_a_player_being_removed() -> None:
    table = ann_bob_cat()
    table.apply(StartHand(random.Random(1)), 0.0)
    table.apply(RemovePlayer("ann", "bob", "rude"), 0.0)
    unchanged(table, TransferHost("ann", "bob"), "Bob is removed from the table")
    unchanged(table, RemovePlayer("ann", "bob", "again"), "Bob is removed already")


def test_corrections_and_removals_survive_the_store_and_settle_to_zero() -> None:
    table = Table.open(SETTINGS, host="ann")
    log: list[TableEvent] = [table.opened]
    for seat, player in enumerate(("ann", "bob", "cat")):
        log += events_of(table, SitDown(seat, player, player.title(), 1_000))
    log += events_of(table, StartHand(random.Random(6)))
    while table.hand is not None:
        legal = table.hand.legal_actions()
        assert legal is not None
        log += events_of(table, Act(player_to_act(table), "check" if legal.can_check else "call"))
    log += events_of(table, CorrectStack("ann", "bob", table.seats[1].stack + 250, "recount"))
    log += events_of(table, RemovePlayer("ann", "cat", "rude"))
    stored = [json.loads(json.dumps(event.to_dict())) for event in log]
    assert [table_event_from_dict(data) for data in stored] == log
    rebuilt = Table.from_events(table_event_from_dict(data) for data in stored)
    assert rebuilt.seats == table.seats and rebuilt.removed == table.removed
    assert rebuilt.ledger == table.ledger
    net = balances(table.ledger.entries)
    assert sum(net.values()) == 0
    paid = sum(transfer.amount for transfer in settle_up(net))
    assert paid == sum(amount for amount in net.values() if amount > 0)
    assert_balanced(table)


def test_a_player_leaving_by_themselves_reads_as_before() -> None:
    """A cash-out with no reason keeps its stored form: no ``reason`` key."""
    assert PlayerLeft(1, "bob", 900).to_dict() == {
        "type": "PlayerLeft", "seat": 1, "player_id": "bob", "cash_out": 900,
    }  # fmt: skip


def test_a_removal_lifted_before_the_hand_ends_keeps_the_player_seated() -> None:
    table = ann_bob_cat()
    table.apply(StartHand(random.Random(1)), 0.0)
    table.apply(RemovePlayer("ann", "cat", "wrong player"), 0.0)
    assert events_of(table, LetPlayerBack("ann", "cat")) == [PlayerLetBack("cat")]
    assert not table.seats[2].removed and "cat" not in table.removed
    check_down(table)
    assert table.seats[2].player_id == "cat"
    assert_balanced(table)


def test_a_player_being_removed_never_becomes_host_when_the_host_leaves() -> None:
    table = seated(
        {0: 1000, 1: 1000, 2: 1000, 3: 1000}, SETTINGS, players=("bob", "cat", "dan", "ann")
    )
    table.apply(TransferHost("bob", "ann"), 0.0)
    table.apply(StartHand(random.Random(1)), 0.0)
    table.apply(SitDown(5, "eve", "Eve", 1_000), 0.0)  # dealt in from the next hand
    table.apply(TransferHost("ann", "eve"), 0.0)
    table.apply(RemovePlayer("eve", "bob", "rude"), 0.0)  # bob has sat the longest
    assert table.seats[0].removed
    table.apply(StandUp("eve"), 0.0)  # not in the hand: she may leave now
    assert table.host == "cat"


def test_a_close_during_a_hand_won_with_the_seven_deuce_bounty_cashes_out_after_it() -> None:
    """Found while writing the removals: the close was worked out with the hand's end,
    before the 7-2 bounty moved the chips, so its cash-outs did not balance (the table
    refused the last action of the hand, and stayed in it)."""
    table = ann_bob_cat(TableSettings(debt_cap=None, seven_deuce_bounty=50))
    table.apply(StartHand(random.Random(304)), 0.0)  # a seven-deuce that wins the showdown
    table.apply(CloseTable("ann"), 0.0)
    told: list[TableEvent] = []
    while table.hand is not None:
        legal = table.hand.legal_actions()
        assert legal is not None
        told += events_of(table, Act(player_to_act(table), "check" if legal.can_check else "call"))
    kinds = [type(event).__name__ for event in told]
    assert kinds.index("BountyPaid") < kinds.index("PlayerLeft") and kinds[-1] == "TableClosed"
    assert table.closed and not table.seats
    assert_balanced(table)
