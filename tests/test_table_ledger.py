"""The ledger (docs/seeds.md, seed 003) and the event log: random sessions balance to the chip and
replay to the same table."""

from __future__ import annotations

import csv
import io
import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.rules import Stakes
from pokernight.table import (
    Act,
    AddChips,
    ChangeSettings,
    ChipsAdded,
    Command,
    CorrectStack,
    EntryKind,
    HandDealt,
    HandFinished,
    LedgerEntry,
    LetPlayerBack,
    PlayerLeft,
    PostBigBlind,
    RemovePlayer,
    SitDown,
    SitIn,
    SitOut,
    StackCorrected,
    StandUp,
    StartHand,
    Table,
    TableEvent,
    TableSettings,
    accounts,
    balances,
    balances_between_people,
    ledger_csv,
    settle_up,
    table_event_from_dict,
    table_ledger,
)
from pokernight.table.ledger import NUMBER

PLAYERS = ("ann", "bob", "cat", "dan", "eve", "fay", "gus")
MIXED_STAKES = Stakes(small_blind=10, big_blind=20, ante=5, bring_in=10, small_bet=20, big_bet=40)
BASE = TableSettings(seats=6, stakes=MIXED_STAKES, debt_cap=5_000, max_stack=4_000)
OTHER_SETTINGS = (
    BASE,
    replace(BASE, dealers_choice=("nlhe", "stud", "plo", "razz", "ftq", "flhe")),
    replace(BASE, stakes=replace(MIXED_STAKES, small_blind=25, big_blind=50)),
    replace(BASE, blind_levels=(replace(MIXED_STAKES, small_blind=20, big_blind=40),)),
)


def hand_command(table: Table, rng: random.Random, now: float) -> Command:
    """A legal-looking action for the player to act, or the clock's, or a wrong one."""
    assert table.hand is not None and table.started is not None
    timeout = table.tick(now)
    if timeout is not None and rng.random() < 0.5:
        return timeout
    legal = table.hand.legal_actions()
    assert legal is not None
    player = table.seats[table.started.seats[legal.seat]].player_id
    choices: list[Command] = [Act(player, "fold"), Act(rng.choice(PLAYERS), "check")]
    if legal.can_check:
        choices += [Act(player, "check")] * 3
    elif legal.call_amount:
        choices += [Act(player, "call")] * 3
    if legal.can_bring_in:
        choices.append(Act(player, "bring_in"))
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        to = legal.raise_to_near(rng.randint(legal.min_raise_to, legal.max_raise_to))
        choices += [
            Act(player, "bet_or_raise", to),
            Act(player, "bet_or_raise", legal.max_raise_to),
        ]
    return rng.choice(choices)


def table_command(table: Table, rng: random.Random) -> Command:
    player = rng.choice(PLAYERS)
    host = table.host if table.host is not None and rng.random() < 0.9 else rng.choice(PLAYERS)
    commands: list[Command] = [
        SitDown(rng.randrange(6), player, player.title(), rng.choice([300, 400, 1000, 2000])),
        AddChips(player, rng.choice([100, 500, 1500, 5000])),
        StandUp(player),
        SitOut(player),
        SitIn(player),
        PostBigBlind(player),
        ChangeSettings(rng.choice([player, table.host or ""]), rng.choice(OTHER_SETTINGS)),
        StartHand(rng),
        StartHand(rng),
        # The host's corrections and removals (decision 51), now and then from somebody else.
        CorrectStack(host, player, rng.choice([0, 150, 1000, 2500, 4500, 9000]), "recount"),
        RemovePlayer(host, player, rng.choice(["asked to leave", ""])),
        LetPlayerBack(host, player),
    ]
    return rng.choice(commands)


def random_session(seed: int, steps: int, check: bool = True) -> tuple[Table, list[TableEvent]]:
    """A table after ``steps`` random commands, and its events (what the store would hold)."""
    rng = random.Random(seed)
    table = Table.open(BASE, host="ann")
    events: list[TableEvent] = [table.opened]
    now = 0.0
    for _ in range(steps):
        now += rng.choice([0.5, 5.0, 45.0, 200.0])
        playing = table.hand is not None and rng.random() < 0.85
        command = hand_command(table, rng, now) if playing else table_command(table, rng)
        if table.can(command, now):
            events += [folded.event for folded in table.apply(command, now)]
            if check:
                assert_ledger_balances(table)
    return table, events


