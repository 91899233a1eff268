"""What each recipient receives of a table version: the only place privacy is decided.

Every version of a table (an event, or a snapshot of the whole table) becomes a
``WireEvent``: a ``public`` part that anybody at the table may see, spectators
included, and ``private`` parts keyed by player id that replace public keys
for that player alone (their own face-down cards). ``for_recipient`` is the
one function that turns a version into what one recipient gets: the full
event, the event without its private part, or a bare ``{"v": n}`` so every
viewer's version stream stays gap-free. Nothing else reads ``private``:
``Version`` holds each view encoded once, for every recipient of that view.

Secrets never enter a wire event: the deck and salt of ``HandDealt`` and
``DeckCommitted`` are dropped when it is built (only the commitment is published),
and cards are hidden by the rules engine's own filter (``visible_event``/``view``)
before they are put in the public part.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

import msgspec

from pokernight.rules import (
    ActionKind,
    Event,
    Hand,
    LegalActions,
    Pot,
    Stakes,
    view,
    visible_event,
)
from pokernight.rules.hand_names import hand_structure
from pokernight.rules.presets import sizing_presets
from pokernight.rules.stakes import AMOUNT_FIELDS
from pokernight.rules.views import HandView
from pokernight.table import Folded, HandDealt, HandProof, PlayerActed, Table
from pokernight.table.rabbit import rabbit_refusal

SECRET_FIELDS: Mapping[str, frozenset[str]] = {
    "HandDealt": frozenset({"deck", "salt"}),
    "DeckCommitted": frozenset({"deck", "salt"}),
    "PlayerActed": frozenset({"cards"}),
}
"""Table event fields no player may receive: the deck would show every hidden card, a
draw's discards what a player threw (the hand's events show them to the drawer alone)."""

Json = dict[str, Any]

OCCASIONAL_FIELDS = ("can_draw", "max_discard", "can_choose_runs")
LEGAL_FIELDS = tuple(
    name for name in LegalActions.__struct_fields__ if name not in OCCASIONAL_FIELDS
)
"""The legal actions as sent; the draw fields only in a draw round, ``can_choose_runs``
only when the seat is asked to run it twice (``legal_json``)."""
STAKES_FIELDS = tuple(item.name for item in fields(Stakes))

_encoder = msgspec.json.Encoder()


@dataclass(frozen=True, slots=True)
class WireEvent:
    v: int
    public: Json | None
    private: Mapping[str, Json]


@dataclass(frozen=True, slots=True)
class Version:
    """A version as sent: each view of a ``WireEvent`` encoded once, ready for any recipient.

    Every connection at the table gets the same text as every other recipient
    of its view (python-socketio's lesson: encode a broadcast once), and the
    resume ring keeps these texts, a third of the memory of the dicts they
    were made from.
    """

    v: int
    public_text: str
    private_texts: Mapping[str, str]

    @classmethod
    def of(cls, event: WireEvent) -> Version:
        private = {
            player_id: encode(for_recipient(event, player_id)) for player_id in event.private
        }
        return cls(event.v, encode(for_recipient(event, None)), private)

    def text_for(self, player_id: str | None) -> str:
        """``for_recipient(event, player_id)`` as JSON text."""
        if player_id is None:
            return self.public_text
        return self.private_texts.get(player_id, self.public_text)


def encode(message: Json) -> str:
    return _encoder.encode(message).decode()


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
        shown_json = [event_json(item) for item in shown]
        public["hand"] = shown_json
        # Hiding only ever removes cards: when the public view hides nothing, no seat sees more.
        hidden = any(
            theirs is not item for theirs, item in zip(shown, folded.hand_events, strict=True)
        )
        for index, seat in enumerate(started.seats if hidden else ()):
            seen = [visible_event(item, index) for item in folded.hand_events]
            if any(mine is not theirs for mine, theirs in zip(seen, shown, strict=True)):
                player_id = table.seats[seat].player_id
                private[player_id] = {"hand": _seen_json(seen, shown, shown_json)}
    if folded.hand is not None and started is not None:
        public["status"] = hand_status(folded.hand, started, table)
    if not isinstance(event, PlayerActed):  # a move changes no seat (its hand, the status)
        public["seated"] = seats_json(table)
        public["rabbit_hunt"] = rabbit_refusal(table) is None
        public["next_game"] = next_game(table)
        public["blind_clock"] = blind_clock_json(table)
    if folded.proof is not None:
        _add_fairness(folded.proof, table, public, private)
    return WireEvent(v, public, private)


def event_json(event: Event) -> Json:
    """A hand event as clients receive it: a hand's English name (``description``) comes
    with its structure (``hand``, ``rules.hand_names``) for clients to say in their language."""
    data: Json = event.to_dict()
    description = data.get("description")
    if description:
        data["hand"] = hand_structure(description)
    return data


def _add_fairness(proof: HandProof, table: Table, public: Json, private: dict[str, Json]) -> None:
    """The finished hand's proof: the cards all saw for everybody, and each player's own
    down cards added to their copy (``HandProof`` reveals only what the views show)."""
    public["fairness"] = proof.for_seat(None)
    for index, seat in enumerate(proof.started.seats):
        player = table.seats.get(seat)
        if player is not None:
            private.setdefault(player.player_id, {})["fairness"] = proof.for_seat(index)


def _seen_json(seen: list[Event], shown: list[Event], shown_json: list[Json]) -> list[Json]:
    """A seat's hand events as JSON, reusing the public JSON of every event it sees as all do."""
    return [
        public if mine is theirs else event_json(mine)
        for mine, theirs, public in zip(seen, shown, shown_json, strict=True)
    ]


def hand_status(hand: Hand, started: HandDealt, table: Table) -> Json:
    """The public state of a hand: whose turn, what they may do, until when, the chips."""
    legal = hand.legal_actions()
    pot = hand.total_pot
    return {
        "hand_number": started.hand_number,
        "to_act": None if hand.to_act is None else started.seats[hand.to_act],
        "legal": None if legal is None else legal_json(legal, started, pot),
        "deadline": _deadline(table, None),
        "away_deadline": _deadline(table, ()),
        "action_deadline": None if hand.to_act is None else table.action_deadline(),
        **chips_json(
            hand.stacks,
            hand.bets,
            pots=hand.pots,
            pot=pot,
            folded=hand.folded,
            wild_ranks=hand.wild_ranks,
        ),
    }


def chips_json(
    stacks: Sequence[int],
    bets: Sequence[int],
    *,
    pots: Sequence[Pot],
    pot: int,
    folded: Sequence[bool],
    wild_ranks: Iterable[int],
) -> Json:
    """A hand's chips and who is still in, as every client shows them (live and replayed)."""
    return {
        "stacks": list(stacks),
        "bets": list(bets),
        "pots": [item.amount for item in pots],
        "pot": pot,  # every chip in the middle, this street's bets included
        "wild_ranks": sorted(wild_ranks),
        "folded": list(folded),
        "all_in": [not out and stack == 0 for out, stack in zip(folded, stacks, strict=True)],
    }


def legal_json(legal: LegalActions, started: HandDealt, pot: int) -> Json:
    """What the seat to act may do, with the facts its buttons show: the sizing presets,
    whether the largest amount is all-in (the bet's name and amounts are the legal actions')."""
    seat = legal.seat
    # Field by field: ``dataclasses.asdict`` deep-copies every value, and this runs every event.
    return {
        **{name: getattr(legal, name) for name in LEGAL_FIELDS},
        "seat": started.seats[seat],
        "can_call": legal.can_call,
        "can_bet_or_raise": legal.can_bet_or_raise,
        "max_is_all_in": legal.all_in_kind == ActionKind.BET_OR_RAISE,
        "presets": [{"key": p.key, "to": p.to} for p in sizing_presets(legal, pot)],
        **({"can_draw": True, "max_discard": legal.max_discard} if legal.can_draw else {}),
        **({"can_choose_runs": True} if legal.can_choose_runs else {}),
    }


def _deadline(table: Table, present: tuple[str, ...] | None) -> float | None:
    """When the clock acts: ``present`` None, for a player with a page open (the action
    clock, then the time bank from ``action_deadline``); (), for one without (a person then
    gets the shorter away clock and no bank; the page shows the one that applies)."""
    if table.hand is None or table.hand.to_act is None:
        return None
    return table.deadline(present)


def snapshot_wire(v: int, table: Table, room: Json) -> WireEvent:
    """The whole table at version ``v``; ``room`` adds what the server keeps (code, chat...)."""
    public: Json = {"type": "snapshot", "room": room, "table": table_json(table), "hand": None}
    # A page that arrives between hands may still contribute to the next deal.
    committed = table.committed_deck(table.hand_number + 1)
    if committed is not None:
        public["next_deck"] = {
            "hand_number": committed.hand_number,
            "commitment": committed.commitment,
        }
    private: dict[str, Json] = {}
    hand, started = table.hand, table.started
    if hand is not None and started is not None:
        status = hand_status(hand, started, table)  # the same for every seat: computed once
        public["hand"] = hand_json(view(hand, None), started, status)
        for index, seat in enumerate(started.seats):
            mine = hand_json(view(hand, index), started, status)
            private[table.seats[seat].player_id] = {"hand": mine}
    return WireEvent(v, public, private)


def deal_json(started: HandDealt) -> Json:
    """The public facts of a dealt hand: its number, game, stakes, seats and button."""
    return {
        "hand_number": started.hand_number,
        "variant": started.variant,
        "betting": started.betting,
        "stakes": {name: getattr(started.stakes, name) for name in STAKES_FIELDS},
        "seats": list(started.seats),
        "button": started.button,
    }


def hand_json(seen: HandView, started: HandDealt, status: Json) -> Json:
    """A hand as one seat (or a spectator) sees it; seats in ``events`` index ``seats``."""
    return {
        **deal_json(started),
        "commitment": started.commitment,
        "cards": [[None if card is None else str(card) for card in cards] for cards in seen.cards],
        "board": [str(card) for card in seen.board],
        "folded": list(seen.folded),
        "events": [event_json(item) for item in seen.events],
        "status": status,
    }


def seats_json(table: Table) -> list[Json]:
    """Every seat as a client shows it: who, their chips, and the flags the table keeps
    (a client shows these; it works out none of them). ``rebuy``: how many chips the seat
    may still add, which cap stops it and the player's debt cap, their own if the host set one
    (``TableState.chips_room_of``); ``may_show``: the
    seat was dealt into the last hand and may still show its cards; ``straddling``: the
    player straddles wherever the table allows it, ``may_straddle``: the table allows
    straddles, so the seat may choose to (``upcoming_settings.straddles`` says where);
    ``bot``: the level of
    the room's bot that plays it, ``program``: a player's own program plays it (both are
    shown as bots); ``removed``: the host removed the player during a hand they are in: they
    leave when it ends (decision 51)."""
    settings = table.upcoming_settings
    showable = table.unshown_last_hand()
    return [
        {
            "seat": number,
            "player_id": seat.player_id,
            "name": seat.name,
            "stack": seat.stack,
            "sitting_out": seat.sitting_out,
            "waiting": seat.waiting,
            "posting": seat.posting,
            "can_post_big_blind": seat.waiting and not seat.posting and not seat.sitting_out,
            "missed_hand": seat.missed_hand,
            "queued": seat.queued,
            "bot": seat.bot,
            "program": seat.program,
            "straddling": seat.straddling,
            "removed": seat.removed,
            "may_straddle": settings.allows_straddles and not table.tournament,
            "may_show": number in showable,
            "rebuy": table.chips_room_of(seat.player_id, seat.stack, seat.queued).to_dict(),
        }
        for number, seat in sorted(table.seats.items())
    ]


def blind_clock_json(table: Table) -> Json | None:
    """The blind schedule as a page shows it (seed 003: "Automatically increase on a
    timer"): each level's stakes and when it begins on the server's clock, counted from the
    first hand dealt (``started_at``; None, and no level's time, before it), at the next
    hand's settings, as the deal counts them (``TableSettings.level_at``). A level reached
    during a hand is played from the next one. None at a table whose stakes never rise."""
    settings = table.upcoming_settings
    if not settings.blind_levels:
        return None
    started = table.levels_started_at
    return {
        "level_minutes": settings.level_minutes,
        "started_at": started,
        "levels": [
            {
                "level": level,
                "stakes": _amounts(settings.stakes_at_level(level)),
                "starts_at": None if started is None else started + settings.level_begins(level),
            }
            for level in range(len(settings.blind_levels) + 1)
        ],
    }


def _amounts(stakes: Stakes) -> Json:
    """A level's stakes: the amounts that are not zero (no raise cap: not an amount)."""
    return {name: getattr(stakes, name) for name in AMOUNT_FIELDS if getattr(stakes, name)}


def next_game(table: Table) -> str:
    """The game the next hand deals (dealer's choice turns its games a hand at a time)."""
    return table.upcoming_settings.game_for_hand(table.hand_number + 1).key


def table_json(table: Table) -> Json:
    """The public state of a table between events: settings, host, seats and stacks."""
    return {
        "settings": table.settings.to_dict(),
        "upcoming_settings": table.upcoming_settings.to_dict(),
        "host": table.host,
        "hand_number": table.hand_number,
        "seats": seats_json(table),
        # Whether anybody seated may see the last hand's rabbit now (``table.rabbit``).
        "rabbit_hunt": rabbit_refusal(table) is None,
        "next_game": next_game(table),
        # The blind levels and when each begins (None: the stakes never rise).
        "blind_clock": blind_clock_json(table),
        "seat_requests": [request.to_dict() for request in table.seat_requests.values()],
        "rebuy_requests": [request.to_dict() for request in table.rebuy_requests.values()],
        # Players the host removed, who may not sit here until the host lets them back.
        "removed": [removal.to_dict() for removal in table.removed.values()],
    }
