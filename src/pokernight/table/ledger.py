"""The cashier's ledger (docs/seeds.md, seed 003): every chip that comes to or leaves the table.

Chips are lent, not sold: a buy-in or rebuy adds to what a player owes the
group, a cash-out pays it back, and hand results move chips between players.
The host's correction of a stack (decision 51) is the cashier's too: chips added are
lent like a rebuy, chips taken away paid back like a cash-out; it never moves chips
between players, so the results, and the settle-up made of them, are untouched.
So for every player, at every moment::

    bought in + results - cashed out == chips in front of them (0 once they left)

and summed over the table, with no rake, the results cancel: the chips at the
table plus the chips cashed out equal the chips bought in.
"""

from __future__ import annotations

import math
import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction


class EntryKind(StrEnum):
    BUY_IN = "buy-in"
    REBUY = "rebuy"
    CASH_OUT = "cash-out"
    RESULT = "result"
    CORRECTION = "correction"


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """``amount`` is positive for chips in (buy-in, rebuy) and out (cash-out);
    a result is the stack change over one hand, negative for a loss; a correction is the
    chips the host added to a stack (positive) or took away (negative). ``reason``: the
    host's words, for a correction and for the cash-out of a player the host removed."""

    player_id: str
    kind: EntryKind
    amount: int
    hand_number: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Account:
    bought_in: int = 0
    cashed_out: int = 0
    results: int = 0

    @property
    def at_table(self) -> int:
        return self.bought_in + self.results - self.cashed_out

    @property
    def net(self) -> int:
        """Won (positive) or lost so far, counting the chips in front of the player."""
        return self.results

    @property
    def debt(self) -> int:
        """What the player owes the group if they left now with nothing."""
        return self.bought_in - self.cashed_out

    def add(self, entry: LedgerEntry) -> Account:
        if entry.kind is EntryKind.CASH_OUT:
            return Account(self.bought_in, self.cashed_out + entry.amount, self.results)
        if entry.kind is EntryKind.RESULT:
            return Account(self.bought_in, self.cashed_out, self.results + entry.amount)
        if entry.kind is EntryKind.CORRECTION and entry.amount < 0:
            # Chips taken away are paid back, as a cash-out is; chips added are lent, below.
            return Account(self.bought_in, self.cashed_out - entry.amount, self.results)
        return Account(self.bought_in + entry.amount, self.cashed_out, self.results)


def accounts(entries: Iterable[LedgerEntry]) -> dict[str, Account]:
    """Every player's account, in the order they first appear in the ledger."""
    totals: dict[str, Account] = {}
    for entry in entries:
        totals[entry.player_id] = totals.get(entry.player_id, Account()).add(entry)
    return totals


def balances(entries: Iterable[LedgerEntry]) -> dict[str, int]:
    """Net result per player: what settling up must pay them (negative: what they pay)."""
    return {player: account.net for player, account in accounts(entries).items()}


def balances_between_people(
    entries: Iterable[LedgerEntry], bots: Collection[str]
) -> dict[str, int]:
    """What settling up pays each person (negative: what they pay), bots left out
    (``PeopleBalances``), from a whole ledger."""
    people = PeopleBalances()
    hands: dict[int, dict[str, int]] = {}
    for entry in entries:
        people.meet(entry.player_id, bots)
        if entry.kind is EntryKind.RESULT and entry.amount:
            hand = hands.setdefault(entry.hand_number, {})
            hand[entry.player_id] = hand.get(entry.player_id, 0) + entry.amount
    for results in hands.values():
        people.add_hand(results, bots)
    return people.rounded()


