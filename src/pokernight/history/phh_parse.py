"""Reading PHH hand histories (the TOML format of the PHH dataset and PokerKit).

A ``.phh`` file holds one hand as top-level TOML keys; a ``.phhs`` file holds
several hands, each a TOML table (``[1]``, ``[6]``, ...). Amounts are read as
``Decimal`` so that cent amounts ("2067.40") stay exact; the replay scales them
to whole chips (see ``phh_replay``).

Actions (one string each, ``#`` starts a comment)::

    d dh p1 AcKd     deal hole cards to player 1 (``??`` is a card nobody saw)
    d db 2c7d9h      deal board cards
    p1 cbr 300       complete, bet or raise to 300 (a street total)
    p1 cc            check or call
    p1 f             fold
    p1 pb            post the bring-in
    p1 sm AcKd       show (or, without cards, muck) the hole cards
    p1 sd 7c         stand pat or discard (draw games)
    p1 sr 2          run the rest of the board twice (1: once): our own action,
                     written only in hands with our own variant codes (``phh_codes``)

Players are numbered from 1; they are seats 0.. in this module's output (``seats``,
where they sat at the table, stay as written, from 1). Fields
starting with ``_`` are PHH's user-defined fields: ours are read (``_dead_small_blind``,
and the table options of ``phh_codes``), others ignored.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import Any

from pokernight.cards import Card, CardError, ensure_distinct, parse_card

UNKNOWN_CARD = "??"


class PHHError(ValueError):
    """A hand history that is not valid PHH, or that says something impossible."""


class PHHActionKind(StrEnum):
    DEAL_HOLE = "dh"
    DEAL_BOARD = "db"
    BET_OR_RAISE = "cbr"
    CHECK_OR_CALL = "cc"
    FOLD = "f"
    BRING_IN = "pb"
    SHOW_OR_MUCK = "sm"
    STAND_PAT_OR_DISCARD = "sd"
    RUNS = "sr"


DEALER_KINDS = frozenset({PHHActionKind.DEAL_HOLE, PHHActionKind.DEAL_BOARD})


@dataclass(frozen=True, slots=True)
class PHHAction:
    """One action line. ``cards`` holds ``None`` for an unknown card (``??``)."""

    kind: PHHActionKind
    seat: int | None = None
    cards: tuple[Card | None, ...] = ()
    amount: Decimal | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class PHHHand:
    """The fields of one hand that a replay needs, amounts exactly as written."""

    variant: str
    starting_stacks: tuple[Decimal, ...]
    actions: tuple[PHHAction, ...]
    antes: tuple[Decimal, ...] = ()
    blinds_or_straddles: tuple[Decimal, ...] = ()
    bring_in: Decimal = Decimal(0)
    small_bet: Decimal = Decimal(0)
    big_bet: Decimal = Decimal(0)
    min_bet: Decimal = Decimal(0)
    ante_trimming_status: bool = False
    finishing_stacks: tuple[Decimal, ...] | None = None
    players: tuple[str, ...] | None = None
    dead_small_blind: Decimal | None = None
    """Our user-defined field ``_dead_small_blind``: the small blind nobody posted
    (see ``phh_export``)."""
    bomb_pot: Decimal = Decimal(0)
    """``_bomb_pot``: every player's ante of a bomb pot (0: not one)."""
    double_board: bool = False
    jacks_to_open: bool = False
    run_it_twice: bool = False
    ftq_queen_carries_over: bool = False
    """``_double_board``, ``_jacks_to_open``, ``_run_it_twice``, ``_ftq_queen_carries_over``:
    the table options the hand was dealt with (``phh_codes``)."""
    seat_count: int | None = None
    seats: tuple[int, ...] | None = None
    """``seat_count``, the table's number of seats, and ``seats``, each player's seat as
    written (from 1, in player order): where the players sat, when the file says."""

    @property
    def player_count(self) -> int:
        return len(self.starting_stacks)


def parse_phh(text: str) -> tuple[PHHHand, ...]:
    """Every hand in the text of a ``.phh`` (one hand) or ``.phhs`` (several) file."""
    try:
        document = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise PHHError(f"not valid TOML: {error}") from error
    if "variant" in document:
        return (hand_from_fields(document),)
    tables = [value for value in document.values() if isinstance(value, dict)]
    if not tables:
        raise PHHError("no hand found: neither a variant field nor a table of hands")
    return tuple(hand_from_fields(table) for table in tables)


