"""Every command only the host may give: seats and rebuys to approve or decline, sitting a
player out, correcting a stack, standing up a player who walked away, removing a player (and
letting them back), bots, the settings, handing the table on and closing it; and the
server's word that the host has been away long enough (``HostAway``), which hands the table
on too.

Each function checks a host command against the table and answers with the
events it causes, or raises a TableError saying why not; ``evolve`` folds them.
Whether somebody is the host is decided here, in ``check_host``, for the table and
for the server's own host-only intents alike (start, pause, a new invite link). At a
tournament table the host is the tournament's director, and what would seat somebody
the tournament did not, make or take chips, or hand the table on is refused whoever asks
(decision 48).
"""

from __future__ import annotations

from pokernight.refusals import Param
from pokernight.table.commands import (
    AddBot,
    ApproveRebuy,
    ApproveSeat,
    BotLevel,
    CallBombPot,
    ChangeSettings,
    CloseTable,
    CorrectStack,
    DeclineRebuy,
    DeclineSeat,
    HostAway,
    LetPlayerBack,
    RemoveBot,
    RemovePlayer,
    SetDebtCap,
    SitBotIn,
    SitPlayerOut,
    StandPlayerUp,
    TransferHost,
    decides,
)
from pokernight.table.errors import TableError
from pokernight.table.events import (
    HOST_AWAY,
    HOST_HANDED_OVER,
    BombPotCalled,
    CloseRequested,
    DebtCapSet,
    HostChanged,
    PlayerLeft,
    PlayerLetBack,
    PlayerRemoved,
    PlayerSeated,
    RebuyDeclined,
    SatIn,
    SatOut,
    SeatDeclined,
    SettingsChanged,
    StackCorrected,
    TableEvent,
)
from pokernight.table.seating import (
    TOURNAMENT_BOTS,
    TOURNAMENT_CHIPS,
    TOURNAMENT_SEATS,
    check_buy_in,
    check_program_allowed,
    check_rebuy,
    check_seat_free,
    chips_in,
    refuse_at_tournament,
)
from pokernight.table.state import Seat, TableState

SAT_OUT_BY_HOST = "sat out by the host"
STOOD_UP_BY_HOST = "stood up by the host"
TOURNAMENT_HOST = "tournament_host"
REASON_CHARS = 100
"""The longest reason the host may give for a correction or a removal: a line of the chat."""


def check_host(host: str | None, player_id: str, code: str) -> None:
    """The one place that says whether ``player_id`` is the host (``host``: the table's);
    if not, refusal ``code`` says what only the host can do."""
    if player_id != host:
        raise TableError(code)


@decides(ChangeSettings)
def change_settings(table: TableState, command: ChangeSettings) -> list[TableEvent]:
    check_host(table.host, command.player_id, "only_host_change_settings")
    settings = command.settings.validated()
    highest = max(table.seats, default=-1)
    if highest >= settings.seats:
        raise TableError("seats_below_taken", seat=highest + 1, seats=highest + 1)
    return [SettingsChanged(settings)]


@decides(TransferHost)
def transfer_host(table: TableState, command: TransferHost) -> list[TableEvent]:
    refuse_at_tournament(table, TOURNAMENT_HOST)
    check_host(table.host, command.player_id, "only_host_transfer")
    if command.new_host == table.host:
        raise TableError("host_already")
    seat = next((seat for seat in table.seats.values() if seat.player_id == command.new_host), None)
    if seat is None:
        raise TableError("host_not_seated")
    if seat.bot is not None:
        raise TableError("host_bot", name=seat.name)
    if seat.removed:
        raise TableError("host_removed", name=seat.name)
    return [HostChanged(command.new_host, HOST_HANDED_OVER, table.host)]


