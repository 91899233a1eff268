"""Replaying a PHH hand through our rules engine.

Three steps:

1. Amounts become whole chips: every amount of the hand (stacks, forced bets,
   bet sizes, raises) is multiplied by the smallest power of ten that makes
   them all integers; results are divided back for output. A dead small blind
   and big blinds posted to be dealt in are read as ``phh_export`` writes them
   (decision 34). The recorded
   ``finishing_stacks`` do not take part: a log that splits an odd chip into
   halves must not turn our whole chips into tenths.
2. The deck is laid out in the engine's dealing order (``pokernight.rules``
   deals forced bets first, then per street: a burn on every street after the
   first, hole cards one at a time round-robin from the seat left of the
   button, then the board). PHH player ``p1`` is the seat left of the button
   and ``pn`` the button, so seat ``i`` is player ``p(i+1)`` and the button is
   the last seat. Burns and unknown cards (``??``) take unused cards; a card
   shown later (``p3 sm AhKd``) goes where it was dealt. The hands of our own
   codes (``phh_codes``: Baseball's extra cards, a second board or run) are laid
   out by the engine's own deals instead (``_dealt_as_logged``).
3. The player actions go through the engine (``cbr`` bet or raise to, ``cc``
   check or call, ``f`` fold, ``pb`` bring-in, ``sd`` draw, ``sr`` how many
   runs); showdowns are automatic, so ``sm`` only reveals cards.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Final

from pokernight.cards import Card, shuffled
from pokernight.history.phh_codes import is_own_code, variant_of_code
from pokernight.history.phh_parse import PHHAction, PHHActionKind, PHHError, PHHHand
from pokernight.rules import CardsDealt, CardsMucked, Hand, RulesError, Stakes, Variant

SPARE_ORDERS: Final = 300
"""Other orders of the unseen cards tried before a hand's recorded result is given up.
In 20,000 hands of random sessions exported publicly (a mucked hand must lose, and often
only low cards do) one in 1,500 took more than 30, the most 127."""
PLAYER_ACTIONS: Final = frozenset(
    {
        PHHActionKind.BET_OR_RAISE,
        PHHActionKind.CHECK_OR_CALL,
        PHHActionKind.FOLD,
        PHHActionKind.BRING_IN,
        PHHActionKind.STAND_PAT_OR_DISCARD,
        PHHActionKind.RUNS,
    }
)


@dataclass(frozen=True, slots=True)
class ChipScale:
    """Whole chips = amount x 10**exponent; amounts print with ``places`` decimals."""

    exponent: int
    places: int = 0

    @classmethod
    def of(cls, amounts: Iterable[Decimal]) -> ChipScale:
        """The smallest power of ten that makes every amount a whole number, and the
        most decimals the source writes ("47.50": two) for printing like the source."""
        written = [amount for amount in amounts if amount]
        exponent = max((_decimals(amount.normalize()) for amount in written), default=0)
        places = max((_decimals(amount) for amount in written), default=0)
        return cls(exponent, max(places, exponent))

    def to_chips(self, amount: Decimal) -> int:
        return int(amount.scaleb(self.exponent))

    def to_amount(self, chips: int) -> int | Decimal:
        """Back to the source's units; whole numbers stay ``int`` if the source has no decimals."""
        if not self.places:
            return chips
        return Decimal(chips).scaleb(-self.exponent).quantize(Decimal(1).scaleb(-self.places))


