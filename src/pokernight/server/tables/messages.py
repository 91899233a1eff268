"""The messages a client may send, as schemas: anything else is refused with a reason.

A table command's message is read from the core's record of the command (decision 61:
``table/commands.py`` says which commands a client may ask for, under what ``type``, with
which fields, types and limits), and decodes into that record with the sender taken from
the connection, never from the message. The room's own messages (chat, deal and pause, a
new invite link, a shuffle contribution) are written here: they are no table commands.

Wire layout (JSON text frames): every client message is an object with a
``type``; intents carry an optional client ``id`` (an int or a short string)
that the server echoes as ``ref`` in its ``ack`` or ``error`` and uses to
apply a resent intent once. ``docs/protocol.md`` lists every message.
"""

from __future__ import annotations

import operator
import re
from dataclasses import MISSING, dataclass, fields
from functools import reduce
from typing import Annotated, Any, Protocol, cast, get_args, get_type_hints

import msgspec
from starlette.exceptions import HTTPException

from pokernight.refusals import Param, RefusalError
from pokernight.server.tables.settings_input import settings_from_json
from pokernight.table import Command, Table, TableSettings
from pokernight.table.commands import ASKED, NEVER, SENDER

PROTOCOL = 1
CLIENT_ID = re.compile(r"-?[0-9]{1,19}|[A-Za-z0-9_.:-]{1,64}")
MAX_MESSAGE_BYTES = 4096
MAX_CHAT_CHARS = 280

# A client id is stored (as JSON) beside the events it caused: plain characters only, so
# that it fits its column escaped or not.
ClientId = (
    Annotated[int, msgspec.Meta(ge=-(2**63), le=2**63 - 1)]
    | Annotated[str, msgspec.Meta(pattern=r"^[A-Za-z0-9_.:-]{1,64}$")]
    | None
)


class RefusedError(RefusalError):
    """An inbound message refused as a whole; ``ref`` is its client id, if it had one.

    The reason may quote the message (a field name, a code): it is kept on one line."""

    def __init__(self, code: str, /, ref: ClientId = None, **params: Param) -> None:
        lines = {name: one_line(v) if isinstance(v, str) else v for name, v in params.items()}
        super().__init__(code, **lines)
        self.ref = ref


class RefusedHTTPError(HTTPException):
    """A request the HTTP API refuses with ``status``, by reason code (``refusals``)."""

    def __init__(self, status: int, code: str, /, **params: Param) -> None:
        self.refusal = RefusalError(code, **params)
        super().__init__(status, str(self.refusal))


def refusal_fields(error: BaseException) -> dict[str, object]:
    """The reason code and parameters the protocol sends beside a refusal's English words
    (docs/protocol.md, "error"); none for an error that is not a refusal."""
    refusal = getattr(error, "refusal", error)  # a lookup that failed carries its refusal
    return refusal.wire() if isinstance(refusal, RefusalError) else {}


def refusal_message(error: BaseException, ref: ClientId = None) -> dict[str, object]:
    """The protocol's ``error`` message for ``error``: its English words, code and params."""
    return {"type": "error", "reason": str(error), **refusal_fields(error), "ref": ref}


def one_line(text: str) -> str:
    """``text`` with every unprintable character (a line break, a control) written escaped."""
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


class Hello(msgspec.Struct, tag="hello", tag_field="type", forbid_unknown_fields=True):
    """``session``: this run of the client (any string it picked at random): request ids
    are its own, so a client that starts again may count them from 1 again."""

    protocol: int
    token: Annotated[str, msgspec.Meta(max_length=128)] | None = None
    # A member's device token: their seat at this table, if they have one (server/identity).
    device: Annotated[str, msgspec.Meta(max_length=128)] | None = None
    last_seq: Annotated[int, msgspec.Meta(ge=0)] = 0
    session: Annotated[str, msgspec.Meta(max_length=64)] = ""


class Intent(msgspec.Struct, tag_field="type", forbid_unknown_fields=True, kw_only=True):
    id: ClientId = None


# What a client asks of the room that is no table command: the room's own (decision 61).


class Chat(Intent, tag="chat"):
    """A chat line: in the room's memory and sent to every page, never a table event."""

    text: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_CHAT_CHARS)]


class Start(Intent, tag="start"):
    """The host's Deal: the room deals hands one after another (``TableActor.running``)."""


class Pause(Intent, tag="pause"):
    """The host's Pause: no hand is dealt after this one."""


class NewInvite(Intent, tag="new_invite"):
    """A new secret for the invite link, kept in the store (the table never holds it)."""


class Contribute(Intent, tag="contribute"):
    """A player's random contribution to the shuffle of ``hand_number``, whose deck was
    committed to ``commitment`` (checked by ``table.check_contribution``, kept in the room's
    memory until the deal mixes it in)."""

    hand_number: int
    commitment: str
    value: str


class Sender(Protocol):
    """Who sent a message, as their connection knows them (``server.connection``)."""

    @property
    def name(self) -> str: ...
    @property
    def invited(self) -> bool: ...
    @property
    def program(self) -> bool: ...


