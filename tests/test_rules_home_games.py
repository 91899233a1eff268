"""The wild home games (Baseball, deuces wild) and Chicago, checked against brute force.

docs/rules.md, Wild home games: Baseball's threes and nines are wild and a four dealt face
up gives its player an extra card face down at once, free; in Seven-Card Stud, Deuces Wild
the twos are; Chicago splits each pot between the best high hand and the highest spade in
the hole. Showdowns are judged again here by ``wild_oracle`` (every substitution of every
five cards) and by a plain reading of the spades, never by the engine's evaluators.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import Card, Rank, Suit, parse_card, parse_cards, shuffled
from pokernight.rules import VARIANTS, CardsDealt, CardsShown, Hand, PotAwarded, Stakes
from pokernight.rules.events import Event, event_from_dict
from pokernight.rules.random_play import random_action
from pokernight.rules.views import view, visible_events
from tests.differential_helpers import _showdown_pots
from tests.rules_helpers import arranged_deck, check_to_showdown
from tests.wild_oracle import oracle_value

BASEBALL, DEUCES, CHICAGO = VARIANTS["baseball"], VARIANTS["deuces"], VARIANTS["chicago"]
STAKES = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
SEEDS = st.integers(min_value=0, max_value=2**32)


def awards(hand: Hand) -> list[PotAwarded]:
    return [event for event in hand.events if isinstance(event, PotAwarded)]


def played(variant_key: str, seed: int, *, deep: bool = False) -> Hand:
    """A random hand of the game: random stacks (side pots) and random actions, or with
    ``deep`` stacks everybody calls it down to one pot."""
    rng = random.Random(seed)
    variant = VARIANTS[variant_key]
    players = rng.randint(2, variant.max_players)
    stacks = [10_000 if deep else rng.randint(3, 300) for _ in range(players)]
    hand = Hand.start(variant, STAKES, stacks, rng.randrange(players), shuffled(variant.cards, rng))
    if deep:
        return check_to_showdown(hand)
    while (legal := hand.legal_actions()) is not None:
        hand.act(random_action(legal, rng))
    return hand


def test_a_four_dealt_face_up_gives_an_extra_down_card_at_once() -> None:
    # Two players, button on seat 1: seat 0 is dealt first. Seat 0's up card is the 4h; the
    # next card of the deck (Kc) goes to seat 0 face down before seat 1's up card (7s).
    deck = arranged_deck(parse_cards("2c 2d 5c 5d 4h Kc 7s"))
    hand = Hand.start(BASEBALL, STAKES, [500, 500], 1, deck)
    dealt = [event for event in hand.events if isinstance(event, CardsDealt)]
    assert dealt[2:] == [
        CardsDealt(0, (parse_card("4h"),), True),
        CardsDealt(0, (parse_card("Kc"),), False),
        CardsDealt(1, (parse_card("7s"),), True),
    ]
    assert hand.hole(0) == parse_cards("2c 5c 4h Kc")
    assert hand.wild_ranks == {Rank.THREE, Rank.NINE}


def stud_street_deck(third: str, *later: str) -> tuple[Card, ...]:
    """Two players, button on seat 1: third street's six cards in dealing order, then each
    later street's two (a burnt card before each)."""
    dealt: list[Card | None] = list(parse_cards(third))
    for street in later:
        dealt += [None, *parse_cards(street)]
    return arranged_deck(dealt)


def winners(hand: Hand) -> set[int]:
    return {seat for award in awards(hand) for seat, _ in award.winners}


def test_baseball_threes_and_nines_are_wild_at_the_showdown() -> None:
    # Seat 0: 3h 9d with three aces: five aces. Seat 1: four clubs to a king and junk.
    deck = stud_street_deck("3h Tc 9d Jc As Qc", "Ad Kc", "Ac 8c", "6h 5s", "7h 6s")
    hand = check_to_showdown(Hand.start(BASEBALL, STAKES, [500, 500], 1, deck))
    shown = {event.seat: event for event in hand.events if isinstance(event, CardsShown)}
    assert shown[0].description.startswith("Five of a Kind, Aces")
    assert winners(hand) == {0}


def test_deuces_wild_makes_five_of_a_kind_beat_a_straight_flush() -> None:
    # Seat 0: 2h 2d and three kings: five kings. Seat 1: 9c to Kc, a straight flush.
    deck = stud_street_deck("2h Tc 2d Jc Ks Qc", "Kd Kc", "Kh 9c", "5s 3d", "7d 4h")
    hand = check_to_showdown(Hand.start(DEUCES, STAKES, [500, 500], 1, deck))
    assert hand.wild_ranks == {Rank.TWO}
    assert winners(hand) == {0}


def _oracle_winners(hand: Hand, seats: Sequence[int]) -> set[int]:
    wild = hand.wild_ranks
    values = {seat: oracle_value([*hand.hole(seat), *hand.board], wild) for seat in seats}
    best = max(values.values())
    return {seat for seat, value in values.items() if value == best}


@settings(max_examples=100, deadline=None)
@given(key=st.sampled_from(["baseball", "deuces"]), seed=SEEDS)
def test_called_down_the_pot_goes_to_the_oracles_best_wild_hand(key: str, seed: int) -> None:
    hand = played(key, seed, deep=True)
    (award,) = awards(hand)
    live = [seat for seat in range(hand.player_count) if not hand.folded[seat]]
    assert {seat for seat, _ in award.winners} == _oracle_winners(hand, live)