@decides(HostAway)
def host_away(table: TableState, command: HostAway) -> list[TableEvent]:
    """The host has been away long enough (the server says when, decision 52): the role
    passes to the person with a page open seated the longest (``TableState.next_host``)."""
    refuse_at_tournament(table, TOURNAMENT_HOST)
    if table.host is None:
        raise TableError("no_host")
    if table.host in command.present:
        raise TableError("host_present")
    successor = table.next_host(command.present)
    if successor is None:
        raise TableError("no_successor")
    return [HostChanged(successor, HOST_AWAY, table.host)]


@decides(CallBombPot)
def call_bomb_pot(table: TableState, command: CallBombPot) -> list[TableEvent]:
    refuse_at_tournament(table, "tournament_bomb_pots")
    check_host(table.host, command.player_id, "only_host_bomb_pot")
    if table.bomb_pot_called:
        raise TableError("bomb_pot_called")
    if not table.upcoming_settings.deals_a_flop:
        raise TableError("bomb_pot_no_flop")
    return [BombPotCalled()]


@decides(CloseTable)
def close_table(table: TableState, command: CloseTable) -> list[TableEvent]:
    check_host(table.host, command.player_id, "only_host_close")
    if table.closing:
        raise TableError("closing_already")
    return [CloseRequested()]


@decides(SitPlayerOut)
def sit_player_out(table: TableState, command: SitPlayerOut) -> list[TableEvent]:
    # Sitting out during a hand keeps the player in it and deals them out of the next one.
    check_host(table.host, command.player_id, "only_host_sit_out")
    number = table.seat_of(command.target, who="that player")
    if table.seats[number].sitting_out:
        raise TableError("sitting_out_already_named", name=table.seats[number].name)
    return [SatOut(number, SAT_OUT_BY_HOST)]


@decides(SitBotIn)
def sit_bot_in(table: TableState, command: SitBotIn) -> list[TableEvent]:
    check_host(table.host, command.player_id, "only_host_sit_bot_in")
    seat = table.seats.get(command.seat)
    if seat is None or seat.bot is None:
        raise TableError("no_bot_at", seat=command.seat + 1)
    if not seat.sitting_out:
        raise TableError("not_sitting_out_named", name=seat.name)
    return [SatIn(command.seat)]


@decides(ApproveSeat)
def approve_seat(table: TableState, command: ApproveSeat) -> list[TableEvent]:
    refuse_at_tournament(table, TOURNAMENT_SEATS)
    check_host(table.host, command.player_id, "only_host_approve_seat")
    request = table.seat_requests.get(command.requester)
    if request is None:
        raise TableError("no_seat_request")
    check_seat_free(table, request.seat, request.player_id, who=request.name)
    check_buy_in(table, request.player_id, request.buy_in, who=request.name)
    check_program_allowed(table, request.program, who=request.name)
    return [
        PlayerSeated(
            request.seat, request.player_id, request.name, request.buy_in, program=request.program
        )
    ]


@decides(DeclineSeat)
def decline_seat(table: TableState, command: DeclineSeat) -> list[TableEvent]:
    refuse_at_tournament(table, TOURNAMENT_SEATS)
    check_host(table.host, command.player_id, "only_host_decline_seat")
    if command.requester not in table.seat_requests:
        raise TableError("no_seat_request")
    return [SeatDeclined(command.requester)]


@decides(ApproveRebuy)
def approve_rebuy(table: TableState, command: ApproveRebuy) -> list[TableEvent]:
    refuse_at_tournament(table, TOURNAMENT_CHIPS)
    check_host(table.host, command.player_id, "only_host_approve_rebuy")
    request = table.rebuy_requests.get(command.requester)
    if request is None:
        raise TableError("no_rebuy_request")
    who = table.seats[request.seat].name
    check_rebuy(table, request.player_id, request.amount, who=who)  # the limits, again now
    return chips_in(table, request.seat, request.amount)


