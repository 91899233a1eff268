"""Exporting our hands as Open Hand History: every hand written validates against the
specification's schema (tests/data/ohh/, transcribed from hh-specs.handhistory.org), adds
up to the stacks our engine ended with, and the games OHH has no form for are refused
by name."""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from pokernight.cli.main import main
from pokernight.history.ohh_export import GAME_TYPES, OhhError, ohh_game_type, to_ohh
from pokernight.history.table_export import played_hands
from pokernight.rules import VARIANTS, BettingStructure, Hand, Stakes, visible_events
from pokernight.rules.events import HandStarted
from pokernight.rules.random_play import random_action
from pokernight.rules.variants import default_stakes
from tests.differential_helpers import random_table
from tests.test_cli_export import HANDS, play_table, stored_table

SCHEMA = Path(__file__).parent / "data" / "ohh" / "ohh-1.4.7.schema.json"
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
OHH_VARIANTS = tuple(sorted(GAME_TYPES))
REFUSED = tuple(sorted(key for key in VARIANTS if key not in GAME_TYPES))


@cache
def validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def assert_valid(document: dict[str, Any]) -> None:
    # Through JSON and back: what a file holds, not the Python objects.
    errors = sorted(validator().iter_errors(json.loads(json.dumps(document))), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors)


def play(hand: Hand, rng: random.Random) -> Hand:
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(random_action(legal, rng))
    return hand


def random_hand(variant_key: str, seed: int, option: str) -> Hand:
    """A seeded hand of the game with short stacks (all-ins, side pots), and one table
    option: a bomb pot, a straddle, boards run twice, or none."""
    rng = random.Random(seed)
    table = random_table(variant_key, rng)
    stakes: Stakes = table.stakes
    kwargs: dict[str, Any] = {}
    players = len(table.stacks)
    button = rng.randrange(players)
    fixed = VARIANTS[variant_key].betting is BettingStructure.FIXED_LIMIT
    if option == "bomb pot":
        kwargs["bomb_pot"] = 2 * stakes.big_blind
    elif option == "straddle" and players >= 4:
        kwargs["straddles"] = ((button + 3) % players,)  # under the gun
    elif option == "run it twice" and not fixed:  # a no-limit and pot-limit option
        kwargs["run_it_twice"] = True
    stacks = [max(stack, 3 * stakes.big_blind + stakes.ante) for stack in table.stacks]
    hand = Hand.start(VARIANTS[variant_key], stakes, stacks, button, table.deck, **kwargs)
    return play(hand, rng)


def final_stacks_from(document: dict[str, Any]) -> list[int]:
    """What a reader gets from the OHH alone: starting stacks, less every chip put in, plus
    every win; the bet nobody matched (the excess of the last round's largest bets over
    the next largest, antes aside) comes back to its bettor."""
    ohh = document["ohh"]
    stacks = {player["id"]: player["starting_stack"] for player in ohh["players"]}
    last_bets: dict[int, int] = {}
    for round_ in ohh["rounds"]:
        bets: dict[int, int] = {}
        for action in round_["actions"]:
            if "amount" in action:
                stacks[action["player_id"]] -= action["amount"]
                if action["action"] != "Post Ante":
                    seat = action["player_id"]
                    bets[seat] = bets.get(seat, 0) + action["amount"]
        if bets:
            last_bets = bets
    if last_bets:
        ordered = sorted(last_bets.items(), key=lambda item: -item[1])
        second = ordered[1][1] if len(ordered) > 1 else 0
        stacks[ordered[0][0]] += ordered[0][1] - second
    for pot in ohh["pots"]:
        for win in pot["player_wins"]:
            stacks[win["player_id"]] += win["win_amount"]
    return [stacks[player["id"]] for player in ohh["players"]]


def export_views(hand: Hand) -> list[tuple[dict[str, Any], int | None]]:
    """The hand as each player saw it (their hero export), and as a spectator."""
    names = NAMES[: hand.player_count]
    views: list[tuple[dict[str, Any], int | None]] = [(to_ohh(hand, names), None)]
    for seat in (None, *range(hand.player_count)):
        events = visible_events(hand.events, seat)
        views.append((to_ohh(hand, names, events, hero=seat), seat))
    return views


