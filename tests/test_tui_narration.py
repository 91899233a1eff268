"""The terminal tells a bet from a raise, as the page's hand log does (``tui.narration``)."""

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

NAMES = ["Ann", "Bob", "Cy"]


def test_raising_the_big_blind_is_a_raise_and_the_first_chips_after_the_flop_a_bet() -> None:
    lines = Narrator().lines(
        [
            StreetStarted(0, "preflop"),
            AntePosted(0, 5),
            BlindPosted(1, 10, "small"),
            BlindPosted(2, 20, "big"),
            ActionTaken(0, "bet_or_raise", 60),
            ActionTaken(1, "call", 60),
            StreetStarted(1, "flop", True),
            ActionTaken(1, "check"),
            ActionTaken(0, "bet_or_raise", 80),
            ActionTaken(1, "bet_or_raise", 240),
        ],
        NAMES,
    )
    assert lines[4:] == [
        "Ann raises to 60",
        "Bob calls (to 60)",
        "--- flop ---",
        "Bob checks",
        "Ann bets 80",
        "Bob raises to 240",
    ]


def test_antes_alone_are_dead_money_and_a_bring_in_is_the_bet_to_raise() -> None:
    narrator = Narrator()
    antes = [StreetStarted(0, "third"), AntePosted(0, 5), AntePosted(1, 5)]
    assert narrator.lines([*antes, ActionTaken(0, "bet_or_raise", 20)], NAMES)[-1] == "Ann bets 20"
    told = narrator.lines([*antes, BringInPosted(1, 10), ActionTaken(0, "bet_or_raise", 20)], NAMES)
    assert told[-1] == "Ann raises to 20"


def test_a_pot_says_who_wins_it_and_a_split_gives_each_share() -> None:
    won = PotAwarded(0, 60, ((1, 60),), "Two Pair, Kings and Sevens")
    split = PotAwarded(1, 61, ((0, 31), (2, 30)), "Straight, Nine high")
    lines = Narrator().lines([won, split], NAMES)
    assert lines == [
        "Bob wins the main pot of 60 with Two Pair, Kings and Sevens",
        "Ann and Cy split side pot 1 of 61 with Straight, Nine high: Ann 31, Cy 30",
    ]


def test_seats_are_counted_from_one_as_the_page_shows_them() -> None:
    seated = {"type": "PlayerSeated", "seat": 0, "name": "Ann", "buy_in": 500, "player_id": "1"}
    assert narrate_table(seated, {}) == "Ann sits in seat 1 with 500"
