"""``pokernight export``: a table's finished hands from the database, as text or PHH."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pokernight.cli.main import main
from pokernight.history import parse_phh, replay_phh
from pokernight.store import StoredEvent, open_store
from pokernight.table import (
    Act,
    Command,
    SitDown,
    StartHand,
    Table,
    TableEvent,
    TableSettings,
)
from tests.async_helpers import run

HANDS = 6


def play_table(variant: str) -> list[TableEvent]:
    """Three players check or call through ``HANDS`` hands; the first to act folds in odd ones."""
    table = Table.open(TableSettings.for_variant(variant, debt_cap=None), host="1")
    log: list[TableEvent] = [table.opened]

    def run(command: Command) -> None:
        log.extend(folded.event for folded in table.apply(command, 0.0))

    for seat, name in enumerate(["Ann", "Bob", "Cat"]):
        run(SitDown(seat, str(seat + 1), name, 1000))
    for number in range(HANDS):
        run(StartHand(random.Random(number)))
        fold = number % 2 == 1
        while table.hand is not None and table.started is not None:
            legal = table.hand.legal_actions()
            assert legal is not None and legal.seat is not None
            player = table.seats[table.started.seats[legal.seat]].player_id
            if fold and legal.can_fold:
                kind, fold = "fold", False
            else:
                kind = "bring_in" if legal.can_bring_in else "check" if legal.can_check else "call"
            run(Act(player, kind))
    return log


def stored_table(
    tmp_path: Path, variant: str, events: list[TableEvent] | None = None
) -> tuple[str, str]:
    """A SQLite database holding one played table (``events``, else ``play_table``'s):
    (its path, the table's code)."""
    path = str(tmp_path / "room.sqlite3")

    async def save() -> str:
        store = await open_store(path)
        try:
            record = await store.tables.create_table({}, random.Random(1))
            played = play_table(variant) if events is None else events
            await store.tables.append_events(
                record.id, [StoredEvent.of(seq, e, 0.0) for seq, e in enumerate(played, 1)]
            )
            return record.code
        finally:
            await store.close()

    return path, run(save())


def test_text_export_tells_every_hand_with_names_and_hides_unshown_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, code = stored_table(tmp_path, "nlhe")
    out = tmp_path / "night.txt"
    assert main(["export", code, "--db", db, "--out", str(out)]) == 0
    assert f"wrote {HANDS} hands of table {code}" in capsys.readouterr().out
    text = out.read_text(encoding="utf-8")
    assert text.count("Hand #") == HANDS
    assert "Hand #1 (seat 1 Ann, seat 2 Bob, seat 3 Cat)" in text
    assert "is dealt 2 cards face down" in text
    folded_hand = text.split("Hand #2 ")[1].split("Hand #3 ")[0]
    assert "folds" in folded_hand


def test_all_cards_writes_every_hole_card(tmp_path: Path) -> None:
    db, code = stored_table(tmp_path, "nlhe")
    out = tmp_path / "archive.txt"
    assert main(["export", code, "--db", db, "--out", str(out), "--all-cards"]) == 0
    text = out.read_text(encoding="utf-8")
    assert "face down" in text and "is dealt 2 cards face down" not in text


@pytest.mark.parametrize("variant", ["nlhe", "stud", "ftq", "plo8", "baseball"])
def test_the_hosts_phh_archive_replays_to_the_stacks_the_table_recorded(
    tmp_path: Path, variant: str
) -> None:
    db, code = stored_table(tmp_path, variant)
    out = tmp_path / "night.phhs"
    argv = ["export", code, "--db", db, "--format", "phh", "--out", str(out), "--all-cards"]
    assert main(argv) == 0
    hands = parse_phh(out.read_text(encoding="utf-8"))
    assert len(hands) == HANDS
    for hand in hands:
        assert replay_phh(hand).finishing_stacks == hand.finishing_stacks
    assert 'players = ["' in out.read_text(encoding="utf-8")


def test_the_public_phh_export_hides_the_cards_nobody_was_shown(tmp_path: Path) -> None:
    db, code = stored_table(tmp_path, "nlhe")
    out = tmp_path / "night.phhs"
    assert main(["export", code, "--db", db, "--format", "phh", "--out", str(out)]) == 0
    hands = parse_phh(out.read_text(encoding="utf-8"))
    dealt = [action for hand in hands for action in hand.actions if action.text.startswith("d dh")]
    assert len(dealt) == 3 * HANDS and all(action.text.endswith("????") for action in dealt)
    shown = [action for hand in hands for action in hand.actions if " sm " in action.text]
    assert shown and all("?" not in action.text for action in shown)


def test_a_game_phh_has_no_code_for_is_written_with_ours_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, code = stored_table(tmp_path, "ftq")
    out = tmp_path / "ftq.phhs"
    argv = ["export", code, "--db", db, "--format", "phh", "--out", str(out), "--all-cards"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert f"wrote {HANDS} hands" in captured.out and "left out" not in captured.err
    assert out.read_text(encoding="utf-8").count("variant = 'pokernight:ftq'") == HANDS
    assert main(["replay", str(out)]) == 0  # every hand ends with its recorded stacks
    replayed = capsys.readouterr().out.splitlines()
    assert len(replayed) == HANDS and all('"error"' not in line for line in replayed)


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["export", "12a4"], "'12a4' is not a table code"),
        (["export", "1234", "--db", "/nonexistent/room.sqlite3"], "there is no database at"),
    ],
)
def test_bad_input_gets_one_line(
    argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) != 0
    err = capsys.readouterr().err
    assert reason in err and "Traceback" not in err


