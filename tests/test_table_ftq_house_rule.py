"""The table setting ``ftq_queen_carries_over``: Follow the Queen's house rule, off by default.

Seed 000's rule is the default (a queen dealt last on a street leaves only queens wild);
the host may choose instead the reading the room played before, named after what it does:
the queen carries over, the next street's first up card follows it (docs/rules.md).
"""

from __future__ import annotations

import pytest

from pokernight.server.tables.settings_input import settings_from_json
from pokernight.table import TableError, TableSettings
from tests.table_helpers import check_down, seated, start


def test_the_house_rule_is_off_by_default_and_left_out_of_the_settings() -> None:
    settings = TableSettings.for_variant("ftq")
    assert not settings.ftq_queen_carries_over
    assert "ftq_queen_carries_over" not in settings.to_dict()


def test_the_house_rule_is_a_follow_the_queen_setting_saved_and_read_back() -> None:
    settings = TableSettings.for_variant("ftq", ftq_queen_carries_over=True)
    assert settings.to_dict()["ftq_queen_carries_over"] is True
    assert TableSettings.from_dict(settings.to_dict()) == settings
    with pytest.raises(TableError, match="Follow the Queen rule"):
        TableSettings.for_variant("stud", ftq_queen_carries_over=True)
    read = settings_from_json({"ftq_queen_carries_over": True}, settings)
    assert read.ftq_queen_carries_over


def test_each_hand_is_dealt_with_the_rule_the_table_had_when_it_was_dealt() -> None:
    table = seated(dict.fromkeys(range(3), 1000), TableSettings.for_variant("ftq"))
    dealt = start(table)
    assert not dealt.ftq_queen_carries_over
    assert "ftq_queen_carries_over" not in dealt.to_dict()
    check_down(table)
    house = seated(
        dict.fromkeys(range(3), 1000),
        TableSettings.for_variant("ftq", ftq_queen_carries_over=True),
    )
    dealt = start(house)
    assert dealt.ftq_queen_carries_over and dealt.to_dict()["ftq_queen_carries_over"] is True
    assert house.hand is not None
    assert house.hand.events[0].ftq_queen_carries_over  # type: ignore[attr-defined]


def test_in_a_dealers_choice_only_the_follow_the_queen_hands_carry_it() -> None:
    settings = TableSettings.for_variant(
        "stud", dealers_choice=("stud", "ftq"), ftq_queen_carries_over=True
    )
    table = seated(dict.fromkeys(range(3), 1000), settings)
    dealt = []
    for hand in range(2):
        event = start(table, seed=hand)
        dealt.append((event.variant, event.ftq_queen_carries_over))
        check_down(table)
    assert dealt == [("stud", False), ("ftq", True)]
