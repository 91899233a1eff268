"""Write ``stored_logs.sqlite3`` and ``stored_logs.json``: a room's database as the release
of main at aaf00a4 stored it, and what that release read back from it (issue 33, item 3).

Run from the repository's root with the release to record (``python -m
tests.data.make_stored_logs``); the files are kept, not made again by the tests. The
tables are played by the room's own core (``Table``: seated, dealt, acted for by the
room's bots, its host commands) and saved through the room's own ``Store``, one command's
events at a time as the table actor saves them; the tournaments are played by
``tournament.simulation`` (bots, a clock moved on by hand) and saved through the store
as the director saves them. So the database holds what the room stores: the table log
(``events``) with its projections (``seats``, ``hands``, ``ledger_entries``), and
tournament logs.

``stored_logs.json`` holds, for every stored event, the release's reading of it:
``to_dict`` of the decoded event (the JSON it would store again) and its ``repr`` (the
record, field by field); for each table, each hand's own events (``rules`` events,
``to_dict`` each: the hand's fold, read from the table's log) and the state the log folds
into (seats, stacks, ledger); for each tournament, the state its log folds into. A test
(``tests/test_stored_logs.py``) reads the database with today's code and compares.

Chat is not stored (the room keeps no chat log), so none is here.
"""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from pokernight.bots import make_bot
from pokernight.cards import Rank
from pokernight.rules import Event, Stakes, view
from pokernight.store import open_store
from pokernight.store.records import StoredEvent
from pokernight.table import (
    Act,
    AddBot,
    AddChips,
    ApproveRebuy,
    ApproveSeat,
    CallBombPot,
    CarryDebt,
    ChangeSettings,
    CloseTable,
    CommitDeck,
    CorrectStack,
    DeclineRebuy,
    DeclineSeat,
    HostAway,
    LetPlayerBack,
    PostBigBlind,
    RabbitHunt,
    RemovePlayer,
    SetDebtCap,
    ShowCards,
    SitDown,
    SitIn,
    SitOut,
    SitPlayerOut,
    StandUp,
    StartHand,
    Straddle,
    Table,
    TableError,
    TableEvent,
    TableSettings,
    TransferHost,
    table_event_from_dict,
)
from pokernight.table.fold import evolve
from pokernight.tournament import (
    AddOn,
    AddOnPeriod,
    Bounty,
    Format,
    Payouts,
    Rebuy,
    RebuyPeriod,
    Status,
    Tournament,
    from_template,
    tournament_event_from_dict,
)
from pokernight.tournament.commands import ChangeStructure, RecordDeal, Register, Unregister
from pokernight.tournament.events import TournamentEvent
from pokernight.tournament.simulation import Entry, HandReport, Run, play_tournament

HERE = Path(__file__).resolve().parent
NAME = "stored_logs"


