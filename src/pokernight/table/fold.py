"""The fold: one stored event applied to the table's state.

Events are trusted (they were decided against this state): folding checks
nothing but the ledger's balance. Folding ``HandDealt`` or ``PlayerActed`` runs
the hand (``pokernight.rules``) and answers with the hand events it caused.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pokernight.cards import parse_card
from pokernight.rules import Action, ActionKind, Event, Hand
from pokernight.table.button import Positions
from pokernight.table.deal import start_hand
from pokernight.table.events import (
    BigBlindOffered,
    BombPotCalled,
    BountyPaid,
    CardsShownByChoice,
    ChipsAdded,
    ChipsQueued,
    ClockRestarted,
    CloseRequested,
    DebtCapSet,
    DebtCarried,
    DeckCommitted,
    HandDealt,
    HandFinished,
    HostChanged,
    PlayerActed,
    PlayerLeft,
    PlayerLetBack,
    PlayerRemoved,
    PlayerSeated,
    RabbitHunted,
    RebuyDeclined,
    RebuyRequested,
    SatIn,
    SatOut,
    SeatDeclined,
    SeatRequested,
    SettingsChanged,
    StackCorrected,
    StraddleChosen,
    TableClosed,
    TableEvent,
)
from pokernight.table.fairness import HandProof
from pokernight.table.folded import Folded
from pokernight.table.ledger import EntryKind
from pokernight.table.state import Seat, TableState


def evolve(table: TableState, event: TableEvent) -> Folded:
    """Fold ``event`` into ``table`` (in place): the event, with what it did to the hand."""
    hand_events: tuple[Event, ...] = ()
    proof = None
    match event:
        case PlayerSeated():
            _seated(table, event)
        case SeatRequested():
            table.seat_requests[event.player_id] = event
        case SeatDeclined():
            del table.seat_requests[event.player_id]
        case RebuyRequested():
            table.rebuy_requests[event.player_id] = event
        case RebuyDeclined():
            del table.rebuy_requests[event.player_id]
        case ChipsQueued():
            _update(table, event.seat, queued=table.seats[event.seat].queued + event.amount)
            table.rebuy_requests.pop(table.seats[event.seat].player_id, None)
        case ChipsAdded():
            seat = table.seats[event.seat]
            table.rebuy_requests.pop(seat.player_id, None)
            _update(
                table,
                event.seat,
                stack=seat.stack + event.amount,
                queued=0 if event.queued else seat.queued,
            )
            _record(table, seat.player_id, EntryKind.REBUY, event.amount)
        case DebtCarried():
            if event.amount:
                table.carried_debts[event.player_id] = event.amount
            else:
                table.carried_debts.pop(event.player_id, None)
        case DebtCapSet():
            if event.cap is None:
                table.debt_caps.pop(event.player_id, None)
            else:
                table.debt_caps[event.player_id] = event.cap
        case PlayerLeft():
            seat = table.seats.pop(event.seat)
            table.rebuy_requests.pop(seat.player_id, None)
            _record(table, seat.player_id, EntryKind.CASH_OUT, event.cash_out, event.reason)
        case StackCorrected():
            _update(table, event.seat, stack=event.stack)
            _record(table, event.player_id, EntryKind.CORRECTION, event.change, event.reason)
        case PlayerRemoved():
            _removed(table, event)
        case PlayerLetBack():
            _let_back(table, event.player_id)
        case SatOut():
            _update(table, event.seat, sitting_out=True, posting=False)
        case SatIn():
            seat = table.seats[event.seat]
            waiting = seat.waiting or seat.missed_hand
            _update(
                table, event.seat, sitting_out=False, waiting=waiting, missed_hand=False, timeouts=0
            )
        case BigBlindOffered():
            _update(table, event.seat, posting=True)
        case StraddleChosen():
            _update(table, event.seat, straddling=event.on)
        case HostChanged():
            table.host = event.host
        case CardsShownByChoice():
            shown = table.shown_by_choice.get(event.seat, frozenset())
            table.shown_by_choice[event.seat] = shown | frozenset(event.cards)
        case BountyPaid():
            _bounty_paid(table, event)
        case RabbitHunted():
            table.rabbit_hunted_for = event.hand_number
        case BombPotCalled():
            table.bomb_pot_called = True
        case CloseRequested():
            table.closing = True
        case TableClosed():
            table.closing, table.closed = False, True
        case SettingsChanged():
            table.pending_settings = event.settings
        case DeckCommitted():
            table.next_deck = event
        case HandDealt():
            table.next_deck = None
            hand_events = _hand_dealt(table, event)
        case PlayerActed():
            hand_events = _player_acted(table, event)
        case ClockRestarted():
            table.turn_started_at = event.at
        case HandFinished():
            assert table.hand is not None and table.started is not None
            proof = HandProof(table.started, table.hand.events)
            _hand_finished(table, event)
    table.ledger.check({seat.player_id: seat.stack for seat in table.seats.values()})
    return Folded(event, hand_events, table.hand, table.started, proof)


def _seated(table: TableState, event: PlayerSeated) -> None:
    table.arrivals += 1
    table.seats[event.seat] = Seat(
        event.player_id,
        event.name,
        event.buy_in,
        joined=table.arrivals,
        time_bank=table.upcoming_settings.time_bank_seconds,
        waiting=table.hand_number > 0,
        bot=event.bot_level,
        program=event.program,
    )
    table.seat_requests.pop(event.player_id, None)
    if event.bot_level is not None:
        table.ledger.add_bot(event.player_id)
    _record(table, event.player_id, EntryKind.BUY_IN, event.buy_in)


def _removed(table: TableState, event: PlayerRemoved) -> None:
    """Barred from sitting here again; during their hand the seat is marked, and they leave
    when it ends (``consequences.departures``); between hands the ``PlayerLeft`` follows."""
    table.removed[event.player_id] = event
    table.rebuy_requests.pop(event.player_id, None)
    if table.in_hand(event.seat):
        _update(table, event.seat, removed=True)


def _let_back(table: TableState, player_id: str) -> None:
    """The removal is lifted: a player still at the table (their hand not over) stays, and
    plays their own turns again."""
    del table.removed[player_id]
    for number, seat in table.seats.items():
        if seat.player_id == player_id and seat.removed:
            _update(table, number, removed=False)


def _hand_dealt(table: TableState, event: HandDealt) -> tuple[Event, ...]:
    table.settings = table.upcoming_settings
    table.pending_settings = None
    if table.levels_started_at is None:
        table.levels_started_at = event.at
    table.hand_number = event.hand_number
    for number, seat in table.seats.items():
        if number in event.seats:
            _update(table, number, waiting=False, posting=False)
        elif seat.sitting_out:
            _update(table, number, missed_hand=True)
    table.hand = start_hand(event)
    table.started = event
    if event.bomb_pot:
        table.bomb_pot_called = False
    table.turn_started_at = event.at
    return table.hand.events


def _player_acted(table: TableState, event: PlayerActed) -> tuple[Event, ...]:
    assert table.hand is not None and table.started is not None
    seat = table.seats[event.seat]
    # An absent player's bank is untouched, however late the clock came round.
    late = event.at - table.turn_started_at - table.settings.action_seconds
    overtime = 0.0 if event.absent else max(late, 0.0)
    _update(
        table,
        event.seat,
        time_bank=max(seat.time_bank - overtime, 0.0),
        timeouts=seat.timeouts + 1 if event.timed_out else 0,
    )
    before = table.hand.event_count
    table.hand = act_in_hand(table.hand, table.started, event)
    table.turn_started_at = event.at
    return table.hand.events_since(before)


def act_in_hand(hand: Hand, started: HandDealt, event: PlayerActed) -> Hand:
    """``hand`` (dealt by ``started``) once ``event`` is played in it: the one way a stored
    action moves a hand, for the table's fold and for a hand replayed from its own events."""
    index = started.seats.index(event.seat)
    cards = tuple(parse_card(text) for text in event.cards)
    return hand.act(Action(index, ActionKind(event.kind), event.amount, cards))


