"""Table settings from JSON sent by a browser: typed, then checked by ``TableSettings``.

Keys left out take the defaults (a stud game without stakes gets the stud
defaults); any unknown key or wrong type is refused with the path that is wrong.
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

import msgspec

from pokernight.rules import Stakes, Variant, default_stakes, variant_for
from pokernight.table import TableError, TableSettings

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
    debt_cap: int | None


SETTING_NAMES = frozenset(field.name for field in fields(TableSettings))


def settings_from_json(data: object) -> TableSettings:
    """Validated settings from ``data`` (a JSON object), or a TableError saying what is wrong."""
    if not isinstance(data, dict):
        raise TableError("settings must be a JSON object")
    unknown = sorted(set(data) - SETTING_NAMES)
    if unknown:
        raise TableError(f"{unknown[0]!r} is not a table setting")
    merged: dict[str, Any] = {**TableSettings().to_dict(), **data}
    game = _first_game(merged)
    if "stakes" not in data:
        merged["stakes"] = asdict(default_stakes(game))
    if "seats" not in data:
        merged["seats"] = min(merged["seats"], game.max_players)
    try:
        shape = msgspec.convert(merged, _SettingsShape)
        for stakes in (shape.stakes, *shape.blind_levels):
            Stakes(**stakes)  # type: ignore[arg-type]
        return TableSettings.from_dict(msgspec.to_builtins(shape)).validated()
    except msgspec.ValidationError as error:
        raise TableError(f"settings: {error}") from None
    except TypeError as error:
        raise TableError(f"settings: stakes hold an unknown amount ({error})") from None


def _first_game(merged: dict[str, Any]) -> Variant:
    games = merged.get("dealers_choice") or [merged.get("variant")]
    try:
        return variant_for(str(games[0]))
    except ValueError as error:
        raise TableError(str(error)) from None
