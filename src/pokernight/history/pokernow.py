"""PokerNow's files read: its full game log as PHH hands, its ledger as nights' balances.

PokerNow (pokernow.club) lets a host download two CSV files (decision 65):

- the game log, ``entry,at,order``, newest first: one line per thing said at the table.
  A hand runs from ``-- starting hand #N (id: ...) (No Limit Texas Hold'em) (dealer:
  "name @ id") --`` to ``-- ending hand #N --``; between them ``Player stacks: #1 "name
  @ id" (2040) | ...``, the forced bets (``posts a small blind of 10``, ``a big blind``,
  ``a straddle``, ``an ante``, ``a missed big blind``, ``a missing small blind``), the
  actions (``folds``, ``checks``, ``calls 20``, ``bets 40``, ``raises to 120``, each
  amount the player's street total, ``and go all in`` after it), the boards (``Flop:
  [..]``, ``Turn: .. [K♥]``, ``(second run)`` when the board is run twice), the players'
  choices to run it twice, ``Uncalled bet of N returned to``, ``shows a ..`` and
  ``collected N from pot``. The downloader's own cards (``Your hand is``) are known only
  when that player shows the same cards. Lines between hands (seats requested, players
  joining, leaving, standing up, stacks changed by the admin) are not hands: the next
  hand's ``Player stacks`` says where everybody is, and the importer seats them so.
- the ledger, one row per player's session: ``player_nickname,player_id,
  session_start_at,session_end_at,buy_in,buy_out,stack,net``.

Each hand becomes a ``PHHHand`` (with its players' seats, the table's 10, and the stacks
the log's own lines give it at the end), which ``history.phh_import`` plays again at one
of our tables, as a PHH file's hands are. A hand this cannot read, or whose chips do not
add up (what was put in is not what was collected and returned), is a ``PHHError`` with
its reason, and the rest of the log is read.
"""

from __future__ import annotations

import csv
import hashlib
import io
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from pokernight.history.phh_codes import OWN_PREFIX, PHH_CODES
from pokernight.history.phh_parse import PHHError, PHHHand, hand_from_fields
from pokernight.rules import BettingStructure
from pokernight.rules.variants import variant_for

LOG_HEADER = ("entry", "at", "order")
LEDGER_COLUMNS = ("player_nickname", "net")
POKERNOW_SEATS = 10
"""A PokerNow table seats ten."""

GAMES: Mapping[str, tuple[str, BettingStructure]] = {
    "Texas Hold'em": ("nlhe", BettingStructure.NO_LIMIT),
    "Omaha Hi": ("plo", BettingStructure.POT_LIMIT),
    "Omaha Hi/Lo 8 or Better": ("plo8", BettingStructure.POT_LIMIT),
    "Omaha Hi/Lo": ("plo8", BettingStructure.POT_LIMIT),
}
"""PokerNow's game names (after the betting structure) -> our variant key."""
BETTING = {
    "No Limit": BettingStructure.NO_LIMIT,
    "Pot Limit": BettingStructure.POT_LIMIT,
}

_PLAYER = r'"(?P<name>.+?) @ (?P<pid>[^"]+)"'
_START = re.compile(
    r"^-- starting hand #(?P<number>\d+)\s*(?:\(id: (?P<id>[^)]+)\)\s*)?"
    r"\((?P<game>[^)]*)\)\s*\((?:dealer: " + _PLAYER + r"|dead button)\) --$"
)
_END = re.compile(r"^-- ending hand #(?P<number>\d+) --$")
_STACK = re.compile(r'#(?P<seat>\d+) "(?P<name>.+?) @ (?P<pid>[^"]+)" \((?P<stack>[\d.]+)\)')
_POST = re.compile(
    "^" + _PLAYER + r" posts (?:a|an) (?P<kind>small blind|big blind|straddle|ante|"
    r"missing small blind|missed big blind) of (?P<amount>[\d.]+)(?: and go all in)?$"
)
_ACTION = re.compile(
    "^" + _PLAYER + r" (?P<verb>folds|checks|calls|bets|raises to)(?: (?P<amount>[\d.]+))?"
    r"(?: and go all in)?$"
)
_BOARD = re.compile(r"^(?P<street>Flop|Turn|River)(?P<second> \(second run\))?:\s*(?P<cards>.*)$")
_SHOWS = re.compile("^" + _PLAYER + r" shows a (?P<cards>.+?)\.?$")
_COLLECTED = re.compile("^" + _PLAYER + r" collected (?P<amount>[\d.]+) from pot")
_UNCALLED = re.compile(r"^Uncalled bet of (?P<amount>[\d.]+) returned to " + _PLAYER + "$")
_RUNS = re.compile("^" + _PLAYER + r" chooses? to (?P<not>not )?run it twice")
_YOUR_HAND = re.compile(r"^Your hand is (?P<cards>.+)$")
_SUITS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}