def parse_phh_each(text: str) -> tuple[tuple[str, PHHHand | PHHError], ...]:
    """Each hand of the text with its key (``""`` for a ``.phh`` file's one hand), or the
    error that hand has: one bad hand of a ``.phhs`` file does not hide the others.
    Text that is not TOML at all still raises ``PHHError``."""
    try:
        document = tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        raise PHHError(f"not valid TOML: {error}") from error
    if "variant" in document:
        return (("", _hand_or_error(document)),)
    tables = [(key, value) for key, value in document.items() if isinstance(value, dict)]
    if not tables:
        raise PHHError("no hand found: neither a variant field nor a table of hands")
    return tuple((key, _hand_or_error(table)) for key, table in tables)


def _hand_or_error(fields: Mapping[str, Any]) -> PHHHand | PHHError:
    try:
        return hand_from_fields(fields)
    except PHHError as error:
        return error


def hand_from_fields(fields: Mapping[str, Any]) -> PHHHand:
    """Build a ``PHHHand`` from the decoded TOML fields of one hand."""
    stacks = _amounts(fields, "starting_stacks")
    if not stacks:
        raise PHHError("field starting_stacks is missing or empty")
    count = len(stacks)
    recorded = "finishing_stacks" in fields
    finishing = _amounts(fields, "finishing_stacks", count) if recorded else None
    players = fields.get("players")
    if _flag(fields, "_double_board") and not _amount(fields, "_bomb_pot"):
        raise PHHError("field _double_board needs _bomb_pot: a double board is a bomb pot's")
    return PHHHand(
        variant=_text(fields, "variant"),
        starting_stacks=stacks,
        actions=tuple(parse_action(action, count) for action in _list(fields, "actions")),
        antes=_amounts(fields, "antes", count),
        # A negative entry is PokerKit's "post bet": a live big blind posted to be dealt in.
        blinds_or_straddles=_amounts(fields, "blinds_or_straddles", count, signed=True),
        bring_in=_amount(fields, "bring_in"),
        small_bet=_amount(fields, "small_bet"),
        big_bet=_amount(fields, "big_bet"),
        min_bet=_amount(fields, "min_bet"),
        ante_trimming_status=bool(fields.get("ante_trimming_status", False)),
        finishing_stacks=finishing,
        players=tuple(str(name) for name in players) if isinstance(players, list) else None,
        dead_small_blind=(
            _amount(fields, "_dead_small_blind") if "_dead_small_blind" in fields else None
        ),
        bomb_pot=_amount(fields, "_bomb_pot"),
        double_board=_flag(fields, "_double_board"),
        jacks_to_open=_flag(fields, "_jacks_to_open"),
        run_it_twice=_flag(fields, "_run_it_twice"),
        ftq_queen_carries_over=_flag(fields, "_ftq_queen_carries_over"),
        seat_count=_seat_count(fields, count),
        seats=_seats(fields, count),
    )


def parse_action(text: object, player_count: int) -> PHHAction:
    """Parse one action string, e.g. ``"p2 cbr 300"`` or ``"d dh p1 Ac????"``."""
    if not isinstance(text, str):
        raise PHHError(f"action {text!r} is not a string")
    words = text.split("#", 1)[0].split()
    match words:
        case ["d", "dh", player, cards]:
            seat = _seat(player, player_count)
            return PHHAction(PHHActionKind.DEAL_HOLE, seat, parse_phh_cards(cards), text=text)
        case ["d", "db", cards]:
            return PHHAction(PHHActionKind.DEAL_BOARD, cards=parse_phh_cards(cards), text=text)
        case [player, "cbr", amount]:
            return PHHAction(
                PHHActionKind.BET_OR_RAISE,
                _seat(player, player_count),
                amount=_decimal(amount, text),
                text=text,
            )
        case [player, "sm" | "sd" as kind, *cards] if len(cards) <= 1:
            shown = parse_phh_cards(cards[0]) if cards and cards[0] != "-" else ()
            return PHHAction(PHHActionKind(kind), _seat(player, player_count), shown, text=text)
        case [player, "cc" | "f" | "pb" as kind]:
            return PHHAction(PHHActionKind(kind), _seat(player, player_count), text=text)
        case [player, "sr", "1" | "2" as runs]:
            seat = _seat(player, player_count)
            return PHHAction(PHHActionKind.RUNS, seat, amount=Decimal(runs), text=text)
    raise PHHError(f"action {text!r} is not a PHH action")


