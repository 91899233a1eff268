"""One fold for the clients: the Python client's ``TableState`` and the page's
(``web/js/state.js``, run in Chromium) fed the same recorded version streams reach the same
facts.

The streams are seeded random tables (``tests/fold_streams.py``): joins with and without
the link, the host's approvals and refusals of seats and rebuys, removals, host changes,
several games a table, bomb pots, run it twice, draws, the clock's moves, cards shown after
a hand, rabbits, tables closed (during a hand too), each told to the host, a player, a
spectator, and from a snapshot taken at a random version. Both folds take every stream
(the page all of them in one ``page.evaluate``), and at a few messages of each (its last
always) what each holds is put in one shape (``python_facts`` here, ``FACTS`` in the page)
and compared.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec

from pokernight.client import TableState
from tests.fold_streams import Stream, played_table, streams_of
from tests.web_helpers import module_page

Json = dict[str, Any]
TABLES = 34
STEPS = 110
COVERED = (
    "snapshot", "SeatRequested", "SeatDeclined", "RebuyRequested", "RebuyDeclined",
    "PlayerRemoved", "PlayerLetBack", "HostChanged", "SettingsChanged", "DeckCommitted",
    "HandFinished", "CardsShownByChoice", "RabbitHunted", "CloseRequested", "TableClosed",
)  # fmt: skip
"""Kinds of version every run's streams hold (the seeds are fixed: a change that loses one
fails here, not silently)."""

FACTS = """async (payload) => {
    const { TableState } = await import('/js/state.js');
    const byKey = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
    const pick = (item, keys) => Object.fromEntries(keys.map((key) => [key, item[key] ?? null]));
    const requests = (map, keys) =>
        [...map.entries()].sort(byKey).map(([, item]) => pick(item, keys));
    const hand = (h, live) => h === null ? null : {
        hand_number: h.number, variant: h.variant, betting: h.betting ?? null,
        stakes: h.stakes ?? null, button: h.button ?? null, seats: h.seats,
        cards: h.cards.map((cards) => cards.map((item) => item.card ?? null)),
        face_up: h.cards.map((cards) => cards.map((item) => Boolean(item.up))),
        board: h.board, first_board: h.firstBoard ?? null, second_board: h.secondBoard,
        rabbit: h.rabbit, folded: h.folded, events: h.events, status: live ? h.status : null,
    };
    const facts = (state) => ({
        version: state.version, host: state.host, host_change: state.hostChange,
        hand_number: state.handNumber, upcoming: state.upcoming, in_play: state.settings,
        seats: [...state.seats.values()].sort((a, b) => a.seat - b.seat),
        names: [...state.names.entries()].sort(byKey),
        seat_requests: [...state.seatRequests.entries()].sort(byKey).map(([, asked]) => ({
            ...pick(asked, ['seat', 'player_id', 'name', 'buy_in']),
            program: Boolean(asked.program),
        })),
        rebuy_requests: requests(state.rebuyRequests, ['seat', 'player_id', 'amount']),
        removed: requests(state.removed, ['seat', 'player_id', 'name', 'reason']),
        proofs: [...state.proofs.entries()],
        next_deck: state.nextDeck, rabbit_hunt: state.rabbitHunt ?? false,
        next_game: state.nextGame ?? null, blind_clock: state.blindClock ?? null,
        running: state.running, stopped: state.stopped ?? null,
        closing: state.closing, closed: state.closed,
        hand: hand(state.hand, true), last_hand: hand(state.lastHand, false),
    });
    return JSON.parse(payload).map(({ player, checkpoints, messages }) => {
        const state = new TableState(player);
        const wanted = new Set(checkpoints);
        const seen = [];
        messages.forEach((message, index) => {
            state.apply(message);
            // A round trip through JSON: what Python reads back (no undefined, no Map).
            if (wanted.has(index)) seen.push(JSON.stringify(facts(state)));
        });
        return seen;
    });
}"""


def python_facts(state: TableState) -> Json:
    """What the Python fold holds, in the shape ``FACTS`` gives the page's."""

    def requests(held: dict[str, Json], keys: tuple[str, ...]) -> list[Json]:
        return [{key: held[who].get(key) for key in keys} for who in sorted(held)]

    def hand(h: Json | None, live: bool) -> Json | None:
        if h is None:
            return None
        return {
            "hand_number": h["hand_number"], "variant": h["variant"], "betting": h["betting"],
            "stakes": h["stakes"], "button": h["button"], "seats": h["seats"],
            "cards": h["cards"], "face_up": h["face_up"], "board": h["board"],
            "first_board": h.get("first_board"), "second_board": h.get("second_board", []),
            "rabbit": h.get("rabbit", []), "folded": h["folded"], "events": h["events"],
            "status": h["status"] if live else None,
        }  # fmt: skip

    seat_requests = requests(state.seat_requests, ("seat", "player_id", "name", "buy_in"))
    for asked, who in zip(seat_requests, sorted(state.seat_requests), strict=True):
        asked["program"] = bool(state.seat_requests[who].get("program"))
    return {
        "version": state.version, "host": state.host, "host_change": state.host_change,
        "hand_number": state.hand_number, "upcoming": state.settings,
        "in_play": state.settings_in_play,
        "seats": [state.seats[number] for number in sorted(state.seats)],
        "names": [[who, name] for who, name in sorted(state.names.items())],
        "seat_requests": seat_requests,
        "rebuy_requests": requests(state.rebuy_requests, ("seat", "player_id", "amount")),
        "removed": requests(state.removed, ("seat", "player_id", "name", "reason")),
        "proofs": [[number, proof] for number, proof in state.proofs.items()],
        "next_deck": state.next_deck, "rabbit_hunt": state.rabbit_hunt,
        "next_game": state.next_game, "blind_clock": state.blind_clock,
        "running": state.running, "stopped": state.stopped,
        "closing": state.closing, "closed": state.closed,
        "hand": hand(state.hand, True), "last_hand": hand(state.last_hand, False),
    }  # fmt: skip


