"""The Annual Computer Poker Competition's protocol: a hand as a ``MATCHSTATE`` line, and a
bot's answer back as the protocol's ``act``.

``MATCHSTATE:POSITION:HAND:BETTING:CARDS`` says one player's view of a hand, as the
ACPC dealer (``project_acpc_server``'s ``game.c``) prints it:

- ``POSITION`` counts from the seat after the button: 0 is the small blind, the button
  is last; heads-up 0 is the big blind and 1 the button (ACPC's "reverse blinds").
- ``BETTING``: rounds split by ``/``; ``f`` fold, ``c`` check or call, ``r`` bet or raise.
  In no-limit a raise says the total its player has put in the hand after it (``r300``:
  the blinds and earlier rounds included), in fixed-limit no amount.
- ``CARDS``: every position's hole cards split by ``|`` (only the viewer's, and at a
  showdown the hands shown), then each round's board after a ``/``.

Everything comes from the hand's events as the seat received them: the button, the
streets, each action's street total; a raise's hand total adds what the player put in
before this street, read from the same events. ACPC defines only Texas hold'em with
blinds, no-limit or fixed-limit, and no antes or straddles: ``unfit`` says why a game is
not one of those.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

Json = dict[str, Any]
ACPC_BETTINGS = ("no-limit", "fixed-limit")
HOLDEM_STREETS = ((2, 0, 0), (0, 0, 3), (0, 0, 1), (0, 0, 1))
"""Texas hold'em in the server's game facts: per street (hole down, hole up, board)."""
NO_DEAD_MONEY = ("ante", "straddle", "big_blind_ante")


@dataclass(slots=True)
class AcpcView:
    """One seat's view of a hand in ACPC's words: ``line`` is the ``MATCHSTATE`` line;
    ``spent_before_street``: the viewer's chips from earlier rounds (a no-limit raise's
    ACPC total less these is its street total)."""

    line: str
    position: int
    no_limit: bool
    spent_before_street: int


@dataclass(slots=True)
class _Fold:
    """The hand so far, as ACPC counts it."""

    players: int
    button: int
    no_limit: bool
    rounds: list[list[str]] = field(default_factory=lambda: [[]])
    boards: list[list[str]] = field(default_factory=list)
    holes: dict[int, list[str]] = field(default_factory=dict)
    spent: list[int] = field(default_factory=list)  # before this round, by hand seat
    street: list[int] = field(default_factory=list)  # this round's bets, by hand seat

    def position(self, seat: int) -> int:
        return (seat - self.button - 1) % self.players

    def seat(self, position: int) -> int:
        return (position + self.button + 1) % self.players


def match_state(events: Sequence[Json], viewer: int, hand_number: int) -> AcpcView:
    """The ``MATCHSTATE`` line of hand seat ``viewer`` after ``events`` (a hold'em hand
    with blinds, its events as a client receives them: ``HandStarted`` first)."""
    started = events[0]
    if started["type"] != "HandStarted":
        raise ValueError("a hand's events begin with HandStarted")
    players = len(started["stacks"])
    hand = _Fold(players, started["button"], started["betting"] == "no-limit")
    hand.spent, hand.street = [0] * players, [0] * players
    for event in events[1:]:
        _fold(hand, event)
    betting = "/".join("".join(actions) for actions in hand.rounds)
    holes = "|".join("".join(hand.holes.get(hand.seat(p), ())) for p in range(players))
    boards = "".join("/" + "".join(cards) for cards in hand.boards)
    position = hand.position(viewer)
    line = f"MATCHSTATE:{position}:{hand_number}:{betting}:{holes}{boards}"
    return AcpcView(line, position, hand.no_limit, hand.spent[viewer])


def _fold(hand: _Fold, event: Json) -> None:
    kind = event["type"]
    if kind == "StreetStarted" and event["index"] > 0:
        hand.spent = [spent + bet for spent, bet in zip(hand.spent, hand.street, strict=True)]
        hand.street = [0] * hand.players
        hand.rounds.append([])
        hand.boards.append([])
    elif kind == "BlindPosted":
        hand.street[event["seat"]] += event["amount"]
    elif kind == "AntePosted":
        hand.spent[event["seat"]] += event["amount"]  # dead money (refused by ``unfit``)
    elif kind == "ActionTaken":
        hand.rounds[-1].append(_action(hand, event))
    elif kind == "CardsDealt" and event["cards"]:
        if event["seat"] is None:
            hand.boards[-1].extend(event["cards"])
        else:
            hand.holes.setdefault(event["seat"], []).extend(event["cards"])
    elif kind == "CardsShown":
        hand.holes[event["seat"]] = list(event["cards"])


def _action(hand: _Fold, event: Json) -> str:
    seat, kind = event["seat"], event["kind"]
    if kind == "fold":
        return "f"
    if event["amount"] is not None:
        hand.street[seat] = event["amount"]
    if kind == "bet_or_raise":
        return f"r{hand.spent[seat] + event['amount']}" if hand.no_limit else "r"
    return "c"  # a check or a call, as ACPC says both


# A bot's answer ---------------------------------------------------------------------------


class AcpcRefusedError(ValueError):
    """An ACPC answer the seat does not send; the message says why."""


def answer_intent(answer: str, view: AcpcView, legal: Json) -> tuple[str, int | None]:
    """The protocol's ``act`` (kind and amount) for an ACPC action (``f``, ``c``, ``r``,
    ``rN``) given at ``view``; whether the move is legal is the server's to say."""
    action = answer.strip()
    if action == "f":
        return "fold", None
    if action == "c":  # ACPC's one word for both: the server says which applies now
        return ("check", None) if legal["can_check"] else ("call", None)
    if not action.startswith("r"):
        raise AcpcRefusedError(f"{action!r} is not an ACPC action: f, c or r")
    size = action[1:]
    if not view.no_limit:
        if size:
            raise AcpcRefusedError(f"{action!r}: a fixed-limit raise is r, without a size")
        return "bet_or_raise", legal["min_raise_to"]  # the one size a limit bet has
    if not (size.isascii() and size.isdigit()):
        raise AcpcRefusedError(f"{action!r}: a no-limit raise is r and the chips put in the hand")
    return "bet_or_raise", int(size) - view.spent_before_street


def split_answer(line: str) -> tuple[str, str]:
    """A bot's answer line: the state it answers, and its action (``STATE:ACTION``)."""
    state, colon, action = line.strip().rpartition(":")
    if not colon or not state.startswith("MATCHSTATE:"):
        raise AcpcRefusedError(f"{line.strip()[:80]!r} is not MATCHSTATE:...:ACTION")
    return state, action


# Which games ACPC can speak -----------------------------------------------------------------


def unfit(game: Json, betting: str | None, stakes: Json) -> str | None:
    """Why ACPC cannot say a hand of ``game`` (the server's ``/api/games`` facts), bet as
    ``betting`` (None: the game's own) at ``stakes``; None when it can."""
    streets = tuple(
        (street["hole_down"], street["hole_up"], street["board"]) for street in game["streets"]
    )
    name = game.get("full_name") or game.get("name") or game.get("key")
    if streets != HOLDEM_STREETS or game["forced"] != "blinds" or game["showdown"] != "high":
        return f"ACPC defines Texas hold'em only, not {name}"
    structure = betting or game["betting"]
    if structure not in ACPC_BETTINGS:
        return f"ACPC defines no-limit and fixed-limit hold'em, not {structure}"
    dead = [name for name in NO_DEAD_MONEY if stakes.get(name)]
    if dead:
        return f"ACPC hold'em has blinds only, not {' or '.join(dead).replace('_', ' ')}"
    return None
