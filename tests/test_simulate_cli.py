"""``pokernight simulate`` runs bots against bots and reports bb/100 with 95% intervals."""

from __future__ import annotations

import re

import numpy as np
import pytest

from pokernight.cli.main import main
from pokernight.sim import Simulation, play_hands, summarize
from pokernight.sim.runner import duplicate_shifts

ROW = re.compile(r"^(hard|medium|easy)\s+(\d)\s+(-?[\d.]+) \[\s*(-?[\d.]+),\s*(-?[\d.]+)\]$")


def test_simulate_reports_every_level_with_an_interval(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--players", "3", "--hands", "30", "--seed", "5", "--workers", "1"]
    assert main(args) == 0
    out = capsys.readouterr().out
    rows = [match for line in out.splitlines() if (match := ROW.match(line.strip()))]
    assert [row.group(1) for row in rows] == ["hard", "medium", "easy"]
    for row in rows:
        mean, low, high = (float(row.group(index)) for index in (3, 4, 5))
        assert low <= mean <= high
    assert "30 hands of nlhe, seed 5" in out
    assert re.search(r"[\d.]+ hands/s", out)


def test_chips_are_conserved_over_a_simulation() -> None:
    simulation = Simulation("ftq", ("hard", "medium", "easy"), 12, seed=2)
    played = play_hands(simulation)
    assert played.won.shape == (12, 3)
    assert np.allclose(played.won.sum(axis=1), 0)
    assert not played.counts.any()  # the profile is counted only when asked for


def test_the_same_seed_gives_the_same_results_in_one_process_or_two() -> None:
    simulation = Simulation("nlhe", ("easy", "easy"), 260, seed=9)
    one, two = play_hands(simulation, workers=1), play_hands(simulation, workers=2)
    assert np.array_equal(one.won, two.won)


def test_a_level_difference_is_paired_hand_by_hand() -> None:
    results = np.array([[3.0, -3.0], [1.0, -1.0], [2.0, -2.0]])
    summary = summarize(results, ["hard", "easy"])
    difference = summary.differences[0]
    assert difference.name == "hard - easy"
    assert difference.bb_per_100 == pytest.approx(400.0)


def test_duplicate_play_deals_each_deck_to_every_rotation_of_the_players() -> None:
    simulation = Simulation("nlhe", ("station", "maniac", "random"), 9, seed=4, duplicate=True)
    assert simulation.rotations == 3
    results = play_hands(simulation).won
    assert results.shape == (9, 3)
    assert np.allclose(results.sum(axis=1), 0)


def test_a_rotation_that_seats_the_levels_as_another_did_is_not_dealt_again() -> None:
    assert duplicate_shifts(("hard", "medium")) == (0, 1)
    # Six-handed, three of each: four of the six rotations would repeat two comparisons.
    assert duplicate_shifts(("hard", "medium") * 3) == (0, 1)
    assert duplicate_shifts(("easy", "medium", "hard") * 2) == (0, 1, 2)
    assert duplicate_shifts(("station", "station", "maniac")) == (0, 1, 2)
    assert duplicate_shifts(("station",) * 3) == (0,)
    six = Simulation("nlhe", ("station", "maniac") * 3, 8, seed=4, duplicate=True)
    assert six.rotations == 2 and play_hands(six).won.shape == (8, 6)


def test_each_level_plays_each_baseline_it_is_asked_for(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--players", "2", "--hands", "40", "--bots", "medium", "--seed", "3"]
    assert main([*args, "--against", "station,maniac,random", "--workers", "1"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[0] for line in out.splitlines() if " - " in line] == [
        "medium",
        "medium",
        "medium",
    ]
    assert "medium - station" in out and "medium - maniac" in out and "medium - random" in out


def test_an_unknown_baseline_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--hands", "1", "--against", "nit", "--workers", "1"]) != 0
    refusal = "'nit' is not a baseline (known: station, maniac, random, honest)"
    assert refusal in capsys.readouterr().err


def test_duplicate_reports_the_hands_a_plain_run_would_take(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "--players", "2", "--hands", "20", "--bots", "easy,station"]
    assert main([*args, "--duplicate", "--seed", "1", "--workers", "1"]) == 0
    assert re.search(r"a plain run takes [\d.]+x the hands", capsys.readouterr().out)


def test_the_profile_counts_as_the_statistics_panel_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Two calling stations: every hand they call or check to the showdown, never raise; the
    # big blind's check is not a voluntary entry, the small blind's call is.
    args = ["simulate", "--players", "2", "--hands", "12", "--bots", "station", "--profile"]
    assert main([*args, "--against", "station", "--seed", "2", "--workers", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    row = lines[[line.startswith("profile") for line in lines].index(True) + 1]
    hands, vpip, pfr, aggression, _all_in, showdown = row.split()[1:]
    assert hands == "24" and float(pfr) == 0.0 and float(aggression) == 0.0
    assert float(vpip) == 50.0 and float(showdown) == 100.0
