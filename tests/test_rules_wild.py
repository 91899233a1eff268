"""Follow the Queen: how the wild rank moves, and the seed's three examples."""

from __future__ import annotations

import pytest

from pokernight.cards import CARDS, Rank, parse_card
from pokernight.rules import VARIANTS, CardsDealt, Hand, RulesError, Stakes, WildRankChanged
from tests.rules_helpers import check_to_showdown, passive_step, stud_deck

FTQ = VARIANTS["ftq"]
SEED_STAKES = Stakes(ante=5, bring_in=10, small_bet=20, big_bet=40)
QUEEN = int(Rank.QUEEN)


def start(streets: list[list[str]], *, carries_over: bool = False) -> Hand:
    """Seat ``i`` is the seed's "Player i+1"; ``carries_over``: the house rule
    ``ftq_queen_carries_over`` (off: the seed's rule)."""
    count = len(streets[0])
    # Button on the last seat: cards go to seat 0 first, as the examples read.
    deck = stud_deck(count - 1, streets)
    return Hand.start(
        FTQ, SEED_STAKES, [1000] * count, count - 1, deck, ftq_queen_carries_over=carries_over
    )


def wild_changes(hand: Hand) -> list[WildRankChanged]:
    return [event for event in hand.events if isinstance(event, WildRankChanged)]


def test_seed_example_1_queen_followed_by_7() -> None:
    """Seed 000, Wild Card Rules, Example 1: "Player 1 dealt: Q♥ (face-up), Player 2 dealt:
    7♠ (face-up) → Result: Queens and 7s are now wild"."""
    for carries_over in (False, True):  # the house rule reads this example the same
        hand = start([["2c3cQh", "4d5d7s"]], carries_over=carries_over)
        assert hand.wild_ranks == {QUEEN, Rank.SEVEN}
        assert wild_changes(hand) == [WildRankChanged(Rank.SEVEN, parse_card("7s"), 1)]


def test_seed_example_2_queen_is_last_card() -> None:
    """Seed 000, Example 2: "Player 1 dealt: 9♦ (face-up), Player 2 dealt: Q♣ (face-up) ←
    Last card → Result: Only Queens are wild". Nothing of the next street follows that
    queen: fourth street's first up card, the 8♠, names no wild rank."""
    hand = start([["2c3c9d", "4d5dQc"], ["8s", "Kh"]])
    assert hand.wild_ranks == {QUEEN}
    assert wild_changes(hand) == [WildRankChanged(None, parse_card("Qc"), 1)]
    check_to_showdown(hand)
    assert hand.wild_ranks == {QUEEN}, "the 8♠ on fourth street does not follow the Q♣"
    assert wild_changes(hand) == [WildRankChanged(None, parse_card("Qc"), 1)]


def test_seed_example_2_a_queen_last_on_a_street_ends_the_wild_rank_before_it() -> None:
    """Example 2 on a later street: sevens were wild since third street (Q♥ then 7♠); on
    fourth street 9♦ then Q♣, the last card: from then on only queens are wild, and fifth
    street's 8♠ follows nothing."""
    hand = start([["2c3cQh", "4d5d7s"], ["9d", "Qc"], ["8s", "Kh"]])
    passive_step(hand)  # the bring-in
    passive_step(hand)
    assert hand.street_index == 1
    assert hand.wild_ranks == {QUEEN}
    check_to_showdown(hand)
    assert [change.rank for change in wild_changes(hand)] == [Rank.SEVEN, None]
    assert hand.wild_ranks == {QUEEN}


def test_queen_followed_by_queen_passes_to_next_up_card() -> None:
    hand = start([["2c3cQh", "4d5dQs", "8h9h7d"]])
    assert hand.wild_ranks == {QUEEN, Rank.SEVEN}
    assert wild_changes(hand) == [WildRankChanged(Rank.SEVEN, parse_card("7d"), 2)]


def test_seed_example_3_multiple_queens() -> None:
    """Seed 000, Example 3: "Player 1 dealt: Q♥, Player 2 dealt: 8♠ → Now 8s are wild,
    Player 3 dealt: Q♠, Player 4 dealt: K♦ → Now Kings are wild → Result: Queens and Kings
    are wild (last Queen determines it)"."""
    for carries_over in (False, True):
        hand = start([["2c3cQh", "4d5d8s", "2h3hQs", "4s5sKd"]], carries_over=carries_over)
        assert [change.rank for change in wild_changes(hand)] == [Rank.EIGHT, Rank.KING]
        assert wild_changes(hand)[-1] == WildRankChanged(Rank.KING, parse_card("Kd"), 3)
        assert hand.wild_ranks == {QUEEN, Rank.KING}


def test_seed_rule_a_queen_last_on_a_street_leaves_only_queens_wild() -> None:
    """The seed's rule, the default: Q♥ 8♠ Q♠ on third street, the Q♠ last: the eights are
    no longer wild, only queens; the K♦ first up on fourth street follows nothing."""
    hand = start([["2c3cQh", "4d5d8s", "2h3hQs"], ["Kd", "Ac", "Ad"]])
    assert hand.wild_ranks == {QUEEN}, "the Q♠ was the last card of third street"
    check_to_showdown(hand)
    assert [change.rank for change in wild_changes(hand)] == [Rank.EIGHT, None]
    assert hand.wild_ranks == {QUEEN}


