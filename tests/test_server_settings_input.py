"""Table settings from a browser's JSON: keys left out take the game's defaults."""

from __future__ import annotations

import pytest

from pokernight.server.tables.settings_input import settings_from_json
from pokernight.table import TableError


@pytest.mark.parametrize(
    ("given", "cap"),
    [
        ({}, 10_000),  # blinds 10/20: five buy-ins of 2,000
        ({"stakes": {"small_blind": 50, "big_blind": 100}}, 50_000),
        ({"variant": "stud"}, 10_000),  # small bet 20: 100 units is 2,000
        ({"max_buy_in": 1_000}, 5_000),
        ({"debt_cap": None}, None),
        ({"debt_cap": 3_000}, 3_000),
    ],
)
def test_a_debt_cap_left_out_is_five_largest_buy_ins_at_the_stakes_given(
    given: dict[str, object], cap: int | None
) -> None:
    assert settings_from_json(given).debt_limit == cap


def test_a_cap_left_to_the_default_follows_the_stakes_when_the_host_changes_them() -> None:
    """The default is kept as a default: the host's form sends the settings back as shown,
    and raising the blinds raises the cap with them."""
    shown = settings_from_json({}).to_dict()
    raised = settings_from_json({**shown, "stakes": {"small_blind": 250, "big_blind": 500}})
    assert raised.debt_limit == 5 * 100 * 500


def test_a_negative_debt_cap_is_refused() -> None:
    with pytest.raises(TableError, match="debt_cap"):
        settings_from_json({"debt_cap": -5})


def test_a_change_keeps_the_tables_values_for_the_keys_it_leaves_out() -> None:
    """A host's change is read against the table's settings, a new table's against the
    game's defaults; the old ``voluntary_straddle`` still says what it said."""
    table = settings_from_json({"approve_seats": True, "seats": 9, "action_seconds": 45})
    changed = settings_from_json({"bot_delay_seconds": 0, "voluntary_straddle": True}, table)
    assert changed.to_dict() == {
        **table.to_dict(),
        "bot_delay_seconds": 0,
        "straddles": "under_the_gun",
    }
    assert settings_from_json({"bot_delay_seconds": 0}).approve_seats is False
