"""What the terminal shows and asks, whoever deals: the local game and a server's table alike.

A ``TablePicture`` is one seat's view of a hand, made from the rules engine's
``HandView`` (local game) or from the server's JSON (``remote_view``); a
``Screen`` draws it (a rich table, or one plain line for screen readers) and
asks for an action against the legal ones until the answer is one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pokernight.cards import Card, Rank
from pokernight.rules import Action, HandView, LegalActions
from pokernight.tui.cards import cards_text, plain_cards
from pokernight.tui.prompt import PromptError, choices, parse_answer
from pokernight.words import words

Ask = Callable[[str], str]


@dataclass(frozen=True, slots=True)
class TablePicture:
    """One seat's view of a hand; every sequence is indexed by the hand's seats."""

    me: int
    names: Sequence[str]
    stacks: Sequence[int]
    bets: Sequence[int]
    cards: Sequence[Sequence[Card | None]]
    folded: Sequence[bool]
    board: Sequence[Card]
    pot: int
    to_act: int | None
    wild_ranks: frozenset[int]


def picture_of(seen: HandView, me: int, names: Sequence[str]) -> TablePicture:
    return TablePicture(
        me=me,
        names=names,
        stacks=seen.stacks,
        bets=seen.bets,
        cards=seen.cards,
        folded=seen.folded,
        board=seen.board,
        pot=seen.pot,  # the engine's total, as the server's status.pot
        to_act=seen.to_act,
        wild_ranks=seen.wild_ranks,
    )


class Screen:
    def __init__(self, console: Console, plain: bool, ask: Ask = input) -> None:
        self.console = console
        self.plain = plain
        self.ask = ask

    def say(self, line: str) -> None:
        if self.plain:
            # One line per change, however long: a screen reader or a log reads it whole.
            self.console.print(line, markup=False, highlight=False, soft_wrap=True)
        else:
            self.console.print(Text(line))

    def show_table(self, picture: TablePicture) -> None:
        if self.plain:
            self.say(_plain_summary(picture))
            return
        say = words()
        title = say("terminal.pot", amount=picture.pot) + wild_words(picture.wild_ranks)
        table = Table(title=title, show_edge=False)
        for column in ("player", "stack", "bet", "cards"):
            table.add_column(say(f"terminal.column.{column}"))
        for seat, name in enumerate(picture.names):
            shown = say("terminal.folded", name=name) if picture.folded[seat] else name
            turn = "▶ " if picture.to_act == seat else "  "
            table.add_row(
                turn + shown,
                str(picture.stacks[seat]),
                str(picture.bets[seat]),
                cards_text(picture.cards[seat]),
            )
        self.console.print(table)
        if picture.board:
            self.console.print(Text(f"{say('terminal.board')}: ") + cards_text(picture.board))

    def read_action(self, legal: LegalActions, clock: str = "") -> Action:
        """Ask until the answer is a legal action (``QuitGame``/``EOFError`` end the game)."""
        say = words()
        prompt = say("terminal.your_turn", clock=clock, choices=choices(legal)) + " "
        while True:
            try:
                return parse_answer(self.ask(prompt), legal)
            except PromptError as error:
                self.say(say("terminal.not_understood", error=error))


def wild_words(wild_ranks: frozenset[int]) -> str:
    if not wild_ranks:
        return ""
    say = words()
    ranks = [say(f"hands.ranks.{Rank(rank).symbol}") for rank in sorted(wild_ranks)]
    return say("terminal.wild", ranks=f" {say('terminal.and')} ".join(ranks))


def _plain_summary(picture: TablePicture) -> str:
    say = words()
    me = picture.me
    board = say("terminal.summary_board", cards=plain_cards(picture.board)) if picture.board else ""
    return say(
        "terminal.summary",
        cards=plain_cards(picture.cards[me]),
        board=board,
        wild=wild_words(picture.wild_ranks),
        pot=picture.pot,
        stack=picture.stacks[me],
    )
