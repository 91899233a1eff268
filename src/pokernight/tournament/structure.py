"""A tournament's structure as data: format, games, levels, breaks, chips, buy-ins, payouts.

Amounts come in two currencies. **Tournament chips** are what players bet with
(the starting stack, rebuy and add-on chips, the stakes of each level). **Money**
is what the prize pool is counted in (the buy-in, rebuy and add-on prices, the
bounties, the prizes), the chips of the room's ledger: no real money changes
hands. ``validated`` refuses any structure that could not be run, and says where.

Levels and breaks are counted from 1, as the clock shows them; a break follows the
level it names. Rebuys, the add-on and late registration last "through level N":
during level N and the break after it, if there is one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from itertools import pairwise
from typing import Any

import msgspec

from pokernight.rules import BettingStructure, RulesError, Stakes, Variant, variant_for
from pokernight.rules.stakes import AMOUNT_FIELDS, stakes_for_family
from pokernight.table.settings import DEFAULT_BOT_DELAY_SECONDS, MAX_BOT_DELAY_SECONDS
from pokernight.tournament.errors import TournamentError
from pokernight.tournament.payouts import Payouts, template_for

MIN_TABLE_SEATS = 3
"""A multi-table tournament's tables seat at least three: balanced tables of two could
leave a table with one player, who cannot play a hand."""


class _StoredLevel(msgspec.Struct, frozen=True):
    """A level as the events' codec stores it (``Structure.to_dict``)."""

    stakes: dict[str, int | None]
    minutes: float


@dataclass(frozen=True, slots=True)
class Level:
    """One level of the clock: its ``stakes`` (blinds, antes or a big blind's ante; stud
    games play them as their family does, ``stakes_for_family``) for ``minutes``."""

    stakes: Stakes
    minutes: float


# Templates -------------------------------------------------------------------------------

LADDER: tuple[tuple[int, int], ...] = (
    (25, 50), (50, 100), (75, 150), (100, 200), (150, 300), (200, 400), (300, 600),
    (400, 800), (500, 1_000), (600, 1_200), (800, 1_600), (1_000, 2_000), (1_200, 2_400),
    (1_500, 3_000), (2_000, 4_000), (2_500, 5_000), (3_000, 6_000), (4_000, 8_000),
    (5_000, 10_000), (6_000, 12_000), (8_000, 16_000), (10_000, 20_000), (15_000, 30_000),
    (20_000, 40_000), (25_000, 50_000), (30_000, 60_000), (40_000, 80_000),
    (50_000, 100_000), (60_000, 120_000), (80_000, 160_000), (100_000, 200_000),
)  # fmt: skip
"""The blinds every template climbs, from 25/50."""
BIG_BLIND_ANTE_FROM = 3
"""From this level the big blind also posts an ante of one big blind (TDA's big blind ante)."""
BREAK_MINUTES = 5.0


@dataclass(frozen=True, slots=True)
class Template:
    """A template's pace: the starting stack and the minutes of each level."""

    starting_stack: int
    level_minutes: float
    levels_between_breaks: int


TEMPLATES = {
    "quick": Template(starting_stack=5_000, level_minutes=5, levels_between_breaks=12),
    "normal": Template(starting_stack=10_000, level_minutes=10, levels_between_breaks=6),
    "deep": Template(starting_stack=20_000, level_minutes=20, levels_between_breaks=3),
}


def ladder_levels(minutes: float, count: int = len(LADDER)) -> tuple[Level, ...]:
    """The ladder's first ``count`` levels of ``minutes`` each, with a big blind ante from
    level ``BIG_BLIND_ANTE_FROM``."""
    return tuple(
        Level(
            Stakes(
                small_blind=small,
                big_blind=big,
                big_blind_ante=big if number >= BIG_BLIND_ANTE_FROM else 0,
            ),
            minutes,
        )
        for number, (small, big) in enumerate(LADDER[:count], start=1)
    )


def normal_levels() -> tuple[Level, ...]:
    return ladder_levels(TEMPLATES["normal"].level_minutes)


class Format(StrEnum):
    SIT_AND_GO = "sit-and-go"  # starts when ``entries`` players have registered
    SCHEDULED = "scheduled"  # starts at ``starts_at``; late registration through a level


@dataclass(frozen=True, slots=True)
class Break:
    """A break of ``minutes`` after level ``after_level``; ``colour_up``: the chip
    (its denomination) raced off during it (TDA 23)."""

    after_level: int
    minutes: float
    colour_up: int | None = None


