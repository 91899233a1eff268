"""What the host chooses for a table: the game, the stakes, limits, clocks, schedule.

Amounts are chips. A "unit" is the big blind of a blinds game, or the small bet
of a stud game: default buy-ins and the stack cap are counted in units, as card
rooms count them in big blinds (docs/seeds.md, seed 003: a maximum stack of 200 big blinds).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Annotated, Any

import msgspec

from pokernight.rules import (
    BettingStructure,
    RulesError,
    Stakes,
    Variant,
    default_stakes,
    variant_for,
)
from pokernight.rules.events import drop_unset
from pokernight.rules.stakes import stakes_for_family
from pokernight.table.errors import TableError

MIN_SEATS = 2
DEFAULT_SEATS = 6  # six-handed, as our users asked for their home game (2 to 9: the host says)
DEFAULT_MIN_BUY_IN_UNITS = 20
DEFAULT_MAX_BUY_IN_UNITS = 100
DEFAULT_MAX_STACK_UNITS = 200
DEFAULT_LEVEL_MINUTES = 15
DEBT_CAP_BUY_INS = 5
"""The default debt cap: a buy-in and four rebuys, each the largest, at the table's stakes."""
CAP_FROM_STAKES = -1
"""``debt_cap``'s default, kept as it is: ``DEBT_CAP_BUY_INS`` maximum buy-ins at the stakes of
the moment (``debt_limit``), so the cap follows the stakes whenever the host changes them."""
DEFAULT_BOT_DELAY_SECONDS = 1.3
MAX_BOT_DELAY_SECONDS = 10.0
DEFAULT_AWAY_ACTION_SECONDS = 15.0
"""How long the clock waits for a player with no page open (docs/seeds.md, seed 003: a player
"can rejoin their table within 15 seconds")."""
AWAY_ACTION_LIMITS = (5.0, 300.0)
"""``away_action_seconds`` is within these: long enough for a phone to reconnect, and no
longer than five minutes a turn for somebody who has gone."""
DEFAULT_HOST_AWAY_SECONDS = 120.0
"""How long a host may have no page open before the role passes on (seed 003: "Host Leaves:
privileges automatically transfer to the next player")."""
HOST_AWAY_LIMITS = (30.0, 3600.0)
"""``host_away_seconds`` is within these: a dropped connection or a reload does not cost the
host the role, and no table waits more than an hour for a host who has gone."""
MAX_STREAM_DELAY_SECONDS = 600
"""The longest stream delay in seconds a host may set (``stream_delay_seconds``): ten minutes,
more than a hand lasts."""
MAX_STREAM_DELAY_ACTIONS = 50
"""The longest stream delay in actions (``stream_delay_actions``)."""
STRADDLES = ("none", "under_the_gun", "mississippi")
"""The voluntary straddles a host may allow (``TableSettings.straddles``, docs/rules.md)."""
MAX_STRADDLES = 8
"""The most straddles a hand may have: the first and seven re-straddles, at nine seats
(two blinds and seven seats from under the gun to the button)."""
DERIVED_NAMES = ("debt_limit", "minimum_buy_in", "maximum_buy_in", "stack_cap")
"""What ``to_dict`` adds for clients to show (the limits these settings come to): never read
back, never set."""


@dataclass(frozen=True, slots=True)
class ChipsRoom:
    """How many chips a player may still add: ``amount``, limited by the debt cap
    (``limit`` "debt") or the stack cap ("stack"), whichever comes first; ``owed``: what
    they owe the group, the rebuys waiting for the hand's end included; ``cap``: the debt
    cap counted for them (None: none), ``own_cap``: the host set it for this player alone
    (seed 003: "configurable per player"), else it is the table's."""

    amount: int
    limit: str
    owed: int
    cap: int | None = None
    own_cap: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "amount": self.amount,
            "limit": self.limit,
            "owed": self.owed,
            "cap": self.cap,
            "own_cap": self.own_cap,
        }