class Recorder:
    """One table of the room: commands applied to the core's ``Table``, each command's
    events saved through the store before the next (as the actor does)."""

    def __init__(self, store: Any, table_id: int, table: Table, rng: random.Random) -> None:
        self.store = store
        self.table_id = table_id
        self.table = table
        self.rng = rng
        self.seq = 0
        self.now = 1_000.0
        self.bots: dict[str, Any] = {}

    @classmethod
    async def open(
        cls, store: Any, settings: TableSettings, host: str | None, seed: int
    ) -> Recorder:
        record = await store.tables.create_table(settings.to_dict(), random.Random(seed))
        recorder = cls(store, record.id, Table.open(settings, host), random.Random(seed))
        await recorder.save([recorder.table.opened])
        return recorder

    async def save(self, events: list[TableEvent]) -> None:
        stored = []
        for event in events:
            self.seq += 1
            stored.append(StoredEvent.of(self.seq, event, self.now))
        await self.store.tables.append_events(self.table_id, stored)

    async def do(self, command: Any, seconds: float = 1.0) -> list[TableEvent]:
        self.now += seconds
        events = [folded.event for folded in self.table.apply(command, self.now)]
        await self.save(events)
        return events

    def bot(self, player_id: str) -> Any:
        if player_id not in self.bots:
            self.bots[player_id] = make_bot("easy", random.Random(len(self.bots) + 7))
        return self.bots[player_id]

    async def deal(self, contributions: bool = False) -> None:
        """The next hand: the deck committed first and the players' bytes mixed in
        (``contributions``), else shuffled at the deal."""
        mixed: tuple[tuple[str, str], ...] = ()
        if contributions:
            await self.do(CommitDeck(self.rng))
            mixed = tuple(
                (seat.player_id, self.rng.randbytes(32).hex())
                for seat in self.table.seats.values()
                if seat.bot is None
            )
        await self.do(StartHand(self.rng, mixed))

    async def play_hand(
        self,
        *,
        contributions: bool = False,
        runs: int = 2,
        timeouts: bool = False,
        policy: Policy | None = None,
    ) -> None:
        """Deal and play one hand to its end, every seat played by a bot (``runs``: what a
        seat says when asked to run it twice; ``timeouts``: the clock acts now and then)."""
        policy = policy or by_bot
        await self.deal(contributions)
        while (hand := self.table.hand) is not None and (started := self.table.started):
            index = hand.to_act
            assert index is not None
            seat = self.table.seats[started.seats[index]]
            legal = hand.legal_actions()
            assert legal is not None
            if seat.sitting_out or (timeouts and self.rng.random() < 0.15):
                when = max(self.now, self.table.deadline())
                act = self.table.tick(when)
                assert act is not None
                self.now = when - 1.0
                await self.do(act)
                continue
            if legal.can_choose_runs:
                await self.do(Act(seat.player_id, "runs", runs))
                continue
            await self.do(policy(self, seat.player_id, hand, index, legal))

    async def try_do(self, command: Any) -> list[TableEvent]:
        try:
            return await self.do(command)
        except TableError as error:
            print(f"table {self.table_id}: {type(command).__name__} refused: {error}")
            return []


Policy = Callable[[Recorder, str, Any, int, Any], Act]
"""What a player does: the table, their player id, the hand, their index in it, what
they may do."""


def by_bot(table: Recorder, player: str, hand: Any, index: int, _legal: Any) -> Act:
    """The room's easy bot decides."""
    action = table.bot(player).decide(view(hand, index))
    cards = tuple(str(card) for card in action.cards)
    return Act(player, action.kind.value, action.amount, cards=cards)


def all_in(_table: Recorder, player: str, _hand: Any, _index: int, legal: Any) -> Act:
    """Everybody puts every chip in: side pots, and a board run twice."""
    if legal.max_raise_to is not None:
        return Act(player, "bet_or_raise", legal.max_raise_to)
    return Act(player, "call" if legal.call_amount else "check")


def draw_everything(table: Recorder, player: str, hand: Any, index: int, legal: Any) -> Act:
    """Draw games: throw away as many cards as allowed (the stub runs out and is
    reshuffled); bet as the bot does."""
    if legal.can_draw:
        held = [card for card in view(hand, index).cards[index] if card is not None]
        return Act(player, "draw", cards=tuple(str(card) for card in held[: legal.max_discard]))
    return by_bot(table, player, hand, index, legal)


def fold_to_seven_deuce(table: Recorder, player: str, hand: Any, index: int, legal: Any) -> Act:
    """A seven-deuce holder raises and everybody else folds (the 7-2 bounty); with none
    about, checked or folded through."""
    held = {card.rank for card in view(hand, index).cards[index] if card is not None}
    if held == {Rank.SEVEN, Rank.TWO}:
        if legal.min_raise_to is not None:
            return Act(player, "bet_or_raise", legal.min_raise_to)
        return Act(player, "check" if legal.can_check else "call")
    if legal.can_check:
        return Act(player, "check")
    return Act(player, "fold")


SIX_MAX = TableSettings(
    stakes=Stakes(small_blind=5, big_blind=10),
    seats=6,
    min_buy_in=100,
    debt_cap=2_000,
    seven_deuce_bounty=10,
    rabbit_hunting=True,
    straddles="mississippi",
    max_straddles=2,
    run_it_twice=True,
    blind_levels=(Stakes(small_blind=10, big_blind=20),),
    level_minutes=2.0,
)