@dataclass(frozen=True, slots=True)
class RebuyPeriod:
    """Rebuys through level ``until_level``: ``price`` (money, to the pool) for ``chips``,
    by a player at or below the starting stack, busted included; at most ``most`` each
    (None: no limit). A player who loses every chip may still rebuy for
    ``window_seconds`` (and never after the rebuy period) before they are out."""

    price: int
    chips: int
    until_level: int
    most: int | None = None
    window_seconds: float = 60.0


@dataclass(frozen=True, slots=True)
class AddOnPeriod:
    """One add-on per player during level ``level`` or the break after it."""

    price: int
    chips: int
    level: int


@dataclass(frozen=True, slots=True)
class Bounty:
    """Money on every player's head, paid by each entry on top of the buy-in. Fixed: the
    player who knocks them out wins it all. ``progressive`` (progressive knockout): they
    win half, and the other half is added to the bounty on their own head."""

    amount: int
    progressive: bool = False


DEFAULT_CHIPS = (25, 100, 500, 1_000, 5_000, 25_000, 100_000)


@dataclass(frozen=True, slots=True)
class Structure:
    """Everything about a tournament the director chooses before it starts.

    ``entries``: a sit-and-go's field (it starts when full); a scheduled tournament's
    largest field (0: no limit). ``games``: one game, or a rotation played one level
    each (HORSE-style). ``seats``: per table. ``chips``: the denominations at the start,
    smallest first. ``payouts`` None: the room's table for the field (``template_for``);
    prizes are rounded down to ``rounding`` (first place takes the rest). ``break_order``:
    the tables in the order they break (empty: the highest number first).
    ``bot_delay_seconds``: how long the bot entrants think, as at a cash table.
    """

    name: str = "Sit and go"
    format: Format = Format.SIT_AND_GO
    entries: int = 9
    starts_at: float | None = None
    minimum_entries: int = 2
    late_registration_level: int = 0
    games: tuple[str, ...] = ("nlhe",)
    betting: BettingStructure | None = None
    seats: int = 9
    starting_stack: int = 10_000
    levels: tuple[Level, ...] = field(default_factory=normal_levels)
    breaks: tuple[Break, ...] = ()
    chips: tuple[int, ...] = DEFAULT_CHIPS
    buy_in: int = 100
    bounty: Bounty | None = None
    rebuys: RebuyPeriod | None = None
    add_on: AddOnPeriod | None = None
    payouts: Payouts | None = None
    rounding: int = 1
    break_order: tuple[int, ...] = ()
    action_seconds: float = 30.0
    time_bank_seconds: float = 60.0
    bot_delay_seconds: float = DEFAULT_BOT_DELAY_SECONDS

    # Told and read by the events' codec (``rules.codec``) through these: its levels' stakes
    # are, in the compiled build, a Stakes whose ``int | None`` mypyc has written down as
    # ``type``, which msgspec cannot read. The rest is as msgspec writes it (through JSON:
    # tuples as lists), so the dict is the one stored before.
    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(replace(self, levels=())))
        data["levels"] = [
            {"stakes": level.stakes.to_dict(), "minutes": level.minutes} for level in self.levels
        ]
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Structure:
        rest = {name: value for name, value in data.items() if name != "levels"}
        structure = msgspec.convert(rest, cls)
        if "levels" not in data:
            return structure
        levels = msgspec.convert(data["levels"], list[_StoredLevel])
        return replace(
            structure,
            levels=tuple(Level(Stakes.from_dict(item.stakes), item.minutes) for item in levels),
        )

    # Queries ---------------------------------------------------------------------------

    def game_at(self, level: int) -> Variant:
        """The game of level ``level`` (1-based): the rotation's, one level each."""
        return variant_for(self.games[(level - 1) % len(self.games)], self.betting)

    def stakes_at(self, level: int) -> Stakes:
        """Level ``level``'s stakes (past the last level, the last level's)."""
        return self.levels[min(level, len(self.levels)) - 1].stakes

    def played_stakes(self, level: int) -> Stakes:
        """What the game of level ``level`` is played for (stud: antes, bring-in, bets)."""
        return stakes_for_family(self.stakes_at(level), self.game_at(level).is_stud)

    def minutes_of(self, level: int) -> float:
        return self.levels[min(level, len(self.levels)) - 1].minutes

    def break_after(self, level: int) -> Break | None:
        return next((item for item in self.breaks if item.after_level == level), None)

    def chips_at(self, level: int) -> tuple[int, ...]:
        """The denominations in play during level ``level`` (after the colour-ups before it)."""
        gone = {item.colour_up for item in self.breaks if item.after_level < level}
        return tuple(chip for chip in self.chips if chip not in gone)

    @property
    def stud_only(self) -> bool:
        return all(variant_for(key).is_stud for key in self.games)

    def payouts_for(self, entries: int) -> Payouts:
        return self.payouts if self.payouts is not None else template_for(entries)

    def pool_closes_after(self) -> int:
        """The last level during which the pool may still grow (0: fixed at the start)."""
        last = self.late_registration_level if self.format is Format.SCHEDULED else 0
        if self.rebuys is not None:
            last = max(last, self.rebuys.until_level)
        if self.add_on is not None:
            last = max(last, self.add_on.level)
        return last

    # Validation ------------------------------------------------------------------------

    def validated(self) -> Structure:
        """This structure, or a TournamentError naming the first thing wrong with it."""
        self._check_field()
        self._check_games()
        self._check_levels()
        self._check_breaks()
        self._check_money()
        if self.payouts is not None:
            self.payouts.validated()
            if self.format is Format.SIT_AND_GO and self.payouts.places > self.entries:
                raise TournamentError(
                    "sit_and_go_places", places=self.payouts.places, entries=self.entries
                )
        return self

    def _check_field(self) -> None:
        if not self.name.strip():
            raise TournamentError("tournament_name_missing")
        if self.minimum_entries < 2:
            raise TournamentError("entries_too_few", entries=2)
        if self.format is Format.SIT_AND_GO:
            if self.entries < 2:
                raise TournamentError("sit_and_go_players")
            if self.late_registration_level or self.starts_at is not None:
                raise TournamentError("sit_and_go_schedule")
        else:
            if self.starts_at is None:
                raise TournamentError("start_time_missing")
            if self.entries and self.entries < self.minimum_entries:
                raise TournamentError(
                    "field_below_minimum", entries=self.entries, minimum=self.minimum_entries
                )
            if not 0 <= self.late_registration_level <= len(self.levels):
                raise TournamentError("late_registration_level", levels=len(self.levels))
        if self.starting_stack <= 0:
            raise TournamentError("starting_stack_positive")
        if self.action_seconds <= 0 or self.time_bank_seconds < 0:
            raise TournamentError("clock_values")
        if not 0 <= self.bot_delay_seconds <= MAX_BOT_DELAY_SECONDS:
            raise TournamentError("bot_delay", most=MAX_BOT_DELAY_SECONDS)

    def _check_games(self) -> None:
        if not self.games:
            raise TournamentError("games_none")
        try:
            games = [variant_for(key, self.betting) for key in self.games]
        except RulesError as error:
            raise TournamentError.like(error) from None
        largest = min(game.max_players for game in games)
        if not 2 <= self.seats <= largest:
            raise TournamentError("table_seats_range", most=largest)
        multi_table = self.format is Format.SCHEDULED or self.entries > self.seats
        if multi_table and self.seats < MIN_TABLE_SEATS:
            raise TournamentError("multi_table_seats", least=MIN_TABLE_SEATS)

    def _check_levels(self) -> None:
        if not self.levels:
            raise TournamentError("levels_none")
        chips = self.chips
        if not chips or any(chip <= 0 for chip in chips) or list(chips) != sorted(set(chips)):
            raise TournamentError("chips_order")
        if any(big % small for small, big in pairwise(chips)):
            raise TournamentError("chips_whole")
        if self.starting_stack % chips[0]:
            raise TournamentError("starting_stack_chips", stack=self.starting_stack, chip=chips[0])
        for number, level in enumerate(self.levels, start=1):
            if level.minutes <= 0:
                raise TournamentError("level_minutes_positive", level=number)
            _check_level_stakes(self, number)

    def _check_breaks(self) -> None:
        seen: set[int] = set()
        for item in self.breaks:
            if not 1 <= item.after_level <= len(self.levels) or item.after_level in seen:
                raise TournamentError("break_levels", levels=len(self.levels))
            seen.add(item.after_level)
            if item.minutes <= 0:
                raise TournamentError("break_minutes", level=item.after_level)
            if item.colour_up is not None:
                in_play = self.chips_at(item.after_level)
                if item.colour_up != in_play[0] or len(in_play) < 2:
                    raise TournamentError(
                        "colour_up_smallest", level=item.after_level, chip=in_play[0]
                    )

    def _check_money(self) -> None:
        if self.buy_in < 0 or self.rounding < 1:
            raise TournamentError("buy_in_whole")
        if self.bounty is not None and self.bounty.amount <= 0:
            raise TournamentError("bounty_positive")
        if self.rebuys is not None:
            rebuys = self.rebuys
            if rebuys.price < 0 or rebuys.chips <= 0 or rebuys.chips % self.chips[0]:
                raise TournamentError("rebuy_chips", chip=self.chips[0])
            if not 1 <= rebuys.until_level <= len(self.levels):
                raise TournamentError("rebuys_until", levels=len(self.levels))
            if rebuys.most is not None and rebuys.most < 1:
                raise TournamentError("rebuys_most")
            if rebuys.window_seconds < 0:
                raise TournamentError("rebuy_window")
        if self.add_on is not None:
            add_on = self.add_on
            if add_on.price < 0 or add_on.chips <= 0 or add_on.chips % self.chips[0]:
                raise TournamentError("add_on_chips", chip=self.chips[0])
            if not 1 <= add_on.level <= len(self.levels):
                raise TournamentError("add_on_at_level", levels=len(self.levels))


