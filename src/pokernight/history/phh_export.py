"""Writing one of our hands as PHH text, from its events.

PHH numbers players from the seat left of the button (``p1``) round to the
button (``pn``), heads-up too; forced bets are listed in that order, with the
big-blind ante at the big blind's place (index 1, as PokerKit reads it; index 0
when the small blind is dead). Forced bets a plain PHH hand has no words for
(decision 34): a dead small blind is left out of ``blinds_or_straddles`` (the
big blind is ``p1``) and our user-defined field ``_dead_small_blind`` keeps the
small blind nobody posted; a big blind posted to be dealt in is a negative
entry, PokerKit's "post bet". PokerKit replays both as our engine plays them.
Cards dealt one at a time round the table are written as one ``d dh`` action
per player and street. Only cards shown at showdown appear in ``sm`` actions; a
hand mucked at showdown is a bare ``sm``.

``to_phh`` writes the hand as a seat or a spectator saw it when given that
view's events (``rules.visible_events``): a card they did not see is ``??``.
Given where the players sat (a table's hand, ``table_phh``), it writes PHH's
``seat_count`` and ``seats`` (numbered from 1), which the importer seats them by
(decision 32); a bare hand has no table, and no seats.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from pokernight.cards import Card
from pokernight.history.phh_codes import phh_code
from pokernight.history.phh_parse import UNKNOWN_CARD
from pokernight.history.table_export import PlayedHand
from pokernight.rules import Hand
from pokernight.rules.events import (
    ActionTaken,
    BringInPosted,
    CardsDealt,
    CardsDrawn,
    CardsMucked,
    CardsShown,
    Event,
    HandStarted,
    RunsChosen,
    StubReshuffled,
)
from pokernight.rules.forced import straddle_amounts
from pokernight.rules.stakes import BettingStructure, Stakes
from pokernight.rules.variants import variant_for


@dataclass(frozen=True, slots=True)
class Seating:
    """Where a hand's players sat: the table seat (from 0) of each hand seat, and how
    many seats the table had."""

    seats: tuple[int, ...]
    count: int


ACTION_CODES: Final = {
    "fold": "f",
    "check": "cc",
    "call": "cc",
    "bet_or_raise": "cbr",
    "bring_in": "pb",
}


def to_phh(
    hand: Hand,
    events: Sequence[Event] | None = None,
    players: Sequence[str] = (),
    seating: Seating | None = None,
) -> str:
    """The hand as the text of a ``.phh`` file (``finishing_stacks`` once it is over).

    ``events``: the hand's events as one view sees them (default: all of them);
    ``players``: names by seat, written in PHH order; ``seating``: where they sat.
    """
    events = hand.events if events is None else events
    started = events[0]
    assert isinstance(started, HandStarted)
    asked_runs = any(isinstance(event, RunsChosen) for event in events)
    order = _player_order(len(started.stacks), started.button)
    lines = [f"variant = {_quoted(phh_code(started, asked_runs))}", _ante_trimming(started)]
    lines += _stakes_lines(started, order)
    lines += _option_lines(started)
    lines.append(f"starting_stacks = {_numbers(started.stacks[seat] for seat in order)}")
    player = {seat: f"p{number}" for number, seat in enumerate(order, start=1)}
    lines.append("actions = [")
    lines += [f"  {_quoted(action)}," for action in phh_actions(events, player)]
    lines.append("]")
    final_stacks = hand.final_stacks
    if final_stacks is not None:
        lines.append(f"finishing_stacks = {_numbers(final_stacks[seat] for seat in order)}")
    if players:
        lines.append(f"players = [{', '.join(_quoted_name(players[seat]) for seat in order)}]")
    if seating is not None:
        lines.append(f"seat_count = {seating.count}")
        lines.append(f"seats = {_numbers(seating.seats[seat] + 1 for seat in order)}")
    return "\n".join(lines) + "\n"


def table_phh(played: PlayedHand, events: Sequence[Event] | None = None) -> str:
    """A table's hand as ``to_phh`` writes it, with its players' names and seats."""
    count = played.seat_count
    seating = None if count is None else Seating(played.started.seats, count)
    return to_phh(played.hand, events, played.names, seating)


def phh_actions(events: Sequence[Event], player: dict[int, str]) -> list[str]:
    """The PHH action strings for our events (forced bets and burns are implicit in PHH;
    the answers to running it twice are our own action, ``sr``, in our own codes only)."""
    actions: list[str] = []
    dealt: dict[int | None, list[Card | None]] = {}
    for event in events:
        if isinstance(event, CardsDealt):
            if event.board:  # a double board's second board: a ``d db`` of its own
                actions += _dealing_actions(dealt, player)
                dealt = {}
            dealt.setdefault(event.seat, []).extend([*event.cards, *[None] * event.hidden])
            continue
        if isinstance(event, CardsDrawn):
            # PHH takes every discard of a draw round first ("sd"), then deals the cards
            # drawn ("d dh"): the replacements wait for the round's end. A draw another
            # seat made names no cards in a view: unknown cards, as many as it drew.
            thrown = event.discarded or (None,) * event.count
            actions.append(f"{player[event.seat]} sd {_cards(thrown)}".rstrip())
            if event.count:
                dealt.setdefault(event.seat, []).extend(event.drawn or [None] * event.count)
            continue
        if isinstance(event, StubReshuffled):
            continue  # PHH names the cards dealt, not where in the stub they came from
        actions += _dealing_actions(dealt, player)
        dealt = {}
        if isinstance(event, ActionTaken):
            amount = f" {event.amount}" if event.kind == "bet_or_raise" else ""
            actions.append(f"{player[event.seat]} {ACTION_CODES[event.kind]}{amount}")
        elif isinstance(event, BringInPosted):
            actions.append(f"{player[event.seat]} pb")
        elif isinstance(event, CardsShown):
            actions.append(f"{player[event.seat]} sm {_cards(event.cards)}")
        elif isinstance(event, CardsMucked):
            actions.append(f"{player[event.seat]} sm")
        elif isinstance(event, RunsChosen):
            actions.append(f"{player[event.seat]} sr {event.runs}")
    return actions + _dealing_actions(dealt, player)


def _dealing_actions(
    dealt: dict[int | None, list[Card | None]], player: dict[int, str]
) -> list[str]:
    """One ``d dh`` per player (in the order they were dealt), then the board's ``d db``."""
    holes = [
        f"d dh {player[seat]} {_cards(cards)}" for seat, cards in dealt.items() if seat is not None
    ]
    board = [f"d db {_cards(dealt[None])}"] if None in dealt else []
    return holes + board


