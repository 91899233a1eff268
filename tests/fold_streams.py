"""Recorded version streams for the clients' folds: seeded random tables played through
the core and told through the server's own version encoder.

Each table is opened by ``p1`` and driven by a seeded ``random.Random``: people sit down
(with the link or asking the host), the host approves or declines them and their rebuy
requests, removes players and lets them back, hands the host role on, changes the game
(several games a table), calls bomb pots; hands are dealt (their decks committed first or
not) and played with random legal actions (the clock's now and then, draws and run-it-twice
answers included); players show their cards after a hand and hunt the rabbit; tables close,
some during a hand. Every command goes through ``Table.decide`` and its versions through
``TableVersions`` exactly as the table actor makes them (an event that others follow is told
with the table it left), and each recipient's stream is what ``Version.text_for`` sends it:
the host, a player, a spectator. Some streams start with a snapshot (``snapshot_wire``) of
the table at a random version, as a page that comes late or resumes after the ring is gone.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from pokernight.server.tables.versions import TableVersions
from pokernight.server.tables.wire import Version, WireEvent, snapshot_wire, table_event_wire
from pokernight.table import (
    Act,
    AddChips,
    ApproveRebuy,
    ApproveSeat,
    CallBombPot,
    ChangeSettings,
    CloseTable,
    CommitDeck,
    DeclineRebuy,
    DeclineSeat,
    Folded,
    LetPlayerBack,
    RabbitHunt,
    RemovePlayer,
    ShowCards,
    SitDown,
    SitIn,
    SitOut,
    StandUp,
    StartHand,
    Table,
    TableError,
    TableSettings,
    TransferHost,
)
from pokernight.table.commands import Command

Json = dict[str, Any]

GAMES = ("nlhe", "plo", "stud", "razz", "nl5cd", "27td", "badugi", "o8", "ftq", "flhe")
PLAYERS = tuple(f"p{number}" for number in range(1, 9))


@dataclass
class PlayedTable:
    """A table's versions as sent (``versions[v - 1]`` is version ``v``) and snapshots of
    it taken at some versions (version -> the snapshot's wire event)."""

    versions: list[Version] = field(default_factory=list)
    snapshots: dict[int, WireEvent] = field(default_factory=dict)
    players: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Stream:
    """One recipient's messages (``None``: a spectator), and where states are compared:
    after each message whose index is in ``checkpoints`` (the last always is)."""

    name: str
    recipient: str | None
    texts: list[str]  # each message as the server encoded it
    checkpoints: list[int]

    @property
    def messages(self) -> list[Json]:
        return [json.loads(text) for text in self.texts]


def _settings(rng: random.Random, game: str) -> TableSettings:
    options: Json = {
        "approve_seats": rng.random() < 0.5,
        "approve_rebuys": rng.random() < 0.6,
        "rabbit_hunting": rng.random() < 0.5,
        "seats": 6,
    }
    if game in ("nlhe", "plo"):
        options["run_it_twice"] = rng.random() < 0.8
        options["bomb_pot_every"] = rng.choice((0, 0, 3))
        options["bomb_pot_double_board"] = rng.random() < 0.5
        options["seven_deuce_bounty"] = rng.choice((0, 20))
    if rng.random() < 0.3:
        options["dealers_choice"] = tuple(rng.sample(("nlhe", "plo", "stud", "nl5cd"), 2))
    try:
        return TableSettings.for_variant(game, **options)
    except TableError:
        return TableSettings.for_variant(game, seats=6)


class Driver:
    """Plays one table at random: each ``step`` tries commands until one is taken."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.now = 1_000.0
        self.table = Table.open(_settings(self.rng, self.rng.choice(GAMES)), "p1")
        self.history = TableVersions(self.table)
        self.played = PlayedTable(versions=list(self.history.ring))

    def play(self, steps: int) -> PlayedTable:
        snapshot_at = set(self.rng.sample(range(steps), 3))
        for step in range(steps):
            if self.table.closed:
                break
            self.step()
            if step in snapshot_at:
                self._snapshot()
        return self.played

    def step(self) -> None:
        for _ in range(40):
            command = self._command()
            if command is None:
                continue
            try:
                self._apply(command)
            except TableError:
                continue
            return

    def _apply(self, command: Command) -> None:
        early: list[WireEvent] = []
        history = self.history

        def between(folded: Folded, table: Table) -> None:
            early.append(table_event_wire(history.version + len(early) + 1, folded, table))

        self.now += self.rng.choice((0.5, 2.0, 9.0))
        table, done = self.table.decide(command, self.now, between)
        history.table = self.table = table
        wires: list[WireEvent | None] = [*early, None] if done else []
        self.played.versions += [history.record(f, w) for f, w in zip(done, wires, strict=True)]

    def _snapshot(self) -> None:
        room = {"code": "0000", "protocol": 1, "running": self.rng.random() < 0.7,
                "stopped": None, "chat": []}  # fmt: skip
        self.played.snapshots[self.history.version] = snapshot_wire(
            self.history.version, self.table, room
        )

    # Choosing a command ------------------------------------------------------------------

    def _command(self) -> Command | None:
        rng, table = self.rng, self.table
        if table.hand is not None and table.hand.to_act is not None and rng.random() < 0.85:
            return self._act()
        choices = [
            (self._sit, 4), (self._approve, 3), (self._rebuy, 2), (self._answer_rebuy, 2),
            (self._deal, 6 if table.hand is None else 0), (self._leave, 1), (self._sit_out, 1),
            (self._settings, 1), (self._host_change, 1), (self._remove, 1), (self._show, 2),
            (self._rabbit, 1), (self._bomb_pot, 1), (self._close, 0.08),
        ]  # fmt: skip
        chosen = rng.choices([make for make, _ in choices], [weight for _, weight in choices])[0]
        return chosen()

    def _seated(self) -> list[str]:
        return [seat.player_id for seat in self.table.seats.values()]

    def _someone(self) -> str:
        return self.rng.choice(PLAYERS)

    def _host(self) -> str:
        return self.table.host or "p1"

    def _sit(self) -> Command | None:
        settings = self.table.upcoming_settings
        free = [n for n in range(settings.seats) if n not in self.table.seats]
        waiting = [p for p in PLAYERS if p not in self._seated()]
        if not free or not waiting:
            return None
        player = self.rng.choice(waiting)
        self.played.players.add(player)
        low, high = settings.minimum_buy_in, settings.maximum_buy_in
        buy_in = self.rng.choice((low, high, (low + high) // 2))
        invited = self.rng.random() < 0.4
        return SitDown(self.rng.choice(free), player, player.upper(), buy_in, invited=invited)

    def _approve(self) -> Command | None:
        asked = list(self.table.seat_requests)
        if not asked:
            return None
        requester = self.rng.choice(asked)
        if self.rng.random() < 0.7:
            return ApproveSeat(self._host(), requester)
        return DeclineSeat(self._host(), requester)

    def _rebuy(self) -> Command | None:
        seated = self._seated()
        if not seated:
            return None
        return AddChips(self.rng.choice(seated), self.rng.choice((50, 200, 500)))

    def _answer_rebuy(self) -> Command | None:
        asked = list(self.table.rebuy_requests)
        if not asked:
            return None
        requester = self.rng.choice(asked)
        if self.rng.random() < 0.6:
            return ApproveRebuy(self._host(), requester)
        return DeclineRebuy(self._host(), requester)

    def _deal(self) -> Command:
        rng = random.Random(self.rng.getrandbits(32))
        committed = self.table.committed_deck(self.table.hand_number + 1) is not None
        if not committed and self.rng.random() < 0.5:
            return CommitDeck(rng)
        return StartHand(rng)

    def _leave(self) -> Command | None:
        seated = self._seated()
        return StandUp(self.rng.choice(seated)) if seated else None

    def _sit_out(self) -> Command | None:
        seated = self._seated()
        if not seated:
            return None
        player = self.rng.choice(seated)
        return SitIn(player) if self.rng.random() < 0.5 else SitOut(player)

    def _settings(self) -> Command:
        return ChangeSettings(self._host(), _settings(self.rng, self.rng.choice(GAMES)))

    def _host_change(self) -> Command | None:
        others = [p for p in self._seated() if p != self.table.host]
        return TransferHost(self._host(), self.rng.choice(others)) if others else None

    def _remove(self) -> Command | None:
        if self.table.removed and self.rng.random() < 0.5:
            return LetPlayerBack(self._host(), self.rng.choice(list(self.table.removed)))
        others = [p for p in self._seated() if p != self.table.host]
        return RemovePlayer(self._host(), self.rng.choice(others), "a test") if others else None

    def _show(self) -> Command | None:
        seated = self._seated()
        if not seated:
            return None
        player = self.rng.choice(seated)
        number = self.table.seat_of(player)
        cards = self.table.unshown_cards(number) if self.table.may_show(number) else ()
        if cards and self.rng.random() < 0.5:
            return ShowCards(player, (self.rng.choice(cards),))
        return ShowCards(player)

    def _rabbit(self) -> Command | None:
        seated = self._seated()
        return RabbitHunt(self.rng.choice(seated)) if seated else None

    def _bomb_pot(self) -> Command:
        return CallBombPot(self._host())

    def _close(self) -> Command:
        return CloseTable(self._host())

    def _act(self) -> Command | None:
        table, rng = self.table, self.rng
        hand, started = table.hand, table.started
        assert hand is not None and started is not None and hand.to_act is not None
        if rng.random() < 0.08:
            self.now += 10_000.0  # long enough for any clock: the table acts for the seat
            return table.tick(self.now)
        legal = hand.legal_actions()
        if legal is None:
            return None
        player = table.seats[started.seats[hand.to_act]].player_id
        if legal.can_choose_runs:
            return Act(player, "runs", 2 if rng.random() < 0.85 else 1)
        if legal.can_draw:
            hole = [str(card) for card in hand.hole(hand.to_act)]
            count = rng.randint(0, min(legal.max_discard, len(hole)))
            return Act(player, "draw", cards=tuple(rng.sample(hole, count)))
        options: list[tuple[str, int | None]] = []
        if legal.can_fold:
            options.append(("fold", None))
        if legal.can_check:
            options += [("check", None)] * 3
        if legal.call_amount > 0:
            options += [("call", None)] * 3
        if legal.can_bring_in:
            options.append(("bring_in", None))
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None and high is not None:
            amounts = (low, high) if legal.fixed_amounts else (low, (low + high) // 2, high, high)
            options += [("bet_or_raise", rng.choice(amounts))] * 2
        kind, amount = rng.choice(options)
        return Act(player, kind, amount)


def played_table(seed: int, steps: int) -> PlayedTable:
    return Driver(seed).play(steps)


def streams_of(seed: int, played: PlayedTable) -> list[Stream]:
    """Three or four streams of one table: the host's and a player's from version 1, a
    spectator's, and one from a snapshot; each cut at a random version (mid-hand too)."""
    rng = random.Random(seed * 7919)
    last = len(played.versions)
    others = sorted(played.players - {"p1"})
    recipients: list[str | None] = ["p1", rng.choice(others) if others else "p2", None]
    streams = []
    for recipient in recipients:
        end = last if rng.random() < 0.5 else rng.randint(max(1, last // 2), last)
        texts = [version.text_for(recipient) for version in played.versions[:end]]
        streams.append(_stream(f"{seed}/{recipient}", recipient, texts, rng))
    for at, snapshot in sorted(played.snapshots.items())[:1]:
        recipient = rng.choice([*others, None]) if others else None
        first = Version.of(snapshot).text_for(recipient)
        texts = [first, *(version.text_for(recipient) for version in played.versions[at:])]
        streams.append(_stream(f"{seed}/snapshot@{at}/{recipient}", recipient, texts, rng))
    return streams


def _stream(name: str, recipient: str | None, texts: list[str], rng: random.Random) -> Stream:
    count = len(texts)
    checkpoints = sorted({*rng.sample(range(count), min(4, count)), count - 1})
    return Stream(name, recipient, texts, checkpoints)
