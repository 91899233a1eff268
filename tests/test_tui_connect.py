"""``pokernight play --connect``: the terminal player at a real server's table, from a script."""

from __future__ import annotations

import asyncio
import io
import re
from contextlib import suppress
from pathlib import Path

import pytest
from rich.console import Console

from pokernight.cli.main import main
from pokernight.client import TableClient, create_table, request_json
from pokernight.tui import RemoteGame, RemoteSettings
from pokernight.tui.screen import Screen
from pokernight.tui.tokens import TokenStore
from tests.server_helpers import HOLDEM as SHARED_HOLDEM
from tests.server_helpers import close_all, club_founder, open_table, passive, scenario, serving

HOLDEM = {**SHARED_HOLDEM, "seats": 3}
# "c" checks when there is nothing to call, else calls.
ANSWERS = "raise 1\n" + "c\n" * 40


@pytest.fixture(autouse=True)
def tokens_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config" / "tokens.json"
    monkeypatch.setenv("POKERNIGHT_TOKENS", str(path))
    return path


async def _play_bots(bots: list[TableClient], terminal: asyncio.Future[int]) -> None:
    """Check or call for the bots whenever it is one's turn, until the terminal player leaves."""
    while not terminal.done():
        actor = next((bot for bot in bots if bot.state.my_turn), None)
        if actor is not None:
            await passive(actor)
            continue
        with suppress(TimeoutError):
            await bots[0].next_event(timeout=0.2)


def _hole_cards(client: TableClient, hand_number: int) -> set[str]:
    hand = client.state.last_hand
    assert hand is not None and hand["hand_number"] == hand_number
    seat = hand["seats"].index(client.state.my_seat)
    return {card for card in hand["cards"][seat] if card is not None}


@scenario
async def test_a_terminal_player_plays_a_whole_hand_at_a_server_table_seeing_only_own_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(ANSWERS))
    status: list[int] = []
    async with serving(tmp_path) as url:
        code, bots = await open_table(url, HOLDEM, players=2)
        for seat, bot in enumerate(bots):
            await bot.sit(seat, 500)
        argv = ["play", "--connect", _invite_link(url, code, bots[0]), "--name", "Carol"]
        argv += ["--plain", "--seat", "3", "--buy-in", "500", "--hands", "1"]
        terminal = asyncio.ensure_future(asyncio.to_thread(main, argv))
        await bots[0].wait_for(lambda event: event.get("type") == "PlayerSeated"
                               and event["name"] == "Carol")  # fmt: skip
        await bots[0].start()
        await _play_bots(bots, terminal)
        status.append(await terminal)
        bot_cards = [_hole_cards(bot, 1) for bot in bots]
        await close_all(bots)
    out = capsys.readouterr().out
    assert status == [0]
    assert "You sit at table" in out and "in seat 3 with 500" in out
    assert re.search(r"Carol is dealt \w\w \w\w face down", out)
    assert "player0 is dealt 2 cards face down" in out
    assert "Your turn" in out and "to 20-500" in out
    assert "Not understood: the total must be from" in out
    pattern = r"^(player0|player1|Carol).* (wins|split) the main pot of \d+ with (.+)$"
    winner = re.search(pattern, out, re.MULTILINE)
    assert winner is not None, out
    assert "Hand over. Stacks:" in out
    assert re.search(r"^1 hand played: your stack is \d+\.$", out, re.MULTILINE)
    for cards in bot_cards:
        for card in cards:
            for line in out.splitlines():
                if re.search(rf"\b{card}\b", line):
                    assert " shows " in line, f"{card} printed before showdown: {line}"


