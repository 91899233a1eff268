"""Fuzzing the WebSocket protocol at a live table: every frame is answered, nothing breaks.

A real server (``serving_app``) runs a no-limit hold'em table with three people
(played passively by their ``TableClient``s, which rebuy and sit back in), two
bots and a spectator, dealing hand after hand. Hypothesis then sends batches of
frames (over a thousand in all), random and mutated, from three places:

- a seated player (a raw WebSocket with player 1's token, beside their client);
- a spectator (a raw WebSocket without a token);
- a stranger: a fresh connection per frame whose first message is the frame, or a
  hello (mostly a wrong one) first, or that asks for a table code that does not exist.

The frames: the intents of ``docs/protocol.md`` (valid, with random ids), intents of
every type with fields drawn mostly of their own kind (settings above all: the deepest
parser), the same mutated field by field and character by character, random JSON,
text matching a JSON-ish pattern, garbage text, deeply nested JSON, frames around the
4 KiB message limit and the 64 KiB frame limit, and binary frames.

After every frame: an answer (an ``ack`` or an ``error`` with a one-line reason; never
an ``ack`` for a spectator or a refused frame) or the socket closed with the expected
code and a reason; silence fails. After every frame and every version the spectator
hears: no traceback (nor error) in the server's log, and the chips are conserved (the
ledger check of ``test_table_ledger``, and the hand's stacks and pots against its
start). After every batch: no face-down card reached anybody but its owner, and a
hand's fairness proof reveals no card its recipient had not seen.

The other tests: text frames that are not UTF-8 (refused by uvicorn, before the app);
a flood under the default rate limits, closed with 1008 and a reason whatever it
sends; and the frames the fuzz once found wrong, sent every time.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import logging
import urllib.parse
from collections import Counter
from collections.abc import Coroutine, Iterator
from contextlib import AsyncExitStack
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st
from starlette.applications import Starlette
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from pokernight.client import ClientError, TableClient
from pokernight.server import ServerConfig
from pokernight.table import Table
from tests.async_helpers import loop_of_its_own
from tests.server_helpers import (
    FAST,
    assert_no_hidden_card_leaked,
    open_table,
    passive,
    serving_app,
)
from tests.test_table_ledger import assert_ledger_balances

Json = dict[str, Any]

TABLE = {
    "variant": "nlhe",
    "stakes": {"small_blind": 5, "big_blind": 10},
    "seats": 6,
    "bot_delay_seconds": 0.1,
    "debt_cap": None,  # the people rebuy whenever they run low: the hands never stop
}
BUY_IN = 1_000
BOT_SEATS = (3, 4)  # the people sit at 0 (the host), 1 and 2; seat 5 stays free
MAX_MESSAGE_BYTES = 4_096  # pokernight.server.tables.messages: larger is "message too large"
MAX_FRAME_BYTES = 65_536  # uvicorn's ws_max_size in serving_app: larger is closed, 1009
# Lifted for the fuzz, so that each frame meets the reader rather than the rate limit.
FUZZ_CONFIG = replace(FAST, rate_capacity=1e9, rate_per_second=1e9, hello_timeout_seconds=1.0)
FLOOD_CONFIG = replace(FAST, hello_timeout_seconds=1.0)  # the default rate limits
ANSWER_SECONDS = 5.0  # longer than this without an answer or a close: silence
BATCH = 12
FUZZ_EXAMPLES = 90
MIN_FRAMES = 1_000
FLOOD = 100  # frames sent at once: beyond 20 at once, 20 refusals and the close
FLOOD_EXAMPLES = 4
UTF8_EXAMPLES = 25
WATCHED_LOGGERS = ("pokernight", "uvicorn.error")


# Frames ----------------------------------------------------------------------------------


class Frame:
    """One WebSocket frame: text, binary, or (``bytes`` sent as text) text that is not UTF-8."""

    __slots__ = ("payload", "text")

    def __init__(self, payload: str | bytes, text: bool = True) -> None:
        self.payload = payload
        self.text = text

    @property
    def data(self) -> bytes:
        return self.payload.encode() if isinstance(self.payload, str) else self.payload

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def utf8(self) -> bool:
        try:
            self.data.decode()
        except UnicodeDecodeError:
            return False
        return True

    @property
    def client_id(self) -> object:
        """The ``id`` of a JSON object (None if it has none or is not one)."""
        if not self.text or not self.utf8:
            return None
        try:
            data = json.loads(self.data)
        except (ValueError, RecursionError):
            return None
        return data.get("id") if isinstance(data, dict) else None

    @property
    def closes_with(self) -> int | None:
        """The close code the frame calls for: too large for a frame, or not UTF-8 text."""
        if self.size > MAX_FRAME_BYTES:
            return 1009
        if self.text and not self.utf8:
            return 1007
        return None

    @property
    def refusal(self) -> str | None:
        """The start of the only reason that may refuse the frame, when there is only one."""
        if not self.text:
            return "binary frames are not part of the protocol"
        if self.size > MAX_MESSAGE_BYTES:
            return "message too large"
        return None

    async def send(self, socket: ClientConnection) -> None:
        if isinstance(self.payload, str):
            await socket.send(self.payload)
        else:
            await socket.send(self.payload, text=self.text)

    def __repr__(self) -> str:
        shown = self.payload[:300]
        more = f"... ({self.size:,} bytes)" if self.size > 300 else ""
        kind = "text" if self.text else "binary"
        return f"{kind} frame {shown!r}{more}"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))  # Hypothesis prints a failing batch: the short form


CORPUS: list[Json] = [  # every intent of docs/protocol.md, valid as the schema has it
    {"type": "sit", "seat": 5, "buy_in": 1_000},
    {"type": "act", "kind": "fold"},
    {"type": "act", "kind": "check"},
    {"type": "act", "kind": "call"},
    {"type": "act", "kind": "bet_or_raise", "amount": 60},
    {"type": "act", "kind": "bring_in", "amount": None},
    {"type": "sit_out"},
    {"type": "sit_in"},
    {"type": "post_big_blind"},
    {"type": "add_chips", "amount": 500},
    {"type": "stand_up"},
    {"type": "chat", "text": "nice hand"},
    {
        "type": "settings",
        "settings": {
            "variant": "plo",
            "betting": "pot-limit",
            "stakes": {"small_blind": 5, "big_blind": 10},
            "seats": 6,
            "min_buy_in": 400,
            "max_buy_in": 2_000,
            "action_seconds": 30,
            "time_bank_seconds": 60,
            "blind_levels": [{"small_blind": 10, "big_blind": 20}],
            "level_minutes": 15,
            "dealers_choice": ["nlhe", "plo"],
            "debt_cap": 1_000,
            "approve_seats": True,
            "bot_delay_seconds": 1.3,
        },
    },
    {"type": "settings", "settings": {"stakes": {"small_blind": 10, "big_blind": 20}}},
    {"type": "start"},
    {"type": "pause"},
    {"type": "transfer_host", "player_id": "2"},
    {"type": "sit_player_out", "player_id": "3"},
    {"type": "correct_stack", "player_id": "2", "stack": 1_500, "reason": "recount"},
    {"type": "set_debt_cap", "player_id": "2", "cap": 1_000},
    {"type": "set_debt_cap", "player_id": "2", "cap": None},
    {"type": "remove_player", "player_id": "3", "reason": "asked to leave"},
    {"type": "let_player_back", "player_id": "3"},
    {"type": "approve_seat", "player_id": "3"},
    {"type": "decline_seat", "player_id": "3"},
    {"type": "add_bot", "seat": 5, "level": "hard", "buy_in": 1_000},
    {"type": "remove_bot", "seat": 3},
    {"type": "sit_bot_in", "seat": 4},
    {"type": "show_cards"},
    {"type": "close_table"},
    {"type": "hello", "protocol": 1, "token": None, "last_seq": 0, "session": "fuzz"},
]
TYPES = [*sorted({str(intent["type"]) for intent in CORPUS}), "welcome", "ack", "error"]
FIELDS = sorted({key for intent in CORPUS for key in intent} | {"protocol", "level", "extra"})
INTERESTING: list[Any] = [
    *(-1, 0, 1, 5, 99, 100, 2**31, 2**53 + 1, 2**63, 2**64, 10**12, 10**12 + 1, 10**40),
    *(-(10**12), -(2**63) - 1, 0.5, -0.0, 1e308, -1e308, 1e-300),
    *("", " ", "0", "-1", "1e3", "fold", "check", "nlhe", "hard", "1", "bot-1", "null"),
    *("x" * 64, "x" * 65, "x" * 281, "\u0000", "\u202e", "\U0001f0a1" * 280, "€" * 100),
    *(None, True, False, [], {}, [[[]]], {"": None}, [None], ["nlhe"] * 30),
]
INTS = st.one_of(
    st.integers(-5, 2_100),
    st.integers(-(2**70), 2**70),
    st.sampled_from([v for v in INTERESTING if type(v) is int]),
)
WIDE_LETTERS = st.characters(min_codepoint=0x80, exclude_categories=("Cs", "Cc"))
WIDE_TEXT = st.one_of(
    st.text(WIDE_LETTERS, max_size=150),
    st.text(WIDE_LETTERS, min_size=40, max_size=150),
    st.builds(lambda letter, count: letter * count, WIDE_LETTERS, st.integers(1, 150)),
)
"""Text that is not ASCII, often longer in UTF-8 than the 123 bytes of a close reason."""
TEXT = st.one_of(
    st.text(max_size=30), WIDE_TEXT, st.sampled_from([v for v in INTERESTING if isinstance(v, str)])
)
JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    INTS,
    st.floats(allow_nan=False, allow_infinity=False),
    TEXT,
    st.sampled_from(INTERESTING),
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=12), inner, max_size=4),
    ),
    max_leaves=12,
)
CLIENT_IDS = st.one_of(st.integers(-(2**70), 2**70), st.text(max_size=70), JSON_SCALARS)


def dumps(value: object, ascii_only: bool = True) -> str:
    return json.dumps(value, ensure_ascii=ascii_only)


def field(known: list[Any], same_kind: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A field's value: a usual one, one of the same kind (to get past the schema to the
    table's own checks), or now and then anything at all."""
    return st.one_of(
        st.sampled_from(known), st.sampled_from(known), same_kind, same_kind, JSON_VALUES
    )


