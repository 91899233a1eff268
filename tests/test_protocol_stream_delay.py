"""The stream delay over WebSockets (issue 37, item 4; decision 68): the spectators and the
stream view (which connects as a spectator: ``web/js/stream.js``) see each action only
after the host's delay, the players at once, and no delayed page a hidden card."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest

from pokernight.client import ClientError, TableClient, request_json
from pokernight.table import TableError, TableSettings
from tests.server_helpers import (
    FAST,
    HOLDEM,
    assert_no_hidden_card_leaked,
    bet_then_call,
    close_all,
    open_table,
    passive,
    play_until_hand_over,
    scenario,
    seat_and_start,
    serving,
    settle,
    whose_turn,
)


async def _heard_everything_sent(players: list[TableClient], watchers: list[TableClient]) -> None:
    """Waits until ``watchers`` have received all they were sent so far: a chat line goes to
    every page at once, after anything sent before it."""
    text = f"ping {time.monotonic()}"
    await players[0].chat(text)
    for watcher in watchers:
        await watcher.wait_for(lambda m: m.get("type") == "chat" and m.get("text") == text)


@scenario
async def test_the_stream_and_a_spectator_see_an_action_only_after_the_delay(
    tmp_path: Path,
) -> None:
    # A short ring: the page arriving late is sent a snapshot, not the versions it missed.
    async with serving(tmp_path, replace(FAST, ring_size=2)) as url:
        code, players = await open_table(url, {**HOLDEM, "stream_delay_seconds": 1}, players=2)
        spectator, stream = TableClient(url, code), TableClient(url, code)
        await spectator.watch()
        await stream.watch()
        watchers = [spectator, stream]
        await seat_and_start(players, buy_in=500)
        actor = await whose_turn(players)
        acted_at = time.monotonic()
        acted = (await actor.act("call"))["v"]
        await settle(players, acted)  # the players: at once
        await _heard_everything_sent(players, watchers)
        assert all(watcher.state.version < acted for watcher in watchers)
        # A page that arrives meanwhile is shown the table as the spectators saw it.
        late = TableClient(url, code)
        await late.watch()
        watchers.append(late)
        await _heard_everything_sent(players, [late])
        assert late.frames[1]["type"] == "snapshot"
        assert late.state.version < acted
        await settle(watchers, acted)
        waited = time.monotonic() - acted_at
        await play_until_hand_over(players, 1, passive)
        await players[0].pause()
        await settle(watchers, players[0].state.version)
        await close_all([*players, *watchers])
    assert waited >= 0.9, f"the spectators saw the call {waited:.2f} s after it"
    for watcher in watchers:
        assert assert_no_hidden_card_leaked(watcher) == 0
        assert watcher.state.last_hand is not None  # the showdown, once it was public
    assert all(assert_no_hidden_card_leaked(player) >= 2 for player in players)


@scenario
async def test_a_delay_in_actions_holds_the_spectators_that_many_actions_behind(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        code, players = await open_table(url, {**HOLDEM, "stream_delay_actions": 2}, players=3)
        stream = TableClient(url, code)
        await stream.watch()
        await seat_and_start(players, buy_in=500)
        done: list[int] = []  # the version each action ended at
        for _ in range(3):  # preflop: three calls and checks
            actor = await whose_turn(players)
            await passive(actor)
            done.append(actor.state.version)
            await settle(players, done[-1])
            await _heard_everything_sent(players, [stream])
            behind = done[-3] if len(done) >= 3 else None
            if behind is None:
                assert stream.state.version < done[0]
            else:
                assert stream.state.version == behind
        await play_until_hand_over(players, 1, passive)
        # The hand is over: what it held is no use to anybody, and the stream catches up.
        finished = next(f["v"] for f in players[0].frames if f.get("type") == "HandFinished")
        await settle([stream], finished)
        await close_all([*players, stream])
    assert assert_no_hidden_card_leaked(stream) == 0


@scenario
async def test_the_host_turning_the_delay_off_lets_the_spectators_catch_up(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        code, players = await open_table(url, {**HOLDEM, "stream_delay_actions": 50}, players=2)
        stream = TableClient(url, code)
        await stream.watch()
        await seat_and_start(players, buy_in=500)
        actor = await whose_turn(players)
        acted = (await actor.act("call"))["v"]
        await _heard_everything_sent(players, [stream])
        assert stream.state.version < acted
        await players[0].change_settings({"stream_delay_actions": 0})
        await settle([stream], players[0].state.version)
        await close_all([*players, stream])
    assert assert_no_hidden_card_leaked(stream) == 0


@scenario
async def test_a_finished_hand_is_not_listed_for_spectators_before_the_delay(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        code, players = await open_table(url, {**HOLDEM, "stream_delay_seconds": 600}, players=2)
        stream = TableClient(url, code)
        await stream.watch()
        await seat_and_start(players, buy_in=500)
        await play_until_hand_over(players, 1, bet_then_call)
        await players[0].pause()
        finished = next(f["v"] for f in players[0].frames if f.get("type") == "HandFinished")
        await _heard_everything_sent(players, [stream])
        hands = f"/api/tables/{code}/hands"
        listed = await request_json(url, "GET", hands)
        mine = await request_json(url, "GET", hands, token=players[1].token)
        replayed = await request_json(url, "GET", f"{hands}/1/replay", token=players[1].token)
        with pytest.raises(ClientError, match="no finished hand #1"):
            await request_json(url, "GET", f"{hands}/1/replay")
        await close_all([*players, stream])
    assert stream.state.version < finished
    assert stream.state.last_hand is None
    assert listed == {"hands": []}
    assert [hand["hand_number"] for hand in mine["hands"]] == [1]
    assert replayed["hand_number"] == 1
    assert assert_no_hidden_card_leaked(stream) == 0


def test_the_stream_delay_is_validated() -> None:
    assert TableSettings(stream_delay_seconds=30).validated().stream_delayed
    assert not TableSettings().stream_delayed
    assert "stream_delay_seconds" not in TableSettings().to_dict()  # old tables read the same
    for seconds, actions, words in [
        (601, 0, "0 to 600 seconds"),
        (0, -1, "0 to 50 actions"),
        (5, 2, "not both"),
    ]:
        wrong = TableSettings(stream_delay_seconds=seconds, stream_delay_actions=actions)
        with pytest.raises(TableError, match=words):
            wrong.validated()


@scenario
async def test_a_restarted_room_keeps_the_spectators_behind(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        code, players = await open_table(url, {**HOLDEM, "stream_delay_seconds": 600}, players=2)
        await seat_and_start(players, buy_in=500)
        actor = await whose_turn(players)
        acted = (await actor.act("call"))["v"]
        dealt = next(f["v"] for f in players[0].frames if f.get("type") == "HandDealt")
        await close_all(players)
    async with serving(tmp_path) as url:  # the same room, started again
        stream = TableClient(url, code)
        await stream.watch()
        await stream.wait_for(lambda m: m.get("type") == "room")
        await close_all([stream])
    assert stream.state.version < acted, "the call was no older than the delay"
    assert stream.state.version < dealt
    assert assert_no_hidden_card_leaked(stream) == 0
