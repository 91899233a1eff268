"""Writes ``session.csv`` (a PokerNow full game log) and ``session_ledger.csv`` (its ledger)
beside this file: a seeded night played through pokernight's own table, written in
PokerNow's format (see ``pokernight.history.pokernow``). Nothing here is copied from a real
log. Run ``python tests/data/pokernow/make_session.py`` to write them again.

The night: 120 hands of no-limit hold'em 5/10 at a ten-seat table, with players joining,
leaving and topping up between hands, a straddle under the gun on some hands, run it twice
offered at every all-in (so some boards run twice), three hands of Pot-Limit Omaha and two
of Pot-Limit Omaha Hi-Lo; players bet at random, seeded, so there are all-ins and side pots.
"""

from __future__ import annotations

import csv
import hashlib
import io
import random
import sys
from datetime import UTC, datetime
from pathlib import Path

from pokernight.cards import Card
from pokernight.history.table_export import TableReplay
from pokernight.rules import (
    ActionTaken,
    AntePosted,
    BetReturned,
    BlindPosted,
    CardsDealt,
    CardsShown,
    HandEnded,
    PotAwarded,
    RunsChosen,
    SecondRunStarted,
    Stakes,
)
from pokernight.table import (
    Act,
    AddChips,
    ChangeSettings,
    ChipsAdded,
    HandDealt,
    PlayerLeft,
    PlayerSeated,
    SitDown,
    StandUp,
    StartHand,
    Table,
    TableEvent,
    TableSettings,
)

HERE = Path(__file__).parent
HOST = "host"
START = datetime(2026, 3, 14, 20, 0, tzinfo=UTC).timestamp()
NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy"]
GAMES = {"nlhe": "No Limit Texas Hold'em", "plo": "Pot Limit Omaha Hi",
         "plo8": "Pot Limit Omaha Hi/Lo 8 or Better"}  # fmt: skip
SUITS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
STREETS = ("Flop", "Turn", "River")


def settings(variant: str = "nlhe", straddle: int = 0) -> TableSettings:
    return TableSettings.for_variant(
        variant,
        stakes=Stakes(small_blind=5, big_blind=10, straddle=straddle),
        seats=10,
        min_buy_in=100,
        max_buy_in=5000,
        max_stack=100_000,
        run_it_twice=True,
        debt_cap=None,
    )


def play(seed: int = 36, hands: int = 120) -> list[TableEvent]:
    """The night's table events: seated players act at random from what is legal."""
    rng = random.Random(seed)
    table = Table.open(settings(), HOST)
    events: list[TableEvent] = [table.opened]
    now = START

    def apply(command: object) -> None:
        nonlocal now
        now += rng.randint(2, 9)
        events.extend(folded.event for folded in table.apply(command, now))  # type: ignore[arg-type]

    ids = {name: f"id{index}" for index, name in enumerate(NAMES)}
    for seat, name in enumerate(NAMES[:6]):
        apply(SitDown(seat, ids[name], name, 1000))
    waiting = NAMES[6:]
    for number in range(1, hands + 1):
        variant = "plo" if number in (30, 31, 32) else "plo8" if number in (60, 61) else "nlhe"
        straddle = 20 if number % 7 == 3 and variant == "nlhe" else 0
        wanted = settings(variant, straddle)
        if table.upcoming_settings != wanted:
            apply(ChangeSettings(HOST, wanted))
        _comings_and_goings(table, apply, rng, ids, waiting, number=number)
        apply(StartHand(random.Random(rng.getrandbits(64))))
        while table.hand is not None:
            apply(_action(table, rng))
    for seat in sorted(table.seats):
        apply(StandUp(table.seats[seat].player_id))
    return events


def _comings_and_goings(  # type: ignore[no-untyped-def]
    table, apply, rng, ids, waiting, *, number
) -> None:
    """Between hands: short stacks topped up; every ninth hand one leaves, and five hands
    later one of those waiting sits down in a free seat."""
    seated = {seat.player_id: place for place, seat in table.seats.items()}
    for seat in list(table.seats.values()):
        if seat.stack < 200:
            apply(AddChips(seat.player_id, 1000 - seat.stack))
    if number % 9 == 0 and len(seated) > 4:
        leaving = rng.choice(sorted(seated))
        name = next(name for name, pid in ids.items() if pid == leaving)
        apply(StandUp(leaving))
        waiting.append(name)
    if number % 9 == 4 and waiting and len(table.seats) < 9:
        name = waiting.pop(0)
        free = [seat for seat in range(10) if seat not in table.seats]
        apply(SitDown(rng.choice(free), ids[name], name, rng.choice([600, 1000, 1500])))