@decides(DeclineRebuy)
def decline_rebuy(table: TableState, command: DeclineRebuy) -> list[TableEvent]:
    refuse_at_tournament(table, TOURNAMENT_CHIPS)
    check_host(table.host, command.player_id, "only_host_decline_rebuy")
    if command.requester not in table.rebuy_requests:
        raise TableError("no_rebuy_request")
    return [RebuyDeclined(command.requester)]


@decides(AddBot)
def add_bot(table: TableState, command: AddBot) -> list[TableEvent]:
    refuse_at_tournament(table, TOURNAMENT_BOTS)
    check_host(table.host, command.player_id, "only_host_add_bot")
    try:
        level = BotLevel(command.level)
    except ValueError:
        known = ", ".join(BotLevel)
        raise TableError("not_a_bot_level", level=command.level, known=known) from None
    # Seated players are counted so that a bot's id is never reused, even after it left.
    player_id = f"bot-{table.arrivals + 1}"
    name = f"{level.value.capitalize()} bot {command.seat + 1}"  # seats are shown from 1
    check_seat_free(table, command.seat, player_id, who=name)
    buy_in = default_bot_buy_in(table) if command.buy_in is None else command.buy_in
    check_buy_in(table, player_id, buy_in, who=name)
    return [PlayerSeated(command.seat, player_id, name, buy_in, bot_level=level.value)]


def default_bot_buy_in(table: TableState) -> int:
    """The largest buy-in the table allows within its debt cap."""
    settings = table.upcoming_settings
    cap = settings.debt_limit if settings.debt_limit is not None else settings.maximum_buy_in
    return min(settings.maximum_buy_in, cap)


@decides(RemoveBot)
def remove_bot(table: TableState, command: RemoveBot) -> list[TableEvent]:
    refuse_at_tournament(table, TOURNAMENT_BOTS)
    check_host(table.host, command.player_id, "only_host_remove_bot")
    seat = table.seats.get(command.seat)
    if seat is None or seat.bot is None:
        raise TableError("no_bot_at", seat=command.seat + 1)
    if table.in_hand(command.seat):
        raise TableError("bot_in_hand", name=seat.name)
    return [PlayerLeft(command.seat, seat.player_id, seat.stack)]


@decides(CorrectStack)
def correct_stack(table: TableState, command: CorrectStack) -> list[TableEvent]:
    """The host's correction of a stack, between the player's hands (decision 51): chips
    added are held to a rebuy's limits (the maximum stack, the debt cap), since they are
    lent like one; chips taken away are paid back like a cash-out, which nothing limits."""
    check_host(table.host, command.player_id, "only_host_correct_stack")
    if table.tournament:
        raise TableError("tournament_stacks")
    number, seat = _target(table, command.target)
    if seat.bot is not None:
        raise TableError("bot_stack", name=seat.name)
    reason = check_reason(command.reason)
    if table.in_hand(number):
        raise TableError("stack_in_hand", name=seat.name)
    if command.stack < 0:
        raise TableError("stack_negative")
    if command.stack == seat.stack:
        raise TableError("stack_same", name=seat.name, stack=seat.stack)
    if command.stack > seat.stack:
        check_rebuy(table, command.target, command.stack - seat.stack, who=seat.name)
    return [StackCorrected(number, command.target, command.stack, seat.stack, reason)]


@decides(SetDebtCap)
def set_debt_cap(table: TableState, command: SetDebtCap) -> list[TableEvent]:
    """The host's cap on what one player may owe (seed 003: "Maximum Debt: configurable per
    player"), counted for them in place of the table's; None gives them the table's again.
    A player seated, asking for a seat, or who has played here; never a bot (a bot owes
    nobody); no lower than the minimum buy-in, as the table's cap."""
    check_host(table.host, command.player_id, "only_host_debt_cap")
    if table.tournament:
        raise TableError("tournament_debts")
    name = _known_name(table, command.target)
    if command.target in table.ledger.bots or any(
        seat.player_id == command.target and seat.bot is not None for seat in table.seats.values()
    ):
        raise _named("bot_debt", name)
    current = table.own_debt_cap(command.target)
    if command.cap is None:
        if current is None:
            raise _named("table_debt_cap_already", name)
        return [DebtCapSet(command.target, None)]
    minimum = table.upcoming_settings.minimum_buy_in
    if command.cap < minimum:
        raise TableError("debt_cap_below_buy_in", cap=command.cap, minimum=minimum)
    if command.cap == current:
        raise _named("own_debt_cap_same", name, cap=current)
    return [DebtCapSet(command.target, command.cap)]


