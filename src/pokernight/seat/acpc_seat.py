"""The ACPC side of a program seat: which line the bot is told, and what its answer asks.

``AcpcSeat`` keeps the newest ``MATCHSTATE`` line it sent (``acpc.match_state`` of the
seat's view of the hand) and judges each answer against it: an answer to an older line
is stale, an answer out of turn is refused, and an action becomes the protocol's
``act``. After a refusal at the seat's turn (a malformed action, a line that is no
``MATCHSTATE:...:ACTION``, or a move the server refuses) the same line is sent again, so
the bot answers again, at most ``ASKS_AGAIN`` times a turn (a bot that keeps answering
the same way would spin); then the table's clock plays the turn. An answer to an older
line is not asked again: the bot has been sent the newest line and its answer to it is
still to come (asking again would make it answer twice).
"""

from __future__ import annotations

import contextlib
from typing import Any

from pokernight.client import TableState
from pokernight.seat.acpc import (
    AcpcRefusedError,
    AcpcView,
    answer_intent,
    match_state,
    split_answer,
    unfit,
)
from pokernight.seat.acpc_link import AcpcLink

Json = dict[str, Any]
Turn = tuple[int, int]
ASKS_AGAIN = 3


class AcpcSeat:
    def __init__(self, link: AcpcLink) -> None:
        self.link = link
        self.games: dict[str, Json] = {}  # the server's game facts, by key (``/api/games``)
        self.view: AcpcView | None = None
        self._asked: tuple[Turn, int] | None = None  # a turn, and how often it was re-asked

    def refusal(self, settings: Json) -> str | None:
        """Why a table with ``settings`` cannot have an ACPC seat (None: it can)."""
        if settings.get("run_it_twice"):
            return "ACPC cannot ask a bot whether to run it twice: the table plays run it twice"
        for key in settings.get("dealers_choice") or [settings["variant"]]:
            why = unfit(self.games[key], settings["betting"], settings["stakes"])
            if why is not None:
                return why
        return None

    def tell(self, state: TableState, finished: Json | None = None) -> None:
        """Send the bot its view of the hand when it changed (hold'em hands it is dealt);
        ``finished``: the hand that just ended, told before the next one."""
        hand = finished or (state.hand if state.hand is not None else state.last_hand)
        if hand is None or state.my_seat not in hand["seats"] or not hand["events"]:
            return
        started = hand["events"][0]
        game = self.games.get(hand["variant"])
        if game is not None and unfit(game, started["betting"], started["stakes"]):
            return  # a game ACPC cannot say (the host changed it): the clock plays it
        if started.get("straddles"):
            return  # a Mississippi straddle or re-straddles: no ACPC blinds say them either
        viewer = hand["seats"].index(state.my_seat)
        view = match_state(hand["events"], viewer, hand["hand_number"])
        if self.view is None or view.line != self.view.line:
            self.view = view
            self.link.send(view.line)

    def intent(self, line: str, turn: Turn | None, legal: Json | None) -> tuple[str, int | None]:
        """The ``act`` (kind, amount) a bot's answer ``line`` asks for at the seat's ``turn``
        (None: not its turn), or AcpcRefusedError saying why not."""
        answered, action = split_answer(line)
        if self.view is None or answered != self.view.line:
            newest = "none yet" if self.view is None else self.view.line
            raise AcpcRefusedError(f"it answers a state that is not the newest ({newest})")
        if turn is None or legal is None:
            raise AcpcRefusedError("it is not your turn")
        return answer_intent(action, self.view, legal)

    def ask_again(self, turn: Turn | None, answer: str) -> bool:
        """After ``answer`` was refused (by the seat or by the server): send the newest line
        again when it is the seat's ``turn`` and the answer did not answer an older line,
        so that the bot answers again; at most ``ASKS_AGAIN`` times a turn. True: sent."""
        if self.view is None or turn is None:
            return False
        with contextlib.suppress(AcpcRefusedError):  # no line named: asked again too
            if split_answer(answer)[0] != self.view.line:
                return False  # an older line's answer: the newest has been sent already
        asked = self._asked[1] if self._asked is not None and self._asked[0] == turn else 0
        if asked >= ASKS_AGAIN:
            return False  # the bot keeps answering wrong: the clock plays the turn
        self._asked = (turn, asked + 1)
        self.link.send(self.view.line)
        return True
