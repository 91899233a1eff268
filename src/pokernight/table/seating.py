"""Deciding the commands of seats and chips: sitting down, adding chips, standing up,
sitting out and in, posting a big blind to be dealt in.

Each decider checks a command against the table and answers with the events it
causes, or raises a TableError saying why not. The checks that host commands
share (a free seat, a buy-in, a rebuy within the limits) are here too.
"""

from __future__ import annotations

from pokernight.table.commands import (
    AddChips,
    CarryDebt,
    PostBigBlind,
    SitDown,
    SitIn,
    SitOut,
    StandUp,
    Straddle,
    decides,
)
from pokernight.table.errors import YOU, TableError, about
from pokernight.table.events import (
    BigBlindOffered,
    ChipsAdded,
    ChipsQueued,
    DebtCarried,
    PlayerLeft,
    PlayerSeated,
    RebuyRequested,
    SatIn,
    SatOut,
    SeatRequested,
    StraddleChosen,
    TableEvent,
)
from pokernight.table.state import TableState

# A tournament table's seats and stacks are the tournament's (decision 48): the codes of
# what a player, or anybody but its director, is told when they ask to change them.
TOURNAMENT_SEATS = "tournament_seats"
TOURNAMENT_CHIPS = "tournament_chips"
TOURNAMENT_LEAVING = "tournament_leaving"
TOURNAMENT_BOTS = "tournament_bots"


def check_given_by(table: TableState, by: str | None, code: str) -> None:
    """A seat or chip command given for a player by ``by`` (None: by the player). Only the
    host gives one for somebody else, and at a tournament table nobody else gives one at
    all: there seats and stacks change only as the tournament says (its director is the
    host), and refusal ``code`` says so."""
    if by is not None:
        if by != table.host:
            raise TableError("only_host_seats")
    elif table.tournament:
        raise TableError(code)


def refuse_at_tournament(table: TableState, code: str) -> None:
    """What no tournament table does, whoever asks (its director too): it would seat
    somebody the tournament did not, make or take chips, or hand the table on."""
    if table.tournament:
        raise TableError(code)


@decides(SitDown)
def sit_down(table: TableState, command: SitDown) -> list[TableEvent]:
    check_given_by(table, command.by, TOURNAMENT_SEATS)
    removed = table.removed.get(command.player_id)
    if removed is not None:
        raise TableError("removed_ask_host", reason=removed.reason)
    check_seat_free(table, command.seat, command.player_id)
    check_buy_in(table, command.player_id, command.buy_in)
    check_program_allowed(table, command.program)
    seat, player_id, name, buy_in = command.seat, command.player_id, command.name, command.buy_in
    if needs_approval(table, command):
        asked = table.seat_requests.get(command.player_id)
        if asked is not None:
            raise TableError("seat_asked_already", seat=asked.seat + 1)
        return [SeatRequested(seat, player_id, name, buy_in, program=command.program)]
    level = None if command.bot is None else command.bot.value
    return [PlayerSeated(seat, player_id, name, buy_in, level, command.program)]


def check_program_allowed(table: TableState, program: bool, who: str = YOU) -> None:
    """A TableError if a program would sit where the host does not allow programs (checked
    when it asks, and again when the host approves: the setting may have changed)."""
    if program and not table.upcoming_settings.allow_programs:
        raise about("programs_not_allowed", who)


def needs_approval(table: TableState, command: SitDown) -> bool:
    """A newcomer without the invite link waits for the host; the host does not, nor
    anybody who has already played here (the host let them in once). With no host (only
    bots left) a newcomer without the link waits too: whoever sits first becomes host."""
    return (
        table.upcoming_settings.approve_seats
        and command.player_id != table.host
        and not command.invited
        and command.player_id not in table.ledger.accounts
    )


def check_seat_free(table: TableState, number: int, player_id: str, who: str = YOU) -> None:
    """A TableError if ``player_id`` (called ``who`` in the reason) may not take seat
    ``number`` now."""
    settings = table.upcoming_settings
    if len(table.seats) >= settings.seats:
        raise TableError("table_full")
    if not 0 <= number < settings.seats:
        raise TableError("seat_missing", seat=number + 1, seats=settings.seats)
    if number in table.seats:
        raise TableError("seat_taken", seat=number + 1)
    if any(seat.player_id == player_id for seat in table.seats.values()):
        raise about("already_seated", who, seat=table.seat_of(player_id) + 1)


def check_buy_in(table: TableState, player_id: str, buy_in: int, who: str = YOU) -> None:
    settings = table.upcoming_settings
    low, high = settings.minimum_buy_in, settings.maximum_buy_in
    if not low <= buy_in <= high:
        raise TableError("buy_in_range", low=low, high=high)
    _check_debt_cap(table, player_id, buy_in, who)