@settings(max_examples=150, deadline=None)
@given(
    variant_key=st.sampled_from(OHH_VARIANTS),
    seed=st.integers(0, 2**32),
    option=st.sampled_from(("none", "bomb pot", "straddle", "run it twice")),
)
def test_every_game_ohh_writes_validates_against_the_schema(
    variant_key: str, seed: int, option: str
) -> None:
    """Random seeded hands of every game OHH writes, with its table options, in every
    view: each validates against the published schema and adds up to our final stacks."""
    hand = random_hand(variant_key, seed, option)
    assert hand.final_stacks is not None
    for document, _ in export_views(hand):
        assert_valid(document)
        assert final_stacks_from(document) == list(hand.final_stacks)


def test_a_seeded_table_of_each_game_validates() -> None:
    """A hundred tables' hands of each game and option, not left to hypothesis's draw."""
    written = 0
    for variant_key in OHH_VARIANTS:
        for seed in range(100):
            option = ("none", "bomb pot", "straddle", "run it twice")[seed % 4]
            hand = random_hand(variant_key, seed, option)
            document = to_ohh(
                hand, NAMES[: hand.player_count], visible_events(hand.events, 0), hero=0
            )
            assert_valid(document)
            assert final_stacks_from(document) == list(hand.final_stacks or ())
            written += 1
    assert written == 100 * len(OHH_VARIANTS)


def test_a_board_run_twice_is_two_runs_of_rounds_and_one_pot() -> None:
    for seed in range(500):
        hand = random_hand("nlhe", seed, "run it twice")
        if hand.runs > 1:
            break
    else:
        pytest.fail("no seeded hand ran twice")
    ohh = to_ohh(hand, NAMES[: hand.player_count])["ohh"]
    assert "Run_It_Twice" in ohh["flags"]
    streets = [round_["street"] for round_ in ohh["rounds"]]
    assert streets.count("Showdown") == 2
    assert [round_["id"] for round_ in ohh["rounds"]] == list(range(len(streets)))
    assert len({pot["number"] for pot in ohh["pots"]}) == len(ohh["pots"])


def test_a_bomb_pot_is_antes_and_a_preflop_round_without_betting() -> None:
    hand = random_hand("plo", 7, "bomb pot")
    ohh = to_ohh(hand, NAMES[: hand.player_count])["ohh"]
    preflop = ohh["rounds"][0]
    assert preflop["street"] == "Preflop"
    assert {action["action"] for action in preflop["actions"]} == {"Post Ante", "Dealt Cards"}
    assert ohh["ante_amount"] == 2 * hand.stakes.big_blind


def test_only_the_heros_hole_cards_and_shown_cards_are_written() -> None:
    for seed in range(200):
        hand = random_hand("nlhe", seed, "none")
        if hand.player_count >= 3:
            break
    names = NAMES[: hand.player_count]
    hero = to_ohh(hand, names, visible_events(hand.events, 1), hero=1)["ohh"]
    dealt = [
        action
        for round_ in hero["rounds"]
        for action in round_["actions"]
        if action["action"] == "Dealt Cards"
    ]
    assert [action["player_id"] for action in dealt] == [1]
    assert hero["hero_player_id"] == 1
    spectator = to_ohh(hand, names, visible_events(hand.events, None))["ohh"]
    assert "hero_player_id" not in spectator
    assert "Observed" in spectator["flags"]
    assert not any(
        action["action"] == "Dealt Cards"
        for round_ in spectator["rounds"]
        for action in round_["actions"]
    )


@pytest.mark.parametrize("variant_key", REFUSED)
def test_the_games_ohh_cannot_express_are_refused_by_name(variant_key: str) -> None:
    variant = VARIANTS[variant_key]
    hand = play(random_hand_of(variant_key), random.Random(1))
    with pytest.raises(OhhError, match=f"no form for {variant.name}"):
        to_ohh(hand, NAMES[: hand.player_count])