class PeopleBalances:
    """What each person is owed by, or owes, the other people, hand after hand.

    A bot's chips are nobody's money: what a person lost to a bot is gone, and what they
    won from one nobody owes them. Each hand's losers paid its winners in proportion to
    what each winner won (no rake: the hand's results sum to zero), so the part of a
    person's loss that went to a person is known; these parts, summed over the hands,
    are exact fractions that sum to zero (``rounded`` makes them whole chips that still
    do). Kept as the hands end, so the table need not keep its whole ledger in memory.
    """

    def __init__(self) -> None:
        self.owed: dict[str, Fraction] = {}

    def copy(self) -> PeopleBalances:
        twin = PeopleBalances()
        twin.owed = dict(self.owed)
        return twin

    def meet(self, player_id: str, bots: Collection[str]) -> None:
        """A person who sat here has a balance, even if it is zero."""
        if player_id not in bots:
            self.owed.setdefault(player_id, Fraction(0))

    def add_hand(self, results: Mapping[str, int], bots: Collection[str]) -> None:
        """One hand's results (each player's stack change, summing to zero)."""
        won = sum(amount for amount in results.values() if amount > 0)
        winners = [(player, gain) for player, gain in results.items() if gain > 0]
        for loser, lost in results.items():
            if lost >= 0 or loser in bots:
                continue
            for winner, gain in winners:
                if winner not in bots:
                    part = Fraction(-lost * gain, won)
                    self.owed[winner] = self.owed.get(winner, Fraction(0)) + part
                    self.owed[loser] = self.owed.get(loser, Fraction(0)) - part

    def rounded(self) -> dict[str, int]:
        return _rounded(self.owed)


def _rounded(exact: dict[str, Fraction]) -> dict[str, int]:
    """Whole chips summing to zero, as the exact amounts do."""
    floors = {player: math.floor(amount) for player, amount in exact.items()}
    odd_chips = -sum(floors.values())
    by_remainder = sorted(exact, key=lambda player: (floors[player] - exact[player], player))
    for player in by_remainder[:odd_chips]:
        floors[player] += 1
    return floors


CSV_HEADER = "hand,player,kind,amount,reason"


# A cell starting with one of these is a formula to Excel, LibreOffice or Google Sheets.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")
# What a spreadsheet may split a line on (Excel takes the locale's list separator: ";"
# where the decimal point is a comma; LibreOffice asks), and a line break a reader that
# ignores quotes ends a row at: each starts a new cell, which must not run either.
SPLITS = re.compile(r"([,;\t\r\n])")
QUOTED_IF = (",", '"', ";", "\t", "\r", "\n")
LEADING = ' "'
"""Skipped before a formula's first character: a space, and a quote a reader may take
for the start of a quoted cell."""


def ledger_csv(entries: Iterable[LedgerEntry], names: Mapping[str, str] | None = None) -> str:
    """The ledger as CSV text, one entry a line; ``names`` maps player ids to display names.
    ``reason``: the host's words for a correction or a removal, empty for any other entry."""
    lines = [CSV_HEADER]
    for entry in entries:
        name = csv_field((names or {}).get(entry.player_id, entry.player_id))
        reason = csv_field(entry.reason)  # the host's words: never a formula either
        lines.append(f"{entry.hand_number},{name},{entry.kind},{entry.amount},{reason}")
    return "\r\n".join(lines) + "\r\n"


def csv_field(text: str) -> str:
    """A text field as a spreadsheet reads it: never a formula, however the spreadsheet
    splits the line, and quoted as RFC 4180 asks (also when it holds ``;`` or a tab)."""
    # OWASP's CSV injection advice: a leading quote makes a spreadsheet show the text
    # instead of running it (a player named "=HYPERLINK(...)"), and so it does for each
    # piece a separator starts (a player named "x;=1+2;", read where ";" separates).
    pieces = SPLITS.split(_defused(text, FORMULA_STARTS))
    # A tab or a line break inside is a separator, not the start of a cell.
    pieces[2::2] = [_defused(piece, FORMULA_STARTS[:4]) for piece in pieces[2::2]]
    text = "".join(pieces)
    if any(char in text for char in QUOTED_IF):
        return '"' + text.replace('"', '""') + '"'
    return text


def _defused(piece: str, starts: tuple[str, ...]) -> str:
    """``piece`` with a quote before it if a spreadsheet would run it as a formula; a
    number stays a number."""
    start = piece.lstrip(LEADING)
    if start.startswith(starts) and not NUMBER.fullmatch(start.rstrip(LEADING)):
        return "'" + piece
    return piece
