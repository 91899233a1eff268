"""PokerStars text line by line, and ``pokernight export CODE --format pokerstars``."""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path

import pytest
from pokerkit import HandHistory, PokerStarsParser

from pokernight.cards import CARDS
from pokernight.cli.main import main
from pokernight.history.pokerstars_export import PokerStarsError, TableInfo, to_pokerstars
from pokernight.history.table_export import played_hands
from pokernight.rules import VARIANTS, Hand, Stakes, visible_events
from pokernight.rules.random_play import random_action
from tests.rules_helpers import check_to_showdown, holdem_deck
from tests.test_cli_export import HANDS, play_table, stored_table

BLINDS = Stakes(small_blind=1, big_blind=2)


def parsed(text: str) -> list[HandHistory]:
    with warnings.catch_warnings():
        # PokerKit warns of its own field names (time_zone_abbreviation) on every hand.
        warnings.filterwarnings("ignore", "The field", UserWarning)
        return list(PokerStarsParser()(text, error_status=True))


def test_the_header_names_the_game_the_table_and_the_seats() -> None:
    hand = Hand.start(VARIANTS["nlhe"], BLINDS, [100, 200, 300], 2, CARDS)
    info = TableInfo(
        number=7, name="pokernight 1234", max_seats=6, at=1795636800.0, seat_numbers=(1, 3, 6)
    )
    lines = to_pokerstars(hand, ["Ann", "Bob", "Cat"], table=info).splitlines()
    assert lines[:7] == [
        "PokerStars Hand #7: Hold'em No Limit (1/2) - 2026/11/25 20:00:00 UTC",
        "Table 'pokernight 1234' 6-max Seat #6 is the button",
        "Seat 1: Ann (100 in chips)",
        "Seat 3: Bob (200 in chips)",
        "Seat 6: Cat (300 in chips)",
        "Ann: posts small blind 1",
        "Bob: posts big blind 2",
    ]
    assert lines[7] == "*** HOLE CARDS ***"


def test_a_showdown_with_side_pots_is_told_as_pokerstars_tells_it() -> None:
    deck = holdem_deck(2, ["AsAh", "KsKh", "QsQh"], "2c7d9hJcTd")
    hand = Hand.start(VARIANTS["nlhe"], BLINDS, [10, 50, 100], 2, deck)
    hand = hand.bet_or_raise(2, 100)  # the button shoves, both call all-in
    hand = check_to_showdown(hand.call(0).call(1))
    text = to_pokerstars(hand, ["Ann", "Bob", "Cat"])
    for line in [
        "Cat: raises 98 to 100 and is all-in",
        "Ann: calls 9 and is all-in",
        "Bob: calls 48 and is all-in",
        "Uncalled bet (50) returned to Cat",
        "*** FLOP *** [2c 7d 9h]",
        "*** TURN *** [2c 7d 9h] [Jc]",
        "*** RIVER *** [2c 7d 9h Jc] [Td]",
        "*** SHOW DOWN ***",
        "Ann collected 30 from main pot",
        "Bob collected 80 from side pot-1",
        "Total pot 110 Main pot 30. Side pot-1 80. | Rake 0",
        "Board [2c 7d 9h Jc Td]",
        "Seat 3: Cat (button) showed [Qs Qh] and lost with One Pair, Queens",
    ]:
        assert line in text.splitlines(), line
    assert "Seat 1: Ann (small blind) showed [As Ah] and won (30) with" in text


def test_the_public_sees_no_hole_card_nobody_showed() -> None:
    hand = Hand.start(VARIANTS["nlhe"], BLINDS, [100, 100, 100], 2, CARDS)
    hand = hand.fold(2).fold(0)
    public = to_pokerstars(hand, ["Ann", "Bob", "Cat"], visible_events(hand.events, None))
    assert "Dealt to" not in public
    # As PokerStars tells a walk: the big blind's uncalled part comes back first.
    assert "Uncalled bet (1) returned to Bob" in public
    assert "Seat 2: Bob (big blind) collected (2)" in public
    archive = to_pokerstars(hand, ["Ann", "Bob", "Cat"])
    assert archive.count("Dealt to") == 3


