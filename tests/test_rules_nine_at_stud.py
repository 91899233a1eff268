"""Nine players at every stud game (seed 000: "2-9 players"), and the deck's end.

Robert's Rules of Poker, Seven-Card Stud: "If there are not enough cards for every player
to receive a card on the last round, the dealer will burn a card and turn one card face up
in the center of the table as a community card". Nine hands of seven cards need 63 cards
and the burns: the deck can run short on sixth street already, and then that street too is
one community card (the house rule of docs/rules.md, Stud games); when sixth street took
the deck's last card, seventh street's community card is the first burn card (the burn
cards are all that is left: card rooms reshuffle them to go on).

PokerKit has no community card (it reshuffles the muck and the burns and deals on): the
differential test compares the play with it up to that street; here every showdown of
random nine-handed hands with community cards is judged again by PokerKit's own hand
evaluators (``StandardHighHand``, ``RegularLowHand``, ``EightOrBetterLowHand``) and, in
Follow the Queen, by the brute-force wild oracle (``test_rules_ftq_oracle`` deals nine
too).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardHighHand

from pokernight.cards import CARDS, Card, Rank, parse_card, shuffled
from pokernight.history.phh_export import to_phh
from pokernight.history.phh_parse import parse_phh
from pokernight.history.phh_replay import replay_phh
from pokernight.rules import (
    VARIANTS,
    CardsDealt,
    Hand,
    PotAwarded,
    Stakes,
    StreetStarted,
    WildRankChanged,
)
from pokernight.rules.deal_positions import dealt_cards

STAKES = Stakes(ante=1, bring_in=2, small_bet=10, big_bet=20)
STUD_GAMES = ["stud", "razz", "stud8", "ftq", "baseball", "deuces", "chicago"]
QUEEN = int(Rank.QUEEN)
NINE = 9


def nine_deck(placed: Mapping[int, str]) -> tuple[Card, ...]:
    """A deck with the cards ``placed`` at those positions, the rest in a fixed order (the
    queens, when not placed, come last)."""
    named = {position: parse_card(text) for position, text in placed.items()}
    rest = sorted(
        (card for card in CARDS if card not in named.values()), key=lambda c: c.rank == QUEEN
    )
    spare = iter(rest)
    return tuple(named[at] if at in named else next(spare) for at in range(len(CARDS)))


def play(hand: Hand, folds: Mapping[int, Sequence[int]] = {}) -> Hand:
    """Everybody checks and calls, except the seats ``folds`` names for a street, which fold
    there: on such a street the first other player to act bets, so that they can."""
    while (legal := hand.legal_actions()) is not None:
        street, seat = hand.street_index, legal.seat
        folders = folds.get(street, ())
        if seat in folders and legal.can_fold:
            hand.fold(seat)
        elif legal.can_bring_in:
            hand.bring_in(seat)
        elif folders and legal.can_check and legal.min_raise_to is not None:
            hand.bet_or_raise(seat, legal.min_raise_to)
        else:
            hand.check_or_call(seat)
    return hand


def start(key: str, deck: Sequence[Card], *, ftq_queen_carries_over: bool = False) -> Hand:
    # Button on seat 8: seat 0 is dealt first, and brings in with the lowest up card.
    return Hand.start(VARIANTS[key], STAKES, [1000] * NINE, NINE - 1, deck,
                      ftq_queen_carries_over=ftq_queen_carries_over)  # fmt: skip


def own_cards(hand: Hand) -> list[int]:
    return [len(hand.hole(seat)) for seat in range(NINE)]


def wild_changes(hand: Hand) -> list[int | None]:
    return [event.rank for event in hand.events if isinstance(event, WildRankChanged)]


@pytest.mark.parametrize("key", STUD_GAMES)
def test_every_stud_game_deals_nine_players(key: str) -> None:
    assert VARIANTS[key].max_players == NINE
    hand = play(start(key, nine_deck({18: "2c"})))
    assert hand.is_over and hand.final_stacks is not None
    assert sum(hand.final_stacks) == NINE * 1000


def test_nine_players_to_sixth_street_share_a_community_card_on_sixth_and_seventh() -> None:
    """All nine stay: third street takes 27 cards, fourth and fifth a burn and nine each
    (47): sixth street's five cards cannot give nine players one each, so after the burn one
    card is turned for everybody; seventh street the same (a burn, then the 51st card)."""
    deck = nine_deck({18: "2c"})
    hand = play(start("stud", deck))
    assert own_cards(hand) == [5] * NINE
    assert hand.board == (deck[48], deck[50])
    burns = [event.burn for event in hand.events if isinstance(event, StreetStarted)]
    assert burns == [False, True, True, True, True]


def test_robert_s_rules_the_last_card_is_the_community_card_for_everybody() -> None:
    """Two fold on third street: seven players stay, 27 + 3 x (burn + 7) = 51 cards are out.
    Seventh street cannot give seven players a card: the last card is turned face up in the
    middle (no burn: it would leave nothing to deal) and every hand uses it."""
    deck = nine_deck({18: "2c"})
    hand = play(start("stud", deck), folds={0: [7, 8]})
    assert own_cards(hand)[:7] == [6] * 7 and own_cards(hand)[7:] == [3, 3]
    assert hand.board == (deck[51],)
    last = [event for event in hand.events if isinstance(event, StreetStarted)][-1]
    assert last.index == 4 and not last.burn


def test_with_no_card_left_the_first_burn_card_is_the_community_card() -> None:
    """One folds on third street and one on fourth: 27 + (1 + 8) + (1 + 7) + (1 + 7) = 52
    cards are out after sixth street. Seventh street's community card is the first burn
    card (position 27), and the deck positions a verifier works out say so."""
    deck = nine_deck({18: "2c"})
    hand = play(start("stud", deck), folds={0: [8], 1: [7]})
    assert own_cards(hand)[:7] == [6] * 7
    assert hand.board == (deck[27],)
    board = [item for item in dealt_cards(hand.events) if item.seat is None]
    assert [(item.position, item.card) for item in board] == [(27, deck[27])]
    positions = [item.position for item in dealt_cards(hand.events)]
    assert len(positions) == len(set(positions)), "no card dealt twice"


@pytest.mark.parametrize("key", ["stud", "razz", "stud8", "ftq"])
@pytest.mark.parametrize("folds", [{}, {0: [7, 8]}, {0: [8], 1: [7]}], ids=["6+7", "7", "burn"])
def test_a_hand_with_community_cards_replays_from_its_phh(
    key: str, folds: dict[int, list[int]]
) -> None:
    """Exported as PHH (``d db`` for each community card: F7S, FR, F7S/8, our own code for
    Follow the Queen) and replayed: the same cards and the same chips."""
    hand = play(start(key, shuffled(CARDS, random.Random(key))), folds)
    assert hand.board
    text = to_phh(hand, players=[f"p{seat}" for seat in range(NINE)])
    (phh,) = parse_phh(text)
    replayed = replay_phh(phh).hand
    assert replayed.board == hand.board
    assert replayed.final_stacks == hand.final_stacks


# ----- Follow the Queen and the community card


def test_seed_rule_a_community_card_follows_no_queen_of_the_street_before() -> None:
    """Seven players to seventh street; the Q♥ is sixth street's last up card (seat 6) and
    the last card, the 7♦, is seventh street's community card. Seed 000: the queen last on
    its street leaves only queens wild; the community card is a street of its own and no
    queen waits for it: sevens are not wild."""
    deck = nine_deck({18: "2c", 0: "Qs", 1: "Qd", 2: "Qc", 50: "Qh", 51: "7d"})
    hand = play(start("ftq", deck), folds={0: [7, 8]})
    assert hand.board == (parse_card("7d"),)
    assert wild_changes(hand) == [None]
    assert hand.wild_ranks == {QUEEN}


def test_house_rule_the_community_card_follows_a_waiting_queen() -> None:
    """The same cards with ``ftq_queen_carries_over``: the Q♥ waits, and the community 7♦
    is the next card dealt face up: sevens are wild for everybody."""
    deck = nine_deck({18: "2c", 0: "Qs", 1: "Qd", 2: "Qc", 50: "Qh", 51: "7d"})
    hand = play(start("ftq", deck, ftq_queen_carries_over=True), folds={0: [7, 8]})
    assert wild_changes(hand) == [Rank.SEVEN]
    changed = [event for event in hand.events if isinstance(event, WildRankChanged)]
    assert changed == [WildRankChanged(Rank.SEVEN, parse_card("7d"), None)]
    assert hand.wild_ranks == {QUEEN, Rank.SEVEN}


def _community_queen_on_sixth(carries_over: bool) -> tuple[Hand, list[frozenset[int]]]:
    """Nine stay: Q♠ then 8♣ on fourth street (eights wild); sixth street's community card
    is the Q♥, seventh street's the 5♦. The wild ranks at each street's first decision."""
    deck = nine_deck({18: "2c", 0: "Qd", 1: "Qc", 28: "Qs", 29: "8c", 48: "Qh", 50: "5d"})
    hand = start("ftq", deck, ftq_queen_carries_over=carries_over)
    said: list[frozenset[int]] = []
    while (legal := hand.legal_actions()) is not None:
        if len(said) == hand.street_index:
            said.append(hand.wild_ranks)
        if legal.can_bring_in:
            hand.bring_in(legal.seat)
        else:
            hand.check_or_call(legal.seat)
    assert hand.board == (parse_card("Qh"), parse_card("5d"))
    return hand, said


def test_seed_rule_a_community_queen_makes_only_queens_wild_at_once() -> None:
    hand, said = _community_queen_on_sixth(carries_over=False)
    eights = frozenset({QUEEN, int(Rank.EIGHT)})
    assert said == [frozenset({QUEEN}), eights, eights, frozenset({QUEEN}), frozenset({QUEEN})]
    assert wild_changes(hand) == [Rank.EIGHT, None]
    assert hand.wild_ranks == {QUEEN}


def test_house_rule_a_community_queen_waits_for_the_next_community_card() -> None:
    hand, said = _community_queen_on_sixth(carries_over=True)
    eights = frozenset({QUEEN, int(Rank.EIGHT)})
    fives = frozenset({QUEEN, int(Rank.FIVE)})
    assert said == [frozenset({QUEEN}), eights, eights, eights, fives]
    assert wild_changes(hand) == [Rank.EIGHT, Rank.FIVE]


# ----- the showdown with community cards, judged by PokerKit's evaluators

HANDS_PER_GAME = 400


def _random_nine(key: str, seed: int) -> Hand:
    """Nine deep, equal stacks (one pot), fixed-limit, mostly calling: a few fold facing a
    bet, so that the deck runs short on sixth or seventh street, or runs out."""
    rng = random.Random(f"{key}-{seed}")
    variant = VARIANTS[key]
    hand = Hand.start(variant, STAKES, [100_000] * NINE, rng.randrange(NINE),
                      shuffled(variant.cards, rng))  # fmt: skip
    while (legal := hand.legal_actions()) is not None:
        roll = rng.random()
        if legal.can_bring_in:
            hand.bring_in(legal.seat)
        elif legal.can_fold and roll < 0.12:
            hand.fold(legal.seat)
        elif legal.min_raise_to is not None and roll < 0.25:
            hand.bet_or_raise(legal.seat, legal.min_raise_to)
        else:
            hand.check_or_call(legal.seat)
    return hand


def _pokerkit_best(hand: Hand, seats: Sequence[int], kind: type[Any]) -> set[int]:
    board = "".join(str(card) for card in hand.board)
    judged = {}
    for seat in seats:
        try:
            judged[seat] = kind.from_game("".join(str(card) for card in hand.hole(seat)), board)
        except ValueError:  # no qualifying eight-or-better low
            continue
    if not judged:
        return set()
    best = max(judged.values())
    return {seat for seat, value in judged.items() if value == best}


@pytest.mark.parametrize("key", ["stud", "razz", "stud8"])
def test_nine_handed_showdowns_with_community_cards_agree_with_pokerkits_evaluators(
    key: str,
) -> None:
    kinds = {"stud": StandardHighHand, "razz": RegularLowHand, "stud8": StandardHighHand}
    counted = {"community": 0, "burn": 0}
    for seed in range(HANDS_PER_GAME):
        hand = _random_nine(key, seed)
        live = [seat for seat, folded in enumerate(hand.folded) if not folded]
        (award,) = [event for event in hand.events if isinstance(event, PotAwarded)]
        if len(live) < 2 or not hand.board:
            continue
        counted["community"] += 1
        dealt = {item.card: item.position for item in dealt_cards(hand.events)}
        counted["burn"] += any(dealt[card] < 48 for card in hand.board)
        where = f"{key} hand {seed}"
        if key == "stud8":
            assert {seat for seat, _ in award.high} == _pokerkit_best(hand, live, kinds[key]), where
            low = _pokerkit_best(hand, live, EightOrBetterLowHand)
            assert {seat for seat, _ in award.low} == low, where
        else:
            assert {seat for seat, _ in award.winners} == _pokerkit_best(hand, live, kinds[key]), (
                where
            )
    assert counted["community"] > HANDS_PER_GAME // 4
    assert counted["burn"] > 0, "some hands ran the deck out"


def test_the_community_card_is_every_players_card_in_the_events_each_seat_sees() -> None:
    deck = nine_deck({18: "2c"})
    hand = play(start("stud", deck), folds={0: [8], 1: [7]})
    community = [e for e in hand.events if isinstance(e, CardsDealt) and e.seat is None]
    assert community == [CardsDealt(None, (deck[27],), True)]


def test_pokerstars_text_writes_each_community_card_on_its_street_and_the_board() -> None:
    from pokernight.history.pokerstars_export import to_pokerstars

    deck = nine_deck({18: "2c"})
    hand = play(start("stud", deck))
    text = to_pokerstars(hand, [f"p{seat}" for seat in range(NINE)])
    assert f"*** 6th STREET *** [{deck[48]}]" in text
    assert f"*** RIVER *** [{deck[50]}]" in text
    assert f"Board [{deck[48]} {deck[50]}]" in text
    burnt = play(start("stud", deck), folds={0: [8], 1: [7]})
    assert f"Board [{deck[27]}]" in to_pokerstars(burnt, [f"p{seat}" for seat in range(NINE)])
