"""Run it twice (issue 22, table options): once nobody can bet before the board is
complete, the live players are asked in turn; all agreeing, the rest of the board is dealt
twice from the same deck and each pot is split between the boards, the odd chip to the
first (docs/rules.md, "Run it twice")."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import full_deck, parse_cards, shuffled
from pokernight.rules import (
    Hand,
    PotAwarded,
    RulesError,
    RunsChosen,
    SecondRunStarted,
    Stakes,
    StreetStarted,
    variant_for,
)
from pokernight.rules.actions import Action, ActionKind
from pokernight.rules.random_play import random_action

STAKES = Stakes(small_blind=10, big_blind=20)

# Seat 0 is the button; heads-up it posts the small blind. The deck is dealt in order:
# two hole cards each (one at a time, from seat 1), then burn and flop, burn and turn, burn
# and river; then the second run: burn and flop, burn and turn, burn and river.
WORKED_DECK = parse_cards(
    "Ah Kd As Kc"  # seat 1: Ah As; seat 0: Kd Kc
    " 2c 7d 8s 2h"  # burn, flop 7d 8s 2h
    " 3c 9c 4c Jd"  # burn, turn 9c, burn, river Jd: aces hold
    " 5c Ks 6d 3h"  # second run: burn, flop Ks 6d 3h
    " 6c Ts 7c 4s"  # burn, turn Ts, burn, river 4s: kings make a set
    " 8h 9h Th Jh Qh 2d 3d 4d 5d"
)


def start(key: str, stacks: list[int], deck: object = None, seed: int = 1) -> Hand:
    cards = shuffled(full_deck(), random.Random(seed)) if deck is None else deck
    return Hand.start(variant_for(key), STAKES, stacks, 0, cards, run_it_twice=True)  # type: ignore[arg-type]


def all_in_preflop(hand: Hand) -> Hand:
    """Everybody raises the most they may, or calls, until all are in (pot-limit takes
    a few raises); the hand is then at the question, or over."""
    while (legal := hand.legal_actions()) is not None and not legal.can_choose_runs:
        assert hand.street_index == 0
        if legal.max_raise_to is not None:
            hand.bet_or_raise(legal.seat, legal.max_raise_to)
        else:
            hand.call(legal.seat)
    return hand


def test_a_worked_example_both_agree_and_each_board_wins_half_the_odd_chip_to_the_first() -> None:
    hand = all_in_preflop(start("nlhe", [1001, 1000], WORKED_DECK))
    legal = hand.legal_actions()
    assert legal is not None and legal.can_choose_runs and legal.seat == 1  # left of the button
    assert not (legal.can_fold or legal.can_check or legal.can_bet_or_raise)
    assert hand.board == () and hand.runs == 1
    hand.choose_runs(1, 2)
    assert hand.to_act == 0 and hand.board == ()  # nothing dealt until everybody answered
    hand.choose_runs(0, 2)
    assert hand.is_over and hand.runs == 2
    assert hand.boards == (parse_cards("7d 8s 2h 9c Jd"), parse_cards("Ks 6d 3h Ts 4s"))
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    # A pot of 2,000 (the button's extra chip came back): 1,000 a board.
    assert [(e.board, e.amount, e.winners) for e in awards] == [
        (0, 1000, ((1, 1000),)),
        (1, 1000, ((0, 1000),)),
    ]
    assert hand.final_stacks == (1001, 1000)
    kinds = [type(e).__name__ for e in hand.events]
    second_run = kinds[kinds.index("SecondRunStarted") :]
    # Both boards dealt, then each shown down: both hands read on it, and its award.
    assert second_run == [
        "SecondRunStarted", *["StreetStarted", "CardsDealt"] * 3,
        *["CardsShown", "CardsShown", "PotAwarded"] * 2, "HandEnded",
    ]  # fmt: skip
    again = Hand.from_dict(hand.to_dict())
    assert again.events == hand.events and again.boards == hand.boards


def test_the_odd_chip_of_each_pot_goes_to_the_first_run() -> None:
    # Three players all in preflop: a main pot of 3 x 333 = 999 and nobody else to split it.
    hand = all_in_preflop(start("nlhe", [333, 333, 333], seed=7))
    for _ in range(3):
        hand.choose_runs(hand.to_act, 2)  # type: ignore[arg-type]
    halves: dict[int, list[int]] = defaultdict(list)
    for award in (e for e in hand.events if isinstance(e, PotAwarded)):
        halves[award.index].append(award.amount)
    assert halves == {0: [500, 499]}


def test_one_player_saying_once_settles_it_and_nobody_else_is_asked() -> None:
    hand = all_in_preflop(start("nlhe", [500, 500, 500]))
    first = hand.to_act
    assert first == 1
    hand.choose_runs(1, 1)
    assert hand.is_over and hand.runs == 1 and len(hand.boards) == 1
    answers = [e for e in hand.events if isinstance(e, RunsChosen)]
    assert answers == [RunsChosen(1, 1)]
    assert not any(isinstance(e, SecondRunStarted) for e in hand.events)
    assert all(e.board == 0 for e in hand.events if isinstance(e, PotAwarded))


def test_every_live_player_is_asked_clockwise_from_the_buttons_left_even_with_chips() -> None:
    # Seat 3 folds; seat 2 covers everybody and keeps chips; the rest are all in.
    hand = start("nlhe", [300, 200, 900, 400])
    hand.fold(3)
    hand.bet_or_raise(0, 300)
    hand.call(1)
    hand.call(2)
    asked = []
    while not hand.is_over:
        asked.append(hand.to_act)
        hand.choose_runs(hand.to_act, 2)  # type: ignore[arg-type]
    assert asked == [1, 2, 0]
    assert hand.runs == 2


def test_a_flop_all_in_runs_the_turn_and_river_twice_from_the_same_deck() -> None:
    hand = start("nlhe", [400, 400], seed=3)
    hand.call(0)
    hand.check(1)
    assert hand.street_index == 1 and len(hand.board) == 3
    hand.bet_or_raise(1, 380)
    hand.call(0)
    hand.choose_runs(1, 2).choose_runs(0, 2)
    first, second = hand.boards
    assert first[:3] == second[:3] and first[3:] != second[3:]
    streets = [e.name for e in hand.events if isinstance(e, StreetStarted)]
    assert streets == ["preflop", "flop", "turn", "river", "turn", "river"]
    dealt = set(first) | set(second[3:])
    assert len(dealt) == 7  # every card once: nothing dealt twice


def test_no_question_when_the_board_is_complete_or_nobody_is_all_in() -> None:
    hand = start("nlhe", [400, 400], seed=4)
    hand.call(0).check(1)
    for _ in range(2):  # flop and turn checked through
        hand.check(1).check(0)
    hand.bet_or_raise(1, 380).call(0)  # all in on the river: nothing left to run
    assert hand.is_over and not any(isinstance(e, RunsChosen) for e in hand.events)
    folded = start("nlhe", [400, 400], seed=4)
    folded.bet_or_raise(0, 400).fold(1)
    assert folded.is_over and not any(isinstance(e, RunsChosen) for e in folded.events)


@pytest.mark.parametrize(("size", "asked_on"), [(20, 0), (19, 1), (15, 2), (13, None)])
def test_a_deck_too_short_for_two_runs_asks_once_it_can_serve_them(
    size: int, asked_on: int | None
) -> None:
    # Heads-up hold'em all in preflop: 4 hole cards, then each run burns and deals 3 + 1 + 1
    # (8 cards). 20 cards serve two whole boards; 19 only two turns and rivers once the flop
    # is out; 15 two rivers once the turn is; 13 never two of anything.
    hand = all_in_preflop(start("nlhe", [500, 500], full_deck()[:size]))
    if asked_on is None:
        assert hand.is_over and hand.runs == 1
        return
    assert hand.street_index == asked_on and hand.legal_actions().can_choose_runs  # type: ignore[union-attr]
    hand.choose_runs(1, 2).choose_runs(0, 2)
    shared = len(hand.board) - len({*hand.boards[1]} - {*hand.boards[0]})
    assert hand.runs == 2 and shared == (0, 3, 4)[asked_on]


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ((3,), "1 \\(once\\) or 2 \\(twice\\)"),
        ((True,), "1 \\(once\\) or 2 \\(twice\\)"),
        (("check",), "first say whether to run the board once"),
    ],
)
def test_a_wrong_answer_is_refused_and_changes_nothing(answer: tuple[object], reason: str) -> None:
    hand = all_in_preflop(start("nlhe", [500, 500]))
    before = hand.events
    with pytest.raises(RulesError, match=reason):
        if answer[0] == "check":
            hand.check(1)
        else:  # as a client sends it: the action's amount is read untyped and checked
            hand.act(Action(1, ActionKind.RUNS, answer[0]))  # type: ignore[arg-type]
    assert hand.events == before and hand.to_act == 1


def test_asking_to_run_twice_outside_the_question_is_refused() -> None:
    hand = start("nlhe", [500, 500])
    with pytest.raises(RulesError, match="nothing to run twice now"):
        hand.choose_runs(0, 2)
    plain = Hand.start(variant_for("nlhe"), STAKES, [500, 500], 0, full_deck())
    with pytest.raises(RulesError, match="not played with run it twice"):
        plain.choose_runs(0, 2)


@pytest.mark.parametrize(
    ("key", "reason"),
    [("stud", "no board to run twice"), ("flhe", "no-limit and pot-limit option")],
)
def test_run_it_twice_is_refused_where_it_cannot_be(key: str, reason: str) -> None:
    with pytest.raises(RulesError, match=reason):
        start(key, [500, 500])


def test_a_hand_saved_while_the_question_is_open_resumes_there() -> None:
    hand = all_in_preflop(start("nlo", [300, 300, 300], seed=9))
    hand.choose_runs(hand.to_act, 2)  # type: ignore[arg-type]
    again = Hand.from_dict(hand.to_dict())
    assert again.to_act == hand.to_act and again.legal_actions() == hand.legal_actions()
    assert again.legal_actions().can_choose_runs  # type: ignore[union-attr]
    assert hand.events[0].to_dict()["run_it_twice"] is True
    plain = Hand.start(variant_for("nlhe"), STAKES, [500, 500], 0, full_deck())
    assert "run_it_twice" not in plain.events[0].to_dict()


def test_a_hi_lo_pot_run_twice_splits_each_boards_half_high_and_low() -> None:
    for seed in range(200):
        hand = all_in_preflop(start("plo8", [400, 400, 400], seed=seed))
        while not hand.is_over:
            hand.choose_runs(hand.to_act, 2)  # type: ignore[arg-type]
        awards = [e for e in hand.events if isinstance(e, PotAwarded)]
        if all(e.low for e in awards):  # a low on both boards
            break
    else:
        pytest.fail("no seed gave a low on both boards")
    assert [e.board for e in awards] == [0, 1] and [e.amount for e in awards] == [600, 600]
    for award in awards:
        assert sum(chips for _, chips in award.high) == 300
        assert sum(chips for _, chips in award.low) == 300


@settings(max_examples=200, deadline=None)
@given(
    key=st.sampled_from(["nlhe", "plhe", "plo", "plo8", "nlsd"]),
    stacks=st.lists(st.integers(1, 400), min_size=2, max_size=8),
    seed=st.integers(0, 10**6),
)
def test_chips_are_conserved_and_every_pot_is_awarded_once_a_run(
    key: str, stacks: list[int], seed: int
) -> None:
    rng = random.Random(seed)
    variant = variant_for(key)
    deck = shuffled(variant.cards, rng)
    hand = Hand.start(variant, STAKES, stacks, 0, deck, run_it_twice=True)
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand.act(random_action(legal, rng))
    awards = [e for e in hand.events if isinstance(e, PotAwarded)]
    runs = {e.board for e in awards}
    assert runs == ({0, 1} if hand.runs == 2 else {0})
    for run in runs:
        indices = [e.index for e in awards if e.board == run]
        assert indices == sorted(set(indices))  # each pot once a run
    for award in awards:
        assert sum(chips for _, chips in award.winners) == award.amount
    by_pot: dict[int, list[int]] = defaultdict(list)
    for award in awards:
        by_pot[award.index].append(award.amount)
    if hand.runs == 2:
        assert all(amounts[0] - amounts[1] in (0, 1) for amounts in by_pot.values())
    assert sum(hand.final_stacks or ()) == sum(stacks)
    assert hand.total_pot == 0
    # Every card dealt once: the second run's own cards are new ones.
    first, *second = hand.boards
    shared = _shared(first, second[0]) if second else 0
    dealt = [*first, *(second[0][shared:] if second else ())]
    dealt += [card for seat in range(hand.player_count) for card in hand.hole(seat)]
    assert len(dealt) == len(set(dealt))


def _shared(first: tuple[object, ...], second: tuple[object, ...]) -> int:
    """How many board cards the two runs share (the cards before the runout)."""
    count = 0
    while count < len(first) and first[count] == second[count]:
        count += 1
    return count
