"""Program seats at real tables (``pokernight.seat``): the bots of docs/protocol.md play
hundreds of hands through the folder, bad answers are refused and cost nothing, an ACPC
bot plays over TCP, and a seat joins a friend's table as a program.

Each game runs a real room in this process (``cli/local_room.py``, as ``pokernight seat``
does) and the program as a separate process, reading and writing files as any program.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from pokernight.cli.local_room import local_room
from pokernight.cli.main import main
from pokernight.client import TableClient, create_table
from pokernight.seat import ProgramSeat, SeatOptions, SeatReport, open_local_table
from pokernight.seat.acpc_seat import ASKS_AGAIN
from pokernight.seat.files import write_atomically
from pokernight.table.hand_check import check_proof
from tests.async_helpers import run
from tests.server_helpers import HOLDEM, passive, scenario, serving

Json = dict[str, Any]
DOCS = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"
GAME = {"variant": "nlhe", "bot_delay_seconds": 0}
HANDS = 200
GAME_SECONDS = 900
SEAT_POLL_SECONDS = 0.005
"""How often the seat of the 200 hands looks for an answer (``poll_seconds``; 0.02 by
default): at the default, each of the program's ~900 answers waits 10 ms for the seat on
average, 9 s of the test's 55 (the docs' bots poll 50 times a second as written)."""


def docs_example(heading: str, language: str) -> str:
    """The code block under ``heading`` in docs/protocol.md: the bots there are run as
    written."""
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index(heading) :]
    match = re.search(rf"```{language}\n(.*?)```", section, re.DOTALL)
    assert match is not None, f"no {language} block under {heading}"
    return match.group(1)


def read_state(folder: Path) -> Json:
    state: Json = json.loads((folder / "state.json").read_text(encoding="utf-8"))
    return state


async def local_game(
    folder: Path, hands: int, bots: tuple[str, ...], program: list[str]
) -> tuple[SeatReport, int]:
    """``program`` plays the seat for ``hands`` hands against ``bots``; the seat's report
    and the program's exit status."""
    async with local_room(hand_pause_seconds=0.02) as url:
        options = SeatOptions(
            url=url,
            code="",
            name="Robo",
            folder=folder,
            hands=hands,
            poll_seconds=SEAT_POLL_SECONDS,
        )
        options = await open_local_table(options, {**GAME, "seats": len(bots) + 1}, bots)
        process = await asyncio.create_subprocess_exec(*program, str(folder))
        try:
            report = await ProgramSeat(options).run()
            status = await asyncio.wait_for(process.wait(), 30)
        finally:
            if process.returncode is None:
                process.kill()
    return report, status


def _play_200(tmp_path: Path, program: list[str], bots: tuple[str, ...]) -> None:
    started = time.monotonic()
    report, status = run(local_game(tmp_path / "robo", HANDS, bots, program), GAME_SECONDS)
    seconds = time.monotonic() - started
    folder = tmp_path / "robo"
    print(f"{HANDS} hands in {seconds:.1f} s: {report}")
    assert report.hands == HANDS and report.ended == f"played {HANDS} hands"
    assert report.refused == 0, report.refusals
    assert report.answers >= HANDS  # the program acted in every hand, and more
    assert status == 0, "the program stopped when the seat said it was over"
    assert not (folder / "error.txt").exists()
    final = read_state(folder)
    assert final["over"] is True and final["your_turn"] is False
    logged = [json.loads(line) for line in (folder / "log.jsonl").read_text().splitlines()]
    states = [entry["state"] for entry in logged if "state" in entry]
    # A state written between hands, with the next not dealt yet, holds no hand.
    hands = [state["hand"] for state in states if state["hand"] is not None]
    finished = {hand["number"] for hand in hands if hand["finished"]}
    assert len(finished) >= HANDS
    assert sum(1 for entry in logged if entry.get("accepted")) == report.answers
    # The last hand's proof, with the seat's contribution (mixed if it beat the short pause).
    proof = json.loads((folder / "proof.json").read_text())
    assert len(proof["my_contribution"]) == 64
    assert check_proof(proof).problems == []


