"""What an equity calculation knows, and which cards it still has to deal.

``slots`` lists the unknown cards in dealing order: each goes to a contender
(or to the board, ``owner`` None), face up or down. Only Follow the Queen cares
about the order and the face (its wild rank follows the up cards); elsewhere a
slot is just "one more card for this hand". Baseball's extra cards are slots too
(``with_extra_cards``): one after each up card to come, dealt only when that up card
is a four. Any unknown card is as likely as any other wherever it is dealt, so an
extra card not dealt may as well be a card that stays in the deck, and the later
cards' odds are the same as at the table, where they move one place down the deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pokernight.cards import CARDS, SHORT_DECK, Card, CardError, ensure_distinct
from pokernight.equity.wild_state import WildState
from pokernight.rules.variants import Variant

SHOWDOWNS = ("high", "omaha", "low", "wild", "omaha8", "high8", "short", "spade")
BOARD_SIZE = 5
STUD_CARDS = 7
STUD_UP_POSITIONS = range(2, 6)  # third to sixth street's cards are dealt face up


@dataclass(frozen=True, slots=True)
class Slot:
    owner: int | None  # a contender's index; None: the board
    face_up: bool = False
    # Baseball: the index of the up card's slot whose four deals this card (None: a card
    # always dealt); not a four, and this card is not dealt.
    extra_after: int | None = None


@dataclass(frozen=True, slots=True)
class Scenario:
    showdown: str
    hands: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...] = ()
    slots: tuple[Slot, ...] = ()
    dead: tuple[Card, ...] = ()
    wild: WildState = field(default_factory=WildState)
    # The wild ranks of a game whose wild cards never move (Baseball, deuces wild); None:
    # Follow the Queen's, which ``wild`` follows.
    fixed_wild: frozenset[int] | None = None
    up: tuple[Card, ...] = ()  # the known cards dealt face up (Chicago's spade is down)
    extra_card_rank: int | None = None  # Baseball's four (``Slot.extra_after``)

    def __post_init__(self) -> None:
        if self.showdown not in SHOWDOWNS:
            raise ValueError(f"{self.showdown!r} is not a showdown (known: {SHOWDOWNS})")
        if len(self.hands) < 2:
            raise ValueError("equity needs at least two hands")
        ensure_distinct([*self.known_cards, *self.dead])
        if len(self.slots) > len(self.deck):
            raise CardError(f"{len(self.slots)} cards to deal but only {len(self.deck)} left")

    @property
    def known_cards(self) -> tuple[Card, ...]:
        return (*(card for hand in self.hands for card in hand), *self.board)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards that may still be dealt."""
        used = {*self.known_cards, *self.dead}
        cards = SHORT_DECK if self.showdown == "short" else CARDS
        return tuple(card for card in cards if card not in used)


def scenario_for_variant(
    variant: Variant,
    hands: Sequence[Sequence[Card]],
    board: Sequence[Card] = (),
    dead: Sequence[Card] = (),
    wild: WildState | None = None,
) -> Scenario:
    """The scenario of ``hands`` (stud: in dealt order, down, down, up x4, down) dealt out.

    Missing hole cards are dealt at random. Follow the Queen's wild state, when
    not given, is read from the up cards in the order they were dealt.
    """
    if variant.is_stud:
        if board:
            raise ValueError(f"{variant.name} has no board")
        return _stud_scenario(variant, hands, dead, wild)
    hole = sum(street.hole_cards for street in variant.streets)
    for index, hand in enumerate(hands):
        if len(hand) > hole:
            raise ValueError(f"hand {index + 1} has {len(hand)} cards; {variant.name} deals {hole}")
    if len(board) > BOARD_SIZE:
        raise ValueError(f"a board has at most {BOARD_SIZE} cards, not {len(board)}")
    slots = [Slot(owner) for owner, hand in enumerate(hands) for _ in range(hole - len(hand))]
    slots += [Slot(None, True)] * (BOARD_SIZE - len(board))
    return Scenario(variant.showdown, _tuples(hands), tuple(board), tuple(slots), tuple(dead))


def _stud_scenario(
    variant: Variant,
    hands: Sequence[Sequence[Card]],
    dead: Sequence[Card],
    wild: WildState | None,
) -> Scenario:
    for index, hand in enumerate(hands):
        if len(hand) > STUD_CARDS:
            raise ValueError(f"hand {index + 1} has {len(hand)} cards; stud deals {STUD_CARDS}")
    slots = tuple(
        Slot(owner, position in STUD_UP_POSITIONS)
        for position in range(STUD_CARDS)
        for owner, hand in enumerate(hands)
        if len(hand) <= position
    )
    if wild is None:
        wild = WildState().after(
            hand[position].rank
            for position in STUD_UP_POSITIONS
            for hand in hands
            if len(hand) > position
        )
    fixed = variant.wild_ranks if variant.has_wild_cards and not variant.follows_queen else None
    up = tuple(hand[at] for hand in hands for at in STUD_UP_POSITIONS if at < len(hand))
    extra = variant.extra_card_rank
    if extra is not None:
        room = len(CARDS) - sum(len(hand) for hand in hands) - len(dead)
        slots = with_extra_cards(slots, room)
    return Scenario(
        variant.showdown, _tuples(hands), (), slots, tuple(dead), wild, fixed, up,
        None if extra is None else int(extra),
    )  # fmt: skip


def with_extra_cards(slots: Sequence[Slot], room: int) -> tuple[Slot, ...]:
    """Baseball: after each contender's up card to come, the down card a four would buy
    (``Slot.extra_after``), while the ``room`` cards left hold them after the regular ones
    (the table deals the street's regular cards first, ``rules.dealing``)."""
    spare = room - len(slots)
    placed: list[Slot] = []
    for slot in slots:
        placed.append(slot)
        if slot.face_up and slot.owner is not None and spare > 0:
            placed.append(Slot(slot.owner, False, len(placed) - 1))
            spare -= 1
    return tuple(placed)


def _tuples(hands: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) for hand in hands)
