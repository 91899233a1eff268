"""The proof that a finished hand was dealt from the deck committed before it.

When a hand ends, everybody may have the committed deck's ``leaves`` and the
``Reveal`` of every card they were shown; a player also gets the reveals of their
own down cards. What a recipient may see is what ``rules.views`` lets them see of
the hand's events, so the proof can never hand out a card the views keep hidden (a
mucked hand, another player's down cards, the undealt deck). The proof holds those
events too, and the players' contributions that mixed the committed deck, so that
``hand_check`` can find every card's dealt position and where the mix took it from.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any

from pokernight.cards import Card, parse_cards
from pokernight.commitment import deck_leaves, reveal
from pokernight.rules import CardsDealt, CardsShown, Event, visible_events
from pokernight.rules.events import CardsDrawn, StubReshuffled
from pokernight.table.events import HandDealt
from pokernight.table.mixing import unmixed


def cards_in(events: Iterable[Event]) -> set[Card]:
    """Every card the events show (dealt face up or to their reader, or shown down)."""
    seen: set[Card] = set()
    for event in events:
        if isinstance(event, CardsDealt | CardsShown):
            seen.update(event.cards)
        elif isinstance(event, CardsDrawn):  # the reader's own draw (others' hold no cards)
            seen.update(event.drawn)
    return seen


def reshuffle_positions(dealt_deck: Sequence[Card], events: Iterable[Event]) -> list[list[int]]:
    """Draw games: for each reshuffle of the stub, the deck positions of the cards it
    shuffled (where they lay in the deck dealt, never what they were), so that a verifier
    recomputes the new stub from them and the leaves (``rules.draws``)."""
    place = {card: position for position, card in enumerate(dealt_deck)}
    return [
        sorted(place[card] for card in event.cards[len(event.cards) - event.size :])
        for event in events
        if isinstance(event, StubReshuffled)
    ]


class HandProof:
    """The leaves of a finished hand's deck, computed once when first asked, and each
    recipient's reveals (the hashing costs some 0.2 ms a hand: nothing is hashed for a
    hand whose proof nobody asks for)."""

    def __init__(self, started: HandDealt, hand_events: Sequence[Event]) -> None:
        self.started = started
        self.hand_events = hand_events
        # The deck as committed, before the contributions mixed it into the deck dealt.
        self.deck = unmixed(parse_cards(started.deck), started.commitment, started.contributions)
        self._proofs: dict[int | None, dict[str, Any]] = {}

    @cached_property
    def leaves(self) -> tuple[str, ...]:
        return deck_leaves(self.deck, self.started.salt)

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The proof for the player at hand index ``seat`` (None: anybody, spectators too);
        made once each (the broadcast and the last-hands record both ask for the public one).
        """
        proof = self._proofs.get(seat)
        if proof is None:
            proof = self._proofs[seat] = self._proof(seat)
        return proof

    def _proof(self, seat: int | None) -> dict[str, Any]:
        started = self.started
        events = visible_events(self.hand_events, seat)
        revealed = reveal(self.deck, started.salt, cards_in(events))
        proof = {
            "hand_number": started.hand_number,
            "commitment": started.commitment,
            "committed_at": started.committed_at,
            "dealt_at": started.at,
            "seats": list(started.seats),
            "seat": seat,
            "contributions": [item.to_dict() for item in started.contributions],
            "leaves": list(self.leaves),
            "revealed": [item.to_dict() for item in revealed],
            "events": [item.to_dict() for item in events],
        }
        reshuffles = reshuffle_positions(parse_cards(started.deck), self.hand_events)
        if reshuffles:  # only a draw game's hand that ran its stub out has any
            proof["reshuffles"] = reshuffles
        return proof
