"""The terminal game plays whole hands from scripted input, one line per change with --plain."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from itertools import chain, cycle

import pytest
from rich.console import Console

from pokernight.cli.main import main
from pokernight.rules import variant_for
from pokernight.tui import GameSettings, TerminalGame


def _script(answers: list[str]) -> Callable[[str], str]:
    """The answers, then "call" and "check" in turn (one of them is always legal)."""
    queue = chain(answers, cycle(["call", "check"]))

    def ask(prompt: str) -> str:
        return next(queue)

    return ask


def test_a_whole_hand_plays_from_scripted_input_in_plain_mode(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("c\nxyz\nk\nk\nk\nk\nk\nk\nk\nk\n"))
    args = ["play", "--plain", "--seed", "1", "--bots", "2", "--level", "easy", "--hands", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Player is dealt 2h 4d face down" in out
    assert "Your turn (fold, call 20, raise to 40-2000)" in out
    assert "Not understood: 'xyz' is not an action" in out
    assert re.search(r"(wins|split) the main pot of", out)
    last_two = out.rstrip().splitlines()[-2:]
    assert last_two[0].startswith("Hand over. Stacks: Player ")
    assert last_two[1].startswith("1 hand played: you bought in for 2000 and leave with ")


def test_a_raise_outside_the_legal_amounts_is_refused_and_asked_again() -> None:
    output = io.StringIO()
    settings = GameSettings(variant_for("nlhe"), 1, "easy", plain=True, hands=1)
    answers = ["raise 5", "raise 1000000", "fold"]
    game = TerminalGame(settings, Console(file=output), random.Random(2), _script(answers))
    assert game.play() == 1
    text = output.getvalue()
    assert "the total must be from" in text
    assert "Player folds" in text or "Hand over" in text


def test_follow_the_queen_plays_to_the_end_with_wild_cards_named() -> None:
    output = io.StringIO()
    settings = GameSettings(variant_for("ftq"), 3, "medium", plain=True, hands=2)
    game = TerminalGame(
        settings, Console(file=output), random.Random(5), _script(["bring", "call"])
    )
    assert game.play() == 2
    text = output.getvalue()
    assert text.count("Hand over. Stacks:") == 2
    assert "wild: Queens" in text


def test_the_rich_game_draws_suits_in_four_colours() -> None:
    output = io.StringIO()
    settings = GameSettings(variant_for("nlhe"), 2, "easy", hands=1)
    console = Console(file=output, force_terminal=True, color_system="truecolor", width=100)
    TerminalGame(settings, console, random.Random(1), _script(["fold"])).play()
    text = output.getvalue()
    assert "♥" in text or "♦" in text or "♣" in text or "♠" in text
    assert "Pot 30" in text


def _answers_then_end_of_input(answers: list[str]) -> Callable[[str], str]:
    queue = iter(answers)

    def ask(prompt: str) -> str:
        answer = next(queue, None)
        if answer is None:
            raise EOFError
        return answer

    return ask


def test_end_of_input_mid_hand_gives_the_hand_up_and_states_the_stack_left() -> None:
    output = io.StringIO()
    settings = GameSettings(variant_for("nlhe"), 1, "easy", plain=True)
    ask = _answers_then_end_of_input([])
    game = TerminalGame(settings, Console(file=output), random.Random(3), ask)
    assert game.play() == 0
    # Heads-up the human has the button and the small blind (10 of 2,000), and acts first.
    last = output.getvalue().rstrip().splitlines()[-2:]
    assert last == [
        "Goodbye. You give up the hand in play and the 10 you put in it.",
        "0 hands played: you bought in for 2000 and leave with 1990, down 10.",
    ]


def test_quitting_in_the_second_hand_gives_up_that_hand_after_the_first_was_settled() -> None:
    output = io.StringIO()
    settings = GameSettings(variant_for("nlhe"), 1, "easy", plain=True)
    console = Console(file=output)
    game = TerminalGame(settings, console, random.Random(3), _script(["fold", "q"]))
    assert game.play() == 1
    text = output.getvalue()
    assert "Player folds" in text
    # The fold lost the small blind; the big blind's 20 goes with the quit second hand.
    assert text.rstrip().splitlines()[-2:] == [
        "Goodbye. You give up the hand in play and the 20 you put in it.",
        "1 hand played: you bought in for 2000 and leave with 1970, down 30.",
    ]


def test_when_the_hands_run_out_the_night_is_summed_up() -> None:
    output = io.StringIO()
    settings = GameSettings(variant_for("nlhe"), 1, "easy", plain=True, hands=1)
    game = TerminalGame(settings, Console(file=output), random.Random(3), _script(["fold"]))
    assert game.play() == 1
    assert output.getvalue().rstrip().splitlines()[-1] == (
        "1 hand played: you bought in for 2000 and leave with 1990, down 10."
    )


def test_a_draw_game_asks_for_the_cards_to_throw() -> None:
    """2-7 Triple Draw: the prompt names the draw; a card that is no card, or too many, is
    refused and asked again; ``pat`` stands pat; everybody's draws are told by count."""
    output = io.StringIO()
    settings = GameSettings(variant_for("27td"), 2, "easy", plain=True, hands=1)
    draws = iter(["draw Zz", "draw 2c 3c 4c 5c 6c 7c", "pat"])
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if "draw and the cards to throw" in prompt:
            return next(draws, "p")
        return "call" if "call" in prompt else "check"

    game = TerminalGame(settings, Console(file=output), random.Random(3), ask)
    assert game.play() == 1
    text = output.getvalue()
    assert "Your turn (draw and the cards to throw (up to 5, e.g. 'draw Ah Kd'), pat): " in prompts
    assert "Not understood: zz is not a card" in text
    assert "Not understood: you may throw at most 5 cards" in text
    assert "Player stands pat" in text
    assert re.search(r"Bot \d+ (draws \d|stands pat)", text)