def _action(table: Table, rng: random.Random) -> Act:
    hand = table.hand
    assert hand is not None
    legal = hand.legal_actions()
    assert legal is not None
    started = table.started
    assert started is not None
    player = table.seats[started.seats[legal.seat]].player_id
    if legal.can_choose_runs:
        return Act(player, "runs", rng.choice([1, 2, 2]))
    roll = rng.random()
    if legal.max_raise_to is not None and roll < 0.06:
        return Act(player, "bet_or_raise", legal.max_raise_to)
    if legal.min_raise_to is not None and legal.max_raise_to is not None and roll < 0.22:
        top = min(legal.max_raise_to, legal.min_raise_to * 3)
        return Act(player, "bet_or_raise", rng.randint(legal.min_raise_to, top))
    if legal.call_amount and roll > 0.75 and legal.can_fold:
        return Act(player, "fold")
    return Act(player, "check" if legal.can_check else "call")


def pokernow_id(name: str) -> str:
    """PokerNow's id for a player (a device's): ten letters and digits, from the name."""
    return hashlib.sha256(name.encode()).hexdigest()[:10]


def card(card: Card) -> str:
    text = str(card)
    return ("10" if text[0] == "T" else text[0]) + SUITS[text[1]]


def cards(dealt: tuple[Card, ...]) -> str:
    return ", ".join(card(each) for each in dealt)


