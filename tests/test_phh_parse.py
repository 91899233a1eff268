"""Reading PHH text into typed hands: fields, actions, exact amounts, errors."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from pokernight.cards import parse_card
from pokernight.history import PHHActionKind, PHHError, parse_action, parse_phh

DATA = Path(__file__).parent / "data" / "phh"


def amounts(*values: int) -> tuple[Decimal, ...]:
    return tuple(Decimal(value) for value in values)


DWAN_IVEY = (DATA / "famous" / "dwan-ivey-2009.phh").read_text()


def test_a_phh_file_holds_one_hand_with_its_fields() -> None:
    (hand,) = parse_phh(DWAN_IVEY)
    assert hand.variant == "NT"
    assert hand.antes == amounts(500, 500, 500)
    assert hand.blinds_or_straddles == amounts(1000, 2000, 0)
    assert hand.min_bet == 2000
    assert hand.starting_stacks == amounts(1125600, 2000000, 553500)
    assert hand.players == ("Phil Ivey", "Patrik Antonius", "Tom Dwan")
    assert hand.finishing_stacks is None
    assert hand.player_count == 3


def test_a_phhs_file_holds_one_hand_per_table() -> None:
    text = (DATA / "handhq" / "abs-1000NLH-10-handhq_1-first-hands.phhs").read_text()
    hands = parse_phh(text)
    assert [len(hand.actions) for hand in hands] == [12, 24, 26]


def test_cent_amounts_are_read_exactly_as_decimals() -> None:
    text = (DATA / "handhq" / "abs-1000NLH-10-handhq_1-first-hands.phhs").read_text()
    hand = parse_phh(text)[2]
    assert hand.starting_stacks[3] == Decimal("3579.74")
    assert str(hand.starting_stacks[1]) == "4066.50"


def test_deal_hole_action_names_the_seat_and_cards() -> None:
    action = parse_action("d dh p3 7h6h", 3)
    assert action.kind is PHHActionKind.DEAL_HOLE
    assert action.seat == 2
    assert action.cards == (parse_card("7h"), parse_card("6h"))


def test_unknown_cards_are_none() -> None:
    assert parse_action("d dh p1 Ac??", 2).cards == (parse_card("Ac"), None)


def test_deal_board_action_has_no_seat() -> None:
    action = parse_action("d db Jc3d5c", 3)
    assert action.kind is PHHActionKind.DEAL_BOARD
    assert action.seat is None
    assert len(action.cards) == 3


def test_bet_or_raise_amount_is_a_decimal() -> None:
    action = parse_action("p3 cbr 47.50", 6)
    assert action.kind is PHHActionKind.BET_OR_RAISE
    assert action.amount == Decimal("47.50")


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("p1 cc", PHHActionKind.CHECK_OR_CALL),
        ("p1 f", PHHActionKind.FOLD),
        ("p1 pb", PHHActionKind.BRING_IN),
        ("p1 sm", PHHActionKind.SHOW_OR_MUCK),
        ("p1 sm AcKd", PHHActionKind.SHOW_OR_MUCK),
        ("p1 sd 7c", PHHActionKind.STAND_PAT_OR_DISCARD),
    ],
)
def test_each_player_action_kind_is_recognised(text: str, kind: PHHActionKind) -> None:
    assert parse_action(text, 2).kind is kind


def test_a_comment_after_hash_is_ignored() -> None:
    action = parse_action("p2 cbr 3000 # Blom raises", 2)
    assert action.amount == 3000
    assert action.text == "p2 cbr 3000 # Blom raises"


def test_muck_without_cards_shows_nothing() -> None:
    assert parse_action("p4 sm", 4).cards == ()


def test_a_player_beyond_the_table_is_refused() -> None:
    with pytest.raises(PHHError, match="'p4' is not a player of this hand"):
        parse_action("p4 cc", 3)


def test_an_unknown_action_is_refused() -> None:
    with pytest.raises(PHHError, match="is not a PHH action"):
        parse_action("p1 raise 300", 2)


def test_a_malformed_card_is_refused() -> None:
    with pytest.raises(PHHError, match="Xz is not a card"):
        parse_action("d dh p1 AcXz", 2)


def test_a_card_twice_in_one_action_is_refused() -> None:
    with pytest.raises(PHHError, match="Ac appears twice"):
        parse_action("d db AcAcKd", 2)


def test_a_negative_amount_is_refused() -> None:
    with pytest.raises(PHHError, match="is not an amount"):
        parse_action("p1 cbr -5", 2)


def test_a_hand_without_stacks_is_refused() -> None:
    with pytest.raises(PHHError, match="starting_stacks is missing"):
        parse_phh('variant = "NT"\nactions = []\n')


def test_per_player_lists_must_match_the_player_count() -> None:
    text = 'variant = "NT"\nstarting_stacks = [100, 100]\nantes = [1, 1, 1]\n'
    with pytest.raises(PHHError, match="antes has 3 values for 2 players"):
        parse_phh(text)


def test_invalid_toml_is_refused_with_the_reason() -> None:
    with pytest.raises(PHHError, match="not valid TOML"):
        parse_phh("variant = \n")


def test_every_stored_file_parses() -> None:
    hands = [hand for path in sorted(DATA.rglob("*.phh*")) for hand in parse_phh(path.read_text())]
    assert len(hands) == 1061


THREE_PLAYERS = "variant = 'NT'\nstarting_stacks = [100, 100, 100]\nactions = []\n"


def test_seats_and_seat_count_are_read_as_written() -> None:
    (hand,) = parse_phh(f"{THREE_PLAYERS}seat_count = 6\nseats = [2, 5, 6]\n")
    assert (hand.seat_count, hand.seats) == (6, (2, 5, 6))
    (bare,) = parse_phh(THREE_PLAYERS)
    assert (bare.seat_count, bare.seats) == (None, None)


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ("seats = [1, 2]", "field seats has 2 values for 3 players"),
        ("seats = [1, 3, 1]", "field seats names seat 1 twice"),
        ("seat_count = 6\nseats = [1, 7, 2]", "field seats: seat 7 of a table of 6 seats"),
        ("seats = [0, 1, 2]", "field seats: 0 is not a seat"),
        ("seats = [1, '2', 3]", "field seats: '2' is not a seat"),
        ("seats = 3", "field seats is not a list"),
        ("seat_count = 2", "field seat_count: 2 is not a number of seats for 3"),
        ("seat_count = true", "field seat_count: True is not a number of seats for 3"),
    ],
)
def test_a_bad_seat_list_is_refused_with_the_reason(fields: str, reason: str) -> None:
    with pytest.raises(PHHError, match=reason):
        parse_phh(f"{THREE_PLAYERS}{fields}\n")
