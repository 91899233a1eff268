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
from pokernight.table.errors import TableError, seat_words
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
TOURNAMENT_HOST = "a tournament table is hosted by its director for as long as it plays"
REASON_CHARS = 100
"""The longest reason the host may give for a correction or a removal: a line of the chat."""


def check_host(host: str | None, player_id: str, doing: str) -> None:
    """The one place that says whether ``player_id`` is the host (``host``: the table's)."""
    if player_id != host:
        raise TableError(f"only the host can {doing}")


@decides(ChangeSettings)
def change_settings(table: TableState, command: ChangeSettings) -> list[TableEvent]:
    check_host(table.host, command.player_id, "change settings")
    settings = command.settings.validated()
    highest = max(table.seats, default=-1)
    if highest >= settings.seats:
        raise TableError(
            f"{seat_words(highest)} is taken: the table needs at least {highest + 1} seats"
        )
    return [SettingsChanged(settings)]


@decides(TransferHost)
def transfer_host(table: TableState, command: TransferHost) -> list[TableEvent]:
    refuse_at_tournament(table, TOURNAMENT_HOST)
    check_host(table.host, command.player_id, "hand the table to a new host")
    if command.new_host == table.host:
        raise TableError("you are already the host")
    seat = next((seat for seat in table.seats.values() if seat.player_id == command.new_host), None)
    if seat is None:
        raise TableError("that player is not seated: only a seated player can host")
    if seat.bot is not None:
        raise TableError(f"{seat.name} is a bot: only a person can host")
    if seat.removed:
        raise TableError(f"{seat.name} is removed from the table: they leave when the hand ends")
    return [HostChanged(command.new_host, HOST_HANDED_OVER, table.host)]


@decides(HostAway)
def host_away(table: TableState, command: HostAway) -> list[TableEvent]:
    """The host has been away long enough (the server says when, decision 52): the role
    passes to the person with a page open seated the longest (``TableState.next_host``)."""
    refuse_at_tournament(table, TOURNAMENT_HOST)
    if table.host is None:
        raise TableError("nobody hosts this table: the next person seated will")
    if table.host in command.present:
        raise TableError("the host has a page open: the host role stays")
    successor = table.next_host(command.present)
    if successor is None:
        raise TableError("nobody else with a page open can host: the host role stays")
    return [HostChanged(successor, HOST_AWAY, table.host)]


@decides(CallBombPot)
def call_bomb_pot(table: TableState, command: CallBombPot) -> list[TableEvent]:
    refuse_at_tournament(table, "a tournament deals no bomb pots")
    check_host(table.host, command.player_id, "call a bomb pot")
    if table.bomb_pot_called:
        raise TableError("a bomb pot is called already: it is the next hand with a flop")
    if not table.upcoming_settings.deals_a_flop:
        raise TableError("bomb pots are for games with a flop, and this table deals none")
    return [BombPotCalled()]


@decides(CloseTable)
def close_table(table: TableState, command: CloseTable) -> list[TableEvent]:
    check_host(table.host, command.player_id, "close the table")
    if table.closing:
        raise TableError("the table already closes when this hand is over")
    return [CloseRequested()]


@decides(SitPlayerOut)
def sit_player_out(table: TableState, command: SitPlayerOut) -> list[TableEvent]:
    # Sitting out during a hand keeps the player in it and deals them out of the next one.
    check_host(table.host, command.player_id, "sit a player out")
    number = table.seat_of(command.target, who="that player")
    if table.seats[number].sitting_out:
        raise TableError(f"{table.seats[number].name} is already sitting out")
    return [SatOut(number, SAT_OUT_BY_HOST)]


@decides(SitBotIn)
def sit_bot_in(table: TableState, command: SitBotIn) -> list[TableEvent]:
    check_host(table.host, command.player_id, "sit a bot in")
    seat = table.seats.get(command.seat)
    if seat is None or seat.bot is None:
        raise TableError(f"there is no bot at {seat_words(command.seat)}")
    if not seat.sitting_out:
        raise TableError(f"{seat.name} is not sitting out")
    return [SatIn(command.seat)]