@pytest.mark.slow
def test_the_python_bot_of_the_docs_plays_200_hands_without_a_refused_answer(
    tmp_path: Path,
) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text(docs_example("### A bot in Python", "python"))
    _play_200(tmp_path, [sys.executable, str(bot)], ("medium", "medium", "easy"))


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("sh") is None, reason="no POSIX shell")
def test_the_shell_bot_of_the_docs_plays_200_hands_without_a_refused_answer(
    tmp_path: Path,
) -> None:
    bot = tmp_path / "bot.sh"
    bot.write_text(docs_example("### A bot in plain shell", "sh"))
    _play_200(tmp_path, ["sh", str(bot)], ("medium", "easy", "easy"))


# Answers refused -----------------------------------------------------------------------------


async def wait_until(check: Callable[[], bool], seconds: float = 20.0) -> None:
    async with asyncio.timeout(seconds):
        while not check():
            await asyncio.sleep(0.01)


async def my_turn(folder: Path) -> Json:
    def ready() -> bool:
        try:
            return bool(read_state(folder)["your_turn"])
        except (OSError, ValueError):
            return False

    await wait_until(ready)
    return read_state(folder)


async def refused(folder: Path, write: Callable[[], object], reason: str) -> str:
    """Write an answer; the reason the seat gave in error.txt (which must say ``reason``)."""
    (folder / "error.txt").unlink(missing_ok=True)
    write()
    await wait_until((folder / "error.txt").exists)
    said = (folder / "error.txt").read_text()
    assert reason in said, said
    return said


async def answer_until_over(folder: Path, seat: asyncio.Task[SeatReport]) -> None:
    """Check or call at every turn until the seat is done (a program at its simplest)."""
    answered = None
    while not seat.done():
        state = read_state(folder)
        if state["your_turn"] and state["turn"] != answered:
            move = "check" if state["legal"]["can_check"] else "call"
            write_atomically(folder / "action", f"{state['seq']} {move}\n")
            answered = state["turn"]
        await asyncio.sleep(0.01)


