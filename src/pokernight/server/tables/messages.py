"""The messages a client may send, as schemas: anything else is refused with a reason.

Wire layout (JSON text frames): every client message is an object with a
``type``; intents carry an optional client ``id`` (an int or a short string)
that the server echoes as ``ref`` in its ``ack`` or ``error`` and uses to
apply a resent intent once. ``docs/protocol.md`` lists every message.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

import msgspec

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
Chips = Annotated[int, msgspec.Meta(ge=0, le=10**12)]
Discards = Annotated[
    tuple[Annotated[str, msgspec.Meta(max_length=3)], ...], msgspec.Meta(max_length=5)
]
SeatNumber = Annotated[int, msgspec.Meta(ge=0, le=99)]


class RefusedError(ValueError):
    """An inbound message refused as a whole; ``ref`` is its client id, if it had one.

    The reason may quote the message (a field name, a code): it is kept on one line."""

    def __init__(self, reason: str, ref: ClientId = None) -> None:
        super().__init__(one_line(reason))
        self.ref = ref


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


class Sit(Intent, tag="sit"):
    seat: SeatNumber
    buy_in: Chips


class Act(Intent, tag="act"):
    kind: str
    amount: Chips | None = None
    cards: Discards = ()  # a draw's discards ("Ah"; none: stand pat)


class SitOut(Intent, tag="sit_out"):
    pass


class SitIn(Intent, tag="sit_in"):
    pass


class PostBigBlind(Intent, tag="post_big_blind"):
    pass


class Straddle(Intent, tag="straddle"):
    on: bool


class AddChips(Intent, tag="add_chips"):
    amount: Chips


class StandUp(Intent, tag="stand_up"):
    pass


class Chat(Intent, tag="chat"):
    text: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_CHAT_CHARS)]


class ChangeSettings(Intent, tag="settings"):
    settings: dict[str, Any]


class Start(Intent, tag="start"):
    pass


class Pause(Intent, tag="pause"):
    pass


class TransferHost(Intent, tag="transfer_host"):
    player_id: Annotated[str, msgspec.Meta(max_length=64)]


PlayerId = Annotated[str, msgspec.Meta(max_length=64)]


class SitPlayerOut(Intent, tag="sit_player_out"):
    player_id: PlayerId


# The host's reason, as long as a chat line at most: the table says how long it may be
# (``table.host_commands.REASON_CHARS``), in words, when it is too long.
Reason = Annotated[str, msgspec.Meta(max_length=MAX_CHAT_CHARS)]


class CorrectStack(Intent, tag="correct_stack"):
    player_id: PlayerId
    stack: Chips
    reason: Reason


class SetDebtCap(Intent, tag="set_debt_cap"):
    """The host's cap on what ``player_id`` may owe, in place of the table's (None: the
    table's again)."""

    player_id: PlayerId
    cap: Chips | None


class RemovePlayer(Intent, tag="remove_player"):
    player_id: PlayerId
    reason: Reason


class LetPlayerBack(Intent, tag="let_player_back"):
    player_id: PlayerId


class ApproveSeat(Intent, tag="approve_seat"):
    player_id: PlayerId


class DeclineSeat(Intent, tag="decline_seat"):
    player_id: PlayerId


class ApproveRebuy(Intent, tag="approve_rebuy"):
    player_id: PlayerId


class DeclineRebuy(Intent, tag="decline_rebuy"):
    player_id: PlayerId


class AddBot(Intent, tag="add_bot"):
    seat: SeatNumber
    level: Annotated[str, msgspec.Meta(max_length=16)]
    buy_in: Chips | None = None


class RemoveBot(Intent, tag="remove_bot"):
    seat: SeatNumber


class SitBotIn(Intent, tag="sit_bot_in"):
    seat: SeatNumber


CardText = Annotated[str, msgspec.Meta(max_length=8)]


class ShowCards(Intent, tag="show_cards"):
    """``cards``: only these of the player's cards (one card, say); None: all of them."""

    cards: Annotated[list[CardText], msgspec.Meta(max_length=7)] | None = None


class RabbitHunt(Intent, tag="rabbit_hunt"):
    pass


class CallBombPot(Intent, tag="call_bomb_pot"):
    pass


class CloseTable(Intent, tag="close_table"):
    pass


class NewInvite(Intent, tag="new_invite"):
    pass


class Contribute(Intent, tag="contribute"):
    """A player's random contribution to the shuffle of ``hand_number``, whose deck was
    committed to ``commitment`` (checked by ``table.check_contribution``)."""

    hand_number: int
    commitment: str
    value: str


AnyIntent = (
    Sit
    | Act
    | SitOut
    | SitIn
    | PostBigBlind
    | AddChips
    | StandUp
    | Chat
    | ChangeSettings
    | Start
    | Pause
    | TransferHost
    | SitPlayerOut
    | CorrectStack
    | SetDebtCap
    | RemovePlayer
    | LetPlayerBack
    | ApproveSeat
    | DeclineSeat
    | ApproveRebuy
    | DeclineRebuy
    | AddBot
    | RemoveBot
    | SitBotIn
    | ShowCards
    | RabbitHunt
    | Straddle
    | CallBombPot
    | CloseTable
    | NewInvite
    | Contribute
)


def decode_hello(text: str) -> Hello:
    try:
        return msgspec.convert(_json_object(text), Hello)
    except msgspec.ValidationError as error:
        raise RefusedError(f"malformed hello: {error}") from None
    except RecursionError:
        raise RefusedError("malformed hello: nested too deeply") from None


_intent_decoder = msgspec.json.Decoder(AnyIntent)
"""Built once: ``msgspec.convert(data, AnyIntent)`` resolved the union's schema on every call,
5% of the server's CPU under load."""


def decode_intent(text: str) -> AnyIntent:
    """The intent in ``text``, or ``RefusedError`` naming what is wrong (size, JSON or schema)."""
    if len(text) <= MAX_MESSAGE_BYTES // 4:  # surely within the limit, even all 4-byte UTF-8
        try:
            intent: AnyIntent = _intent_decoder.decode(text)
            return intent
        except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
            pass  # the slow path below says exactly what is wrong
    data = _json_object(text)
    ref = data.get("id")
    ref = ref if isinstance(ref, int | str) and CLIENT_ID.fullmatch(str(ref)) else None
    try:
        intent = msgspec.convert(data, AnyIntent)
    except msgspec.ValidationError as error:
        raise RefusedError(f"malformed message: {error}", ref) from None
    except RecursionError:
        raise RefusedError("malformed message: nested too deeply", ref) from None
    return intent


def _json_object(text: str) -> dict[str, Any]:
    size = len(text.encode())
    if size > MAX_MESSAGE_BYTES:
        raise RefusedError(f"message too large: {size:,} bytes (at most {MAX_MESSAGE_BYTES:,})")
    try:
        data = msgspec.json.decode(text)
    except msgspec.DecodeError:
        raise RefusedError("malformed message: not JSON") from None
    except RecursionError:  # msgspec's own depth guard: a few hundred nested arrays
        raise RefusedError("malformed message: nested too deeply") from None
    if not isinstance(data, dict):
        raise RefusedError("malformed message: expected a JSON object")
    return data
