"""Run it twice at the table (issue 22): the host's option reaches the hands that can
run twice, the players answer with ``act`` (kind ``runs``), the clock answers "once" for
a player who does not, and the ledger balances."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pokernight.rules import PotAwarded, RunsChosen
from pokernight.table import Act, Table, TableError, TableSettings
from tests.table_helpers import NINE_SEATS, check_down, player_to_act, seated, start

RUN_TWICE = replace(NINE_SEATS, run_it_twice=True)


def all_in(table: Table) -> None:
    """The player to act moves all in and everybody calls, up to the question."""
    assert table.hand is not None
    legal = table.hand.legal_actions()
    assert legal is not None and legal.max_raise_to is not None
    table.apply(Act(player_to_act(table), "bet_or_raise", legal.max_raise_to), 0.0)
    while (legal := table.hand.legal_actions()) is not None and not legal.can_choose_runs:
        table.apply(Act(player_to_act(table), "call"), 0.0)


def test_both_agree_the_board_runs_twice_and_the_chips_add_up() -> None:
    table = seated({0: 1000, 3: 1000}, RUN_TWICE)
    dealt = start(table, seed=3)
    assert dealt.run_it_twice and dealt.to_dict()["run_it_twice"] is True
    all_in(table)
    hand = table.hand
    assert hand is not None
    with pytest.raises(TableError, match="1 \\(once\\) or 2 \\(twice\\)"):
        table.verify(Act(player_to_act(table), "runs", 3), 0.0)
    table.apply(Act(player_to_act(table), "runs", 2), 0.0)
    table.apply(Act(player_to_act(table), "runs", 2), 0.0)
    assert table.hand is None and table.last_hand is hand and hand.runs == 2
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert [e.board for e in awards] == [0, 1] and sum(e.amount for e in awards) == 2000
    assert table.chips_at_table() == 2000


def test_the_clock_runs_it_once_for_a_player_who_does_not_answer() -> None:
    table = seated({0: 1000, 3: 1000}, RUN_TWICE)
    start(table, seed=5)
    all_in(table)
    late = table.deadline() + 1
    timed_out = table.tick(late)
    assert timed_out is not None and (timed_out.kind, timed_out.amount) == ("runs", 1)
    table.apply(timed_out, late)
    assert table.hand is None and table.last_hand is not None
    assert table.last_hand.runs == 1
    answers = [e for e in table.last_hand.events if isinstance(e, RunsChosen)]
    assert [e.runs for e in answers] == [1]


def test_dealers_choice_asks_only_in_the_games_that_can_run_twice() -> None:
    rotation = TableSettings.for_variant(
        "nlhe", dealers_choice=("nlhe", "stud", "flhe", "plo"), debt_cap=None, seats=6,
        run_it_twice=True,
    )  # fmt: skip
    table = seated({0: 1000, 3: 1000}, rotation)
    offered = []
    for seed in range(1, 5):
        offered.append(start(table, seed=seed).run_it_twice)
        check_down(table)
    assert offered == [True, False, False, True]


@pytest.mark.parametrize("games", [("stud",), ("flhe",), ("stud", "razz", "27td")])
def test_a_table_with_no_game_to_run_twice_refuses_the_option(games: tuple[str, ...]) -> None:
    with pytest.raises(TableError, match="no-limit and pot-limit games with a board"):
        TableSettings.for_variant(games[0], dealers_choice=games, run_it_twice=True)


def test_the_option_is_saved_and_left_out_when_off() -> None:
    assert TableSettings.from_dict(RUN_TWICE.to_dict()).run_it_twice
    assert "run_it_twice" not in NINE_SEATS.to_dict()