def _decimals(amount: Decimal) -> int:
    return max(0, -int(amount.as_tuple().exponent))


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed hand: the engine's finished hand and its stacks in the source's units."""

    hand: Hand
    scale: ChipScale

    @property
    def finishing_stacks(self) -> tuple[int | Decimal, ...]:
        final_stacks = self.hand.final_stacks
        assert final_stacks is not None, "a replay always plays the hand to its end"
        return tuple(self.scale.to_amount(chips) for chips in final_stacks)


def replay_phh(phh: PHHHand, deck: Sequence[Card] | None = None) -> Replay:
    """Play the hand through the engine; raise ``PHHError`` saying why if it cannot.

    ``deck``: the cards in dealing order (default: ``deck_of``'s, unless the cards it
    gives where the log shows none change who wins, who mucks, or make an action illegal,
    as when an opener at jacks or better is never shown: then the unseen cards are laid
    out in other fixed orders (seeded shuffles) until one plays as recorded; a public
    export shows no mucked hand, and any cards that lose as the real ones did will do).
    """
    variant = variant_of(phh)
    scale = ChipScale.of(hand_amounts(phh))
    if deck is not None:
        return _replayed(phh, variant, scale, deck)
    first: Replay | None = None
    refused: PHHError | None = None
    try:
        first = _replayed(phh, variant, scale, deck_of(phh, variant))
    except PHHError as error:
        refused = error
    if first is not None and _as_recorded(phh, first):
        return first
    if _names_every_card(phh):
        return _first_or_refused(first, refused)
    for attempt in range(1, SPARE_ORDERS + 1):
        spare = shuffled(variant.cards, random.Random(attempt))
        try:
            other = _replayed(phh, variant, scale, deck_of(phh, variant, spare))
        except PHHError:
            continue
        if _as_recorded(phh, other):
            return other
    return _first_or_refused(first, refused)


def _first_or_refused(first: Replay | None, refused: PHHError | None) -> Replay:
    if refused is not None:
        raise refused
    assert first is not None
    return first


def _names_every_card(phh: PHHHand) -> bool:
    return all(None not in action.cards for action in phh.actions)


def _as_recorded(phh: PHHHand, replay: Replay) -> bool:
    """The replay ends with the recorded stacks, and mucks the hands the log mucks."""
    if phh.finishing_stacks is not None and replay.finishing_stacks != phh.finishing_stacks:
        return False
    told = _showdown_seats(phh)
    mucked = {event.seat for event in replay.hand.events if isinstance(event, CardsMucked)}
    return all((seat in mucked) != shown for seat, shown in told.items())


def _showdown_seats(phh: PHHHand) -> dict[int, bool]:
    """The seats the log shows (True) or mucks (False) at the end."""
    return {
        action.seat: bool(action.cards)
        for action in phh.actions
        if action.kind is PHHActionKind.SHOW_OR_MUCK and action.seat is not None
    }


def _replayed(phh: PHHHand, variant: Variant, scale: ChipScale, deck: Sequence[Card]) -> Replay:
    hand, error = _played(phh, variant, scale, deck)
    if error is not None:
        raise error
    assert hand is not None
    if not hand.is_over:
        raise PHHError(f"the actions end before the hand is over (seat {hand.to_act} to act)")
    return Replay(hand, scale)


def _played(
    phh: PHHHand, variant: Variant, scale: ChipScale, deck: Sequence[Card]
) -> tuple[Hand | None, PHHError | None]:
    """The hand dealt from ``deck`` and played as far as its actions go, and the error
    that stopped it (None: every action was played; the hand None: it was not dealt)."""
    stakes = stakes_of(phh, variant, scale)
    stacks = [scale.to_chips(stack) for stack in phh.starting_stacks]
    thrown = draw_discards(phh, variant, deck)
    stubs = draw_stubs(phh, variant, deck)
    try:
        hand = Hand.start(
            variant,
            stakes,
            stacks,
            button=len(stacks) - 1,
            deck=deck,
            given_stubs=stubs,
            dead_small_blind=dead_small_blind_of(phh, variant),
            posted_big_blinds=posted_big_blinds_of(phh),
            straddles=straddles_of(phh, variant, scale),
            bomb_pot=scale.to_chips(phh.bomb_pot),
            double_board=phh.double_board,
            jacks_to_open=phh.jacks_to_open,
            run_it_twice=phh.run_it_twice,
            ftq_queen_carries_over=phh.ftq_queen_carries_over,
        )
    except RulesError as error:
        return None, PHHError(f"cannot start the hand: {error}")
    for number, action in enumerate(phh.actions, start=1):
        if action.kind in PLAYER_ACTIONS and not pointless_check(hand, action):
            try:
                hand = _apply(hand, action, number, scale, thrown.get(number, ()))
            except PHHError as error:
                return hand, error
    return hand, None


def pointless_check(hand: Hand, action: PHHAction) -> bool:
    """A check the log has and the engine does not ask for, as it can change nothing: once
    the others went all in during a round, PokerKit still asks the one player left with
    chips to check, where docs/rules.md ends the betting (that player faces no bet, and
    nobody could call one). Passed over, as the differential test passes it over."""
    if action.kind is not PHHActionKind.CHECK_OR_CALL:
        return False
    if hand.to_act == action.seat and not hand.is_drawing:  # (``cc`` in a draw: standing pat)
        return False
    with_chips = [
        seat
        for seat, (folded, stack) in enumerate(zip(hand.folded, hand.stacks, strict=True))
        if not folded and stack
    ]
    return with_chips == [action.seat]


def variant_of(phh: PHHHand) -> Variant:
    return variant_of_code(phh.variant)


def stakes_of(phh: PHHHand, variant: Variant, scale: ChipScale) -> Stakes:
    """Our ``Stakes`` for the hand's forced bets and bet sizes, in chips.

    A dead small blind (``dead_small_blind_of``) is missing from the list: the big
    blind is ``p1`` (heads-up: a zero small blind); the small blind is the one our
    ``_dead_small_blind`` field keeps (0 without it: nobody posts it). Posted big
    blinds (negative entries) are not blinds of the stakes but must be the big
    blind's amount.
    """
    antes = [scale.to_chips(ante) for ante in phh.antes]
    blinds = [max(0, scale.to_chips(blind)) for blind in phh.blinds_or_straddles]
    stud = variant.is_stud
    dead = dead_small_blind_of(phh, variant) and phh.player_count > 2
    if straddles_of(phh, variant, scale):
        blinds = [blind if index < (1 if dead else 2) else 0 for index, blind in enumerate(blinds)]
    if any(blinds[0 if stud else 2 if dead else 3 :]):
        raise PHHError(f"blinds_or_straddles {_listed(phh.blinds_or_straddles)} are not supported")
    if dead:
        blinds = [scale.to_chips(phh.dead_small_blind or Decimal(0)), *blinds]
    elif phh.player_count == 2 and phh.dead_small_blind is not None:
        blinds[0] = scale.to_chips(phh.dead_small_blind)
    small_blind, big_blind, straddle = (*blinds, 0, 0, 0)[:3]
    _check_posted(phh, scale, big_blind)
    ante, big_blind_ante = _antes(antes, phh, stud, big_blind_index=0 if dead else 1)
    return Stakes(
        small_blind=small_blind,
        big_blind=big_blind,
        straddle=straddle,
        ante=ante,
        big_blind_ante=big_blind_ante,
        bring_in=scale.to_chips(phh.bring_in),
        small_bet=scale.to_chips(phh.small_bet or phh.min_bet),
        big_bet=scale.to_chips(phh.big_bet),
    )


def straddles_of(phh: PHHHand, variant: Variant, scale: ChipScale) -> tuple[int, ...]:
    """The seats of a Mississippi straddle and re-straddles, as our export writes them
    (decision 45): positive entries past the blinds, side by side, each twice the one
    before, the first twice the big blind. A lone straddle under the gun is the stakes'
    straddle (``stakes_of``), so it is none of these; anything else is left to
    ``stakes_of`` to refuse."""
    if variant.is_stud or phh.player_count < 3:
        return ()
    dead = dead_small_blind_of(phh, variant)
    first = 1 if dead else 2  # under the gun
    blinds = [scale.to_chips(blind) for blind in phh.blinds_or_straddles]
    big_blind = blinds[first - 1] if len(blinds) >= first else 0
    seats = tuple(index for index in range(first, len(blinds)) if blinds[index] > 0)
    if not seats or big_blind <= 0 or seats == (first,):
        return ()
    side_by_side = seats == tuple(range(seats[0], seats[0] + len(seats)))
    doubling = [blinds[seat] for seat in seats] == [
        big_blind * 2 ** (index + 1) for index in range(len(seats))
    ]
    return seats if side_by_side and doubling else ()


def dead_small_blind_of(phh: PHHHand, variant: Variant) -> bool:
    """Whether nobody posts the small blind: our ``_dead_small_blind`` field says so, or
    three or more players' blinds start with one blind and no second (as PokerKit reads
    ``[20, 0, 0]``: ``p1`` posts 20, ``p2`` acts first)."""
    if variant.is_stud:
        return False
    if phh.dead_small_blind is not None:
        return True
    blinds = phh.blinds_or_straddles
    return phh.player_count > 2 and len(blinds) > 1 and blinds[0] > 0 and blinds[1] == 0


def posted_big_blinds_of(phh: PHHHand) -> tuple[int, ...]:
    """The seats whose entry is negative: PokerKit's "post bet", a live big blind
    posted by a player who just sat down, which moves nobody's turn."""
    return tuple(seat for seat, blind in enumerate(phh.blinds_or_straddles) if blind < 0)


