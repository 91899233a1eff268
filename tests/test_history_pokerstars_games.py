"""PokerStars text for every game the format has, with the table options it can say:
boards run twice, bomb pots, straddles, draws. Each hand is read back by a reader of the
text's chips (``stacks_from_pokerstars``: every post, call, bet, raise, uncalled bet
returned and pot collected) to the stacks our engine ended with, in every view; a hand
written ``--as`` a player has that player's "Dealt to" line and no other hole cards.

PokerKit's parser, widened (tests/test_history_pokerstars.py), replays the games it has
without the options; this reader is the one that reads the options and the draws."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cli.main import main
from pokernight.history.pokerstars_export import GAMES, PokerStarsError, to_pokerstars
from pokernight.rules import VARIANTS, BettingStructure, Hand, visible_events
from pokernight.rules.random_play import random_action
from pokernight.rules.variants import default_stakes
from tests.differential_helpers import random_table
from tests.test_cli_export import stored_table

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
POKERSTARS_GAMES = tuple(sorted(GAMES))
OPTIONS = ("none", "bomb pot", "straddle", "run it twice")
DATA = Path(__file__).parent / "data" / "pokerstars"

SEAT = re.compile(r"^Seat \d+: (?P<name>.+) \((?P<chips>\d+) in chips\)")
POST = re.compile(
    r"^(?P<name>.+): posts (?P<what>the ante|small blind|big blind|straddle) (?P<n>\d+)"
)
CALL = re.compile(r"^(?P<name>.+): calls (?P<n>\d+)")
BET = re.compile(r"^(?P<name>.+): (?:bets|brings in for) (?P<n>\d+)")
RAISE = re.compile(r"^(?P<name>.+): (?:raises \d+ to|completes it to) (?P<n>\d+)")
RETURNED = re.compile(r"^Uncalled bet \((?P<n>\d+)\) returned to (?P<name>.+)$")
COLLECTED = re.compile(r"^(?P<name>.+) collected (?P<n>\d+) from (?:pot|main pot|side pot-\d+)$")
FIRST_STREETS = ("*** HOLE CARDS ***", "*** DEALING HANDS ***", "*** 3rd STREET ***")


def stacks_from_pokerstars(text: str) -> dict[str, int]:
    """Each player's chips at the end of the one hand ``text`` tells, from its lines alone."""
    stacks: dict[str, int] = {}
    street: dict[str, int] = {}
    for line in text.splitlines():
        if line.startswith("*** SUMMARY ***"):
            break
        if line.startswith("***"):
            if not line.startswith(FIRST_STREETS):
                street = {}
        elif (m := SEAT.match(line)) and m["name"] not in stacks:
            stacks[m["name"]] = int(m["chips"])
        elif m := POST.match(line):
            stacks[m["name"]] -= int(m["n"])
            if m["what"] != "the ante":
                street[m["name"]] = street.get(m["name"], 0) + int(m["n"])
        elif (m := CALL.match(line)) or (m := BET.match(line)):
            stacks[m["name"]] -= int(m["n"])
            street[m["name"]] = street.get(m["name"], 0) + int(m["n"])
        elif m := RAISE.match(line):
            stacks[m["name"]] -= int(m["n"]) - street.get(m["name"], 0)
            street[m["name"]] = int(m["n"])
        elif (m := RETURNED.match(line)) or (m := COLLECTED.match(line)):
            stacks[m["name"]] += int(m["n"])
    return stacks


def play(hand: Hand, rng: random.Random) -> Hand:
    """Random legal actions; a draw discards at random from the cards the seat holds."""
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        held = hand.hole(legal.seat) if legal.can_draw else ()
        hand.act(random_action(legal, rng, held))
    return hand


def seeded_hand(variant_key: str, seed: int, option: str) -> Hand:
    """A seeded hand of the game (short stacks: all-ins, side pots) with one table option
    where the game has it: a bomb pot, a straddle, a board run twice, or none."""
    rng = random.Random(seed)
    variant = VARIANTS[variant_key]
    if variant.is_draw:
        stakes = default_stakes(variant)
        players = rng.randint(2, variant.max_players)
        stacks = [rng.randint(3 * stakes.big_blind, 60 * stakes.big_blind) for _ in range(players)]
        deck = list(variant.cards)
        rng.shuffle(deck)
    else:
        table = random_table(variant_key, rng)
        stakes, deck, players = table.stakes, list(table.deck), len(table.stacks)
        stacks = [max(stack, 3 * stakes.big_blind + stakes.ante) for stack in table.stacks]
    button = rng.randrange(players)
    board_game = not variant.is_stud and not variant.is_draw
    fixed = variant.betting is BettingStructure.FIXED_LIMIT
    kwargs: dict[str, Any] = {}
    if option == "bomb pot" and board_game:
        kwargs["bomb_pot"] = 2 * stakes.big_blind
    elif option == "straddle" and not variant.is_stud and players >= 4:
        kwargs["straddles"] = ((button + 3) % players,)  # under the gun
    elif option == "run it twice" and board_game and not fixed:  # no-limit and pot-limit
        kwargs["run_it_twice"] = True
    hand = Hand.start(variant, stakes, stacks, button, deck, **kwargs)
    return play(hand, rng)