def test_a_code_with_no_table_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, code = stored_table(tmp_path, "nlhe")
    other = "0000" if code != "0000" else "0001"
    assert main(["export", other, "--db", db]) != 0
    assert f"no table with code {other}" in capsys.readouterr().err


def play_bets(variant: str, buy_ins: list[int]) -> list[TableEvent]:
    """One hand: the first to act bets or raises the least, the next the most, then all
    call or check (a bring-in is brought in)."""
    table = Table.open(TableSettings.for_variant(variant, debt_cap=None), host="1")
    log: list[TableEvent] = [table.opened]

    def run(command: Command) -> None:
        log.extend(folded.event for folded in table.apply(command, 0.0))

    for seat, (name, buy_in) in enumerate(zip(["Ann", "Bob", "Cat"], buy_ins, strict=True)):
        run(SitDown(seat, str(seat + 1), name, buy_in))
    run(StartHand(random.Random(3)))
    sizes = ["min", "max"]
    while table.hand is not None and table.started is not None:
        legal = table.hand.legal_actions()
        assert legal is not None
        player = table.seats[table.started.seats[legal.seat]].player_id
        if legal.can_bring_in:
            run(Act(player, "bring_in"))
        elif sizes and legal.min_raise_to is not None and legal.max_raise_to is not None:
            to = legal.min_raise_to if sizes.pop(0) == "min" else legal.max_raise_to
            run(Act(player, "bet_or_raise", to))
        else:
            run(Act(player, "check" if legal.can_check else "call"))
    return log


@pytest.mark.parametrize(
    ("variant", "buy_ins", "told"),
    [
        ("stud", [1000, 1000, 1000], ["brings in for 10", "completes to 20", "raises to 40"]),
        ("nlhe", [1000, 2000, 400], ["raises to 40", "raises to 2000 and is all-in",
                                     "calls (to 400) and is all-in"]),
    ],
)  # fmt: skip
def test_a_stored_table_is_told_with_what_each_action_was(
    tmp_path: Path, variant: str, buy_ins: list[int], told: list[str]
) -> None:
    """The store keeps each move as the player asked it (``PlayerActed``: kind and
    amount), never the hand's events: a table stored before actions were named has the
    very rows stored now, and its export names every action as the engine does
    (decision 25)."""
    events = play_bets(variant, buy_ins)
    stored = [event.to_dict() for event in events]
    assert not any("says" in row for row in stored), "the stored shape is unchanged"
    db, code = stored_table(tmp_path, variant, events)
    out = tmp_path / "night.txt"
    assert main(["export", code, "--db", db, "--out", str(out)]) == 0
    actions = [line.split(" ", 1)[1] for line in out.read_text(encoding="utf-8").splitlines()]
    assert [words for words in actions if words in told] == told
