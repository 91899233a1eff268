"""A club's season: its nights and tournaments added up by person, with the payments made
between them.

A person is a member of the club (every seat they played, on any table, whatever name
they had there) or a guest (one seat at one table; a name of imported ledgers not matched
to a member: that name in all of them). The money is the nights' own settle-up balances
(``Night.balances``: bots left out), each finished tournament's prizes less its buy-ins
(``TournamentNight``) and each night of an imported ledger (``LedgerNight``: a club
moving in, decision 65), summed per person, plus the payments recorded since: a payment
of 30 from Bob to Alice raises Bob's balance by 30 and lowers Alice's by 30. Balances sum
to zero, so ``settle_up`` pays them all off.

An imported table (hands from a PHH file or a PokerNow log) counts its hands, statistics
and graphs only: no money, no chips won, no night. A hand history is no record of who
paid whom, and the night's money, when the club brings it, is its ledger's: a night whose
log and ledger are both imported counts once.

The chips (``net``), the statistics and the graphs count every hand, bots' included,
like a table's own statistics.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime

from pokernight.history.night import HandLine, Night
from pokernight.history.stats import PlayerRow
from pokernight.table import Transfer, csv_field, settle_up


@dataclass(frozen=True, slots=True)
class Person:
    """``key``: ``member:ID`` or ``guest:PLAYER_ID``."""

    key: str
    name: str
    member_id: int | None = None

    @classmethod
    def member(cls, member_id: int, name: str) -> Person:
        return cls(f"member:{member_id}", name, member_id)

    @classmethod
    def guest(cls, player_id: str, name: str) -> Person:
        return cls(f"guest:{player_id}", name)

    @property
    def imported(self) -> bool:
        """A name of imported files (a ledger, an imported table) matched to no member."""
        return self.key.startswith("guest:imported:")


@dataclass(frozen=True, slots=True)
class TableNight:
    """A table of the club and what its events tell; ``identities``: who the table's
    players are (the members, by player id; an imported table's other names too, as
    imported guests: ``Person.imported``); anybody else is a guest."""

    table_id: int
    code: str
    created_at: float
    status: str
    night: Night
    identities: Mapping[str, Person] = field(default_factory=dict)

    @property
    def imported(self) -> bool:
        """Hands imported from elsewhere: its hands and statistics count, not its money."""
        return self.status == "imported"

    def person(self, player_id: str) -> Person:
        found = self.identities.get(player_id)
        if found is not None:
            return found
        return Person.guest(player_id, self.night.names.get(player_id, player_id))

    def people(self) -> list[PersonNight]:
        """Each person of the night (not the bots), with their chips won and their money,
        in the order they came: a member who had two seats (two identities merged since)
        is one person with the seats' sums."""
        found: dict[str, PersonNight] = {}
        night = self.night
        for player_id in night.people:
            person = self.person(player_id)
            earlier = found.get(person.key, PersonNight(person, 0, 0))
            found[person.key] = PersonNight(
                person,
                earlier.net + night.accounts[player_id].net,
                earlier.balance + night.balances.get(player_id, 0),
                earlier.expected + night.expected(player_id),
            )
        return list(found.values())


@dataclass(frozen=True, slots=True)
class TournamentNight:
    """A tournament of the club as money between people: what each entrant paid in (the
    buy-in, rebuys, the add-on) and won (prizes, bounties), by entrant id, as the
    tournament's ledger counts it; ``identities``: the members among the entrants.

    Its money counts once it is over, and only when nobody in it was a bot: a bot's money
    is nobody's (decision 23), and a prize a bot's buy-in paid for would be owed by
    nobody. A tournament with bots is practice."""

    tournament_id: int
    name: str
    created_at: float
    finished: bool
    paid: Mapping[str, int]
    won: Mapping[str, int]
    names: Mapping[str, str]
    bots: frozenset[str]
    identities: Mapping[str, Person] = field(default_factory=dict)

    @property
    def code(self) -> str:
        """How the season's CSV names it, in the column a table's code takes."""
        return f"T{self.tournament_id}"

    @property
    def counts(self) -> bool:
        return self.finished and not self.bots

    def person(self, player_id: str) -> Person:
        found = self.identities.get(player_id)
        if found is not None:
            return found
        key = f"tournament-{self.tournament_id}-{player_id}"
        return Person.guest(key, self.names.get(player_id, player_id))

    def people(self) -> list[PersonNight]:
        """Each person's money from the tournament (none while it is not counted); its
        chips are not money, so ``net`` is nought."""
        if not self.counts:
            return []
        return [
            PersonNight(self.person(player), 0, self.won.get(player, 0) - self.paid.get(player, 0))
            for player in self.names
        ]


