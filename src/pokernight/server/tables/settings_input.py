"""Table settings from JSON sent by a browser: typed, then checked by ``TableSettings``.

A new table's keys left out take the defaults of the (first) game,
``TableSettings.for_variant``: its default stakes and as many seats as it deals to. A
host's change names only what it changes: the keys left out keep the table's own values
(``base``). Any unknown key or wrong type is refused with the path that is wrong.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator
from dataclasses import MISSING, fields
from enum import StrEnum
from functools import reduce
from types import GenericAlias, UnionType
from typing import Annotated, Any, Union, get_args, get_origin, get_type_hints

import msgspec

from pokernight.rules import Stakes
from pokernight.table import TableError, TableSettings
from pokernight.table.settings import CAP_FROM_STAKES, DERIVED_NAMES

StakesJson = dict[str, int | None]


def _json_type(kind: Any) -> Any:
    """What a setting of type ``kind`` is in JSON, as ``TableSettings.to_dict`` writes it:
    stakes an object of amounts, a structure its words, pairs an object, a tuple a list;
    limits ``Annotated`` on the type are kept."""
    origin = get_origin(kind)
    if origin is Annotated:
        inner, *limits = get_args(kind)
        return Annotated[(_json_type(inner), *limits)]
    if origin is Union or origin is UnionType:
        return reduce(operator.or_, (_json_type(arg) for arg in get_args(kind)))
    if kind is Stakes:
        return StakesJson
    if isinstance(kind, type) and issubclass(kind, StrEnum):
        return str
    if origin is tuple:
        item = get_args(kind)[0]
        if get_origin(item) is tuple:  # (key, value) pairs: an object
            key, value = get_args(item)
            return GenericAlias(dict, (key, _json_type(value)))
        return GenericAlias(list, (_json_type(item),))
    return kind


def _shape() -> type[msgspec.Struct]:
    """The settings a page may send: ``TableSettings``' own fields, types and limits
    (decision 61), in JSON; every one is given (a change keeps the rest), options that
    ``to_dict`` leaves out when off take their defaults."""
    hints = get_type_hints(TableSettings, include_extras=True)
    shape = [
        (spec.name, _json_type(hints[spec.name]), _json_default(spec.default))
        for spec in fields(TableSettings)
    ]
    return msgspec.defstruct("_SettingsShape", shape, kw_only=True, forbid_unknown_fields=True)


def _json_default(default: Any) -> Any:
    """A setting's default as the shape takes it: a plain value (a tuple or stakes: none)."""
    plain = default is not MISSING and isinstance(default, bool | int | float | str | None)
    return default if plain else msgspec.NODEFAULT


_SettingsShape = _shape()


def _stakes_in(value: Any, kind: Any) -> Iterator[Any]:
    """Every stakes object within ``value``, a setting of JSON type ``kind``."""
    if kind == StakesJson:
        yield value
    elif get_origin(kind) is list:
        for item in value:
            yield from _stakes_in(item, get_args(kind)[0])
    elif get_origin(kind) is dict:
        for item in value.values():
            yield from _stakes_in(item, get_args(kind)[1])


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
        raise TableError("settings_old_straddle")
    renamed.setdefault("straddles", "under_the_gun" if old else "none")
    return renamed


def settings_from_json(data: object, base: TableSettings | None = None) -> TableSettings:
    """Validated settings from ``data`` (a JSON object), or a TableError saying what is wrong.

    ``base``: the settings ``data`` changes (a table's upcoming ones), whose values the
    keys left out keep; None: a new table's, the game's defaults."""
    if not isinstance(data, dict):
        raise TableError("settings_not_object")
    data = _renamed(data)  # before the merge: the base's own straddles must not hide it
    unknown = sorted(set(data) - SETTING_NAMES - set(DERIVED_NAMES))  # sent back as shown
    if unknown:
        raise TableError("settings_unknown", name=unknown[0])
    merged: dict[str, Any] = {**_defaults(data, base), **data}
    for name in DERIVED_NAMES:
        merged.pop(name, None)  # what the limits come to: shown, never set
    try:
        shape = msgspec.convert(merged, _SettingsShape)
        for name, kind in _SettingsShape.__annotations__.items():
            for stakes in _stakes_in(getattr(shape, name), kind):
                Stakes(**stakes)
        return TableSettings.from_dict(msgspec.to_builtins(shape)).validated()
    except msgspec.ValidationError as error:
        raise TableError("settings_invalid", detail=str(error)) from None
    except TypeError as error:
        raise TableError("settings_unknown_amount", detail=str(error)) from None
    except TableError:
        raise  # already says what is wrong, in the table's words
    except ValueError as error:  # a betting structure or stakes the rules refuse
        raise TableError("settings_invalid", detail=str(error)) from None


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
