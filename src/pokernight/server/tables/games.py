"""``GET /api/games``: the games this server deals, from the rules' variant table.

Clients draw a game from these facts (its name, whether it has a button and a board,
how its cards are dealt face up or down, how its showdown is read, its seats and
default stakes and the table defaults they come to) instead of keeping their own
copy of the rules; and the seeds' rooms as settings presets (``server/presets.py``).
The answer only changes with the server's version: it is made once, and carries an
``ETag`` so a page revalidates it for nothing.
"""

from __future__ import annotations

import functools
import hashlib
import json
from dataclasses import asdict
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from pokernight.rules import VARIANTS, BettingStructure, Variant, default_stakes
from pokernight.rules.stakes import AMOUNT_FIELDS
from pokernight.server.tables.presets import presets_json
from pokernight.server.tables.settings_input import ROOM_DEFAULTS
from pokernight.table.settings import (
    DEFAULT_MAX_BUY_IN_UNITS,
    DEFAULT_MAX_STACK_UNITS,
    DEFAULT_MIN_BUY_IN_UNITS,
    MIN_SEATS,
    TableSettings,
)

Json = dict[str, Any]

BETTING_NAMES = {
    BettingStructure.NO_LIMIT: "No-limit",
    BettingStructure.POT_LIMIT: "Pot-limit",
    BettingStructure.FIXED_LIMIT: "Fixed-limit",
}


def game_json(variant: Variant) -> Json:
    """One game as a client shows it."""
    stakes = default_stakes(variant)
    return {
        "key": variant.key,
        "name": variant.title,
        "full_name": variant.name,
        "betting": str(variant.betting),
        "stud": variant.is_stud,
        "forced": variant.forced,  # "blinds" or "bring-in"
        "button": not variant.is_stud,  # a dealer button (stud has none: the cards decide)
        # "high", "omaha", "low", "wild", "short", "omaha8", "high8", "spade" (Chicago),
        # "deuce7" or "badugi"
        "showdown": variant.showdown,
        "hi_lo": variant.is_hi_lo,  # each pot split between a high and an eight-or-better low
        # A split pot's second half: "low" (hi-lo), "spade" (Chicago), None: no split.
        "split": ("spade" if variant.showdown == "spade" else "low") if variant.is_split else None,
        "wild_cards": variant.has_wild_cards,
        # Draw games: rounds of discarding and drawing (``streets[i].draws``), no board.
        "draw": variant.is_draw,
        "hand_size": variant.hand_size,
        # Ranks wild before any card follows a queen (Follow the Queen: queens; Baseball:
        # threes and nines; deuces wild: twos; 0 is a deuce).
        "wild_ranks": sorted(int(rank) for rank in variant.wild_ranks),
        "follows_queen": variant.follows_queen,
        # Baseball: an up card of this rank gives an extra down card (None: no such rank).
        "extra_card_rank": variant.extra_card_rank,
        "deck_size": len(variant.cards),  # 52, or 36 for short-deck hold'em
        "board_cards": sum(street.board for street in variant.streets),
        "streets": [asdict(street) for street in variant.streets],
        "min_seats": MIN_SEATS,
        "max_seats": variant.max_players,
        # The amounts a new table of this game is played for (the form's fields), none zero.
        "default_stakes": {
            name: getattr(stakes, name) for name in AMOUNT_FIELDS if getattr(stakes, name)
        },
        # A new table of this game with nothing set: its stakes, seats, clocks and limits.
        "defaults": {**TableSettings.for_variant(variant.key).to_dict(), **ROOM_DEFAULTS},
    }


def games_json() -> Json:
    return {
        "games": [game_json(variant) for variant in VARIANTS.values()],
        "bettings": [[str(key), words] for key, words in BETTING_NAMES.items()],
        # Left out, buy-ins and the stack cap are counted in units (big blinds, or small bets).
        "buy_in_units": {
            "minimum": DEFAULT_MIN_BUY_IN_UNITS,
            "maximum": DEFAULT_MAX_BUY_IN_UNITS,
            "stack_cap": DEFAULT_MAX_STACK_UNITS,
        },
        # The seeds' rooms in one click (``server/presets.py``): what each sets, and why.
        "presets": presets_json(),
    }


@functools.cache
def _answer() -> tuple[bytes, str]:
    body = json.dumps(games_json(), separators=(",", ":")).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'


async def games(request: Request) -> Response:
    body, etag = _answer()
    headers = {"ETag": etag, "Cache-Control": "no-cache"}
    sent = request.headers.get("if-none-match", "")
    if etag in {tag.strip().removeprefix("W/") for tag in sent.split(",")}:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)
