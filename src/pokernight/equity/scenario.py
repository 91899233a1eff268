"""What an equity calculation knows, and which cards it still has to deal.

``slots`` lists the unknown cards in dealing order: each goes to a contender
(or to the board, ``owner`` None), face up or down. Only Follow the Queen cares
about the order and the face (its wild rank follows the up cards); elsewhere a
slot is just "one more card for this hand". Baseball's extra cards are slots too
(``extra_card_slots``): a reserve of as many cards as fours can still come face up,
handed out in dealing order, one to each up card to come that is a four. Any unknown
card is as likely as any other wherever it is dealt, so the reserve's cards are as
likely as the cards the table deals at once after each four, which move the later
ones one place down the deck; a reserve card not handed out stays in the deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from pokernight.cards import CARDS, SHORT_DECK, Card, CardError, ensure_distinct
from pokernight.equity.wild_state import WildState
from pokernight.rules.variants import Variant

SHOWDOWNS = ("high", "omaha", "low", "wild", "omaha8", "high8", "short", "spade")
BOARD_SIZE = 5
SUITS = 4
STUD_CARDS = 7
STUD_UP_POSITIONS = range(2, 6)  # third to sixth street's cards are dealt face up


@dataclass(frozen=True, slots=True)
class Slot:
    owner: int | None  # a contender's index; None: the board
    face_up: bool = False
    # Baseball: a card of the reserve a four dealt face up buys (``extra_card_slots``);
    # no owner until a four takes it.
    extra: bool = False
    # Stud: the street the card comes on (its card number, 0 to 6), so that Follow the
    # Queen's wild rank ends each street as the table does (``WildState.after_street``).
    street: int = 0


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
    extra_card_rank: int | None = None  # Baseball's four (``Slot.extra``)

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
    *,
    carries_over: bool = False,
) -> Scenario:
    """The scenario of ``hands`` (stud: in dealt order, down, down, up x4, down) dealt out.

    Missing hole cards are dealt at random. Follow the Queen's wild state, when
    not given, is read from the up cards in the order they were dealt, street by street
    (``carries_over``: the house rule ``ftq_queen_carries_over``).
    """
    if variant.is_stud:
        if board:
            raise ValueError(f"{variant.name} has no board")
        return _stud_scenario(variant, hands, dead, wild, carries_over)
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
    carries_over: bool = False,
) -> Scenario:
    for index, hand in enumerate(hands):
        if len(hand) > STUD_CARDS:
            raise ValueError(f"hand {index + 1} has {len(hand)} cards; stud deals {STUD_CARDS}")
    slots = tuple(
        Slot(owner, position in STUD_UP_POSITIONS, street=position)
        for position in range(STUD_CARDS)
        for owner, hand in enumerate(hands)
        if len(hand) <= position
    )
    if wild is None:
        wild = WildState(carries_over=carries_over)
        for position in STUD_UP_POSITIONS:
            ranks = [hand[position].rank for hand in hands if len(hand) > position]
            # A street some hands have not had yet is not over: its queen may still wait.
            done = all(len(hand) > position for hand in hands)
            wild = wild.after_street(ranks) if done else wild.after(ranks)
    else:
        wild = WildState(wild.rank, wild.queen_waiting, carries_over)
    fixed = variant.wild_ranks if variant.has_wild_cards and not variant.follows_queen else None
    up = tuple(hand[at] for hand in hands for at in STUD_UP_POSITIONS if at < len(hand))
    extra = variant.extra_card_rank
    if extra is not None:
        seen = [*(card for hand in hands for card in hand), *dead]
        room = len(CARDS) - len(seen) - len(slots)
        slots += extra_card_slots(slots, fours_unseen(seen, extra), room)
    return Scenario(
        variant.showdown, _tuples(hands), (), slots, tuple(dead), wild, fixed, up,
        None if extra is None else int(extra),
    )  # fmt: skip


def extra_card_slots(slots: Sequence[Slot], fours_unseen: int, room: int) -> tuple[Slot, ...]:
    """Baseball: the reserve of extra cards (``Slot.extra``), one for each four that can
    still come face up: no more than the up cards to come among ``slots``, the fours not
    seen, and the ``room`` the deck has left after the regular cards (near the deck's end
    the table deals an extra card only while it has one beyond the cards still owed)."""
    ups = sum(1 for slot in slots if slot.face_up and slot.owner is not None)
    return (Slot(None, extra=True),) * max(0, min(ups, fours_unseen, room))


def fours_unseen(cards: Sequence[Card], rank: int) -> int:
    """How many cards of Baseball's extra-card ``rank`` are not among ``cards``."""
    return SUITS - sum(1 for card in cards if card.rank == rank)


def _tuples(hands: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) for hand in hands)
