"""Table settings from JSON sent by a browser: typed, then checked by ``TableSettings``.

A new table's keys left out take the defaults of the (first) game,
``TableSettings.for_variant``: its default stakes and as many seats as it deals to. A
host's change names only what it changes: the keys left out keep the table's own values
(``base``). Any unknown key or wrong type is refused with the path that is wrong.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Annotated, Any

import msgspec

from pokernight.rules import Stakes
from pokernight.table import TableError, TableSettings
from pokernight.table.settings import (
    CAP_FROM_STAKES,
    DEFAULT_AWAY_ACTION_SECONDS,
    DEFAULT_HOST_AWAY_SECONDS,
    DERIVED_NAMES,
    MAX_STRADDLES,
)

StakesJson = dict[str, int | None]


class _SettingsShape(msgspec.Struct, forbid_unknown_fields=True):
    variant: str
    betting: str | None
    stakes: StakesJson
    seats: int
    min_buy_in: int | None
    max_buy_in: int | None
    max_stack: int | None
    action_seconds: float
    time_bank_seconds: float
    blind_levels: list[StakesJson]
    level_minutes: float
    dealers_choice: list[str]
    game_stakes: dict[str, StakesJson]
    debt_cap: Annotated[int, msgspec.Meta(ge=CAP_FROM_STAKES)] | None
    approve_seats: bool
    approve_rebuys: bool
    bot_delay_seconds: float
    allow_programs: bool
    seven_deuce_bounty: Annotated[int, msgspec.Meta(ge=0, le=10**12)]
    rabbit_hunting: bool
    straddles: str
    max_straddles: Annotated[int, msgspec.Meta(ge=1, le=MAX_STRADDLES)]
    bomb_pot_every: Annotated[int, msgspec.Meta(ge=0, le=1000)]
    bomb_pot_ante: Annotated[int, msgspec.Meta(ge=1, le=10**12)] | None
    jacks_to_open: bool = False
    run_it_twice: bool = False
    bomb_pot_double_board: bool = False
    away_action_seconds: float = DEFAULT_AWAY_ACTION_SECONDS
    host_away_seconds: float = DEFAULT_HOST_AWAY_SECONDS
    ftq_queen_carries_over: bool = False


# Where the room's tables differ from a bare TableSettings: a stranger who has only the
# 4-digit code asks the host for a seat; friends with the invite link sit at once.
ROOM_DEFAULTS: dict[str, Any] = {"approve_seats": True}

SETTING_NAMES = frozenset(field.name for field in fields(TableSettings))


def _renamed(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the settings clients sent before their renaming under today's names:
    ``voluntary_straddle`` (a bool) is ``straddles`` "under_the_gun" or "none"."""
    if "voluntary_straddle" not in data:
        return data
    renamed = dict(data)
    old = renamed.pop("voluntary_straddle")
    if not isinstance(old, bool):
        raise TableError("settings: voluntary_straddle is true or false")
    renamed.setdefault("straddles", "under_the_gun" if old else "none")
    return renamed


def settings_from_json(data: object, base: TableSettings | None = None) -> TableSettings:
    """Validated settings from ``data`` (a JSON object), or a TableError saying what is wrong.

    ``base``: the settings ``data`` changes (a table's upcoming ones), whose values the
    keys left out keep; None: a new table's, the game's defaults."""
    if not isinstance(data, dict):
        raise TableError("settings must be a JSON object")
    data = _renamed(data)  # before the merge: the base's own straddles must not hide it
    unknown = sorted(set(data) - SETTING_NAMES - set(DERIVED_NAMES))  # sent back as shown
    if unknown:
        raise TableError(f"{unknown[0]!r} is not a table setting")
    merged: dict[str, Any] = {**_defaults(data, base), **data}
    for name in DERIVED_NAMES:
        merged.pop(name, None)  # what the limits come to: shown, never set
    try:
        shape = msgspec.convert(merged, _SettingsShape)
        for stakes in (shape.stakes, *shape.blind_levels, *shape.game_stakes.values()):
            Stakes(**stakes)  # type: ignore[arg-type]
        return TableSettings.from_dict(msgspec.to_builtins(shape)).validated()
    except msgspec.ValidationError as error:
        raise TableError(f"settings: {error}") from None
    except TypeError as error:
        raise TableError(f"settings: stakes hold an unknown amount ({error})") from None
    except TableError:
        raise  # already says what is wrong, in the table's words
    except ValueError as error:  # a betting structure or stakes the rules refuse
        raise TableError(f"settings: {error}") from None


def _defaults(data: dict[str, Any], base: TableSettings | None) -> dict[str, Any]:
    """What the keys ``data`` leaves out are: ``base``'s values, else the first game's
    defaults with the debt cap left to follow the stakes."""
    if base is not None:
        return base.to_dict()
    # Left out: five largest buy-ins, at the stakes of the time.
    return {**TableSettings.for_variant(_first_game(data)).to_dict(), "debt_cap": CAP_FROM_STAKES}


def _first_game(data: dict[str, Any]) -> str:
    """The game whose defaults fill the keys left out: dealer's choice's first, else the variant."""
    games = data.get("dealers_choice")
    if isinstance(games, list) and games:
        return str(games[0])
    return str(data.get("variant", TableSettings().variant))