def _known_name(table: TableState, player_id: str) -> str | None:
    """What to call ``player_id`` in a refusal: their seat's name, or the name they asked for
    a seat with; None ("that player") if they only played here before; a TableError if the
    table has never heard of them."""
    for seat in table.seats.values():
        if seat.player_id == player_id:
            return seat.name
    request = table.seat_requests.get(player_id)
    if request is not None:
        return request.name
    if player_id in table.ledger.accounts:
        return None
    raise TableError("unknown_player")


def _named(code: str, name: str | None, **params: Param) -> TableError:
    """Refusal ``code`` naming the player ``name``, or its ``_unnamed`` form ("that player")."""
    if name is None:
        return TableError(f"{code}_unnamed", **params)
    return TableError(code, name=name, **params)


@decides(RemovePlayer)
def remove_player(table: TableState, command: RemovePlayer) -> list[TableEvent]:
    """The host removes a player (decision 51): between hands the ``PlayerLeft`` follows at
    once (``consequences``), during a hand they were dealt into when it ends."""
    check_host(table.host, command.player_id, "only_host_remove_player")
    if table.tournament:
        raise TableError("tournament_removes")
    if command.target == command.player_id:
        raise TableError("remove_yourself")
    number, seat = _target(table, command.target)
    if seat.bot is not None:
        raise TableError("bot_remove", name=seat.name)
    if seat.removed:
        raise TableError("removed_already", name=seat.name)
    reason = check_reason(command.reason)
    return [PlayerRemoved(number, command.target, seat.name, reason)]


@decides(StandPlayerUp)
def stand_player_up(table: TableState, command: StandPlayerUp) -> list[TableEvent]:
    """The host stands up a player who walked away without standing up, between their hands:
    cashed out (the ledger keeps the reason), the seat free; they may sit again."""
    check_host(table.host, command.player_id, "only_host_stand_up")
    if table.tournament:
        raise TableError("tournament_moves")
    if command.target == command.player_id:
        raise TableError("stand_yourself")
    number, seat = _target(table, command.target)
    if seat.bot is not None:
        raise TableError("bot_remove", name=seat.name)
    reason = check_reason(command.reason)
    if table.in_hand(number):
        raise TableError("stand_in_hand", name=seat.name)
    return [PlayerLeft(number, command.target, seat.stack, f"{STOOD_UP_BY_HOST}: {reason}")]


@decides(LetPlayerBack)
def let_player_back(table: TableState, command: LetPlayerBack) -> list[TableEvent]:
    check_host(table.host, command.player_id, "only_host_let_back")
    if command.target not in table.removed:
        raise TableError("not_removed")
    return [PlayerLetBack(command.target)]


def check_reason(text: str) -> str:
    """The host's reason, trimmed: one short line that says something, or a TableError."""
    reason = text.strip()
    if not reason:
        raise TableError("reason_missing")
    if len(reason) > REASON_CHARS:
        raise TableError("reason_long", most=REASON_CHARS, length=len(reason))
    if not reason.isprintable():
        raise TableError("reason_lines")
    return reason


def _target(table: TableState, player_id: str) -> tuple[int, Seat]:
    """The seat number and seat of the player a host command is about."""
    number = table.seat_of(player_id, who="that player")
    return number, table.seats[number]
