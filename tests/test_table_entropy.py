"""The players' part of the shuffle: the committed deck mixed by their contributions, and the
check of a finished hand's proof, which accepts honest hands in every variant and rejects
a hand where the server changed a card, reordered the permutation or dropped a contribution."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.cards import parse_cards
from pokernight.commitment import reveal
from pokernight.rules import VARIANTS
from pokernight.rules.deal_positions import dealt_cards
from pokernight.rules.random_play import random_action
from pokernight.table import (
    Act,
    CommitDeck,
    DeckCommitted,
    Folded,
    HandDealt,
    HandProof,
    StartHand,
    Table,
    TableError,
    TableSettings,
    check_contribution,
    table_event_from_dict,
)
from pokernight.table.fold import evolve
from pokernight.table.hand_check import check_proof
from pokernight.table.mixing import Contribution, mixed, mixed_order, unmixed
from tests.table_helpers import player_to_act, seated

SEEDS = st.integers(min_value=0, max_value=2**32)
VARIANT_KEYS = st.sampled_from(sorted(VARIANTS))
SEATS = (0, 2, 4)
Json = dict[str, Any]


def committed_table(variant: str, rng: random.Random) -> tuple[Table, DeckCommitted]:
    table = seated(
        {seat: 1000 for seat in SEATS}, TableSettings.for_variant(variant, debt_cap=None)
    )
    committed = table.apply(CommitDeck(rng), 0.0)[0].event
    assert isinstance(committed, DeckCommitted)
    return table, committed


def contributions_of(table: Table, committed: DeckCommitted, rng: random.Random) -> dict[str, str]:
    """A contribution from some of the players (at least one), each accepted by the table."""
    taken: dict[str, str] = {}
    for seat in SEATS:
        if rng.random() < 0.7 or (seat == SEATS[-1] and not taken):
            value = rng.randbytes(32).hex()
            number, commitment = committed.hand_number, committed.commitment
            taken[f"p{seat}"] = check_contribution(
                table,
                f"p{seat}",
                hand_number=number,
                commitment=commitment,
                value=value,
                taken=taken,
            )
    return taken


def deal(table: Table, rng: random.Random, taken: dict[str, str]) -> HandDealt:
    """The deal the table decides, left undone: a test may change it before it is folded."""
    _, done = table.decide(StartHand(rng, tuple(taken.items())), 1.0)
    dealt = done[0].event
    assert isinstance(dealt, HandDealt)
    return dealt


def play(table: Table, dealt: HandDealt, rng: random.Random) -> HandProof:
    """Folds ``dealt`` (as the server made it, honest or not) and plays the hand to its end."""
    evolve(table, dealt)
    done: list[Folded] = []
    while table.hand is not None:
        legal = table.hand.legal_actions()
        assert legal is not None
        action = random_action(legal, rng)
        done = table.apply(Act(player_to_act(table), action.kind, action.amount), 1.0)
    assert done[-1].proof is not None
    return done[-1].proof


def honest_hand(variant: str, seed: int) -> tuple[HandProof, dict[str, str], DeckCommitted]:
    rng = random.Random(seed)
    table, committed = committed_table(variant, rng)
    taken = contributions_of(table, committed, rng)
    return play(table, deal(table, rng, taken), rng), taken, committed


@settings(max_examples=100, deadline=None)
@given(VARIANT_KEYS, SEEDS)
def test_an_honest_hand_verifies_for_every_reader_in_every_variant(variant: str, seed: int) -> None:
    proof, taken, committed = honest_hand(variant, seed)
    assert proof.started.commitment == committed.commitment
    assert len(proof.started.contributions) == len(taken)
    for index, seat in enumerate(proof.started.seats):
        check = check_proof(proof.for_seat(index), taken.get(f"p{seat}"))
        assert check.problems == []
        assert check.mine_mixed is (True if f"p{seat}" in taken else None)
        assert check.seen  # every reader saw cards, each placed
    assert check_proof(proof.for_seat(None)).problems == []


CHEATS = ("card", "order", "drop", "drop unlisted")


def cheated_hand(variant: str, seed: int, cheat: str) -> tuple[Json, str | None]:
    """A hand where the server cheated as ``cheat`` says: the proof a reader it cheated
    gets, and that reader's contribution (None: they sent none)."""
    rng = random.Random(seed)
    table, committed = committed_table(variant, rng)
    taken = contributions_of(table, committed, rng)
    honest = deal(table, rng, taken)
    deck = list(parse_cards(committed.deck))
    commitment = committed.commitment
    reader = 0  # the hand's first seat: it sees its own cards and the board or up cards
    mine = taken.get(f"p{honest.seats[reader]}")
    if cheat == "card":
        # One card of the dealt deck is changed for one nobody is dealt (the deck's last).
        dealt = list(parse_cards(honest.deck))
        first = reader_positions(table, honest)[0]
        dealt[first], dealt[-1] = dealt[-1], dealt[first]
    elif cheat == "order":
        # The committed deck permuted by another order than the contributions give.
        dealt = mixed(deck, commitment, [Contribution(99, rng.randbytes(32).hex())])
    else:
        dropped = max(honest.contributions)
        kept = [item for item in honest.contributions if item != dropped]
        dealt = mixed(deck, commitment, kept)
        if cheat == "drop unlisted":
            honest = replace(honest, contributions=tuple(kept))
            mine = dropped.value
            reader = honest.seats.index(dropped.seat)
    cheated = replace(honest, deck=tuple(str(card) for card in dealt))
    proof = play(table, cheated, rng)
    proof.deck = deck  # the server proves against the deck it committed to: all it can do
    return proof.for_seat(reader), mine


