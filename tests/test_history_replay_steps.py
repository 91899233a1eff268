"""The hand replayer's steps (``history/replay_steps.py``, ``server/replay.replay_json``).

Each scenario is played live on the engine, stopping wherever a player must act; every
such stop must be a step of the replay with the live hand's pot, stacks, bets and seat
to act, every step keeps the chips (pot + stacks = the stacks dealt in), and the last
step's stacks are the hand's final stacks. The privacy property runs over random table
sessions: a viewer never gets another seat's face-down card before it is shown (never,
if it is never shown) and always gets their own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.history.replay_steps import ReplayStep, replay_steps
from pokernight.history.table_export import PlayedHand, finished_hand, played_hands
from pokernight.rules import (
    VARIANTS,
    ActionTaken,
    CardsDealt,
    CardsShown,
    Hand,
    PotAwarded,
    Stakes,
    StreetStarted,
    visible_events,
)
from pokernight.server.tables.replay import StoredHand, replay_json
from pokernight.table import Act, ShowCards, TableEvent
from tests.rules_helpers import holdem_deck
from tests.table_helpers import events_of, player_to_act, seated_and_told
from tests.test_table_ledger import random_session

NLHE = VARIANTS["nlhe"]
BLINDS = Stakes(small_blind=5, big_blind=10)
Json = dict[str, Any]
Move = Callable[[Hand], object]


def play(hand: Hand, moves: list[Move]) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]:
    """Play ``moves`` live; at each stop (the engine waits for a player) what it shows."""
    stops = []
    for move in [None, *moves]:
        if move is not None:
            move(hand)
        if hand.to_act is not None:
            stops.append((hand.event_count, hand.total_pot, hand.stacks, hand.bets))
    assert hand.is_over
    return stops


def check_steps(hand: Hand, stops: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]) -> None:
    steps = replay_steps(hand, None)
    assert [event for step in steps for event in step.events] == list(
        visible_events(hand.events, None)
    )
    ends: dict[int, ReplayStep] = {}
    end = 0
    for step in steps:
        end += len(step.events)
        ends[end] = step
        chips = step.seen.pot + sum(step.seen.stacks)
        assert chips == sum(hand.starting_stacks), step
    assert end == hand.event_count
    for count, pot, stacks, bets in stops:
        step = ends[count]  # the engine stopped here live: a step ends here too
        assert (step.seen.pot, step.seen.stacks, step.seen.bets) == (pot, stacks, bets)
        assert step.to_act is not None
    assert steps[-1].seen.stacks == hand.final_stacks
    assert steps[-1].to_act is None
    assert [step.street for step in steps] == sorted(step.street for step in steps)


def test_a_side_pot_three_all_ins() -> None:
    deck = holdem_deck(0, ["AsAd", "KsKd", "QsQd"], "2c7h9dTs3c")
    hand = Hand.start(NLHE, BLINDS, [50, 100, 200], 0, deck)
    stops = play(
        hand,
        [
            lambda h: h.bet_or_raise(0, 50),
            lambda h: h.bet_or_raise(1, 100),
            lambda h: h.call(2),
        ],
    )
    check_steps(hand, stops)
    steps = replay_steps(hand, None)
    assert steps[-1].seen.stacks == (150, 100, 100)  # aces win the main pot, kings the side
    assert len(replay_steps(hand, None)[3].seen.pots) == 2  # after the third all-in
    dealt = [step.street_name for step in steps if isinstance(step.events[0], StreetStarted)]
    assert dealt == ["flop", "turn", "river"]  # a run-out deals each street as its own step


def test_a_split_pot() -> None:
    deck = holdem_deck(1, ["2c3d", "4h5s"], "AhKdQcJsTh")
    hand = Hand.start(NLHE, BLINDS, [500, 500], 1, deck)
    checks: list[Move] = [partial(Hand.check_or_call, seat=s) for s in (1, 0, 0, 1, 0, 1, 0, 1)]
    stops = play(hand, checks)
    check_steps(hand, stops)
    assert replay_steps(hand, 0)[-1].seen.stacks == (500, 500)
    (award,) = [event for event in hand.events if isinstance(event, PotAwarded)]
    assert len(award.winners) == 2


def test_a_board_run_twice() -> None:
    deck = holdem_deck(0, ["AsAd", "KsKd"], "2c7h9dTs3c")
    hand = Hand.start(NLHE, BLINDS, [300, 300], 0, deck, run_it_twice=True)
    stops = play(
        hand,
        [
            lambda h: h.bet_or_raise(0, 300),
            lambda h: h.call(1),
            lambda h: h.choose_runs(1, 2),  # asked from the button's left
            lambda h: h.choose_runs(0, 2),
        ],
    )
    check_steps(hand, stops)  # each answer is a stop of its own, a step with its seat
    steps = replay_steps(hand, None)
    dealt = [step.street_name for step in steps if isinstance(step.events[0], StreetStarted)]
    assert dealt == ["flop", "turn", "river", "second flop", "second turn", "second river"]
    assert steps[-1].seen.boards == hand.boards and len(hand.boards) == 2


def test_folds_and_an_uncalled_bet_going_back() -> None:
    deck = holdem_deck(0, ["AsAd", "KsKd", "QsQd"], "2c7h9dTs3c")
    hand = Hand.start(NLHE, BLINDS, [500, 300, 500], 0, deck)
    stops = play(
        hand,
        [
            lambda h: h.bet_or_raise(0, 40),
            lambda h: h.fold(1),
            lambda h: h.bet_or_raise(2, 500),
            lambda h: h.fold(0),
        ],
    )
    check_steps(hand, stops)
    steps = replay_steps(hand, None)
    kinds = [[type(event).__name__ for event in step.events] for step in steps]
    assert ["BetReturned"] in kinds
    assert steps[-1].street_name == "end"  # nobody showed: the pot goes without a showdown
    actions = [event for step in steps for event in step.events if isinstance(event, ActionTaken)]
    assert [action.says for action in actions] == ["raise", "fold", "raise", "fold"]


def _session_hand(seed: int, pick: int) -> PlayedHand | None:
    hands = list(played_hands(random_session(seed, 120, check=False)[1]))
    return hands[pick % len(hands)] if hands else None


def _cards_in(value: object) -> Iterator[str]:
    """Every card text under a "cards", "board" or "best" key of ``value``."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in {"cards", "board", "best"}:
                yield from (card for card in _flat(item) if card is not None)
            else:
                yield from _cards_in(item)
    elif isinstance(value, list):
        for item in value:
            yield from _cards_in(item)


