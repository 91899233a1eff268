"""The one per-recipient view: full event, public part, or a bare version."""

from __future__ import annotations

import json
import random

from pokernight.server.tables.versions import TableVersions
from pokernight.server.tables.wire import Version, WireEvent, for_recipient
from pokernight.table import Act, SitDown, StartHand, Table, TableSettings


def _dealt(
    settings: TableSettings, players: str, stack: int = 1_000, now: float = 0.0
) -> tuple[Table, TableVersions, list[Version]]:
    """A table of ``players`` (their ids, one seat each) and the versions of its first deal."""
    table = Table.open(settings, players[0])
    history = TableVersions(table)
    for seat, player in enumerate(players):
        for folded in table.apply(SitDown(seat, player, player.upper(), stack), now):
            history.record(folded)
    dealt = [history.record(each) for each in table.apply(StartHand(random.Random(3)), now)]
    return table, history, dealt


def test_a_recipient_gets_its_private_part_others_the_public_part_or_a_bare_version() -> None:
    event = WireEvent(7, {"type": "X", "hand": ["public"]}, {"p1": {"hand": ["mine"]}})
    hidden = WireEvent(8, None, {"p1": {"note": "only p1"}})
    assert for_recipient(event, "p1") == {"type": "X", "hand": ["mine"], "v": 7}
    assert for_recipient(event, "p2") == {"type": "X", "hand": ["public"], "v": 7}
    assert for_recipient(event, None) == {"type": "X", "hand": ["public"], "v": 7}
    assert for_recipient(hidden, "p2") == {"v": 8}
    assert for_recipient(hidden, "p1") == {"note": "only p1", "v": 8}


def test_hand_started_is_sent_without_its_deck_and_hole_cards_only_to_their_owner() -> None:
    table, _, versions = _dealt(TableSettings(), "abc")
    started, hand = versions[0], table.started
    assert hand is not None
    assert "deck" not in json.loads(started.public_text)
    assert set(started.private_texts) == {"a", "b", "c"}
    for player in "abc":
        seen = json.loads(started.text_for(player))["hand"]
        dealt = [event for event in seen if event["type"] == "CardsDealt"]
        own = [event for event in dealt if event["cards"]]
        assert len(own) == 1
        assert table.seats[hand.seats[own[0]["seat"]]].player_id == player
    spectator = json.loads(started.text_for(None))["hand"]
    assert all(not event["cards"] for event in spectator if event["type"] == "CardsDealt")


def test_each_view_of_a_version_is_encoded_once_and_shared_by_its_recipients() -> None:
    event = WireEvent(7, {"type": "X", "hand": ["public"]}, {"p1": {"hand": ["mine"]}})
    version = Version.of(event)
    public = version.text_for("p2")
    assert version.text_for("p3") is public and version.text_for(None) is public
    assert json.loads(public) == for_recipient(event, "p2")
    assert json.loads(version.text_for("p1")) == for_recipient(event, "p1")


def test_the_status_gives_the_deadlines_the_clock_may_act_at() -> None:
    settings = TableSettings(action_seconds=20.0, time_bank_seconds=45.0)
    _, _, versions = _dealt(settings, "ab", now=100.0)
    status = json.loads(versions[-1].public_text)["status"]
    assert status["deadline"] == 100.0 + 20.0 + 45.0, "a player with a page open: the time bank"
    assert status["action_deadline"] == 100.0 + 20.0, "where the action clock gives way to it"
    assert status["away_deadline"] == 100.0 + 15.0, "a player without: the away clock (seed 003)"


def test_the_status_says_the_pot_and_the_sizing_amounts_the_buttons_show() -> None:
    """Blinds 10/20 before the flop, three players: the pot is 30 (the blinds, not twice),
    and the first to act may raise to min 40, half pot 45, three quarters 57, pot 70."""
    _, _, versions = _dealt(TableSettings(), "abc")
    status = json.loads(versions[-1].public_text)["status"]
    legal = status["legal"]
    assert status["pot"] == 30 and sum(status["bets"]) == 30 and status["pots"] == [30]
    assert (legal["call_to"], legal["raise_says"], legal["max_is_all_in"]) == (20, "raise", True)
    presets = {preset["key"]: preset["to"] for preset in legal["presets"]}
    assert presets == {"min": 40, "half": 45, "three_quarters": 57, "pot": 70, "max": 1_000}


def test_a_move_that_puts_its_player_all_in_says_so_in_its_hand_event() -> None:
    """The move's hand event says what it was and that it was all-in; the move itself
    does not say it twice."""
    table, history, _ = _dealt(TableSettings(debt_cap=None), "ab", stack=500)
    assert table.hand is not None and table.started is not None
    legal = table.hand.legal_actions()
    assert legal is not None and legal.max_raise_to is not None
    player = table.seats[table.started.seats[legal.seat]].player_id
    shove = [history.record(each) for each in table.apply(
        Act(player, "bet_or_raise", legal.max_raise_to), 0.0)]  # fmt: skip
    moved = json.loads(shove[0].public_text)
    assert moved["type"] == "PlayerActed" and "all_in" not in moved
    action = moved["hand"][0]
    assert action["type"] == "ActionTaken"
    assert (action["says"], action["all_in"]) == ("raise", True)
    assert "seated" not in moved  # a move changes no seat