@decides(ApproveSeat)
def approve_seat(table: TableState, command: ApproveSeat) -> list[TableEvent]:
    refuse_at_tournament(table, TOURNAMENT_SEATS)
    check_host(table.host, command.player_id, "approve a seat")
    request = table.seat_requests.get(command.requester)
    if request is None:
        raise TableError("that player has not asked for a seat")
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
    check_host(table.host, command.player_id, "decline a seat")
    if command.requester not in table.seat_requests:
        raise TableError("that player has not asked for a seat")
    return [SeatDeclined(command.requester)]


@decides(ApproveRebuy)
def approve_rebuy(table: TableState, command: ApproveRebuy) -> list[TableEvent]:
    refuse_at_tournament(table, TOURNAMENT_CHIPS)
    check_host(table.host, command.player_id, "approve a rebuy")
    request = table.rebuy_requests.get(command.requester)
    if request is None:
        raise TableError("that player has not asked to add chips")
    who = table.seats[request.seat].name
    check_rebuy(table, request.player_id, request.amount, who=who)  # the limits, again now
    return chips_in(table, request.seat, request.amount)


@decides(DeclineRebuy)
def decline_rebuy(table: TableState, command: DeclineRebuy) -> list[TableEvent]:
    refuse_at_tournament(table, TOURNAMENT_CHIPS)
    check_host(table.host, command.player_id, "decline a rebuy")
    if command.requester not in table.rebuy_requests:
        raise TableError("that player has not asked to add chips")
    return [RebuyDeclined(command.requester)]


@decides(AddBot)
def add_bot(table: TableState, command: AddBot) -> list[TableEvent]:
    refuse_at_tournament(table, TOURNAMENT_BOTS)
    check_host(table.host, command.player_id, "add a bot")
    try:
        level = BotLevel(command.level)
    except ValueError:
        known = ", ".join(BotLevel)
        raise TableError(f"{command.level!r} is not a bot level (known: {known})") from None
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
    check_host(table.host, command.player_id, "remove a bot")
    seat = table.seats.get(command.seat)
    if seat is None or seat.bot is None:
        raise TableError(f"there is no bot at {seat_words(command.seat)}")
    if table.in_hand(command.seat):
        raise TableError(f"{seat.name} is in the hand: remove the bot when it is over")
    return [PlayerLeft(command.seat, seat.player_id, seat.stack)]


@decides(CorrectStack)
def correct_stack(table: TableState, command: CorrectStack) -> list[TableEvent]:
    """The host's correction of a stack, between the player's hands (decision 51): chips
    added are held to a rebuy's limits (the maximum stack, the debt cap), since they are
    lent like one; chips taken away are paid back like a cash-out, which nothing limits."""
    check_host(table.host, command.player_id, "correct a stack")
    if table.tournament:
        raise TableError("a tournament's chips change only through the tournament")
    number, seat = _target(table, command.target)
    if seat.bot is not None:
        raise TableError(
            f"{seat.name} is a bot, whose chips are nobody's money: remove it and add a bot "
            "with the buy-in you want"
        )
    reason = check_reason(command.reason)
    if table.in_hand(number):
        raise TableError(f"{seat.name} is in the hand: correct the stack when it is over")
    if command.stack < 0:
        raise TableError("a stack cannot be less than 0 chips")
    if command.stack == seat.stack:
        raise TableError(f"{seat.name}'s stack is {seat.stack:,} already")
    if command.stack > seat.stack:
        check_rebuy(table, command.target, command.stack - seat.stack, who=seat.name)
    return [StackCorrected(number, command.target, command.stack, seat.stack, reason)]