def _is_up_card(event: Event) -> bool:
    return isinstance(event, CardsDealt) and event.face_up


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS)
def test_baseballs_extra_down_card_is_seen_by_its_player_alone(seed: int) -> None:
    """Card privacy: every extra card is a face-down card; the other seats and spectators
    see only that one was dealt, its owner sees it."""
    hand = played("baseball", seed)
    events = hand.events
    extras = [
        (index, event)
        for index, event in enumerate(events)
        if isinstance(event, CardsDealt) and not event.face_up and _is_up_card(events[index - 1])
    ]
    for index, extra in extras:
        before = events[index - 1]
        assert isinstance(before, CardsDealt) and before.cards[0].rank == Rank.FOUR
        assert before.seat == extra.seat and len(extra.cards) == 1
        for seat in (None, *range(hand.player_count)):
            seen = visible_events(events, seat)[index]
            if seat == extra.seat:
                assert seen == extra
            else:
                assert seen == CardsDealt(extra.seat, (), False, hidden=1)
        assert extra.seat is not None
        other = (extra.seat + 1) % hand.player_count
        shown = any(isinstance(e, CardsShown) and e.seat == extra.seat for e in events)
        assert extra.cards[0] in view(hand, extra.seat).cards[extra.seat]
        assert shown or extra.cards[0] not in view(hand, other).cards[extra.seat]


def _hole_spade(hand: Hand, seat: int) -> Card | None:
    up = hand.up_cards(seat)
    spades = [card for card in hand.hole(seat) if card.suit == Suit.SPADES and card not in up]
    return max(spades, default=None)


def test_chicago_splits_the_pot_with_the_highest_spade_in_the_hole() -> None:
    # Seat 0: the ace of spades face down and little else. Seat 1: trip kings, no spade down
    # (the K of spades is face up, so it does not count).
    deck = stud_street_deck("As Kd 2c Kh 4d Ks", "7h 8c", "Td Jc", "3d 5h", "6c 9h")
    hand = check_to_showdown(Hand.start(CHICAGO, STAKES, [500, 500], 1, deck))
    (award,) = awards(hand)
    half = award.amount // 2
    assert award.high == ((1, award.amount - half),) and award.low == ((0, half),)
    assert award.description == "high: Three of a Kind, Kings, spade: Ace"
    assert event_from_dict(award.to_dict()) == award


def test_chicago_without_a_spade_in_the_hole_the_high_hand_scoops() -> None:
    deck = stud_street_deck("Ad Kd 2c Kh 4d Ks", "7h 8c", "Td Jc", "3d 5h", "6c 9h")
    hand = check_to_showdown(Hand.start(CHICAGO, STAKES, [500, 500], 1, deck))
    (award,) = awards(hand)
    assert award.high == award.winners == ((1, award.amount),) and award.low == ()
    assert award.description == "high: Three of a Kind, Kings, no spade"


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS)
def test_chicago_conserves_chips_and_awards_every_pot_once_as_the_oracle_says(seed: int) -> None:
    hand = played("chicago", seed)
    assert hand.final_stacks is not None
    assert sum(hand.final_stacks) == sum(hand.starting_stacks)
    pots = awards(hand)
    assert [award.index for award in pots] == list(range(len(pots)))
    assert sum(award.amount for award in pots) == sum(hand.contributed)
    if not any(award.is_hi_lo for award in pots):
        assert len(pots) == 1 or all(len(award.winners) == 1 for award in pots)
        return  # won without a showdown
    for award, pot in zip(pots, _showdown_pots(hand, pots), strict=True):
        assert sum(chips for _, chips in award.winners) == award.amount
        contenders = [seat for seat in pot.eligible if not hand.folded[seat]]
        assert {seat for seat, _ in award.high} == _oracle_winners(hand, contenders)
        spades = {seat: _hole_spade(hand, seat) for seat in contenders}
        held = {seat: card for seat, card in spades.items() if card is not None}
        if not held:
            assert award.low == ()
            assert sum(chips for _, chips in award.high) == award.amount
            continue
        best = max(held, key=lambda seat: held[seat])
        assert award.low == ((best, award.amount // 2),)
        assert sum(chips for _, chips in award.high) == award.amount - award.amount // 2


def test_chicago_splits_each_side_pot_on_its_own_and_the_high_half_takes_the_odd_chip() -> None:
    """Seat 0 is all-in after the bring-in with the ace of spades in the hole: it takes the
    main pot's spade half (4 of 9 chips: the odd chip goes high). The side pot, between
    seats 1 and 2, has its own spade half: seat 2's king of spades."""
    deck = stud_three_deck()
    hand = Hand.start(CHICAGO, STAKES, [3, 500, 500], 2, deck)
    while (legal := hand.legal_actions()) is not None:
        if legal.can_bring_in:
            hand.bring_in(legal.seat)
        elif legal.seat == 1 and legal.can_check and legal.min_raise_to is not None:
            hand.bet_or_raise(1, legal.min_raise_to)
        else:
            hand.check_or_call(legal.seat)
    main, side = awards(hand)
    assert (main.amount, main.high, main.low) == (9, ((1, 5),), ((0, 4),))
    assert main.description == "high: Full House, Aces full of Kings, spade: Ace"
    half = side.amount // 2
    assert side.high == ((1, side.amount - half),) and side.low == ((2, half),)
    assert side.description == "high: Full House, Aces full of Kings, spade: King"


def stud_three_deck() -> tuple[Card, ...]:
    """Three players, button on seat 2: seat 0 is dealt first."""
    streets = [
        "As Ah Ks 2c Ad 3c 2d Ac 4h",  # two rounds down, one up
        "5c Kc 6h",
        "7c Kd 8h",
        "9d Kh Th",
        "Jd Qc Jh",  # seventh street, down
    ]
    dealt: list[Card | None] = list(parse_cards(streets[0]))
    for street in streets[1:]:
        dealt += [None, *parse_cards(street)]
    return arranged_deck(dealt)