@settings(max_examples=100, deadline=None)
@given(VARIANT_KEYS, SEEDS, st.sampled_from(CHEATS))
def test_a_verifier_rejects_a_changed_card_a_reordered_permutation_or_a_dropped_contribution(
    variant: str, seed: int, cheat: str
) -> None:
    assert check_proof(*cheated_hand(variant, seed, cheat)).problems


def reader_positions(table: Table, dealt: HandDealt) -> list[int]:
    """The dealt positions of the first seat's first cards: its first street."""
    twin = table.copy()
    evolve(twin, dealt)
    assert twin.hand is not None
    return [item.position for item in dealt_cards(twin.hand.events) if item.seat == 0]


def test_a_proof_that_reveals_a_card_its_reader_was_not_shown_is_rejected() -> None:
    proof, taken, _ = honest_hand("nlhe", 9)
    data = proof.for_seat(0)
    shown = {item["position"] for item in data["revealed"]}
    hidden = next(position for position in range(52) if position not in shown)
    data["revealed"] += [item.to_dict() for item in reveal(proof.deck, proof.started.salt,
                                                           [proof.deck[hidden]])]  # fmt: skip
    check = check_proof(data, taken.get(f"p{proof.started.seats[0]}"))
    assert check.problems == [f"the proof reveals cards that were not shown: {proof.deck[hidden]}"]
    assert (
        check_proof({**data, "salt": proof.started.salt})
        .problems[0]
        .startswith("the proof holds the salt")
    )


def test_mixing_is_a_permutation_undone_by_unmixing() -> None:
    deck = list(range(52))
    contributions = [Contribution(3, "ab" * 32), Contribution(1, "cd" * 32)]
    order = mixed_order("00" * 32, contributions, 52)
    assert sorted(order) == deck and order != deck
    dealt = mixed(deck, "00" * 32, contributions)
    assert unmixed(dealt, "00" * 32, contributions) == deck
    # Canonical: the order contributions arrive in does not matter; who sent them does.
    assert mixed(deck, "00" * 32, contributions[::-1]) == dealt
    assert mixed(deck, "00" * 32, [Contribution(2, "ab" * 32), contributions[1]]) != dealt
    assert mixed(deck, "00" * 32, []) == deck


def test_a_bad_contribution_is_refused_and_changes_nothing() -> None:
    rng = random.Random(3)
    table, committed = committed_table("nlhe", rng)
    number, commitment = committed.hand_number, committed.commitment
    value = check_contribution(
        table, "p0", hand_number=number, commitment=commitment, value="AB" * 32, taken={}
    )
    taken = {"p0": value}
    assert taken == {"p0": "ab" * 32}
    refusals = {
        "32 bytes": ("p2", number, commitment, "ab" * 31),
        "not for the next hand": ("p2", number + 1, commitment, "ab" * 32),
        "not for the next hand:": ("p2", number, "00" * 32, "ab" * 32),
        "already": ("p0", number, commitment, "ef" * 32),
        "not seated": ("stranger", number, commitment, "ab" * 32),
    }
    for words, (player, hand, answered, value) in refusals.items():
        with pytest.raises(TableError, match=words):
            check_contribution(
                table, player, hand_number=hand, commitment=answered, value=value, taken=taken
            )
    assert taken == {"p0": "ab" * 32}


def test_contributions_are_stored_with_the_hand_and_read_back() -> None:
    proof, _, _ = honest_hand("nlhe", 5)
    started = proof.started
    assert table_event_from_dict(started.to_dict()) == started
    assert started.committed_at == 0.0 and started.at == 1.0


def test_a_deal_with_nothing_committed_ahead_is_the_seeded_shuffle_as_before() -> None:
    table = seated({seat: 1000 for seat in SEATS})
    dealt = table.apply(StartHand(random.Random(1)), 0.0)[0].event
    assert isinstance(dealt, HandDealt)
    assert dealt.contributions == () and dealt.committed_at is None
    again = seated({seat: 1000 for seat in SEATS})
    assert again.apply(StartHand(random.Random(1)), 0.0)[0].event == dealt