def _hand_finished(table: TableState, event: HandFinished) -> None:
    started = table.started
    assert started is not None
    results: dict[str, int] = {}
    for number, before, after in zip(started.seats, started.stacks, event.stacks, strict=True):
        _update(table, number, stack=after)
        player_id = table.seats[number].player_id
        results[player_id] = results.get(player_id, 0) + after - before
    table.ledger.record_hand(results, table.hand_number)
    table.positions = Positions(started.button, started.small_blind, started.big_blind)
    table.last_hand, table.last_started = table.hand, started
    table.shown_by_choice = {}
    table.hand = None
    table.started = None


def _bounty_paid(table: TableState, event: BountyPaid) -> None:
    """Chips move from the payers' stacks to the winner's: a result of that hand's."""
    results: dict[str, int] = {}
    for number, amount in event.payments:
        _update(table, number, stack=table.seats[number].stack - amount)
        results[table.seats[number].player_id] = -amount
    winner = table.seats[event.seat]
    _update(table, event.seat, stack=winner.stack + event.total)
    results[winner.player_id] = event.total
    table.ledger.record_hand(results, event.hand_number)
    table.bounty_paid_for = event.hand_number


def _update(table: TableState, number: int, **changes: Any) -> None:
    table.seats[number] = replace(table.seats[number], **changes)


def _record(
    table: TableState, player_id: str, kind: EntryKind, amount: int, reason: str = ""
) -> None:
    table.ledger.record(player_id, kind, amount, table.hand_number, reason)