def assert_ledger_balances(table: Table) -> None:
    """From the table's sums (it keeps only the newest entries in memory)."""
    every = table.ledger.accounts.values()
    bought_in = sum(account.bought_in for account in every)
    cashed_out = sum(account.cashed_out for account in every)
    assert table.chips_at_table() + cashed_out == bought_in
    assert sum(account.results for account in every) == 0  # no rake: results move chips
    for seat in table.seats.values():
        assert table.account(seat.player_id).at_table == seat.stack


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(20, 250))
def test_ledger_balances_to_the_chip(seed: int, steps: int) -> None:
    """Buy-ins, hands, rebuys, cash-outs, the host's stack corrections and removals in any
    order: chips at the table plus chips cashed out equal chips bought in, after every
    event; every correction and every removal's cash-out is in the ledger with its reason,
    and the settle-up sums to zero."""
    table, events = random_session(seed, steps)
    whole = _with_every_entry(events)
    net = balances(whole.ledger.entries)
    assert sum(net.values()) == 0
    assert sum(whole.ledger.between_people.rounded().values()) == 0
    corrected = [event for event in events if isinstance(event, StackCorrected)]
    removed = [event for event in events if isinstance(event, PlayerLeft) and event.reason]
    entries = list(whole.ledger.entries)
    assert [(e.player_id, e.amount, e.reason) for e in entries if e.kind == "correction"] == [
        (event.player_id, event.change, event.reason) for event in corrected
    ]
    assert [
        (e.player_id, e.amount, e.reason) for e in entries if e.reason and e.kind == "cash-out"
    ] == [(event.player_id, event.cash_out, event.reason) for event in removed]
    assert {
        player: account.net for player, account in accounts(whole.ledger.entries).items()
    } == net
    assert {player: account.net for player, account in table.ledger.accounts.items()} == net