def _flat(value: object) -> Iterator[Any]:
    if isinstance(value, list):
        for item in value:
            yield from _flat(item)
    else:
        yield value


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**20), pick=st.integers(0, 50), who=st.integers(-1, 9))
def test_a_viewer_sees_their_own_cards_and_no_hidden_card_of_another(
    seed: int, pick: int, who: int
) -> None:
    played = _session_hand(seed, pick)
    if played is None:
        return
    mine = who if 0 <= who < len(played.player_ids) else None
    viewer = None if mine is None else played.player_ids[mine]
    answer = replay_json(StoredHand(played, ()), viewer, 9)
    assert answer["viewer"]["hand_seat"] == mine
    events = played.hand.events
    down: dict[int, set[str]] = {}
    for event in events:
        if isinstance(event, CardsDealt) and event.seat is not None and not event.face_up:
            down.setdefault(event.seat, set()).update(str(card) for card in event.cards)
    shown_at: dict[str, int] = {}  # card -> the step it was shown in
    seen_so_far: set[str] = set()
    for number, step in enumerate(answer["steps"]):
        for event in step["events"]:
            if event["type"] == "CardsShown":
                for card in event["cards"]:
                    shown_at.setdefault(card, number)
        seen_so_far |= set(_cards_in(step))
        for seat, cards in down.items():
            if seat == mine:
                continue
            secret = {card for card in cards if shown_at.get(card, len(events)) > number}
            assert not secret & seen_so_far, (number, seat, secret & seen_so_far)
    end = 0
    for step in answer["steps"]:  # their own cards, each from the step it was dealt in on
        end += len(step["events"])
        own = {
            str(card)
            for event in events[:end]
            if isinstance(event, CardsDealt) and event.seat == mine and mine is not None
            for card in event.cards
        }
        if mine is not None:
            assert own <= {card for card in step["cards"][mine] if card is not None}
    assert end == len(events)
    shown = {str(card) for event in events if isinstance(event, CardsShown) for card in event.cards}
    for seat, cards in down.items():
        if seat != mine:
            assert not (cards - shown) & set(_cards_in(answer)), seat


def test_a_spectator_and_a_player_see_the_same_chips() -> None:
    rng = random.Random(5)
    played = _session_hand(rng.randrange(1000), 0)
    assert played is not None
    spectator = replay_json(StoredHand(played, ()), None, 9)
    player = replay_json(StoredHand(played, ()), played.player_ids[0], 9)
    assert [s["status"] for s in spectator["steps"]] == [s["status"] for s in player["steps"]]
    assert player["final_stacks"] == player["steps"][-1]["status"]["stacks"]


def test_cards_shown_after_the_hand_are_the_last_step_for_everybody() -> None:
    """A pot won without a showdown, then shown by choice: the replay ends with the
    winner's cards turned up, for a spectator too; the mucked loser's stay hidden."""
    table, told = seated_and_told({0: 1_000, 1: 1_000}, deal=3)
    log: list[TableEvent] = [table.opened, *(folded.event for folded in told)]
    mover = player_to_act(table)
    for kind in ("bet_or_raise", "fold"):
        legal = table.hand.legal_actions() if table.hand else None
        assert legal is not None
        amount = legal.min_raise_to if kind == "bet_or_raise" else None
        log += events_of(table, Act(player_to_act(table), kind, amount), 0.0)
    log += events_of(table, ShowCards(mover), 0.0)
    found = finished_hand(log, 1)
    assert found is not None
    played, shown = found
    [after] = shown
    assert after.seat == played.player_ids.index(mover)
    steps = replay_steps(played.hand, None, shown)
    last = steps[-1]
    assert last.events == (after,)
    assert last.seen.cards[after.seat] == after.cards
    folder = 1 - after.seat
    assert all(card is None for card in last.seen.cards[folder])
    assert steps[-2].seen.cards[after.seat] == (None, None)  # hidden until the show