def _check_posted(phh: PHHHand, scale: ChipScale, big_blind: int) -> None:
    for blind in phh.blinds_or_straddles:
        if blind < 0 and scale.to_chips(-blind) != big_blind:
            raise PHHError(f"a posted blind of {-blind} is not the big blind")


def _antes(
    antes: Sequence[int], phh: PHHHand, stud: bool, big_blind_index: int = 1
) -> tuple[int, int]:
    """(ante, big-blind ante): everybody antes the same, and the big blind may ante
    more (PHH lists the big blind's ante at its place: index 1, heads-up too; index 0
    when the small blind is dead)."""
    if len(set(antes)) <= 1:
        return (antes[0] if antes else 0), 0
    others = {ante for index, ante in enumerate(antes) if index != big_blind_index}
    if not stud and len(others) == 1 and antes[big_blind_index] > min(others):
        ante = min(others)
        return ante, antes[big_blind_index] - ante
    raise PHHError(f"antes {_listed(phh.antes)} are not supported")


def _listed(amounts: Sequence[Decimal]) -> str:
    return "[" + ", ".join(str(amount) for amount in amounts) + "]"


def hand_amounts(phh: PHHHand) -> list[Decimal]:
    amounts = [
        *phh.starting_stacks,
        *phh.antes,
        *phh.blinds_or_straddles,
        phh.bring_in,
        phh.small_bet,
        phh.big_bet,
        phh.min_bet,
        phh.dead_small_blind or Decimal(0),
    ]
    amounts.append(phh.bomb_pot)
    amounts.extend(
        action.amount
        for action in phh.actions
        if action.amount is not None and action.kind is PHHActionKind.BET_OR_RAISE
    )
    return amounts


