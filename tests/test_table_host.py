"""The host: handing the table on, and a table that nobody hosts yet."""

from __future__ import annotations

import json

import pytest

from pokernight.table import (
    ChangeSettings,
    HostChanged,
    SitDown,
    Table,
    TableError,
    TableOpened,
    TableSettings,
    TransferHost,
    table_event_from_dict,
)

SETTINGS = TableSettings(debt_cap=None)


def hosted_by_ann() -> Table:
    table = Table.open(SETTINGS, host="ann")
    table.apply(SitDown(0, "ann", "Ann", 1000), 0.0)
    table.apply(SitDown(1, "bob", "Bob", 1000), 0.0)
    return table


def test_the_host_hands_the_table_to_a_seated_player() -> None:
    table = hosted_by_ann()
    done = table.apply(TransferHost("ann", "bob"), 0.0)
    assert [folded.event for folded in done] == [HostChanged("bob")]
    assert table.host == "bob"
    with pytest.raises(TableError, match="only the host can change settings"):
        table.verify(ChangeSettings("ann", SETTINGS), 0.0)


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (TransferHost("bob", "bob"), "only the host can hand the table to a new host"),
        (TransferHost("ann", "ann"), "ann is already the host"),
        (TransferHost("ann", "zed"), "zed is not seated: only a seated player can host"),
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
    assert HostChanged("cat") in [folded.event for folded in done]
    assert table.host == "cat"


def test_an_opening_without_a_host_survives_the_store() -> None:
    opened = TableOpened(SETTINGS, None)
    assert table_event_from_dict(json.loads(json.dumps(opened.to_dict()))) == opened
