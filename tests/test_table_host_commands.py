"""The host's say over seats: sitting a player out, approving seats, adding and removing bots."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from pokernight.table import (
    Act,
    AddBot,
    AddChips,
    ApproveRebuy,
    ApproveSeat,
    ChangeSettings,
    ChipsAdded,
    ChipsQueued,
    Command,
    DeclineRebuy,
    DeclineSeat,
    PlayerLeft,
    PlayerSeated,
    RebuyDeclined,
    RebuyRequested,
    RemoveBot,
    SatIn,
    SatOut,
    SeatDeclined,
    SeatRequested,
    SitBotIn,
    SitDown,
    SitIn,
    SitPlayerOut,
    StartHand,
    Table,
    TableError,
    TableEvent,
    TableSettings,
    table_event_from_dict,
)
from tests.table_helpers import seated_and_told

SETTINGS = TableSettings(debt_cap=None)
APPROVING = TableSettings(debt_cap=None, approve_seats=True)


def hosted_by_ann(settings: TableSettings = SETTINGS) -> tuple[Table, list[TableEvent]]:
    """Ann hosts; Bob sits down (or asks to, when seats need approval); every event kept."""
    table, told = seated_and_told({0: 1000, 1: 1000}, settings, players=("ann", "bob"))
    return table, [table.opened, *(folded.event for folded in told)]


def apply(table: Table, command: Command) -> list[TableEvent]:
    return [folded.event for folded in table.apply(command, 0.0)]


def test_host_may_sit_a_player_out() -> None:
    table, _ = hosted_by_ann()
    assert apply(table, SitPlayerOut("ann", "bob")) == [SatOut(1, "sat out by the host")]
    assert table.seats[1].sitting_out
    apply(table, SitIn("bob"))
    assert not table.seats[1].sitting_out


def test_a_player_sat_out_during_a_hand_plays_it_and_misses_the_next() -> None:
    table, _ = hosted_by_ann()
    apply(table, SitDown(2, "cat", "Cat", 1000))
    apply(table, StartHand(random.Random(1)))
    apply(table, SitPlayerOut("ann", "cat"))
    assert table.started is not None and 2 in table.started.seats
    while table.hand is not None:
        to_act = table.started.seats[table.hand.to_act or 0]
        apply(table, Act(table.seats[to_act].player_id, "fold"))
    apply(table, StartHand(random.Random(2)))
    assert table.started is not None and 2 not in table.started.seats


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (SitPlayerOut("bob", "ann"), "only the host can sit a player out"),
        (SitPlayerOut("ann", "zed"), "that player is not seated at this table"),
    ],
)
def test_sitting_a_player_out_is_refused_with_the_reason(
    command: SitPlayerOut, reason: str
) -> None:
    table, _ = hosted_by_ann()
    with pytest.raises(TableError, match=reason):
        table.verify(command, 0.0)


def test_seat_waits_for_host_approval() -> None:
    table, log = hosted_by_ann(APPROVING)
    assert log[-1] == SeatRequested(1, "bob", "Bob", 1000)
    assert 1 not in table.seats and "bob" in table.seat_requests
    with pytest.raises(TableError, match="you have already asked for seat 2: wait for the host"):
        table.verify(SitDown(2, "bob", "Bob", 1000), 0.0)
    with pytest.raises(TableError, match="only the host can approve a seat"):
        table.verify(ApproveSeat("bob", "bob"), 0.0)
    assert apply(table, ApproveSeat("ann", "bob")) == [PlayerSeated(1, "bob", "Bob", 1000)]
    assert table.seats[1].player_id == "bob" and not table.seat_requests


def test_a_declined_seat_request_seats_nobody() -> None:
    table, _ = hosted_by_ann(APPROVING)
    assert apply(table, DeclineSeat("ann", "bob")) == [SeatDeclined("bob")]
    assert 1 not in table.seats and not table.seat_requests
    with pytest.raises(TableError, match="that player has not asked for a seat"):
        table.verify(ApproveSeat("ann", "bob"), 0.0)


def test_approval_checks_the_seat_and_buy_in_again() -> None:
    table, _ = hosted_by_ann(APPROVING)
    apply(table, SitDown(2, "cat", "Cat", 1000))
    apply(table, ChangeSettings("ann", TableSettings(debt_cap=None, max_buy_in=500)))
    with pytest.raises(TableError, match="buy-in must be between 400 and 500"):
        table.verify(ApproveSeat("ann", "bob"), 0.0)
    apply(table, ChangeSettings("ann", APPROVING))
    apply(table, AddBot("ann", 1, "easy", 1000))
    with pytest.raises(TableError, match="seat 2 is taken"):
        table.verify(ApproveSeat("ann", "bob"), 0.0)


def test_the_host_sits_down_without_approval() -> None:
    table = Table.open(APPROVING, host="ann")
    apply(table, SitDown(0, "ann", "Ann", 1000))
    assert table.seats[0].player_id == "ann"


def test_only_host_adds_bots() -> None:
    table, _ = hosted_by_ann()
    with pytest.raises(TableError, match="only the host can add a bot"):
        table.verify(AddBot("bob", 2, "hard"), 0.0)
    with pytest.raises(TableError, match="'genius' is not a bot level"):
        table.verify(AddBot("ann", 2, "genius"), 0.0)
    with pytest.raises(TableError, match="seat 2 is taken"):
        table.verify(AddBot("ann", 1, "hard"), 0.0)
    (seated,) = apply(table, AddBot("ann", 2, "hard"))
    assert isinstance(seated, PlayerSeated) and seated.bot_level == "hard"
    assert table.seats[2].bot == "hard"
    assert table.account(seated.player_id).at_table == seated.buy_in == 2000


def test_removing_a_bot_cashes_it_out() -> None:
    table, _ = hosted_by_ann()
    apply(table, AddBot("ann", 2, "easy", 1500))
    bot = table.seats[2].player_id
    with pytest.raises(TableError, match="only the host can remove a bot"):
        table.verify(RemoveBot("bob", 2), 0.0)
    with pytest.raises(TableError, match="there is no bot at seat 2"):
        table.verify(RemoveBot("ann", 1), 0.0)
    assert apply(table, RemoveBot("ann", 2)) == [PlayerLeft(2, bot, 1500)]
    assert 2 not in table.seats
    assert table.account(bot).at_table == 0 and table.account(bot).net == 0


def test_a_bot_in_the_hand_is_removed_when_it_is_over() -> None:
    table, _ = hosted_by_ann()
    apply(table, AddBot("ann", 2, "medium"))
    apply(table, StartHand(random.Random(3)))
    with pytest.raises(TableError, match="Medium bot 3 is in the hand: remove the bot when it"):
        table.verify(RemoveBot("ann", 2), 0.0)


def test_rebuilding_from_events_keeps_bots_requests_and_sitting_out() -> None:
    table, log = hosted_by_ann(APPROVING)
    log += apply(table, SitDown(2, "cat", "Cat", 1000))
    log += apply(table, DeclineSeat("ann", "cat"))
    log += apply(table, AddBot("ann", 3, "hard"))
    log += apply(table, SitPlayerOut("ann", "ann"))
    stored = [json.loads(json.dumps(event.to_dict())) for event in log]
    rebuilt = Table.from_events(table_event_from_dict(data) for data in stored)
    assert rebuilt.seats == table.seats
    assert rebuilt.seat_requests == table.seat_requests == {"bob": log[2]}
    assert rebuilt.seats[3].bot == "hard" and rebuilt.seats[0].sitting_out


def test_a_seat_event_stored_before_bots_existed_is_a_person() -> None:
    old = {"type": "PlayerSeated", "seat": 0, "player_id": "ann", "name": "Ann", "buy_in": 500}
    assert table_event_from_dict(old) == PlayerSeated(0, "ann", "Ann", 500, bot_level=None)


def test_the_host_sits_a_bot_back_in() -> None:
    table, _ = hosted_by_ann()
    apply(table, AddBot("ann", 2, "easy"))
    bot = table.seats[2].player_id
    apply(table, SitPlayerOut("ann", bot))
    with pytest.raises(TableError, match="only the host can sit a bot in"):
        table.verify(SitBotIn("bob", 2), 0.0)
    assert apply(table, SitBotIn("ann", 2)) == [SatIn(2)]
    assert not table.seats[2].sitting_out
    with pytest.raises(TableError, match="Easy bot 3 is not sitting out"):
        table.verify(SitBotIn("ann", 2), 0.0)


def test_only_a_bot_is_sat_in_by_the_host() -> None:
    table, _ = hosted_by_ann()
    apply(table, SitPlayerOut("ann", "bob"))
    with pytest.raises(TableError, match="there is no bot at seat 2"):
        table.verify(SitBotIn("ann", 1), 0.0)


REBUYS_APPROVED = TableSettings(debt_cap=None, approve_rebuys=True)


def test_a_rebuy_waits_for_the_host_who_adds_it_with_one_tap() -> None:
    table, log = hosted_by_ann(REBUYS_APPROVED)
    assert apply(table, AddChips("bob", 500)) == [RebuyRequested(1, "bob", 500)]
    assert table.seats[1].stack == 1000 and "bob" in table.rebuy_requests
    with pytest.raises(TableError, match="you have already asked to add chips: wait for the host"):
        table.verify(AddChips("bob", 100), 0.0)
    with pytest.raises(TableError, match="only the host can approve a rebuy"):
        table.verify(ApproveRebuy("bob", "bob"), 0.0)
    assert apply(table, ApproveRebuy("ann", "bob")) == [ChipsAdded(1, 500)]
    assert table.seats[1].stack == 1500 and not table.rebuy_requests
    assert apply(table, AddChips("ann", 200)) == [ChipsAdded(0, 200)]  # the host's own: at once
    events = [*log, *(folded.event for folded in table.apply(AddChips("bob", 100), 0.0))]
    rebuilt = Table.from_events(table_event_from_dict(json.loads(json.dumps(e.to_dict())))
                                for e in events)  # fmt: skip
    assert rebuilt.rebuy_requests == table.rebuy_requests == {"bob": RebuyRequested(1, "bob", 100)}


def test_a_rebuy_during_a_hand_is_queued_once_approved_and_a_declined_one_adds_nothing() -> None:
    table, _ = hosted_by_ann(REBUYS_APPROVED)
    apply(table, StartHand(random.Random(4)))
    apply(table, AddChips("bob", 300))
    assert apply(table, ApproveRebuy("ann", "bob")) == [ChipsQueued(1, 300)]
    apply(table, AddChips("bob", 200))
    assert apply(table, DeclineRebuy("ann", "bob")) == [RebuyDeclined("bob")]
    assert table.seats[1].queued == 300 and not table.rebuy_requests
    with pytest.raises(TableError, match="that player has not asked to add chips"):
        table.verify(ApproveRebuy("ann", "bob"), 0.0)


def test_approving_a_rebuy_checks_the_limits_again() -> None:
    table, _ = hosted_by_ann(REBUYS_APPROVED)
    apply(table, AddChips("bob", 2_000))
    apply(table, ChangeSettings("ann", replace(REBUYS_APPROVED, max_stack=2_500)))
    with pytest.raises(TableError, match="the stack may not go above 2,500"):
        table.verify(ApproveRebuy("ann", "bob"), 0.0)
