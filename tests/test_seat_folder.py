"""The seat's folder (``seat/folder.py``, ``seat/files.py``): whole files for readers, and
an answer taken only once it is whole.
"""

from __future__ import annotations

import json
import os
import stat
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokernight.client import TableState
from pokernight.seat.files import write_atomically
from pokernight.seat.folder import HALF_LINE_SECONDS, HalfAnswer, SeatFolder
from pokernight.seat.picture import picture


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def shown(your_turn: bool = False) -> dict[str, Any]:
    state = picture(TableState(player_id="1"), "4821")
    return {**state, "your_turn": your_turn}


def test_a_reader_never_sees_half_a_state(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    write_atomically(path, json.dumps({"n": 0}))
    seen: list[int] = []
    done = threading.Event()

    def read() -> None:
        while not done.is_set():
            seen.append(json.loads(path.read_text())["n"])  # raises on a partial file

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for number in range(1, 150):
            write_atomically(path, json.dumps({"n": number, "pad": "x" * 20_000 * (number % 3)}))
    finally:
        done.set()
        reader.join()
    assert seen and seen == sorted(seen)  # whole states, in the order written
    assert not [name for name in os.listdir(tmp_path) if name != "state.json"]


def test_states_are_numbered_and_a_turn_keeps_the_number_of_its_first_state(
    tmp_path: Path,
) -> None:
    folder = SeatFolder(tmp_path)
    folder.open()
    first = folder.write_state(shown(), None)
    turn = folder.write_state(shown(your_turn=True), (1, 7))
    meanwhile = folder.write_state(shown(your_turn=True), (1, 7))  # somebody sat down
    after = folder.write_state(shown(), None)
    next_turn = folder.write_state(shown(your_turn=True), (1, 9))
    assert [first["seq"], turn["seq"], meanwhile["seq"], after["seq"]] == [1, 2, 3, 4]
    assert [first["turn"], turn["turn"], meanwhile["turn"], after["turn"]] == [None, 2, 2, None]
    assert next_turn["turn"] == 5
    assert json.loads((tmp_path / "state.json").read_text()) == next_turn
    text = (tmp_path / "state.txt").read_text()
    assert text.startswith("seq 5\nturn 5\nyour_turn yes\nover no\ntable 4821\n")
    logged = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert [entry["seq"] for entry in logged if "state" in entry] == [1, 2, 3, 4, 5]


def test_a_hands_end_shown_aside_is_no_turn_and_the_turn_goes_on_after_it(
    tmp_path: Path,
) -> None:
    """The client's state may show the next hand (and the seat's turn in it) before the
    seat has taken in the end of the last one: that end is shown aside, between two
    states of the same turn, which keeps its number."""
    folder = SeatFolder(tmp_path)
    folder.open()
    turn = folder.write_state(shown(your_turn=True), (2, 5))
    aside = folder.write_state(shown(), (2, 5), aside=True)
    after = folder.write_state(shown(your_turn=True), (2, 5))
    assert (turn["turn"], aside["turn"], after["turn"]) == (1, None, 1)
    assert folder.turn == 1


def test_a_seat_started_again_counts_on_and_drops_an_old_answer(tmp_path: Path) -> None:
    folder = SeatFolder(tmp_path)
    folder.open()
    for _ in range(3):
        folder.write_state(shown(), None)
    (tmp_path / "action").write_text("3 call\n")
    again = SeatFolder(tmp_path)
    again.open()
    assert again.seq == 3 and not (tmp_path / "action").exists()
    # The last run's state said "over": a program started with the seat must not read it.
    assert not (tmp_path / "state.json").exists() and not (tmp_path / "state.txt").exists()
    assert again.write_state(shown(), None)["seq"] == 4


def test_a_whole_answer_is_taken_away_and_a_refusal_explained(tmp_path: Path) -> None:
    folder = SeatFolder(tmp_path)
    folder.open()
    folder.write_state(shown(your_turn=True), (1, 1))
    write_atomically(tmp_path / "action", "1 raise 30\n")
    taken = folder.take_answer()
    assert taken == "1 raise 30\n" and not (tmp_path / "action").exists()
    assert folder.take_answer() is None
    folder.refuse("1 raise 30\n", "the server refused it: raise must be to at least 40")
    assert (tmp_path / "error.txt").read_text() == (
        "answer 1 raise 30\nreason the server refused it: raise must be to at least 40\nnewest 1\n"
    )
    folder.accepted("1 raise 40\n")
    assert not (tmp_path / "error.txt").exists()
    log = (tmp_path / "log.jsonl").read_text()
    assert '"refused": "the server refused it' in log and '"accepted": true' in log


def test_a_line_without_its_newline_waits_then_is_refused_never_taken(tmp_path: Path) -> None:
    clock = Clock()
    folder = SeatFolder(tmp_path, clock)
    folder.open()
    action = tmp_path / "action"
    action.write_text("5 rai")  # a writer in place, half way
    assert folder.take_answer() is None
    clock.now += HALF_LINE_SECONDS / 2
    action.write_text("5 raise 4")  # still writing: the wait starts again
    assert folder.take_answer() is None
    clock.now += HALF_LINE_SECONDS * 0.9
    assert folder.take_answer() is None
    clock.now += HALF_LINE_SECONDS * 0.2
    refused = folder.take_answer()
    assert isinstance(refused, HalfAnswer) and refused.text == "5 raise 4"
    assert "no newline" in refused.reason and not action.exists()
    action.write_text("6 rai")
    assert folder.take_answer() is None
    action.write_text("6 raise 40\n")  # finished within the wait: an answer
    assert folder.take_answer() == "6 raise 40\n"


def test_a_file_far_too_long_is_no_answer(tmp_path: Path) -> None:
    folder = SeatFolder(tmp_path)
    folder.open()
    (tmp_path / "action").write_text("x" * 10_000)
    refused = folder.take_answer()
    assert isinstance(refused, HalfAnswer) and "one short line" in refused.reason


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    line=st.from_regex(r"[0-9]{1,4} (fold|call|raise [0-9]{1,5})\n", fullmatch=True),
    cuts=st.lists(st.integers(0, 30), min_size=1, max_size=4),
)
def test_an_answer_written_in_pieces_is_taken_whole_or_not_at_all(
    tmp_path: Path, line: str, cuts: list[int]
) -> None:
    """Written in place piece by piece, as a careless program writes: at every moment
    the seat takes nothing, or the whole line."""
    folder = SeatFolder(tmp_path / str(abs(hash((line, tuple(cuts))))), Clock())
    folder.open()
    action = folder.file("action")
    taken: list[str | HalfAnswer] = []
    for cut in [*sorted({min(cut, len(line)) for cut in cuts}), len(line)]:
        action.write_text(line[:cut])
        answer = folder.take_answer()
        if answer is not None:
            taken.append(answer)
            break
    assert taken == [line]