def python_states(stream: Stream) -> list[Json]:
    state = TableState(player_id=stream.recipient)
    wanted, seen = set(stream.checkpoints), []
    for index, text in enumerate(stream.texts):
        state.apply(msgspec.json.decode(text))
        if index in wanted:
            # The same round trip as the page's: JSON keys are strings, numbers plain.
            seen.append(json.loads(json.dumps(python_facts(state))))
    return seen


def generated_streams() -> list[Stream]:
    return [
        stream for seed in range(TABLES) for stream in streams_of(seed, played_table(seed, STEPS))
    ]


def payload(streams: list[Stream]) -> str:
    """Every stream as one JSON text, each message as the server encoded it."""
    return "[" + ",".join(
        json.dumps({"player": stream.recipient, "checkpoints": stream.checkpoints})[:-1]
        + ', "messages": [' + ",".join(stream.texts) + "]}"
        for stream in streams
    ) + "]"  # fmt: skip


def first_difference(ours: Any, theirs: Any, path: str = "") -> str:
    """Where two JSON values first differ, as a path and both values."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in sorted(set(ours) | set(theirs)):
            if ours.get(key, "<absent>") != theirs.get(key, "<absent>"):
                return first_difference(ours.get(key), theirs.get(key), f"{path}.{key}")
    if isinstance(ours, list) and isinstance(theirs, list) and len(ours) == len(theirs):
        for index, (mine, its) in enumerate(zip(ours, theirs, strict=True)):
            if mine != its:
                return first_difference(mine, its, f"{path}[{index}]")
    return f"{path}: python {ours!r:.300} page {theirs!r:.300}"


def test_the_python_fold_and_the_pages_reach_the_same_facts_on_100_generated_streams(
    browser: Any,
) -> None:
    streams = generated_streams()
    assert len(streams) >= 100
    kinds = {json.loads(text).get("type") for stream in streams for text in stream.texts}
    assert set(COVERED) <= kinds, f"no stream has a {sorted(set(COVERED) - kinds)}"
    told_hands = [
        message for stream in streams for message in stream.messages if message.get("hand")
    ]
    hand_kinds = {item["type"] for message in told_hands if "v" in message
                  for item in (message["hand"]["events"] if message.get("type") == "snapshot"
                               else message["hand"])}  # fmt: skip
    assert {"CardsDrawn", "SecondRunStarted", "WildRankChanged"} <= hand_kinds
    assert any(message.get("timed_out") for message in told_hands), "no move of the clock"
    page = module_page(browser)
    told = page.evaluate(FACTS, payload(streams))
    page.close()
    assert len(told) == len(streams)
    for stream, page_states in zip(streams, told, strict=True):
        ours = python_states(stream)
        theirs = [json.loads(text) for text in page_states]
        for index, (mine, its) in enumerate(zip(ours, theirs, strict=True)):
            at = stream.checkpoints[index]
            assert mine == its, f"stream {stream.name}, message {at}: " + first_difference(
                mine, its
            )
