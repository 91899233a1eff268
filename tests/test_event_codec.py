"""The one codec of the core's events (``rules/codec.py``, decision 59): one registry,
names read within a family, every value's type checked on the way in."""

from __future__ import annotations

import pytest

from pokernight.rules import HandStarted, PotAwarded, Stakes, event_from_dict
from pokernight.rules.codec import EVENTS, Family
from pokernight.table import HandFinished, SatOut, table_event_from_dict
from pokernight.tournament import events as tournament_events
from pokernight.tournament import tournament_event_from_dict


def test_one_registry_holds_every_family_and_reads_a_name_within_its_family() -> None:
    assert EVENTS.kinds(Family.HAND)["HandStarted"] is HandStarted
    assert EVENTS.kinds(Family.TOURNAMENT)["HandStarted"] is tournament_events.HandStarted
    assert "HandStarted" not in EVENTS.kinds(Family.TABLE), "an old name, not a kind"
    started = tournament_events.HandStarted(2, 30.0)
    assert tournament_event_from_dict(started.to_dict()) == started
    with pytest.raises(ValueError, match="'HandFinished' is not a hand event"):
        event_from_dict(HandFinished(1, (100,)).to_dict())


def test_a_renamed_table_event_reads_under_its_old_name() -> None:
    data = {"type": "HandStarted"} | {
        key: value for key, value in _dealt().items() if key != "type"
    }
    assert type(table_event_from_dict(data)).__name__ == "HandDealt"


def test_every_family_checks_the_types_it_reads() -> None:
    with pytest.raises(ValueError, match="SatOut"):
        table_event_from_dict({"type": "SatOut", "seat": "two", "reason": "away"})
    assert table_event_from_dict(SatOut(2, "away").to_dict()) == SatOut(2, "away")
    with pytest.raises(ValueError, match="HandStarted"):
        event_from_dict(
            {"type": "HandStarted", "variant": "nlhe", "betting": "no-limit", "button": 0,
             "stakes": {"small_blind": 5, "big_blind": -10}, "stacks": [100, 100]}
        )  # fmt: skip


def test_options_left_out_while_unset_as_before() -> None:
    scoop = PotAwarded(0, 100, ((1, 100),), high=((1, 100),))
    data = scoop.to_dict()
    assert data["low"] == [] and "board" not in data, "a high without a low keeps the low"
    plain = PotAwarded(0, 100, ((1, 100),)).to_dict()
    assert "high" not in plain and "low" not in plain
    started = HandStarted("nlhe", "no-limit", Stakes(small_blind=5, big_blind=10), (100,), 0)
    assert "bomb_pot" not in started.to_dict() and event_from_dict(started.to_dict()) == started


def _dealt() -> dict[str, object]:
    from tests.table_helpers import seated

    table = seated({0: 1000, 2: 800}, deal=1)
    assert table.started is not None
    return table.started.to_dict()