@dataclass(frozen=True, slots=True)
class TableSettings:
    """A table's settings; ``validated()`` refuses any inconsistent combination.

    ``variant`` is the game of every hand unless ``dealers_choice`` lists games,
    which then rotate one per hand. ``betting`` None plays each game with its own
    structure. ``blind_levels`` are the stakes after the first level (``stakes``);
    an empty schedule means the stakes never rise. ``None`` limits take the
    defaults in units; ``debt_cap`` None means no cap, and left out it is
    ``DEBT_CAP_BUY_INS`` maximum buy-ins. ``approve_seats``: the
    host approves each player who asks for a seat. A bot waits about
    ``bot_delay_seconds`` (half to one and a half times it) before it acts.
    ``allow_programs``: players who join as programs (a friend's bot, through a file or
    ACPC seat) may sit; off by default, so nobody meets a program the host did not allow.
    ``seven_deuce_bounty``: what every player dealt in pays a player who wins a pot of a
    hold'em hand with seven-deuce and shows it (0: no bounty; ``table.bounty``).
    ``rabbit_hunting``: after a hand ends early, a player may see the board it would have
    dealt (``table.rabbit``). ``bomb_pot_every``: every so many hands is a bomb pot (0:
    only when the host calls one), each player posting ``bomb_pot_ante`` (None: two big
    blinds) with no blinds and no betting before the flop; board games only.
    ``jacks_to_open``: Five-Card Draw played jacks or better to open (docs/rules.md).
    ``ftq_queen_carries_over``: Follow the Queen's house rule, a queen dealt last on a
    street is followed by the next street's first up card (off: seed 000's rule, only
    queens are wild after it; docs/rules.md, Follow the Queen).
    ``bomb_pot_double_board``: bomb pots are dealt two boards, each for half of every pot.
    ``run_it_twice``: once nobody can bet before the board is complete, the players may
    agree to run the rest of it twice (no-limit and pot-limit board games; ``rules.runs``).
    ``straddles``: which voluntary straddles the host allows, in the games with blinds
    (``STRADDLES``): "none", "under_the_gun" (a player who chose to straddles twice the big
    blind when under the gun) or "mississippi" (from any seat from under the gun round to
    the button); ``max_straddles``: how many straddles a hand may have, the first and the
    re-straddles left of it, each twice the one before (1: no re-straddle). Settings saved
    before these had ``voluntary_straddle`` (on: "under_the_gun"), read as such.
    ``away_action_seconds``: the clock acts for a person with no page open after this long
    (the action clock, if shorter), instead of the action clock and their time bank.
    ``host_away_seconds``: a host with no page open for this long hands the role to the
    person with a page open seated the longest (the server keeps the time: decision 52).
    ``stream_delay_seconds``, ``stream_delay_actions``: the spectators and the stream view
    see the table this many seconds, or this many players' actions, late (0: live; one or
    the other, not both; the players' own pages never wait: decision 68,
    ``server/tables/delay.py``).

    The fields, their types and the limits ``Annotated`` on them are what a host's page may
    send (decision 61: ``server/tables/settings_input.py`` reads them from here); ``validated``
    refuses the rest in words.
    """

    variant: str = "nlhe"
    betting: BettingStructure | None = None
    stakes: Stakes = field(default_factory=lambda: Stakes(small_blind=10, big_blind=20))
    seats: int = DEFAULT_SEATS
    min_buy_in: int | None = None
    max_buy_in: int | None = None
    max_stack: int | None = None
    action_seconds: float = 30.0
    time_bank_seconds: float = 60.0
    blind_levels: tuple[Stakes, ...] = ()
    # Dealer's choice: a game's own stakes at the first level, where the host set them
    # (else derived from ``stakes``: ``rules.stakes.stakes_for_family``).
    game_stakes: tuple[tuple[str, Stakes], ...] = ()
    level_minutes: float = DEFAULT_LEVEL_MINUTES
    dealers_choice: tuple[str, ...] = ()
    debt_cap: Annotated[int, msgspec.Meta(ge=CAP_FROM_STAKES)] | None = CAP_FROM_STAKES
    approve_seats: bool = False
    approve_rebuys: bool = False
    bot_delay_seconds: float = DEFAULT_BOT_DELAY_SECONDS
    allow_programs: bool = False
    seven_deuce_bounty: Annotated[int, msgspec.Meta(ge=0, le=10**12)] = 0
    rabbit_hunting: bool = False
    straddles: str = "none"
    max_straddles: Annotated[int, msgspec.Meta(ge=1, le=MAX_STRADDLES)] = 1
    bomb_pot_every: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 0
    bomb_pot_ante: Annotated[int, msgspec.Meta(ge=1, le=10**12)] | None = None
    jacks_to_open: bool = False
    run_it_twice: bool = False
    bomb_pot_double_board: bool = False
    away_action_seconds: float = DEFAULT_AWAY_ACTION_SECONDS
    host_away_seconds: float = DEFAULT_HOST_AWAY_SECONDS
    ftq_queen_carries_over: bool = False
    stream_delay_seconds: Annotated[int, msgspec.Meta(ge=0, le=MAX_STREAM_DELAY_SECONDS)] = 0
    stream_delay_actions: Annotated[int, msgspec.Meta(ge=0, le=MAX_STREAM_DELAY_ACTIONS)] = 0

    @classmethod
    def for_variant(cls, key: str, **changes: Any) -> TableSettings:
        """Settings for the game ``key``, valid without ``changes``: its default stakes,
        and six seats (``DEFAULT_SEATS``); then ``changes``, validated.

        ``TableSettings()`` alone is a hold'em table: its blinds do not fit stud.
        """
        game = variant_for_key(key)
        defaults = cls(
            variant=key,
            stakes=default_stakes(game),
            seats=min(DEFAULT_SEATS, game.max_players),
        )
        return replace(defaults, **changes).validated()

    def validated(self) -> TableSettings:
        """These settings, or a TableError naming the first thing wrong with them."""
        games = [self.variant_of(key) for key in self.games]
        for key, _ in self.game_stakes:
            if key not in self.games:
                raise TableError("stakes_unplayed", game=key)
        for level in range(len(self.blind_levels) + 1):
            for game in games:
                _check_stakes_fit(self.stakes_for(game, level), game)
        if self.jacks_to_open and not any(_draws_high(game) for game in games):
            raise TableError("jacks_option")
        if self.ftq_queen_carries_over and not any(game.follows_queen for game in games):
            raise TableError("queen_option")
        if self.bomb_pot_double_board and not any(game.has_flop for game in games):
            raise TableError("double_board_option")
        if self.run_it_twice and not any(can_run_twice(game) for game in games):
            raise TableError("run_twice_option")
        largest = min(game.max_players for game in games)
        if not MIN_SEATS <= self.seats <= largest:
            raise TableError("seats_range", low=MIN_SEATS, high=largest)
        if not 0 < self.minimum_buy_in <= self.maximum_buy_in:
            raise TableError(
                "buy_in_order", minimum=self.minimum_buy_in, maximum=self.maximum_buy_in
            )
        if self.maximum_buy_in > self.stack_cap:
            raise TableError("buy_in_above_cap", maximum=self.maximum_buy_in, cap=self.stack_cap)
        if self.action_seconds <= 0 or self.time_bank_seconds < 0:
            raise TableError("clock_values")
        if self.blind_levels and self.level_minutes <= 0:
            raise TableError("level_minutes")
        if self.debt_limit is not None and self.debt_limit < self.minimum_buy_in:
            raise TableError(
                "debt_cap_below_buy_in", cap=self.debt_limit, minimum=self.minimum_buy_in
            )
        if self.seven_deuce_bounty < 0:
            raise TableError("bounty_negative")
        if self.seven_deuce_bounty and not any(is_holdem(game) for game in games):
            raise TableError("bounty_holdem")
        if self.bomb_pot_every < 0:
            raise TableError("bomb_pot_every")
        if self.bomb_pot_ante is not None and self.bomb_pot_ante <= 0:
            raise TableError("bomb_pot_ante")
        if self.bomb_pot_every and not self.deals_a_flop:
            raise TableError("bomb_pot_no_flop")
        if self.straddles not in STRADDLES:
            raise TableError("straddles_kind", known=", ".join(STRADDLES), straddles=self.straddles)
        if not 1 <= self.max_straddles <= MAX_STRADDLES:
            raise TableError("straddles_count", most=MAX_STRADDLES, count=self.max_straddles)
        if self.straddles != "none" and all(game.is_stud for game in games):
            raise TableError("straddles_blinds")
        if not 0 <= self.bot_delay_seconds <= MAX_BOT_DELAY_SECONDS:
            raise TableError("bot_delay", most=MAX_BOT_DELAY_SECONDS)
        _check_within(
            self.away_action_seconds,
            AWAY_ACTION_LIMITS,
            "away_action_seconds",
        )
        _check_within(
            self.host_away_seconds,
            HOST_AWAY_LIMITS,
            "host_away_seconds",
        )
        _check_stream_delay(self.stream_delay_seconds, self.stream_delay_actions)
        return self

    @property
    def stream_delayed(self) -> bool:
        """The spectators and the stream view are shown the table late (decision 68)."""
        return bool(self.stream_delay_seconds or self.stream_delay_actions)

    @property
    def away_clock_seconds(self) -> float:
        """How long the clock waits for a person with no page open: the away time, or the
        action clock if that is shorter (nobody waits longer for somebody who has gone)."""
        return min(self.away_action_seconds, self.action_seconds)

    @property
    def allows_straddles(self) -> bool:
        return self.straddles != "none"

    @property
    def games(self) -> tuple[str, ...]:
        return self.dealers_choice or (self.variant,)

    @property
    def deals_a_flop(self) -> bool:
        """One of the table's games has a flop: it may play bomb pots."""
        return any(self.variant_of(key).has_flop for key in self.games)

    def variant_of(self, key: str) -> Variant:
        return variant_for_key(key, self.betting)

    def game_for_hand(self, hand_number: int) -> Variant:
        """Dealer's choice rotates the listed games one per hand (hand 1 plays the first)."""
        return self.variant_of(self.games[(hand_number - 1) % len(self.games)])

    @property
    def unit(self) -> int:
        """The big blind, or for stud the small bet: what buy-ins are counted in."""
        return _unit(self.stakes)

    @property
    def minimum_buy_in(self) -> int:
        if self.min_buy_in is not None:
            return self.min_buy_in
        return DEFAULT_MIN_BUY_IN_UNITS * self.unit

    @property
    def maximum_buy_in(self) -> int:
        if self.max_buy_in is not None:
            return self.max_buy_in
        return min(DEFAULT_MAX_BUY_IN_UNITS * self.unit, self.stack_cap)

    @property
    def debt_limit(self) -> int | None:
        """The most a player may owe the group (None: no cap). A flat default (seed 003,
        docs/seeds.md: 1,000) fell below the largest buy-in at the default stakes (2,000),
        so a player who bought in for it could never rebuy: the default follows the stakes,
        as buy-ins do."""
        if self.debt_cap == CAP_FROM_STAKES:
            return DEBT_CAP_BUY_INS * self.maximum_buy_in
        return self.debt_cap

    @property
    def stack_cap(self) -> int:
        return self.max_stack if self.max_stack is not None else DEFAULT_MAX_STACK_UNITS * self.unit

    def chips_room(
        self, debt: int, stack: int = 0, queued: int = 0, own_cap: int | None = None
    ) -> ChipsRoom:
        """What a player who owes ``debt`` (the ledger's), with ``stack`` at the table and
        ``queued`` waiting for the hand's end, may still add under these settings' caps
        (``Table.check_rebuy`` and its debt check refuse anything more); ``own_cap``: the
        player's own debt cap, set by the host (None: the table's)."""
        owed = debt + queued
        cap = self.debt_cap_for(own_cap)
        by_debt = self.debt_room(owed, own_cap)
        by_stack = self.stack_room(stack, queued)
        own = own_cap is not None
        if by_debt is not None and by_debt <= by_stack:
            return ChipsRoom(by_debt, "debt", owed, cap, own)
        return ChipsRoom(by_stack, "stack", owed, cap, own)

    def debt_cap_for(self, own_cap: int | None) -> int | None:
        """The debt cap of a player whose own cap is ``own_cap`` (the host's, for that
        player alone: seed 003, "Maximum Debt: configurable per player"), else the table's
        (None: no cap)."""
        return self.debt_limit if own_cap is None else own_cap

    def debt_room(self, owed: int, own_cap: int | None = None) -> int | None:
        """How much more a player who owes ``owed`` may take before their debt cap (None:
        no cap; ``own_cap``: as ``debt_cap_for``'s). The one place the cap is counted:
        checks and the clients' figure alike."""
        cap = self.debt_cap_for(own_cap)
        return None if cap is None else max(0, cap - owed)

    def stack_room(self, stack: int, queued: int) -> int:
        """How much more a stack of ``stack`` (``queued`` more coming) may grow."""
        return max(0, self.stack_cap - stack - queued)

    def bomb_pot_for(self, game: Variant, stakes: Stakes, hand_number: int, called: bool) -> int:
        """The ante of hand ``hand_number`` if it is a bomb pot (0: it is not): every
        ``bomb_pot_every`` hands, or the next after the host called one, in a game with a
        flop (dealer's choice keeps a called bomb pot for the next such game)."""
        due = called or (self.bomb_pot_every and hand_number % self.bomb_pot_every == 0)
        if not due or not game.has_flop:
            return 0
        return self.bomb_pot_ante or 2 * stakes.big_blind

    def runs_twice(self, game: Variant) -> bool:
        """Whether hands of ``game`` offer to run it twice (a dealer's choice only in the
        games that can)."""
        return self.run_it_twice and can_run_twice(game)

    def stakes_at_level(self, level: int) -> Stakes:
        """Level 0 is ``stakes``; past the last level the last one stays."""
        levels = (self.stakes, *self.blind_levels)
        return levels[min(level, len(levels) - 1)]

    def stakes_for(self, game: Variant, level: int) -> Stakes:
        """What ``game`` is played for at ``level``: its own stakes where the host set them
        (the first level), else the level's stakes as its family plays them."""
        if level == 0:
            for key, stakes in self.game_stakes:
                if key == game.key:
                    return stakes
        return stakes_for_family(self.stakes_at_level(level), game.is_stud)

    def level_at(self, elapsed_seconds: float) -> int:
        """The blind level reached ``elapsed_seconds`` after the schedule began."""
        if not self.blind_levels:
            return 0
        reached = int(max(elapsed_seconds, 0.0) // (self.level_minutes * 60))
        return min(reached, len(self.blind_levels))

    def level_begins(self, level: int) -> float:
        """How many seconds after the schedule began blind level ``level`` begins (the
        first at 0): ``level_at`` of that many seconds is ``level``."""
        return level * self.level_minutes * 60

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["betting"] = None if self.betting is None else str(self.betting)
        data["dealers_choice"] = list(self.dealers_choice)
        data["blind_levels"] = [asdict(level) for level in self.blind_levels]
        data["game_stakes"] = {key: asdict(stakes) for key, stakes in self.game_stakes}
        # For clients to show, not read back (DERIVED_NAMES): what the limits come to.
        data["debt_limit"] = self.debt_limit
        data["minimum_buy_in"] = self.minimum_buy_in
        data["maximum_buy_in"] = self.maximum_buy_in
        data["stack_cap"] = self.stack_cap
        # Options left out when off: the settings of every other table read as before.
        options = ("jacks_to_open", "run_it_twice", "bomb_pot_double_board",
                   "ftq_queen_carries_over", "stream_delay_seconds",
                   "stream_delay_actions")  # fmt: skip
        return drop_unset(data, options)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSettings:
        values = dict(data)
        for name in DERIVED_NAMES:
            values.pop(name, None)
        # Saved before the straddle choices: the straddle under the gun, or none.
        if "voluntary_straddle" in values:
            under_the_gun = values.pop("voluntary_straddle")
            values.setdefault("straddles", "under_the_gun" if under_the_gun else "none")
        values["betting"] = None if data["betting"] is None else BettingStructure(data["betting"])
        values["stakes"] = Stakes(**data["stakes"])
        values["blind_levels"] = tuple(Stakes(**level) for level in data["blind_levels"])
        values["dealers_choice"] = tuple(data["dealers_choice"])
        values["game_stakes"] = tuple(
            (key, Stakes(**stakes)) for key, stakes in data.get("game_stakes", {}).items()
        )
        return replace(cls(), **values)


def _check_within(seconds: float, limits: tuple[float, float], code: str) -> None:
    """A TableError (refusal ``code``) saying the ``seconds`` must be within the ``limits``,
    if they are not (a NaN is not within anything)."""
    low, high = limits
    if not low <= seconds <= high:
        raise TableError(code, low=low, high=high, seconds=seconds)


def _check_stream_delay(seconds: int, actions: int) -> None:
    """A TableError unless the stream delay is within its limits, in seconds or in actions."""
    if not 0 <= seconds <= MAX_STREAM_DELAY_SECONDS:
        raise TableError("stream_delay_seconds", most=MAX_STREAM_DELAY_SECONDS, seconds=seconds)
    if not 0 <= actions <= MAX_STREAM_DELAY_ACTIONS:
        raise TableError("stream_delay_actions", most=MAX_STREAM_DELAY_ACTIONS, actions=actions)
    if seconds and actions:
        raise TableError("stream_delay_both")


def _draws_high(game: Variant) -> bool:
    return game.is_draw and game.showdown == "high"


def variant_for_key(key: str, betting: BettingStructure | None = None) -> Variant:
    """The game ``key`` names, or a TableError naming the games there are."""
    try:
        return variant_for(key, betting)
    except RulesError as error:
        raise TableError.like(error) from None


def is_holdem(game: Variant) -> bool:
    """Two cards down and a board: the games a 7-2 bounty is won in (short-deck too,
    though it has no deuce to win one with)."""
    return game.has_flop and game.streets[0].hole_down == 2


def can_run_twice(game: Variant) -> bool:
    """A board to run twice, and no-limit or pot-limit betting (``rules.runs``)."""
    return game.has_flop and game.betting is not BettingStructure.FIXED_LIMIT


def _unit(stakes: Stakes) -> int:
    return stakes.big_blind or stakes.small_bet


def _check_stakes_fit(stakes: Stakes, game: Variant) -> None:
    if game.is_stud:
        if stakes.bring_in <= 0 or stakes.small_bet < stakes.bring_in:
            raise TableError("bring_in_stakes", game=game.name)
    elif stakes.big_blind <= 0 or not 0 < stakes.small_blind <= stakes.big_blind:
        raise TableError("blind_stakes", game=game.name)
    if game.betting is BettingStructure.FIXED_LIMIT and 0 < stakes.big_bet < stakes.small_bet:
        raise TableError("big_bet_small")
    if _unit(stakes) <= 0:
        raise TableError("no_unit", game=game.name)
