"""The terminal shows the server's facts in every game (issue 17 item 3): one hand of each
variant is played at a real server, and at every version the terminal's lines (the table
with its pot, wild ranks, stacks, bets, who acts and who folded; the prompt with its call
and raise words; the new hand's game) are compared with the frames the server sent."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from pokernight.cards import Rank
from pokernight.client import TableClient, request_json
from pokernight.rules import VARIANTS, event_from_dict
from pokernight.tui.narration import Narrator
from pokernight.tui.prompt import choices
from pokernight.tui.remote_view import hand_names, legal_actions, table_picture
from tests.server_helpers import (
    close_all,
    open_table,
    passive,
    play_until_hand_over,
    scenario,
    serving,
)

Json = dict[str, Any]


def _screen_lines(picture: object, plain: bool) -> list[str]:
    from pokernight.tui.screen import Screen

    out = io.StringIO()
    screen = Screen(Console(file=out, width=200, color_system=None), plain=plain)
    screen.show_table(picture)  # type: ignore[arg-type]
    return out.getvalue().splitlines()


def _wild(ranks: list[int]) -> str:
    return " and ".join(Rank(rank).plural for rank in sorted(ranks))


def _check_version(client: TableClient, frame: dict[str, object], names: dict[int, str]) -> int:
    """The terminal's lines for the hand after ``frame``, against the frame's facts."""
    state = client.state
    hand = state.hand
    status = frame.get("status")
    if hand is None or not isinstance(status, dict) or state.my_seat not in hand["seats"]:
        return 0
    assert hand["status"] == status  # the terminal keeps the server's status as it came
    me_at_table = state.my_seat
    assert me_at_table is not None
    picture = table_picture(hand, me_at_table, names)
    me = hand["seats"].index(state.my_seat)
    rich_lines = _screen_lines(picture, plain=False)
    title = rich_lines[0].strip()
    wild = status["wild_ranks"]
    assert title == f"Pot {status['pot']}" + (f"; wild: {_wild(wild)}" if wild else ""), title
    rows = [line for line in rich_lines if any(name in line for name in picture.names)]
    for index, name in enumerate(picture.names):
        row = next(line for line in rows if f" {name}" in line or line.startswith(name))
        cells = row.split()
        assert (cells[0] == "▶") is (status["to_act"] == hand["seats"][index]), (row, status)
        assert ("(folded)" in row) is status["folded"][index], (row, status)
        assert str(status["stacks"][index]) in cells and str(status["bets"][index]) in cells
    plain = _screen_lines(picture, plain=True)[0]
    assert f"pot {status['pot']}; your stack {status['stacks'][me]}" in plain, plain
    if wild:
        assert f"wild: {_wild(wild)}" in plain
    legal = status["legal"]
    if isinstance(legal, dict) and legal["seat"] == state.my_seat:
        words = choices(legal_actions(legal, hand))
        if legal["can_call"]:
            assert f"call {legal['call_amount']}" in words
        if legal["can_bring_in"]:
            assert f"bring in {legal['bring_in_amount']}" in words
        if legal["can_bet_or_raise"]:
            low, high = legal["min_raise_to"], legal["max_raise_to"]
            amounts = f"{low}" if low == high else f"{low} or {high}"
            if not legal["fixed_amounts"] and low != high:
                amounts = f"{low}-{high}"
            assert f"{legal['raise_says']} to {amounts}" in words, (words, legal)
        return 1
    return 0


@pytest.mark.parametrize("key", list(VARIANTS))
@scenario
async def test_the_terminal_shows_the_servers_facts_in_every_game(tmp_path: Path, key: str) -> None:
    turns: list[int] = []
    started_lines: list[str] = []
    failures: list[str] = []
    async with serving(tmp_path) as url:
        code, clients = await open_table(url, {"variant": key, "seats": 3}, 3)
        table = await request_json(url, "GET", f"/api/tables/{code}")
        buy_in = int(table["settings"]["maximum_buy_in"])  # the server's number
        watcher = clients[1]

        def look(frame: Json) -> None:
            """Each version as the terminal draws it, the moment its state took it in."""
            if "v" not in frame or failures:
                return
            names = {seat: str(info["name"]) for seat, info in watcher.state.seats.items()}
            hand = watcher.state.hand
            try:
                if frame.get("type") == "HandDealt" and hand is not None:
                    started = event_from_dict(hand["events"][0])
                    started_lines.append(str(Narrator().line(started, hand_names(hand, names))))
                turns.append(_check_version(watcher, frame, names))
            except Exception as error:
                failures.append(f"v{frame['v']} {frame.get('type')}: {error!r}")

        watcher.on_message = look  # type: ignore[method-assign,assignment]
        for seat, client in enumerate(clients):
            await client.sit(seat, buy_in)
        await clients[0].start()
        await clients[0].wait_for(lambda event: event.get("type") == "HandDealt")
        await clients[0].pause()  # this hand, then no other
        await play_until_hand_over(clients, 1, passive)
        await close_all(clients)
    assert not failures, failures
    assert started_lines[0].startswith(f"New hand of {VARIANTS[key].name}"), started_lines
    assert sum(turns) >= 1  # the watcher's own turns were read off its prompt