class Asked(Intent):
    """A table command as a client asks for it: one class for each core command with an
    ``intent``, made from the command's record (``_asked``), never written here."""

    def command(self, player_id: str, sender: Sender, table: Table) -> Command:
        """The core's record of this command, asked by ``player_id`` (``sender``) at ``table``."""
        form = _FORMS[type(self)]
        values: dict[str, Any] = {name: getattr(self, name) for name in form.asked}
        for name in form.settings:
            # Keys left out keep the table's values (issue 30: not a new table's defaults).
            values[name] = settings_from_json(values[name], table.upcoming_settings)
        for name in form.of_the_sender:
            values[name] = getattr(sender, name)
        command: Command = form.record(player_id=player_id, **values)
        return command


@dataclass(frozen=True, slots=True)
class _Form:
    """How a message of one kind becomes its command: ``asked``, the record's fields the
    message carries; ``settings``, those of them that are table settings (sent as the keys
    that change); ``of_the_sender``, those the sender's connection fills in."""

    record: type
    asked: tuple[str, ...]
    settings: tuple[str, ...]
    of_the_sender: tuple[str, ...]


_FORMS: dict[type[Asked], _Form] = {}
_ASKED: dict[type, type[Asked]] = {}


def _asked(record: Any) -> type[Asked]:
    """The message of ``record``'s intent: its fields but ``player_id`` (the sender), the
    sender's facts and the server's own, under their wire names, with their types and limits
    (a table's settings: a JSON object)."""
    hints = get_type_hints(record, include_extras=True)
    wire: list[tuple[str, Any, Any]] = []
    asked, settings, of_the_sender = [], [], []
    for spec in fields(record):
        how = spec.metadata.get(ASKED, spec.name)
        if how == SENDER:
            of_the_sender.append(spec.name)
        if spec.name == "player_id" or how in (SENDER, NEVER):
            continue
        kind = hints[spec.name]
        if kind is TableSettings:
            kind = dict[str, Any]
            settings.append(spec.name)
        default = msgspec.NODEFAULT if spec.default is MISSING else spec.default
        named = None if how == spec.name else how
        wire.append((spec.name, kind, msgspec.field(default=default, name=named)))
        asked.append(spec.name)
    message = cast(
        "type[Asked]",
        msgspec.defstruct(
            record.__name__, wire, bases=(Asked,), tag=record.intent, module=__name__
        ),
    )
    form = _Form(record, tuple(asked), tuple(settings), tuple(of_the_sender))
    _FORMS[message] = form
    return message


def asking(record: type, **values: Any) -> Asked:
    """The message of ``record``'s intent with ``values`` (the room's bots ask so)."""
    return _ASKED[record](**values)


for _record in get_args(Command):
    if hasattr(_record, "intent"):
        _ASKED[_record] = _asked(_record)

ROOM_INTENTS: tuple[type[Intent], ...] = (Chat, Start, Pause, NewInvite, Contribute)
INTENTS: tuple[type[Intent], ...] = (*ROOM_INTENTS, *_ASKED.values())
"""Every message a client may send after its hello, the table's commands with the room's."""
AnyIntent: Any = reduce(operator.or_, INTENTS)
"""Their union, as msgspec decodes it (by ``type``)."""


def decode_hello(text: str) -> Hello:
    try:
        return msgspec.convert(_json_object(text), Hello)
    except msgspec.ValidationError as error:
        raise RefusedError("malformed_hello", detail=str(error)) from None
    except RecursionError:
        raise RefusedError("hello_too_deep") from None


_intent_decoder = msgspec.json.Decoder(AnyIntent)
"""Built once: ``msgspec.convert(data, AnyIntent)`` resolved the union's schema on every call,
5% of the server's CPU under load."""


def decode_intent(text: str) -> Intent:
    """The intent in ``text``, or ``RefusedError`` naming what is wrong (size, JSON or schema)."""
    if len(text) <= MAX_MESSAGE_BYTES // 4:  # surely within the limit, even all 4-byte UTF-8
        try:
            intent: Intent = _intent_decoder.decode(text)
            return intent
        except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
            pass  # the slow path below says exactly what is wrong
    data = _json_object(text)
    ref = data.get("id")
    ref = ref if isinstance(ref, int | str) and CLIENT_ID.fullmatch(str(ref)) else None
    try:
        intent = msgspec.convert(data, AnyIntent)
    except msgspec.ValidationError as error:
        raise RefusedError("malformed", ref, detail=str(error)) from None
    except RecursionError:
        raise RefusedError("message_too_deep", ref) from None
    return intent


def _json_object(text: str) -> dict[str, Any]:
    size = len(text.encode())
    if size > MAX_MESSAGE_BYTES:
        raise RefusedError("message_too_large", size=size, most=MAX_MESSAGE_BYTES)
    try:
        data = msgspec.json.decode(text)
    except msgspec.DecodeError:
        raise RefusedError("not_json") from None
    except RecursionError:  # msgspec's own depth guard: a few hundred nested arrays
        raise RefusedError("message_too_deep") from None
    if not isinstance(data, dict):
        raise RefusedError("not_an_object")
    return data