def test_a_double_board_is_refused() -> None:
    started = HandStarted(
        "nlhe", "no-limit", Stakes(1, 2), (100, 100), 0, bomb_pot=4, double_board=True
    )
    with pytest.raises(OhhError, match="double board"):
        ohh_game_type(started)


def random_hand_of(variant_key: str) -> Hand:
    """A hand of three at the game's default stakes, dealt from a seeded deck."""
    variant = VARIANTS[variant_key]
    deck = list(variant.cards)
    random.Random(3).shuffle(deck)
    return Hand.start(variant, default_stakes(variant), [100, 100, 100], 0, deck)


def read_ohh_file(text: str) -> list[dict[str, Any]]:
    """The hands of a ``.ohh`` file: JSON objects one after another, a blank line apart."""
    decoder, hands, at = json.JSONDecoder(), [], 0
    while text[at:].strip():
        assert at == 0 or text[at - 2 : at] == "\n\n"
        hand, end = decoder.raw_decode(text, at)
        hands.append(hand)
        at = end + len(text[end:]) - len(text[end:].lstrip("\n"))
    return hands


def test_the_export_writes_ohh_as_a_player_saw_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--format ohh --as Ann``: table-CODE.ohh, every hand valid, Ann the hero with her
    own hole cards and nobody else's, adding up to the stacks the table recorded."""
    events = play_table("plo")
    recorded = [list(p.hand.final_stacks or ()) for p in played_hands(events)]
    db, code = stored_table(tmp_path, "plo", events)
    monkeypatch.chdir(tmp_path)
    assert main(["export", code, "--db", db, "--format", "ohh", "--as", "Ann"]) == 0
    out = f"table-{code}.ohh"
    assert f"wrote {HANDS} hands of table {code} to {out}" in capsys.readouterr().out
    hands = read_ohh_file((tmp_path / out).read_text(encoding="utf-8"))
    assert len(hands) == HANDS
    assert len({hand["ohh"]["game_number"] for hand in hands}) == HANDS
    for hand, stacks in zip(hands, recorded, strict=True):
        assert_valid(hand)
        ohh = hand["ohh"]
        ann = next(p["id"] for p in ohh["players"] if p["name"] == "Ann")
        assert ohh["hero_player_id"] == ann
        dealt = [a for r in ohh["rounds"] for a in r["actions"] if a["action"] == "Dealt Cards"]
        assert [action["player_id"] for action in dealt] == [ann]
        assert final_stacks_from(hand) == stacks


def test_the_public_ohh_export_has_no_hero_and_no_hole_cards(tmp_path: Path) -> None:
    db, code = stored_table(tmp_path, "nlhe")
    out = tmp_path / "night.ohh"
    assert main(["export", code, "--db", db, "--format", "ohh", "--out", str(out)]) == 0
    for hand in read_ohh_file(out.read_text(encoding="utf-8")):
        assert_valid(hand)
        ohh = hand["ohh"]
        assert "hero_player_id" not in ohh and "Observed" in ohh["flags"]
        assert all(a["action"] != "Dealt Cards" for r in ohh["rounds"] for a in r["actions"])


@pytest.mark.parametrize(
    ("variant_key", "game"), [("stud", "Seven-Card Stud"), ("nlsd", "No-Limit Short-Deck Hold'em")]
)
def test_a_table_of_a_game_ohh_cannot_express_is_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], variant_key: str, game: str
) -> None:
    db, code = stored_table(tmp_path, variant_key)
    out = tmp_path / "refused.ohh"
    assert main(["export", code, "--db", db, "--format", "ohh", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"nothing written: Open Hand History has no form for {game}" in err
    assert f"{HANDS} hands" in err
    assert not out.exists()


def test_as_a_name_nobody_played_as_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db, code = stored_table(tmp_path, "nlhe")
    out = tmp_path / "nobody.ohh"
    assert (
        main(["export", code, "--db", db, "--format", "ohh", "--as", "Zed", "--out", str(out)]) == 1
    )
    assert "'Zed' played no finished hand" in capsys.readouterr().err
    assert not out.exists()