def _apply(
    hand: Hand, action: PHHAction, number: int, scale: ChipScale, discards: Sequence[Card] = ()
) -> Hand:
    assert action.seat is not None
    seat = action.seat
    try:
        match action.kind:
            case PHHActionKind.FOLD:
                return hand.fold(seat)
            case PHHActionKind.CHECK_OR_CALL:
                return hand.check_or_call(seat)
            case PHHActionKind.BRING_IN:
                return hand.bring_in(seat)
            case PHHActionKind.STAND_PAT_OR_DISCARD:
                return hand.draw(seat, discards)
            case PHHActionKind.RUNS:
                assert action.amount is not None
                return hand.choose_runs(seat, int(action.amount))
            case _:
                assert action.amount is not None
                return hand.bet_or_raise(seat, raise_to(hand, scale.to_chips(action.amount)))
    except RulesError as error:
        raise PHHError(f"action {number} {action.text!r}: {error}") from error


def raise_to(hand: Hand, to: int) -> int:
    """The amount to raise to, allowing for a log that writes an all-in raise short.

    Logs sometimes record a raise that puts the last opponents all-in as the
    most they can call (2023 WSOP razz: a fixed-limit raise "to 750000" where
    the fixed raise is to 1200000 and the opponent had 750000 in all). The
    chips above that amount would come back as an uncalled bet, so the hand is
    the same with a legal raise; anything else short stays an error.
    """
    legal = hand.legal_actions()
    if legal is None or legal.min_raise_to is None or to >= legal.min_raise_to:
        return to
    opponents = [
        seat for seat, folded in enumerate(hand.folded) if seat != legal.seat and not folded
    ]
    most_matched = max((hand.bets[seat] + hand.stacks[seat] for seat in opponents), default=0)
    covers_everybody = max(hand.bets) < to and most_matched <= to
    return legal.min_raise_to if covers_everybody else to