def amounts(*known: int | None) -> st.SearchStrategy[Any]:
    return field(list(known), INTS)


def texts(*known: str | None) -> st.SearchStrategy[Any]:
    return field(list(known), TEXT)


VARIANT_NAMES = ["nlhe", "plhe", "flhe", "nlo", "plo", "stud", "razz", "ftq"]
VARIANTS = st.one_of(st.sampled_from(VARIANT_NAMES), texts(*VARIANT_NAMES))
STAKE_NAMES = [
    *("small_blind", "big_blind", "straddle", "ante", "big_blind_ante"),
    *("bring_in", "small_bet", "big_bet", "raise_cap"),
]
STAKES = st.one_of(
    st.dictionaries(st.sampled_from(STAKE_NAMES), amounts(0, 5, 10, 20, None), max_size=4),
    st.dictionaries(st.sampled_from(STAKE_NAMES), amounts(0, 5, 10, 20, None), max_size=4),
    JSON_VALUES,
)
SECONDS = field([0, 0.5, 30, 60], st.floats(allow_nan=False) | INTS)
SETTING_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "variant": VARIANTS,
    "betting": texts("no-limit", "pot-limit", "fixed-limit", None),
    "stakes": STAKES,
    "seats": amounts(2, 6, 9, 10),
    "min_buy_in": amounts(None, 200, 400),
    "max_buy_in": amounts(None, 1_000, 2_000),
    "max_stack": amounts(None, 2_000, 10_000),
    "action_seconds": SECONDS,
    "time_bank_seconds": SECONDS,
    "blind_levels": st.lists(STAKES, max_size=3) | JSON_VALUES,
    "level_minutes": SECONDS,
    "dealers_choice": st.lists(VARIANTS, max_size=3) | JSON_VALUES,
    "debt_cap": amounts(None, 1_000),
    "approve_seats": field([True, False], st.booleans()),
    "bot_delay_seconds": SECONDS,
}
USUAL_SETTINGS: list[Json] = [
    {},
    {"variant": "plo", "betting": "pot-limit"},
    {"stakes": {"small_blind": 5, "big_blind": 10}, "seats": 9},
    {"variant": "stud", "stakes": {"ante": 5, "bring_in": 10, "small_bet": 20, "big_bet": 40}},
    {"dealers_choice": ["nlhe", "razz"], "level_minutes": 10},
    {"blind_levels": [{"small_blind": 10, "big_blind": 20}], "debt_cap": None},
    {"approve_seats": True, "bot_delay_seconds": 0, "action_seconds": 20},
]