@scenario
async def test_a_half_file_an_old_number_and_an_illegal_raise_are_refused_and_cost_nothing(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "robo"
    async with local_room(hand_pause_seconds=0.02) as url:
        options = SeatOptions(url=url, code="", name="Robo", folder=folder, hands=1)
        settings = {**GAME, "seats": 2, "bot_delay_seconds": 0.2}
        seat = ProgramSeat(await open_local_table(options, settings, ("easy",)))
        playing = asyncio.create_task(seat.run())
        state = await my_turn(folder)
        seq, turn, before = state["seq"], state["turn"], (folder / "state.json").read_bytes()
        legal = state["legal"]
        action = folder / "action"

        half = await refused(folder, lambda: action.write_text(f"{seq} rai"), "no newline")
        assert not action.exists()
        stale = await refused(
            folder,
            lambda: write_atomically(action, f"{turn - 1} call\n"),
            f"state {turn - 1} is stale",
        )
        too_small = legal["min_raise_to"] - 1
        illegal = await refused(
            folder,
            lambda: write_atomically(action, f"{seq} raise {too_small}\n"),
            "the server refused it: ",
        )
        assert (folder / "state.json").read_bytes() == before, "the state stays as it was"
        move = "check" if legal["can_check"] else "call"
        write_atomically(action, f"{seq} {move}\n")
        await wait_until(lambda: read_state(folder)["seq"] > seq)
        assert not (folder / "error.txt").exists(), "a taken answer clears the refusal"
        await answer_until_over(folder, playing)
        report = await playing
    after = read_state(folder)
    assert "answer " + f"{seq} rai" in half and "write the line to another name" in half
    assert f"answer {turn - 1} call" in stale
    assert f"must be to at least {legal['min_raise_to']}" in illegal
    assert report.refused == 3 and report.answers >= 1
    log = (folder / "log.jsonl").read_text()
    assert log.count('"refused"') == 3 and f'"answer": "{seq} {move}\\n", "accepted"' in log
    assert after["over"] is True


# ACPC ---------------------------------------------------------------------------------------


class AcpcBot:
    """A bot as ACPC has them: it says its version, then answers ``c`` at its turn. It
    knows its turn from the seat's state.json (a test's shortcut: a real bot works it
    out from the line and its game definition)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.lines: list[str] = []

    @classmethod
    async def connect(cls, port: int) -> AcpcBot:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"VERSION:2.0.0\r\n")
        return cls(reader, writer)

    async def line(self) -> str:
        line = (await asyncio.wait_for(self.reader.readline(), 20)).decode()
        assert line.endswith("\r\n"), line
        self.lines.append(line.strip())
        return line.strip()

    async def close(self) -> None:
        self.writer.close()
        with contextlib.suppress(ConnectionError):
            await self.writer.wait_closed()

    def say(self, text: str) -> None:
        self.writer.write(text.encode() + b"\r\n")

    async def _line_if_any(self) -> bytes | None:
        """The next line, or None after a quiet 50 ms. Looked for twice: on a loaded loop the
        first look may time out in the very turn its line arrives, and the bot would then
        answer the line before it, at a turn it marks answered, and wait forever."""
        for wait in (0.05, 0.01):
            with contextlib.suppress(TimeoutError):
                return await asyncio.wait_for(self.reader.readline(), wait)
        return None

    async def play(self, folder: Path) -> None:
        answered: set[int] = set()
        fresh = False
        while True:
            data = await self._line_if_any()
            if data == b"":
                return  # the seat hung up
            if data is not None:
                self.lines.append(data.decode().strip())
                fresh = True
                continue
            state = read_state(folder)
            if state["over"]:
                return
            if fresh and state["your_turn"] and state["turn"] not in answered:
                answered.add(state["turn"])
                self.say(f"{self.lines[-1]}:c")
                fresh = False


async def _acpc_seat_at_turn(
    url: str, folder: Path, hands: int
) -> tuple[ProgramSeat, asyncio.Task[SeatReport], AcpcBot, str]:
    """A seat played by an ACPC bot over TCP against an easy bot, at the bot's first turn:
    the seat, its run, the bot (a real TCP client), and the line of the turn."""
    options = SeatOptions(url=url, code="", name="Robo", folder=folder, hands=hands, acpc_port=0)
    seat = ProgramSeat(await open_local_table(options, {**GAME, "seats": 2}, ("easy",)))
    playing = asyncio.create_task(seat.run())
    await seat.ready.wait()
    assert seat.report.acpc_port
    bot = await AcpcBot.connect(seat.report.acpc_port)
    await my_turn(folder)
    await wait_until(lambda: seat.acpc is not None and seat.acpc.view is not None)
    assert seat.acpc is not None and seat.acpc.view is not None
    newest = seat.acpc.view.line
    while not bot.lines or bot.lines[-1] != newest:
        await bot.line()
    return seat, playing, bot, newest


@scenario
async def test_an_acpc_bot_plays_hands_over_tcp_and_its_bad_answers_are_refused(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "acpc"
    async with local_room(hand_pause_seconds=0.02) as url:
        seat, playing, bot, newest = await _acpc_seat_at_turn(url, folder, hands=12)
        bot.say(f"{newest}/Kd:c")  # not a line it was sent
        await wait_until(lambda: seat.report.refused == 1)
        bot.say(f"{newest}:r1")  # a raise the server refuses
        # Counted before the line is read: a line asked again after the first refusal may
        # already be waiting, and would be read before the second refusal was counted.
        await wait_until(lambda: seat.report.refused == 2)
        assert await bot.line() == newest, "the seat asks again"
        bot.say(f"{newest}:c")
        await bot.play(folder)
        report = await playing
        await bot.close()
    assert report.hands == 12 and report.refused == 2, report.refusals
    assert "not the newest" in report.refusals[0]
    assert report.refusals[1].startswith("the server refused it: ")
    assert report.answers >= 12
    assert all(re.match(r"^MATCHSTATE:[01]:\d+:[^:]*:[^:]*$", line) for line in bot.lines)
    assert read_state(folder)["over"] is True


@scenario
async def test_an_acpc_bot_that_answers_x9_is_sent_the_same_line_again_and_its_next_answer_is_taken(
    tmp_path: Path,
) -> None:
    """Docs/protocol.md, the ACPC seat: a malformed action at the bot's turn is refused
    into error.txt, the same line is sent again, and the bot's next answer is played."""
    folder = tmp_path / "acpc"
    async with local_room(hand_pause_seconds=0.02) as url:
        seat, playing, bot, newest = await _acpc_seat_at_turn(url, folder, hands=3)
        bot.say(f"{newest}:x9")
        assert await bot.line() == newest, "the seat sends the same line again"
        assert seat.report.refused == 1 and "not an ACPC action" in seat.report.refusals[0]
        assert "x9" in (folder / "error.txt").read_text()
        bot.say(f"{newest}:c")
        await wait_until(lambda: seat.report.answers == 1)
        await bot.play(folder)
        report = await playing
        await bot.close()
    assert report.hands == 3 and report.refused == 1, report.refusals
    logged = [json.loads(line) for line in (folder / "log.jsonl").read_text().splitlines()]
    answers = [entry for entry in logged if "answer" in entry]
    assert answers[0]["answer"] == f"{newest}:x9" and "refused" in answers[0]
    assert answers[1]["answer"] == f"{newest}:c" and answers[1].get("accepted")


@scenario
async def test_an_acpc_bot_is_asked_again_three_times_a_turn_then_the_clock_may_play(
    tmp_path: Path,
) -> None:
    """A bot that keeps answering ``x9`` is sent its line again three times (ASKS_AGAIN),
    then no more (it would spin): the turn is left to the clock, and an answer the bot
    still gives before the clock plays is taken."""
    folder = tmp_path / "acpc"
    async with local_room(hand_pause_seconds=0.02) as url:
        seat, playing, bot, newest = await _acpc_seat_at_turn(url, folder, hands=1)
        for asked in range(ASKS_AGAIN):
            bot.say(f"{newest}:x9")
            assert await bot.line() == newest, f"asked again, time {asked + 1}"
        bot.say(f"{newest}:x9")
        await wait_until(lambda: seat.report.refused == ASKS_AGAIN + 1)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(bot.reader.readline(), 0.5)  # not asked a fourth time
        bot.say(f"{newest}:c")
        await wait_until(lambda: seat.report.answers == 1)
        await bot.play(folder)
        report = await playing
        await bot.close()
    assert report.refused == ASKS_AGAIN + 1 and report.answers >= 1


# A friend's table -----------------------------------------------------------------------------


HOST_PLAYS_SECONDS = 40.0
"""Two hands take two seconds; a seat still playing after this is stuck, and the test
says where (before the scenario's own deadline cancels it without a word)."""


async def host_plays(
    host: TableClient, until: asyncio.Future[SeatReport], folder: Path | None = None
) -> None:
    """The host checks or calls at each of their turns until the seat is done."""
    deadline = time.monotonic() + HOST_PLAYS_SECONDS
    while not until.done():
        if time.monotonic() > deadline:
            raise AssertionError(_stuck(host, folder))
        if host.state.my_turn:
            await passive(host)
            continue
        with contextlib.suppress(TimeoutError):
            await host.next_event(timeout=0.1)


def _stuck(host: TableClient, folder: Path | None) -> str:
    """What the table and the seat's folder said last, for a run that never ended."""
    state = host.state
    said = [f"table v{state.version}, to act {state.to_act}, hand {state.hand is not None}"]
    if folder is not None:
        for name in ("state.txt", "error.txt", "log.jsonl"):
            path = folder / name
            if path.exists():
                said.append(f"{name}: {path.read_text()[-1500:]}")
    return "the seat never finished: " + "\n".join(said)


async def seat_with_bot(options: SeatOptions, bot: Path) -> asyncio.Task[SeatReport]:
    seat = ProgramSeat(options)
    task = asyncio.create_task(seat.run())
    # The bot starts once the seat has shown its first state: started at once, on a loaded
    # machine it could read the "over" an earlier run left there, before the seat cleared
    # the folder, and stop before its first turn.
    ready = asyncio.create_task(seat.ready.wait())
    await asyncio.wait({task, ready}, return_when=asyncio.FIRST_COMPLETED)
    ready.cancel()
    process = await asyncio.create_subprocess_exec(sys.executable, str(bot), str(options.folder))

    async def stop_with_seat(ended: Awaitable[SeatReport]) -> SeatReport:
        try:
            return await ended
        finally:
            await asyncio.wait_for(process.wait(), 20)

    return asyncio.create_task(stop_with_seat(task))


@scenario
async def test_a_seat_joins_a_friends_table_as_a_program_and_comes_back_as_the_same_player(
    tmp_path: Path,
) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text(docs_example("### A bot in Python", "python"))
    folder = tmp_path / "robo"
    async with serving(tmp_path) as url:
        refusing = await create_table(url, "Ann", HOLDEM)
        with pytest.raises(ValueError, match="does not allow programs: only the host"):
            await ProgramSeat(SeatOptions(url, refusing["code"], "Robo", folder)).run()
        created = await create_table(url, "Ann", {**HOLDEM, "allow_programs": True})
        host = TableClient(url, created["code"], created["token"])
        await host.connect()
        await host.sit(0, 1_000)
        options = SeatOptions(
            url, created["code"], "Robo", folder, hands=2, invite=created["invite"]
        )
        first = await seat_with_bot(options, bot)
        await host.wait_for(
            lambda frame: frame.get("type") == "PlayerSeated" and frame["seat"] == 1
        )
        program_seat = dict(host.state.seats[1])
        await host.start()
        await host_plays(host, first, folder)
        report = await first
        player = program_seat["player_id"]
        again = await seat_with_bot(options, bot)
        await host_plays(host, again, folder)
        back = await again
        seats = dict(host.state.seats)
        await host.disconnect()
    assert program_seat["program"] is True and program_seat["name"] == "Robo"
    assert report.hands == 2 and back.hands == 2 and report.refused == back.refused == 0
    assert seats[1]["player_id"] == player, "the same folder is the same player"
    assert seats[1]["sitting_out"] is True, "a seat that is done sits out, keeping its place"


# The command line -----------------------------------------------------------------------------


def test_pokernight_seat_plays_a_game_of_its_own_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text(docs_example("### A bot in Python", "python"))
    folder = tmp_path / "robo"
    folder.mkdir()
    status: list[int] = []
    argv = ["seat", "--dir", str(folder), "--hands", "3", "--bots", "2", "--level", "easy"]
    command = threading.Thread(target=lambda: status.append(main([*argv, "--hand-pause", "0"])))
    command.start()
    program = subprocess.run([sys.executable, str(bot), str(folder)], timeout=120, check=False)
    command.join(timeout=60)
    out = capsys.readouterr().out
    assert status == [0] and program.returncode == 0
    assert re.search(r"^Robo at table \d{4}, seat 1: playing from ", out, re.MULTILINE)
    assert re.search(r"^3 hands played \(\d+ answers\): played 3 hands\.$", out, re.MULTILINE)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--variant", "stud", "--acpc", "0"], "ACPC defines Texas hold'em only, not Seven"),
        (["--code", "1234"], "--code needs --connect URL"),
        (["--connect", "http://127.0.0.1:9"], "--connect URL and --code 1234 go together"),
        (["--seat", "0"], "seats are counted from 1"),
        (["--bots", "12"], "--bots 12: give 1 to 9"),
    ],
)
def test_what_the_seat_cannot_do_is_one_line(
    tmp_path: Path, argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["seat", "--dir", str(tmp_path / "robo"), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("pokernight seat: ") and said in err and err.count("\n") == 1