def deck_of(
    phh: PHHHand, variant: Variant, spare: Sequence[Card] | None = None
) -> tuple[Card, ...]:
    """All the game's cards (52; short-deck 36) in the order our engine deals them for this
    hand; the cards the log
    does not name are the unused ones in the order of ``spare`` (default: the fixed one,
    highest cards first in stud games brought in by the lowest up card: an up card the
    log does not name must not take the bring-in from the player the log says made it)."""
    if spare is None:
        lowest_brings_in = variant.is_stud and variant.bring_in_order == "lowest"
        spare = variant.cards[::-1] if lowest_brings_in else variant.cards
    if variant.is_draw:
        deal = _draw_deal(phh, variant)
        given = {card for card in deal.slots[deal.deck_size :] if card is not None}
        return _fill(deal.slots[: deal.deck_size], spare, given)
    if is_own_code(phh.variant):
        return _dealt_as_logged(phh, variant, spare)
    holes, board, folded_before = _dealt_cards(phh, variant)
    slots: list[Card | None] = []
    hole_dealt = [0] * phh.player_count
    board_dealt = 0
    size = len(variant.cards)
    first_burn: int | None = None
    for index, street in enumerate(variant.streets):
        if index and size - len(slots) >= 2:  # a burn, unless it would leave no card to deal
            first_burn = len(slots) if first_burn is None else first_burn
            slots.append(None)
        live = [seat for seat in range(phh.player_count) if folded_before[seat] > index]
        per_player = street.hole_down + street.hole_up
        board_count = street.board
        if per_player and len(slots) + per_player * len(live) > size:
            # Stud with too many players left: one community card instead (docs/rules.md).
            per_player, board_count = 0, 1
        for _ in range(per_player):
            for seat in live:
                slots.append(_at(holes[seat], hole_dealt[seat]))
                hole_dealt[seat] += 1
        for _ in range(board_count):
            card = _at(board, board_dealt)
            board_dealt += 1
            if len(slots) < size:
                slots.append(card)
            elif first_burn is not None:  # no card left: the first burn is turned (dealing)
                slots[first_burn] = card
    return _fill(slots, spare)


def _dealt_as_logged(phh: PHHHand, variant: Variant, spare: Sequence[Card]) -> tuple[Card, ...]:
    """The deck laid out by the engine's own dealing, for the hands of our own codes, whose
    deals a fixed layout cannot foresee (Baseball's extra cards, a board run twice, a double
    board): play the hand, put each card the log names where the engine dealt that card,
    and again, until every card dealt is the log's. Each round the deals agree a little
    further (the engine deals as the cards before said), so it ends."""
    holes, board, _ = _dealt_cards(phh, variant)
    scale = ChipScale.of(hand_amounts(phh))
    placed: dict[int, Card] = {}
    size = len(variant.cards)
    for _ in range(size + 1):
        deck = _fill([placed.get(position) for position in range(size)], spare)
        hand, _error = _played(phh, variant, scale, deck)
        if hand is None:
            return deck  # not dealt at all: the replay says why
        placed = _named_places(hand, deck, holes, board)
        if all(deck[position] == card for position, card in placed.items()):
            return deck
    raise PHHError("the deals of this hand do not follow the game's dealing")


