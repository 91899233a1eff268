"""``TerminalGame``: the human at seat 0 against bots, one hand after another.

Every event the human's seat sees is told as it happens: one plain line each
with ``plain`` (screen readers, SSH, logs), or in colour with a table of the
players before each of the human's decisions. Stacks carry from hand to hand;
a player who runs out buys in again. Quitting (or the end of input) in the
middle of a hand gives that hand up with the chips already in it. Input comes
from ``ask`` (``input`` by default) so a script of answers can drive a game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from rich.console import Console

from pokernight.bots import Bot, make_bot
from pokernight.cards import shuffled
from pokernight.rules import Action, Hand, HandView, RulesError, Variant, default_stakes, view
from pokernight.tui.narration import Narrator
from pokernight.tui.prompt import QuitGame
from pokernight.tui.screen import Screen, picture_of
from pokernight.words import words

HUMAN = 0
BUY_IN_UNITS = 100


@dataclass(frozen=True, slots=True)
class GameSettings:
    variant: Variant
    bots: int
    level: str
    plain: bool = False
    hands: int | None = None  # None: until the human quits
    name: str = "Player"


class TerminalGame:
    def __init__(
        self,
        settings: GameSettings,
        console: Console,
        rng: random.Random,
        ask: Callable[[str], str] = input,
    ) -> None:
        if not 1 <= settings.bots <= settings.variant.max_players - 1:
            most = settings.variant.max_players - 1
            raise ValueError(words()("terminal.bots_range", game=settings.variant.name, most=most))
        self.settings = settings
        self.screen = Screen(console, settings.plain, ask)
        self.rng = rng
        self.stakes = default_stakes(settings.variant)
        self.names = [settings.name, *(f"Bot {seat}" for seat in range(1, settings.bots + 1))]
        self.narrator = Narrator()
        self.bots: list[Bot] = [
            make_bot(settings.level, random.Random(rng.getrandbits(64)))
            for _ in range(settings.bots)
        ]
        self.buy_in = BUY_IN_UNITS * self.stakes.minimum_bet()
        self.stacks = [self.buy_in] * len(self.names)
        self.bought_in = self.buy_in  # the human's buy-ins, rebuys included
        self.hand: Hand | None = None  # the hand being played, or the last one

    def play(self) -> int:
        """Play until the hands run out or the human quits; the number of hands played."""
        played = 0
        try:
            while self.settings.hands is None or played < self.settings.hands:
                self._play_hand(button=played % len(self.names))
                played += 1
        except (QuitGame, EOFError):
            self._say(self._goodbye())
        self._say(self._summary(played))
        return played

    def _leaving_with(self) -> int:
        """The human's stack now: a hand left unfinished is given up, not paid back."""
        hand = self.hand
        if hand is None or hand.final_stacks is not None:
            return self.stacks[HUMAN]
        return hand.stacks[HUMAN]

    def _goodbye(self) -> str:
        hand = self.hand
        say = words()
        if hand is None or hand.final_stacks is not None:
            return say("terminal.goodbye")
        put_in = hand.starting_stacks[HUMAN] - hand.stacks[HUMAN]
        if put_in:
            return say("terminal.goodbye_give_up_chips", amount=put_in)
        return say("terminal.goodbye_give_up")

    def _summary(self, played: int) -> str:
        """The night in one line: the hands, what the human bought in and leaves with."""
        say = words()
        left = self._leaving_with()
        net = left - self.bought_in
        if net:
            result = say("terminal.up" if net > 0 else "terminal.down", amount=abs(net))
        else:
            result = say("terminal.even")
        hands = say("terminal.hands", count=played)
        return say(
            "terminal.left_summary", hands=hands, bought=self.bought_in, left=left, result=result
        )

    def _play_hand(self, button: int) -> None:
        self._rebuy()
        deck = shuffled(self.settings.variant.cards, self.rng)
        hand = self.hand = Hand.start(self.settings.variant, self.stakes, self.stacks, button, deck)
        told = 0
        while True:
            seen = view(hand, HUMAN)
            told = self._tell(seen, told)
            seat = hand.to_act
            if seat is None:
                break
            if seat == HUMAN:
                self._human_acts(hand, seen)
            else:
                bot_view = view(hand, seat)
                hand.act(self.bots[seat - 1].decide(bot_view, self.names))
        for seat, bot in enumerate(self.bots, start=1):
            bot.learn(view(hand, seat), self.names)
        self.stacks = list(hand.final_stacks or hand.stacks)

    def _rebuy(self) -> None:
        for seat, stack in enumerate(self.stacks):
            if stack == 0:
                self.stacks[seat] = self.buy_in
                if seat == HUMAN:
                    self.bought_in += self.buy_in
                self._say(
                    words()("terminal.buys_in_again", name=self.names[seat], amount=self.buy_in)
                )

    def _tell(self, seen: HandView, told: int) -> int:
        for line in self.narrator.lines(seen.events[told:], self.names):
            self._say(line)
        return len(seen.events)

    def _human_acts(self, hand: Hand, seen: HandView) -> None:
        """Ask until the engine takes the answer (a draw may name a card not held: the
        engine's reason is said and the question asked again)."""
        while True:
            action = self._ask_human(seen)
            try:
                hand.act(action)
            except RulesError as error:
                say = words()
                self._say(
                    say(
                        "terminal.refused", reason=say.refusal(error.code, error.params, str(error))
                    )
                )
            else:
                return

    def _ask_human(self, seen: HandView) -> Action:
        assert seen.legal is not None
        self.screen.show_table(picture_of(seen, HUMAN, self.names))
        return self.screen.read_action(seen.legal)

    def _say(self, line: str) -> None:
        self.screen.say(line)
