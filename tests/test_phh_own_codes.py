"""Every game and table option exports to PHH and replays from it (issue 22, decision 47).

PHH has codes for eleven games and no form for bomb pots, double boards, a board run
twice or jacks to open: those hands are written with our own code (``pokernight:<game>``)
and the options as user-defined fields, so a PHH reader refuses them instead of playing
another game, and ``pokernight replay`` plays them to the same events.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory

from pokernight.cards import Rank, shuffled
from pokernight.history import PHHError, parse_phh, replay_phh, to_phh
from pokernight.history.phh_codes import PHH_CODES, phh_code, variant_of_code
from pokernight.rules import (
    VARIANTS,
    Action,
    ActionKind,
    BettingStructure,
    Hand,
    Stakes,
    Variant,
    variant_for,
)
from pokernight.rules.events import CardsDealt, HandStarted, RunsChosen
from pokernight.rules.random_play import random_action
from tests.test_phh_draw import as_dealt

NO_CODE = sorted(key for key in VARIANTS if not any(key == k for k, _ in PHH_CODES))
FLOP_GAMES = sorted(key for key, v in VARIANTS.items() if v.has_flop and not v.is_stud)
GAMES_FOR = {
    "plain": sorted(VARIANTS),
    "other_betting": sorted(VARIANTS),
    "bomb_pot": FLOP_GAMES,
    "double_board": FLOP_GAMES,
    "run_it_twice": [
        key for key in FLOP_GAMES if VARIANTS[key].betting is not BettingStructure.FIXED_LIMIT
    ],
}
"""The games each option is played in (every example plays a hand)."""


@dataclass(frozen=True)
class Deal:
    key: str
    option: str
    seed: int

    def variant(self) -> Variant:
        variant = VARIANTS[self.key]
        if self.option != "other_betting":
            return variant
        others = [b for b in BettingStructure if b is not variant.betting]
        return variant.with_betting(random.Random(self.seed).choice(others))


def stakes_for(variant: Variant) -> Stakes:
    fixed = variant.betting is BettingStructure.FIXED_LIMIT
    bets = {"small_bet": 2, "big_bet": 4} if fixed else {}
    if variant.is_stud:
        return Stakes(ante=1, bring_in=1, **({"small_bet": 2, "big_bet": 4} | bets))
    return Stakes(small_blind=1, big_blind=2, **bets)


def play(deal: Deal) -> Hand:
    """A random hand of the deal's game with its option (``GAMES_FOR``), played to the end;
    with run it twice, players go all in often enough to be asked."""
    variant = deal.variant()
    rng = random.Random(deal.seed)
    options: dict[str, object] = {}
    if deal.option in ("bomb_pot", "double_board"):
        options = {"bomb_pot": rng.choice((2, 5)), "double_board": deal.option == "double_board"}
    elif deal.option == "run_it_twice":
        options = {"run_it_twice": True}
    if variant.is_draw and variant.showdown == "high":
        options["jacks_to_open"] = rng.random() < 0.5
    if variant.follows_queen:
        options["ftq_queen_carries_over"] = rng.random() < 0.5
    players = rng.randint(2, min(variant.max_players, 5 if options.get("double_board") else 6))
    stacks = [rng.randint(5, 200) for _ in range(players)]
    button = players - 1  # as PHH numbers them, so the replay's seats are the hand's
    deck = shuffled(variant.cards, rng)
    hand = Hand.start(variant, stakes_for(variant), stacks, button, deck, **options)  # type: ignore[arg-type]
    while (legal := hand.legal_actions()) is not None:
        action = random_action(legal, rng, hand.hole(legal.seat))
        if options.get("run_it_twice") and legal.max_raise_to and rng.random() < 0.6:
            action = Action(legal.seat, ActionKind.BET_OR_RAISE, legal.max_raise_to)  # all in
        hand.act(action)
    return hand


@settings(max_examples=300, deadline=None)
@given(
    deal=st.sampled_from(sorted(GAMES_FOR)).flatmap(
        lambda option: st.builds(
            Deal, st.sampled_from(GAMES_FOR[option]), st.just(option), st.integers(0, 2**32)
        )
    )
)
def test_every_game_and_option_replays_from_its_phh_export(deal: Deal) -> None:
    hand = play(deal)
    started = hand.events[0]
    assert isinstance(started, HandStarted)
    text = to_phh(hand)
    (phh,) = parse_phh(text)
    replayed = replay_phh(phh).hand
    assert replayed.final_stacks == hand.final_stacks
    code = phh_code(started, any(isinstance(event, RunsChosen) for event in hand.events))
    # PHH writes the bet sizes the game uses (no-limit: the minimum bet), not every field.
    assert _unstaked(replayed.events[0]) == _unstaked(started)
    assert as_dealt(replayed) == as_dealt(hand)  # a reshuffle's stub is the record's cards
    assert replayed.boards == hand.boards
    assert text.startswith(f"variant = '{code}'")
    assert variant_of_code(code) == hand.variant


def _unstaked(event: object) -> dict[str, object]:
    assert isinstance(event, HandStarted)
    return {name: value for name, value in event.to_dict().items() if name != "stakes"}


@pytest.mark.parametrize("key", NO_CODE)
def test_a_game_phh_has_no_code_for_is_written_with_ours(key: str) -> None:
    variant = VARIANTS[key]
    hand = Hand.start(variant, stakes_for(variant), [100, 100], 1, variant.cards)
    text = to_phh(hand)
    assert text.startswith(f"variant = 'pokernight:{key}'\n")
    assert variant_of_code(f"pokernight:{key}") == variant


def test_another_betting_structure_is_named_in_the_code() -> None:
    variant = variant_for("nlhe", "pot-limit")
    hand = Hand.start(variant, stakes_for(variant), [100, 100], 1, variant.cards)
    assert to_phh(hand).startswith("variant = 'pokernight:nlhe:pot-limit'\n")
    assert variant_of_code("pokernight:nlhe:pot-limit") == variant


@pytest.mark.parametrize(
    "code", ["pokernight:", "pokernight:chess", "pokernight:nlhe:no-betting", "XYZ"]
)
def test_a_code_nobody_knows_is_refused_by_name(code: str) -> None:
    with pytest.raises(PHHError, match=f"variant {code} is not supported"):
        variant_of_code(code)


def test_a_board_run_twice_writes_the_answers_and_both_runs() -> None:
    variant = VARIANTS["nlhe"]
    deck = shuffled(variant.cards, random.Random(3))
    hand = Hand.start(variant, stakes_for(variant), [50, 50], 1, deck, run_it_twice=True)
    hand.bet_or_raise(1, 50)
    hand.call(0)
    hand.choose_runs(0, 2)
    hand.choose_runs(1, 2)
    assert hand.is_over and hand.runs == 2
    text = to_phh(hand)
    assert "_run_it_twice = true" in text
    assert "'p1 sr 2'," in text and "'p2 sr 2'," in text
    boards = [line for line in text.splitlines() if "d db" in line]
    assert len(boards) == 6  # flop, turn, river; then the second run's flop, turn, river
    (phh,) = parse_phh(text)
    assert replay_phh(phh).hand.boards == hand.boards


def test_a_double_board_bomb_pot_writes_its_ante_and_each_board() -> None:
    variant = VARIANTS["plo"]
    deck = shuffled(variant.cards, random.Random(5))
    hand = Hand.start(variant, stakes_for(variant), [60, 60, 60], 2, deck, bomb_pot=5,
                      double_board=True)  # fmt: skip
    while not hand.is_over:
        hand.check_or_call(hand.to_act)  # type: ignore[arg-type]
    text = to_phh(hand)
    assert text.startswith("variant = 'pokernight:plo'\n")
    assert "_bomb_pot = 5\n_double_board = true\n" in text
    flops = [line for line in text.splitlines() if "d db" in line][:2]
    assert [line.count(" ") for line in flops] == [4, 4]  # two flops of their own: "d db ..."
    (phh,) = parse_phh(text)
    assert replay_phh(phh).hand.boards == hand.boards


def test_baseball_extra_cards_are_laid_out_where_the_engine_deals_them() -> None:
    """Some seed deals a four face up: the card after it goes to the same player, and the
    replay must put every later card one place further down the deck."""
    for seed in range(200):
        hand = play(Deal("baseball", "plain", seed))
        extra = _extra_cards(hand)
        if extra:
            break
    else:
        pytest.fail("no four dealt face up in 200 hands")
    (phh,) = parse_phh(to_phh(hand))
    replayed = replay_phh(phh).hand
    assert _extra_cards(replayed) == extra


def _extra_cards(hand: Hand) -> list[object]:
    dealt = [e for e in hand.events if isinstance(e, CardsDealt)]
    return [
        later.cards
        for earlier, later in itertools.pairwise(dealt)
        if earlier.face_up and earlier.cards[0].rank == Rank.FOUR and later.seat == earlier.seat
    ]


def test_pokerkit_refuses_our_codes_instead_of_playing_another_game() -> None:
    hand = play(Deal("ftq", "plain", 1))
    history = HandHistory.loads(to_phh(hand))
    with pytest.raises((KeyError, ValueError)):
        list(history)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (("_bomb_pot = 2\n", "_bomb_pot = 2\n_double_board = 1\n"), "_double_board is not true"),
        (("_run_it_twice = true", "_run_it_twice = 'yes'"), "field _run_it_twice is not true"),
        (("'p1 sr 2'", "'p1 sr 3'"), "action 'p1 sr 3' is not a PHH action"),
        (("_bomb_pot = 2\n", "_double_board = true\n"), "_double_board needs _bomb_pot"),
        # Without the option nobody is asked: the answers come after the hand is over.
        (("_run_it_twice = true\n", ""), "action 8 'p1 sr 2': hand is over"),
    ],
)
def test_a_bad_option_or_answer_is_refused_by_name(change: tuple[str, str], reason: str) -> None:
    variant = VARIANTS["nlhe"]
    deck = shuffled(variant.cards, random.Random(3))
    hand = Hand.start(variant, stakes_for(variant), [50, 50, 50], 2, deck, run_it_twice=True,
                      bomb_pot=2, double_board=False)  # fmt: skip
    hand.bet_or_raise(0, 48)
    hand.call(1)
    hand.call(2)
    while not hand.is_over:
        hand.choose_runs(hand.to_act, 2)  # type: ignore[arg-type]
    text = to_phh(hand)
    old, new = change
    assert old in text
    with pytest.raises(PHHError, match=reason):
        replay_phh(parse_phh(text.replace(old, new))[0])