def test_house_rule_queen_carries_over_old_wild_rank_stays_until_the_next_up_card() -> None:
    """The house rule ``ftq_queen_carries_over`` (the room's reading before seed 000 was
    read again): the same cards, but the Q♠ waits for a follower; the eights stay wild
    until then, and fourth street's first up card, the K♦, makes kings wild."""
    hand = start([["2c3cQh", "4d5d8s", "2h3hQs"], ["Kd", "Ac", "Ad"]], carries_over=True)
    assert hand.wild_ranks == {QUEEN, Rank.EIGHT}, "the queen of spades waits for a follower"
    check_to_showdown(hand)
    assert [change.rank for change in wild_changes(hand)] == [Rank.EIGHT, Rank.KING]
    assert hand.wild_ranks == {QUEEN, Rank.KING}


def test_house_rule_example_2_the_next_streets_first_up_card_follows() -> None:
    """Example 2 under the house rule: after 9♦ Q♣ only queens are wild for now, and the 8♠
    dealt first on fourth street names eights."""
    hand = start([["2c3c9d", "4d5dQc"], ["8s", "Kh"]], carries_over=True)
    assert hand.wild_ranks == {QUEEN}
    assert wild_changes(hand) == []
    check_to_showdown(hand)
    assert wild_changes(hand) == [WildRankChanged(Rank.EIGHT, parse_card("8s"), 0)]
    assert hand.wild_ranks == {QUEEN, Rank.EIGHT}


def test_the_house_rule_is_a_follow_the_queen_rule() -> None:
    with pytest.raises(RulesError, match="Follow the Queen"):
        Hand.start(VARIANTS["stud"], SEED_STAKES, [100, 100], 1, CARDS, ftq_queen_carries_over=True)


def test_the_house_rule_is_in_the_log_only_when_on() -> None:
    plain = start([["2c3cQh", "4d5d8s"]])
    house = start([["2c3cQh", "4d5d8s"]], carries_over=True)
    assert "ftq_queen_carries_over" not in plain.events[0].to_dict()
    assert house.events[0].to_dict()["ftq_queen_carries_over"] is True
    assert Hand.from_dict(house.to_dict()).events == house.events


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


def _eight_to_seventh_street_with_a_queen_last() -> Hand:
    """Eight players stay to seventh street: 51 cards are out, so the last card, Q♠, is dealt
    face up in the middle for everybody. Q♥ then 7♦ on third street made sevens wild.

    Showing on sixth street: seat 2 has 9♣ 7♣ 7♠ K♦ (three kings with sevens wild, a pair of
    sevens without), seat 3 A♥ A♦ 5♣ 2♦ (a pair of aces); nobody else shows more than a pair
    of tens with or without wild sevens (seat 0's Q♥ makes a pair of fours).
    """
    third = ["2c3cQh", "4d5d7d", "2h3h9c", "4h5hAh", "6c8c9h", "6d8dTc", "6h8hTd", "6s8sTh"]
    later = [
        ["2s", "3d", "7c", "Ad", "Js", "Jc", "Jh", "Jd"],
        ["3s", "4s", "7s", "5c", "Kc", "Ks", "Kh", "9s"],
        ["4c", "5s", "Kd", "2d", "Ac", "As", "9d", "Ts"],
    ]
    deck = list(stud_deck(7, [third, *later]))
    last = deck.index(parse_card("Qs"))
    deck[last], deck[-1] = deck[-1], deck[last]
    return Hand.start(FTQ, SEED_STAKES, [1000] * 8, 7, tuple(deck))


def test_a_queen_dealt_as_the_community_card_makes_only_queens_wild_at_once() -> None:
    """docs/rules.md, Follow the Queen: a queen as the last card dealt face up leaves only queens
    wild from that moment, so seventh street's betting order already counts no sevens."""
    hand = _eight_to_seventh_street_with_a_queen_last()
    while hand.street_index < 3:
        passive_step(hand)
    assert hand.wild_ranks == {QUEEN, Rank.SEVEN}
    assert hand.to_act == 2, "three kings showing act first on sixth street"
    while hand.street_index < 4:
        passive_step(hand)
    # The community card, then at once the change everybody sees, before any betting.
    community = next(
        index for index, event in enumerate(hand.events)
        if isinstance(event, CardsDealt) and event.seat is None
    )  # fmt: skip
    assert hand.events[community + 1] == WildRankChanged(None, parse_card("Qs"), None)
    assert hand.wild_ranks == {QUEEN}
    assert hand.to_act == 3, "with only queens wild the pair of aces showing acts first"
    check_to_showdown(hand)
    assert [change.rank for change in wild_changes(hand)] == [Rank.SEVEN, None]
