"""What each recipient receives of a table version: the only place privacy is decided.

Every version of a table (an event, or a snapshot of the whole table) becomes a
``WireEvent``: a ``public`` part that anybody at the table may see, spectators
included, and ``private`` parts keyed by player id that replace public keys
for that player alone (their own face-down cards). ``for_recipient`` is the
one function that turns a version into what one recipient gets: the full
event, the event without its private part, or a bare ``{"v": n}`` so every
viewer's version stream stays gap-free. Nothing else reads ``private``.

Secrets never enter a wire event: ``HandStarted``'s deck and salt are dropped
when it is built (only the commitment is published), and cards are hidden by
the rules engine's own filter (``visible_event``/``view``) before they are put
in the public part.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from pokernight.rules import Hand, LegalActions, view, visible_event
from pokernight.rules.views import HandView
from pokernight.table import Folded, HandStarted, Table

SECRET_FIELDS: Mapping[str, frozenset[str]] = {"HandStarted": frozenset({"deck", "salt"})}
"""Table event fields no player may receive: the deck would show every hidden card."""

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class WireEvent:
    v: int
    public: Json | None
    private: Mapping[str, Json]


def for_recipient(event: WireEvent, player_id: str | None) -> Json:
    """What ``player_id`` (None: a spectator) receives of ``event``."""
    mine = event.private.get(player_id) if player_id is not None else None
    if event.public is None and mine is None:
        return {"v": event.v}
    return {**(event.public or {}), **(mine or {}), "v": event.v}


def table_event_wire(v: int, folded: Folded, table: Table) -> WireEvent:
    """A table event with the hand events it caused and the hand's public state after them."""
    event, started = folded.event, folded.started
    public = {
        key: value
        for key, value in event.to_dict().items()
        if key not in SECRET_FIELDS.get(type(event).__name__, frozenset())
    }
    private: dict[str, Json] = {}
    if folded.hand_events and started is not None:
        shown = [visible_event(item, None) for item in folded.hand_events]
        public["hand"] = [item.to_dict() for item in shown]
        for index, seat in enumerate(started.seats):
            seen = [visible_event(item, index) for item in folded.hand_events]
            if any(mine is not theirs for mine, theirs in zip(seen, shown, strict=True)):
                player_id = table.seats[seat].player_id
                private[player_id] = {"hand": [item.to_dict() for item in seen]}
    if folded.hand is not None and started is not None:
        public["status"] = hand_status(folded.hand, started, table)
    return WireEvent(v, public, private)


def hand_status(hand: Hand, started: HandStarted, table: Table) -> Json:
    """The public state of a hand: whose turn, what they may do, until when, the chips."""
    legal = hand.legal_actions()
    return {
        "hand_number": started.hand_number,
        "to_act": None if hand.to_act is None else started.seats[hand.to_act],
        "legal": None if legal is None else legal_json(legal, started),
        "deadline": _deadline(table),
        "stacks": list(hand.stacks),
        "bets": list(hand.bets),
        "pots": [pot.amount for pot in hand.pots],
        "wild_ranks": sorted(hand.wild_ranks),
    }


def legal_json(legal: LegalActions, started: HandStarted) -> Json:
    return {
        **asdict(legal),
        "seat": started.seats[legal.seat],
        "can_call": legal.can_call,
        "can_bet_or_raise": legal.can_bet_or_raise,
    }


def _deadline(table: Table) -> float | None:
    if table.hand is None or table.hand.to_act is None:
        return None
    return table.deadline()


def snapshot_wire(v: int, table: Table, room: Json) -> WireEvent:
    """The whole table at version ``v``; ``room`` adds what the server keeps (code, chat...)."""
    public: Json = {"type": "snapshot", "room": room, "table": table_json(table), "hand": None}
    private: dict[str, Json] = {}
    hand, started = table.hand, table.started
    if hand is not None and started is not None:
        public["hand"] = hand_json(view(hand, None), hand, started, table)
        for index, seat in enumerate(started.seats):
            mine = hand_json(view(hand, index), hand, started, table)
            private[table.seats[seat].player_id] = {"hand": mine}
    return WireEvent(v, public, private)


def hand_json(seen: HandView, hand: Hand, started: HandStarted, table: Table) -> Json:
    """A hand as one seat (or a spectator) sees it; seats in ``events`` index ``seats``."""
    return {
        "hand_number": started.hand_number,
        "variant": started.variant,
        "betting": started.betting,
        "stakes": asdict(started.stakes),
        "seats": list(started.seats),
        "button": started.button,
        "commitment": started.commitment,
        "cards": [[None if card is None else str(card) for card in cards] for cards in seen.cards],
        "board": [str(card) for card in seen.board],
        "folded": list(seen.folded),
        "events": [item.to_dict() for item in seen.events],
        "status": hand_status(hand, started, table),
    }


def table_json(table: Table) -> Json:
    """The public state of a table between events: settings, host, seats and stacks."""
    return {
        "settings": table.settings.to_dict(),
        "upcoming_settings": table.upcoming_settings.to_dict(),
        "host": table.host,
        "hand_number": table.hand_number,
        "seats": [
            {
                "seat": number,
                "player_id": seat.player_id,
                "name": seat.name,
                "stack": seat.stack,
                "sitting_out": seat.sitting_out,
                "waiting": seat.waiting,
                "queued": seat.queued,
            }
            for number, seat in sorted(table.seats.items())
        ],
    }