@dataclass(frozen=True, slots=True)
class LedgerNight:
    """A night played elsewhere, from a ledger the club imported (decision 65): each
    person's net, which is their money (it sums to zero). ``night``: its date as the
    ledger gives it (``""``: undated); ``created_at``: noon UTC that day (the import's
    time when undated), for the order and the shown date; ``people``: by name, in the
    ledger's order, each the member the host matched the name to, or a guest."""

    ledger_id: int
    night: str
    created_at: float
    file_name: str
    imported_at: float
    nets: tuple[tuple[Person, int], ...]

    @property
    def code(self) -> str:
        """How the season's CSV names it, in the column a table's code takes."""
        return f"L{self.ledger_id}"

    def people(self) -> list[PersonNight]:
        """Each person's net (chips and money alike); two names matched to one member are
        one person."""
        found: dict[str, PersonNight] = {}
        for person, net in self.nets:
            earlier = found.get(person.key, PersonNight(person, 0, 0))
            found[person.key] = PersonNight(
                person, earlier.net + net, earlier.balance + net, earlier.expected + net
            )
        return list(found.values())


def ledger_day(night: str, imported_at: float) -> float:
    """When a ledger's night is shown: noon UTC of its date (a day in most time zones),
    or when it was imported for an undated one."""
    try:
        day = datetime.strptime(night, "%Y-%m-%d").replace(tzinfo=UTC)
    except ValueError:
        return imported_at
    return day.timestamp() + 12 * 3600


ClubNight = TableNight | TournamentNight | LedgerNight
"""What a season adds up: the club's tables, its tournaments and its imported ledgers."""


def counts_money(night: ClubNight) -> bool:
    """Whether the night's money (and the night itself) is in the season: an imported
    table's is not (its hands and statistics are)."""
    return not (isinstance(night, TableNight) and night.imported)


@dataclass(frozen=True, slots=True)
class PersonNight:
    """One person's night: ``net`` the chips they won (bots' too), ``balance`` what that
    night's settle-up pays them (negative: what they pay), ``expected`` the chips they
    could expect, all-in adjusted (``Night.luck``: the net less the runouts' luck; an
    imported ledger's net; a tournament's nought, as its ``net``)."""

    person: Person
    net: int
    balance: int
    expected: int = 0


@dataclass(frozen=True, slots=True)
class Payment:
    """Money handed over outside the game, recorded so that the balances count it."""

    payer: Person
    payee: Person
    amount: int
    at: float
    payment_id: int = 0


@dataclass(frozen=True, slots=True)
class Standing:
    """A person's season: ``won`` is what the nights owe them (negative: what they owe),
    ``paid`` and ``received`` the payments, ``balance`` what settling up still pays them."""

    person: Person
    nights: int
    hands: int
    net: int
    won: int
    paid: int
    received: int
    imported: int = 0
    """The part of ``won`` from imported ledgers."""
    expected: int = 0
    """``net`` all-in adjusted: the chips the all-in runouts could be expected to give."""

    @property
    def balance(self) -> int:
        return self.won + self.paid - self.received


@dataclass(frozen=True, slots=True)
class Season:
    standings: tuple[Standing, ...]
    """Everybody who sat, the most owed first."""
    stats: tuple[PlayerRow, ...]
    """One row per person, its ``player_id`` the person's key."""
    transfers: tuple[Transfer, ...]
    """Who pays whom (person keys) to settle every balance, fewest transfers."""

    def balances(self) -> dict[str, int]:
        return {standing.person.key: standing.balance for standing in self.standings}


def season(nights: Sequence[ClubNight], payments: Sequence[Payment] = ()) -> Season:
    people: dict[str, Person] = {}
    won: dict[str, int] = {}
    net: dict[str, int] = {}
    expected: dict[str, int] = {}
    hands: dict[str, int] = {}
    nights_played: dict[str, int] = {}
    rows: dict[str, PlayerRow] = {}
    imported: dict[str, int] = {}
    for table in nights:
        for person_night in table.people() if counts_money(table) else []:
            key = people.setdefault(person_night.person.key, person_night.person).key
            won[key] = won.get(key, 0) + person_night.balance
            net[key] = net.get(key, 0) + person_night.net
            expected[key] = expected.get(key, 0) + person_night.expected
            nights_played[key] = nights_played.get(key, 0) + 1
            if isinstance(table, LedgerNight):
                imported[key] = imported.get(key, 0) + person_night.balance
        if not isinstance(table, TableNight):
            continue  # a tournament's hands were played at tables of no club, a ledger has none
        for person_night in table.people():
            people.setdefault(person_night.person.key, person_night.person)
        for row in table.night.stats:
            if row.player_id in table.night.bots:
                continue
            key = table.person(row.player_id).key
            hands[key] = hands.get(key, 0) + row.hands
            mine = PlayerRow(key, row.name)
            rows[key] = rows.get(key, mine).combined(row)
    for payment in payments:
        for person in (payment.payer, payment.payee):
            people.setdefault(person.key, person)
    paid, received = _payments(payments)
    standings = [
        Standing(
            person,
            nights=nights_played.get(key, 0),
            hands=hands.get(key, 0),
            net=net.get(key, 0),
            won=won.get(key, 0),
            paid=paid.get(key, 0),
            received=received.get(key, 0),
            imported=imported.get(key, 0),
            expected=expected.get(key, 0),
        )
        for key, person in people.items()
    ]
    standings.sort(key=lambda standing: (-standing.balance, standing.person.name))
    balances = {standing.person.key: standing.balance for standing in standings}
    return Season(
        tuple(standings),
        tuple(rows[standing.person.key] for standing in standings if standing.person.key in rows),
        settle_up(balances, played_together(nights)),
    )