@decides(AddChips)
def add_chips(table: TableState, command: AddChips) -> list[TableEvent]:
    check_given_by(table, command.by, TOURNAMENT_CHIPS)
    number = table.seat_of(command.player_id)
    if table.seats[number].removed:
        raise TableError("removed_leaving")
    check_rebuy(table, command.player_id, command.amount)
    if table.upcoming_settings.approve_rebuys and command.player_id != table.host:
        if command.player_id in table.rebuy_requests:
            raise TableError("rebuy_asked_already")
        return [RebuyRequested(number, command.player_id, command.amount)]
    return chips_in(table, number, command.amount)


def check_rebuy(table: TableState, player_id: str, amount: int, who: str = YOU) -> None:
    """A TableError if ``player_id`` (``who`` in the reason) may not add ``amount`` now."""
    seat = table.seats[table.seat_of(player_id)]
    if amount <= 0:
        raise TableError("chips_not_positive")
    settings = table.upcoming_settings
    room = settings.stack_room(seat.stack, seat.queued)
    if amount > room:
        cap = settings.stack_cap
        raise TableError("stack_cap", cap=cap, room=room)
    _check_debt_cap(table, player_id, amount, who)


def chips_in(table: TableState, number: int, amount: int) -> list[TableEvent]:
    """Chips bought for seat ``number``: now, or after the hand it is playing."""
    if table.in_hand(number):
        return [ChipsQueued(number, amount)]
    return [ChipsAdded(number, amount)]


@decides(CarryDebt)
def carry_debt(table: TableState, command: CarryDebt) -> list[TableEvent]:
    """A member's debt from earlier nights, noted when it changed (nothing otherwise)."""
    if command.amount < 0:
        raise TableError("carried_debt_negative")
    if table.carried_debts.get(command.player_id, 0) == command.amount:
        return []
    return [DebtCarried(command.player_id, command.amount)]


@decides(StandUp)
def stand_up(table: TableState, command: StandUp) -> list[TableEvent]:
    check_given_by(table, command.by, TOURNAMENT_LEAVING)
    number = table.seat_of(command.player_id)
    if table.in_hand(number):
        raise TableError("in_hand_stand_later")
    return [PlayerLeft(number, command.player_id, table.seats[number].stack)]


@decides(SitOut)
def sit_out(table: TableState, command: SitOut) -> list[TableEvent]:
    number = table.seat_of(command.player_id)
    if table.seats[number].sitting_out:
        raise TableError("sitting_out_already")
    return [SatOut(number, "asked")]


@decides(SitIn)
def sit_in(table: TableState, command: SitIn) -> list[TableEvent]:
    number = table.seat_of(command.player_id)
    if not table.seats[number].sitting_out:
        raise TableError("not_sitting_out")
    return [SatIn(number)]


@decides(Straddle)
def straddle(table: TableState, command: Straddle) -> list[TableEvent]:
    number = table.seat_of(command.player_id)
    if command.on and table.tournament:
        raise TableError("tournament_straddles")
    if command.on and not table.upcoming_settings.allows_straddles:
        raise TableError("straddles_not_allowed")
    if table.seats[number].straddling == command.on:
        raise TableError("straddling_already" if command.on else "not_straddling")
    return [StraddleChosen(number, command.on)]


@decides(PostBigBlind)
def post_big_blind(table: TableState, command: PostBigBlind) -> list[TableEvent]:
    number = table.seat_of(command.player_id)
    seat = table.seats[number]
    if seat.sitting_out or not seat.waiting:
        raise TableError("not_waiting_big_blind")
    if seat.posting:
        raise TableError("big_blind_offered_already")
    return [BigBlindOffered(number)]


def _check_debt_cap(table: TableState, player_id: str, amount: int, who: str = YOU) -> None:
    """A TableError if taking ``amount`` would put ``player_id`` above their debt cap: their
    own if the host set one (named so in the reason), else the table's."""
    settings = table.upcoming_settings
    queued = sum(seat.queued for seat in table.seats.values() if seat.player_id == player_id)
    debt = table.debt_of(player_id) + queued
    own = table.own_debt_cap(player_id)
    room = settings.debt_room(debt, own)
    if room is not None and amount > room:
        cap = settings.debt_cap_for(own)
        assert cap is not None  # there is room to count: there is a cap
        raise about(
            "debt_cap_reached" if own is None else "own_debt_cap_reached",
            who,
            cap=cap,
            debt=debt,
            amount=amount,
        )
