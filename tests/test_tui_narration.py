"""The terminal tells each action as the engine named it, as the page's hand log does
(``tui.narration``)."""

from __future__ import annotations

from pokernight.rules import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    BringInPosted,
    PotAwarded,
    StreetStarted,
)
from pokernight.tui.narration import Narrator, narrate_table
from pokernight.tui.remote_view import seat_label

NAMES = ["Ann", "Bob", "Cy"]


def test_each_action_is_told_as_the_engine_named_it() -> None:
    lines = Narrator().lines(
        [
            StreetStarted(0, "preflop"),
            BlindPosted(1, 10, "small"),
            BlindPosted(2, 20, "big"),
            ActionTaken(0, "bet_or_raise", 60, "raise"),
            ActionTaken(1, "call", 60, "call"),
            ActionTaken(2, "fold", None, "fold"),
            StreetStarted(1, "flop", True),
            ActionTaken(1, "check", None, "check"),
            ActionTaken(0, "bet_or_raise", 80, "bet"),
            ActionTaken(1, "bet_or_raise", 240, "raise", True),
            ActionTaken(0, "call", 200, "call", True),
        ],
        NAMES,
    )
    assert lines[3:] == [
        "Ann raises to 60",
        "Bob calls (to 60)",
        "Cy folds",
        "--- flop ---",
        "Bob checks",
        "Ann bets 80",
        "Bob raises to 240 and is all-in",
        "Ann calls (to 200) and is all-in",
    ]


def test_a_bet_over_a_bring_in_is_told_as_completing_it_and_nothing_is_guessed() -> None:
    """The narrator tells what the event says, not what the bets before it suggest."""
    told = Narrator().lines(
        [
            StreetStarted(0, "third"),
            AntePosted(0, 5),
            AntePosted(1, 5),
            BringInPosted(1, 3, True),
            ActionTaken(0, "bet_or_raise", 20, "complete"),
        ],
        NAMES,
    )
    assert told[-2:] == ["Bob brings in for 3 and is all-in", "Ann completes to 20"]
    assert Narrator().lines([ActionTaken(0, "bet_or_raise", 20, "bet")], NAMES) == ["Ann bets 20"]


def test_an_action_from_before_actions_were_named_is_told_by_its_kind() -> None:
    older = [ActionTaken(0, "bet_or_raise", 20), ActionTaken(1, "call", 20)]
    assert Narrator().lines(older, NAMES) == ["Ann bets or raises to 20", "Bob calls (to 20)"]


def test_a_pot_says_who_wins_it_and_a_split_gives_each_share() -> None:
    won = PotAwarded(0, 60, ((1, 60),), "Two Pair, Kings and Sevens")
    split = PotAwarded(1, 61, ((0, 31), (2, 30)), "Straight, Nine high")
    lines = Narrator().lines([won, split], NAMES)
    assert lines == [
        "Bob wins the main pot of 60 with Two Pair, Kings and Sevens",
        "Ann and Cy split side pot 1 of 61 with Straight, Nine high: Ann 31, Cy 30",
    ]


def test_a_hi_lo_pot_is_told_half_by_half() -> None:
    quartered = PotAwarded(
        0, 61, ((1, 31), (0, 15), (2, 15)), "high: Flush, Ace high, low: 7-5-4-2-A low",
        ((1, 31),), ((0, 15), (2, 15)),
    )  # fmt: skip
    scooped = PotAwarded(1, 20, ((1, 20),), "high: One Pair, Aces, no low", ((1, 20),))
    assert Narrator().lines([quartered, scooped], NAMES) == [
        "The main pot of 61, high: Bob 31, low: Ann 15, Cy 15"
        " (high: Flush, Ace high, low: 7-5-4-2-A low)",
        "Side pot 1 of 20, high: Bob 20, no low (high: One Pair, Aces, no low)",
    ]


def test_a_chicago_pot_is_told_high_and_spade() -> None:
    split = PotAwarded(
        0, 41, ((1, 21), (0, 20)), "high: Three of a Kind, Kings, spade: Ace",
        ((1, 21),), ((0, 20),),
    )  # fmt: skip
    scooped = PotAwarded(0, 20, ((1, 20),), "high: One Pair, Aces, no spade", ((1, 20),))
    assert Narrator().lines([split, scooped], NAMES) == [
        "The main pot of 41, high: Bob 21, spade: Ann 20"
        " (high: Three of a Kind, Kings, spade: Ace)",
        "The main pot of 20, high: Bob 20, no spade (high: One Pair, Aces, no spade)",
    ]


def test_seats_are_counted_from_one_as_the_page_shows_them() -> None:
    seated = {"type": "PlayerSeated", "seat": 0, "name": "Ann", "buy_in": 500, "player_id": "1"}
    assert narrate_table(seated, {}) == "Ann sits in seat 1 with 500"


def test_a_bot_or_a_friends_program_is_marked_wherever_its_name_is_told() -> None:
    assert seat_label("Ann", None, False) == "Ann"
    assert seat_label("Robo", None, True) == "Robo [bot (program)]"
    assert seat_label("Bot 2", "hard", False) == "Bot 2 [bot (hard)]"
    seated = {"type": "PlayerSeated", "seat": 2, "name": "Robo", "buy_in": 300}
    assert narrate_table(seated, {2: seat_label("Robo", None, True)}) == (
        "Robo [bot (program)] sits in seat 3 with 300"
    )


def test_straddles_are_told_as_straddles() -> None:
    """Each straddle posted (a Mississippi straddle and re-straddles too), and a player's
    choice to straddle or stop, as the page's log tells them (decision 45)."""
    lines = Narrator().lines(
        [BlindPosted(1, 10, "small"), BlindPosted(2, 20, "big"), BlindPosted(0, 40, "straddle")],
        NAMES,
    )
    assert lines[-1] == "Ann straddles 40"
    names = {0: "Ann"}
    assert narrate_table({"type": "StraddleChosen", "seat": 0, "on": True}, names) == (
        "Ann straddles from the next hand"
    )
    assert narrate_table({"type": "StraddleChosen", "seat": 0, "on": False}, names) == (
        "Ann stops straddling"
    )
