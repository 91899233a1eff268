"""The next hand: who is dealt in, at which game and stakes, and the shuffle.

``next_deal`` decides what ``StartHand`` would deal, before any card is shuffled
(checking a deal must not draw from the RNG: only dealing does); ``deal`` shuffles
and commits to the deck; ``start_hand`` hands a dealt hand to the rules engine.

The hand engine (``pokernight.rules``) knows only the players dealt in, indexed
clockwise. The table's seat plan is given to it as the hand's button
(``DealPlan.hand_button``), a dead small blind (nobody posts it: the big blind
sits left of the hand's button) and the players who post a big blind to be
dealt in at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from pokernight.cards import full_deck, parse_cards, shuffled
from pokernight.commitment import deck_commitment, new_salt
from pokernight.rules import Hand, Stakes, Variant, variant_for
from pokernight.table.button import DealPlan, plan_blinds, plan_stud
from pokernight.table.errors import TableError
from pokernight.table.events import HandDealt
from pokernight.table.state import TableState


@dataclass(frozen=True, slots=True)
class NextDeal:
    """What the next hand will be, decided before any card is shuffled."""

    hand_number: int
    game: Variant
    plan: DealPlan
    level: int
    stakes: Stakes


def next_deal(table: TableState, now: float) -> NextDeal:
    """The hand ``StartHand`` would deal at ``now``, or a TableError saying why none can be."""
    if table.closed:
        raise TableError("the table is closed: the game is over")
    if table.hand is not None:
        raise TableError("a hand is being played")
    if table.closing:
        raise TableError("the table is closing")
    settings = table.upcoming_settings
    number = table.hand_number + 1
    game = settings.game_for_hand(number)
    plan = _plan(table, game.is_stud, settings.seats)
    if plan is None:
        raise TableError("at least two players with chips must be sitting in")
    # Blind levels count from the first hand dealt, not from the table's opening.
    since_first = 0.0 if table.levels_started_at is None else now - table.levels_started_at
    level = settings.level_at(since_first)
    return NextDeal(number, game, plan, level, settings.stakes_for(game, level))


def deal(table: TableState, upcoming: NextDeal, rng: Random, now: float) -> HandDealt:
    deck = shuffled(full_deck(), rng)
    salt = new_salt(rng)
    plan = upcoming.plan
    return HandDealt(
        hand_number=upcoming.hand_number,
        at=now,
        variant=upcoming.game.key,
        betting=upcoming.game.betting.value,
        level=upcoming.level,
        stakes=upcoming.stakes,
        seats=plan.seats,
        stacks=tuple(table.seats[seat].stack for seat in plan.seats),
        button=plan.positions.button,
        small_blind=plan.positions.small_blind,
        big_blind=plan.positions.big_blind,
        posted=plan.posted,
        hand_button=plan.hand_button,
        deck=tuple(str(card) for card in deck),
        salt=salt,
        commitment=deck_commitment(deck, salt),
    )


def start_hand(event: HandDealt) -> Hand:
    variant = variant_for(event.variant, event.betting)
    deck = parse_cards(event.deck)
    return Hand.start(
        variant,
        event.stakes,
        event.stacks,
        event.hand_button,
        deck,
        dead_small_blind=event.big_blind is not None and event.small_blind not in event.seats,
        posted_big_blinds=[event.seats.index(seat) for seat in event.posted],
    )


def _plan(table: TableState, stud: bool, seat_count: int) -> DealPlan | None:
    seats = table.seats
    # A tournament blinds away whoever sits out: everybody with chips is dealt in.
    players = sorted(
        number
        for number, seat in seats.items()
        if seat.stack > 0 and (table.tournament or not seat.sitting_out)
    )
    if stud:
        return plan_stud(table.positions, players)
    waiting = {number for number in players if seats[number].waiting}
    posting = {number for number in waiting if seats[number].posting}
    return plan_blinds(
        table.positions, players, waiting, posting, seat_count, deal_waiting=table.tournament
    )