def _named_places(
    hand: Hand,
    deck: Sequence[Card],
    holes: Sequence[Sequence[Card | None]],
    board: Sequence[Card | None],
) -> dict[int, Card]:
    """Deck position -> the card the log names there, for every card the hand dealt."""
    where = {card: position for position, card in enumerate(deck)}
    dealt = [0] * len(holes)
    boards = 0
    placed: dict[int, Card] = {}
    for event in hand.events:
        if not isinstance(event, CardsDealt):
            continue
        for card in event.cards:
            if event.seat is None:
                named, boards = _at(board, boards), boards + 1
            else:
                named = _at(holes[event.seat], dealt[event.seat])
                dealt[event.seat] += 1
            if named is not None:
                placed[where[card]] = named
    return placed


@dataclass(slots=True)
class _DrawDeal:
    """A draw game's log laid out in our dealing order. ``slots``: the deck's places (the
    first ``deck_size``), then those of each stub the replay gives the engine in place of
    our reshuffles (``stubs``: each one's first place and size); None: a card the log
    does not name. ``discards``: each ``sd`` action's discarded places; ``held_at``: for
    each place of a given stub dealt to a player, the places players held then."""

    slots: list[Card | None]
    deck_size: int
    discards: dict[int, list[int]] = field(default_factory=dict)
    stubs: list[tuple[int, int]] = field(default_factory=list)
    held_at: dict[int, tuple[int, ...]] = field(default_factory=dict)


def draw_discards(
    phh: PHHHand, variant: Variant, deck: Sequence[Card]
) -> dict[int, tuple[Card, ...]]:
    """A draw game's discards by action number (from 1), as cards of ``deck`` (``deck_of``'s
    layout) and of the stubs given after it (``draw_stubs``): a log may not name them
    (``??``), but it says where they were dealt."""
    if not variant.is_draw:
        return {}
    deal = _draw_deal(phh, variant)
    dealt = _dealt_order(deal, deck)
    return {index + 1: tuple(dealt[p] for p in places) for index, places in deal.discards.items()}


def draw_stubs(
    phh: PHHHand, variant: Variant, deck: Sequence[Card]
) -> tuple[tuple[Card, ...], ...]:
    """The stubs a replay gives the engine (``Hand.start``'s ``given_stubs``), one for each
    time its draws run the stub out by our rules, as many cards as our reshuffle would
    shuffle (the discards since the last one, and the stub's last card): the cards the
    log deals from it, in order, and unused ones where it names none. The record's cards
    are the truth: whoever dealt the hand reshuffled their own way (PokerKit: burns, muck
    and every discard, once its deck is empty); ours is only how the live room deals
    (docs/rules.md). So a replay reshuffles where the room would, and deals the log's
    cards."""
    if not variant.is_draw:
        return ()
    deal = _draw_deal(phh, variant)
    dealt = _dealt_order(deal, deck)
    return tuple(tuple(dealt[start : start + size]) for start, size in deal.stubs)


def _dealt_order(deal: _DrawDeal, deck: Sequence[Card]) -> tuple[Card, ...]:
    """``deck``, then the given stubs' places with cards: where the log names none, the
    deck's first card nobody holds then (one the log never names, if any is left)."""
    dealt: list[Card | None] = [*deck[: deal.deck_size], *deal.slots[deal.deck_size :]]
    named = {card for card in deal.slots if card is not None}
    for place in range(deal.deck_size, len(dealt)):
        if dealt[place] is None:
            held = {dealt[p] for p in deal.held_at.get(place, ())}
            free = [card for card in deck if card not in held]
            dealt[place] = next((card for card in free if card not in named), free[0])
    return tuple(card for card in dealt if card is not None)