@st.composite
def table_settings(draw: st.DrawFn) -> Any:
    """Usual settings with one or two changed: the table's own checks run only once every
    setting has the right type."""
    settings = dict(draw(st.sampled_from(USUAL_SETTINGS)))
    for name in draw(st.lists(st.sampled_from(sorted(SETTING_VALUES)), max_size=2, unique=True)):
        settings[name] = draw(SETTING_VALUES[name])
    if draw(st.booleans()):  # the nested part, nine amounts: changed half the time
        settings["stakes"] = draw(STAKES)
    return settings


PLAYER_IDS = texts("1", "2", "3", "4", "bot-1", "bot-2")
SEATS = amounts(0, 1, 2, 3, 4, 5, 6, 99, 100)
SCHEMAS: dict[str, dict[str, st.SearchStrategy[Any]]] = {  # pokernight.server.tables.messages
    "sit": {"seat": SEATS, "buy_in": amounts(400, 1_000, 2_000, 10**12)},
    "act": {
        "kind": texts("fold", "check", "call", "bet_or_raise", "bring_in"),
        "amount": amounts(None, 10, 20, 60, 1_000, 2_000),
    },
    "add_chips": {"amount": amounts(100, 500, 1_000, 10**12)},
    "chat": {"text": field(["gg"], TEXT | st.text(min_size=275, max_size=285))},
    "settings": {"settings": st.one_of(table_settings(), table_settings(), JSON_VALUES)},
    "transfer_host": {"player_id": PLAYER_IDS},
    "sit_player_out": {"player_id": PLAYER_IDS},
    "correct_stack": {
        "player_id": PLAYER_IDS,
        "stack": amounts(0, 500, 1_000, 2_000, 10**12),
        "reason": texts("recount", "", " "),
    },
    "set_debt_cap": {"player_id": PLAYER_IDS, "cap": amounts(None, 100, 1_000, 10**12)},
    "remove_player": {"player_id": PLAYER_IDS, "reason": texts("asked to leave", "")},
    "let_player_back": {"player_id": PLAYER_IDS},
    "approve_seat": {"player_id": PLAYER_IDS},
    "decline_seat": {"player_id": PLAYER_IDS},
    "add_bot": {
        "seat": SEATS,
        "level": texts("easy", "medium", "hard"),
        "buy_in": amounts(None, 1_000),
    },
    "remove_bot": {"seat": SEATS},
    "sit_bot_in": {"seat": SEATS},
    "hello": {
        "protocol": amounts(1, 2, 0),
        "token": texts(None, "made-up"),
        "last_seq": amounts(0, 1, 10**9),
        "session": texts("", "fuzz"),
    },
    **{name: {} for name in ("sit_out", "sit_in", "post_big_blind", "stand_up", "start")},
    **{name: {} for name in ("pause", "show_cards", "close_table")},
}


@st.composite
def intents(draw: st.DrawFn) -> Json:
    """A valid intent of the corpus, with a random client id (or none)."""
    intent = dict(draw(st.sampled_from(CORPUS)))
    if intent["type"] != "hello" and draw(st.booleans()):
        intent["id"] = draw(st.integers(min_value=-(2**63), max_value=2**63) | st.text(max_size=64))
    return intent


@st.composite
def typed(draw: st.DrawFn, kind: str | None = None) -> Json:
    """An intent of a known ``kind`` (or any), each field drawn mostly of its own kind, some
    left out or added."""
    kind = kind or draw(st.sampled_from(sorted(SCHEMAS)))
    fields = SCHEMAS[kind]
    intent: Json = draw(
        st.fixed_dictionaries(fields)
        | st.fixed_dictionaries({}, optional={**fields, "extra": JSON_VALUES})
    )
    if draw(st.booleans()):
        intent["id"] = draw(CLIENT_IDS)
    return {"type": kind, **intent}


@st.composite
def mutated(draw: st.DrawFn, base: st.SearchStrategy[Json] | None = None) -> Json:
    """An intent (of ``base``) with one to three changes, at any depth."""
    intent: Json = copy.deepcopy(draw(intents() | typed() if base is None else base))
    for _ in range(draw(st.integers(1, 3))):
        container: Any = intent
        while True:  # walk down: a field of the intent, or of its settings, stakes...
            keys = list(container) if isinstance(container, dict) else list(range(len(container)))
            if not keys:
                break
            key = draw(st.sampled_from(keys))
            if isinstance(container[key], dict | list) and container[key] and draw(st.booleans()):
                container = container[key]
                continue
            break
        change = draw(st.sampled_from(["set", "set", "delete", "add", "retype"]))
        # Copies: a later change must not reach into INTERESTING's lists and dicts.
        if change == "set" and keys:
            container[key] = copy.deepcopy(draw(st.sampled_from(INTERESTING) | JSON_VALUES))
        elif change == "delete" and keys:
            del container[key]
        elif change == "add" and isinstance(container, dict):
            name = draw(st.sampled_from(FIELDS) | TEXT)
            container[name] = copy.deepcopy(draw(JSON_VALUES))
        elif change == "retype":
            intent["type"] = draw(st.sampled_from(TYPES) | JSON_SCALARS)
    return intent