def parse_phh_cards(text: str) -> tuple[Card | None, ...]:
    """Cards run together ("AcKd", "Ac??"); ``None`` stands for each ``??``."""
    if len(text) % 2:
        raise PHHError(f"{text!r} is not a list of two-character cards")
    tokens = [text[i : i + 2] for i in range(0, len(text), 2)]
    try:
        cards = tuple(None if token == UNKNOWN_CARD else parse_card(token) for token in tokens)
        ensure_distinct([card for card in cards if card is not None])
    except CardError as error:
        raise PHHError(str(error)) from error
    return cards


def _seat(player: str, player_count: int) -> int:
    number = player[1:]
    if not (player.startswith("p") and number.isdigit() and 1 <= int(number) <= player_count):
        raise PHHError(f"{player!r} is not a player of this hand (p1 to p{player_count})")
    return int(number) - 1


def _seat_count(fields: Mapping[str, Any], player_count: int) -> int | None:
    value = fields.get("seat_count")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < player_count:
        raise PHHError(f"field seat_count: {value!r} is not a number of seats for {player_count}")
    return value


def _seats(fields: Mapping[str, Any], player_count: int) -> tuple[int, ...] | None:
    """Each player's seat: as many as players, each its own, from 1 to ``seat_count``."""
    if "seats" not in fields:
        return None
    values = _list(fields, "seats")
    if len(values) != player_count:
        raise PHHError(f"field seats has {len(values)} values for {player_count} players")
    highest = _seat_count(fields, player_count)
    seats: list[int] = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise PHHError(f"field seats: {value!r} is not a seat (they are numbered from 1)")
        if highest is not None and value > highest:
            raise PHHError(f"field seats: seat {value} of a table of {highest} seats")
        if value in seats:
            raise PHHError(f"field seats names seat {value} twice")
        seats.append(value)
    return tuple(seats)


def _text(fields: Mapping[str, Any], name: str) -> str:
    value = fields.get(name)
    if not isinstance(value, str):
        raise PHHError(f"field {name} is missing or not a string")
    return value


def _flag(fields: Mapping[str, Any], name: str) -> bool:
    value = fields.get(name, False)
    if not isinstance(value, bool):
        raise PHHError(f"field {name} is not true or false")
    return value


def _list(fields: Mapping[str, Any], name: str) -> Sequence[object]:
    value = fields.get(name, [])
    if not isinstance(value, list):
        raise PHHError(f"field {name} is not a list")
    return value


def _amount(fields: Mapping[str, Any], name: str) -> Decimal:
    value = fields.get(name, 0)
    return _decimal(value, f"field {name}")


def _amounts(
    fields: Mapping[str, Any], name: str, count: int | None = None, *, signed: bool = False
) -> tuple[Decimal, ...]:
    """A per-player list of amounts; a single number means the same for everybody.
    ``signed``: negative amounts are allowed."""
    value = fields.get(name, [])
    if not isinstance(value, list):
        if count is None:
            raise PHHError(f"field {name} is not a list")
        return (_decimal(value, f"field {name}", signed=signed),) * count
    amounts = tuple(_decimal(item, f"field {name}", signed=signed) for item in value)
    if count is not None and amounts and len(amounts) != count:
        raise PHHError(f"field {name} has {len(amounts)} values for {count} players")
    return amounts


def _decimal(value: object, where: str, *, signed: bool = False) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | Decimal | str):
        raise PHHError(f"{where}: {value!r} is not an amount")
    try:
        amount = Decimal(value)
    except ArithmeticError as error:
        raise PHHError(f"{where}: {value!r} is not an amount") from error
    if not amount.is_finite() or (amount < 0 and not signed):
        raise PHHError(f"{where}: {value!r} is not an amount")
    return amount
