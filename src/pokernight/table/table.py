"""A table over time: seats, buy-ins, the button, dealing in, clocks, the ledger, the host.

A ``Table`` is the fold of its events. A command is checked against the
current state (``verify`` raises a TableError saying why not), turned into
events, and each event is folded in (``evolve``, not to be confused with a
player's ``Hand.fold``); folding an event may call for
more (a hand that ended is finished, a second timeout sits the player out,
the host's leaving hands the table on). Folding ``HandDealt`` or
``PlayerActed`` runs the hand (``pokernight.rules``): each fold answers with
the hand events it caused (``Folded``). Replaying the stored events with
``Table.from_events`` rebuilds the same table, hand in progress included.

The table is mutable (one owner task changes it, in order) and pure: time
arrives as ``now`` (seconds) with each command, randomness as an RNG.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from pokernight.cards import full_deck, shuffled
from pokernight.commitment import deck_commitment, new_salt
from pokernight.rules import Action, ActionKind, CardsShown, Event, Hand, Stakes, Variant
from pokernight.table.button import DealPlan, Positions, plan_blinds, plan_stud
from pokernight.table.commands import (
    Act,
    AddBot,
    AddChips,
    ApproveRebuy,
    ApproveSeat,
    ChangeSettings,
    CloseTable,
    Command,
    DeclineRebuy,
    DeclineSeat,
    PostBigBlind,
    RemoveBot,
    ShowCards,
    SitBotIn,
    SitDown,
    SitIn,
    SitOut,
    SitPlayerOut,
    StandUp,
    StartHand,
    TransferHost,
)
from pokernight.table.dealing import action_kind, start_hand, verify_action
from pokernight.table.errors import (
    YOU,
    LedgerOutOfBalanceError,
    TableError,
    seat_words,
    subject,
)
from pokernight.table.events import (
    BigBlindOffered,
    CardsShownByChoice,
    ChipsAdded,
    ChipsQueued,
    CloseRequested,
    HandDealt,
    HandFinished,
    HostChanged,
    PlayerActed,
    PlayerLeft,
    PlayerSeated,
    RebuyDeclined,
    RebuyRequested,
    SatIn,
    SatOut,
    SeatDeclined,
    SeatRequested,
    SettingsChanged,
    TableClosed,
    TableEvent,
    TableOpened,
)
from pokernight.table.fairness import HandProof
from pokernight.table.folded import Folded
from pokernight.table.host_commands import (
    add_bot,
    approve_rebuy,
    approve_seat,
    change_settings,
    close_table,
    decline_rebuy,
    decline_seat,
    remove_bot,
    sit_bot_in,
    sit_player_out,
    transfer_host,
)
from pokernight.table.ledger import Account, EntryKind, LedgerEntry, PeopleBalances
from pokernight.table.settings import TableSettings

TIMEOUTS_BEFORE_SITTING_OUT = 2


LEDGER_KEPT = 200
"""Ledger entries kept in memory (the newest); the store keeps every one."""


@dataclass(frozen=True, slots=True)
class Seat:
    """A seated player. ``joined`` orders arrivals: the lowest has sat the longest.

    ``waiting``: for the big blind (new, or back after missing a hand);
    ``posting``: offered to post one instead; ``queued``: chips bought during a
    hand, added when it ends; ``timeouts``: in a row; ``bot``: the level of
    the bot playing the seat (None: a person).
    """

    player_id: str
    name: str
    stack: int
    joined: int
    time_bank: float
    sitting_out: bool = False
    waiting: bool = False
    posting: bool = False
    missed_hand: bool = False
    queued: int = 0
    timeouts: int = 0
    bot: str | None = None


@dataclass(frozen=True, slots=True)
class NextDeal:
    """What the next hand will be, decided before any card is shuffled."""

    hand_number: int
    game: Variant
    plan: DealPlan
    level: int
    stakes: Stakes


class Table:
    def __init__(self, opened: TableOpened) -> None:
        self.settings = opened.settings.validated()
        self.pending_settings: TableSettings | None = None
        self.host: str | None = opened.host
        self.seats: dict[int, Seat] = {}
        self.positions: Positions | None = None
        self.hand_number = 0
        self.hand: Hand | None = None
        self.started: HandDealt | None = None
        # The hand that ended last, and the seats that showed it: a player may still show.
        self.last_hand: Hand | None = None
        self.last_started: HandDealt | None = None
        self.shown_by_choice: set[int] = set()
        self.turn_started_at = 0.0
        self.levels_started_at: float | None = None
        # The newest entries only: the store keeps them all (its ledger_entries), and a list
        # of every entry grew for the life of the table. The sums are kept whole.
        self.ledger: deque[LedgerEntry] = deque(maxlen=LEDGER_KEPT)
        self.accounts: dict[str, Account] = {}
        self.between_people = PeopleBalances()
        self.bots: set[str] = set()  # the player ids of every bot that sat here
        self.arrivals = 0
        self.seat_requests: dict[str, SeatRequested] = {}  # by player id, waiting for the host
        self.rebuy_requests: dict[str, RebuyRequested] = {}  # by player id, waiting for the host
        self.closing = False  # the host closed it during a hand: it closes when the hand ends
        self.closed = False
        # The table keeps its opening, not its whole log: the store holds the events, and a
        # log kept here grew for as long as the table ran.
        self.opened = opened

    @classmethod
    def open(cls, settings: TableSettings, host: str | None) -> Table:
        return cls(TableOpened(settings, host))

    @classmethod
    def from_events(cls, events: Iterable[TableEvent]) -> Table:
        """Rebuild a table by folding its stored events (the first is ``TableOpened``)."""
        stream = iter(events)
        opened = next(stream, None)
        if not isinstance(opened, TableOpened):
            raise ValueError("a table's events begin with TableOpened")
        table = cls(opened)
        for event in stream:
            table.evolve(event)
        return table

    # Commands ----------------------------------------------------------------------------

    def verify(self, command: Command, now: float) -> None:
        """Raise a TableError saying why ``command`` would be refused; else nothing."""
        if isinstance(command, StartHand):
            self._next_deal(now)  # checking a deal must not draw from its RNG: only dealing does
        else:
            self._decide(command, now)

    def can(self, command: Command, now: float) -> bool:
        try:
            self.verify(command, now)
        except TableError:
            return False
        return True

    def decide(self, command: Command, now: float) -> tuple[Table, list[Folded]]:
        """What ``command`` would do, leaving this table as it is: the table it makes and
        the events it causes (each folded into that one), or a TableError saying why not.
        The server saves the events and only then takes the new table: a save that fails
        leaves the table it had."""
        after = self._copy()
        return after, after.apply(command, now)

    def _copy(self) -> Table:
        """An independent copy: every container the fold changes is copied (the seats,
        accounts and requests are frozen records, shared), the hand in play too."""
        twin = Table.__new__(Table)
        twin.__dict__.update(self.__dict__)
        twin.seats = dict(self.seats)
        twin.hand = None if self.hand is None else self.hand.copy()
        twin.shown_by_choice = set(self.shown_by_choice)
        twin.ledger = self.ledger.copy()
        twin.accounts = dict(self.accounts)
        twin.between_people = self.between_people.copy()
        twin.bots = set(self.bots)
        twin.seat_requests = dict(self.seat_requests)
        twin.rebuy_requests = dict(self.rebuy_requests)
        return twin

    def apply(self, command: Command, now: float) -> list[Folded]:
        """Carry out ``command``: the events it caused, in order, each folded into the table."""
        pending = self._decide(command, now)
        done: list[Folded] = []
        while pending:
            folded = self.evolve(pending.pop(0))
            done.append(folded)
            pending[:0] = self._consequences(folded.event)
        return done

    def tick(self, now: float, present: Collection[str] | None = None) -> Act | None:
        """The action the clock takes at ``now``, if any: check if possible, else fold.

        A stud bring-in cannot fold: the clock posts it. ``present``: the players with
        a page open, if the caller knows (see ``deadline``).
        """
        hand, started = self.hand, self.started
        if hand is None or started is None or hand.to_act is None:
            return None
        if now < self.deadline(present):
            return None
        seat = self.seats[started.seats[hand.to_act]]
        kind = next(
            kind
            for kind in (ActionKind.CHECK, ActionKind.FOLD, ActionKind.BRING_IN)
            if hand.can(Action(hand.to_act, kind))
        )
        return Act(seat.player_id, kind.value, timed_out=True, absent=_gone(seat, present))

    def deadline(self, present: Collection[str] | None = None) -> float:
        """When the player to act runs out of time: the action clock, then their time bank.

        A person who is not in ``present`` (no page open) gets the action clock only:
        the table does not wait a minute at every turn for somebody who has gone. Their
        bank stays whole for when they come back. A bot is played by the server and keeps
        its bank; ``present`` None means everybody counts as there.
        """
        if self.hand is None or self.started is None or self.hand.to_act is None:
            raise TableError("nobody is to act")
        seat = self.seats[self.started.seats[self.hand.to_act]]
        bank = 0.0 if _gone(seat, present) else seat.time_bank
        return self.turn_started_at + self.settings.action_seconds + bank

    # Queries -----------------------------------------------------------------------------

    @property
    def upcoming_settings(self) -> TableSettings:
        """The settings of the next hand (the host's change, if any, else the current)."""
        return self.pending_settings or self.settings

    def seat_of(self, player_id: str, who: str = YOU) -> int:
        """The seat of ``player_id``; a TableError calling them ``who`` if they have none."""
        for number, seat in self.seats.items():
            if seat.player_id == player_id:
                return number
        raise TableError(f"{subject(who, 'are', 'is')} not seated at this table")

    def in_hand(self, seat: int) -> bool:
        return self.started is not None and seat in self.started.seats

    def chips_at_table(self) -> int:
        return sum(seat.stack for seat in self.seats.values())

    def account(self, player_id: str) -> Account:
        return self.accounts.get(player_id, Account())

    # Deciding: state -> events, or a TableError ------------------------------------------

    def _decide(self, command: Command, now: float) -> list[TableEvent]:
        if self.closed:
            raise TableError("the table is closed: the game is over")
        match command:
            case SitDown():
                return self._sit_down(command)
            case AddChips():
                return self._add_chips(command)
            case StandUp():
                return self._stand_up(command)
            case SitOut():
                return self._sit_out(command)
            case SitIn():
                return self._sit_in(command)
            case PostBigBlind():
                return self._post_big_blind(command)
            case ChangeSettings():
                return change_settings(self, command)
            case TransferHost():
                return transfer_host(self, command)
            case SitPlayerOut():
                return sit_player_out(self, command)
            case SitBotIn():
                return sit_bot_in(self, command)
            case ApproveSeat():
                return approve_seat(self, command)
            case DeclineSeat():
                return decline_seat(self, command)
            case ApproveRebuy():
                return approve_rebuy(self, command)
            case DeclineRebuy():
                return decline_rebuy(self, command)
            case AddBot():
                return add_bot(self, command)
            case RemoveBot():
                return remove_bot(self, command)
            case CloseTable():
                return close_table(self, command)
            case ShowCards():
                return self._show_cards(command)
            case StartHand():
                return [self._deal(self._next_deal(now), command.rng, now)]
            case Act():
                return self._act(command, now)

    def _sit_down(self, command: SitDown) -> list[TableEvent]:
        self.check_seat_free(command.seat, command.player_id)
        self.check_buy_in(command.player_id, command.buy_in)
        if self._needs_approval(command):
            asked = self.seat_requests.get(command.player_id)
            if asked is not None:
                raise TableError(
                    f"you have already asked for {seat_words(asked.seat)}: wait for the host"
                )
            return [SeatRequested(command.seat, command.player_id, command.name, command.buy_in)]
        return [PlayerSeated(command.seat, command.player_id, command.name, command.buy_in)]

    def _needs_approval(self, command: SitDown) -> bool:
        """A newcomer without the invite link waits for the host; the host does not, nor
        anybody who has already played here (the host let them in once). With no host (only
        bots left) a newcomer without the link waits too: whoever sits first becomes host."""
        return (
            self.upcoming_settings.approve_seats
            and command.player_id != self.host
            and not command.invited
            and command.player_id not in self.accounts
        )

    def check_seat_free(self, number: int, player_id: str, who: str = YOU) -> None:
        """A TableError if ``player_id`` (called ``who`` in the reason) may not take seat
        ``number`` now."""
        settings = self.upcoming_settings
        if len(self.seats) >= settings.seats:
            raise TableError("table is full")
        if not 0 <= number < settings.seats:
            raise TableError(f"{seat_words(number)} does not exist (seats 1 to {settings.seats})")
        if number in self.seats:
            raise TableError(f"{seat_words(number)} is taken")
        if any(seat.player_id == player_id for seat in self.seats.values()):
            where = seat_words(self.seat_of(player_id))
            raise TableError(f"{subject(who, 'are', 'is')} already seated at {where}")

    def check_buy_in(self, player_id: str, buy_in: int, who: str = YOU) -> None:
        settings = self.upcoming_settings
        low, high = settings.minimum_buy_in, settings.maximum_buy_in
        if not low <= buy_in <= high:
            raise TableError(f"buy-in must be between {low:,} and {high:,}")
        self._check_debt_cap(player_id, buy_in, who)

    def _add_chips(self, command: AddChips) -> list[TableEvent]:
        number = self.seat_of(command.player_id)
        self.check_rebuy(command.player_id, command.amount)
        if self.upcoming_settings.approve_rebuys and command.player_id != self.host:
            if command.player_id in self.rebuy_requests:
                raise TableError("you have already asked to add chips: wait for the host")
            return [RebuyRequested(number, command.player_id, command.amount)]
        return self.chips_in(number, command.amount)

    def check_rebuy(self, player_id: str, amount: int, who: str = YOU) -> None:
        """A TableError if ``player_id`` (``who`` in the reason) may not add ``amount`` now."""
        seat = self.seats[self.seat_of(player_id)]
        if amount <= 0:
            raise TableError("the chips to add must be a positive amount")
        settings = self.upcoming_settings
        room = settings.stack_room(seat.stack, seat.queued)
        if amount > room:
            cap = settings.stack_cap
            raise TableError(f"the stack may not go above {cap:,}: add at most {room:,}")
        self._check_debt_cap(player_id, amount, who)

    def chips_in(self, number: int, amount: int) -> list[TableEvent]:
        """Chips bought for seat ``number``: now, or after the hand it is playing."""
        if self.in_hand(number):
            return [ChipsQueued(number, amount)]
        return [ChipsAdded(number, amount)]

    def _stand_up(self, command: StandUp) -> list[TableEvent]:
        number = self.seat_of(command.player_id)
        if self.in_hand(number):
            raise TableError("you are in the hand: stand up when it is over")
        return [PlayerLeft(number, command.player_id, self.seats[number].stack)]

    def _sit_out(self, command: SitOut) -> list[TableEvent]:
        number = self.seat_of(command.player_id)
        if self.seats[number].sitting_out:
            raise TableError("you are already sitting out")
        return [SatOut(number, "asked")]

    def _sit_in(self, command: SitIn) -> list[TableEvent]:
        number = self.seat_of(command.player_id)
        if not self.seats[number].sitting_out:
            raise TableError("you are not sitting out")
        return [SatIn(number)]

    def _post_big_blind(self, command: PostBigBlind) -> list[TableEvent]:
        number = self.seat_of(command.player_id)
        seat = self.seats[number]
        if seat.sitting_out or not seat.waiting:
            raise TableError("you are not waiting for the big blind")
        if seat.posting:
            raise TableError("you have already offered to post the big blind")
        return [BigBlindOffered(number)]

    def _show_cards(self, command: ShowCards) -> list[TableEvent]:
        number = self.seat_of(command.player_id)
        hand, started = self.last_hand, self.last_started
        if hand is None or started is None or number not in started.seats:
            raise TableError("you have no cards to show: you were not in the last hand")
        index = started.seats.index(number)
        if number in self.shown_by_choice or any(
            isinstance(item, CardsShown) and item.seat == index for item in hand.events
        ):
            raise TableError("your cards are already shown")
        cards = tuple(str(card) for card in hand.hole(index))
        return [CardsShownByChoice(started.hand_number, number, cards)]

    def _closing_events(self) -> list[TableEvent]:
        """Everybody cashed out (chips bought during the last hand included), then the close."""
        leaving: list[TableEvent] = [
            PlayerLeft(number, seat.player_id, seat.stack + seat.queued)
            for number, seat in sorted(self.seats.items())
        ]
        return [*leaving, TableClosed()]

    def _next_deal(self, now: float) -> NextDeal:
        """The hand ``StartHand`` would deal at ``now``, or a TableError saying why none can be."""
        if self.closed:
            raise TableError("the table is closed: the game is over")
        if self.hand is not None:
            raise TableError("a hand is being played")
        if self.closing:
            raise TableError("the table is closing")
        settings = self.upcoming_settings
        number = self.hand_number + 1
        game = settings.game_for_hand(number)
        plan = self._plan(game.is_stud, settings.seats)
        if plan is None:
            raise TableError("at least two players with chips must be sitting in")
        level = settings.level_at(self._seconds_since_first_hand(now))
        return NextDeal(number, game, plan, level, settings.stakes_for(game, level))

    def _deal(self, deal: NextDeal, rng: Random, now: float) -> HandDealt:
        deck = shuffled(full_deck(), rng)
        salt = new_salt(rng)
        plan = deal.plan
        return HandDealt(
            hand_number=deal.hand_number,
            at=now,
            variant=deal.game.key,
            betting=deal.game.betting.value,
            level=deal.level,
            stakes=deal.stakes,
            seats=plan.seats,
            stacks=tuple(self.seats[seat].stack for seat in plan.seats),
            button=plan.positions.button,
            small_blind=plan.positions.small_blind,
            big_blind=plan.positions.big_blind,
            posted=plan.posted,
            hand_button=plan.hand_button,
            deck=tuple(str(card) for card in deck),
            salt=salt,
            commitment=deck_commitment(deck, salt),
        )

    def _seconds_since_first_hand(self, now: float) -> float:
        """Blind levels count from the first hand dealt, not from the table's opening."""
        return 0.0 if self.levels_started_at is None else now - self.levels_started_at

    def _plan(self, stud: bool, seat_count: int) -> DealPlan | None:
        players = sorted(
            number for number, seat in self.seats.items() if not seat.sitting_out and seat.stack > 0
        )
        if stud:
            return plan_stud(self.positions, players)
        waiting = {number for number in players if self.seats[number].waiting}
        posting = {number for number in waiting if self.seats[number].posting}
        return plan_blinds(self.positions, players, waiting, posting, seat_count)

    def _act(self, command: Act, now: float) -> list[TableEvent]:
        hand, started = self.hand, self.started
        if hand is None or started is None:
            raise TableError("no hand is being played")
        number = self.seat_of(command.player_id)
        if number not in started.seats:
            raise TableError("you are not in this hand: you are dealt in from the next one")
        action = Action(started.seats.index(number), action_kind(command.kind), command.amount)
        # The clock's act says whether it skipped an absent player's time bank: the
        # table cannot see who has a page open, the server can.
        present = () if command.absent else None
        if command.timed_out and self.tick(now, present) != command:
            raise TableError(f"seat {number} still has time to act")
        verify_action(hand, action)
        return [
            PlayerActed(
                started.hand_number,
                number,
                command.kind,
                command.amount,
                now,
                command.timed_out,
                command.absent,
            )
        ]

    def _check_debt_cap(self, player_id: str, amount: int, who: str = YOU) -> None:
        settings = self.upcoming_settings
        debt = self.account(player_id).debt + self._queued_for(player_id)
        room = settings.debt_room(debt)
        if room is not None and amount > room:
            raise TableError(
                f"debt cap of {settings.debt_limit:,} reached: {subject(who, 'owe', 'owes')} "
                f"{debt:,} and cannot take {amount:,} more"
            )

    def _queued_for(self, player_id: str) -> int:
        return sum(seat.queued for seat in self.seats.values() if seat.player_id == player_id)

    # What an event calls for next --------------------------------------------------------

    def _consequences(self, event: TableEvent) -> list[TableEvent]:
        match event:
            case HandDealt():
                return self._finished_if_over(event.hand_number)  # blinds may put all in
            case PlayerActed():
                return self._after_action(event)
            case HandFinished():
                queued: list[TableEvent] = [
                    ChipsAdded(number, seat.queued, queued=True)
                    for number, seat in sorted(self.seats.items())
                    if seat.queued
                ]
                return queued + (self._closing_events() if self.closing else [])
            case CloseRequested() if self.hand is None:
                return self._closing_events()
            case PlayerLeft() if event.player_id == self.host and not self.closing:
                return [HostChanged(self._longest_seated())]
            case PlayerSeated() if self.host is None and event.bot_level is None:
                return [HostChanged(event.player_id)]
        return []

    def _after_action(self, event: PlayerActed) -> list[TableEvent]:
        follow: list[TableEvent] = []
        seat = self.seats[event.seat]
        if seat.timeouts >= TIMEOUTS_BEFORE_SITTING_OUT and not seat.sitting_out:
            follow.append(SatOut(event.seat, "timed out twice in a row"))
        return follow + self._finished_if_over(event.hand_number)

    def _finished_if_over(self, hand_number: int) -> list[TableEvent]:
        final_stacks = None if self.hand is None else self.hand.final_stacks
        return [] if final_stacks is None else [HandFinished(hand_number, final_stacks)]

    def _longest_seated(self) -> str | None:
        """The person seated the longest (bots never host: nobody could start the game)."""
        people = [seat for seat in self.seats.values() if seat.bot is None]
        return min(people, key=lambda seat: seat.joined).player_id if people else None

    # Folding: event -> state -------------------------------------------------------------

    def evolve(self, event: TableEvent) -> Folded:
        """Apply one stored event to the table (the events are trusted: they were verified)."""
        hand_events: tuple[Event, ...] = ()
        proof = None
        match event:
            case PlayerSeated():
                self.arrivals += 1
                self.seats[event.seat] = Seat(
                    event.player_id,
                    event.name,
                    event.buy_in,
                    joined=self.arrivals,
                    time_bank=self.upcoming_settings.time_bank_seconds,
                    waiting=self.hand_number > 0,
                    bot=event.bot_level,
                )
                self.seat_requests.pop(event.player_id, None)
                if event.bot_level is not None:
                    self.bots.add(event.player_id)
                self._record(event.player_id, EntryKind.BUY_IN, event.buy_in)
            case SeatRequested():
                self.seat_requests[event.player_id] = event
            case SeatDeclined():
                del self.seat_requests[event.player_id]
            case RebuyRequested():
                self.rebuy_requests[event.player_id] = event
            case RebuyDeclined():
                del self.rebuy_requests[event.player_id]
            case ChipsQueued():
                self._update(event.seat, queued=self.seats[event.seat].queued + event.amount)
                self.rebuy_requests.pop(self.seats[event.seat].player_id, None)
            case ChipsAdded():
                seat = self.seats[event.seat]
                self.rebuy_requests.pop(seat.player_id, None)
                self._update(
                    event.seat,
                    stack=seat.stack + event.amount,
                    queued=0 if event.queued else seat.queued,
                )
                self._record(seat.player_id, EntryKind.REBUY, event.amount)
            case PlayerLeft():
                seat = self.seats.pop(event.seat)
                self.rebuy_requests.pop(seat.player_id, None)
                self._record(seat.player_id, EntryKind.CASH_OUT, event.cash_out)
            case SatOut():
                self._update(event.seat, sitting_out=True, posting=False)
            case SatIn():
                seat = self.seats[event.seat]
                waiting = seat.waiting or seat.missed_hand
                self._update(
                    event.seat, sitting_out=False, waiting=waiting, missed_hand=False, timeouts=0
                )
            case BigBlindOffered():
                self._update(event.seat, posting=True)
            case HostChanged():
                self.host = event.host
            case CardsShownByChoice():
                self.shown_by_choice.add(event.seat)
            case CloseRequested():
                self.closing = True
            case TableClosed():
                self.closing, self.closed = False, True
            case SettingsChanged():
                self.pending_settings = event.settings
            case HandDealt():
                hand_events = self._hand_started(event)
            case PlayerActed():
                hand_events = self._player_acted(event)
            case HandFinished():
                assert self.hand is not None and self.started is not None
                proof = HandProof(self.started, self.hand.events)
                self._hand_finished(event)
        self._check_ledger()
        return Folded(event, hand_events, self.hand, self.started, proof)

    def _hand_started(self, event: HandDealt) -> tuple[Event, ...]:
        self.settings = self.upcoming_settings
        self.pending_settings = None
        if self.levels_started_at is None:
            self.levels_started_at = event.at
        self.hand_number = event.hand_number
        for number, seat in self.seats.items():
            if number in event.seats:
                self._update(number, waiting=False, posting=False)
            elif seat.sitting_out:
                self._update(number, missed_hand=True)
        self.hand = start_hand(event)
        self.started = event
        self.turn_started_at = event.at
        return self.hand.events

    def _player_acted(self, event: PlayerActed) -> tuple[Event, ...]:
        assert self.hand is not None and self.started is not None
        seat = self.seats[event.seat]
        # An absent player's bank is untouched, however late the clock came round.
        late = event.at - self.turn_started_at - self.settings.action_seconds
        overtime = 0.0 if event.absent else max(late, 0.0)
        self._update(
            event.seat,
            time_bank=max(seat.time_bank - overtime, 0.0),
            timeouts=seat.timeouts + 1 if event.timed_out else 0,
        )
        index = self.started.seats.index(event.seat)
        before = self.hand.event_count
        self.hand = self.hand.act(Action(index, ActionKind(event.kind), event.amount))
        self.turn_started_at = event.at
        return self.hand.events_since(before)

    def _hand_finished(self, event: HandFinished) -> None:
        started = self.started
        assert started is not None
        results: dict[str, int] = {}
        for number, before, after in zip(started.seats, started.stacks, event.stacks, strict=True):
            self._update(number, stack=after)
            player_id = self.seats[number].player_id
            self._record(player_id, EntryKind.RESULT, after - before)
            results[player_id] = results.get(player_id, 0) + after - before
        self.between_people.add_hand(results, self.bots)
        self.positions = Positions(started.button, started.small_blind, started.big_blind)
        self.last_hand, self.last_started = self.hand, started
        self.shown_by_choice = set()
        self.hand = None
        self.started = None

    def _update(self, number: int, **changes: Any) -> None:
        self.seats[number] = replace(self.seats[number], **changes)

    def _record(self, player_id: str, kind: EntryKind, amount: int) -> None:
        entry = LedgerEntry(player_id, kind, amount, self.hand_number)
        self.ledger.append(entry)
        self.accounts[player_id] = self.account(player_id).add(entry)
        self.between_people.meet(player_id, self.bots)

    def _check_ledger(self) -> None:
        """Chips in front of each player equal what the ledger says they have (seed 003, in
        docs/seeds.md)."""
        seated = {seat.player_id: seat.stack for seat in self.seats.values()}
        for player_id, account in self.accounts.items():
            if account.at_table != seated.get(player_id, 0):
                raise LedgerOutOfBalanceError(
                    f"{player_id} has {seated.get(player_id, 0):,} chips but the ledger says "
                    f"{account.at_table:,}"
                )


def _gone(seat: Seat, present: Collection[str] | None) -> bool:
    """A person with no page open (bots are played by the server: never gone)."""
    return present is not None and seat.bot is None and seat.player_id not in present
