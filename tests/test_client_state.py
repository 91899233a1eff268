"""``TableState``: a client's picture of a table, folded from the versions it is sent."""

from __future__ import annotations

from typing import Any

from pokernight.client import TableState

Json = dict[str, Any]


def seat(number: int, player_id: str, bot_level: str | None = None) -> Json:
    """A seat as the server sends it in ``seated``."""
    return {
        "seat": number, "player_id": player_id, "name": player_id.title(), "stack": 1_000,
        "sitting_out": False, "waiting": False, "posting": False, "can_post_big_blind": False,
        "missed_hand": False, "queued": 0, "bot": bot_level,
    }  # fmt: skip


def seated(
    v: int,
    number: int,
    player_id: str,
    bot_level: str | None = None,
    *,
    before: tuple[Json, ...] = (),
) -> Json:
    """A PlayerSeated version as the server sends it: with every seat after it (``before``:
    the seats taken already)."""
    return {
        "v": v,
        "type": "PlayerSeated",
        "seat": number,
        "player_id": player_id,
        "name": player_id.title(),
        "buy_in": 1_000,
        "bot_level": bot_level,
        "seated": [*before, seat(number, player_id, bot_level)],
    }


def test_a_version_after_a_gap_is_not_folded_and_the_version_stays_put() -> None:
    state = TableState()
    state.apply(seated(1, 0, "ann"))
    state.apply(seated(3, 1, "bob", before=(seat(0, "ann"),)))
    assert state.gaps == 1
    assert state.version == 1  # resuming from here asks for version 2 again
    assert set(state.seats) == {0}


def test_a_version_already_folded_is_ignored_not_counted_as_a_gap() -> None:
    state = TableState()
    state.apply(seated(1, 0, "ann"))
    state.apply(seated(1, 0, "ann"))
    assert (state.version, state.gaps) == (1, 0)


def test_resuming_after_a_gap_folds_the_missed_versions_in_order() -> None:
    state = TableState()
    ann, bob = seat(0, "ann"), seat(1, "bob")
    state.apply(seated(1, 0, "ann"))
    state.apply(seated(3, 2, "cat", before=(ann, bob)))
    state.gaps = 0  # the client resumes from ``version``
    state.apply(seated(2, 1, "bob", before=(ann,)))
    state.apply(seated(3, 2, "cat", before=(ann, bob)))
    assert state.version == 3
    assert sorted(state.seats) == [0, 1, 2]


def test_a_bot_seated_by_an_event_keeps_its_level() -> None:
    state = TableState()
    state.apply(seated(1, 4, "bot-1", bot_level="hard"))
    state.apply(seated(2, 5, "ann", before=(seat(4, "bot-1", "hard"),)))
    assert state.seats[4]["bot"] == "hard"
    assert state.seats[5]["bot"] is None


def test_seat_requests_are_kept_until_seated_or_declined() -> None:
    state = TableState()
    request = {"type": "SeatRequested", "seat": 1, "name": "Bob", "buy_in": 500}
    state.apply({"v": 1, **request, "player_id": "bob"})
    state.apply({"v": 2, **request, "seat": 2, "player_id": "cat"})
    assert set(state.seat_requests) == {"bob", "cat"}
    assert state.seat_requests["bob"]["seat"] == 1
    state.apply({"v": 3, "type": "SeatDeclined", "player_id": "cat"})
    state.apply(seated(4, 1, "bob"))
    assert state.seat_requests == {}
    assert state.seats[1]["player_id"] == "bob"


def test_a_snapshot_brings_the_seat_requests() -> None:
    state = TableState()
    table = {
        "upcoming_settings": {},
        "host": "ann",
        "seats": [],
        "seat_requests": [{"seat": 3, "player_id": "dan", "name": "Dan", "buy_in": 400}],
    }
    state.apply({"v": 9, "type": "snapshot", "table": table, "hand": None})
    assert state.version == 9
    assert state.seat_requests["dan"]["buy_in"] == 400


def _waiting_on(state: TableState, seat: int) -> None:
    state.hand = {"status": {"to_act": seat, "deadline": 190.0, "away_deadline": 130.0}}


def test_the_clock_deadline_skips_the_time_bank_of_a_person_with_no_page_open() -> None:
    state = TableState()
    state.apply(seated(1, 0, "ann"))
    state.apply(seated(2, 1, "bot", bot_level="easy", before=(seat(0, "ann"),)))
    _waiting_on(state, 0)
    assert state.clock_deadline == 190.0, "presence not known yet"
    state.connected = frozenset({"ann"})
    assert state.clock_deadline == 190.0
    state.connected = frozenset()
    assert state.clock_deadline == 130.0
    _waiting_on(state, 1)
    assert state.clock_deadline == 190.0, "a bot keeps its time bank"
    state.hand = None
    assert state.clock_deadline is None