def views(hand: Hand) -> list[tuple[str, int | None]]:
    """The hand's text: every card, as a spectator saw it, and as each player saw it."""
    names = NAMES[: hand.player_count]
    texts: list[tuple[str, int | None]] = [(to_pokerstars(hand, names), None)]
    for seat in (None, *range(hand.player_count)):
        texts.append((to_pokerstars(hand, names, visible_events(hand.events, seat)), seat))
    return texts


def assert_reads_back(hand: Hand) -> None:
    names = NAMES[: hand.player_count]
    final = dict(zip(names, hand.final_stacks or (), strict=True))
    for text, _ in views(hand):
        assert stacks_from_pokerstars(text) == final, text


@settings(max_examples=200, deadline=None)
@given(
    variant_key=st.sampled_from(POKERSTARS_GAMES),
    seed=st.integers(0, 2**32),
    option=st.sampled_from(OPTIONS),
)
def test_every_game_and_option_reads_back_to_the_same_stacks(
    variant_key: str, seed: int, option: str
) -> None:
    assert_reads_back(seeded_hand(variant_key, seed, option))


@pytest.mark.parametrize("variant_key", POKERSTARS_GAMES)
def test_a_seeded_corpus_of_each_game_reads_back(variant_key: str) -> None:
    for seed in range(40):
        assert_reads_back(seeded_hand(variant_key, seed, OPTIONS[seed % len(OPTIONS)]))


def first(variant_key: str, option: str, wanted: Any) -> Hand:
    for seed in range(2000):
        hand = seeded_hand(variant_key, seed, option)
        if wanted(hand):
            return hand
    pytest.fail(f"no seeded {variant_key} hand with {option}")


def test_a_board_run_twice_is_written_as_pokerstars_writes_it() -> None:
    hand = first("nlhe", "run it twice", lambda hand: hand.runs > 1)
    text = to_pokerstars(hand, NAMES[: hand.player_count])
    lines = text.splitlines()
    assert "*** FIRST SHOW DOWN ***" in lines and "*** SECOND SHOW DOWN ***" in lines
    assert any(line.startswith("*** FIRST RIVER ***") for line in lines)
    assert any(line.startswith("*** SECOND RIVER ***") for line in lines)
    assert "Hand was run twice" in lines
    assert any(line.startswith("FIRST Board [") for line in lines)
    assert any(line.startswith("SECOND Board [") for line in lines)
    assert_reads_back(hand)


def test_a_bomb_pot_is_antes_and_no_preflop_betting() -> None:
    hand = first("plo", "bomb pot", lambda hand: True)
    lines = to_pokerstars(hand, NAMES[: hand.player_count]).splitlines()
    hole, flop = (
        lines.index("*** HOLE CARDS ***"),
        next(i for i, line in enumerate(lines) if line.startswith("*** FLOP ***")),
    )
    assert all(line.startswith("Dealt to ") for line in lines[hole + 1 : flop])
    posts = [line for line in lines if ": posts " in line]
    assert posts and all(": posts the ante " in line for line in posts)
    assert_reads_back(hand)


def test_a_straddle_is_posted_as_pokerstars_posts_it() -> None:
    hand = first("nlhe", "straddle", lambda hand: hand.player_count >= 4)
    text = to_pokerstars(hand, NAMES[: hand.player_count])
    assert re.search(r"^\w+: posts straddle \d+$", text, re.MULTILINE)
    assert_reads_back(hand)


@pytest.mark.parametrize(
    ("variant_key", "header", "draws"),
    [("nl5cd", "5 Card Draw No Limit", ("DRAW",)),
     ("fl5cd", "5 Card Draw Limit", ("DRAW",)),
     ("27td", "Triple Draw 2-7 Lowball Limit", ("FIRST DRAW", "SECOND DRAW", "THIRD DRAW")),
     ("badugi", "Badugi Limit", ("FIRST DRAW", "SECOND DRAW", "THIRD DRAW"))],
)  # fmt: skip
def test_draw_games_are_written_with_their_draws(
    variant_key: str, header: str, draws: tuple[str, ...]
) -> None:
    hand = first(
        variant_key,
        "none",
        lambda hand: (
            any(": discards " in line for line in to_pokerstars(hand, NAMES).splitlines())
            and sum(1 for e in hand.events if type(e).__name__ == "StreetStarted") == len(draws) + 1
        ),
    )
    names = NAMES[: hand.player_count]
    text = to_pokerstars(hand, names, visible_events(hand.events, 0))
    lines = text.splitlines()
    assert lines[0].startswith(f"PokerStars Hand #1: {header} (")
    assert "*** DEALING HANDS ***" in lines
    assert [line for line in lines if line.strip("*").strip() in draws] == [
        f"*** {draw} ***" for draw in draws
    ]
    assert all(
        re.fullmatch(r".+: (stands pat|discards \d cards?( \[.+\])?)", line)
        for line in lines
        if ": discards" in line or ": stands pat" in line
    )
    # The hero's discards name the cards, and the cards drawn follow as a "Dealt to" line.
    assert all(line.startswith(f"Dealt to {names[0]} ") for line in lines if "Dealt to" in line)
    assert_reads_back(hand)


