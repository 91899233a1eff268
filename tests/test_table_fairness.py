"""A finished hand's fairness proof: every card a recipient saw, and nothing else."""

from __future__ import annotations

import pytest

from pokernight.cards import Card
from pokernight.commitment import Reveal, check_reveals
from pokernight.rules import CardsDealt, CardsMucked, CardsShown, Event
from pokernight.table import Act, Folded, HandFinished, HandProof, Table, TableSettings
from pokernight.table.fairness import cards_in
from tests.table_helpers import player_to_act, seated, start


def play_one_hand(table: Table, seed: int, fold_first: bool) -> tuple[HandProof, list[Event]]:
    """Deal and play a hand (the first who may fold does if ``fold_first``): the proof that
    came with its ``HandFinished``, and its log."""
    start(table, seed=seed)
    assert table.hand is not None
    events = table.hand.events
    done: list[Folded] = []
    while table.hand is not None:
        legal = table.hand.legal_actions()
        assert legal is not None
        if fold_first and legal.can_fold:  # a stud bring-in cannot fold: the next player will
            kind, fold_first = "fold", False
        else:
            kind = "bring_in" if legal.can_bring_in else "check" if legal.can_check else "call"
        done = table.apply(Act(player_to_act(table), kind), 0.0)
        events += done[0].hand_events
    assert isinstance(done[-1].event, HandFinished) and done[-1].proof is not None
    return done[-1].proof, list(events)


def revealed(proof: HandProof, seat: int | None) -> dict[int, str]:
    data = proof.for_seat(seat)
    reveals = [Reveal.from_dict(item) for item in data["revealed"]]
    assert check_reveals(data["commitment"], data["leaves"], reveals) == []
    return {item.position: str(item.card) for item in reveals}


@pytest.mark.parametrize("variant", ["nlhe", "plo", "stud", "ftq", "baseball", "chicago", "nlsd"])
@pytest.mark.parametrize("seed", range(8))
def test_the_proof_reveals_what_each_recipient_saw_and_nothing_else(
    variant: str, seed: int
) -> None:
    table = seated({0: 1000, 2: 1000, 4: 1000}, TableSettings.for_variant(variant, debt_cap=None))
    proof, events = play_one_hand(table, seed, fold_first=seed % 2 == 0)
    deck = [str(card) for card in proof.deck]
    assert len(deck) == (36 if variant == "nlsd" else 52), "the game's own deck is committed"
    public = {str(card) for card in cards_in(event for event in events if _public(event))}
    spectator = revealed(proof, None)
    assert set(spectator.values()) == public
    assert all(deck[position] == card for position, card in spectator.items())
    for seat in range(3):
        own = {str(card) for card in dealt_to(events, seat)}
        assert set(revealed(proof, seat).values()) == public | own


def test_a_folded_or_mucked_hand_is_never_revealed_to_anybody_else() -> None:
    for seed in range(20):
        table = seated({0: 1000, 1: 1000, 2: 1000})
        proof, events = play_one_hand(table, seed, fold_first=True)
        shown = {event.seat for event in events if isinstance(event, CardsShown)}
        hidden = [seat for seat in range(3) if seat not in shown]
        assert hidden  # the player who folded, and any who mucked
        assert any(isinstance(event, CardsMucked) for event in events) or len(hidden) == 1
        for seat in hidden:
            secret = {str(card) for card in dealt_to(events, seat)}
            for reader in [None, *[other for other in range(3) if other != seat]]:
                assert not secret & set(revealed(proof, reader).values())


def dealt_to(events: list[Event], seat: int) -> list[Card]:
    return [
        card
        for event in events
        if isinstance(event, CardsDealt) and event.seat == seat
        for card in event.cards
    ]


def _public(event: Event) -> bool:
    return not isinstance(event, CardsDealt) or event.face_up