@st.composite
def mangled(draw: st.DrawFn) -> str:
    """The text of an intent cut, spliced or repeated at random places."""
    text = dumps(draw(intents() | typed()), ascii_only=draw(st.booleans()))
    start = draw(st.integers(0, len(text)))
    end = draw(st.integers(start, len(text)))
    change = draw(st.sampled_from(["cut", "insert", "delete", "repeat", "swap"]))
    if change == "cut":
        return text[:start]
    if change == "insert":
        return text[:start] + draw(st.text(min_size=1, max_size=5)) + text[start:]
    if change == "delete":
        return text[:start] + text[end:]
    if change == "repeat":
        return text[:end] + text[start:end] * draw(st.integers(1, 4)) + text[end:]
    return text.replace('"', "'") if start % 2 else text.replace(":", "=")


@st.composite
def typed_junk(draw: st.DrawFn) -> Json:
    """A known type, or text, with random fields."""
    fields = draw(st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), JSON_VALUES))
    return {**fields, "type": draw(st.sampled_from(TYPES) | TEXT)}


JSONISH = (
    r'\{"type": ?"[a-z_]{0,14}"'
    r'(, ?"[a-z_]{1,9}": ?(-?[0-9]{1,30}(\.[0-9]{1,5})?([eE][+-]?[0-9]{1,4})?'
    r'|"([a-z0-9 €]|\\u[0-9a-fA-F]{4}|\\[nt"\\])*"|null|true|false|NaN|-?Infinity|\[\]|\{\}))*\}'
)


@st.composite
def nested(draw: st.DrawFn) -> str:
    """JSON (or nearly) nested a few to thousands of levels deep."""
    depth = draw(st.integers(1, 3_000) | st.sampled_from([100, 127, 128, 255, 256, 1_000, 1_025]))
    inner = "[" * depth + "]" * depth
    forms = [
        "[" * depth,
        inner,
        '{"a":' * depth + "1" + "}" * depth,
        '{"type": "chat", "text": "x", "id": ' + inner + "}",
        '{"type": "settings", "settings": {"stakes": '
        + '{"a": ' * depth
        + "1"
        + "}" * depth
        + "}}",
        '{"type": "act", "kind": "call", "amount": ' + inner + "}",
    ]
    return draw(st.sampled_from(forms))


