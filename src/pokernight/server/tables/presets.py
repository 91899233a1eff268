"""The seeds' rooms in one click: settings presets, each named after the seed it follows.

The users' documents (docs/seeds.md) ask for tables the room's defaults do not make: seed
000's game starts everybody with 1,000 chips, seed 003's friends raise the blinds every 15
minutes and cap each player's debt at 1,000. A preset is the settings of such a table, as
the API takes them (``POST /api/tables``' ``settings``), with the seed's words each follows;
the server sends them with the games (``GET /api/games``' ``presets``), the new-table form
fills itself from one, and the host may change anything before creating the table or after.
The room's own defaults stay what a friend expects (decision 24); a preset is picked, never
assumed (decision 57).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pokernight.server.tables.settings_input import ROOM_DEFAULTS, settings_from_json
from pokernight.table import TableSettings

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class SeedLine:
    """A line of a seed (``quote``, in its own words) and what the preset sets for it."""

    quote: str
    sets: str


@dataclass(frozen=True, slots=True)
class Preset:
    """``settings``: as the API takes them (keys left out take the game's defaults)."""

    key: str
    seed: str
    name: str
    settings: Mapping[str, Any]
    lines: tuple[SeedLine, ...] = field(default=())

    def table_settings(self) -> TableSettings:
        """What a table created with these settings plays (``POST /api/tables``: the
        room's defaults, then the preset's), validated as any new table's."""
        return settings_from_json({**ROOM_DEFAULTS, **self.settings})

    def to_dict(self) -> Json:
        return {
            "key": self.key,
            "seed": self.seed,
            "name": self.name,
            "settings": dict(self.settings),
            "lines": [{"quote": line.quote, "sets": line.sets} for line in self.lines],
        }


SEED_000_CHIPS = 1_000
"""Seed 000: "Each player starts with $1,000" (its ``starting_chips=1000``), in both games."""

SEED_003_BLIND_LEVELS = (
    (10, 20),
    (15, 30),
    (20, 40),
    (25, 50),
    (30, 60),
    (40, 80),
    (50, 100),
)
"""Seed 003's rising blinds after the first level (5/10): each about a third up on the one
before (doubled once, to 10/20), the last reached after an hour and 45 minutes and kept; a
1,000 stack is 100 big blinds at the start and 10 at the last level."""

PRESETS: tuple[Preset, ...] = (
    Preset(
        key="seed-000-holdem",
        seed="000",
        name="Seed 000: Hold'em night (10/20, 1,000 chips)",
        settings={
            "variant": "nlhe",
            "stakes": {"small_blind": 10, "big_blind": 20},
            "seats": 6,
            "min_buy_in": SEED_000_CHIPS,
            "max_buy_in": SEED_000_CHIPS,
        },
        lines=(
            SeedLine("Small blind ($10) and big blind ($20)", "blinds 10/20, no-limit"),
            SeedLine("Each player starts with $1,000", "every buy-in is 1,000 chips"),
            SeedLine("Configurable Players: 2-9 players (default: 6)", "6 seats"),
        ),
    ),
    Preset(
        key="seed-000-follow-the-queen",
        seed="000",
        name="Seed 000: Follow the Queen (ante 5, bring-in 10, 1,000 chips)",
        settings={
            "variant": "ftq",
            "stakes": {"ante": 5, "bring_in": 10, "small_bet": 20, "big_bet": 40},
            "seats": 6,
            "min_buy_in": SEED_000_CHIPS,
            "max_buy_in": SEED_000_CHIPS,
        },
        lines=(
            SeedLine("Antes ($5) and bring-in ($10)", "ante 5, bring-in 10, no-limit"),
            SeedLine("Each player starts with $1,000", "every buy-in is 1,000 chips"),
            SeedLine("Configurable Players: 2-9 players (default: 6)", "6 seats"),
        ),
    ),
    Preset(
        key="seed-003-house-rules",
        seed="003",
        name="Seed 003: house rules (15-minute levels, 1,000 debt cap)",
        settings={
            "variant": "nlhe",
            "stakes": {"small_blind": 5, "big_blind": 10},
            "blind_levels": [
                {"small_blind": small, "big_blind": big} for small, big in SEED_003_BLIND_LEVELS
            ],
            "level_minutes": 15,
            "action_seconds": 30,
            "debt_cap": 1_000,
            "away_action_seconds": 15,
        },
        lines=(
            SeedLine(
                "Blind Increases: Automatically increase on a timer (default 15 minutes, "
                "configurable)",
                "blinds 5/10, then 10/20, 15/30, 20/40, 25/50, 30/60, 40/80 and 50/100, "
                "a level every 15 minutes from the first hand",
            ),
            SeedLine(
                "Default: 30 seconds per action (configurable by table host)",
                "30 seconds to act (then the time bank)",
            ),
            SeedLine(
                "Maximum Stack Size: Configurable by table host (default: 200 big blinds)",
                "a stack of 2,000 at most (200 big blinds of the first level)",
            ),
            SeedLine(
                "Maximum Debt: Configurable per player (default: $1000)",
                "every player may owe 1,000; the host sets a player's own cap at the table",
            ),
            SeedLine(
                "Reconnection: Player can rejoin their table within 15 seconds",
                "15 seconds to act for a player with no page open",
            ),
        ),
    ),
)


def presets_json() -> list[Json]:
    """Every preset as clients show it, in the order offered."""
    return [preset.to_dict() for preset in PRESETS]