async def holdem(store: Any) -> None:
    """Hold'em among six: side pots (short stacks all in), straddles, run it twice, a
    bomb pot with two boards, the 7-2 bounty, rabbit hunting, shown cards, rebuys and
    top-ups (some queued during a hand), sitting out and in, a big blind posted to come in,
    a carried debt, every host command, a host handing over and leaving, the close."""
    table = await Recorder.open(store, SIX_MAX, "ann", 1)
    await table.do(SitDown(0, "ann", "Ann", 1_000))
    await table.do(SitDown(1, "bob", "Bob", 150))
    await table.do(SitDown(2, "cat", "Cat", 300))
    await table.do(CarryDebt("dan", 120))
    await table.do(SitDown(3, "dan", "Dan", 1_000))
    await table.do(AddBot("ann", 4, "medium", 400))
    await table.do(Straddle("cat", True))
    for number in range(3):
        await table.play_hand(contributions=number % 2 == 0, timeouts=number == 1)
    # Everybody all in: side pots, the board run twice.
    await table.play_hand(policy=all_in, runs=2)
    for seat in list(table.table.seats.values()):
        if seat.stack == 0:
            await table.try_do(AddChips(seat.player_id, 400))
    # Until somebody wins with seven-deuce and shows it: the bounty; a hand that ended
    # before the river: its rabbit hunted.
    hunted = paid = False
    for _ in range(80):
        await table.play_hand(policy=fold_to_seven_deuce)
        last = table.table.last_hand
        assert last is not None
        if not hunted and len(last.board) < 5:
            hunted = bool(await table.try_do(RabbitHunt("bob")))
        started = table.table.last_started
        assert started is not None
        for index, number in enumerate(started.seats):
            held = {card.rank for card in view(last, index).cards[index] if card is not None}
            holder = table.table.seats.get(number)
            if not paid and held == {Rank.SEVEN, Rank.TWO} and holder and holder.bot is None:
                shown = await quietly(table, ShowCards(holder.player_id))
                paid = any(type(event).__name__ == "BountyPaid" for event in shown)
        if hunted and paid:
            break
    await table.do(SetDebtCap("ann", "dan", 500))
    await table.do(SetDebtCap("ann", "dan", None))
    await table.do(SitOut("bob"))
    await table.play_hand()
    await table.do(SitIn("bob"))
    await table.do(SitDown(5, "eve", "Eve", 500))
    await table.try_do(PostBigBlind("eve"))
    await table.do(Straddle("cat", False))
    await table.do(CallBombPot("ann"))
    double = replace(SIX_MAX, bomb_pot_double_board=True, bomb_pot_ante=20)
    await table.do(ChangeSettings("ann", double))
    for _ in range(3):
        await table.play_hand(runs=2)
        for seat in list(table.table.seats.values()):
            if seat.stack == 0 and seat.bot is None:
                await table.try_do(AddChips(seat.player_id, 300))
    # A top-up asked for during a hand waits for its end (``ChipsQueued``).
    await table.deal()
    low = min(
        (seat for seat in table.table.seats.values() if seat.bot is None and seat.stack < 1_500),
        key=lambda seat: seat.stack,
    )
    await table.try_do(AddChips(low.player_id, 100))
    await table.try_do(RemovePlayer("ann", "dan", "slow rolling"))
    while table.table.hand is not None:
        await finish_hand(table)
    await table.try_do(LetPlayerBack("ann", "dan"))
    await table.try_do(CorrectStack("ann", "cat", 777, "chips spilled"))
    await table.try_do(SitPlayerOut("ann", "eve"))
    for _ in range(2):
        await table.play_hand(runs=1)
    await table.try_do(ShowCards("cat", None))
    await table.do(TransferHost("ann", "cat"))
    await table.do(HostAway(frozenset({"ann", "eve"})))
    await table.try_do(StandUp("ann"))
    await table.try_do(CloseTable(table.table.host or "eve"))


async def quietly(table: Recorder, command: Any) -> list[TableEvent]:
    try:
        return await table.do(command)
    except TableError:
        return []


