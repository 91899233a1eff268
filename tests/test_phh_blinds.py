"""Hands with a dead small blind or a big blind posted to be dealt in, written as PHH
(decision 34): our replay and PokerKit play them to the table's final stacks, and
``pokernight import`` takes them."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import HandHistory

from pokernight.cards import CARDS, shuffled
from pokernight.history import PHHError, parse_phh, replay_phh, to_phh
from pokernight.history.table_export import PlayedHand, played_hands
from pokernight.rules import VARIANTS, Hand, Stakes
from pokernight.rules.events import HandStarted, PotAwarded
from pokernight.rules.random_play import random_action
from pokernight.table import (
    Act,
    AddChips,
    Command,
    HandDealt,
    PostBigBlind,
    SitDown,
    SitIn,
    SitOut,
    StandUp,
    StartHand,
    Table,
    TableError,
    TableEvent,
    TableSettings,
)
from tests.table_helpers import NINE_SEATS
from tests.test_phh_import import import_all, imported, public_phh

Session = Callable[[Table, list[TableEvent]], None]
"""Commands given between the first hand and the second (they log their events)."""


def apply(table: Table, log: list[TableEvent], command: object) -> None:
    log.extend(folded.event for folded in table.apply(command, 0.0))  # type: ignore[arg-type]


def play_out(
    table: Table, log: list[TableEvent], rng: random.Random, *, calm: bool = False
) -> None:
    """Random legal actions (fold, check, call, raises) until the hand is over; ``calm``:
    checks and calls only (nobody goes broke, so the next hand has the same players)."""
    while table.hand is not None and table.started is not None:
        legal = table.hand.legal_actions()
        assert legal is not None
        player = table.seats[table.started.seats[legal.seat]].player_id
        if calm:
            apply(table, log, Act(player, "check" if legal.can_check else "call"))
            continue
        action = random_action(legal, rng)
        apply(table, log, Act(player, action.kind.value, action.amount))


def two_hands(seats: Sequence[int], between: Session, seed: int) -> list[TableEvent]:
    """A table's log: players at ``seats`` (1,000 each), a hand, ``between``, a hand."""
    rng = random.Random(seed)
    table = Table.open(NINE_SEATS, host=f"p{seats[0]}")
    log: list[TableEvent] = [table.opened]
    for seat in seats:
        apply(table, log, SitDown(seat, f"p{seat}", f"Player {seat}", 1000))
    for hand in range(2):
        if hand:
            between(table, log)
        apply(table, log, StartHand(rng))
        play_out(table, log, rng, calm=not hand)
    return log


def big_blind_leaves(table: Table, log: list[TableEvent]) -> None:
    """The last big blind stands up: the next small blind is dead."""
    assert table.last_started is not None and table.last_started.big_blind is not None
    apply(table, log, StandUp(table.seats[table.last_started.big_blind].player_id))


def newcomer_posts(table: Table, log: list[TableEvent]) -> None:
    """A newcomer sits down at seat 1 and posts a big blind to be dealt in at once."""
    apply(table, log, SitDown(1, "late", "Late", 1000))
    apply(table, log, PostBigBlind("late"))


CASES = {
    "dead small blind": ((0, 1, 2, 3), big_blind_leaves),
    "dead small blind, five players": ((0, 2, 3, 5, 7), big_blind_leaves),
    "newcomer posts": ((0, 2, 4), newcomer_posts),
    "newcomer posts, five players": ((0, 2, 4, 6, 7), newcomer_posts),
}


def second_hand(case: str, seed: int) -> tuple[list[TableEvent], PlayedHand]:
    seats, between = CASES[case]
    log = two_hands(seats, between, seed)
    _, second = played_hands(log)
    started = started_of(second.hand)
    if case.startswith("dead"):
        assert started.dead_small_blind, "the case makes a dead small blind"
    else:
        assert started.posted_big_blinds, "the case makes a posted big blind"
    return log, second


def started_of(hand: Hand) -> HandStarted:
    started = hand.events[0]
    assert isinstance(started, HandStarted)
    return started


def phh_order(stacks: Sequence[int], played: PlayedHand) -> list[int]:
    """Stacks by hand seat, in PHH order (left of the button first)."""
    button, count = started_of(played.hand).button, len(stacks)
    return [stacks[(button + 1 + offset) % count] for offset in range(count)]


