"""A client's picture of a table, folded from the versions the server sends it.

The server is the authority: this only records what the recipient was told.
A snapshot replaces everything; every other version is one table event (with
the hand events it caused and the hand's public ``status``), or a bare
``{"v": n}`` that keeps the version count without telling anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Json = dict[str, Any]


@dataclass
class TableState:
    """``hand`` None between hands; ``cards`` are indexed like ``hand["seats"]`` (None: hidden).

    ``gaps`` counts versions that did not follow the previous one. Such a version
    is not folded (nor is one already folded) and ``version`` stays at the last
    one folded, so resuming from ``version`` asks the server for exactly what was
    missed (the Python client does it by reconnecting). ``seat_requests``:
    players waiting for the host to seat them, by player id.
    """

    player_id: str | None = None
    version: int = 0
    settings: Json = field(default_factory=dict)
    host: str | None = None
    seats: dict[int, Json] = field(default_factory=dict)
    hand: Json | None = None
    last_hand: Json | None = None
    seat_requests: dict[str, Json] = field(default_factory=dict)
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
        table = snapshot["table"]
        self.settings = table["upcoming_settings"]
        self.host = table["host"]
        self.seats = {seat["seat"]: dict(seat) for seat in table["seats"]}
        self.seat_requests = {
            request["player_id"]: dict(request) for request in table.get("seat_requests", ())
        }
        self.hand = snapshot["hand"]

    def _fold(self, event: Json) -> None:
        kind = event.get("type")
        if "seated" in event:  # the seats as the server keeps them: none is worked out here
            self.seats = {seat["seat"]: dict(seat) for seat in event["seated"]}
        match kind:
            case "TableOpened" | "SettingsChanged":
                self.settings = event["settings"]
                self.host = event.get("host", self.host)
            case "PlayerSeated":
                self.seat_requests.pop(event["player_id"], None)
            case "SeatRequested":
                self.seat_requests[event["player_id"]] = {
                    key: event[key] for key in ("seat", "player_id", "name", "buy_in")
                } | {"program": event.get("program", False)}
            case "SeatDeclined":
                self.seat_requests.pop(event["player_id"], None)
            case "HostChanged":
                self.host = event["host"]
            case "HandDealt":
                self.hand = {
                    "hand_number": event["hand_number"],
                    "variant": event["variant"],
                    "seats": event["seats"],
                    "cards": [[] for _ in event["seats"]],
                    "board": [],
                    "events": [],
                    "status": None,
                }
            case "HandFinished":
                self._finish(event)
        if self.hand is not None:
            for item in event.get("hand", ()):
                self._fold_hand_event(self.hand, item)
            if "status" in event:
                self.hand["status"] = event["status"]

    def _finish(self, event: Json) -> None:
        if self.hand is not None:
            self.last_hand, self.hand = self.hand, None

    @staticmethod
    def _fold_hand_event(hand: Json, item: Json) -> None:
        hand["events"].append(item)
        if item["type"] == "CardsDealt":
            if item["seat"] is None and item.get("board"):  # a double board's second
                hand.setdefault("second_board", []).extend(item["cards"])
            elif item["seat"] is None:
                hand["board"].extend(item["cards"])
            else:
                hand["cards"][item["seat"]].extend(item["cards"] or [None] * item["hidden"])
        elif item["type"] == "CardsShown":
            hand["cards"][item["seat"]] = list(item["cards"])
        elif item["type"] == "SecondRunStarted":
            # Run twice: the first run's board is kept; the second is dealt onto the cards
            # both share, which the server counts.
            hand["first_board"] = list(hand["board"])
            del hand["board"][item["shared"] :]
