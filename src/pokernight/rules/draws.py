"""Draw rounds: each live player in turn discards 0 to all of their cards and is dealt as
many from the stub (docs/rules.md, Draw games; Robert's Rules, Draw High and Lowball).

The draw goes round in the order of the betting after it: the first live player left
of the button first (players all-in draw too). Nobody folds or bets during it.

The stub is what the deck has left. Its last card is never dealt: when a draw needs
it, the discards so far (not the cards of folded hands, not the discards of the player
being served) are shuffled together with that last card into a new stub, and the draw
goes on from it. The order of a reshuffle is no server's choice: a Fisher-Yates driven by
a SHA-256 stream from the hand's ``reshuffle seed`` and the cards shuffled, so whoever
knows the seed recomputes it. The table's seed comes from the committed deck's leaves
(``table.deal``): fixed before the hand, unknown to players until its proof is
published, then checkable (``table.hand_check``). A hand started without one (tests,
simulations, replays) takes its seed from its deck.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Final

from pokernight.cards import Card
from pokernight.rules.actions import LegalActions
from pokernight.rules.errors import RulesError
from pokernight.rules.events import CardsDrawn, Event, StubReshuffled
from pokernight.rules.positions import left_of
from pokernight.rules.seeded_shuffle import seeded_shuffle
from pokernight.rules.state import HandState

_DOMAIN: Final = "pokernight reshuffle v1"


def deck_reshuffle_seed(deck: Sequence[Card]) -> bytes:
    """The seed of a hand given none: a function of its whole deck (secret while it plays)."""
    text = " ".join(str(card) for card in deck)
    return hashlib.sha256(f"{_DOMAIN}\ndeck\n{text}".encode()).digest()


def leaves_reshuffle_seed(leaves: Sequence[str]) -> bytes:
    """The seed of a table's hand: a function of its committed deck's leaves, which the
    commitment fixes before the hand and its proof publishes after it."""
    return hashlib.sha256(f"{_DOMAIN}\nleaves\n{''.join(leaves)}".encode()).digest()


def reshuffled(cards: Sequence[Card], seed: bytes, deck: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` shuffled, by their positions in ``deck`` (the deck dealt): those put in
    order first (their order before is nobody's choice either), then a Fisher-Yates whose
    indices come from SHA-256(seed, the positions) blocks, each drawn without bias by
    rejection. Positions, not cards: a verifier who learns where the discards lay in the
    deck, never what they were, recomputes the new stub (``reshuffled_positions``)."""
    place = {card: position for position, card in enumerate(deck)}
    return tuple(deck[p] for p in reshuffled_positions([place[card] for card in cards], seed))


def reshuffled_positions(positions: Sequence[int], seed: bytes) -> tuple[int, ...]:
    """The deck positions of a reshuffle's cards in the new stub's order (see ``reshuffled``)."""
    order = sorted(positions)
    text = " ".join(str(position) for position in order)
    return tuple(seeded_shuffle(order, hashlib.sha256(seed + text.encode()).digest()))


def next_drawer(state: HandState) -> int | None:
    """The seat to draw next in this street's draw round, or None when there is none."""
    if not state.drawing:
        return None
    folded, drawn = state.folded, state.drawn
    for seat in state.rotations[left_of(state.button, state.count)]:
        if not folded[seat] and not drawn[seat]:
            return seat
    return None


def draw_legal_actions(state: HandState, seat: int) -> LegalActions:
    """In a draw round a seat may only draw: discard 0 to all of its cards."""
    return LegalActions(
        seat, False, False, 0, False, 0, None, None, state.bets[seat],
        can_draw=True, max_discard=len(state.cards[seat]),
    )  # fmt: skip


def stub_left(state: HandState, deck: Sequence[Card]) -> tuple[Card, ...]:
    """The cards the stub still holds, in dealing order (its last card is never dealt)."""
    if state.stub is None:
        return tuple(deck[state.deck_position :])
    return state.stub[state.stub_position :]


def can_burn_stub(state: HandState, deck: Sequence[Card]) -> bool:
    """A card is burnt before a draw unless that would reach the stub's last card."""
    return len(stub_left(state, deck)) >= 2


def check_discards(state: HandState, seat: int, cards: object) -> tuple[Card, ...]:
    """The discards of a draw by ``seat``, or RulesError saying exactly why they are not."""
    if not isinstance(cards, tuple | list) or not all(isinstance(c, Card) for c in cards):
        raise RulesError("draw_names_cards")
    held = state.cards[seat]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise RulesError("discard_twice", card=str(card))
        if card not in held:
            raise RulesError("not_held", card=str(card))
        seen.add(card)
    if len(cards) > len(held):
        raise RulesError("discard_most", most=len(held))
    return tuple(cards)


def draw_events(
    state: HandState,
    deck: Sequence[Card],
    seed: bytes,
    seat: int,
    discards: tuple[Card, ...],
    *,
    given: Sequence[Card] | None = None,
) -> list[Event]:
    """The events of ``seat``'s draw: a reshuffle first if the stub cannot serve it without
    its last card, then the draw itself. ``given``: a replay's reshuffle, the cards its
    record dealt from here on (``Hand.start``'s ``given_stubs``), which the new stub holds
    after the old one's cards instead of our reshuffle of the discards: a record's dealer
    may have reshuffled at another time, or other cards (PokerKit's burns and muck too)."""
    count = len(discards)
    stub = stub_left(state, deck)
    events: list[Event] = []
    if count > len(stub) - 1:
        if given is not None:
            fresh = tuple(given)
        else:
            # The discard pile holds everybody's discards but this seat's of this round
            # (they join it only once the draw is done) and never a folded hand.
            pile = (*state.discard_pile, *stub[-1:])
            fresh = reshuffled(pile, seed, deck)
        if len(stub) - 1 + len(fresh) < count:
            raise RulesError("deck_ran_out")
        stub = (*stub[:-1], *fresh)
        events.append(StubReshuffled(len(fresh), stub))
    events.append(CardsDrawn(seat, count, discards, stub[:count]))
    return events