def test_a_double_board_has_no_pokerstars_form() -> None:
    variant = VARIANTS["nlhe"]
    deck = list(variant.cards)
    hand = Hand.start(
        variant, default_stakes(variant), [500, 500], 0, deck, bomb_pot=40, double_board=True
    )
    with pytest.raises(PokerStarsError, match="no form for a double board"):
        to_pokerstars(play(hand, random.Random(1)), ["Ann", "Bob"])


@pytest.mark.parametrize("variant_key", ["nlhe", "plo8", "stud", "razz"])
def test_dealt_to_is_the_heros_alone(variant_key: str) -> None:
    """``--as`` a player: their own "Dealt to" line (a stud player's down cards too), no
    other player's hole cards; a spectator's text has no hole card at all."""
    hand = first(variant_key, "none", lambda hand: hand.player_count >= 3)
    names = NAMES[: hand.player_count]
    hero = to_pokerstars(hand, names, visible_events(hand.events, 1))
    dealt = [line for line in hero.splitlines() if line.startswith("Dealt to ")]
    assert dealt and any(line.startswith(f"Dealt to {names[1]} ") for line in dealt)
    if not VARIANTS[variant_key].is_stud:
        assert all(line.startswith(f"Dealt to {names[1]} ") for line in dealt)
        public = to_pokerstars(hand, names, visible_events(hand.events, None))
        assert "Dealt to" not in public
    else:  # a stud opponent's line holds their up cards only: one card a street
        for line in dealt:
            if not line.startswith(f"Dealt to {names[1]} "):
                assert re.fullmatch(r"Dealt to \w+( \[[^]]+\])? \[..\]", line), line


def test_the_export_as_a_player_has_their_dealt_to_line_only(tmp_path: Path) -> None:
    db, code = stored_table(tmp_path, "nlhe")
    mine, public = tmp_path / "ann.txt", tmp_path / "public.txt"
    assert main(["export", code, "--db", db, "--format", "pokerstars", "--as", "Ann",
                 "--out", str(mine)]) == 0  # fmt: skip
    assert main(["export", code, "--db", db, "--format", "pokerstars", "--out", str(public)]) == 0
    dealt = [line for line in mine.read_text().splitlines() if line.startswith("Dealt to")]
    assert len(dealt) == 6 and all(re.fullmatch(r"Dealt to Ann \[.. ..\]", d) for d in dealt)
    assert "Dealt to" not in public.read_text()


def test_as_and_all_cards_together_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, code = stored_table(tmp_path, "nlhe")
    argv = ["export", code, "--db", db, "--format", "pokerstars", "--as", "Ann", "--all-cards"]
    assert main(argv) == 2
    assert "choose one" in capsys.readouterr().err


def test_the_reader_reads_a_hand_pokerstars_wrote_and_our_lines_have_its_forms() -> None:
    """A published PokerStars hand (tests/data/pokerstars, MIT): the test's reader gets its
    stacks, and each kind of line it holds we write in the same form."""
    text = (DATA / "pokerregion-hand1.txt").read_text(encoding="utf-8")
    stacks = stacks_from_pokerstars(text)
    assert stacks["W2lkm2n"] == 3000 - 60 - 80 + 80 + 150
    assert stacks["santy312"] == 2990 and stacks["flavio766"] == 2980
    assert stacks["MISTRPerfect"] == 2940 and stacks["flettl2"] == 1500
    hand = first("nlhe", "none", lambda hand: hand.player_count >= 3)
    ours = to_pokerstars(hand, NAMES[: hand.player_count], visible_events(hand.events, 0))
    forms = [
        r"Table '.+' \d+-max Seat #\d+ is the button",
        r"Seat \d+: \S+ \(\d+ in chips\)",
        r"\S+: posts small blind \d+",
        r"\S+: posts big blind \d+",
        r"Dealt to \S+ \[.. ..\]",
        r"Total pot \d+( Main pot .+)? \| Rake 0",
    ]
    for form in forms:
        assert any(re.fullmatch(form, line) for line in text.splitlines()), form
        assert any(re.fullmatch(form, line) for line in ours.splitlines()), form