@scenario
async def test_the_seat_token_is_saved_so_a_second_run_is_the_same_player(
    tmp_path: Path, tokens_file: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    async with serving(tmp_path) as url:
        code, bots = await open_table(url, HOLDEM, players=1)
        argv = ["play", "--connect", _invite_link(url, code, bots[0]), "--name", "Dan"]
        argv.append("--plain")
        for _ in range(2):
            monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
            assert await asyncio.to_thread(main, [*argv, "--hands", "0"]) == 0
        seats = bots[0].state.seats
        await close_all(bots)
    assert [seat["name"] for seat in seats.values()] == ["Dan"]
    assert code in tokens_file.read_text()
    out = capsys.readouterr().out
    assert "You sit at table" in out
    assert f"Back at table {code} in seat 1" in out
    assert (
        f"Goodbye. Your seat at table {code} is kept, and the clock checks or folds for you "
        "until two timeouts in a row sit you out: run the same command to come back."
    ) in out


@scenario
async def test_a_wrong_code_is_one_line_naming_the_code(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with serving(tmp_path) as url:
        argv = ["play", "--connect", url, "--code", "0000", "--name", "Eve", "--plain"]
        assert await asyncio.to_thread(main, argv) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "no open table with code 0000" in error


def test_a_server_that_is_down_is_one_line_naming_the_server(
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = "http://127.0.0.1:9"  # the discard port: nothing listens there
    assert main(["play", "--connect", url, "--code", "1234", "--plain"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert f"cannot reach the server at {url}" in error


@scenario
async def test_a_full_table_is_one_line_saying_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    async with serving(tmp_path) as url:
        code, bots = await open_table(url, {**HOLDEM, "seats": 2}, players=2)
        for seat, bot in enumerate(bots):
            await bot.sit(seat, 500)
        argv = ["play", "--connect", url, "--code", code, "--name", "Fay", "--plain"]
        assert await asyncio.to_thread(main, argv) == 2
        await close_all(bots)
    error = capsys.readouterr().err
    assert error.count("\n") == 1
    assert "is full (2 seats taken)" in error


@scenario
async def test_a_dropped_connection_is_resumed_and_the_hand_played_to_the_end(
    tmp_path: Path,
) -> None:
    output = io.StringIO()
    answers = iter(["c"] * 40)
    screen = Screen(Console(file=output), plain=True, ask=lambda prompt: next(answers))
    async with serving(tmp_path) as url:
        code, bots = await open_table(url, HOLDEM, players=2)
        for seat, bot in enumerate(bots):
            await bot.sit(seat, 500)
        invite = bots[0].welcome["invite"] if bots[0].welcome else None
        settings = RemoteSettings(url, code, "Gil", 2, 500, hands=1, invite=invite)
        game = RemoteGame(settings, screen, TokenStore(tmp_path / "tokens.json"))
        terminal = asyncio.ensure_future(game.play())
        await bots[0].wait_for(lambda event: event.get("type") == "PlayerSeated"
                               and event["name"] == "Gil")  # fmt: skip
        await bots[0].start()
        await bots[0].wait_for(lambda event: event.get("type") == "HandDealt")
        await game.client.disconnect()  # as a network drop: the game was not told to stop
        await _play_bots(bots, terminal)
        assert await terminal == 1
        await close_all(bots)
    text = output.getvalue()
    assert "Connection lost: reconnecting…" in text
    assert "Reconnected" in text
    assert text.count("New hand of") == 1
    assert re.search(r"(wins|split) the main pot of \d+", text)


def _invite_link(url: str, code: str, host: TableClient) -> str:
    """The link the host shares: the code and the invite's secret in the fragment."""
    assert host.welcome is not None and host.welcome["invite"]
    return f"{url}/#{code}/{host.welcome['invite']}"


@scenario
async def test_with_the_code_only_the_terminal_asks_for_the_seat_and_waits_for_the_host(
    tmp_path: Path,
) -> None:
    output = io.StringIO()
    screen = Screen(Console(file=output), plain=True, ask=lambda prompt: "q")
    async with serving(tmp_path) as url:
        created = await create_table(url, "Host", {**HOLDEM, "approve_seats": True})
        async with TableClient(url, created["code"], created["token"]) as host:
            settings = RemoteSettings(url, created["code"], "Hal", seat=2, hands=0)
            game = RemoteGame(settings, screen, TokenStore(tmp_path / "tokens.json"))
            terminal = asyncio.ensure_future(game.play())
            asked = await host.wait_for(lambda event: event.get("type") == "SeatRequested")
            while "waiting for the host" not in output.getvalue():
                await asyncio.sleep(0.01)
            await host.request({"type": "approve_seat", "player_id": asked["player_id"]})
            assert await terminal == 0
            assert host.state.seats[2]["name"] == "Hal"
    out = output.getvalue()
    assert "You asked for seat 3 at table" in out and "waiting for the host" in out
    assert "The host let you in: you sit at table" in out and "in seat 3" in out
    assert "You sit at table" not in out


@scenario
async def test_when_the_host_closes_the_table_the_terminal_says_so_and_ends_by_itself(
    tmp_path: Path,
) -> None:
    output = io.StringIO()
    screen = Screen(Console(file=output), plain=True, ask=lambda prompt: "c")
    async with serving(tmp_path) as url:
        code, bots = await open_table(url, HOLDEM, players=1)
        host = bots[0]
        await host.sit(0, 500)
        invite = host.welcome["invite"] if host.welcome else None
        settings = RemoteSettings(url, code, "Ida", seat=1, buy_in=300, invite=invite)
        game = RemoteGame(settings, screen, TokenStore(tmp_path / "tokens.json"))
        terminal = asyncio.ensure_future(game.play())  # no hand limit: until the table ends
        while "You sit at table" not in output.getvalue():
            await asyncio.sleep(0.01)
        await host.request({"type": "close_table"})
        assert await asyncio.wait_for(terminal, 10) == 0
        await close_all(bots)
    out = output.getvalue()
    assert "The host closed the table: the game is over, and everybody was cashed out" in out
    assert "Ida leaves the table with 300" in out
    assert "Table" in out and "is closed. Thanks for playing." in out
    assert "0 hands played: you were cashed out with 300." in out
    assert "is kept" not in out


@scenario
async def test_a_terminal_member_is_known_at_the_next_table_and_signs_in_another_terminal(
    tmp_path: Path,
) -> None:
    """--member keeps the club's device token with the seat tokens: at another table the
    same terminal plays as the same member, whatever name is typed; a second terminal
    signs in with a claim code (--claim) and reaches the same seat."""
    output = io.StringIO()
    screen = Screen(Console(file=output), plain=True, ask=lambda prompt: "q")
    tokens = TokenStore(tmp_path / "tokens.json")
    async with serving(tmp_path) as url:
        # A member hosts: the invite link is their word for Gil, who asks to be remembered.
        first = await create_table(url, "Host", HOLDEM, device=await club_founder(url, tmp_path))
        settings = RemoteSettings(url, first["code"], "Gil", 1, hands=0, invite=first["invite"],
                                  member=True)  # fmt: skip
        assert await RemoteGame(settings, screen, tokens).play() == 0
        device = tokens.device(url)
        assert device is not None
        second = await create_table(url, "Host", HOLDEM)
        again = RemoteSettings(url, second["code"], "Somebody", 1, hands=0,
                               invite=second["invite"])  # fmt: skip
        assert await RemoteGame(again, screen, tokens).play() == 0
        code = await request_json(url, "POST", "/api/club/claim-code", {}, device=device)
        other = TokenStore(tmp_path / "other.json")
        claimed = RemoteSettings(url, second["code"], "Gil", 1, hands=0, claim=code["code"])
        assert await RemoteGame(claimed, screen, other).play() == 0
        ledger = await request_json(url, "GET", f"/api/tables/{second['code']}/ledger")
    assert other.device(url) not in (None, device)
    assert other.get(url, second["code"]) is None  # the device reached Gil's seat
    # Gil both times, one player: the name typed the second time was not taken.
    assert [account["name"] for account in ledger["accounts"]] == ["Gil"]