async def finish_hand(table: Recorder) -> None:
    """Play the hand in progress to its end (the bots act for everybody)."""
    while (hand := table.table.hand) is not None and (started := table.table.started):
        index = hand.to_act
        assert index is not None
        seat = table.table.seats[started.seats[index]]
        legal = hand.legal_actions()
        assert legal is not None
        if seat.player_id in table.table.removed or seat.sitting_out:
            when = max(table.now, table.table.deadline())
            act = table.table.tick(when)
            assert act is not None
            await table.do(act)
            continue
        if legal.can_choose_runs:
            await table.do(Act(seat.player_id, "runs", 2))
            continue
        action = table.bot(seat.player_id).decide(view(hand, index))
        cards = tuple(str(card) for card in action.cards)
        await table.do(Act(seat.player_id, action.kind.value, action.amount, cards=cards))


async def approvals(store: Any) -> None:
    """A table where the host lets players in and approves rebuys: requests approved and
    declined."""
    settings = TableSettings(
        stakes=Stakes(small_blind=5, big_blind=10),
        seats=4,
        approve_seats=True,
        approve_rebuys=True,
        allow_programs=True,
        debt_cap=None,
    )
    table = await Recorder.open(store, settings, "ann", 2)
    await table.do(SitDown(0, "ann", "Ann", 500))
    await table.do(SitDown(1, "bob", "Bob", 500))
    await table.do(SitDown(2, "cat", "Cat", 500, program=True))
    await table.do(ApproveSeat("ann", "bob"))
    await table.do(DeclineSeat("ann", "cat"))
    await table.do(SitDown(2, "dan", "Dan", 400))
    await table.do(ApproveSeat("ann", "dan"))
    await table.play_hand()
    await table.do(AddChips("bob", 200))
    await table.do(ApproveRebuy("ann", "bob"))
    await table.do(AddChips("dan", 200))
    await table.do(DeclineRebuy("ann", "dan"))
    await table.play_hand()
    await table.try_do(StandUp("bob"))
    await table.do(CloseTable("ann"))


async def stud_and_draw(store: Any) -> None:
    """Seven-card stud (a bring-in, antes), Follow the Queen (wild cards), razz, five-card
    draw with jacks to open, triple draw (draws, maybe a reshuffled stub) and Omaha
    hi-lo (split pots), dealer's choice among them."""
    games = ("stud", "ftq", "razz", "nl5cd", "27td", "o8", "badugi")
    settings = TableSettings.for_variant(
        "stud", dealers_choice=games, seats=6, debt_cap=None, jacks_to_open=True
    )
    table = await Recorder.open(store, settings, None, 3)
    for number, name in enumerate(("ann", "bob", "cat", "dan", "eve", "fay")):
        await table.do(SitDown(number, name, name.capitalize(), settings.maximum_buy_in))
    for _ in range(2 * len(games)):
        await table.play_hand(policy=draw_everything)
        for seat in list(table.table.seats.values()):
            if seat.stack == 0:
                await table.try_do(AddChips(seat.player_id, settings.minimum_buy_in))
    await table.do(CloseTable("ann"))


ENTRANTS = [Entry(f"p{index}", f"Bot {index}", "easy") for index in range(12)]


def buy_what_they_may(run: Run, _report: HandReport) -> None:
    tournament = run.tournament
    for entrant in tournament.alive:
        rebuy, add_on = Rebuy(entrant.player_id), AddOn(entrant.player_id)
        if entrant.rebuy_until is not None and entrant.entry % 2 and tournament.can(rebuy, run.now):
            run.apply(rebuy, random.Random(0))
        if tournament.can(add_on, run.now):
            run.apply(add_on, random.Random(0))