def played_together(nights: Sequence[ClubNight]) -> dict[frozenset[str], int]:
    """How many nights (and counted tournaments) each pair of people played together:
    the settle-up has people pay those they sat with (``settle_up``)."""
    together: dict[frozenset[str], int] = {}
    for table in filter(counts_money, nights):
        keys = sorted({person_night.person.key for person_night in table.people()})
        for pair in itertools.combinations(keys, 2):
            together[frozenset(pair)] = together.get(frozenset(pair), 0) + 1
    return together


def season_balances(nights: Sequence[ClubNight], payments: Sequence[Payment]) -> dict[str, int]:
    """What settling up the season pays each person (negative: what they pay), without
    working out the transfers (a table asks this before every member's buy-in)."""
    balances: dict[str, int] = {}
    for table in filter(counts_money, nights):
        for person_night in table.people():
            key = person_night.person.key
            balances[key] = balances.get(key, 0) + person_night.balance
    for payment in payments:
        balances[payment.payer.key] = balances.get(payment.payer.key, 0) + payment.amount
        balances[payment.payee.key] = balances.get(payment.payee.key, 0) - payment.amount
    return balances


def _payments(payments: Sequence[Payment]) -> tuple[dict[str, int], dict[str, int]]:
    """What each person paid, and received, by person key."""
    paid: dict[str, int] = {}
    received: dict[str, int] = {}
    for payment in payments:
        paid[payment.payer.key] = paid.get(payment.payer.key, 0) + payment.amount
        received[payment.payee.key] = received.get(payment.payee.key, 0) + payment.amount
    return paid, received


@dataclass(frozen=True, slots=True)
class HandOfTheSeason:
    """A hand found by the search, with the table it was played at."""

    table: TableNight
    hand: HandLine


def season_hands(nights: Sequence[TableNight]) -> list[HandOfTheSeason]:
    """Every finished hand of the nights, the newest first."""
    found = [HandOfTheSeason(table, hand) for table in nights for hand in table.night.hands]
    found.sort(key=lambda item: (item.hand.at, item.table.table_id, item.hand.number), reverse=True)
    return found


def cumulative_results(nights: Sequence[TableNight]) -> dict[str, dict[str, list[list[float]]]]:
    """Each person's chips won or lost after every hand they played, in time order, and
    what they could expect (all-in adjusted, ``HandLine.expected``): by person key, then
    ``all`` and each game's key, a list of ``[time, total, expected total]`` points."""
    series: dict[str, dict[str, list[list[float]]]] = {}
    totals: dict[tuple[str, str], tuple[int, int]] = {}
    for item in sorted(season_hands(nights), key=lambda item: item.hand.at):
        hand, table = item.hand, item.table
        for player_id, result, expected in zip(
            hand.player_ids, hand.results, hand.expected, strict=True
        ):
            if player_id in table.night.bots:
                continue
            key = table.person(player_id).key
            mine = series.setdefault(key, {})
            for game in ("all", hand.variant):
                won, could = totals.get((key, game), (0, 0))
                totals[key, game] = (won + result, could + expected)
                mine.setdefault(game, []).append([hand.at, won + result, could + expected])
    return series


SEASON_CSV_HEADER = "date,kind,table,person,member,amount"


def season_csv(nights: Sequence[ClubNight], payments: Sequence[Payment]) -> str:
    """The season's money as CSV: each person's balance from each night, tournament and
    imported ledger night (kind ``imported``; an imported table has no money), and each
    payment twice (paid: plus for the payer; received: minus for the payee). A
    person's amounts sum to their season balance. Dates are UTC (``YYYY-MM-DD``)."""
    lines = [SEASON_CSV_HEADER]
    kinds = {TournamentNight: "tournament", LedgerNight: "imported", TableNight: "night"}
    for table in filter(counts_money, nights):
        kind = kinds[type(table)]
        for person_night in table.people():
            at, code = table.created_at, table.code
            lines.append(_csv_line(at, kind, code, person_night.person, person_night.balance))
    for payment in payments:
        lines.append(_csv_line(payment.at, "paid", "", payment.payer, payment.amount))
        lines.append(_csv_line(payment.at, "received", "", payment.payee, -payment.amount))
    return "\r\n".join(lines) + "\r\n"


def _csv_line(at: float, kind: str, code: str, person: Person, amount: int) -> str:
    day = datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d")
    member = "" if person.member_id is None else str(person.member_id)
    return f"{day},{kind},{code},{csv_field(person.name)},{member},{amount}"