@dataclass(frozen=True, slots=True)
class LogLine:
    entry: str
    at: str
    order: int


@dataclass(frozen=True, slots=True)
class LogHand:
    """One hand of the log: its number, PokerNow's id for it (a digest of its lines when
    the log has none), its game as PokerNow names it, and its lines, oldest first."""

    number: int
    hand_id: str
    game: str
    dealer: str | None
    lines: tuple[LogLine, ...]

    @property
    def at(self) -> float:
        """When the hand started, in seconds since the epoch (0: unknown)."""
        try:
            return datetime.fromisoformat(self.lines[0].at.replace("Z", "+00:00")).timestamp()
        except ValueError:
            return 0.0


@dataclass(frozen=True, slots=True)
class ReadHand:
    """A log hand read as PHH (``phh`` and ``names`` in PHH order), or why not."""

    log: LogHand
    phh: PHHHand | None
    names: tuple[str, ...] = ()
    error: str = ""
    seats: dict[str, int] = field(default_factory=dict)


def is_log(header: Sequence[str]) -> bool:
    return tuple(cell.strip().lower() for cell in header[:3]) == LOG_HEADER


def is_ledger(header: Sequence[str]) -> bool:
    cells = {cell.strip().lower() for cell in header}
    return all(column in cells for column in LEDGER_COLUMNS)


def read_log(text: str) -> list[LogLine]:
    """The log's lines, oldest first (PokerNow writes the newest first)."""
    rows = csv.reader(io.StringIO(text))
    header = next(rows, None)
    if header is None or not is_log(header):
        raise ValueError("not a PokerNow log: its first line is not entry,at,order")
    lines = []
    for number, row in enumerate(rows, start=2):
        if not row:
            continue
        if len(row) < 3:
            raise ValueError(f"line {number}: a log line has three fields, entry,at,order")
        try:
            order = int(row[2])
        except ValueError:
            raise ValueError(f"line {number}: order {row[2]!r} is not a number") from None
        lines.append(LogLine(row[0], row[1], order))
    lines.sort(key=lambda line: line.order)
    return lines


def log_hands(lines: Sequence[LogLine]) -> list[LogHand]:
    """The hands of the log, in the order they were played; lines between hands are left
    out (the next hand's stacks tell what they changed)."""
    hands: list[LogHand] = []
    current: list[LogLine] | None = None
    start: re.Match[str] | None = None
    for line in lines:
        found = _START.match(line.entry)
        if found is not None:
            if current is not None and start is not None:
                hands.append(_log_hand(start, current))
            current, start = [line], found
            continue
        if current is None:
            continue
        current.append(line)
        if _END.match(line.entry) and start is not None:
            hands.append(_log_hand(start, current))
            current, start = None, None
    if current is not None and start is not None:
        hands.append(_log_hand(start, current))
    return hands


def _log_hand(start: re.Match[str], lines: list[LogLine]) -> LogHand:
    hand_id = start["id"]
    if not hand_id:
        text = "\n".join(f"{line.at}\t{line.entry}" for line in lines)
        hand_id = "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:32]
    return LogHand(int(start["number"]), hand_id, start["game"], start["name"], tuple(lines))


