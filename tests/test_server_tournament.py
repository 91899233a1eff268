"""The server's tournaments (decision 36): a director over table actors, its log, restarts."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

import pytest
from starlette.applications import Starlette
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from pokernight.client.http import ClientError, request_json
from pokernight.server.tournaments.tournament_director import TableNote, TournamentDirector
from pokernight.store import StoredEvent
from pokernight.tournament import (
    Break,
    Status,
    Structure,
    Tournament,
    TournamentEvent,
    from_template,
)
from pokernight.tournament import tournament_event_from_dict as event_of
from pokernight.tournament.events import (
    FinalTableDrawn,
    HandPlayed,
    HandStarted,
    LevelStarted,
    PlayerMoved,
    PrizeAwarded,
)
from pokernight.tournament.structure import ladder_levels
from pokernight.tournament.tables import DIRECTOR
from tests.server_helpers import FAST, scenario, serving, serving_app

# Six bots at two tables of three, stacks of ten big blinds: at 25/50 a few dozen hands,
# or, as the cards fall, more than a hundred.
SIX_BOTS = from_template(
    "quick", entries=6, seats=3, starting_stack=500, bot_delay_seconds=0.0, action_seconds=5.0
)
# The same with levels of six seconds: the blinds climb on the clock, so however the cards
# fall a game to its end lasts seconds, not the minutes a long one at 25/50 can take.
CLIMBING = replace(SIX_BOTS, levels=ladder_levels(0.1), breaks=())
PATIENCE = 0.02
Json = dict[str, Any]


async def until(check: object, what: str) -> None:
    """Wait (within the scenario's limit) until ``check()`` is true."""
    while not check():  # type: ignore[operator]
        await asyncio.sleep(PATIENCE)


async def bots_tournament(app: Starlette, structure: Structure, seed: int) -> TournamentDirector:
    director: TournamentDirector
    director, _ = await app.state.lobby.create_tournament(structure, Random(seed))
    for number in range(structure.entries):
        await director.register(f"Bot {number + 1}", "easy", by=DIRECTOR)
    return director


async def stored_events(app: Starlette, director: TournamentDirector) -> list[TournamentEvent]:
    rows = await app.state.lobby.store.tournaments.tournament_events(director.id)
    return [event_of(row.data) for row in rows]


@scenario
async def test_a_sit_and_go_of_bots_plays_to_its_end_at_two_table_actors(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    async with serving_app(tmp_path) as (_, app):
        director = await bots_tournament(app, CLIMBING, 1)
        assert len(director.codes()) == 2  # full: it started, at two tables of three
        await until(lambda: director.tournament.status is Status.FINISHED, "the end")
        events = await stored_events(app, director)
        table_ids = await app.state.lobby.store.tournaments.tournament_tables(director.id)
        actors = [a for a in app.state.lobby.actors.values() if a.record.id in table_ids.values()]
        await until(lambda: all(actor.table.closed for actor in actors), "every table closed")
        tables = [actor.table for actor in actors]
        # Not the club's nights: a tournament's chips are not money.
        assert all(actor.record.club_id is None for actor in actors)
    tournament = director.tournament
    # Saved, then applied: the log folds back to the very tournament the director holds.
    folded = Tournament.from_events(events)
    assert folded.status is Status.FINISHED
    assert {p: e.place for p, e in folded.players.items()} == {
        p: e.place for p, e in tournament.players.items()
    }
    paid = [event for event in events if isinstance(event, PrizeAwarded)]
    assert sum(event.amount for event in paid) == tournament.pool == 6 * SIX_BOTS.buy_in
    assert all(entrant.is_out for entrant in tournament.players.values())  # everybody placed
    winner = next(e for e in tournament.players.values() if e.place == 1)
    # With three left the last table was formed (a table broken into the other, or the
    # final table drawn at a new one): players were moved, and the winner took every chip
    # there (cashed out when it closed; a move cashes a player out of the table they leave).
    assert any(isinstance(event, PlayerMoved | FinalTableDrawn) for event in events)
    cashed = [table.ledger.accounts.get(winner.player_id) for table in tables]
    won = [account.cashed_out for account in cashed if account is not None and account.cashed_out]
    assert max(won) == 6 * SIX_BOTS.starting_stack
    # Every table did what the director told it, and the tournament took every report.
    assert [r.message for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")] == []


async def hello(url: str, path: str, token: str | None) -> tuple[ClientConnection, Json]:
    """A socket at ``path`` after its hello (with ``token``): it and its first message."""
    socket = await connect(url.replace("http", "ws", 1) + path)
    await socket.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
    return socket, json.loads(await socket.recv())


@scenario
async def test_bad_input_is_refused_with_a_reason_and_creates_nothing(tmp_path: Path) -> None:
    async with serving_app(tmp_path) as (url, app):
        for body, reason in [
            ({"structure": "slow"}, "Invalid enum value 'slow'"),
            ({"entries": 4, "payouts": ["60", "30"]}, "add up to 90%, not 100%"),
            ({"entries": 4, "payouts": ["sixty"]}, "percentages"),
            ({"game": "snap"}, "snap"),
            ({"seats": 1}, "seat"),
        ]:
            with pytest.raises(ClientError, match=reason):
                await request_json(url, "POST", "/api/tournaments", body)
        assert app.state.lobby.tournaments == {}
        created = await request_json(url, "POST", "/api/tournaments", {"entries": 3})
        path = f"/api/tournaments/{created['id']}/entrants"
        with pytest.raises(ClientError, match="bot"):
            await request_json(url, "POST", path, {"name": "Ann", "bot": "genius"})
        with pytest.raises(ClientError, match="no tournament 99"):
            await request_json(url, "POST", "/api/tournaments/99/entrants", {"name": "Ann"})
        assert app.state.lobby.tournament(created["id"]).tournament.entries == 0


@scenario
async def test_an_entrants_token_opens_their_table_and_the_socket_says_where_they_sit(
    tmp_path: Path,
) -> None:
    async with serving(tmp_path) as url:
        body = {"entries": 6, "seats": 3, "structure": "quick", "bot_delay_seconds": 0}
        created = await request_json(url, "POST", "/api/tournaments", body)
        base, boss = f"/api/tournaments/{created['id']}", created["director_token"]
        ann = await request_json(url, "POST", f"{base}/entrants", {"name": "Ann"})
        watching, facts = await hello(url, f"/ws/tournament/{created['id']}", ann["token"])
        assert facts["status"] == "registering" and facts["you"]["table"] is None
        for number in range(5):
            bot = {"name": f"B{number}", "bot": "easy"}
            await request_json(url, "POST", f"{base}/entrants", bot, token=boss)
        while facts["status"] != "running":
            facts = json.loads(await watching.recv())
        you, clock = facts["you"], facts["clock"]
        assert clock["level"] == 1 and clock["stakes"] == {"small_blind": 25, "big_blind": 50}
        assert facts["players_left"] == 6 and facts["average_stack"] == 5_000
        assert facts["prize_pool"] == 600 and sum(facts["payouts"]) == 600
        assert [len(table["players"]) for table in facts["tables"]] == [3, 3]
        other = next(t["code"] for t in facts["tables"] if t["code"] != you["code"])
        table, welcome = await hello(url, f"/ws/{you['code']}", ann["token"])
        assert welcome["type"] == "welcome" and welcome["player_id"] == ann["player_id"]
        refused, error = await hello(url, f"/ws/{other}", ann["token"])
        assert error == {
            "type": "error",
            "reason": f"you play at table {you['code']}",
            "code": "play_at_table",
            "params": {"code": you["code"]},
            "ref": None,
        }
        for socket in (watching, table, refused):
            await socket.close()


@scenario
async def test_a_restarted_room_folds_the_tournament_back_from_its_log_and_plays_on(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path) as (_, app):
        # Forty big blinds: whatever the cards, the tournament outlasts its six-second level.
        deep = replace(CLIMBING, bot_delay_seconds=0.05, starting_stack=2_000)
        director = await bots_tournament(app, deep, 2)
        played = director.tournament.hands_started
        await until(lambda: director.tournament.hands_started >= played + 3, "three hands")
        before = director.tournament
        version = director.version
    async with serving_app(tmp_path) as (_, app):
        again: TournamentDirector = app.state.lobby.tournament(director.id)
        # Each resumed table plays on for it: one deals when the tournament lets it.
        assert again.version >= version and set(again.codes()) == set(before.tables)
        await until(lambda: again.tournament.status is Status.FINISHED, "the end")
        assert again.tournament.level > before.level  # the restored clock went on
        events = await stored_events(app, again)
        results = again.facts()
    async with serving_app(tmp_path) as (_, app):  # finished: its results page after a restart
        over: TournamentDirector = app.state.lobby.tournament(director.id)
        assert over.facts() == {**results, "clock": over.facts()["clock"]}
    assert len(results["places"]) == 6 and results["status"] == "finished"
    assert sum(place["prize"] for place in results["places"]) == results["prize_pool"]
    assert again.registrations == 6
    assert Tournament.from_events(events).players.keys() == before.players.keys()
    paid = [event for event in events if isinstance(event, PrizeAwarded)]
    assert sum(event.amount for event in paid) == again.tournament.pool


@scenario
async def test_the_clock_starts_the_next_level_at_every_table(tmp_path: Path) -> None:
    offset = [0.0]
    config = replace(FAST, clock=lambda: time.time() + offset[0])
    async with serving_app(tmp_path, config) as (_, app):
        director = await bots_tournament(app, replace(SIX_BOTS, bot_delay_seconds=0.2), 3)
        assert director.timer is not None  # due when the first level ends
        offset[0] = SIX_BOTS.minutes_of(1) * 60
        await director.tick()
        assert director.tournament.level == 2
        actors = [app.state.lobby.actor(code) for code in director.codes().values()]
        stakes = SIX_BOTS.stakes_at(2)
        await until(
            lambda: all(actor.table.upcoming_settings.stakes == stakes for actor in actors),
            "every table told",
        )
        assert director.facts()["clock"]["stakes"] == {"small_blind": 50, "big_blind": 100}


@scenario
async def test_tables_wait_out_a_break_and_deal_again_when_the_clock_ends_it(
    tmp_path: Path,
) -> None:
    offset = [0.0]
    config = replace(FAST, clock=lambda: time.time() + offset[0])
    structure = replace(SIX_BOTS, breaks=(Break(after_level=1, minutes=5.0),))
    async with serving_app(tmp_path, config) as (_, app):
        director = await bots_tournament(app, replace(structure, bot_delay_seconds=0.02), 4)
        offset[0] += structure.minutes_of(1) * 60
        await director.tick()
        assert director.tournament.on_break is not None
        tables = set(director.tournament.tables)
        # Each table finishes its hand, asks to deal, and waits: nothing is dealt on a break.
        await until(lambda: director.waiting == tables, "both tables waiting")
        dealt = director.tournament.hands_started
        assert director.facts()["clock"]["on_break"] is True
        offset[0] += 5 * 60
        await director.tick()
        assert director.tournament.level == 2 and director.tournament.on_break is None
        await until(lambda: director.tournament.hands_started > dealt, "a deal after the break")


@scenario
async def test_a_table_the_process_ended_before_opening_is_opened_and_seated_on_restart(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path) as (_, app):
        # Bots slow enough that no hand at table 2 ends before the test has looked at it.
        director = await bots_tournament(app, replace(SIX_BOTS, bot_delay_seconds=0.5), 5)
    # As if the process had ended between saving the start and opening table 2.
    with sqlite3.connect(tmp_path / "room.sqlite3") as database:
        database.execute("DELETE FROM tournament_tables WHERE number = 2")
    async with serving_app(tmp_path) as (_, app):
        again: TournamentDirector = app.state.lobby.tournament(director.id)
        seated = dict(again.tournament.tables[2])
        actor = app.state.lobby.actor(again.codes()[2])
        await until(lambda: len(actor.table.seats) == len(seated), "table 2 seated")
        assert {n: seat.player_id for n, seat in actor.table.seats.items()} == seated
        dealt = again.tournament.hands_started
        await until(lambda: again.tournament.hands_started > dealt, "play goes on")


@scenario
async def test_a_level_saved_before_the_process_ended_reaches_every_table_on_restart(
    tmp_path: Path,
) -> None:
    async with serving_app(tmp_path) as (_, app):
        director = await bots_tournament(app, replace(SIX_BOTS, bot_delay_seconds=0.5), 6)
    # As if the process had ended between saving level 2 and telling the tables of it.
    stakes = SIX_BOTS.stakes_at(2)
    event = LevelStarted(2, time.time(), "nlhe", stakes)
    async with serving_app(tmp_path) as (_, app):
        store = app.state.lobby.store
        await app.state.lobby.tournament(director.id).stop()  # nothing more is saved meanwhile
        version = len(await store.tournaments.tournament_events(director.id))
        stored = StoredEvent(version + 1, "LevelStarted", event.to_dict(), time.time())
        await store.tournaments.append_tournament_events(director.id, [stored])
    async with serving_app(tmp_path) as (_, app):
        again: TournamentDirector = app.state.lobby.tournament(director.id)
        assert again.tournament.level == 2
        actors = [app.state.lobby.actor(code) for code in again.codes().values()]
        await until(
            lambda: all(actor.table.upcoming_settings.stakes == stakes for actor in actors),
            "every table told",
        )


@scenario
async def test_a_hand_whose_report_the_process_ended_before_saving_is_reported_on_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with serving_app(tmp_path) as (_, app):
        director = await bots_tournament(app, replace(CLIMBING, bot_delay_seconds=0.02), 7)
        table = app.state.lobby.actor(director.codes()[1])
        # As if the process ended between table 1 saving its first hand's end and the
        # director hearing of it: none of table 1's notes arrive once it has dealt.
        for name in ("hand_finished", "ready_to_deal"):
            told = getattr(director, name)

            def heard(actor: Any, *rest: Any, told: Any = told) -> None:
                if actor is not table or actor.table.hand_number == 0:
                    told(actor, *rest)

            monkeypatch.setattr(director, name, heard)
        await until(
            lambda: table.table.hand is None and table.table.hand_number == director.started[1] > 0,
            "table 1's first hand over, unreported",
        )
        assert 1 in director.tournament.in_play
    monkeypatch.undo()
    async with serving_app(tmp_path) as (_, app):
        again: TournamentDirector = app.state.lobby.tournament(director.id)
        await until(lambda: again.tournament.status is Status.FINISHED, "the end")
        events = await stored_events(app, again)
        tables = await app.state.lobby.store.tournaments.tournament_tables(again.id)
        dealt = {
            number: (await app.state.lobby.table(code)).table.hand_number
            for number, code in again.codes().items()
        }
    # Each table dealt exactly the hands the tournament let it, and each was reported once:
    # the lost report was given on restart, not dealt over.
    started = {number: 0 for number in tables}
    reported = dict(started)
    for event in events:
        if isinstance(event, HandStarted):
            started[event.table] += 1
        elif isinstance(event, HandPlayed):
            reported[event.table] += 1
    assert started == reported
    assert {number: started[number] for number in dealt} == dealt
    assert again.report_refusals == 0


@scenario
async def test_a_page_whose_hello_meets_a_director_let_go_of_is_sent_to_look_again(
    tmp_path: Path,
) -> None:
    """A tournament let go of (another process directs it now) between a page's socket and
    its hello: the page is closed with 1012, to reconnect where it is directed, not left
    watching a director that will say nothing more."""
    async with serving_app(tmp_path) as (url, app):
        created = await request_json(url, "POST", "/api/tournaments", {"entries": 3})
        socket = await connect(url.replace("http", "ws", 1) + f"/ws/tournament/{created['id']}")
        await asyncio.sleep(0.2)  # the server holds the socket and waits for its hello
        await app.state.lobby.drop_tournament(created["id"], 1012, "moved")
        await socket.send(json.dumps({"type": "hello", "protocol": 1}))
        with pytest.raises(ConnectionClosed):
            await socket.recv()
        assert socket.close_code == 1012


@scenario
async def test_redis_out_of_reach_mid_note_is_no_bug_and_the_tables_are_settled_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A note the director was settling when the room lost Redis (a restart, say) is not
    lost: no traceback, a warning, and every table is settled again a moment later (once,
    however many notes failed), a table the tournament lacks opened then."""
    import redis.exceptions

    async with serving_app(tmp_path) as (_, app):
        director = await bots_tournament(app, replace(SIX_BOTS, bot_delay_seconds=0.5), 3)
        settled: list[int] = []
        settle, failures = director._settle, [2]

        async def flaky(note: Any) -> None:
            if note.again:  # the tables' own notes (a hand over, ready to deal) not counted
                settled.append(note.number)
            if failures[0]:
                failures[0] -= 1
                raise redis.exceptions.ConnectionError("Connection closed by server.")
            await settle(note)

        director._settle = flaky  # type: ignore[method-assign]
        numbers = sorted(director.tables.tables)
        for number in numbers:
            director.told(TableNote(number, again=True))
        await until(lambda: len(settled) >= 2 * len(numbers), "settled again")
        await asyncio.sleep(1.5)  # no second round: the two failures asked once
        assert sorted(settled) == sorted(numbers * 2)
        played = director.tournament.hands_started
        await until(lambda: director.tournament.hands_started > played, "a hand more")
    assert "Redis away" in caplog.text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
