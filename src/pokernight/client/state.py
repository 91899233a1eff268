"""A client's picture of a table, folded from the versions the server sends it.

The server is the authority: this only records what the recipient was told.
A snapshot replaces everything; every other version is one table event (with
the hand events it caused and the hand's public ``status``), or a bare
``{"v": n}`` that keeps the version count without telling anything.

It folds the same facts as the page's fold (``web/js/state.js``), fact for fact:
``tests/test_client_fold_agrees.py`` feeds both the same recorded version streams and
compares what they hold. What only the page keeps is the page's own: its clock's offset,
the contributions it sent (the Python client keeps those in ``TableClient.contributed``),
and the words and marks it draws a hand with (streets, last actions, shown hands' names),
which are read from ``events``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Json = dict[str, Any]

PROOFS_KEPT = 20
"""As many as the server's "last hands" (its ring of hands), like the page."""

WIRE_KEYS = frozenset(
    {"v", "at", "seated", "rabbit_hunt", "next_game", "blind_clock", "hand", "status", "fairness"}
)
"""What the server adds to a table event as it sends it: left out of a request kept."""


@dataclass
class TableState:
    """``hand`` None between hands; ``cards`` are indexed like ``hand["seats"]`` (None: hidden).

    ``gaps`` counts versions that did not follow the previous one. Such a version
    is not folded (nor is one already folded) and ``version`` stays at the last
    one folded, so resuming from ``version`` asks the server for exactly what was
    missed (the Python client does it by reconnecting). ``seat_requests``:
    players waiting for the host to seat them, by player id; ``rebuy_requests``: seated
    players waiting for the host to let them add chips; ``removed``: players the host
    removed, until let back.

    ``settings`` are the next hand's (the host's changes included); ``settings_in_play``
    those of the hand dealt last. ``proofs``: this recipient's fairness proof of each of
    the last ``PROOFS_KEPT`` hands, by hand number; ``next_deck``: the deck committed for
    the next hand (``{"hand_number", "commitment"}``) until it is dealt. ``closing``: the
    host closed the table during a hand, which ends with it; ``closed``: it is over.
    ``names``: everybody seen seated here, by player id (somebody who left stays named).
    ``running``, ``stopped``: the room's dealing, and why play stopped for good, as the
    last snapshot said.
    """

    player_id: str | None = None
    version: int = 0
    settings: Json = field(default_factory=dict)
    settings_in_play: Json = field(default_factory=dict)
    host: str | None = None
    host_change: Json | None = None  # the last HostChanged seen: {host, reason, previous}
    hand_number: int = 0
    seats: dict[int, Json] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    hand: Json | None = None
    last_hand: Json | None = None
    seat_requests: dict[str, Json] = field(default_factory=dict)
    rebuy_requests: dict[str, Json] = field(default_factory=dict)
    removed: dict[str, Json] = field(default_factory=dict)
    proofs: dict[int, Json] = field(default_factory=dict)
    next_deck: Json | None = None
    rabbit_hunt: bool = False  # anybody seated may hunt the last hand's rabbit now
    next_game: str | None = None  # the game the next hand deals
    blind_clock: Json | None = None  # the blind levels and when each begins
    running: bool = False
    stopped: str | None = None
    closing: bool = False
    closed: bool = False
    gaps: int = 0
    connected: frozenset[str] | None = None  # players with a page open (None: not told yet)

    def apply(self, message: Json) -> None:
        version = int(message["v"])
        if message.get("type") == "snapshot":
            self._reset(message)
        elif version <= self.version:
            return  # already folded: a resume may send it again
        elif version != self.version + 1:
            self.gaps += 1
            return
        else:
            self._fold(message)
        self.version = version

    # Queries -----------------------------------------------------------------------------

    @property
    def free_seats(self) -> list[int]:
        """The table's empty seats, lowest first (by the server's seat count and seats)."""
        return [number for number in range(int(self.settings["seats"])) if number not in self.seats]

    @property
    def my_seat(self) -> int | None:
        return next(
            (number for number, seat in self.seats.items() if seat["player_id"] == self.player_id),
            None,
        )

    @property
    def is_host(self) -> bool:
        return self.player_id is not None and self.host == self.player_id

    @property
    def status(self) -> Json | None:
        return None if self.hand is None else self.hand.get("status")

    @property
    def to_act(self) -> int | None:
        status = self.status
        return None if status is None else status["to_act"]

    @property
    def clock_deadline(self) -> float | None:
        """When the clock acts for the seat to act (server time): a person with no page
        open gets the shorter away clock and not their time bank (``away_deadline``)."""
        status = self.status
        if status is None or status.get("deadline") is None:
            return None
        seat = self.seats.get(status["to_act"])
        away = (
            seat is not None
            and seat.get("bot") is None
            and self.connected is not None
            and seat["player_id"] not in self.connected
        )
        deadline: float = status[
            "away_deadline" if away and "away_deadline" in status else "deadline"
        ]
        return deadline

    @property
    def my_turn(self) -> bool:
        return self.to_act is not None and self.to_act == self.my_seat

    @property
    def legal(self) -> Json | None:
        status = self.status
        return None if status is None else status["legal"]

    def cards_of(self, seat: int) -> list[str | None]:
        if self.hand is None or seat not in self.hand["seats"]:
            return []
        cards: list[str | None] = self.hand["cards"][self.hand["seats"].index(seat)]
        return cards

    # Folding -----------------------------------------------------------------------------

    def _reset(self, snapshot: Json) -> None:
        table, room = snapshot["table"], snapshot.get("room") or {}
        self.settings = table["upcoming_settings"]
        self.settings_in_play = table.get("settings", self.settings)
        self.host = table["host"]
        self.hand_number = table.get("hand_number", self.hand_number)
        self._take_seats(table["seats"])
        self.seat_requests = {
            request["player_id"]: dict(request) for request in table.get("seat_requests", ())
        }
        self.rebuy_requests = {
            request["player_id"]: dict(request) for request in table.get("rebuy_requests", ())
        }
        self.removed = {gone["player_id"]: dict(gone) for gone in table.get("removed", ())}
        self.running = bool(room.get("running", False))
        self.stopped = room.get("stopped")
        self.rabbit_hunt = table.get("rabbit_hunt", False)
        self.next_game = table.get("next_game")
        self.blind_clock = table.get("blind_clock")
        self.next_deck = snapshot.get("next_deck")
        self.hand = None
        told = snapshot["hand"]
        if told is not None:
            # The hand is folded from its events, as the versions would have folded it; the
            # snapshot's own summary (its commitment, who folded) is kept beside them.
            hand = self._new_hand(told)
            hand["commitment"] = told.get("commitment")
            for item in told["events"]:
                self._fold_hand_event(hand, item)
            hand["folded"] = list(told["folded"])
            self._set_status(hand, told["status"])
            self.hand = hand

    def _fold(self, event: Json) -> None:
        kind = event.get("type")
        if "seated" in event:  # the seats as the server keeps them: none is worked out here
            self._take_seats(event["seated"])
        for key in ("rabbit_hunt", "next_game", "blind_clock"):  # the server's facts
            if key in event:
                setattr(self, key, event[key])
        match kind:
            case "TableOpened":
                self.settings = self.settings_in_play = event["settings"]
                self.host = event.get("host", self.host)
            case "SettingsChanged":
                self.settings = event["settings"]
            case "PlayerSeated":
                self.seat_requests.pop(event["player_id"], None)
            case "SeatRequested":
                self.seat_requests[event["player_id"]] = {
                    key: event[key] for key in ("seat", "player_id", "name", "buy_in")
                } | {"program": event.get("program", False)}
            case "SeatDeclined":
                self.seat_requests.pop(event["player_id"], None)
            case "RebuyRequested":
                self.rebuy_requests[event["player_id"]] = _told(event)
            case "RebuyDeclined":
                self.rebuy_requests.pop(event["player_id"], None)
            case "ChipsAdded" | "ChipsQueued" | "PlayerLeft":
                # The chips came (approved, or the host's own): no request of that seat is open.
                for player_id, asked in list(self.rebuy_requests.items()):
                    if asked["seat"] == event["seat"]:
                        del self.rebuy_requests[player_id]
                        break
            case "PlayerRemoved":
                self.removed[event["player_id"]] = _told(event)
            case "PlayerLetBack":
                self.removed.pop(event["player_id"], None)
            case "HostChanged":
                self.host = event["host"]
                self.host_change = {
                    "host": event["host"],
                    "reason": event.get("reason") or "",
                    "previous": event.get("previous"),
                }
            case "DeckCommitted":
                self.next_deck = {
                    "hand_number": event["hand_number"],
                    "commitment": event["commitment"],
                }
            case "HandDealt":
                self.next_deck = None
                self.settings_in_play = self.settings
                self.hand_number = event["hand_number"]
                self.hand = self._new_hand(event)
            case "HandFinished":
                self._finish(event)
            case "CardsShownByChoice":
                self._show_by_choice(event)
            case "RabbitHunted":
                self._show_rabbit(event)
            case "CloseRequested":
                self.closing = True
            case "TableClosed":
                self.closing, self.closed = False, True
        if self.hand is not None:
            for item in event.get("hand", ()):
                # The clock's move is the server's PlayerActed fact; its hand event does not
                # say it (an all-in it does: ``all_in``).
                timed_out = event.get("timed_out") and item["type"] == "ActionTaken"
                self._fold_hand_event(self.hand, {**item, "timed_out": True} if timed_out else item)
            if "status" in event:
                self._set_status(self.hand, event["status"])

    def _take_seats(self, seats: list[Json]) -> None:
        self.seats = {seat["seat"]: dict(seat) for seat in seats}
        for seat in seats:
            self.names[seat["player_id"]] = seat["name"]

    def _new_hand(self, started: Json) -> Json:
        """A hand just dealt (``HandDealt``, or a snapshot's hand): ``face_up`` is indexed
        like ``cards``, ``folded`` like ``seats`` (the server's, from its status)."""
        seats: list[int] = started["seats"]
        return {
            "hand_number": started["hand_number"],
            "variant": started["variant"],
            "betting": started.get("betting"),
            "stakes": started.get("stakes"),
            "button": started.get("button"),
            "seats": seats,
            "cards": [[] for _ in seats],
            "face_up": [[] for _ in seats],
            "board": [],
            "folded": [False for _ in seats],
            "events": [],
            "status": None,
        }

    @staticmethod
    def _set_status(hand: Json, status: Json | None) -> None:
        hand["status"] = status
        if status is not None and status.get("folded") is not None:
            # Who folded is the server's fact, kept past the end of the hand.
            hand["folded"] = list(status["folded"])

    def _finish(self, event: Json) -> None:
        proof = event.get("fairness")
        if proof is not None:
            self.proofs[proof["hand_number"]] = proof
            for old in sorted(self.proofs)[: max(len(self.proofs) - PROOFS_KEPT, 0)]:
                del self.proofs[old]
        if self.hand is not None:
            self.last_hand, self.hand = self.hand, None

    def _show_by_choice(self, event: Json) -> None:
        """A player showed the last hand's cards after it ended (all, or some of them):
        face up, the others left as they were. One's own cards are named already; somebody
        else's shown cards take the places of as many face-down backs."""
        hand = self.last_hand
        if hand is None or hand["hand_number"] != event["hand_number"]:
            return
        if event["seat"] not in hand["seats"]:
            return
        index = hand["seats"].index(event["seat"])
        dealt: list[str | None] = hand["cards"][index]
        up: list[bool] = hand["face_up"][index]
        shown: list[str] = list(event["cards"])
        mine = all(card in dealt for card in shown)
        left = list(shown)
        for position, card in enumerate(dealt):
            if mine and card in shown:
                up[position] = True
            elif not mine and card is None and left:
                dealt[position], up[position] = left.pop(0), True

    def _show_rabbit(self, event: Json) -> None:
        """The board the last hand would have dealt, hunted: never dealt, kept beside it."""
        hand = self.last_hand
        if hand is not None and hand["hand_number"] == event["hand_number"]:
            hand["rabbit"] = [card for cards in event["streets"] for card in cards]

    @staticmethod
    def _fold_hand_event(hand: Json, item: Json) -> None:
        hand["events"].append(item)
        kind = item["type"]
        if kind == "CardsDealt":
            if item["seat"] is None and item.get("board"):  # a double board's second
                hand.setdefault("second_board", []).extend(item["cards"])
            elif item["seat"] is None:
                hand["board"].extend(item["cards"])
            else:
                dealt = item["cards"] or [None] * item["hidden"]
                hand["cards"][item["seat"]].extend(dealt)
                face_up = bool(item.get("face_up")) and bool(item["cards"])
                hand["face_up"][item["seat"]].extend([face_up] * len(dealt))
        elif kind == "CardsShown":
            before: list[bool] = hand["face_up"][item["seat"]]
            hand["cards"][item["seat"]] = list(item["cards"])
            hand["face_up"][item["seat"]] = [
                before[i] if i < len(before) else False for i in range(len(item["cards"]))
            ]
        elif kind == "CardsDrawn" and (item.get("discarded") or item.get("drawn")):
            # One's own draw names the cards thrown and drawn; another seat's keeps its count
            # of face-down cards as it was.
            thrown = set(item.get("discarded") or ())
            seat = item["seat"]
            kept = [
                (card, up)
                for card, up in zip(hand["cards"][seat], hand["face_up"][seat], strict=True)
                if card not in thrown
            ]
            drawn = list(item.get("drawn") or ())
            hand["cards"][seat] = [card for card, _ in kept] + drawn
            hand["face_up"][seat] = [up for _, up in kept] + [False] * len(drawn)
        elif kind == "SecondRunStarted":
            # Run twice: the first run's board is kept; the second is dealt onto the cards
            # both share, which the server counts.
            hand["first_board"] = list(hand["board"])
            del hand["board"][item["shared"] :]


def _told(event: Json) -> Json:
    """A table event as the server stated it, without what it adds as it sends one."""
    return {key: value for key, value in event.items() if key not in WIRE_KEYS}
