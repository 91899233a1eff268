"""What a table is at one moment: its seats, the hand in play, the clock, the ledger, the host.

``TableState`` is the record the deciders read (``seating``, ``host_commands``,
``deal``, ``acting``) and the fold changes (``evolve``); ``Table`` adds the
commands on top. It is mutable, with one owner that changes it in order, and
``copy`` gives a twin that a command may change while this one stays as it was.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Self

from pokernight.rules import Action, ActionKind, CardsShown, Hand
from pokernight.rules.hand import MAX_SEATS
from pokernight.table.button import Positions
from pokernight.table.commands import Act
from pokernight.table.errors import YOU, TableError
from pokernight.table.events import (
    DeckCommitted,
    HandDealt,
    PlayerRemoved,
    RebuyRequested,
    SeatRequested,
    TableOpened,
)
from pokernight.table.ledger import Account
from pokernight.table.settings import ChipsRoom, TableSettings
from pokernight.table.table_ledger import TableLedger


@dataclass(frozen=True, slots=True)
class Seat:
    """A seated player. ``joined`` orders arrivals: the lowest has sat the longest.

    ``waiting``: for the big blind (new, or back after missing a hand);
    ``posting``: offered to post one instead; ``queued``: chips bought during a
    hand, added when it ends; ``timeouts``: in a row; ``bot``: the level of
    the bot playing the seat (None: a person); ``program``: a player's own program plays
    it (a person's seat for the clock and the ledger, shown as a bot); ``straddling``: the
    player straddles whenever the table's straddles allow it (``table.deal``); ``removed``:
    the host removed the player during a hand they were dealt into: the clock plays their
    turns at once and they leave when it ends (``PlayerRemoved``).
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
    program: bool = False
    straddling: bool = False
    removed: bool = False


class TableState:
    def __init__(self, opened: TableOpened) -> None:
        self.settings = opened.settings.validated()
        self.pending_settings: TableSettings | None = None
        self.host: str | None = opened.host
        self.tournament = opened.tournament
        self.seats: dict[int, Seat] = {}
        self.arrivals = 0
        self.positions: Positions | None = None
        self.hand_number = 0
        self.hand: Hand | None = None
        self.started: HandDealt | None = None
        # The deck committed for a hand not dealt yet, taking the players' contributions.
        self.next_deck: DeckCommitted | None = None
        # The hand that ended last, and the cards each seat showed of it since: a player may
        # still show the rest; the hand whose 7-2 bounty was paid (table.bounty).
        self.last_hand: Hand | None = None
        self.last_started: HandDealt | None = None
        self.shown_by_choice: dict[int, frozenset[str]] = {}
        self.bounty_paid_for = 0
        self.rabbit_hunted_for = 0  # the hand whose rabbit is out
        self.bomb_pot_called = False  # by the host, for the next hand with a flop
        self.turn_started_at = 0.0
        self.levels_started_at: float | None = None
        self.ledger = TableLedger()
        self.seat_requests: dict[str, SeatRequested] = {}  # by player id, waiting for the host
        self.rebuy_requests: dict[str, RebuyRequested] = {}  # by player id, waiting for the host
        # What members owe from earlier nights, by player id (DebtCarried): under the cap too.
        self.carried_debts: dict[str, int] = {}
        # Players' own debt caps, set by the host (DebtCapSet): counted in place of the table's.
        self.debt_caps: dict[str, int] = {}
        # Players the host removed, by player id: none may sit here again until let back.
        self.removed: dict[str, PlayerRemoved] = {}
        self.closing = False  # the host closed it during a hand: it closes when the hand ends
        self.closed = False
        # The table keeps its opening, not its whole log: the store holds the events, and a
        # log kept here grew for as long as the table ran.
        self.opened = opened

    def copy(self) -> Self:
        """An independent twin: every container the fold changes is copied (the seats and
        requests are frozen records, shared), the hand in play and the ledger too."""
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)
        twin.seats = dict(self.seats)
        twin.hand = None if self.hand is None else self.hand.copy()
        twin.shown_by_choice = dict(self.shown_by_choice)
        twin.ledger = self.ledger.copy()
        twin.seat_requests = dict(self.seat_requests)
        twin.rebuy_requests = dict(self.rebuy_requests)
        twin.carried_debts = dict(self.carried_debts)
        twin.debt_caps = dict(self.debt_caps)
        twin.removed = dict(self.removed)
        return twin

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
        raise TableError("not_seated_you" if who == YOU else "not_seated_that_player")

    def committed_deck(self, hand_number: int) -> DeckCommitted | None:
        """The deck committed for hand ``hand_number``, if that hand's is."""
        committed = self.next_deck
        return committed if committed is not None and committed.hand_number == hand_number else None

    def in_hand(self, seat: int) -> bool:
        return self.started is not None and seat in self.started.seats

    def may_show(self, number: int) -> bool:
        """Seat ``number`` was dealt into the last hand, its cards are not shown yet, and the
        next hand has not been dealt."""
        return number in self.unshown_last_hand()

    def unshown_last_hand(self) -> frozenset[int]:
        """The seats dealt into the last hand with a card not shown yet: they may show, until
        the next hand is dealt (its cards went to the muck then: docs/rules.md, Showdown)."""
        if self.last_hand is None or self.last_started is None or self.started is not None:
            return frozenset()
        return frozenset(number for number in self.last_started.seats if self.unshown_cards(number))

    def shown_cards(self, number: int) -> frozenset[str]:
        """Seat ``number``'s cards of the last hand that everybody has seen: at the showdown,
        or shown by choice since."""
        hand, started = self.last_hand, self.last_started
        if hand is None or started is None or number not in started.seats:
            return frozenset()
        seat = started.seats.index(number)
        at_showdown = (
            str(card)
            for item in hand.events
            if isinstance(item, CardsShown) and item.seat == seat
            for card in item.cards
        )
        return frozenset(at_showdown) | self.shown_by_choice.get(number, frozenset())

    def unshown_cards(self, number: int) -> tuple[str, ...]:
        """Seat ``number``'s cards of the last hand nobody has been shown, in the order dealt."""
        hand, started = self.last_hand, self.last_started
        if hand is None or started is None or number not in started.seats:
            return ()
        shown = self.shown_cards(number)
        dealt = hand.hole(started.seats.index(number))
        return tuple(str(card) for card in dealt if str(card) not in shown)

    def chips_at_table(self) -> int:
        return sum(seat.stack for seat in self.seats.values())

    def account(self, player_id: str) -> Account:
        return self.ledger.account(player_id)

    def debt_of(self, player_id: str) -> int:
        """What the player owes, as the debt cap counts it: bought in here and not cashed
        out, plus what a member carries from earlier nights of the club."""
        return self.account(player_id).debt + self.carried_debts.get(player_id, 0)

    def own_debt_cap(self, player_id: str) -> int | None:
        """The debt cap the host set for ``player_id`` alone (None: they have the table's)."""
        return self.debt_caps.get(player_id)

    def debt_cap_of(self, player_id: str) -> int | None:
        """The debt cap counted for ``player_id`` at the next hand's settings: their own if the
        host set one, else the table's (None: no cap)."""
        return self.upcoming_settings.debt_cap_for(self.own_debt_cap(player_id))

    def chips_room_of(self, player_id: str, stack: int = 0, queued: int = 0) -> ChipsRoom:
        """What ``player_id`` (with ``stack`` at the table, ``queued`` coming) may still add
        under the next hand's caps, their own debt cap counted: the seats' and the ledger's
        figure, as the refusals count it."""
        return self.upcoming_settings.chips_room(
            self.debt_of(player_id), stack, queued, self.own_debt_cap(player_id)
        )

    # The clock ---------------------------------------------------------------------------

    def tick(self, now: float, present: Collection[str] | None = None) -> Act | None:
        """The action the clock takes at ``now``, if any: check if possible, else fold (in a
        draw round: stand pat; asked to run it twice: once, as when players do not agree).

        A stud bring-in cannot fold: the clock posts it. ``present``: the players with
        a page open, if the caller knows (see ``deadline``). A player the host removed is
        played at once and counted absent: they are not at the table any more.
        """
        hand, started = self.hand, self.started
        if hand is None or started is None or hand.to_act is None:
            return None
        if now < self.deadline(present):
            return None
        seat = self.seat_to_act()
        action = next(action for action in _CLOCK_ACTIONS[hand.to_act] if hand.can(action))
        return Act(
            seat.player_id, action.kind.value, action.amount, timed_out=True,
            absent=seat.removed or _gone(seat, present),
        )  # fmt: skip

    def deadline(self, present: Collection[str] | None = None) -> float:
        """When the player to act runs out of time: the action clock, then their time bank.

        At a tournament table a player sitting out is acted for at once. A person who is
        not in ``present`` (no page open) gets the away clock only
        (``TableSettings.away_clock_seconds``, seed 003's 15 seconds to rejoin): the table
        does not wait the whole clock and a minute at every turn for somebody who has gone.
        Back within it, they have their own clock and bank again (both stay whole for
        them). A bot is played by the server and keeps its bank; ``present`` None means
        everybody counts as there.
        """
        seat = self.seat_to_act()
        if self.tournament and seat.sitting_out:
            return self.turn_started_at  # dealt in only to be blinded away: nobody waits
        if seat.removed:
            return self.turn_started_at  # removed by the host: nobody waits for them
        if _gone(seat, present):
            return self.turn_started_at + self.settings.away_clock_seconds
        return self.turn_started_at + self.settings.action_seconds + seat.time_bank

    def action_deadline(self) -> float:
        """When the action clock of the player to act runs out, if they have a page open:
        their time bank runs from then until ``deadline``."""
        return min(self.deadline(), self.turn_started_at + self.settings.action_seconds)

    def seat_to_act(self) -> Seat:
        """The seat whose turn it is; refused (``nobody_to_act``) between hands and when
        nobody is to act (the cards run out, the hand is over)."""
        if self.hand is None or self.started is None or self.hand.to_act is None:
            raise TableError("nobody_to_act")
        return self.seats[self.started.seats[self.hand.to_act]]

    # The host ----------------------------------------------------------------------------

    def next_host(self, present: Collection[str] | None = None) -> str | None:
        """Who hosts when the host goes (seed 003: "privileges automatically transfer to the
        next player (longest-seated or first in seat order)"): of the people with a page
        open (``present``; None: everybody counts), the one seated the longest, the lower
        seat first if two sat down together; a person before a program (shown as a bot to
        everybody). None when there is nobody: a bot never hosts (nobody could deal), nor a
        player the host removed, nor the host; a tournament table keeps its director.
        """
        if self.tournament:
            return None
        people = [
            (seat.program, seat.joined, number, seat.player_id)
            for number, seat in self.seats.items()
            if seat.bot is None
            and not seat.removed
            and seat.player_id != self.host
            and not _gone(seat, present)
        ]
        return min(people)[-1] if people else None


def _clock_actions(seat: int) -> tuple[Action, ...]:
    """What the clock does for ``seat``, the first it may: check, fold, post a stud bring-in
    (which cannot fold), stand pat in a draw round (a draw of nothing), or run it once."""
    kinds = (ActionKind.CHECK, ActionKind.FOLD, ActionKind.BRING_IN, ActionKind.DRAW)
    return (*(Action(seat, kind) for kind in kinds), Action(seat, ActionKind.RUNS, 1))


# Built once: the clock looks at them each time it runs out for somebody.
_CLOCK_ACTIONS = tuple(_clock_actions(seat) for seat in range(MAX_SEATS))


def _gone(seat: Seat, present: Collection[str] | None) -> bool:
    """A person with no page open (bots are played by the server: never gone)."""
    return present is not None and seat.bot is None and seat.player_id not in present