def _draw_deal(phh: PHHHand, variant: Variant) -> _DrawDeal:
    """The first deal round-robin from ``p1`` (left of the button), then for each draw
    round a burn and each draw's cards, as the engine deals them, named as the log deals
    them. A discard the log does not name (``??``) is one of the seat's unnamed cards; a
    card shown at the end that the log never dealt by name fills one of the seat's
    unnamed places.

    The stub is followed by our rules (docs/rules.md): its last card is never dealt, a
    burn comes before a draw round when the stub has another, and a draw that needs the
    last card is served what the stub has left but it, then from a new stub of the
    discards so far and that last card. The replay gives the engine that stub
    (``draw_stubs``), holding the cards the log deals from it."""
    size, count = variant.hand_size, phh.player_count
    deck_size = len(variant.cards)
    deal = _DrawDeal([None] * deck_size, deck_size)
    slots = deal.slots
    held: list[list[int]] = [
        [round_ * count + seat for round_ in range(size)] for seat in range(count)
    ]
    serving: list[list[int]] = [[] for _ in range(count)]  # places drawn, to be named
    stub_start, stub_size, next_place = 0, deck_size, size * count
    pile = 0  # the discards a reshuffle would take, by our rules
    first_dealt = [0] * count
    draws, drawn = 0, set[int]()  # ``drawn``: the seats of this draw round that drew
    for index, action in enumerate(phh.actions):
        seat = action.seat
        if action.kind is PHHActionKind.STAND_PAT_OR_DISCARD:
            assert seat is not None
            left = stub_start + stub_size - next_place
            # A new round after betting, or straight after the last one when nobody could
            # bet (all in): a seat draws once a round, so drawing again starts the next.
            if not drawn or seat in drawn:
                if left >= 2:
                    next_place, left = next_place + 1, left - 1  # the burn
                draws, drawn = draws + 1, set()
            drawn.add(seat)
            deal.discards[index] = _thrown(slots, held[seat], action)
            wanted = len(action.cards)
            places = list(range(next_place, next_place + min(wanted, left - 1)))
            if wanted > left - 1:  # the stub runs out: a new one, the replay's
                rest = wanted - len(places)
                last = 1 if left >= 1 else 0  # the old stub's last card joins the pile
                stub_start, stub_size = len(slots), max(pile + last, rest)
                slots.extend([None] * stub_size)
                deal.stubs.append((stub_start, stub_size))
                places += range(stub_start, stub_start + rest)
                pile = 0
            next_place = places[-1] + 1 if places else next_place
            for place in places:
                if place >= deck_size:
                    deal.held_at[place] = tuple(p for mine in held for p in mine)
                held[seat].append(place)
            serving[seat] = places
            pile += wanted  # the discards join the pile once the draw is served
            continue
        if action.kind is not PHHActionKind.DEAL_HOLE or draws == 0:
            drawn = set()
        if action.kind is PHHActionKind.DEAL_HOLE and seat is not None:
            if draws == 0:
                for card in action.cards:
                    if first_dealt[seat] < size:
                        slots[first_dealt[seat] * count + seat] = card
                    first_dealt[seat] += 1
                continue
            for card in action.cards:
                if not serving[seat]:
                    raise PHHError(f"{action.text!r} deals more cards than p{seat + 1} threw")
                _check_free(slots, held, card, action)
                slots[serving[seat].pop(0)] = card
        elif action.kind is PHHActionKind.SHOW_OR_MUCK and seat is not None:
            _shown(slots, held[seat], action)
        elif action.kind is PHHActionKind.FOLD and seat is not None:
            held[seat] = []  # mucked: a dealer may reshuffle them
    return deal


def _check_free(
    slots: list[Card | None], held: list[list[int]], card: Card | None, action: PHHAction
) -> None:
    """A card dealt must be nobody's: a log that deals a card a player holds is wrong."""
    if card is None:
        return
    for seat, places in enumerate(held):
        if any(slots[p] == card for p in places):
            raise PHHError(f"{action.text!r} deals {card}, which p{seat + 1} holds")