def stamp(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def log_lines(events: list[TableEvent], me: str = "Alice") -> list[tuple[str, float]]:
    """The night as PokerNow's log lines, oldest first, each with its time."""
    replay = TableReplay(events[0])
    names: dict[str, str] = {}
    ids: dict[str, str] = {}
    lines: list[tuple[str, float]] = []
    at = START
    for event in events[1:]:
        if isinstance(event, PlayerSeated):
            names[event.player_id] = event.name
            ids[event.player_id] = pokernow_id(event.name)
            player = f'"{event.name} @ {ids[event.player_id]}"'
            lines.append(
                (f"The player {player} joined the game with a stack of {event.buy_in}.", at)
            )
        if isinstance(event, PlayerLeft):
            player = f'"{names[event.player_id]} @ {ids[event.player_id]}"'
            lines.append(
                (f"The player {player} quits the game with a stack of {event.cash_out}.", at)
            )
        if isinstance(event, ChipsAdded):
            player_id = table_player(replay, event.seat)
            player = f'"{names[player_id]} @ {ids[player_id]}"'
            lines.append((f"{player} adding {event.amount} chips", at))
        played = replay.add(event)
        if played is not None:
            at = played.started.at
            lines += [(line, at) for line in hand_lines(played, ids, me)]
    return lines


def table_player(replay: TableReplay, seat: int) -> str:
    return replay.table.seats[seat].player_id


def hand_lines(played, ids: dict[str, str], me: str) -> list[str]:  # type: ignore[no-untyped-def]
    started: HandDealt = played.started
    hand = played.hand
    seat_of = started.seats  # hand seat -> table seat
    who = [
        f'"{name} @ {ids[pid]}"' for name, pid in zip(played.names, played.player_ids, strict=True)
    ]
    game = GAMES[started.variant]
    dealer = (
        f"dealer: {who[seat_of.index(started.button)]}"
        if started.button in seat_of
        else "dead button"
    )
    number = started.hand_number
    lines = [f"-- starting hand #{number} (id: h{number:04d}x36) ({game}) ({dealer}) --"]
    order = sorted(range(len(seat_of)), key=lambda index: seat_of[index])
    stacks = " | ".join(f"#{seat_of[i] + 1} {who[i]} ({started.stacks[i]})" for i in order)
    lines.append(f"Player stacks: {stacks}")
    board: list[Card] = []
    second = False
    street = 0
    shown: set[int] = set()
    for event in hand.events:
        match event:
            case AntePosted(seat=seat, amount=amount):
                lines.append(f"{who[seat]} posts an ante of {amount}")
            case BlindPosted(seat=seat, amount=amount, kind=kind):
                words = {"small": "a small blind", "big": "a big blind", "straddle": "a straddle",
                         "posted": "a missed big blind"}[kind]  # fmt: skip
                lines.append(f"{who[seat]} posts {words} of {amount}")
            case CardsDealt(seat=None, cards=dealt):
                if not dealt:
                    continue
                if len(board) >= 5 and not second:
                    board = board[:0]
                name = STREETS[min(street, 2)]
                suffix = " (second run)" if second else ""
                if name == "Flop":
                    lines.append(f"{name}{suffix}: [{cards(dealt)}]")
                else:
                    lines.append(f"{name}{suffix}: {cards(tuple(board))} [{cards(dealt)}]")
                board += dealt
                street += 1
            case CardsDealt(seat=seat, cards=dealt) if played.names[seat] == me and dealt:
                lines.append(f"Your hand is {cards(dealt)}")
            case ActionTaken(seat=seat, kind=kind, amount=amount, says=says, all_in=all_in):
                tail = " and go all in" if all_in else ""
                if kind == "fold":
                    lines.append(f"{who[seat]} folds")
                elif kind == "check":
                    lines.append(f"{who[seat]} checks")
                elif kind == "call":
                    lines.append(f"{who[seat]} calls {amount}{tail}")
                elif kind == "bet_or_raise":
                    verb = "bets" if says == "bet" else "raises to"
                    lines.append(f"{who[seat]} {verb} {amount}{tail}")
            case RunsChosen(seat=seat, runs=runs):
                choice = "run it twice" if runs == 2 else "not run it twice"
                lines.append(f"{who[seat]} chooses to {choice}" if runs == 2 else
                             f"{who[seat]} chooses to not run it twice")  # fmt: skip
                del choice
            case SecondRunStarted(street=run_from, shared=shared):
                second = True
                board = board[:shared]
                street = run_from - 1
            case BetReturned(seat=seat, amount=amount):
                lines.append(f"Uncalled bet of {amount} returned to {who[seat]}")
            case CardsShown(seat=seat, cards=dealt) if seat not in shown:
                shown.add(seat)
                lines.append(f"{who[seat]} shows a {cards(dealt)}.")
            case PotAwarded(winners=winners):
                for seat, amount in winners:
                    lines.append(f"{who[seat]} collected {amount} from pot")
            case HandEnded():
                pass
            case _:
                pass
    lines.append(f"-- ending hand #{number} --")
    return lines


def log_csv(lines: list[tuple[str, float]]) -> str:
    """PokerNow's CSV: newest first; ``order`` a growing number (hundredths of ms)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["entry", "at", "order"])
    rows = [(entry, stamp(at), int(at * 100000) + index) for index, (entry, at) in enumerate(lines)]
    for row in reversed(rows):
        writer.writerow(row)
    return out.getvalue()


def ledger_csv(events: list[TableEvent]) -> str:
    """The night's ledger as PokerNow writes it (one row per player here: each sat once
    or came back; ``net`` is what they won or lost)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["player_nickname", "player_id", "session_start_at", "session_end_at",
                     "buy_in", "buy_out", "stack", "net"])  # fmt: skip
    replay = TableReplay(events[0])
    names: dict[str, str] = {}
    for event in events[1:]:
        replay.add(event)
        if isinstance(event, PlayerSeated):
            names[event.player_id] = event.name
    last = max(event.at for event in events if isinstance(event, HandDealt))
    for player_id, account in replay.table.ledger.accounts.items():
        writer.writerow([names[player_id], pokernow_id(names[player_id]), stamp(START), stamp(last),
                         account.bought_in, account.cashed_out, 0, account.net])  # fmt: skip
    return out.getvalue()


def main() -> int:
    events = play()
    (HERE / "session.csv").write_text(log_csv(log_lines(events)), encoding="utf-8")
    (HERE / "session_ledger.csv").write_text(ledger_csv(events), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())

__all__ = ["ledger_csv", "log_csv", "log_lines", "play"]