@st.composite
def sized(draw: st.DrawFn) -> Frame:
    """A frame about the message limit (4 KiB) or the frame limit (64 KiB)."""
    size = draw(
        st.integers(1_000, 5_000)
        | st.integers(4_000, 70_000)
        | st.sampled_from([1_024, 1_025, 4_096, 4_097, 65_535, 65_536, 65_537, 70_000])
    )
    kind = draw(st.sampled_from(["chat", "wide chat", "text", "nested", "binary"]))
    if kind == "binary":
        return Frame(b"\x00" * size, text=False)
    if kind == "text":
        return Frame("x" * size)
    if kind == "nested":
        return Frame("[" * size)
    letter = "€" if kind == "wide chat" else "x"  # 3 bytes: past the fast path's count
    head = dumps({"type": "chat", "id": 1, "text": ""})
    count = max((size - len(head)) // len(letter.encode()), 0)
    return Frame(dumps({"type": "chat", "id": 1, "text": letter * count}, ascii_only=False))


@st.composite
def not_utf8(draw: st.DrawFn) -> Frame:
    """A text frame whose bytes are not UTF-8: a valid intent with a bad byte inside."""
    text = dumps(draw(intents())).encode()
    at = draw(st.integers(0, len(text)))
    bad = draw(st.sampled_from([b"\xff", b"\xc0\x80", b"\xed\xa0\x80", b"\xe2\x82", b"\x80"]))
    return Frame(text[:at] + bad + text[at:], text=True)


SPECIAL = [
    "",
    " ",
    "null",
    "0",
    "[]",
    "{}",
    '""',
    '{"type": null}',
    '{"type": 1}',
    '{"type": "chat", "type": "sit", "seat": 1, "buy_in": 500, "text": "x"}',
    '{"type": "chat", "text": "\\ud800"}',
    '{"type": "chat", "text": "x", "id": 1e400}',
    '{"type": "act", "kind": "bet_or_raise", "amount": NaN}',
    '{"type": "add_chips", "amount": 1e2}',
    '{"type": "add_chips", "amount": 100.0}',
    '{"type": "add_chips", "amount": 9999999999999999999999999999}',
    '\ufeff{"type": "chat", "text": "bom"}',
    '{"type": "chat", "text": "x"} trailing',
    '{"type": "chat", "text": "x"}{"type": "chat", "text": "y"}',
    '{"type": "hello", "protocol": 1}',
    '{"type": "welcome", "protocol": 1}',
]

TEXT_FRAMES: st.SearchStrategy[Frame] = st.one_of(
    intents().map(lambda intent: Frame(dumps(intent))),
    intents().map(lambda intent: Frame(dumps(intent))),
    typed().map(lambda intent: Frame(dumps(intent))),
    typed().map(lambda intent: Frame(dumps(intent, ascii_only=False))),
    typed("settings").map(lambda intent: Frame(dumps(intent))),
    typed("settings").map(lambda intent: Frame(dumps(intent, ascii_only=False))),
    mutated(typed("settings")).map(lambda intent: Frame(dumps(intent))),
    mutated().map(lambda intent: Frame(dumps(intent))),
    mutated().map(lambda intent: Frame(dumps(intent, ascii_only=False))),
    mangled().map(Frame),
    typed_junk().map(lambda junk: Frame(dumps(junk))),
    JSON_VALUES.map(lambda value: Frame(dumps(value))),
    st.from_regex(JSONISH, fullmatch=True).map(Frame),
    st.text(max_size=200).map(Frame),
    nested().map(Frame),
    st.sampled_from(SPECIAL).map(Frame),
)
"""Text frames of at most a few KiB: the frames of a flood."""

FRAMES: st.SearchStrategy[Frame] = st.one_of(
    TEXT_FRAMES,
    TEXT_FRAMES,
    TEXT_FRAMES,
    sized(),
    st.binary(max_size=200).map(lambda data: Frame(data, text=False)),
    intents().map(lambda intent: Frame(dumps(intent).encode(), text=False)),
)
"""Every kind of frame but text that is not UTF-8 (uvicorn's to refuse: its own test)."""


@dataclass(frozen=True)
class Stranger:
    """Somebody with no seat token: ``hello`` first (None: the frame is the first message),
    at table ``code`` (None: the live table's)."""

    hello: str | None = None
    code: str | None = None


HELLO = {"type": "hello", "protocol": 1}
HELLOS = st.one_of(
    typed("hello").map(dumps),
    typed("hello").map(lambda hello: dumps(hello, ascii_only=False)),
    mutated(st.just(HELLO)).map(dumps),
    TEXT.map(lambda token: dumps({**HELLO, "token": token})),
)
"""First messages of somebody who has no seat (a welcome for a spectator's hello)."""
STRANGERS: st.SearchStrategy[Stranger] = st.one_of(
    st.just(Stranger()),
    st.builds(Stranger, hello=HELLOS),
    st.builds(
        Stranger,
        code=st.from_regex(r"[0-9]{4}", fullmatch=True)
        | st.text(st.characters(exclude_categories=("Cs", "Cc")), min_size=1, max_size=60)
        | WIDE_TEXT.filter(bool),
    ),
)
Sender = tuple[str, Stranger | None]
SENDERS: st.SearchStrategy[Sender] = st.one_of(
    st.just(("player", None)),
    st.just(("player", None)),
    st.just(("player", None)),
    st.just(("spectator", None)),
    STRANGERS.map(lambda stranger: ("stranger", stranger)),
)
Batch = list[tuple[Sender, Frame]]
BATCHES: st.SearchStrategy[Batch] = st.lists(
    st.tuples(SENDERS, FRAMES), min_size=BATCH, max_size=BATCH
)


# Checks ----------------------------------------------------------------------------------


def assert_chips_conserved(table: Table) -> None:
    """The ledger balances (chips at the table plus chips cashed out equal chips bought in,
    ``test_table_ledger``), and the hand in play holds every chip it started with."""
    assert_ledger_balances(table)
    hand, started = table.hand, table.started
    if hand is not None and started is not None:
        assert sum(hand.stacks) + hand.total_pot == sum(started.stacks), (
            f"hand {started.hand_number}: stacks {hand.stacks} and {hand.total_pot} in the "
            f"pots, from {started.stacks}"
        )
        assert sum(pot.amount for pot in hand.pots) == sum(hand.contributed)


def assert_proofs_reveal_only_seen(client: TableClient) -> None:
    """Each hand's fairness proof reveals only cards the recipient was shown in that hand."""
    seen: set[str] = set()
    for frame in client.frames:
        if frame.get("type") == "snapshot":
            hand = frame["hand"]
            events = [] if hand is None else hand["events"]
            seen = {card for event in events for card in event.get("cards") or ()}
        if frame.get("type") == "HandDealt":
            seen = set()
        seen |= {card for event in frame.get("hand") or () for card in event.get("cards") or ()}
        if frame.get("type") == "CardsShownByChoice":
            seen |= set(frame["cards"])
        fairness = frame.get("fairness")
        if frame.get("type") == "HandFinished" and fairness is not None:
            revealed = {item["card"] for item in fairness["revealed"]}
            assert revealed <= seen, (
                f"{client.state.player_id or 'a spectator'} had {sorted(revealed - seen)} "
                f"revealed in hand {frame['hand_number']} without seeing them"
            )


def assert_no_card_leaked(client: TableClient, own_cards: bool | None) -> None:
    """``own_cards``: the client must have been dealt some (True), none (False), either."""
    dealt = assert_no_hidden_card_leaked(client)
    if own_cards is not None:
        assert (dealt > 0) == own_cards, f"{client.state.player_id}: {dealt} own cards seen"
    assert_proofs_reveal_only_seen(client)


def check_answer(who: str, frame: Frame, answer: Json | Closed) -> None:
    """An ``ack`` or an error with a reason, or a close with a code and a reason."""
    where = f"{who} sent {frame!r}"
    if isinstance(answer, Closed):
        assert answer.code == frame.closes_with, f"{where}: closed {answer}"
        assert answer.reason, f"{where}: closed {answer} without a reason"
        return
    assert frame.closes_with is None, f"{where}: answered {answer}, not closed"
    sent_id = frame.client_id
    if answer["type"] == "ack":
        assert who == "player", f"{where}: acknowledged {answer}"
        assert frame.refusal is None, f"{where}: acknowledged {answer}"
        assert answer["ref"] == sent_id and isinstance(answer["v"], int), f"{where}: {answer}"
        return
    reason = answer.get("reason")
    assert isinstance(reason, str) and reason.strip(), f"{where}: no reason in {answer}"
    assert "\n" not in reason and "Traceback" not in reason, f"{where}: {answer}"
    assert answer.get("ref") in (None, sent_id), f"{where}: {answer} answers another id"
    if frame.refusal is not None:
        assert reason.startswith(frame.refusal), f"{where}: {answer}"


class LogWatch(logging.Handler):
    """Warnings and worse from the server's loggers (uvicorn's do not reach the root)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def bad(self) -> list[str]:
        """The records with a traceback (or worse than a warning) since the last call."""
        records, self.records = self.records, []
        return [
            f"{record.name} {record.levelname}: {self.format(record)}"
            for record in records
            if record.exc_info is not None
            or record.levelno >= logging.ERROR
            or "Traceback" in record.getMessage()
        ]


# The room --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Closed:
    code: int | None
    reason: str | None


class Watcher(TableClient):
    """A spectator that checks the chips, on the server and in what it is told, at every
    version it hears (a failed check is kept: the reader task must go on)."""

    def __init__(self, url: str, code: str, room: Room) -> None:
        super().__init__(url, code)
        self.room = room
        self.problems: list[str] = []
        self.started_with: int | None = None

    def on_message(self, message: Json) -> None:
        if "v" not in message:
            return
        try:
            assert_chips_conserved(self.room.table)
            self._check_public_chips(message)
        except AssertionError as error:
            self.problems.append(f"after version {message['v']} ({message.get('type')}): {error}")

    def _check_public_chips(self, message: Json) -> None:
        kind = message.get("type")
        if kind == "HandDealt":
            self.started_with = sum(message["stacks"])
        status = message.get("status")
        if self.started_with is not None and status is not None and status["to_act"] is not None:
            chips = sum(status["stacks"]) + sum(status["pots"])
            assert chips == self.started_with, f"{status} of {self.started_with} chips"
        if kind == "HandFinished" and self.started_with is not None:
            assert sum(message["stacks"]) == self.started_with, message


class Peer:
    """A raw WebSocket of a player (``token``) or a spectator, opened again when closed."""

    def __init__(self, url: str, code: str, token: str | None, player_id: str | None) -> None:
        self.address = url.replace("http", "ws", 1) + f"/ws/{code}"
        self.token = token
        self.frames: list[Json] = []
        self.recorder = TableClient(url, code)  # its ``frames``: what this peer was sent
        self.recorder.frames = self.frames
        self.recorder.state.player_id = player_id
        self.socket: ClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.answers: asyncio.Queue[Json | Closed] = asyncio.Queue()
        self.version = 0

    async def open(self) -> None:
        self.socket = await connect(self.address, max_size=2**22)
        hello = {"type": "hello", "protocol": 1, "token": self.token, "last_seq": self.version}
        await self.socket.send(dumps(hello))
        welcome = json.loads(await self.socket.recv())
        assert welcome["type"] == "welcome", welcome
        self.reader = asyncio.get_running_loop().create_task(self._read(self.socket))

    async def _read(self, socket: ClientConnection) -> None:
        try:
            async for text in socket:
                message: Json = json.loads(text)
                self.frames.append(message)
                self.version = max(self.version, message.get("v", 0))
                if message.get("type") in ("ack", "error"):
                    self.answers.put_nowait(message)
        except ConnectionClosed:
            pass
        finally:
            self.answers.put_nowait(Closed(socket.close_code, socket.close_reason))

    async def exchange(self, frame: Frame) -> Json | Closed:
        """Send ``frame``: its answer, or how the socket was closed."""
        if self.socket is None:
            await self.open()
        assert self.socket is not None
        assert self.answers.empty(), f"an answer to nothing: {self.answers.get_nowait()}"
        with contextlib.suppress(ConnectionClosed):  # closed at once: the close answers
            await frame.send(self.socket)
        try:
            answer = await asyncio.wait_for(self.answers.get(), ANSWER_SECONDS)
        except TimeoutError:
            raise AssertionError(f"no answer to {frame!r} in {ANSWER_SECONDS} s") from None
        if isinstance(answer, Closed):
            await self.close()
        return answer

    async def flood(self, frames: list[Frame]) -> tuple[list[Json], Closed | None]:
        """Send every frame at once, on a new socket; what came back, and the close (None:
        still open after ``ANSWER_SECONDS``)."""
        await self.close()
        await self.open()
        assert self.socket is not None
        for frame in frames:
            try:
                await frame.send(self.socket)
            except ConnectionClosed:
                break
        answers: list[Json] = []
        try:
            async with asyncio.timeout(ANSWER_SECONDS):
                while True:
                    answer = await self.answers.get()
                    if isinstance(answer, Closed):
                        await self.close()
                        return answers, answer
                    answers.append(answer)
        except TimeoutError:
            await self.close()
            return answers, None

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self.reader is not None:
            await self.reader
        self.socket = self.reader = None
        self.answers = asyncio.Queue()


async def autoplay(client: TableClient, seat: int) -> None:
    """Play passively at each turn; between hands, sit down again, sit in, rebuy."""
    while True:
        event = await client.next_event()
        with contextlib.suppress(ClientError, ConnectionClosed):
            if client.state.my_turn and client.state.legal is not None:
                await passive(client)
            elif event.get("type") in ("HandFinished", "PlayerLeft", "SatOut"):
                mine = client.state.my_seat
                if mine is None:
                    await client.sit(seat, BUY_IN)
                elif client.state.seats[mine]["sitting_out"]:
                    await client.sit_in()
                elif client.state.seats[mine]["stack"] < BUY_IN // 2:
                    await client.add_chips(BUY_IN // 2)


async def knock_silently(address: str) -> Closed:
    """A stranger who connects and says nothing: told why, and closed."""
    async with connect(address) as socket:
        message = json.loads(await asyncio.wait_for(socket.recv(), ANSWER_SECONDS))
        assert message["type"] == "error" and message["reason"].startswith("no hello"), message
        with contextlib.suppress(ConnectionClosed):
            await asyncio.wait_for(socket.recv(), ANSWER_SECONDS)
        return Closed(socket.close_code, socket.close_reason)


class Room:
    """One live table on a real server, its players, a spectator and the raw sockets."""

    def __init__(self, url: str, app: Starlette, code: str, clients: list[TableClient]) -> None:
        self.url = url
        self.app = app
        self.code = code
        self.clients = clients
        self.spectator = Watcher(url, code, self)
        self.log = LogWatch()
        self.raw_player = Peer(url, code, clients[1].token, clients[1].player_id)
        self.raw_spectator = Peer(url, code, None, None)
        self.tasks: list[asyncio.Task[None]] = []
        self.loop = asyncio.get_running_loop()
        self.frames = 0
        self.closes: dict[int | None, int] = {}
        self.answers = {"ack": 0, "error": 0}

    @property
    def table(self) -> Table:
        table: Table = self.app.state.lobby.actor(self.code).table
        return table

    @classmethod
    async def open(cls, stack: AsyncExitStack, tmp_path: Path, config: ServerConfig) -> Room:
        url, app = await stack.enter_async_context(serving_app(tmp_path, config))
        code, clients = await open_table(url, TABLE, players=3)
        room = cls(url, app, code, clients)
        for name in WATCHED_LOGGERS:  # after uvicorn set its logging up
            logging.getLogger(name).addHandler(room.log)
            stack.callback(logging.getLogger(name).removeHandler, room.log)
        stack.push_async_callback(room.leave)
        await room.spectator.watch()
        for seat, client in enumerate(clients):
            await client.sit(seat, BUY_IN)
        for seat, level in zip(BOT_SEATS, ("easy", "medium"), strict=True):
            await clients[0].request({"type": "add_bot", "seat": seat, "level": level})
        await clients[0].start()
        await room.spectator.wait_for(lambda event: event.get("type") == "HandDealt")
        room.spectator.events_kept = 0  # nobody reads them: keep the frames only
        room.tasks = [room.loop.create_task(autoplay(c, n)) for n, c in enumerate(clients)]
        return room

    async def leave(self) -> None:
        for peer in (self.raw_player, self.raw_spectator):
            await peer.close()
        # Disconnected first: a request cancelled while it waits for its answer leaves a
        # cancelled future, on which the client's reader fails when the answer comes.
        for client in [*self.clients, self.spectator]:
            await client.disconnect()
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def send(self, sender: Sender, frame: Frame) -> None:
        """Send ``frame``, check its answer, the log and the chips."""
        who, stranger = sender
        self.frames += 1
        wrong: AssertionError | None = None
        try:
            if stranger is not None:
                await self.stranger(stranger, frame)
            else:
                await self.exchange(who, frame)
        except AssertionError as error:
            wrong = error
        await asyncio.sleep(0)  # the server's log lines for this frame, if any
        self.check_log(wrong, f"{who} sent {frame!r}")
        assert not self.spectator.problems, self.spectator.problems
        assert_chips_conserved(self.table)

    def check_log(self, wrong: AssertionError | None, what: str) -> None:
        """No traceback logged (``wrong``: the frame's answer was wrong, said with the log)."""
        bad = self.log.bad()
        if bad:
            lines = "\n".join(bad)
            raise AssertionError(
                f"{wrong or what + ' (or just before)'}; the server logged:\n{lines}"
            )
        if wrong is not None:
            raise wrong

    async def exchange(self, who: str, frame: Frame) -> None:
        peer = self.raw_player if who == "player" else self.raw_spectator
        answer = await peer.exchange(frame)
        check_answer(who, frame, answer)
        if isinstance(answer, Closed):
            self.closes[answer.code] = self.closes.get(answer.code, 0) + 1
        else:
            self.answers[answer["type"]] += 1

    async def send_all(self, batch: Batch) -> None:
        self.log.bad()  # what a failed batch left there was reported with it
        for sender, frame in batch:
            await self.send(sender, frame)
        await asyncio.sleep(0.01)
        self.check_log(None, f"the batch of {len(batch)} frames")
        self.check_cards()

    async def stranger(self, stranger: Stranger, frame: Frame) -> None:
        """A new connection with no seat token: refused with a reason and closed, unless it
        said a spectator's hello (then welcome)."""
        code = self.code if stranger.code is None else urllib.parse.quote(stranger.code, safe="")
        where = f"a stranger at /ws/{code} sent {stranger.hello!r}, then {frame!r}"
        messages: list[Json] = []
        try:
            address = self.url.replace("http", "ws", 1) + f"/ws/{code}"
            # max_queue=None: unread versions after a welcome must not hold the close up.
            async with connect(address, max_queue=None) as socket:
                with contextlib.suppress(ConnectionClosed):  # refused already: read why
                    if stranger.hello is not None:
                        await socket.send(stranger.hello)
                    await frame.send(socket)
                try:
                    async with asyncio.timeout(ANSWER_SECONDS):
                        async for text in socket:
                            messages.append(json.loads(text))
                            if messages[0]["type"] == "welcome":
                                break  # a spectator's hello: welcomed like one
                except ConnectionClosed:
                    pass
                except TimeoutError:
                    raise AssertionError(f"{where}: no answer, no close, {messages}") from None
                closed = Closed(socket.close_code, socket.close_reason)
        except InvalidStatus as refused:  # a path that is no table route: HTTP says no
            assert refused.response.status_code in (403, 404), f"{where}: {refused}"
            return
        if messages and messages[0]["type"] == "welcome":  # it said a spectator's hello
            assert stranger.code in (None, self.code), where
            return
        self.closes[closed.code] = self.closes.get(closed.code, 0) + 1
        assert closed.reason, f"{where}: closed {closed} without a reason, after {messages}"
        if closed.code in (1007, 1009):  # a frame refused by the WebSocket layer itself
            assert closed.code == frame.closes_with, f"{where}: closed {closed}"
            return
        assert closed.code in (4400, 4404), f"{where}: closed {closed} after {messages}"
        assert len(messages) == 1 and messages[0]["type"] == "error", f"{where}: {messages}"
        assert messages[0]["ref"] is None and messages[0]["reason"].startswith(closed.reason)

    def check_cards(self) -> None:
        assert_no_card_leaked(self.spectator, own_cards=False)
        assert_no_card_leaked(self.raw_spectator.recorder, own_cards=False)
        for client in self.clients:
            assert_no_card_leaked(client, own_cards=True)
        assert_no_card_leaked(self.raw_player.recorder, own_cards=None)

    def run(self, scenario: Coroutine[Any, Any, None]) -> None:
        self.loop.run_until_complete(asyncio.wait_for(scenario, 120))

    def run_for(self, task: asyncio.Task[Closed]) -> Closed:
        return self.loop.run_until_complete(asyncio.wait_for(task, ANSWER_SECONDS))

    async def check_cards_soon(self) -> None:
        await asyncio.sleep(0)
        self.check_cards()


@contextlib.contextmanager
def live_room(tmp_path: Path, config: ServerConfig) -> Iterator[Room]:
    """A ``Room`` on an event loop of its own, which runs only while a batch is sent."""
    with loop_of_its_own(lambda stack: Room.open(stack, tmp_path, config)) as (room, _):
        yield room


FUZZ_SETTINGS = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    # No shrinking: each failure names its frame, and a replay at the live table is slow.
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# The tests -------------------------------------------------------------------------------

PLAYER: Sender = ("player", None)
SPECTATOR: Sender = ("spectator", None)
STRANGER: Sender = ("stranger", Stranger())


@pytest.mark.slow
def test_fuzzed_frames_at_a_live_table_are_answered_and_change_nothing_unseen(
    tmp_path: Path,
) -> None:
    with live_room(tmp_path, FUZZ_CONFIG) as room:
        silent = room.loop.create_task(knock_silently(room.raw_player.address))

        @FUZZ_SETTINGS
        @given(batch=BATCHES)
        @example(  # the frames the issue names, once for sure
            batch=[
                (PLAYER, Frame("[" * 1_000)),
                (PLAYER, Frame("x" * 70_000)),
                (PLAYER, Frame(b"\x00\x01", text=False)),
                (PLAYER, Frame('{"type": "sit", "id": 7, "seat": "x"}')),
                (PLAYER, Frame('{"type": "act", "id": 8, "kind": "raise", "amount": -5}')),
                (PLAYER, Frame('{"type": "add_chips", "id": "a", "amount": 1000000000001}')),
                (PLAYER, Frame('{"type": "teleport", "id": 9}')),
                (SPECTATOR, Frame('{"type": "act", "id": 10, "kind": "fold"}')),
                (SPECTATOR, Frame("[" * 1_000)),
                (STRANGER, Frame("{sit down")),
                (STRANGER, Frame(dumps({"type": "hello", "protocol": 1, "token": "made-up"}))),
                (
                    ("stranger", Stranger(dumps({"type": "hello", "protocol": 1}), code="0")),
                    Frame('{"type": "act", "kind": "fold"}'),
                ),
            ]
        )
        def one_batch(batch: Batch) -> None:
            room.run(room.send_all(batch))

        try:
            one_batch()
            closed = room.run_for(silent)
        finally:
            silent.cancel()
        assert closed.code == 4400 and closed.reason, closed
        hands = room.table.hand_number
    assert room.frames >= MIN_FRAMES, room.frames
    assert room.answers["ack"] > 0 and room.answers["error"] > 0, room.answers
    assert hands >= 3, f"only {hands} hands were dealt while the frames came"


FOUND: list[tuple[Sender, Frame]] = [  # what the fuzz found once, sent every time
    # settings_from_json let a ValueError out (Stakes, BettingStructure): no answer, and
    # "ERROR pokernight.server.tables.actor: table NNNN" with the traceback.
    (PLAYER, Frame('{"type": "settings", "id": 1, "settings": {"betting": "x"}}')),
    (PLAYER, Frame('{"type": "settings", "id": 2, "settings": {"stakes": {"small_blind": -5}}}')),
    (PLAYER, Frame('{"type": "settings", "id": 3, "settings": {"stakes": {"raise_cap": 0}}}')),
    (PLAYER, Frame('{"type": "settings", "id": 4, "settings": {"blind_levels": [{"ante": -1}]}}')),
    # A refusal that quotes the stranger, cut to 120 characters: more than the 123 bytes
    # of a close reason. websockets raises ProtocolError("control frame too long"),
    # uvicorn logs "Exception in ASGI application", the socket drops (1006, no reason).
    (STRANGER, Frame(dumps({"type": "\u20ac" * 60}))),
    (STRANGER, Frame(dumps({**HELLO, "\u20ac" * 60: 1}))),
    (("stranger", Stranger(code="\u20ac" * 40)), Frame(dumps(HELLO))),
    # A refusal that quotes a field name with a line break in it: two lines of reason.
    (PLAYER, Frame(dumps({"type": "remove_bot", "\n\u007f\u00b5a": {}}))),
    (("stranger", Stranger(code="12\n34")), Frame(dumps(HELLO))),
]


def test_the_frames_the_fuzz_found_are_answered(tmp_path: Path) -> None:
    wrong: list[str] = []
    with live_room(tmp_path, FUZZ_CONFIG) as room:
        for sender, frame in FOUND:
            try:
                room.run(room.send(sender, frame))
            except AssertionError as error:
                wrong.append(str(error))
        room.run(room.check_cards_soon())
    assert not wrong, f"{len(wrong)} of {len(FOUND)} frames:\n\n" + "\n\n".join(wrong)


def test_a_text_frame_that_is_not_utf8_is_closed_with_a_reason_and_no_traceback(
    tmp_path: Path,
) -> None:
    with live_room(tmp_path, FUZZ_CONFIG) as room:

        @settings(FUZZ_SETTINGS, max_examples=UTF8_EXAMPLES)
        @given(sender=SENDERS, frame=not_utf8())
        def one_frame(sender: Sender, frame: Frame) -> None:
            room.run(room.send(sender, frame))

        one_frame()
        room.run(room.check_cards_soon())


FLOOD_FRAMES = {
    "text": TEXT_FRAMES,
    "binary": st.binary(max_size=200).map(lambda data: Frame(data, text=False)),
}


@pytest.mark.parametrize("kind", sorted(FLOOD_FRAMES))
def test_a_flood_beyond_the_rate_limit_is_closed_with_a_reason(tmp_path: Path, kind: str) -> None:
    with live_room(tmp_path, FLOOD_CONFIG) as room:

        @settings(FUZZ_SETTINGS, max_examples=FLOOD_EXAMPLES)
        @given(
            who=st.sampled_from(["player", "spectator"]),
            frames=st.lists(FLOOD_FRAMES[kind], min_size=10, max_size=10).map(
                lambda frames: (frames * FLOOD)[:FLOOD]  # a hundred frames are too many to draw
            ),
        )
        def one_flood(who: str, frames: list[Frame]) -> None:
            async def flood_once() -> None:
                peer = room.raw_player if who == "player" else room.raw_spectator
                answers, closed = await peer.flood(frames)
                reasons = Counter(answer.get("reason", answer["type"]) for answer in answers)
                where = f"{who} sent {len(frames)} {kind} frames at once, answered {reasons}"
                assert closed == Closed(1008, "too many messages: closed"), f"{where}: {closed}"
                for answer in answers:
                    assert answer["type"] == "ack" or answer["reason"], where
                bad = room.log.bad()
                assert not bad, "\n".join(bad)
                assert_chips_conserved(room.table)
                room.frames += len(frames)

            room.run(flood_once())

        one_flood()
        room.run(room.check_cards_soon())
    assert room.frames >= FLOOD * FLOOD_EXAMPLES
