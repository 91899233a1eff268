"""PHH hands played again at one of our tables, so the store holds them as if played live.

Each hand goes through the pure ``Table`` as commands (decision 32): the host
changes the settings to the hand's game and stakes, the hand's players sit down
or add chips until their stacks are the hand's starting stacks, ``StartHand``
deals the hand's deck, and each PHH action is an ``Act``. The events are the
table's own answer to those commands, so the log is one the server could have
written, and ``played_hands``, ``pokernight export`` and ``stats`` read it like
any other.

The table's rules place the button and blinds (the dead button, docs/rules.md),
so the importer chooses where the players sit for the rules to put the button
where the PHH has it (``pn``, with ``p1`` to its left):

- a hand that says where its players sat (PHH's ``seat_count`` and ``seats``, which
  our export writes) is dealt at a table of that many seats with them there: those
  seated elsewhere, or with more chips than the hand gives them, stand up and sit
  down again (or, failing that, everybody does). If the table does not deal that as
  the hand (a seat count the game does not have, or players seated but not dealt
  in, which PHH cannot say), the importer guesses, as for a hand that does not say
  where its players sat;
- the first guess keeps everybody seated (a stack short of the hand's is topped up,
  players not in the hand stand up, newcomers sit down in a free seat between
  their neighbours, and the hand's posters offer a big blind) and checks that the
  deal the table would make is the hand's, dead small blind and posted big
  blinds included (decision 34): the table makes them as it did when the hand
  was played, the last big blind having left or a newcomer posting;
- otherwise everybody stands up and sits down again, with the hand's stacks,
  spread round the table so that later newcomers find a seat: players who just
  sat down wait for the big blind, so with all of them waiting the table lays
  the positions out anew from the last big blind (the button, in stud), and the
  importer seats the players clockwise from the seat after it. A hand with a
  dead small blind cannot be dealt this way.

Where a hand leaves the players decides what the next can be: a newcomer dealt in
on the big blind after the last big blind left (a dead small blind) must sit in a
free seat between that big blind's and the next player's. So players seated anew
are spread out, the most room after the big blind; a newcomer dealt in on the
big blind sits past the last big blind's seat, in the middle of the free ones;
and when the table cannot deal a hand however its players sit, the last few hands
are played again with their players seated each other way the table deals them
(the latest hand's ways first) until one leaves the table able to deal it. A hand
still refused says which rule of the table's keeps it from being dealt.

The deck is the replay's (``replay_phh``: known cards where the engine deals
them, unknown ones from the remaining cards in an order that plays as recorded) and
is dealt by ``PresetDeck``, a random source whose draws make the table's own shuffle
come out as that deck. A hand the table refuses at any step (a game or forced
bets it cannot play, too many players, an action the engine refuses, a result
other than the recorded one) is refused as a whole: the table stays as it was.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from decimal import Decimal

from pokernight.cards import SHORT_DECK, Card, full_deck
from pokernight.history.phh_parse import PHHAction, PHHActionKind, PHHError, PHHHand
from pokernight.history.phh_replay import (
    PLAYER_ACTIONS,
    ChipScale,
    dead_small_blind_of,
    deck_of,
    draw_discards,
    draw_stubs,
    hand_amounts,
    posted_big_blinds_of,
    raise_to,
    replay_phh,
    stakes_of,
    straddles_of,
    variant_of,
)
from pokernight.rules import VARIANTS, Variant
from pokernight.table import (
    Act,
    AddChips,
    CallBombPot,
    ChangeSettings,
    Command,
    HandDealt,
    PostBigBlind,
    SitDown,
    StandUp,
    StartHand,
    Table,
    TableError,
    TableEvent,
    TableSettings,
)

CHIP_LIMIT = 2**31 - 1
"""The most chips a hand may hold in all: the store keeps ledger amounts (a buy-in, a
result, a cash-out) as 32-bit integers (PostgreSQL's INTEGER)."""
RESEATED_HANDS = 3
"""How many of the last hands may be played again with their players seated other ways,
for a hand that the table would not deal otherwise (``TableImport._reseated``)."""
RESHUFFLED = (
    "the draws of this hand ran the stub out: a table deals its own reshuffle of the "
    "discards, which its proof lets anybody check (docs/rules.md), not the record's "
    "cards; `pokernight replay` plays the hand"
)
"""Why a draw hand that needed a reshuffle is not imported (decision 56)."""
IMPORT_SETTINGS = {"min_buy_in": 1, "debt_cap": None}
"""Anything from one chip, with no debt cap: the hands set the stacks, not a cashier."""


@dataclass(frozen=True, slots=True)
class ImportedHand:
    """One PHH hand to import: ``label`` names it in messages ("night.phhs [3]"),
    ``player_ids`` and ``names`` are by PHH player (``p1`` first)."""

    label: str
    phh: PHHHand
    player_ids: tuple[str, ...]
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Refused:
    label: str
    reason: str


class PresetDeck(random.Random):
    """A random source under which ``cards.shuffled`` deals ``deck``, and whose 256 bits
    are ``salt``: the table shuffles and commits as always, to a deck chosen in advance.

    The shuffle is Fisher-Yates from the full deck; each of its draws fixes one
    position, from the last down, so the draws that give a deck are read off it.
    """

    def __init__(self, deck: Sequence[Card], salt: int) -> None:
        super().__init__(0)
        self._draws = _draws_for(deck)
        self._salt = salt

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        expected = self._draws.pop(0)
        if stop is not None or step != 1 or expected >= start:
            raise ValueError("a preset deck answers only the table's shuffle")
        return expected

    def getrandbits(self, k: int, /) -> int:
        if k != 256:
            raise ValueError("a preset deck answers only the commitment's salt")
        return self._salt


def _draws_for(deck: Sequence[Card]) -> list[int]:
    # The game's own deck in its fixed order: short-deck hold'em's 36 cards, else all 52.
    order = list(SHORT_DECK if len(deck) == len(SHORT_DECK) else full_deck())
    if sorted(deck) != sorted(order):
        raise ValueError(f"a preset deck holds each of the {len(order)} cards once")
    draws = []
    for position in range(len(order) - 1, 0, -1):
        chosen = order.index(deck[position])
        draws.append(chosen)
        order[position], order[chosen] = order[chosen], order[position]
    return draws


def import_scale(hands: Iterable[ImportedHand]) -> ChipScale:
    """One chip for the whole import: the smallest unit any of its amounts is written in."""
    return ChipScale.of(amount for hand in hands for amount in hand_amounts(hand.phh))


def largest_stack(hands: Iterable[ImportedHand], scale: ChipScale) -> int:
    """The largest starting stack of the import (a table holds no more): set as the
    stack cap once, it spares a change of settings each time a larger stack comes."""
    stacks = [scale.to_chips(stack) for hand in hands for stack in hand.phh.starting_stacks]
    return min(max(stacks, default=1), CHIP_LIMIT)


class TableImport:
    """A table that PHH hands are played at, one at a time (``add``), and its new events."""

    def __init__(
        self,
        table: Table | None,
        host: str,
        scale: ChipScale,
        salts: random.Random,
        *,
        now: float = 0.0,
        stack_cap: int = 1,
    ) -> None:
        """``table``: the table to go on with (None: opened with the first hand's game);
        ``host`` gives the settings commands and never sits; ``salts`` draws each deal's
        commitment salt; ``now``: the time every command is given at; ``stack_cap``: the
        least stack cap (``largest_stack``), raised by any larger stack."""
        self.table = table
        self.host = host
        self.scale = scale
        self.salts = salts
        self.now = now
        self.stack_cap = stack_cap
        self.events: list[TableEvent] = []
        self._recent: list[_Taken] = []  # the last hands taken, to play again

    def add(self, hand: ImportedHand) -> int:
        """Play ``hand`` at the table and keep its events: the table's hand number. A
        PHHError saying why not leaves the table and the events as they were. If the
        table cannot seat the hand's players to deal it, the last hands may be played
        again, their players seated otherwise (``_reseated``): their events change."""
        salt = self.salts.getrandbits(256)
        redone: list[_Taken] = []
        before = self.table
        try:
            try:
                table, events = self._played(hand, before, salt)
            except _UnseatedError as unseated:
                redone, before, (table, events) = self._reseated(hand, salt, unseated)
        except TableError as error:
            raise PHHError(str(error)) from None
        self._keep(redone, _Taken(before, tuple(events), hand, salt))
        self.table = table
        return table.hand_number

    def finish(self) -> list[TableEvent]:
        """Everybody stands up (cashed out): every event of this import, in order."""
        if self.table is not None:
            for number in sorted(self.table.seats):
                player_id = self.table.seats[number].player_id
                self.events += _apply(self.table, StandUp(player_id), self.now)
        return self.events

    def _keep(self, redone: Sequence[_Taken], taken: _Taken) -> None:
        """The events of the hands played again replace theirs; ``taken`` follows."""
        replaced = self._recent[len(self._recent) - len(redone) :] if redone else []
        del self.events[len(self.events) - sum(len(old.events) for old in replaced) :]
        for played in (*redone, taken):
            self.events += played.events
        kept = self._recent[: len(self._recent) - len(redone)]
        self._recent = [*kept, *redone, taken][-RESEATED_HANDS:]

    def _reseated(
        self, hand: ImportedHand, salt: int, unseated: _UnseatedError
    ) -> tuple[list[_Taken], Table, tuple[Table, list[TableEvent]]]:
        """``hand`` played after the last hands are played again with their players
        seated other ways the table deals them, the latest hand's ways first: those
        hands, the table after them, and ``hand`` played. Where a hand leaves the
        players decides what the next can be (a newcomer dealt in on the big blind after
        the last big blind left needs a free seat just after that big blind's), and each
        way was chosen without knowing the hands to come."""
        if self._recent:
            for redone, before in self._played_each_way(self._recent, self._recent[0].before):
                with contextlib.suppress(_UnseatedError):
                    return redone, before, self._played(hand, before, salt)
        why = _why_unseated(self.table, hand)
        raise _UnseatedError(f"{unseated}: {why}" if why else str(unseated)) from None

    def _played_each_way(
        self, hands: Sequence[_Taken], before: Table | None
    ) -> Iterator[tuple[list[_Taken], Table]]:
        """``hands`` played in turn from ``before``, each seated every way the table deals
        it (the last hand's ways varying first): the hands as played, the table after."""
        first, *rest = hands
        for seating in itertools.count():
            try:
                table, events = self._played(first.hand, before, first.salt, seating=seating)
            except _UnseatedError:
                return  # no more ways
            except (PHHError, TableError):
                continue  # seated this way, the table refuses a later step: the next way
            played = _Taken(before, tuple(events), first.hand, first.salt)
            if not rest:
                yield [played], table
                continue
            for later, after in self._played_each_way(rest, table):
                yield [played, *later], after

    def _played(
        self, hand: ImportedHand, before: Table | None, salt: int, *, seating: int = 0
    ) -> tuple[Table, list[TableEvent]]:
        """``hand`` played at a copy of ``before`` (None: a table opened for it), its
        players seated in the ``seating``-th way that deals it (``_seatings``), its deck
        committed with ``salt``: the table after it, and its events."""
        phh = hand.phh
        variant = variant_of(phh)
        _check_players(hand, variant)
        stacks = tuple(self.scale.to_chips(stack) for stack in phh.starting_stacks)
        _check_chips(stacks, self.scale)
        settings = self._settings(phh, variant, stacks, before)
        cards = _deck_for(phh, variant)
        if draw_stubs(phh, variant, cards):
            raise PHHError(RESHUFFLED)
        deck = PresetDeck(cards, salt)
        discards = draw_discards(phh, variant, cards)
        table, events = self._opened(settings, before)
        deal = _Deal(hand, stacks, settings, self.host, self.now)
        table, seated = _seated(table, deal, seating)
        events += seated
        if phh.bomb_pot:
            events += _apply(table, CallBombPot(self.host), self.now)
        events += _apply(table, StartHand(deck), self.now)
        for number, action in enumerate(phh.actions, start=1):
            if action.kind in PLAYER_ACTIONS:
                thrown = discards.get(number, ())
                events += _act(table, deal, action, number, self.scale, discards=thrown)
        if table.hand is not None:
            raise PHHError("the actions end before the hand is over")
        _check_result(table, hand, self.scale)
        return table, events

    def _settings(
        self, phh: PHHHand, variant: Variant, stacks: Sequence[int], before: Table | None
    ) -> TableSettings:
        """The hand's game and stakes; the stack limits only ever grow, so a later
        hand's smaller stacks need no change of settings."""
        if straddles_of(phh, variant, self.scale):
            # The table straddles for the players who chose to, and these did not: the
            # hand replays (``replay_phh``), but the table cannot deal it (decision 45).
            listed = ", ".join(map(str, phh.blinds_or_straddles))
            raise PHHError(
                f"blinds_or_straddles [{listed}]: the table deals a Mississippi straddle or "
                "re-straddles only to players who chose to straddle"
            )
        largest = max(*stacks, self.stack_cap)
        if before is not None:
            largest = max(largest, before.upcoming_settings.stack_cap)
        return TableSettings.for_variant(
            variant.key,
            betting=None if variant == VARIANTS[variant.key] else variant.betting,
            stakes=stakes_of(phh, variant, self.scale),
            seats=variant.max_players,
            max_buy_in=largest,
            max_stack=largest,
            **IMPORT_SETTINGS,
            **_options(phh, self.scale),
        )

    def _opened(
        self, settings: TableSettings, before: Table | None
    ) -> tuple[Table, list[TableEvent]]:
        """A copy of the table to play the hand at (the first hand opens it)."""
        if before is None:
            table = Table.open(settings, self.host)
            return table, [table.opened]
        return before.copy(), []


def _options(phh: PHHHand, scale: ChipScale) -> dict[str, object]:
    """The table options the hand was dealt with (our own codes' user-defined fields)."""
    options: dict[str, object] = {
        "run_it_twice": phh.run_it_twice,
        "jacks_to_open": phh.jacks_to_open,
        "bomb_pot_double_board": phh.double_board,
        "ftq_queen_carries_over": phh.ftq_queen_carries_over,
    }
    if phh.bomb_pot:
        options["bomb_pot_ante"] = scale.to_chips(phh.bomb_pot)
    return options


def deck_for(phh: PHHHand, variant: Variant) -> tuple[Card, ...]:
    """The deck to deal: the replay's (``replay_phh``: the cards the log names where they
    were dealt, the unseen ones in an order that plays as recorded), or ``deck_of``'s
    when the replay refuses the hand (the table then says why)."""
    try:
        return replay_phh(phh).hand.deck
    except PHHError:
        return deck_of(phh, variant)


@functools.lru_cache(maxsize=RESEATED_HANDS + 1)
def _deck_for(phh: PHHHand, variant: Variant) -> tuple[Card, ...]:
    """``deck_for``, kept for the hands that may be played again (its replay may try
    many orders of the unseen cards)."""
    return deck_for(phh, variant)


def _check_chips(stacks: Sequence[int], scale: ChipScale) -> None:
    if sum(stacks) <= CHIP_LIMIT:
        return
    unit = f" (a chip is 1/{10**scale.exponent}: the smallest amount in these hands)"
    raise PHHError(
        f"{sum(stacks):,} chips in play{unit if scale.exponent else ''}: "
        f"a table holds at most {CHIP_LIMIT:,}"
    )


def _check_players(hand: ImportedHand, variant: Variant) -> None:
    count = hand.phh.player_count
    if count > variant.max_players:
        raise PHHError(f"{count} players: a {variant.name} table seats {variant.max_players}")
    if count < 2 or len(hand.player_ids) != count or len(hand.names) != count:
        raise PHHError(f"{count} players and {len(hand.names)} names")
    seen: set[str] = set()
    for player_id, name in zip(hand.player_ids, hand.names, strict=True):
        if player_id in seen:
            raise PHHError(f"{name} plays two seats")
        seen.add(player_id)
    broke = [
        name for name, stack in zip(hand.names, hand.phh.starting_stacks, strict=True) if stack <= 0
    ]
    if broke:
        raise PHHError(f"{broke[0]} starts with no chips")


@dataclass(frozen=True, slots=True)
class _Deal:
    """A hand about to be dealt: its players' stacks in chips, the settings it is played
    at, the host who sets them, the time."""

    hand: ImportedHand
    stacks: tuple[int, ...]
    settings: TableSettings
    host: str
    now: float

    @property
    def stack_of(self) -> dict[str, int]:
        """Each player's stack in the hand, by player id."""
        return dict(zip(self.hand.player_ids, self.stacks, strict=True))


@dataclass(frozen=True, slots=True)
class _Taken:
    """A hand taken, with all it takes to play it again: the table it was played at
    (None: it opened the table), its events, and its deck's salt."""

    before: Table | None
    events: tuple[TableEvent, ...]
    hand: ImportedHand
    salt: int


class _UnseatedError(PHHError):
    """The table cannot seat the hand's players so that it deals the hand."""


def _seated(table: Table, deal: _Deal, seating: int = 0) -> tuple[Table, list[TableEvent]]:
    """The table with the hand's players seated so that its next deal is the hand's, in
    the ``seating``-th of the ways that do (``_seatings``; 0: the first)."""
    found = next(itertools.islice(_seatings(table, deal), seating, None), None)
    if found is None:
        raise _UnseatedError(
            "the table cannot deal this hand's players with the button where it was"
        )
    return found


def _seatings(table: Table, deal: _Deal) -> Iterator[tuple[Table, list[TableEvent]]]:
    """Each way of seating the hand's players that the table deals as the hand: at the
    seats the hand names first (if it does), then kept where they sit; ways that seat
    everybody alike count once."""
    seen: set[tuple[tuple[int, str], ...]] = set()
    written = (_seated_as_written, _seated_anew_as_written)
    guesses = (_topped_up, _topped_up_early, _topped_up_late, _seated_anew)
    for arrange in (*written, *guesses):
        trial = table.copy()
        try:
            events = arrange(trial, deal)
        except (TableError, _UnfitError):
            continue
        layout = tuple(sorted((number, seat.player_id) for number, seat in trial.seats.items()))
        if layout not in seen and _deals_as_phh(trial, deal.hand, deal.now):
            seen.add(layout)
            yield trial, events


def _why_unseated(table: Table | None, hand: ImportedHand) -> str | None:
    """Why the table cannot deal the hand's dead small blind or posted big blinds, where
    its rules say (None: another reason)."""
    phh = hand.phh
    if dead_small_blind_of(phh, variant_of(phh)):
        return _why_no_dead_small_blind(table, hand)
    if posted_big_blinds_of(phh):
        return (
            "the table takes a big blind posted to come in only from a free seat between the "
            "poster's neighbours, and not between the button and the small blind"
        )
    return None


def _why_no_dead_small_blind(table: Table | None, hand: ImportedHand) -> str | None:
    """The rule that keeps the table from dealing the hand's dead small blind (the
    table's last big blind left, ``p1`` is dealt the big blind as the first player
    after that seat)."""
    last = None if table is None or table.positions is None else table.positions.big_blind
    if table is None or last is None:
        return (
            "the table deals a dead small blind only after a hand with blinds whose big blind "
            "has left, and it has dealt no hand with blinds"
        )
    names = dict(zip(hand.player_ids, hand.names, strict=True))
    leaver = table.seats.get(last)
    if leaver is not None and leaver.player_id in names:
        return (
            f"{names[leaver.player_id]} had the last big blind and plays this hand: the table "
            "deals a dead small blind only when the last big blind has left"
        )
    big_blind, after = hand.player_ids[0], hand.player_ids[1]
    seated = {seat.player_id: number for number, seat in table.seats.items()}
    if big_blind in seated or after not in seated:
        return None
    seats = table.upcoming_settings.seats
    between = [(last + step) % seats for step in range(1, (seated[after] - last) % seats)]
    if any(seat not in table.seats or table.seats[seat].player_id not in names for seat in between):
        return None  # a seat is free there, or will be: not this rule
    return (
        f"{names[big_blind]} sits down and is dealt in on the big blind, which the table "
        f"does only from a free seat between the last big blind's and {names[after]}'s, "
        "and none is free"
    )


class _UnfitError(Exception):
    """This way of seating the players does not fit the hand: try the next."""


def _seated_as_written(table: Table, deal: _Deal) -> list[TableEvent]:
    """The players at the seats the hand names (``seats`` and ``seat_count``, as our
    export writes them), at a table of that many seats: those seated elsewhere, not in
    the hand or with more chips than it gives them leave, short stacks are topped up,
    the others sit down where written and the hand's posters offer a big blind. Unfit
    if the hand names no seats or the table cannot have that many."""
    return _at_written_seats(table, deal, anew=False)


def _seated_anew_as_written(table: Table, deal: _Deal) -> list[TableEvent]:
    """``_seated_as_written`` with everybody standing up first: a stack a player left
    with and came back larger reads in PHH as a stack topped up, but the table deals
    players who all just sat down otherwise (they wait for the big blind)."""
    return _at_written_seats(table, deal, anew=True)


def _at_written_seats(table: Table, deal: _Deal, *, anew: bool) -> list[TableEvent]:
    found = _written_seats(deal.hand)
    if found is None:
        raise _UnfitError
    written, count = found
    stack_of = deal.stack_of

    def leaves(number: int, player_id: str) -> bool:
        # A player with more chips than the hand gives them left and sat down again.
        stack = table.seats[number].stack
        return anew or written.get(player_id) != number or stack > stack_of[player_id]

    events = _stood_up(table, deal, leaves)
    # A seat count the game does not allow is refused by the change of settings (a
    # TableError): the guesses that follow seat the players at the game's own count.
    settings = replace(deal.settings, seats=count)
    sit = functools.partial(_newcomers_at, seats=written)
    return events + _joined(table, replace(deal, settings=settings), sit)


def _written_seats(hand: ImportedHand) -> tuple[dict[str, int], int] | None:
    """Each player's table seat as the hand writes it (PHH's seats count from 1) and the
    table's number of seats, or None when the hand does not say where they sat."""
    phh = hand.phh
    if phh.seats is None or phh.seat_count is None:
        return None
    seats = zip(hand.player_ids, phh.seats, strict=True)
    return {player_id: seat - 1 for player_id, seat in seats}, phh.seat_count


def _newcomers_at(table: Table, deal: _Deal, seats: Mapping[str, int]) -> list[TableEvent]:
    """The hand's players not at the table sit down at their ``seats``."""
    hand, events = deal.hand, []
    seated = {seat.player_id for seat in table.seats.values()}
    for index, player_id in enumerate(hand.player_ids):
        if player_id not in seated:
            sit = SitDown(seats[player_id], player_id, hand.names[index], deal.stacks[index])
            events += _apply(table, sit, deal.now)
    return events


def _topped_up(table: Table, deal: _Deal) -> list[TableEvent]:
    """Everybody stays where they sit; those not in the hand leave, short stacks are
    topped up, newcomers sit down between their neighbours (the middle free seat, which
    leaves room on both sides for later ones) and the hand's posters offer a big blind.
    Unfit if a player has more chips than the hand gives them or a newcomer finds no
    free seat in their place."""
    return _kept_seated(table, deal, place=0.5)


def _topped_up_early(table: Table, deal: _Deal) -> list[TableEvent]:
    """``_topped_up`` with newcomers in the first free seat after their neighbour."""
    return _kept_seated(table, deal, place=0.0)


def _topped_up_late(table: Table, deal: _Deal) -> list[TableEvent]:
    """``_topped_up`` with newcomers in the last free seat before their next neighbour
    (the other side of an empty button seat, where posting is allowed)."""
    return _kept_seated(table, deal, place=1.0)


def _kept_seated(table: Table, deal: _Deal, *, place: float) -> list[TableEvent]:
    # The table's own way to deal a dead small blind (the last big blind left) or a
    # posted big blind (a newcomer offers one) is this one: players who stay seated.
    playing = set(deal.hand.player_ids)
    events = _stood_up(table, deal, lambda number, player_id: player_id not in playing)
    if not table.seats:
        raise _UnfitError  # newcomers sit between players who stay: there are none
    sit = functools.partial(_newcomers_seated, place=place)
    return events + _joined(table, deal, sit)


def _stood_up(table: Table, deal: _Deal, leaves: Callable[[int, str], bool]) -> list[TableEvent]:
    """The players for whom ``leaves(seat, player_id)`` says so stand up."""
    events: list[TableEvent] = []
    for number in sorted(table.seats):
        player_id = table.seats[number].player_id
        if leaves(number, player_id):
            events += _apply(table, StandUp(player_id), deal.now)
    return events


def _joined(
    table: Table, deal: _Deal, newcomers: Callable[[Table, _Deal], list[TableEvent]]
) -> list[TableEvent]:
    """The hand's settings; the players still seated topped up to the hand's stacks, the
    others seated by ``newcomers``, and the hand's posters offering a big blind. Unfit if
    a player has more chips than the hand gives them."""
    stack_of = deal.stack_of
    seated = {seat.player_id: seat.stack for seat in table.seats.values()}
    if any(seated[p] > stack_of[p] for p in seated):
        raise _UnfitError
    events = _settings_changed(table, deal)
    for player_id, stack in stack_of.items():
        if player_id in seated and seated[player_id] < stack:
            events += _apply(table, AddChips(player_id, stack - seated[player_id]), deal.now)
    events += newcomers(table, deal)
    for index in posted_big_blinds_of(deal.hand.phh):
        # Only a player waiting for the big blind may post (a newcomer): the table
        # refuses anybody else, and this arrangement is unfit.
        events += _apply(table, PostBigBlind(deal.hand.player_ids[index]), deal.now)
    return events


def _newcomers_seated(table: Table, deal: _Deal, *, place: float) -> list[TableEvent]:
    """The hand's players not at the table sit down in PHH order, each in a free seat
    after the player before them and before the next one seated: ``place`` says where
    among those seats (0: the first, 1: the last)."""
    events: list[TableEvent] = []
    hand, seats = deal.hand, deal.settings.seats
    ids = hand.player_ids
    for index, player_id in enumerate(ids):
        if any(seat.player_id == player_id for seat in table.seats.values()):
            continue
        seat_of = {seat.player_id: number for number, seat in table.seats.items()}
        earlier = (ids[index - step] for step in range(1, len(ids)))
        before = next(seat_of[player] for player in earlier if player in seat_of)
        gap = [(before + step) % seats for step in range(1, seats)]
        after = next((i for i, seat in enumerate(gap) if seat in table.seats), len(gap))
        free = gap[:after]  # the free seats up to the next player seated
        if index == 0 and dead_small_blind_of(hand.phh, variant_of(hand.phh)):
            free = _after_last_big_blind(table, free)
        if not free:
            raise _UnfitError
        seat = free[round(place * (len(free) - 1))]
        sit = SitDown(seat, player_id, hand.names[index], deal.stacks[index])
        events += _apply(table, sit, deal.now)
    return events


def _after_last_big_blind(table: Table, free: list[int]) -> list[int]:
    """The free seats after the last big blind's, where it lies among them: with a dead
    small blind the table deals the big blind (``p1``) to the first player after it, so
    a newcomer dealt in there sits past it, in the middle of the seats left, and a free
    seat after theirs is left for the next hand's newcomer, should they leave too."""
    last = None if table.positions is None else table.positions.big_blind
    return free[free.index(last) + 1 :] if last in free else free


def _seated_anew(table: Table, deal: _Deal) -> list[TableEvent]:
    """Everybody stands up; the hand's players sit down with its stacks, clockwise from
    the seat after the one the table lays the positions out from."""
    events: list[TableEvent] = []
    for number in sorted(table.seats):
        events += _apply(table, StandUp(table.seats[number].player_id), deal.now)
    events += _settings_changed(table, deal)
    hand, stacks, seats = deal.hand, deal.stacks, deal.settings.seats
    count = len(stacks)
    # PHH order is p1 (left of the button) .. pn (the button); clockwise from the button:
    clockwise = [count - 1, *range(count - 1)]
    reference, first = _layout_start(table, deal.settings, count)
    order = clockwise[first:] + clockwise[:first]
    start = reference + 1 if reference + 1 < seats else 0
    big_blind = 0 if count == 2 else 1  # p1 heads-up, else p2 (stud: none, no matter)
    offsets = _spread(seats, count, order.index(big_blind))
    for offset, player in zip(offsets, order, strict=True):
        seat = (start + offset) % seats
        sit = SitDown(seat, hand.player_ids[player], hand.names[player], stacks[player])
        events += _apply(table, sit, deal.now)
    return events


def _spread(seats: int, count: int, roomiest: int) -> list[int]:
    """Each player's seat counted from the first's: the free seats shared out between
    them, the odd ones after the ``roomiest``-th player and those after them. A later
    hand's newcomer then finds a free seat between the players it sits between
    (``_newcomers_seated``), and above all after the big blind: should the big blind
    leave, a newcomer dealt in on the next big blind sits there."""
    free = seats - count
    offsets, offset = [], 0
    for index in range(count):
        offsets.append(offset)
        offset += 1 + free // count + ((index - roomiest) % count < free % count)
    return offsets


def _layout_start(table: Table, settings: TableSettings, count: int) -> tuple[int, int]:
    """(the seat the table counts from, the place in clockwise-from-the-button order of
    the first player after it). A blinds game after a blinds hand puts the big blind
    on the first player after the last big blind (``button._fresh``); otherwise the
    button goes to the first player after the last button (seat -1 before any hand)."""
    positions = table.positions
    stud = settings.game_for_hand(table.hand_number + 1).is_stud
    if positions is None:
        return -1, 0
    if stud or positions.big_blind is None:
        return positions.button, 0
    return positions.big_blind, 1 if count == 2 else 2


def _deals_as_phh(table: Table, hand: ImportedHand, now: float) -> bool:
    """Whether the table's next deal is the hand's: its players in PHH order round from
    the seat left of the button, the small blind dead or posted as the PHH has it, and
    the same players posting a big blind to come in (decision 34)."""
    trial = table.copy()
    try:
        (dealt,) = [
            folded.event
            for folded in trial.apply(StartHand(random.Random(0)), now)
            if isinstance(folded.event, HandDealt)
        ]
    except TableError:
        return False
    count = len(dealt.seats)
    order = [dealt.seats[(dealt.hand_button + 1 + step) % count] for step in range(count)]
    players = tuple(table.seats[seat].player_id for seat in order)
    dead_blind = dealt.big_blind is not None and dealt.small_blind not in dealt.seats
    posted = tuple(sorted(order.index(seat) for seat in dealt.posted))
    phh = hand.phh
    return (
        players == hand.player_ids
        and posted == posted_big_blinds_of(phh)
        and dead_blind == dead_small_blind_of(phh, variant_of(phh))
    )


def _settings_changed(table: Table, deal: _Deal) -> list[TableEvent]:
    if table.upcoming_settings == deal.settings:
        return []
    return _apply(table, ChangeSettings(deal.host, deal.settings), deal.now)


def _act(
    table: Table,
    deal: _Deal,
    action: PHHAction,
    number: int,
    scale: ChipScale,
    *,
    discards: Sequence[Card] = (),
) -> list[TableEvent]:
    """One PHH player action as the player's ``Act`` (``cc`` is a check or a call, as the
    hand allows; a bet's amount is its street total)."""
    assert action.seat is not None and table.hand is not None
    player_id = deal.hand.player_ids[action.seat]
    legal = table.hand.legal_actions()
    amount = None
    match action.kind:
        case PHHActionKind.FOLD:
            kind = "fold"
        case PHHActionKind.BRING_IN:
            kind = "bring_in"
        case PHHActionKind.CHECK_OR_CALL:
            kind = "check" if legal is not None and legal.can_check else "call"
        case PHHActionKind.STAND_PAT_OR_DISCARD:
            kind = "draw"
        case PHHActionKind.RUNS:
            assert action.amount is not None
            kind, amount = "runs", int(action.amount)
        case _:
            assert action.amount is not None
            kind, amount = "bet_or_raise", raise_to(table.hand, scale.to_chips(action.amount))
    try:
        cards = tuple(str(card) for card in discards)
        return _apply(table, Act(player_id, kind, amount, cards=cards), deal.now)
    except TableError as error:
        raise PHHError(f"action {number} {action.text!r}: {error}") from None


def _check_result(table: Table, hand: ImportedHand, scale: ChipScale) -> None:
    """The stacks the hand ended with are the recorded ones (when the record is in whole
    chips: a log that splits an odd chip in halves is played by our rules)."""
    recorded = hand.phh.finishing_stacks
    started = table.last_started
    if recorded is None or started is None or not _whole(recorded, scale):
        return
    by_player = {table.seats[seat].player_id: seat for seat in started.seats}
    ours = [table.seats[by_player[player_id]].stack for player_id in hand.player_ids]
    theirs = [scale.to_chips(stack) for stack in recorded]
    if ours != theirs:
        shown = ", ".join(str(scale.to_amount(chips)) for chips in ours)
        raise PHHError(f"the hand ends with stacks [{shown}], not the recorded ones")


def _whole(amounts: Sequence[Decimal], scale: ChipScale) -> bool:
    return all(amount.scaleb(scale.exponent) % 1 == 0 for amount in amounts)


def _apply(table: Table, command: Command, now: float) -> list[TableEvent]:
    return [folded.event for folded in table.apply(command, now)]


def with_player_ids(events: Iterable[TableEvent], ids: Mapping[str, str]) -> list[TableEvent]:
    """The events with the players' ids replaced as ``ids`` says (the store gives players
    their ids once it is known which hands are imported)."""
    return [_renamed(event, ids) for event in events]


def _renamed(event: TableEvent, ids: Mapping[str, str]) -> TableEvent:
    changes = {
        field.name: ids[value]
        for field in fields(event)
        if field.name in ("player_id", "host")
        and isinstance(value := getattr(event, field.name), str)
        and value in ids
    }
    return replace(event, **changes) if changes else event


__all__ = [
    "ImportedHand",
    "PresetDeck",
    "Refused",
    "TableImport",
    "import_scale",
    "largest_stack",
    "with_player_ids",
]