def test_stud_shows_the_up_cards_street_by_street() -> None:
    stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    hand = Hand.start(VARIANTS["stud"], stakes, [100, 100], 1, CARDS)
    rng = random.Random(1)
    while (legal := hand.legal_actions()) is not None and hand.street_index < 2:
        hand = hand.act(random_action(legal, rng))
    public = to_pokerstars(hand, ["Ann", "Bob"], visible_events(hand.events, None))
    lines = public.splitlines()
    assert lines[:2] == ["PokerStars Hand #1: 7 Card Stud Limit (5/10) - 1970/01/01 00:00:00 UTC",
                         "Table 'pokernight' 9-max"]  # fmt: skip
    assert "Ann: posts the ante 1" in lines and "*** 3rd STREET ***" in lines
    third = [line for line in lines if line.startswith("Dealt to ")][:2]
    assert all(len(line.split("[")[1]) == len("3c]") for line in third)  # the up card only
    assert any(" brings in for 2" in line or " completes it to 5" in line for line in lines)


@pytest.mark.parametrize(
    ("variant", "game"),
    [("plhe", "Hold'em Pot Limit"), ("flhe", "Hold'em Limit"), ("nlo", "Omaha No Limit"),
     ("plo", "Omaha Pot Limit"), ("razz", "Razz Limit")],
)  # fmt: skip
def test_every_game_but_follow_the_queen_is_written(variant: str, game: str) -> None:
    """PokerKit replays neither pot-limit hold'em nor no-limit Omaha: those two are only
    written here (tests/test_history_pokerstars.py replays the others)."""
    key = VARIANTS[variant]
    stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10) if key.is_stud else BLINDS
    hand = Hand.start(key, stakes, [100, 100, 100], 2, CARDS)
    assert to_pokerstars(hand, ["Ann", "Bob", "Cat"]).startswith(f"PokerStars Hand #1: {game} (")


def test_follow_the_queen_has_no_pokerstars_form() -> None:
    hand = Hand.start(VARIANTS["ftq"], Stakes(ante=5, bring_in=10), [100, 100], 1, CARDS)
    with pytest.raises(PokerStarsError, match="no form for Follow the Queen"):
        to_pokerstars(hand, ["Ann", "Bob"])


def test_the_export_writes_pokerstars_text_that_pokerkit_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --out the file is table-CODE.pokerstars.txt; PokerKit's own parser reads
    every hand and replays it to the stacks the table recorded."""
    events = play_table("nlhe")
    recorded = [
        dict(zip(p.names, p.hand.final_stacks or (), strict=True)) for p in played_hands(events)
    ]
    db, code = stored_table(tmp_path, "nlhe", events)
    monkeypatch.chdir(tmp_path)
    assert main(["export", code, "--db", db, "--format", "pokerstars", "--all-cards"]) == 0
    out = f"table-{code}.pokerstars.txt"
    assert f"wrote {HANDS} hands of table {code} to {out}" in capsys.readouterr().out
    hands = parsed((tmp_path / out).read_text(encoding="utf-8"))
    assert [hand.table for hand in hands] == [f"pokernight {code}"] * HANDS
    assert len({hand.hand for hand in hands}) == HANDS  # a tracker keeps one hand per number
    for hand, stacks in zip(hands, recorded, strict=True):
        assert hand.players is not None
        state = list(hand)[-1]
        assert dict(zip(hand.players, state.stacks, strict=True)) == stacks


def test_the_public_export_hides_unshown_cards(tmp_path: Path) -> None:
    db, code = stored_table(tmp_path, "stud")
    out = tmp_path / "night.txt"
    assert main(["export", code, "--db", db, "--format", "pokerstars", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.count("PokerStars Hand #") == HANDS
    lines = text.splitlines()
    third_streets = [lines[i + 1 : i + 4] for i, line in enumerate(lines) if "3rd STREET" in line]
    assert len(third_streets) == HANDS
    for dealt in third_streets:  # three players, each seen with the up card alone
        assert all(re.fullmatch(r"Dealt to (Ann|Bob|Cat) \[..\]", line) for line in dealt), dealt


def test_hands_without_a_pokerstars_form_are_left_out_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, code = stored_table(tmp_path, "ftq")
    out = tmp_path / "ftq.txt"
    assert main(["export", code, "--db", db, "--format", "pokerstars", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    assert "wrote 0 hands" in captured.out
    assert captured.err.strip().splitlines() == [
        f"{HANDS} hands left out: PokerStars has no form for Follow the Queen (wild cards)"
    ]
