"""The one codec of the core's events: hand, table and tournament events to JSON-ready
dicts and back, with one registry of every event kind (decision 59).

An event is a frozen record (a ``msgspec.Struct`` for a hand's events, a frozen dataclass
for a table's and a tournament's); its dict is its fields in order, after its class
name under ``"type"``: cards as text ("Ah"), tuples as lists, records inside as dicts.
``msgspec`` does the work in C both ways (out through its JSON encoder and decoder, in
by ``convert``, which also checks every value's type). A value that reads and writes
itself (a ``to_dict`` method and a ``from_dict`` class method: ``TableSettings``,
``Contribution``, ``Stakes``) is told and read by them: they know its older forms (and the
compiled build's ``Stakes`` is no dataclass to msgspec).

Each family's base class registers its events as they are made (``EVENTS.register``).
A name means one event within a family (a hand's ``HandStarted`` is not a tournament's):
a log is read as one family's (``EVENTS.decode(family, data)``); an event's own class
says its family when it is written. An option added later is left out of the dict while
unset (``omitted_when_unset``), so every record made before it reads as it did; an event
renamed keeps its old name as an alias (``EVENTS.rename``), so old logs still load.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, get_args, get_origin, get_type_hints

import msgspec

from pokernight.cards import Card, parse_card


class Family(StrEnum):
    """Whose events: one hand's (``rules``), a table's, a tournament's."""

    HAND = "hand"
    TABLE = "table"
    TOURNAMENT = "tournament"


Encode = Callable[[Any], Any]
Decode = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class Kind:
    """One registered event class and how its dict is made: the fields of values that
    read and write themselves (each with its encoder and decoder), and the groups of
    fields left out while unset (the group goes when its first field is unset)."""

    cls: type
    name: str
    family: Family
    own: tuple[tuple[str, Encode, Decode], ...]
    omitted: tuple[tuple[str, ...], ...]
    head: bytes  # b'{"type":"Name",': what its JSON begins with
    alone: bytes  # b'{"type":"Name"}': its JSON when it has no field


class EventCodec:
    """The registry of every event kind, and the codec that reads and writes them."""

    def __init__(self) -> None:
        self._named: dict[Family, dict[str, type]] = {family: {} for family in Family}
        self._renamed: dict[Family, dict[str, str]] = {family: {} for family in Family}
        self._families: dict[type, Family] = {}
        self._kinds: dict[type, Kind] = {}

    def register(self, family: Family, cls: type) -> None:
        """``cls`` is an event of ``family``, known by its class name (a class made again
        under the same name, as ``dataclass(slots=True)`` does, takes its place)."""
        self._named[family][cls.__name__] = cls
        self._families[cls] = family

    def rename(self, family: Family, old: str, new: str) -> None:
        """Events stored as ``old`` are read as ``new`` (decision 28)."""
        self._renamed[family][old] = new

    def kinds(self, family: Family) -> Mapping[str, type]:
        """The event classes of ``family`` by name (old names left out)."""
        return self._named[family]

    def encode(self, event: object) -> dict[str, Any]:
        """``event`` as a JSON-ready dict, its class name under "type"."""
        kind = self._kind(type(event))
        # b'{...}' with the type put in first, read back once (b'{}': an event of no field).
        fields = _write_json(event)
        data: dict[str, Any] = _read_json(kind.head + fields[1:] if fields != b"{}" else kind.alone)
        for name, encode, _ in kind.own:
            data[name] = encode(getattr(event, name))
        for group in kind.omitted:
            if not data[group[0]]:
                for name in group:
                    del data[name]
        return data

    def decode(self, family: Family, data: Mapping[str, Any]) -> Any:
        """The event of ``family`` that ``encode`` made ``data``; a ValueError for anything
        else. A field an older record lacks takes its default."""
        name = str(data.get("type"))
        cls = self._named[family].get(self._renamed[family].get(name, name))
        if cls is None:
            raise ValueError(f"{name!r} is not a {family} event")
        kind = self._kind(cls)
        try:
            if kind.own:
                data = dict(data)
                for field, _, decode in kind.own:
                    if field in data:
                        data[field] = decode(data[field])
            return msgspec.convert(data, cls, dec_hook=_decode_value)
        except (msgspec.ValidationError, ValueError, TypeError) as error:
            raise ValueError(f"{name}: {error}") from None

    def _kind(self, cls: type) -> Kind:
        kind = self._kinds.get(cls)
        if kind is None:
            kind = self._kinds[cls] = self._plan(cls)
        return kind

    def _plan(self, cls: type) -> Kind:
        family = self._families.get(cls)
        if family is None:
            raise ValueError(f"{cls.__name__} is not a registered event")
        own = tuple(
            (name, *coders)
            for name, hint in get_type_hints(cls).items()
            if not name.startswith("_") and (coders := _own_coders(hint)) is not None
        )
        omitted = tuple(
            (group,) if isinstance(group, str) else tuple(group)
            for group in getattr(cls, "omitted_when_unset", ())
        )
        name = _write_json(cls.__name__)
        head, alone = b'{"type":' + name + b",", b'{"type":' + name + b"}"
        return Kind(cls, cls.__name__, family, own, omitted, head, alone)


def _reads_itself(hint: object) -> bool:
    return isinstance(hint, type) and hasattr(hint, "from_dict") and hasattr(hint, "to_dict")


def _own_coders(hint: object) -> tuple[Encode, Decode] | None:
    """How a field of type ``hint`` reads and writes itself, if its values do (alone or
    in a tuple); None when msgspec does it all."""
    if _reads_itself(hint):
        cls: Any = hint
        return (lambda value: value.to_dict()), cls.from_dict
    args = get_args(hint)
    if get_origin(hint) is tuple and args[1:] == (Ellipsis,) and _reads_itself(args[0]):
        item: Any = args[0]
        return (
            lambda values: [value.to_dict() for value in values],
            lambda values: tuple(item.from_dict(value) for value in values),
        )
    return None


def _encode_value(value: object) -> object:
    if isinstance(value, Card):
        return str(value)
    raise NotImplementedError(f"an event holds a {type(value).__name__}")


def _decode_value(cls: type, value: object) -> object:
    if cls is Card and isinstance(value, str):
        return parse_card(value)
    if isinstance(value, cls):  # a value that read itself (``own``), or a record
        return value
    raise NotImplementedError(f"{value!r} is not a {cls.__name__}")


# Through JSON and back, in C: tuples come out as lists (``to_builtins`` keeps them tuples).
_write_json = msgspec.json.Encoder(enc_hook=_encode_value).encode
_read_json = msgspec.json.Decoder().decode

EVENTS = EventCodec()
"""The one registry of the core's events (hand, table, tournament), and their codec."""
