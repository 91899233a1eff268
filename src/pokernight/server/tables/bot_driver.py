"""Bots at a server table: each acts at its turn, through the inbox like anybody else.

The actor tells the driver after every commit what happened (``after_commit``).
When a bot's turn comes, the driver builds that seat's ``HandView`` (the
engine's ``view``: the bot never holds the hand, so never a hidden card),
asks the bot for an action in a worker thread (a hard bot thinks for up to a
fifth of a second, and the table must not wait on it), waits a human-like
moment, and puts an ``act`` intent in the table's inbox from the bot's own
``Connection``: ordering, persistence and broadcast are the ones a person's
action gets. A bot is a seat whose ``PlayerSeated`` named a level, so after
a restart the bots are rebuilt from the events and play on (``resume``).

The bots of a table share one opponent model (each learns from public events and
shown cards only, so one learning per hand is every bot's), and with a ``BotMemory``
it holds what the club's bots learned of its members at earlier tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, cast

from starlette.websockets import WebSocket

from pokernight import bots
from pokernight.bots.stats import OpponentModel
from pokernight.rules import Action, Hand, HandView, view
from pokernight.server.tables import messages as msg
from pokernight.server.tables.bot_memory import BotMemory
from pokernight.server.tables.connection import Connection
from pokernight.table import (
    Act,
    Folded,
    HandDealt,
    HandFinished,
    PlayerLeft,
    PlayerSeated,
    ShowCards,
    Table,
)
from pokernight.table.bounty import bounty_to_claim

log = logging.getLogger(__name__)

DELAY_SPREAD = (0.5, 1.5)
"""A bot waits between half and one and a half times the table's ``bot_delay_seconds``."""


class BotSeat(Connection):
    """The bot's side of the inbox: what the actor answers it is logged, never sent anywhere."""

    def __init__(self, player_id: str, name: str) -> None:
        # No socket: the actor only ever calls ``send`` on a connection it did not attach.
        super().__init__(cast(WebSocket, None), player_id, name, outbox=1)

    def send(self, message: dict[str, Any]) -> None:
        if message.get("type") == "error":
            log.warning("bot %s was refused: %s", self.player_id, message.get("reason"))

    def send_text(self, text: str) -> None:
        pass


Turn = tuple[int, int]
"""A turn: the hand number and how many hand events came before it."""


class BotDriver:
    """Plays the bot seats of one table; ``submit`` is the table's inbox."""

    def __init__(
        self,
        submit: Callable[[Connection, msg.Intent], None],
        rng: random.Random,
        memory: BotMemory | None = None,
    ) -> None:
        self.submit = submit
        self.rng = rng
        self.memory = memory
        self.model = OpponentModel()  # every bot's at this table
        self.bots: dict[str, bots.Bot] = {}
        self.turn: Turn | None = None
        self.task: asyncio.Task[None] | None = None
        self.last_hand: tuple[Hand, HandDealt] | None = None

    def resume(self, table: Table) -> None:
        """After a restart: a bot whose turn it was plays it."""
        self._play_turn(table)

    def replay_turn(self, table: Table) -> None:
        """After a reload: a bot whose move was lost plays its turn again."""
        self.turn = None
        self._play_turn(table)

    def after_commit(self, done: Sequence[Folded], table: Table) -> None:
        if not self.bots and all(seat.bot is None for seat in table.seats.values()):
            return  # most tables have no bot: this runs after every commit
        for folded in done:
            if folded.hand is not None and folded.started is not None:
                self.last_hand = (folded.hand, folded.started)
            if isinstance(folded.event, HandFinished):
                self._learn(table)
                self._claim_bounty(table)
            elif isinstance(folded.event, PlayerSeated) and self.bots:
                self._recall([folded.event.player_id])
            elif isinstance(folded.event, PlayerLeft):
                self.bots.pop(folded.event.player_id, None)
        self._play_turn(table)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        if self.memory is not None:
            await self.memory.settle()  # what was learned is kept

    def _play_turn(self, table: Table) -> None:
        hand, started = table.hand, table.started
        if hand is None or started is None or hand.to_act is None:
            return
        turn = (started.hand_number, len(hand.events))
        seat = table.seats[started.seats[hand.to_act]]
        if seat.bot is None or turn == self.turn:
            return
        self.turn = turn
        bot = self._bot(seat.player_id, seat.bot, table)
        players = [_player(table, number) for number in started.seats]
        delay = self.rng.uniform(*DELAY_SPREAD) * table.settings.bot_delay_seconds
        connection = BotSeat(seat.player_id, seat.name)
        seen = view(hand, hand.to_act)
        self.task = asyncio.get_running_loop().create_task(
            self._act(bot, seen, players, delay, connection), name=f"bot {seat.player_id}"
        )

    async def _act(
        self,
        bot: bots.Bot,
        seen: HandView,
        players: list[str],
        delay: float,
        connection: BotSeat,
    ) -> None:
        loop = asyncio.get_running_loop()
        began = loop.time()
        action: Action = await asyncio.to_thread(bot.decide, seen, players)
        await asyncio.sleep(max(delay - (loop.time() - began), 0.0))
        intent = msg.asking(
            Act, kind=action.kind.value, amount=action.amount, cards=tuple(map(str, action.cards))
        )
        self.submit(connection, intent)

    def _bot(self, player_id: str, level: str, table: Table) -> bots.Bot:
        if player_id not in self.bots:
            if not self.bots:  # the first bot: what the club knew of the people here
                self._recall(seat.player_id for seat in table.seats.values())
            rng = random.Random(self.rng.getrandbits(64))
            bot = bots.make_bot(level, rng, tournament=table.tournament)
            bot.opponents = self.model
            self.bots[player_id] = bot
        return self.bots[player_id]

    def _claim_bounty(self, table: Table) -> None:
        """A bot that won a pot with seven-deuce shows it, to collect the table's bounty."""
        number = bounty_to_claim(table)
        seat = None if number is None else table.seats[number]
        if seat is not None and seat.bot is not None:
            self.submit(BotSeat(seat.player_id, seat.name), msg.asking(ShowCards))

    def _recall(self, player_ids: Iterable[str]) -> None:
        if self.memory is not None:
            self.memory.recall(player_ids, self.model)

    def _learn(self, table: Table) -> None:
        """The bots learn their opponents' habits from a finished hand, once: from the view
        of a bot that played it (public events and shown cards are all a view adds)."""
        if self.last_hand is None:
            return
        hand, started = self.last_hand
        self.last_hand = None
        players = [_player(table, number) for number in started.seats]
        index = next((i for i, player_id in enumerate(players) if player_id in self.bots), None)
        if index is None:
            return
        self.bots[players[index]].learn(view(hand, index), players)
        if self.memory is not None:
            self.memory.keep(players, self.model)


def _player(table: Table, number: int) -> str:
    """Who sits at seat ``number``: the name a bot keeps its statistics under."""
    seat = table.seats.get(number)
    return str(number) if seat is None else seat.player_id