def _player_order(count: int, button: int) -> list[int]:
    """Our seats in PHH order: left of the button first, the button last."""
    return [(button + 1 + offset) % count for offset in range(count)]


def _option_lines(started: HandStarted) -> list[str]:
    """The hand's table options, as user-defined fields (``phh_codes``)."""
    options = {
        "_bomb_pot": started.bomb_pot,
        "_double_board": started.double_board,
        "_jacks_to_open": started.jacks_to_open,
        "_run_it_twice": started.run_it_twice,
        "_ftq_queen_carries_over": started.ftq_queen_carries_over,
    }
    return [f"{name} = {json.dumps(value)}" for name, value in options.items() if value]


def _ante_trimming(started: HandStarted) -> str:
    """PokerKit's ante trimming gives back the part of the largest ante nobody else
    matched: right for equal antes, but it would hand the big blind its ante back."""
    trimming = "false" if started.stakes.big_blind_ante else "true"
    return f"ante_trimming_status = {trimming}"


def _stakes_lines(started: HandStarted, order: Sequence[int]) -> list[str]:
    stakes: Stakes = started.stakes
    count = len(order)
    variant = variant_for(started.variant, started.betting)
    antes = [stakes.ante] * count
    antes[_big_blind_index(started, count)] += stakes.big_blind_ante  # the big blind pays both
    lines = [f"antes = {_numbers(antes)}"]
    if variant.is_stud:
        lines.append(f"bring_in = {stakes.bring_in}")
    else:
        lines.append(f"blinds_or_straddles = {_numbers(_blinds(started, order))}")
        if started.dead_small_blind:
            lines.append(f"_dead_small_blind = {stakes.small_blind}")
    if variant.betting is BettingStructure.FIXED_LIMIT:
        lines.append(f"small_bet = {stakes.fixed_bet(False)}")
        lines.append(f"big_bet = {stakes.fixed_bet(True)}")
    else:
        lines.append(f"min_bet = {stakes.minimum_bet()}")
    return lines


def _big_blind_index(started: HandStarted, count: int) -> int:
    """The big blind's place in PHH lists: ``p2``, or ``p1`` (left of the button) when
    the small blind is dead; heads-up PokerKit reads index 1 as the big blind's anyway."""
    return 0 if started.dead_small_blind and count > 2 else 1


def _blinds(started: HandStarted, order: Sequence[int]) -> list[int]:
    """``blinds_or_straddles`` in PHH order, as PokerKit reads it (decision 34).

    A dead small blind is left out, so the big blind is ``p1`` and the player
    left of it acts first (heads-up: a zero small blind, PokerKit reverses the
    list). A big blind posted to be dealt in is negative: PokerKit's "post bet",
    a live bet that moves nobody's turn. A Mississippi straddle and re-straddles are
    at their players' places (PokerKit starts the action left of the largest, as we do;
    decision 45).
    """
    stakes, count = started.stakes, len(order)
    dead = started.dead_small_blind
    if count == 2:
        blinds = [0 if dead else stakes.small_blind, stakes.big_blind]
    elif dead:
        blinds = [stakes.big_blind, stakes.straddle]
    else:
        blinds = [stakes.small_blind, stakes.big_blind, stakes.straddle]
    blinds = (blinds + [0] * count)[:count]
    for seat in started.posted_big_blinds:
        blinds[order.index(seat)] = -stakes.big_blind
    for seat, amount in zip(
        started.straddles, straddle_amounts(stakes, len(started.straddles)), strict=True
    ):
        blinds[order.index(seat)] = amount
    return blinds


def _numbers(values: Iterable[int]) -> str:
    return "[" + ", ".join(str(value) for value in values) + "]"


def _cards(cards: Iterable[Card | None]) -> str:
    return "".join(UNKNOWN_CARD if card is None else str(card) for card in cards)


def _quoted(text: str) -> str:
    # PHH strings never hold quotes or backslashes (codes, cards, numbers).
    return f"'{text}'"


def _quoted_name(name: str) -> str:
    """A player's name as a TOML basic string (names may hold any character).

    JSON's escapes are TOML's, except that TOML also escapes DEL.
    """
    return json.dumps(name, ensure_ascii=False).replace("\x7f", "\\u007f")
