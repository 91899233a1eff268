"""What a program at a file seat is told: the seat's view of the table as ``state.json``
and the same as ``state.txt``, lines of words a shell script reads with ``read``.

Every fact is the server's, as the client holds it (``TableState``): the hand's events,
its ``status`` (stacks, bets, pots, who folded, who is all-in) and, at the program's
turn, the legal actions with their amounts. Nothing here works out a poker rule; it only
says per table seat what the server says per hand seat.

Between hands ``hand`` is the hand that ended last, ``finished`` and with its results, so a
program sees the showdown. The format is described in docs/protocol.md ("Program seats").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pokernight.client import TableState

Json = dict[str, Any]
FORMAT = 1
"""The version of the folder format; a change that breaks a reader changes it."""

FORCED_BETS = {
    "AntePosted": "ante",
    "BringInPosted": "bring_in",
}
BLIND_WORDS = {
    "small": "small_blind",
    "big": "big_blind",
    "straddle": "straddle",
    "posted": "posted_big_blind",
}


def picture(
    state: TableState, code: str, *, over: bool = False, finished: Json | None = None
) -> Json:
    """The seat's view of table ``code``, without the sequence number and the turn (the
    folder adds them: they say when the view was written, not what it shows).
    ``finished``: show this hand, just finished, even if the next one is dealt already
    (the client's state runs ahead of the messages the seat has taken in)."""
    seat = state.my_seat
    me = state.seats.get(seat) if seat is not None else None
    your_turn = state.my_turn and not over and finished is None
    if finished is not None:
        hand: Json | None = finished
    else:
        hand = state.hand if state.hand is not None else state.last_hand
    return {
        "format": FORMAT,
        "table": code,
        "over": over,
        "you": {
            "player_id": state.player_id,
            "name": None if me is None else me["name"],
            "seat": seat,
        },
        "your_turn": your_turn,
        "action_seconds": state.settings.get("action_seconds"),
        "hand": None if hand is None else _hand(hand, state, finished=hand is not state.hand),
        "legal": state.legal if your_turn else None,
        "seats": [_table_seat(entry) for _, entry in sorted(state.seats.items())],
    }


def _hand(hand: Json, state: TableState, *, finished: bool) -> Json:
    events: list[Json] = hand["events"]
    started = next((event for event in events if event["type"] == "HandStarted"), None)
    status = hand.get("status") or {}
    seats: list[int] = hand["seats"]
    mine = state.my_seat
    streets = [event["name"] for event in events if event["type"] == "StreetStarted"]
    return {
        "number": hand["hand_number"],
        "finished": finished,
        "variant": hand["variant"],
        "betting": None if started is None else started["betting"],
        "stakes": None if started is None else started["stakes"],
        "button": None if started is None else seats[started["button"]],
        "street": streets[-1] if streets else None,
        "cards": list(hand["cards"][seats.index(mine)]) if mine in seats else [],
        "board": list(hand["board"]),
        # Run twice: the first run's board ("board" is then the second's).
        "first_board": list(hand["first_board"]) if "first_board" in hand else None,
        # A double-board bomb pot: its second board.
        "second_board": list(hand["second_board"]) if "second_board" in hand else None,
        "pot": status.get("pot"),
        "pots": status.get("pots"),
        "to_act": None if finished else status.get("to_act"),
        "players": [
            _player(index, number, hand, status, state) for index, number in enumerate(seats)
        ],
        "actions": _actions(events, seats),
        "results": _results(events, seats) if finished else [],
    }


def _player(index: int, number: int, hand: Json, status: Json, state: TableState) -> Json:
    seat = state.seats.get(number) or {}
    return {
        "seat": number,
        "name": seat.get("name"),
        "stack": _at(status.get("stacks"), index),
        "bet": _at(status.get("bets"), index),
        "folded": bool(_at(status.get("folded"), index)),
        "all_in": bool(_at(status.get("all_in"), index)),
        "cards": list(hand["cards"][index]),
        "bot": seat.get("bot"),
        "program": bool(seat.get("program")),
    }


def _at(values: Sequence[Any] | None, index: int) -> Any:
    return None if values is None else values[index]


def _actions(events: Sequence[Json], seats: Sequence[int]) -> list[Json]:
    """Every bet and action of the hand in order, each with its street and table seat:
    ``says`` is the server's word for it (``ActionTaken.says``; a forced bet: its kind)."""
    street = None
    actions: list[Json] = []
    for event in events:
        if event["type"] == "StreetStarted":
            street = event["name"]
        says = _says(event)
        if says is not None:
            actions.append(
                {
                    "street": street,
                    "seat": seats[event["seat"]],
                    "says": says,
                    "amount": event["amount"],
                    "all_in": bool(event.get("all_in")),
                }
            )
    return actions


def _says(event: Json) -> str | None:
    """What a bet or an action was, in the server's words (None: not a bet or action)."""
    kind = event["type"]
    if kind == "ActionTaken":
        return str(event.get("says") or event["kind"])  # older servers name no action
    if kind == "BlindPosted":
        return BLIND_WORDS.get(event["kind"], event["kind"])
    return FORCED_BETS.get(kind)


def _results(events: Sequence[Json], seats: Sequence[int]) -> list[Json]:
    return [
        {
            "pot": event["index"],
            "amount": event["amount"],
            "description": event.get("description", ""),
            "winners": [{"seat": seats[seat], "chips": chips} for seat, chips in event["winners"]],
        }
        for event in events
        if event["type"] == "PotAwarded"
    ]


def _table_seat(seat: Json) -> Json:
    return {
        "seat": seat["seat"],
        "player_id": seat["player_id"],
        "name": seat["name"],
        "stack": seat["stack"],
        "sitting_out": seat["sitting_out"],
        "bot": seat.get("bot"),
        "program": bool(seat.get("program")),
    }


# The plain-text form ----------------------------------------------------------------------


def as_text(shown: Json) -> str:
    """``state.txt``: one fact a line, ``KEY VALUE...``; names come last on their line (they
    may hold spaces). Absent facts say ``none``."""
    hand = shown["hand"]
    lines = [
        f"seq {shown['seq']}",
        f"turn {_word(shown['turn'])}",
        f"your_turn {_yes(shown['your_turn'])}",
        f"over {_yes(shown['over'])}",
        f"table {shown['table']}",
        f"seat {_word(shown['you']['seat'])}",
    ]
    if hand is None:
        lines.append("hand none")
    else:
        lines += _hand_lines(hand, shown["you"]["seat"])
    legal = shown["legal"]
    if legal is not None:
        lines += _legal_lines(legal)
    return "\n".join(lines) + "\n"


def _hand_lines(hand: Json, seat: int | None) -> list[str]:
    mine = next((player for player in hand["players"] if player["seat"] == seat), None)
    lines = [
        f"hand {hand['number']}",
        f"finished {_yes(hand['finished'])}",
        f"game {hand['variant']} {_word(hand['betting'])}",
        f"street {_word(hand['street'])}",
        f"cards {_cards(hand['cards'])}",
        f"board {_cards(hand['board'])}",
        *_other_board_lines(hand),
        f"pot {_word(hand['pot'])}",
        f"to_act {_word(hand['to_act'])}",
        f"button {_word(hand['button'])}",
    ]
    if mine is not None:
        lines += [f"stack {_word(mine['stack'])}", f"bet {_word(mine['bet'])}"]
    for player in hand["players"]:
        state = "folded" if player["folded"] else "all_in" if player["all_in"] else "in"
        lines.append(
            f"player {player['seat']} {_word(player['stack'])} {_word(player['bet'])} {state} "
            f"{player['name'] or ''}".rstrip()
        )
    for action in hand["actions"]:
        lines.append(
            f"action {_word(action['street'])} {action['seat']} {action['says']} "
            f"{_word(action['amount'])}"
        )
    for result in hand["results"]:
        for winner in result["winners"]:
            lines.append(f"won {result['pot']} {winner['seat']} {winner['chips']}")
    return lines


def _other_board_lines(hand: Json) -> list[str]:
    """A board run twice: ``first_board`` (``board`` is the second run's); a double board:
    ``second_board``. Most hands have one board, and neither line."""
    return [
        f"{key} {_cards(hand[key])}" for key in ("first_board", "second_board") if hand.get(key)
    ]


def _legal_lines(legal: Json) -> list[str]:
    """The answers the server allows, as ``legal VERB [AMOUNTS]``: the call's and the
    bring-in's cost, the least and the most a bet or raise may go to (street totals); in a
    draw round ``legal draw MOST`` and ``legal pat``; asked to run it twice, ``legal twice``
    and ``legal once``."""
    if legal.get("can_draw"):
        return [f"legal draw {legal['max_discard']}", "legal pat"]
    if legal.get("can_choose_runs"):
        return ["legal twice", "legal once"]
    lines = []
    if legal["can_fold"]:
        lines.append("legal fold")
    if legal["can_check"]:
        lines.append("legal check")
    if legal["can_call"]:
        lines.append(f"legal call {legal['call_amount']}")
    if legal["can_bring_in"]:
        lines.append(f"legal bring_in {legal['bring_in_amount']}")
    if legal["can_bet_or_raise"]:
        says = legal["raise_says"] or "raise"
        lines.append(f"legal {says} {legal['min_raise_to']} {legal['max_raise_to']}")
    return lines


def _cards(cards: Sequence[str | None]) -> str:
    return " ".join(card or "??" for card in cards) or "none"


def _word(value: object) -> str:
    return "none" if value is None else str(value)


def _yes(value: bool) -> str:
    return "yes" if value else "no"