def _thrown(slots: list[Card | None], held: list[int], action: PHHAction) -> list[int]:
    """The positions a discard throws (and takes out of ``held``): a named card's own, an
    unnamed one (``??``) the seat's first place the log names no card for."""
    thrown: list[int] = []
    for card in sorted(action.cards, key=lambda card: card is None):  # named ones first
        if card is not None:
            place = next((p for p in held if slots[p] == card), None)
            if place is None:
                place = next((p for p in held if slots[p] is None), None)
                if place is not None:
                    slots[place] = card
        else:
            place = next((p for p in held if slots[p] is None), None)
        if place is None:
            raise PHHError(f"{action.text!r} throws a card the player does not hold")
        held.remove(place)
        thrown.append(place)
    return thrown


def _shown(slots: list[Card | None], held: list[int], action: PHHAction) -> None:
    """A hand shown at the end names the cards of the seat's unnamed places."""
    for card in action.cards:
        if card is None or any(slots[p] == card for p in held):
            continue
        place = next((p for p in held if slots[p] is None), None)
        if place is None:
            raise PHHError(f"{action.text!r} shows {card}, which the player was not dealt")
        slots[place] = card


def _dealt_cards(
    phh: PHHHand, variant: Variant
) -> tuple[list[list[Card | None]], list[Card | None], list[int]]:
    """Each seat's hole cards and the board as the log deals and shows them, and
    for each seat the street before which it folded (``len(streets)`` if never)."""
    holes: list[list[Card | None]] = [[] for _ in range(phh.player_count)]
    board: list[Card | None] = []
    street_count = len(variant.streets)
    folded_before = [street_count] * phh.player_count
    street = 0
    for action in phh.actions:
        if action.kind is PHHActionKind.DEAL_HOLE:
            assert action.seat is not None
            holes[action.seat].extend(action.cards)
            street = max(street, _street_of(variant, len(holes[action.seat]) - 1, hole=True))
        elif action.kind is PHHActionKind.DEAL_BOARD:
            board.extend(action.cards)
            street = max(street, _street_of(variant, len(board) - 1, hole=False))
        elif action.kind is PHHActionKind.FOLD:
            assert action.seat is not None
            folded_before[action.seat] = street + 1
        elif action.kind is PHHActionKind.SHOW_OR_MUCK:
            assert action.seat is not None
            _reveal(holes[action.seat], action)
    return holes, board, folded_before


def _street_of(variant: Variant, card_index: int, *, hole: bool) -> int:
    """The street on which a seat's (or the board's) card number ``card_index`` is dealt."""
    dealt = 0
    for index, street in enumerate(variant.streets):
        dealt += street.hole_down + street.hole_up if hole else street.board
        if card_index < dealt:
            return index
    return len(variant.streets) - 1


def _reveal(hole: list[Card | None], action: PHHAction) -> None:
    for index, card in enumerate(action.cards):
        if card is None:
            continue
        if index >= len(hole):
            hole.append(card)
        elif hole[index] is None:
            hole[index] = card
        elif hole[index] != card:
            raise PHHError(f"{action.text!r} shows {card} where {hole[index]} was dealt")


def _at(cards: Sequence[Card | None], index: int) -> Card | None:
    return cards[index] if index < len(cards) else None


def _fill(
    slots: Sequence[Card | None], spare: Sequence[Card], later: Iterable[Card] = ()
) -> tuple[Card, ...]:
    """Put unused cards, in the order of ``spare``, into the unknown slots and after them;
    ``later``: cards the log deals again after a reshuffle, used last."""
    known = [card for card in slots if card is not None]
    if len(set(known)) != len(known):
        duplicate = next(card for card in known if known.count(card) > 1)
        raise PHHError(f"{duplicate} is dealt twice")
    taken, again = set(known), set(later)
    unused_cards = [card for card in spare if card not in taken]
    unused = iter(sorted(unused_cards, key=lambda card: card in again))  # a stable sort
    deck = [card if card is not None else next(unused) for card in slots]
    deck.extend(unused)
    return tuple(deck)
