"""Table settings: defaults counted in big blinds, and refusals that say why."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from pokernight.rules import VARIANTS, BettingStructure, Stakes, default_stakes
from pokernight.table import Act, SitDown, StartHand, Table, TableError, TableSettings
from pokernight.table.settings import DEFAULT_SEATS

DEFAULT = TableSettings()


def test_defaults_follow_the_seeds() -> None:
    assert DEFAULT.action_seconds == 30
    assert DEFAULT.stack_cap == 200 * 20  # 200 big blinds
    assert (DEFAULT.minimum_buy_in, DEFAULT.maximum_buy_in) == (400, 2_000)
    assert DEFAULT.level_minutes == 15


@pytest.mark.parametrize(
    ("settings", "cap"),
    [
        (TableSettings(), 5 * 2_000),
        (TableSettings(stakes=Stakes(small_blind=50, big_blind=100)), 5 * 10_000),
        (TableSettings.for_variant("stud"), 5 * 100 * 20),
        (TableSettings.for_variant("nlhe", stakes=Stakes(small_blind=1, big_blind=2)), 5 * 200),
        (TableSettings.for_variant("nlhe", debt_cap=None), None),
        (TableSettings.for_variant("nlhe", debt_cap=3_000), 3_000),
    ],
)
def test_the_default_debt_cap_is_five_largest_buy_ins_at_the_stakes(
    settings: TableSettings, cap: int | None
) -> None:
    """A flat 1,000 (seed 003, docs/seeds.md) was below the largest buy-in at the default
    stakes: a player who bought in for it could never rebuy. The default follows the stakes."""
    assert settings.debt_limit == cap
    if cap is not None:
        assert cap >= settings.maximum_buy_in + settings.minimum_buy_in  # a rebuy fits


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"seats": 11}, "seats must be between 2 and 10"),
        ({"seats": 1}, "seats must be between 2 and 10"),
        ({"variant": "stud", "seats": 10, "stakes": Stakes(bring_in=10, small_bet=20)},
         "seats must be between 2 and 9"),
        ({"variant": "whist"}, "'whist' is not a variant"),
        ({"variant": "flhe", "stakes": Stakes(small_blind=10, big_blind=20, small_bet=20,
                                              big_bet=10)}, "the big bet cannot be smaller"),
        ({"stakes": Stakes(small_blind=30, big_blind=20)}, "small blind no larger than the big"),
        ({"variant": "razz", "stakes": Stakes(small_bet=20)}, "Razz needs a bring-in"),
        ({"min_buy_in": 3_000}, "minimum buy-in \\(3,000\\) must be positive and at most"),
        ({"max_buy_in": 5_000}, "maximum buy-in \\(5,000\\) is above the maximum stack"),
        ({"action_seconds": 0}, "the action clock must be positive"),
        ({"blind_levels": (Stakes(small_blind=20, big_blind=40),), "level_minutes": 0},
         "blind levels must last a positive number of minutes"),
        ({"debt_cap": 100}, "a debt cap of 100 would not allow the minimum buy-in of 400"),
        ({"dealers_choice": ("nlhe", "stud"), "game_stakes": (("razz", Stakes(bring_in=5)),)},
         "stakes are given for 'razz', which this table does not play"),
    ],
)  # fmt: skip
def test_invalid_settings_say_why(changes: dict[str, object], reason: str) -> None:
    with pytest.raises(TableError, match=reason):
        replace(DEFAULT, **changes).validated()  # type: ignore[arg-type]


def test_dealers_choice_plays_each_game_for_its_own_stakes_from_one_level() -> None:
    """Blinds 5/10 play stud for an ante of 1, a bring-in of 3 and bets of 10/20, and
    hold'em for its blinds alone: the stud ante is not charged in hold'em."""
    settings = replace(
        DEFAULT,
        dealers_choice=("nlhe", "stud", "plo"),
        stakes=Stakes(small_blind=5, big_blind=10),
        blind_levels=(Stakes(small_blind=10, big_blind=20),),
    ).validated()
    holdem, stud, omaha = (settings.game_for_hand(number) for number in (1, 2, 3))
    assert settings.stakes_for(holdem, 0) == Stakes(small_blind=5, big_blind=10)
    assert settings.stakes_for(omaha, 0) == Stakes(small_blind=5, big_blind=10)
    assert settings.stakes_for(stud, 0) == Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20)
    assert settings.stakes_for(stud, 1) == Stakes(ante=2, bring_in=6, small_bet=20, big_bet=40)


def test_a_games_own_stakes_are_kept_and_mixed_stakes_split_by_game() -> None:
    mixed = Stakes(small_blind=5, big_blind=10, ante=2, bring_in=5, small_bet=10, big_bet=20)
    razz = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    settings = replace(
        DEFAULT,
        dealers_choice=("nlhe", "stud", "razz"),
        stakes=mixed,
        game_stakes=(("razz", razz),),
    ).validated()
    holdem, stud, razz_game = (settings.game_for_hand(number) for number in (1, 2, 3))
    assert settings.stakes_for(holdem, 0).ante == 0  # the ante was the stud games'
    assert settings.stakes_for(stud, 0) == replace(mixed, small_blind=0, big_blind=0)
    assert settings.stakes_for(razz_game, 0) == razz
    again = TableSettings.from_dict(json.loads(json.dumps(settings.to_dict())))
    assert again == settings


def test_a_hand_of_dealers_choice_is_dealt_for_its_games_stakes() -> None:
    settings = TableSettings.for_variant(
        "nlhe", dealers_choice=("nlhe", "stud"), stakes=Stakes(small_blind=5, big_blind=10),
        debt_cap=None,
    )  # fmt: skip
    table = Table.open(settings, "a")
    for seat, player in enumerate("abc"):
        table.apply(SitDown(seat, player, player, 500), 0.0)
    for number in (1, 2):
        table.apply(StartHand(random.Random(number)), 0.0)
        assert table.started is not None and table.hand is not None
        dealt = table.started.stakes
        expected = (Stakes(small_blind=5, big_blind=10) if number == 1
                    else Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20))  # fmt: skip
        assert dealt == expected
        while table.hand is not None:
            legal = table.hand.legal_actions()
            assert legal is not None
            player = table.seats[table.started.seats[legal.seat]].player_id
            kind = "bring_in" if legal.can_bring_in else "fold" if legal.can_fold else "check"
            table.apply(Act(player, kind), 0.0)


def test_any_game_with_any_betting_structure() -> None:
    settings = replace(
        DEFAULT,
        variant="ftq",
        betting=BettingStructure.FIXED_LIMIT,
        seats=8,
        stakes=Stakes(ante=5, bring_in=10, small_bet=20, big_bet=40),
    ).validated()
    game = settings.game_for_hand(1)
    assert (game.key, game.betting) == ("ftq", BettingStructure.FIXED_LIMIT)
    assert settings.stack_cap == 200 * 20  # stud counts in small bets


def test_blind_level_follows_the_clock() -> None:
    levels = (Stakes(small_blind=20, big_blind=40), Stakes(small_blind=50, big_blind=100))
    settings = replace(DEFAULT, blind_levels=levels)
    assert [settings.level_at(minutes * 60) for minutes in (0, 14.9, 15, 30, 600)] == [
        0,
        0,
        1,
        2,
        2,
    ]
    assert settings.stakes_at_level(2).big_blind == 100
    assert DEFAULT.level_at(10_000) == 0


def test_settings_round_trip_through_json() -> None:
    settings = replace(
        DEFAULT,
        betting=BettingStructure.POT_LIMIT,
        blind_levels=(Stakes(small_blind=20, big_blind=40),),
        dealers_choice=("nlhe", "plo"),
        debt_cap=None,
    )
    assert TableSettings.from_dict(json.loads(json.dumps(settings.to_dict()))) == settings


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_settings_for_a_variant_are_valid_without_changes(key: str) -> None:
    game = VARIANTS[key]
    settings = TableSettings.for_variant(key)
    assert settings.validated() == settings
    assert settings.stakes == default_stakes(game)
    assert settings.seats == min(DEFAULT_SEATS, game.max_players) == 6


def test_settings_for_stud_seat_six_and_post_a_bring_in() -> None:
    settings = TableSettings.for_variant("stud")
    assert settings.seats == 6
    assert settings.stakes.bring_in > 0 and settings.stakes.big_blind == 0


@pytest.mark.parametrize("key", ["stud", "razz", "stud8", "ftq"])
def test_stud_tables_seat_two_to_nine_six_by_default(key: str) -> None:
    """Seed 000: "Configurable Players: 2-9 players (default: 6)", for both its games."""
    assert TableSettings.for_variant(key).seats == 6
    assert TableSettings.for_variant(key, seats=9).seats == 9
    assert TableSettings.for_variant(key, seats=2).seats == 2


def test_changes_to_a_variants_settings_are_validated() -> None:
    assert TableSettings.for_variant("razz", seats=6, debt_cap=None).seats == 6
    with pytest.raises(TableError, match="seats must be between 2 and 9"):
        TableSettings.for_variant("stud", seats=10)
    with pytest.raises(TableError, match="'whist' is not a variant"):
        TableSettings.for_variant("whist")
