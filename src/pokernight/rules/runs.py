"""Run it twice: the rest of the board dealt twice, each pot split between the runs.

A table option of no-limit and pot-limit board games (docs/rules.md, "Run it twice"):
when no more betting is possible (at most one live player has chips) and the board is not
complete, every live player is asked in turn, clockwise from the button's left, how many
times to run the rest of the board. One "once" settles it, and nobody else is asked; all
saying "twice" runs it twice. The first run is dealt as usual, street by street with its
burns; then the same streets again from the same deck onto the cards both runs share
(``SecondRunStarted``). Each pot is split in two, the odd chip to the first run, and each
half goes to the best hands on its board (``showdown``). A deck too short for both runs
never asks.
"""

from __future__ import annotations

from typing import Final

from pokernight.rules.actions import LegalActions
from pokernight.rules.errors import RulesError
from pokernight.rules.events import RunsChosen, SecondRunStarted
from pokernight.rules.positions import left_of
from pokernight.rules.stakes import BettingStructure
from pokernight.rules.state import HandState
from pokernight.rules.variants import Variant

TWICE: Final = 2
ONCE: Final = 1


def check_run_it_twice(variant: Variant) -> None:
    """RulesError unless the variant's board may be run twice."""
    if not variant.has_flop:
        raise RulesError("no_board_to_run", game=variant.name)
    if variant.betting is BettingStructure.FIXED_LIMIT:
        raise RulesError("run_twice_limit")


def next_to_choose(state: HandState, deck_size: int) -> int | None:
    """The seat to say how many runs it wants, or None when nobody is asked now."""
    if not state.run_it_twice or state.runs or state.live < 2 or state.active > 1:
        return None
    if state.double_board:
        return None  # two boards already: never four
    if state.street_index >= state.last_street or not _deck_serves_two_runs(state, deck_size):
        return None
    folded, chosen = state.folded, state.runs_chosen
    for seat in state.rotations[left_of(state.button, state.count)]:
        if not folded[seat] and not chosen[seat]:
            return seat
    return None


def runs_legal_actions(state: HandState, seat: int) -> LegalActions:
    """Asked about the runs, a seat may only answer: once or twice."""
    return LegalActions(
        seat, False, False, 0, False, 0, None, None, state.bets[seat], can_choose_runs=True
    )  # fmt: skip


def runs_event(seat: int, runs: object) -> RunsChosen:
    """The answer as an event, or RulesError saying what a valid answer is."""
    if runs not in (ONCE, TWICE) or isinstance(runs, bool):
        raise RulesError("say_runs")
    assert isinstance(runs, int)
    return RunsChosen(seat, runs)


def second_run_due(state: HandState) -> bool:
    """The first run's board is complete and the players agreed to a second."""
    return state.runs == TWICE and not state.first_board


def second_run_started(state: HandState) -> SecondRunStarted:
    """The event that begins the second run, from the street where the runout began."""
    street = state.runout_street
    shared = sum(each.board for each in state.variant.streets[:street])
    return SecondRunStarted(street, shared)


def _deck_serves_two_runs(state: HandState, deck_size: int) -> bool:
    """Whether the deck holds both runs' burns and board cards."""
    streets = state.variant.streets[state.street_index + 1 :]
    per_run = sum(street.board + 1 for street in streets)
    return deck_size - state.deck_position >= TWICE * per_run