def pokerkit_stacks(text: str) -> list[int]:
    *_, state = iter(HandHistory.loads(text))
    return list(state.stacks)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("case", CASES)
def test_both_replays_end_with_the_tables_stacks(case: str, seed: int) -> None:
    _, played = second_hand(case, seed)
    final_stacks = played.hand.final_stacks
    assert final_stacks is not None
    text = to_phh(played.hand, players=played.names)
    table_stacks = phh_order(final_stacks, played)
    assert list(replay_phh(parse_phh(text)[0]).finishing_stacks) == table_stacks
    assert pokerkit_stacks(text) == table_stacks


def test_a_dead_small_blind_is_left_out_and_kept_in_our_field() -> None:
    _, played = second_hand("dead small blind", 0)
    text = to_phh(played.hand)
    assert "blinds_or_straddles = [20, 0, 0]\n_dead_small_blind = 10\n" in text


def test_a_posted_big_blind_is_pokerkits_post_bet() -> None:
    _, played = second_hand("newcomer posts", 0)
    text = to_phh(played.hand)
    assert "blinds_or_straddles = [10, 20, -20, 0]\n" in text


@pytest.mark.parametrize(("dead", "antes"), [(True, "[21, 1, 1, 1]"), (False, "[1, 21, 1, 1]")])
def test_the_big_blind_ante_is_at_the_big_blinds_place_and_not_trimmed(
    dead: bool, antes: str
) -> None:
    """PokerKit's ante trimming would give the big blind's ante back: it is off."""
    stakes = Stakes(small_blind=10, big_blind=20, ante=1, big_blind_ante=20)
    for seed in range(10):
        deck = shuffled(CARDS, random.Random(seed))
        hand = Hand.start(VARIANTS["nlhe"], stakes, [500] * 4, 3, deck, dead_small_blind=dead)
        hand = played_out(hand, random.Random(seed))
        text = to_phh(hand)
        assert f"ante_trimming_status = false\nantes = {antes}\n" in text
        replayed = replay_phh(parse_phh(text)[0])
        assert replayed.finishing_stacks == hand.final_stacks  # the button is the last seat
        assert pokerkit_stacks(text) == list(replayed.finishing_stacks)


def test_heads_up_a_dead_small_blind_is_a_zero_small_blind() -> None:
    stakes = Stakes(small_blind=10, big_blind=20)
    hand = Hand.start(
        VARIANTS["nlhe"],
        stakes,
        [500, 700],
        1,
        shuffled(CARDS, random.Random(2)),
        dead_small_blind=True,
    )
    hand = played_out(hand, random.Random(2))
    text = to_phh(hand)
    assert "blinds_or_straddles = [0, 20]\n_dead_small_blind = 10\n" in text
    replayed = replay_phh(parse_phh(text)[0])
    assert replayed.finishing_stacks == hand.final_stacks  # the button is the last seat
    assert pokerkit_stacks(text) == list(replayed.finishing_stacks)


def test_a_dead_small_blind_with_a_straddle_needs_our_field() -> None:
    """``[20, 40, 0, 0]`` alone reads as blinds 20/40; our field says 20 is the big blind
    and 40 a straddle (PokerKit counts a straddle differently: not compared)."""
    stakes = Stakes(small_blind=10, big_blind=20, straddle=40)
    hand = Hand.start(
        VARIANTS["nlhe"],
        stakes,
        [500] * 4,
        3,
        shuffled(CARDS, random.Random(3)),
        dead_small_blind=True,
    )
    hand = played_out(hand, random.Random(3))
    text = to_phh(hand)
    assert "blinds_or_straddles = [20, 40, 0, 0]\n_dead_small_blind = 10\n" in text
    replayed = replay_phh(parse_phh(text)[0]).hand
    assert replayed.events[1:] == hand.events[1:] and replayed.final_stacks == hand.final_stacks


def test_a_foreign_single_blind_is_a_dead_small_blind() -> None:
    """Without our field, ``[20, 0, 0]`` is read as PokerKit reads it: p1 posts 20 and
    p2 acts first."""
    (phh,) = parse_phh(
        "variant = 'NT'\nblinds_or_straddles = [20, 0, 0]\nmin_bet = 20\n"
        "starting_stacks = [100, 100, 100]\nactions = ['p2 f', 'p3 f']\n"
    )
    assert replay_phh(phh).finishing_stacks == (100, 100, 100)