def _with_every_entry(events: list[TableEvent]) -> Table:
    """The table rebuilt from ``events`` with its whole ledger in memory, as the store has it."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table_ledger, "LEDGER_KEPT", None)  # a deque without a bound
        return Table.from_events(events)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(20, 250))
def test_the_sums_stay_whole_when_memory_keeps_only_the_newest_entries(
    seed: int, steps: int
) -> None:
    """The table keeps its newest entries only (the store has them all): its accounts and
    its settle-up between people are those of the whole ledger all the same."""
    _, events = random_session(seed, steps, check=False)
    whole = _with_every_entry(events)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(table_ledger, "LEDGER_KEPT", 3)
        short = Table.from_events(events)
    assert len(short.ledger.entries) <= 3
    assert short.ledger.accounts == whole.ledger.accounts
    assert short.ledger.between_people.rounded() == balances_between_people(
        whole.ledger.entries, whole.ledger.bots
    )


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(20, 250))
def test_rebuilt_from_events_equals_live_table(seed: int, steps: int) -> None:
    live, events = random_session(seed, steps, check=False)
    stored = [json.loads(json.dumps(event.to_dict())) for event in events]
    assert [table_event_from_dict(data) for data in stored] == events
    rebuilt = Table.from_events(table_event_from_dict(data) for data in stored)
    for name in (
        "settings", "pending_settings", "host", "seats", "positions", "hand_number",
        "started", "turn_started_at", "levels_started_at", "ledger", "removed",
    ):  # fmt: skip
        assert getattr(rebuilt, name) == getattr(live, name), name
    assert (rebuilt.hand is None) == (live.hand is None)
    if rebuilt.hand is not None and live.hand is not None:
        assert rebuilt.hand.events == live.hand.events
        assert rebuilt.hand.legal_actions() == live.hand.legal_actions()


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32), st.integers(20, 250))
def test_zero_stack_player_is_never_dealt_in(seed: int, steps: int) -> None:
    """Seed 001, property 16: a player whose stack reached zero is not dealt into the
    next hand, unless they bought more chips in between."""
    broke: set[int] = set()
    dealt: tuple[int, ...] = ()
    for event in random_session(seed, steps, check=False)[1]:
        if isinstance(event, HandDealt):
            assert not broke & set(event.seats)
            assert all(stack > 0 for stack in event.stacks)
            dealt = event.seats
        elif isinstance(event, HandFinished):
            broke |= {seat for seat, stack in zip(dealt, event.stacks, strict=True) if not stack}
        elif isinstance(event, StackCorrected) and not event.stack:
            broke.add(event.seat)  # the host took every chip away
        elif isinstance(event, ChipsAdded | PlayerLeft | StackCorrected):
            broke.discard(event.seat)


def test_every_kind_of_entry_is_recorded() -> None:
    _, events = random_session(7, 400)
    kinds = {entry.kind for entry in _with_every_entry(events).ledger.entries}
    assert {EntryKind.BUY_IN, EntryKind.RESULT, EntryKind.CORRECTION, EntryKind.CASH_OUT} <= kinds


def test_ledger_csv_is_one_line_per_entry_and_quotes_names() -> None:
    entries = [
        LedgerEntry("ann", EntryKind.BUY_IN, 1000, 0),
        LedgerEntry("bob", EntryKind.RESULT, -40, 3),
    ]
    text = ledger_csv(entries, {"ann": 'Ann "the Rock", Jr.'})
    assert text == (
        "hand,player,kind,amount,reason\r\n"
        '0,"Ann ""the Rock"", Jr.",buy-in,1000,\r\n3,bob,result,-40,\r\n'
    )


def test_the_csv_keeps_the_hosts_reason_and_it_never_runs() -> None:
    entries = [
        LedgerEntry("bob", EntryKind.CORRECTION, -250, 4, "=cash; taken, by Bob"),
        LedgerEntry("cat", EntryKind.CASH_OUT, 900, 4, "removed by the host: rude"),
    ]
    rows = list(csv.reader(io.StringIO(ledger_csv(entries), newline="")))
    assert rows == [
        ["hand", "player", "kind", "amount", "reason"],
        ["4", "bob", "correction", "-250", "'=cash; taken, by Bob"],
        ["4", "cat", "cash-out", "900", "removed by the host: rude"],
    ]
    assert formula_cells(ledger_csv(entries)) == []


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ('=HYPERLINK("http://x.example","win")', '\'=HYPERLINK("http://x.example","win")'),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\tTab", "'\tTab"),
        ("\rCR", "'\rCR"),
        ("-5", "-5"),  # a number stays a number
        ("Ann", "Ann"),
    ],
)
def test_a_name_never_becomes_a_spreadsheet_formula_in_the_csv(name: str, shown: str) -> None:
    """OWASP's CSV injection advice: a cell starting with = + - @, a tab or a carriage
    return is read as a formula by spreadsheets; a leading quote keeps it text."""
    text = ledger_csv([LedgerEntry("p", EntryKind.RESULT, -200, 4)], {"p": name})
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[1] == ["4", shown, "result", "-200", ""]


SEPARATORS = (",", ";", "\t")
"""What a spreadsheet may split a CSV file on: LibreOffice asks, Excel takes the locale's
list separator (``;`` where the decimal point is a comma)."""
RUN = ("=", "+", "-", "@")
SPLITTING_NAMES = (
    "x;=1+2;",
    "a,=1+2",
    "a\t=1+2",
    "a; =1+2",
    "a;-2+3",
    'a",=1+2',
    "a;@SUM(1)",
    'a;"=1+2"',
    '"=1+2"',
    " =1+2",
)


def formula_cells(text: str) -> list[str]:
    """The cells of ``text`` a spreadsheet would run, however it splits it: on each
    separator, honouring the quotes (LibreOffice, Excel) or not (a plain split)."""
    cells: list[str] = []
    for separator in SEPARATORS:
        cells += (cell for row in csv.reader(io.StringIO(text, newline=""), delimiter=separator)
                  for cell in row)  # fmt: skip
        cells += (cell for line in text.splitlines() for cell in line.split(separator))
    return [cell for cell in cells if _runs(cell)]


def _runs(cell: str) -> bool:
    start = cell.lstrip(' "')  # a reader may take a quote for the start of a quoted cell
    return start.startswith(RUN) and not NUMBER.fullmatch(start.rstrip('"'))


@pytest.mark.parametrize("name", SPLITTING_NAMES)
def test_a_name_split_by_a_spreadsheet_never_becomes_a_formula(name: str) -> None:
    """Finding 11 of issue 30: a spreadsheet splitting on ``;`` ran ``=1+2`` from a name
    ``x;=1+2;`` (only ``,`` ``"`` CR LF were quoted, and only the cell's start defused).
    Whatever it splits on, no piece runs; read as the CSV it is, the name is one cell and
    the numbers stay numbers."""
    text = ledger_csv([LedgerEntry("p", EntryKind.RESULT, -200, 4)], {"p": name})
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert formula_cells(text) == []
    assert len(rows[1]) == 5 and rows[1][0] == "4" and rows[1][2:] == ["result", "-200", ""]
    assert rows[1][1].replace("'", "") == name.replace("'", "")


def test_settle_up_after_a_session_pays_the_winners() -> None:
    entries = [
        LedgerEntry("ann", EntryKind.BUY_IN, 1000, 0),
        LedgerEntry("bob", EntryKind.BUY_IN, 1000, 0),
        LedgerEntry("ann", EntryKind.RESULT, 300, 1),
        LedgerEntry("bob", EntryKind.RESULT, -300, 1),
        LedgerEntry("ann", EntryKind.CASH_OUT, 1300, 1),
        LedgerEntry("bob", EntryKind.CASH_OUT, 700, 1),
    ]
    account = accounts(entries)["bob"]
    assert (account.bought_in, account.cashed_out, account.net, account.debt) == (
        1000,
        700,
        -300,
        300,
    )
    assert [(t.payer, t.payee, t.amount) for t in settle_up(balances(entries))] == [
        ("bob", "ann", 300)
    ]
