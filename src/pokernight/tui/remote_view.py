"""A server's JSON (``docs/protocol.md``) as the rules engine's values the terminal already draws.

The server indexes a hand's events by hand seat (the order of the hand's
``seats``) but ``status.to_act`` and ``legal.seat`` by table seat; everything
here is turned into hand seats, like the local game's ``HandView``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pokernight.cards import parse_card
from pokernight.rules import Event, LegalActions, event_from_dict
from pokernight.tui.screen import TablePicture
from pokernight.words import words

Json = dict[str, Any]


def seat_label(name: str, bot_level: str | None, program: bool) -> str:
    """A seat's name as the terminal shows it: a bot, the room's or a friend's program, is
    marked wherever the name appears, as the page's badge marks it, so nobody mistakes a
    bot for a friend."""
    what = bot_level or ("program" if program else None)
    if what is None:
        return name
    return words()("terminal.bot_label", name=name, what=words()(f"terminal.bot_level.{what}"))


def hand_events(items: Sequence[Json]) -> list[Event]:
    return [event_from_dict(item) for item in items]


def hand_names(hand: Json, names: Mapping[int, str]) -> list[str]:
    """The players' names by hand seat (``names`` by table seat, kept after a player leaves)."""
    say = words()
    return [names.get(seat) or say("terminal.seat_name", number=seat + 1) for seat in hand["seats"]]


def legal_actions(legal: Json, hand: Json) -> LegalActions:
    return LegalActions(
        seat=hand["seats"].index(legal["seat"]),
        can_fold=legal["can_fold"],
        can_check=legal["can_check"],
        call_amount=legal["call_amount"],
        can_bring_in=legal["can_bring_in"],
        bring_in_amount=legal["bring_in_amount"],
        min_raise_to=legal["min_raise_to"],
        max_raise_to=legal["max_raise_to"],
        call_to=legal["call_to"],
        fixed_amounts=legal["fixed_amounts"],
        raise_says=legal["raise_says"],
        all_in_kind=legal["all_in_kind"],
        can_draw=legal.get("can_draw", False),
        max_discard=legal.get("max_discard", 0),
        can_choose_runs=legal.get("can_choose_runs", False),
    )


def table_picture(hand: Json, my_seat: int, names: Mapping[int, str]) -> TablePicture:
    """``hand`` as ``TableState`` keeps it (snapshot or folded events), seen from ``my_seat``."""
    status = hand["status"]
    seats: list[int] = hand["seats"]
    to_act = status["to_act"]
    return TablePicture(
        me=seats.index(my_seat),
        names=hand_names(hand, names),
        stacks=status["stacks"],
        bets=status["bets"],
        cards=[
            [None if card is None else parse_card(card) for card in cards]
            for cards in hand["cards"]
        ],
        folded=list(status["folded"]),  # the server's, like every seat fact
        board=[parse_card(card) for card in hand["board"]],
        pot=status["pot"],
        to_act=None if to_act is None else seats.index(to_act),
        wild_ranks=frozenset(status["wild_ranks"]),
    )