def stake_code(code: str, field: str) -> str:
    """``code`` for the stakes' amount ``field`` (``small_blind``): each amount is named in
    its own words, so it is a code of its own, not a parameter."""
    return f"{code}_{field}"


def _check_level_stakes(structure: Structure, number: int) -> None:
    """Level ``number``'s stakes fit its game and can be paid with the chips in play."""
    level = structure.levels[number - 1]
    game = structure.game_at(number)
    played = stakes_for_family(level.stakes, game.is_stud)
    if game.is_stud:
        if played.bring_in <= 0 or played.small_bet < played.bring_in:
            raise TournamentError("level_bring_in", level=number, game=game.name)
    elif played.big_blind <= 0 or not 0 < played.small_blind <= played.big_blind:
        raise TournamentError("level_blinds", level=number, game=game.name)
    smallest = structure.chips_at(number)[0]
    for name in AMOUNT_FIELDS:
        amount = getattr(played, name)
        if amount % smallest:
            raise TournamentError(
                stake_code("level_unpayable", name), level=number, amount=amount, chip=smallest
            )


def from_template(name: str, games: Sequence[str] = ("nlhe",), **changes: object) -> Structure:
    """A structure from the template ``name`` (quick, normal or deep) for ``games``: its
    stack and levels, a break every so many levels, each colouring up the smallest chip
    once no later level needs it; then ``changes`` (any field), validated. The director
    may edit any of it before the start (``ChangeStructure``)."""
    try:
        pace = TEMPLATES[name]
    except KeyError:
        raise TournamentError("not_a_template", name=name, known=", ".join(TEMPLATES)) from None
    stud = any(variant_for(key).is_stud for key in games)
    # Stud plays the blinds as antes of a tenth of the big blind (5 at 25/50): a 5 chip.
    chips = (5, *DEFAULT_CHIPS) if stud else DEFAULT_CHIPS
    base = Structure(
        games=tuple(games),
        # Stud tables seat nine at home, eight in a card room's tournament.
        seats=min(9, *(variant_for(key).card_room_seats for key in games)),
        starting_stack=pace.starting_stack,
        levels=ladder_levels(pace.level_minutes),
        chips=chips,
    )
    base = replace(base, breaks=_breaks_with_colour_ups(base, pace.levels_between_breaks))
    allowed = {item.name for item in fields(Structure)}
    unknown = sorted(set(changes) - allowed)
    if unknown:
        raise TournamentError("not_a_structure_field", name=unknown[0])
    return replace(base, **changes).validated()  # type: ignore[arg-type]


def with_break_minutes(structure: Structure, minutes: float) -> Structure:
    """``structure`` with every break ``minutes`` long; 0: no breaks (a turbo played
    straight through, its chips never coloured up)."""
    breaks = (
        () if minutes == 0 else tuple(replace(item, minutes=minutes) for item in structure.breaks)
    )
    return replace(structure, breaks=breaks).validated()


def _breaks_with_colour_ups(structure: Structure, every: int) -> tuple[Break, ...]:
    """A break after every ``every`` levels; each races off the smallest chip when no
    later level's amounts need it."""
    breaks: list[Break] = []
    chips = list(structure.chips)
    for after in range(every, len(structure.levels), every):
        colour_up = None
        if len(chips) > 1 and _payable_from(structure, after + 1, chips[1]):
            colour_up = chips.pop(0)
        breaks.append(Break(after, BREAK_MINUTES, colour_up))
    return tuple(breaks)


def _payable_from(structure: Structure, first: int, chip: int) -> bool:
    """Every amount of every level from ``first`` on is a whole number of ``chip``."""
    return all(
        getattr(structure.played_stakes(number), name) % chip == 0
        for number in range(first, len(structure.levels) + 1)
        for name in AMOUNT_FIELDS
    )
