"""Follow the Queen: how the wild rank moves, and the seed's three examples."""

from __future__ import annotations

from pokernight.cards import Rank, parse_card
from pokernight.rules import VARIANTS, Hand, Stakes, WildRankChanged
from tests.rules_helpers import check_to_showdown, stud_deck

FTQ = VARIANTS["ftq"]
SEED_STAKES = Stakes(ante=5, bring_in=10, small_bet=20, big_bet=40)
QUEEN = int(Rank.QUEEN)


def start(streets: list[list[str]]) -> Hand:
    count = len(streets[0])
    # Button on the last seat: cards go to seat 0 first, as the examples read.
    return Hand.start(FTQ, SEED_STAKES, [1000] * count, count - 1, stud_deck(count - 1, streets))


def wild_changes(hand: Hand) -> list[WildRankChanged]:
    return [event for event in hand.events if isinstance(event, WildRankChanged)]


def test_follow_the_queen_queen_then_seven_makes_sevens_wild() -> None:
    # Seed example 1: player 1 gets Q♥ face up, player 2 then 7♠: queens and sevens are wild.
    hand = start([["2c3cQh", "4d5d7s", "8h9hKd"]])
    assert hand.wild_ranks == {QUEEN, Rank.SEVEN}
    assert wild_changes(hand) == [WildRankChanged(Rank.SEVEN, parse_card("7s"), 1)]


def test_queen_as_last_up_card_leaves_only_queens_wild() -> None:
    # Seed example 2: 9♦ then Q♣ as the last card dealt face up: only queens are wild.
    hand = start([["2c3cQh", "4d5d7s"], ["Ah", "Kh"], ["Ac", "Kc"], ["9d", "Qc"], ["2h", "3h"]])
    check_to_showdown(hand)
    assert hand.wild_ranks == {QUEEN}
    assert wild_changes(hand)[-1] == WildRankChanged(None, parse_card("Qc"), 1)


def test_queen_followed_by_queen_passes_to_next_up_card() -> None:
    hand = start([["2c3cQh", "4d5dQs", "8h9h7d"]])
    assert hand.wild_ranks == {QUEEN, Rank.SEVEN}
    assert wild_changes(hand) == [WildRankChanged(Rank.SEVEN, parse_card("7d"), 2)]


def test_seed_example_multiple_queens_last_queen_decides() -> None:
    # Seed example 3: Q♥, 8♠ (eights wild), Q♠, K♦ (kings wild): queens and kings.
    hand = start([["2c3cQh", "4d5d8s", "2h3hQs", "4s5sKd"]])
    assert [change.rank for change in wild_changes(hand)] == [Rank.EIGHT, Rank.KING]
    assert hand.wild_ranks == {QUEEN, Rank.KING}


def test_old_wild_rank_stays_until_the_next_up_card_names_a_new_one() -> None:
    hand = start([["2c3cQh", "4d5d8s", "2h3hQs"], ["Kd", "Ac", "Ad"]])
    assert hand.wild_ranks == {QUEEN, Rank.EIGHT}, "the queen of spades waits for a follower"
    check_to_showdown(hand)
    assert [change.rank for change in wild_changes(hand)][:2] == [Rank.EIGHT, Rank.KING]


def test_down_cards_never_change_wild_rank() -> None:
    # Queens dealt face down name nothing; after the last up queen, the down 7th card neither.
    hand = start([["QcQd5h", "4d5d8s"], ["Ah", "Kh"], ["Ac", "Kc"], ["9d", "Qs"], ["7h", "7c"]])
    assert hand.wild_ranks == {QUEEN}
    check_to_showdown(hand)
    assert hand.wild_ranks == {QUEEN}
    assert [change.rank for change in wild_changes(hand)] == [None]


def test_follow_the_queen_first_to_act_counts_wild_cards() -> None:
    # Seat 2 shows 2s+Qd: a pair of twos with the wild queen, above A-3 and K-5 showing.
    hand = start([["2c3c5c", "4d6dAc", "8h9h2s"], ["Kd", "3s", "Qd"]])
    hand.bring_in(2).call(0).call(1)
    assert hand.street_index == 1
    assert hand.to_act == 2


def test_follow_the_queen_wild_cards_make_five_of_a_kind() -> None:
    hand = start([["AsAhQh", "2c3c4d"], ["Ad", "5h"], ["Ac", "6h"], ["Qd", "7h"], ["9s", "Ts"]])
    check_to_showdown(hand)
    assert hand.final_stacks is not None and hand.final_stacks[0] > hand.final_stacks[1]
    descriptions = [getattr(event, "description", "") for event in hand.events]
    assert any("Five of a Kind" in text for text in descriptions)