@decides(SetDebtCap)
def set_debt_cap(table: TableState, command: SetDebtCap) -> list[TableEvent]:
    """The host's cap on what one player may owe (seed 003: "Maximum Debt: configurable per
    player"), counted for them in place of the table's; None gives them the table's again.
    A player seated, asking for a seat, or who has played here; never a bot (a bot owes
    nobody); no lower than the minimum buy-in, as the table's cap."""
    check_host(table.host, command.player_id, "set a player's debt cap")
    if table.tournament:
        raise TableError("a tournament table has no debts: its chips come from the tournament")
    name = _known_name(table, command.target)
    if command.target in table.ledger.bots or any(
        seat.player_id == command.target and seat.bot is not None for seat in table.seats.values()
    ):
        raise TableError(f"{name} is a bot, whose chips are nobody's money: it owes nobody")
    current = table.own_debt_cap(command.target)
    if command.cap is None:
        if current is None:
            raise TableError(f"{name} has the table's debt cap already")
        return [DebtCapSet(command.target, None)]
    minimum = table.upcoming_settings.minimum_buy_in
    if command.cap < minimum:
        raise TableError(
            f"a debt cap of {command.cap:,} would not allow the minimum buy-in of {minimum:,}"
        )
    if command.cap == current:
        raise TableError(f"{name}'s own debt cap is {current:,} already")
    return [DebtCapSet(command.target, command.cap)]


def _known_name(table: TableState, player_id: str) -> str:
    """What to call ``player_id`` in a refusal: their seat's name, or the name they asked for
    a seat with; "that player" if they only played here before; a TableError if the table
    has never heard of them."""
    for seat in table.seats.values():
        if seat.player_id == player_id:
            return seat.name
    request = table.seat_requests.get(player_id)
    if request is not None:
        return request.name
    if player_id in table.ledger.accounts:
        return "that player"
    raise TableError("that player has not sat at this table or asked for a seat")


@decides(RemovePlayer)
def remove_player(table: TableState, command: RemovePlayer) -> list[TableEvent]:
    """The host removes a player (decision 51): between hands the ``PlayerLeft`` follows at
    once (``consequences``), during a hand they were dealt into when it ends."""
    check_host(table.host, command.player_id, "remove a player")
    if table.tournament:
        raise TableError("at a tournament table only the tournament seats and removes players")
    if command.target == command.player_id:
        raise TableError("you cannot remove yourself: stand up to leave")
    number, seat = _target(table, command.target)
    if seat.bot is not None:
        raise TableError(f"{seat.name} is a bot: take it away with Remove bot")
    if seat.removed:
        raise TableError(f"{seat.name} is removed already: they leave when the hand ends")
    reason = check_reason(command.reason)
    return [PlayerRemoved(number, command.target, seat.name, reason)]


@decides(StandPlayerUp)
def stand_player_up(table: TableState, command: StandPlayerUp) -> list[TableEvent]:
    """The host stands up a player who walked away without standing up, between their hands:
    cashed out (the ledger keeps the reason), the seat free; they may sit again."""
    check_host(table.host, command.player_id, "stand a player up")
    if table.tournament:
        raise TableError("at a tournament table only the tournament seats and moves players")
    if command.target == command.player_id:
        raise TableError("you cannot stand yourself up so: stand up to leave")
    number, seat = _target(table, command.target)
    if seat.bot is not None:
        raise TableError(f"{seat.name} is a bot: take it away with Remove bot")
    reason = check_reason(command.reason)
    if table.in_hand(number):
        raise TableError(f"{seat.name} is in the hand: stand them up when it is over")
    return [PlayerLeft(number, command.target, seat.stack, f"{STOOD_UP_BY_HOST}: {reason}")]


@decides(LetPlayerBack)
def let_player_back(table: TableState, command: LetPlayerBack) -> list[TableEvent]:
    check_host(table.host, command.player_id, "let a removed player back")
    if command.target not in table.removed:
        raise TableError("that player was not removed from this table")
    return [PlayerLetBack(command.target)]


def check_reason(text: str) -> str:
    """The host's reason, trimmed: one short line that says something, or a TableError."""
    reason = text.strip()
    if not reason:
        raise TableError("give a reason: everybody sees it, and the ledger keeps it")
    if len(reason) > REASON_CHARS:
        raise TableError(f"a reason is at most {REASON_CHARS} characters, not {len(reason):,}")
    if not reason.isprintable():
        raise TableError("a reason is one line of text: no line breaks or control characters")
    return reason


def _target(table: TableState, player_id: str) -> tuple[int, Seat]:
    """The seat number and seat of the player a host command is about."""
    number = table.seat_of(player_id, who="that player")
    return number, table.seats[number]
