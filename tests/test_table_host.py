"""The host: handing the table on, and a table that nobody hosts yet."""

from __future__ import annotations

import json

import pytest

from pokernight.table import (
    AddBot,
    ChangeSettings,
    HostChanged,
    SitDown,
    StandUp,
    Table,
    TableError,
    TableOpened,
    TableSettings,
    TransferHost,
    table_event_from_dict,
)
from tests.table_helpers import seated

SETTINGS = TableSettings(debt_cap=None)


def hosted_by_ann() -> Table:
    return seated({0: 1000, 1: 1000}, SETTINGS, players=("ann", "bob"))


def test_the_host_hands_the_table_to_a_seated_player() -> None:
    table = hosted_by_ann()
    done = table.apply(TransferHost("ann", "bob"), 0.0)
    assert [folded.event for folded in done] == [HostChanged("bob", "handed over", "ann")]
    assert table.host == "bob"
    with pytest.raises(TableError, match="only the host can change settings"):
        table.verify(ChangeSettings("ann", SETTINGS), 0.0)


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (TransferHost("bob", "bob"), "only the host can hand the table to a new host"),
        (TransferHost("ann", "ann"), "you are already the host"),
        (TransferHost("ann", "zed"), "that player is not seated: only a seated player can host"),
    ],
)
def test_a_refused_host_transfer_says_why_and_changes_nothing(
    command: TransferHost, reason: str
) -> None:
    table = hosted_by_ann()
    assert not table.can(command, 0.0)
    with pytest.raises(TableError, match=reason):
        table.apply(command, 0.0)
    assert table.host == "ann"


def test_a_table_without_a_host_is_hosted_by_the_first_player_seated() -> None:
    table = Table.open(SETTINGS, host=None)
    assert table.host is None
    done = table.apply(SitDown(3, "cat", "Cat", 1000), 0.0)
    assert HostChanged("cat", "first seated") in [folded.event for folded in done]
    assert table.host == "cat"


def test_an_opening_without_a_host_survives_the_store() -> None:
    opened = TableOpened(SETTINGS, None)
    assert table_event_from_dict(json.loads(json.dumps(opened.to_dict()))) == opened


def test_when_the_host_leaves_the_longest_seated_person_hosts_never_a_bot() -> None:
    table = Table.open(SETTINGS, host="ann")
    table.apply(SitDown(0, "ann", "Ann", 1000), 0.0)
    table.apply(AddBot("ann", 1, "easy"), 0.0)  # seated before bob: the longest seated after ann
    table.apply(SitDown(2, "bob", "Bob", 1000), 0.0)
    done = table.apply(StandUp("ann"), 0.0)
    assert HostChanged("bob", "left", "ann") in [folded.event for folded in done]
    assert table.host == "bob"


def test_a_table_left_to_bots_has_no_host_until_a_person_sits() -> None:
    table = Table.open(SETTINGS, host="ann")
    table.apply(SitDown(0, "ann", "Ann", 1000), 0.0)
    table.apply(AddBot("ann", 1, "hard"), 0.0)
    table.apply(StandUp("ann"), 0.0)
    assert table.host is None
    table.apply(SitDown(2, "cat", "Cat", 1000), 0.0)
    assert table.host == "cat"


def test_the_host_cannot_hand_the_table_to_a_bot() -> None:
    table = hosted_by_ann()
    table.apply(AddBot("ann", 4, "medium"), 0.0)
    bot = table.seats[4].player_id
    with pytest.raises(TableError, match="Medium bot 5 is a bot: only a person can host"):
        table.apply(TransferHost("ann", bot), 0.0)
    assert table.host == "ann"