def test_a_posted_blind_other_than_the_big_blind_is_refused() -> None:
    (phh,) = parse_phh(
        "variant = 'NT'\nblinds_or_straddles = [10, 20, -15]\nmin_bet = 20\n"
        "starting_stacks = [100, 100, 100]\nactions = []\n"
    )
    with pytest.raises(PHHError, match="a posted blind of 15 is not the big blind"):
        replay_phh(phh)


def played_out(hand: Hand, rng: random.Random) -> Hand:
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        hand = hand.act(random_action(legal, rng))
    return hand


@pytest.mark.parametrize("case", CASES)
def test_the_import_takes_the_hands_and_exports_them_the_same(case: str) -> None:
    log, _ = second_hand(case, 7)
    exported = public_phh(log)
    hands = [imported(parse_phh(text)[0], f"hand {n}") for n, text in enumerate(exported, 1)]
    table_import, taken = import_all(hands)
    assert taken == hands
    events = table_import.finish()
    assert public_phh(events) == exported
    dealt = [event for event in events if isinstance(event, HandDealt)]
    assert (dealt[1].small_blind not in dealt[1].seats) == case.startswith("dead")
    assert bool(dealt[1].posted) != case.startswith("dead")


NAMES = ("ann", "bob", "cat", "dan", "eve", "fay", "gus")


def session(variant: str, seed: int, hands: int) -> list[TableEvent]:
    """A table's log: players sit down (and often post to be dealt in at once), stand up,
    sit out and in, rebuy, and play random hands."""
    rng = random.Random(seed)
    settings = TableSettings.for_variant(variant, debt_cap=None, seats=rng.choice((6, 9)))
    table = Table.open(settings, host="host")
    log: list[TableEvent] = [table.opened]

    def run(command: Command) -> None:
        with contextlib.suppress(TableError):  # a move the table refuses: play goes on
            apply(table, log, command)

    while table.hand_number < hands:
        seated = {seat.player_id: seat for seat in table.seats.values()}
        for name in NAMES:
            seat = seated.get(name)
            free = [s for s in range(settings.seats) if s not in table.seats]
            if seat is None and free and rng.random() < 0.3:
                run(SitDown(rng.choice(free), name, name.title(), settings.maximum_buy_in))
            elif seat is not None and rng.random() < 0.15:
                run(rng.choice((StandUp(name), SitOut(name))))
            elif seat is not None and seat.sitting_out and rng.random() < 0.5:
                run(SitIn(name))
            elif seat is not None and seat.stack < settings.minimum_buy_in:
                run(AddChips(name, settings.minimum_buy_in))
            if rng.random() < 0.5:
                run(PostBigBlind(name))
        run(StartHand(rng))
        play_out(table, log, rng)
    return log


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(("nlhe", "plo", "flhe")), st.integers(0, 2**32))
def test_every_hand_of_a_random_session_replays_to_the_tables_stacks(
    variant: str, seed: int
) -> None:
    """Players come and go, sit out, post to come in: every hand of the session replays
    through our replay to the table's final stacks, and through PokerKit too where our
    rules and its agree (``tests/differential_helpers.py``): not fixed limit (we lift
    the cap heads-up), nor a blind all-in for less (PokerKit lowers the bet), nor a
    split pot (odd chips go elsewhere)."""
    for played in played_hands(session(variant, seed, 12)):
        text = to_phh(played.hand, players=played.names)
        final_stacks = played.hand.final_stacks
        assert final_stacks is not None
        table_stacks = phh_order(final_stacks, played)
        replayed = replay_phh(parse_phh(text)[0])
        assert list(replayed.finishing_stacks) == table_stacks, text
        started = started_of(played.hand)
        split = any(
            isinstance(event, PotAwarded) and len(event.winners) > 1 for event in played.hand.events
        )
        if variant != "flhe" and min(started.stacks) > started.stakes.big_blind and not split:
            assert pokerkit_stacks(text) == table_stacks, text


def test_random_sessions_deal_dead_small_blinds_and_posted_big_blinds() -> None:
    """The property above meets both kinds of hand, not only plain ones."""
    starts = [
        started_of(played.hand)
        for seed in range(10)
        for played in played_hands(session("nlhe", seed, 12))
    ]
    assert any(started.dead_small_blind for started in starts)
    assert any(started.posted_big_blinds for started in starts)
