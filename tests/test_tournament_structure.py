"""A tournament's structure as data: templates, the clock's levels and breaks, validation.

Every structure that could not be run is refused, and the refusal says where.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from pokernight.rules import Stakes
from pokernight.tournament import (
    AddOnPeriod,
    Bounty,
    Break,
    Format,
    Level,
    Payouts,
    RebuyPeriod,
    Structure,
    TournamentError,
    from_template,
)
from pokernight.tournament.structure import BIG_BLIND_ANTE_FROM, TEMPLATES, with_break_minutes


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_each_template_is_a_valid_structure(name: str) -> None:
    structure = from_template(name)
    assert structure.starting_stack == TEMPLATES[name].starting_stack
    assert {level.minutes for level in structure.levels} == {TEMPLATES[name].level_minutes}
    assert structure.stakes_at(1) == Stakes(small_blind=25, big_blind=50)
    assert structure.stakes_at(BIG_BLIND_ANTE_FROM).big_blind_ante == 150


def test_templates_go_from_quick_to_deep() -> None:
    quick, normal, deep = (from_template(name) for name in ("quick", "normal", "deep"))
    assert quick.starting_stack < normal.starting_stack < deep.starting_stack
    assert quick.levels[0].minutes < normal.levels[0].minutes < deep.levels[0].minutes


def test_template_breaks_colour_up_a_chip_once_no_later_level_needs_it() -> None:
    structure = from_template("normal")
    coloured = [item for item in structure.breaks if item.colour_up is not None]
    assert coloured, "the 25s go once the blinds no longer need them"
    first = coloured[0]
    assert first.colour_up == 25
    later = structure.levels[first.after_level :]
    assert all(level.stakes.small_blind % 100 == 0 for level in later)
    assert structure.chips_at(first.after_level + 1)[0] == 100


def test_a_stud_template_plays_antes_and_bring_ins_it_can_pay() -> None:
    structure = from_template("normal", games=("stud",))
    assert structure.seats == 8 and structure.chips[0] == 5
    played = structure.played_stakes(1)
    assert (played.ante, played.bring_in, played.small_bet, played.big_bet) == (5, 15, 50, 100)


def test_a_rotation_plays_one_game_a_level() -> None:
    structure = from_template("normal", games=("flhe", "razz", "stud"))
    assert [structure.game_at(level).key for level in (1, 2, 3, 4)] == [
        "flhe",
        "razz",
        "stud",
        "flhe",
    ]
    assert structure.seats == 8, "the smallest table of the games"


def test_past_the_last_level_the_last_stakes_stay() -> None:
    structure = from_template("quick")
    last = len(structure.levels)
    assert structure.stakes_at(last + 5) == structure.stakes_at(last)


def test_a_template_takes_changes_and_refuses_unknown_ones() -> None:
    assert from_template("deep", entries=27, buy_in=50).entries == 27
    with pytest.raises(TournamentError, match="'blinds' is not part of"):
        from_template("deep", blinds=3)
    with pytest.raises(TournamentError, match="'turbo' is not a template"):
        from_template("turbo")


def test_the_pool_closes_after_the_last_period_that_adds_to_it() -> None:
    structure = replace(
        from_template("normal", format=Format.SCHEDULED, starts_at=0.0),
        late_registration_level=3,
        rebuys=RebuyPeriod(100, 10_000, until_level=6),
        add_on=AddOnPeriod(100, 10_000, level=6),
    )
    assert structure.validated().pool_closes_after() == 6
    assert from_template("normal").pool_closes_after() == 0


BASE = from_template("normal")


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"name": " "}, "needs a name"),
        ({"entries": 1}, "a sit-and-go needs at least 2 players"),
        ({"late_registration_level": 2}, "a sit-and-go starts when full"),
        ({"format": Format.SCHEDULED}, "needs a start time"),
        (
            {"format": Format.SCHEDULED, "starts_at": 0.0, "late_registration_level": 99},
            "late registration must end at one of the",
        ),
        ({"starting_stack": 0}, "starting stack must be positive"),
        ({"starting_stack": 10_010}, "not a whole number of 25 chips"),
        ({"games": ()}, "at least one game"),
        ({"games": ("poker",)}, "'poker' is not a variant"),
        ({"games": ("stud",), "seats": 10}, "tables must seat between 2 and 9"),
        ({"seats": 2, "entries": 9}, "seat at least 3"),
        ({"levels": ()}, "at least one level"),
        ({"chips": (100, 25)}, "smallest first"),
        ({"chips": (25, 60)}, "whole number of the chip below"),
        (
            {"levels": (Level(Stakes(small_blind=30, big_blind=60), 10),)},
            "level 1's small blind of 30 cannot be paid in chips of 25",
        ),
        (
            {"levels": (Level(Stakes(small_blind=50, big_blind=25), 10),)},
            "level 1 .* needs a small blind no larger than the big blind",
        ),
        ({"levels": (Level(Stakes(small_blind=25, big_blind=50), 0),)}, "level 1 must last"),
        ({"breaks": (Break(99, 5),)}, "a break follows one of the"),
        ({"breaks": (Break(2, 5, colour_up=100),)}, "can colour up only the smallest chip"),
        ({"breaks": (Break(2, 0),)}, "the break after level 2 must last"),
        ({"bounty": Bounty(0)}, "a bounty must be a positive amount"),
        ({"rebuys": RebuyPeriod(100, 0, 3)}, "a rebuy buys a positive number"),
        ({"rebuys": RebuyPeriod(100, 1_000, 99)}, "rebuys must end at one of the"),
        ({"rebuys": RebuyPeriod(100, 1_000, 3, most=0)}, "at least one rebuy"),
        ({"add_on": AddOnPeriod(100, 1_010, 3)}, "an add-on buys a positive number of whole 25"),
        ({"payouts": Payouts.of(*[10] * 10)}, "pay 10 places but the sit-and-go seats 9"),
        ({"rounding": 0}, "round to whole chips"),
    ],
)
def test_a_structure_is_refused_with_its_reason(changes: dict[str, Any], reason: str) -> None:
    with pytest.raises(TournamentError, match=reason):
        replace(BASE, **changes).validated()


def test_a_structure_of_its_own_needs_no_template() -> None:
    structure = Structure(
        name="Friday freezeout",
        levels=(Level(Stakes(small_blind=25, big_blind=50), 12), Level(Stakes(100, 200), 12)),
        breaks=(Break(1, 5, colour_up=25),),
    ).validated()
    assert structure.chips_at(2) == (100, 500, 1_000, 5_000, 25_000, 100_000)
    assert structure.break_after(1) == Break(1, 5, 25)
    assert structure.break_after(2) is None


def test_a_director_sets_every_break_s_length_or_plays_straight_through() -> None:
    quick = from_template("quick")
    longer = with_break_minutes(quick, 10)
    assert [(item.after_level, item.colour_up) for item in longer.breaks] == [
        (item.after_level, item.colour_up) for item in quick.breaks
    ]
    assert {item.minutes for item in longer.breaks} == {10}
    turbo = with_break_minutes(quick, 0)
    assert turbo.breaks == () and turbo.break_after(12) is None
    # No break, no colour-up: the first level's chips are still in play at the last.
    assert turbo.chips_at(len(turbo.levels)) == quick.chips


def test_the_api_s_break_minutes_shapes_the_structure() -> None:
    import msgspec

    from pokernight.server.tournaments.tournament_api import NewTournament, structure_of

    asked = {"structure": "quick", "level_minutes": 0.5, "break_minutes": 0}
    assert structure_of(msgspec.convert(asked, NewTournament)).breaks == ()
    kept = structure_of(msgspec.convert({"structure": "quick"}, NewTournament))
    assert kept.breaks == from_template("quick").breaks
    with pytest.raises(msgspec.ValidationError):
        msgspec.convert({"break_minutes": -1}, NewTournament)
