"""The seeds' rooms as presets (``server/presets.py``, decision 57): each is named after its
seed, sets what the seed says, is valid as a new table's settings, and the server sends them
with the games; the room's own defaults are left as they were."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from pokernight.client import create_table, request_json
from pokernight.rules import Stakes
from pokernight.server.tables.games import games_json
from pokernight.server.tables.presets import PRESETS, presets_json
from pokernight.server.tables.settings_input import settings_from_json
from tests.server_helpers import scenario, serving

BY_KEY = {preset.key: preset for preset in PRESETS}


def test_each_preset_is_named_after_its_seed_and_says_which_lines_it_follows() -> None:
    assert [preset.key for preset in PRESETS] == [
        "seed-000-holdem",
        "seed-000-follow-the-queen",
        "seed-003-house-rules",
    ]
    for preset in PRESETS:
        assert preset.name.startswith(f"Seed {preset.seed}: ")
        assert preset.lines and all(line.quote and line.sets for line in preset.lines)
    assert games_json()["presets"] == presets_json()


def test_seed_000s_game_ten_twenty_a_thousand_chips_six_seats_in_both_games() -> None:
    holdem = BY_KEY["seed-000-holdem"].table_settings()
    queen = BY_KEY["seed-000-follow-the-queen"].table_settings()
    assert (holdem.variant, queen.variant) == ("nlhe", "ftq")
    assert (holdem.stakes.small_blind, holdem.stakes.big_blind) == (10, 20)
    assert (queen.stakes.ante, queen.stakes.bring_in) == (5, 10)
    for settings in (holdem, queen):
        assert (settings.minimum_buy_in, settings.maximum_buy_in) == (1_000, 1_000)
        assert settings.seats == 6
        assert settings.approve_seats  # the room's own default, as any new table
    assert "1,000 chips" in BY_KEY["seed-000-holdem"].name


def test_seed_003s_room_levels_clock_stack_debt_and_away_clock() -> None:
    settings = BY_KEY["seed-003-house-rules"].table_settings()
    assert settings.level_minutes == 15
    assert settings.blind_levels[0] == Stakes(small_blind=10, big_blind=20)
    assert settings.blind_levels[-1] == Stakes(small_blind=50, big_blind=100)
    levels = (settings.stakes, *settings.blind_levels)
    assert all(level.small_blind * 2 == level.big_blind for level in levels)  # "half the big"
    assert all(a.big_blind < b.big_blind for a, b in pairwise(levels))
    assert settings.action_seconds == 30
    assert settings.stack_cap == 200 * settings.stakes.big_blind  # 200 big blinds most
    assert settings.debt_limit == 1_000  # every player's, unless the host sets their own
    assert settings.away_action_seconds == 15
    # When each level begins (the page's timetable) is when the deal reaches it.
    for level in range(1, len(levels)):
        begins = settings.level_begins(level)
        assert (settings.level_at(begins - 0.5), settings.level_at(begins)) == (level - 1, level)
    # The level reached at each quarter hour from the first hand (the injected clock: seconds).
    assert [settings.level_at(minutes * 60) for minutes in (0, 14, 15, 30, 105, 600)] == [
        0,
        0,
        1,
        2,
        7,
        7,
    ]


def test_the_lobbys_default_table_is_left_as_a_friend_expects_it() -> None:
    default = settings_from_json({})
    assert (default.stakes.small_blind, default.stakes.big_blind) == (10, 20)
    assert default.blind_levels == () and default.maximum_buy_in == 2_000
    assert default.debt_limit == 10_000  # five of the largest buy-ins (decision 24)


@scenario
async def test_a_table_created_with_a_presets_settings_plays_them(tmp_path: Path) -> None:
    async with serving(tmp_path) as url:
        games = await request_json(url, "GET", "/api/games")
        assert [preset["key"] for preset in games["presets"]] == list(BY_KEY)
        for preset in games["presets"]:
            created = await create_table(url, "Ann", preset["settings"])
            info = await request_json(url, "GET", f"/api/tables/{created['code']}")
            assert info["settings"] == BY_KEY[preset["key"]].table_settings().to_dict()