def cards_of(text: str) -> list[str]:
    """``A♠, 10♥`` as ``["As", "Th"]``."""
    cards = []
    for word in re.split(r"[,\s]+", text.strip(" []")):
        if not word:
            continue
        rank, suit = word[:-1], word[-1]
        suit = _SUITS.get(suit, suit.lower())
        rank = "T" if rank == "10" else rank.upper()
        if len(rank) != 1 or suit not in "shdc":
            raise PHHError(f"{word!r} is not a card")
        cards.append(rank + suit)
    return cards


def _amount(text: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation:
        raise PHHError(f"{text!r} is not an amount") from None


def _variant(game: str, *, runs: bool) -> tuple[str, int]:
    """The PHH variant code for PokerNow's game name, and its hole cards."""
    betting_name = next((name for name in BETTING if game.startswith(name)), None)
    rest = game.removeprefix(betting_name or "").strip()
    if betting_name is None or rest not in GAMES:
        raise PHHError(f"the game {game!r} is not one pokernight reads from PokerNow")
    key, _ = GAMES[rest]
    betting = BETTING[betting_name]
    variant = variant_for(key, str(betting))
    code = PHH_CODES.get((key, betting))
    if code is None or runs:
        own = "" if variant == variant_for(key) else f":{betting}"
        code = f"{OWN_PREFIX}{key}{own}"
    return code, 4 if key.startswith("plo") else 2


class _Reading:
    """One hand's lines read in turn into PHH fields."""

    def __init__(self, hand: LogHand, small_blind: Decimal | None) -> None:
        self.hand = hand
        self.small_blind = small_blind
        self.seats: dict[str, int] = {}
        self.stacks: dict[str, Decimal] = {}
        self.order: list[str] = []
        self.posts: dict[str, tuple[str, Decimal]] = {}
        self.antes: dict[str, Decimal] = {}
        self.dead: dict[str, Decimal] = {}
        self.street: dict[str, Decimal] = {}
        self.put_in: dict[str, Decimal] = {}
        self.returned: dict[str, Decimal] = {}
        self.collected: dict[str, Decimal] = {}
        self.shown: dict[str, list[str]] = {}
        self.mine: list[str] = []
        self.actions: list[tuple[str, str | None, str]] = []  # (kind, player, rest)
        self.runs = False

    def player(self, found: re.Match[str]) -> str:
        name = found["name"]
        if name not in self.seats:
            raise PHHError(f'"{name}" is not in the hand\'s Player stacks')
        return name

    def read(self) -> None:
        for line in self.hand.lines[1:]:
            self.line(line.entry.strip())
        if not self.seats:
            raise PHHError("the hand has no Player stacks line")

    def line(self, entry: str) -> None:
        found: re.Match[str] | None
        if entry.startswith("Player stacks:"):
            for each in _STACK.finditer(entry):
                self.seats[each["name"]] = int(each["seat"])
                self.stacks[each["name"]] = _amount(each["stack"])
            return
        if (found := _POST.match(entry)) is not None:
            name, amount = self.player(found), _amount(found["amount"])
            kind = found["kind"]
            if kind == "ante":
                self.antes[name] = self.antes.get(name, Decimal(0)) + amount
                self.put_in[name] = self.put_in.get(name, Decimal(0)) + amount
            elif kind == "missing small blind":
                raise PHHError(
                    f"{name} posts a missing small blind (dead money): the table deals a "
                    "returning player in on the big blind instead"
                )
            else:
                self.posts[name] = (kind, amount)
                self.street[name] = amount
            return
        if (found := _ACTION.match(entry)) is not None:
            name, verb = self.player(found), found["verb"]
            if verb in ("folds", "checks"):
                self.actions.append(("f" if verb == "folds" else "cc", name, ""))
                return
            if found["amount"] is None:
                raise PHHError(f"{entry!r}: the amount is missing")
            total = _amount(found["amount"])
            self.street[name] = total
            self.actions.append(("cc", name, "") if verb == "calls" else ("cbr", name, str(total)))
            return
        if (found := _BOARD.match(entry)) is not None:
            self.new_street()
            cards = found["cards"]
            if "[" in cards:
                cards = cards[cards.rindex("[") :]
            self.actions.append(("db", None, "".join(cards_of(cards))))
            return
        if (found := _RUNS.match(entry)) is not None:
            self.runs = True
            self.actions.append(("sr", self.player(found), "1" if found["not"] else "2"))
            return
        if (found := _UNCALLED.match(entry)) is not None:
            name = self.player(found)
            self.returned[name] = self.returned.get(name, Decimal(0)) + _amount(found["amount"])
            return
        if (found := _SHOWS.match(entry)) is not None:
            name = self.player(found)
            if name not in self.shown:
                self.shown[name] = cards_of(found["cards"])
                self.actions.append(("sm", name, "".join(self.shown[name])))
            return
        if (found := _COLLECTED.match(entry)) is not None:
            name = self.player(found)
            self.new_street()
            amount = _amount(found["amount"])
            self.collected[name] = self.collected.get(name, Decimal(0)) + amount
            return
        if (found := _YOUR_HAND.match(entry)) is not None:
            self.mine = cards_of(found["cards"])

    def new_street(self) -> None:
        for name, amount in self.street.items():
            self.put_in[name] = self.put_in.get(name, Decimal(0)) + amount
        self.street = {}

    def players_in_order(self) -> list[str]:
        """The hand's players in PHH order: left of the button first, the button last (the
        dealer's seat; a dead button's: the small blind's, else the big blind's, first)."""
        by_seat = sorted(self.seats, key=lambda name: self.seats[name])
        kinds = {kind: name for name, (kind, _) in self.posts.items()}
        if self.hand.dealer in self.seats:
            button = by_seat.index(self.hand.dealer)
            return by_seat[button + 1 :] + by_seat[: button + 1]
        first: str | None = kinds.get("small blind") or kinds.get("big blind")
        if first is None:
            raise PHHError("the button is dead and nobody posts a blind")
        start = by_seat.index(first)
        return by_seat[start:] + by_seat[:start]

    def fields(self) -> dict[str, Any]:
        self.new_street()
        order = self.players_in_order()
        index = {name: number for number, name in enumerate(order, start=1)}
        code, hole = _variant(self.hand.game, runs=self.runs)
        blinds = self.blinds(order)
        actions = []
        for name in order:
            cards = self.shown.get(name) or []
            actions.append(f"d dh p{index[name]} {''.join(cards) if cards else '??' * hole}")
        for kind, actor, rest in self.actions:
            if actor is None:
                actions.append(f"d {kind} {rest}")
            else:
                actions.append(f"p{index[actor]} {kind} {rest}".rstrip())
        finishing = [self.finishing(name) for name in order]
        fields: dict[str, Any] = {
            "variant": code,
            "players": order,
            "starting_stacks": [self.stacks[name] for name in order],
            "finishing_stacks": finishing,
            "antes": [self.antes.get(name, Decimal(0)) for name in order],
            "blinds_or_straddles": blinds,
            "min_bet": self.big_blind(blinds),
            "actions": actions,
            "seat_count": POKERNOW_SEATS,
            "seats": [self.seats[name] for name in order],
        }
        if code.startswith(OWN_PREFIX) and self.runs:
            fields["_run_it_twice"] = True
        kinds = {kind for kind, _ in self.posts.values()}
        if "big blind" in kinds and "small blind" not in kinds and len(order) > 2:
            fields["_dead_small_blind"] = self.small_blind or fields["min_bet"] / 2
        return fields

    def blinds(self, order: list[str]) -> list[Decimal]:
        """Each player's forced bet in PHH order; a missed big blind posted by a player
        who is not the big blind (a newcomer dealt in at once) is negative (PokerKit)."""
        blinds = [Decimal(0)] * len(order)
        big = next((name for name, (kind, _) in self.posts.items() if kind == "big blind"), None)
        for name, (kind, amount) in self.posts.items():
            position = order.index(name)
            posted = kind == "missed big blind" or (kind == "big blind" and name != big)
            blinds[position] = -amount if posted else amount
        return blinds

    def big_blind(self, blinds: Sequence[Decimal]) -> Decimal:
        """The big blind (the least bet after the flop): posted, or the largest forced bet
        short of a straddle."""
        posted = [amount for kind, amount in self.posts.values() if kind == "big blind"]
        if posted:
            return max(posted)
        return max((abs(blind) for blind in blinds), default=Decimal(0))

    def finishing(self, name: str) -> Decimal:
        return (
            self.stacks[name]
            - self.put_in.get(name, Decimal(0))
            + self.returned.get(name, Decimal(0))
            + self.collected.get(name, Decimal(0))
        )

    def check_chips(self) -> None:
        """What went in is what was collected and returned (PokerNow takes no rake)."""
        put_in = sum(self.put_in.values(), Decimal(0)) - sum(self.returned.values(), Decimal(0))
        collected = sum(self.collected.values(), Decimal(0))
        if put_in != collected:
            raise PHHError(
                f"the chips do not add up: {put_in} put in the pot, {collected} collected"
            )
        for name in self.seats:
            if self.finishing(name) < 0:
                raise PHHError(f"the chips do not add up: {name} puts in more than their stack")


def read_hands(hands: Sequence[LogHand]) -> Iterator[ReadHand]:
    """Each hand as PHH, or the reason it cannot be read."""
    small_blind: Decimal | None = None
    for hand in hands:
        reading = _Reading(hand, small_blind)
        try:
            _variant(hand.game, runs=False)
            reading.read()
            reading.check_chips()
            fields = reading.fields()
            phh = hand_from_fields(fields)
        except PHHError as error:
            yield ReadHand(hand, None, error=str(error))
            continue
        small = [amount for kind, amount in reading.posts.values() if kind == "small blind"]
        small_blind = small[0] if small else small_blind
        yield ReadHand(hand, phh, tuple(fields["players"]), seats=reading.seats)


def next_stacks(hands: Sequence[LogHand]) -> list[dict[str, Decimal]]:
    """Each hand's ``Player stacks``, by name (the test's witness of the next hand)."""
    found = []
    for hand in hands:
        stacks: dict[str, Decimal] = {}
        for line in hand.lines:
            if line.entry.startswith("Player stacks:"):
                for match in _STACK.finditer(line.entry):
                    stacks[match["name"]] = _amount(match["stack"])
        found.append(stacks)
    return found


@dataclass(frozen=True, slots=True)
class LedgerRow:
    """One person's money on one night of a ledger, in whole chips (negative: lost)."""

    name: str
    night: str
    net: int


def read_ledger(text: str) -> list[LedgerRow]:
    """A PokerNow ledger (``player_nickname``, ``net``; the night from
    ``session_start_at``) or a plain ``name,net`` CSV (an optional ``date`` column says
    the night): each person's net by night, a person's sessions of one night added up.
    A ValueError if the file is neither or a night's nets do not sum to zero."""
    rows = csv.DictReader(io.StringIO(text))
    header = [column.strip().lower() for column in rows.fieldnames or []]
    if is_ledger(header):
        name_column, night_column = "player_nickname", "session_start_at"
    elif {"name", "net"} <= set(header):
        name_column, night_column = "name", "date"
    else:
        raise ValueError("not a ledger: it has no player_nickname,net or name,net columns")
    sums: dict[tuple[str, str], Decimal] = {}
    for number, raw in enumerate(rows, start=2):
        row = {key.strip().lower(): (value or "").strip() for key, value in raw.items() if key}
        name = row.get(name_column, "")
        if not name:
            continue
        try:
            net = Decimal(row.get("net", "").replace(",", ""))
        except InvalidOperation:
            raise ValueError(f"line {number}: net {row.get('net')!r} is not an amount") from None
        night = row.get(night_column, "")[:10]
        sums[night, name] = sums.get((night, name), Decimal(0)) + net
    found = []
    for (night, name), net in sums.items():
        if net != net.to_integral_value():
            raise ValueError(f"{name}'s net {net} is not a whole number of chips")
        found.append(LedgerRow(name, night, int(net)))
    for night in {row.night for row in found}:
        total = sum(row.net for row in found if row.night == night)
        if total:
            raise ValueError(f"the nets of the night {night or '(undated)'} sum to {total}, not 0")
    return found


__all__ = [
    "LedgerRow",
    "LogHand",
    "LogLine",
    "ReadHand",
    "cards_of",
    "is_ledger",
    "is_log",
    "log_hands",
    "next_stacks",
    "read_hands",
    "read_ledger",
    "read_log",
]