def tournaments() -> list[list[TournamentEvent]]:
    """Two sit-and-goes of bots: twelve at two tables with rebuys, an add-on and
    progressive bounties (balancing, a table broken, hand for hand on the bubble, the
    final table, colouring up, prizes), its structure changed and an entry withdrawn
    before the start; and six at one table who agree a deal when three are left."""
    structure = from_template(
        "normal",
        entries=12,
        seats=6,
        buy_in=100,
        bounty=Bounty(40, progressive=True),
        rebuys=RebuyPeriod(price=100, chips=10_000, until_level=4, most=2, window_seconds=30),
        add_on=AddOnPeriod(price=50, chips=15_000, level=4),
    )
    first = Tournament.create(replace(structure, entries=13), "director")
    rng = random.Random(1)
    head: list[TournamentEvent] = [first.created]
    head += first.apply(ChangeStructure("director", structure), 0.0, rng)
    head += first.apply(Register("late", "Late", "easy", by="director"), 0.0, rng)
    head += first.apply(Unregister("late"), 0.0, rng)
    bots = {
        e.player_id: make_bot("easy", random.Random(1 + index)) for index, e in enumerate(ENTRANTS)
    }
    run = play_tournament(
        first,
        ENTRANTS,
        lambda player, seen: bots[player].decide(seen),
        rng,
        seconds_per_action=2.0,
        after_hand=buy_what_they_may,
    )
    one = head + run.events[1:]

    six = from_template("quick", entries=6, seats=6, buy_in=50)
    second = Tournament.create(six, "director")
    entrants = ENTRANTS[:6]

    def deal_in_the_money(run: Run, _report: HandReport) -> None:
        state = run.tournament
        if state.status is Status.RUNNING and 1 < state.players_left <= state.paid_places:
            left = sum((state.prizes or ())[: state.players_left])
            alive = [entrant.player_id for entrant in state.alive]
            shares = {player: left // len(alive) for player in alive}
            shares[alive[0]] += left - sum(shares.values())
            run.apply(RecordDeal("director", shares), random.Random(0))

    played = play_tournament(
        second,
        entrants,
        lambda player, seen: bots[player].decide(seen),
        random.Random(6),
        seconds_per_action=2.0,
        after_hand=deal_in_the_money,
    )
    return [one, list(played.events), late_and_bubble()]


def late_and_bubble() -> list[TournamentEvent]:
    """A scheduled tournament at tables of three: a late entrant opens a new table, a
    table breaks, hand for hand on the bubble (four paid of seven)."""
    structure = from_template(
        "quick",
        format=Format.SCHEDULED,
        starts_at=1_000.0,
        entries=0,
        minimum_entries=2,
        seats=3,
        late_registration_level=2,
        payouts=Payouts.of(40, 30, 20, 10),
    )
    tournament = Tournament.create(structure, "director")
    entrants = ENTRANTS[:6]
    bots = {e.player_id: make_bot("easy", random.Random(index)) for index, e in enumerate(ENTRANTS)}
    bots["late"] = make_bot("easy", random.Random(99))
    late = Register("late", "Late", "easy", by="director")

    def come_late(run: Run, _report: HandReport) -> None:
        if run.tournament.can(late, run.now) and "late" not in run.tournament.players:
            run.apply(late, random.Random(0))

    played = play_tournament(
        tournament,
        entrants,
        lambda player, seen: bots[player].decide(seen),
        random.Random(8),
        seconds_per_action=2.0,
        after_hand=come_late,
    )
    return list(played.events)


async def save_tournament(store: Any, events: list[TournamentEvent]) -> int:
    created = StoredEvent(1, type(events[0]).__name__, events[0].to_dict(), 500.0)
    tournament_id = await store.tournaments.create_tournament(
        created, ("director", f"token-{len(events)}"), None
    )
    stored = [
        StoredEvent(seq, type(event).__name__, event.to_dict(), 500.0 + seq)
        for seq, event in enumerate(events[1:], start=2)
    ]
    await store.tournaments.append_tournament_events(tournament_id, stored, finished=True)
    return int(tournament_id)


async def write(path: Path) -> None:
    async with await open_store(f"sqlite+aiosqlite:///{path}") as store:
        await holdem(store)
        await approvals(store)
        await stud_and_draw(store)
        for events in tournaments():
            await save_tournament(store, events)


# What the release read back ------------------------------------------------------------


def table_state(table: Table) -> dict[str, Any]:
    """What a table's log folds into, for comparing: seats, stacks, the ledger."""
    return {
        "host": table.host,
        "closed": table.closed,
        "hand_number": table.hand_number,
        "seats": {str(number): repr(seat) for number, seat in sorted(table.seats.items())},
        "accounts": {
            player: repr(account) for player, account in sorted(table.ledger.accounts.items())
        },
        "ledger": [repr(entry) for entry in table.ledger.entries],
        "owed": repr(sorted(table.ledger.between_people.owed.items())),
        "settings": table.settings.to_dict(),
    }


def hands_of(events: list[TableEvent]) -> list[list[dict[str, Any]]]:
    """Each finished hand's own events (the rules' fold), as ``to_dict`` gives them, read
    from the table's log by folding it as the server does."""
    table = Table(events[0])  # type: ignore[arg-type]
    hands: list[list[dict[str, Any]]] = []
    for event in events[1:]:
        folded = evolve(table, event)
        if folded.proof is not None:
            hands.append([item.to_dict() for item in folded.proof.hand_events])
    return hands


def tournament_state(tournament: Tournament) -> dict[str, Any]:
    return {
        name: repr(getattr(tournament, name))
        for name in ("players", "pool", "prizes", "status", "entries", "chips_created")
    }


def read_back(path: Path) -> dict[str, Any]:
    """The release's reading of the database: every stored event decoded and told again,
    each table and tournament folded."""
    connection = sqlite3.connect(path)
    dump: dict[str, Any] = {"tables": {}, "tournaments": {}}
    table_ids = [row[0] for row in connection.execute("SELECT id FROM tables ORDER BY id")]
    for table_id in table_ids:
        rows = connection.execute(
            "SELECT seq, kind, data FROM events WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        events = [table_event_from_dict(json.loads(data)) for _, _, data in rows]
        table = Table.from_events(events)
        dump["tables"][str(table_id)] = {
            "events": [
                {"seq": seq, "kind": kind, "data": event.to_dict(), "repr": repr(event)}
                for (seq, kind, _), event in zip(rows, events, strict=True)
            ],
            "hands": hands_of(events),
            "state": table_state(table),
        }
    tournament_ids = [row[0] for row in connection.execute("SELECT id FROM tournaments")]
    for tournament_id in tournament_ids:
        rows = connection.execute(
            "SELECT seq, kind, data FROM tournament_events WHERE tournament_id = ? ORDER BY seq",
            (tournament_id,),
        ).fetchall()
        tevents = [tournament_event_from_dict(json.loads(data)) for _, _, data in rows]
        dump["tournaments"][str(tournament_id)] = {
            "events": [
                {"seq": seq, "kind": kind, "data": event.to_dict(), "repr": repr(event)}
                for (seq, kind, _), event in zip(rows, tevents, strict=True)
            ],
            "state": tournament_state(Tournament.from_events(tevents)),
        }
    connection.close()
    return dump


def registered_kinds() -> dict[str, set[str]]:
    """Every event kind registered, by family: the one codec's registry (decision 59),
    or before it each family's own (as at aaf00a4, which wrote the fixture)."""
    try:
        from pokernight.rules.codec import EVENTS, Family
    except ImportError:
        return {
            "table": set(TableEvent.registry),  # type: ignore[attr-defined]
            "tournament": set(TournamentEvent.registry),  # type: ignore[attr-defined]
            "hand": set(Event.registry),  # type: ignore[attr-defined]
        }
    return {family.value: set(EVENTS.kinds(family)) for family in Family}


def main() -> None:
    database = HERE / f"{NAME}.sqlite3"
    database.unlink(missing_ok=True)
    asyncio.run(write(database))
    connection = sqlite3.connect(database)
    # One file, no write-ahead log: a reader never writes beside it (tests open it immutable).
    connection.execute("PRAGMA journal_mode = DELETE")
    connection.execute("VACUUM")
    connection.close()
    dump = read_back(database)
    (HERE / f"{NAME}.json").write_text(json.dumps(dump, indent=0, sort_keys=True) + "\n")
    kinds = {
        "table": sorted({e["kind"] for t in dump["tables"].values() for e in t["events"]}),
        "tournament": sorted(
            {e["kind"] for t in dump["tournaments"].values() for e in t["events"]}
        ),
        "hand": sorted({e["type"] for t in dump["tables"].values() for h in t["hands"] for e in h}),
    }
    registered = registered_kinds()
    for family, names in kinds.items():
        print(f"{family}: {len(names)} kinds stored", file=sys.stderr)
        missing = registered[family] - set(names)
        print(f"  missing: {sorted(missing)}", file=sys.stderr)


if __name__ == "__main__":
    main()