def test_the_folder_and_its_files_are_its_owners_alone(tmp_path: Path) -> None:
    """They show the seat's cards: another user of the machine must not read them."""
    folder = SeatFolder(tmp_path / "robo")
    folder.open()
    folder.write_state(shown(), None)
    folder.refuse("1 call\n", "it is not your turn")
    assert stat.S_IMODE(folder.path.stat().st_mode) & 0o077 == 0
    for name in ("state.json", "state.txt", "error.txt", "log.jsonl"):
        mode = stat.S_IMODE(folder.file(name).stat().st_mode)
        assert mode & 0o077 == 0, (name, oct(mode))


def test_an_existing_folder_and_its_files_are_made_their_owners_alone_when_opened(
    tmp_path: Path,
) -> None:
    """Finding 12 of issue 30: a folder made before (0755) stayed 0755 and its
    ``log.jsonl`` (0644) stayed readable by anybody while the seat appended hole cards to
    it. Opened, the folder is 0700 and every file in it its owner's alone; a program's
    own file keeps its owner's bits (a script stays runnable); a link's target outside
    the folder is left as it is."""
    path = tmp_path / "robo"
    path.mkdir(mode=0o755)
    path.chmod(0o755)
    files = {"log.jsonl": 0o644, "seat.json": 0o644, ".state.json.7.tmp": 0o666, "bot.py": 0o755}
    for name, mode in files.items():
        (path / name).write_text("{}\n")
        (path / name).chmod(mode)
    outside = tmp_path / "elsewhere.txt"
    outside.write_text("not the seat's\n")
    outside.chmod(0o644)
    (path / "link").symlink_to(outside)
    folder = SeatFolder(path)
    folder.open()
    folder.write_state(shown(), None)
    assert stat.S_IMODE(path.stat().st_mode) == 0o700
    modes = {name: stat.S_IMODE((path / name).stat().st_mode) for name in files}
    assert modes == {"log.jsonl": 0o600, "seat.json": 0o600, ".state.json.7.tmp": 0o600,
                     "bot.py": 0o700}  # fmt: skip
    assert stat.S_IMODE(outside.stat().st_mode) == 0o644


def test_the_seat_token_is_kept_for_its_table_only_and_private(tmp_path: Path) -> None:
    folder = SeatFolder(tmp_path)
    folder.open()
    folder.save_token("http://room:8000", "4821", "secret-token")
    assert folder.saved_token("http://room:8000", "4821") == "secret-token"
    assert folder.saved_token("http://room:8000", "1234") is None
    assert folder.saved_token("http://other:8000", "4821") is None
    mode = stat.S_IMODE((tmp_path / "seat.json").stat().st_mode)
    assert mode & 0o077 == 0, oct(mode)
    folder.forget_token()
    assert folder.saved_token("http://room:8000", "4821") is None


@pytest.mark.parametrize("leftover", ["action", "error.txt", ".action.taken"])
def test_leftovers_of_an_earlier_run_are_noted_and_removed(tmp_path: Path, leftover: str) -> None:
    (tmp_path / leftover).write_text("9 call\n")
    SeatFolder(tmp_path).open()
    assert not (tmp_path / leftover).exists()
    assert f"removed {leftover}" in (tmp_path / "log.jsonl").read_text()


@pytest.mark.parametrize(
    ("legal", "lines"),
    [
        ({"can_draw": True, "max_discard": 5}, ["legal draw 5", "legal pat"]),
        ({"can_choose_runs": True}, ["legal twice", "legal once"]),
    ],
)
def test_state_txt_names_the_draw_and_the_run_twice_answers(
    legal: dict[str, Any], lines: list[str]
) -> None:
    from pokernight.seat.picture import as_text

    text = as_text({**shown(your_turn=True), "seq": 3, "turn": 3, "legal": legal})
    assert [line for line in text.splitlines() if line.startswith("legal")] == lines
