"""The next hand: who is dealt in, at which game and stakes, and the shuffle.

``next_deal`` decides what ``StartHand`` would deal, before any card is shuffled
(checking a deal must not draw from the RNG: only dealing does); ``commit_deck``
shuffles and commits to the next hand's deck ahead of the deal, so that the players
can contribute to its order (``mixing``, checked by ``check_contribution``); ``deal``
deals the committed deck mixed by what they sent, or, with nothing committed ahead,
shuffles and commits at once; ``start_hand`` hands a dealt hand to the rules engine.

The hand engine (``pokernight.rules``) knows only the players dealt in, indexed
clockwise. The table's seat plan is given to it as the hand's button
(``DealPlan.hand_button``), a dead small blind (nobody posts it: the big blind
sits left of the hand's button), the players who post a big blind to be
dealt in at once, and the players who straddle (``_straddles``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from random import Random

from pokernight.cards import parse_cards, shuffled
from pokernight.commitment import deck_commitment, deck_leaves, new_salt
from pokernight.rules import BettingStructure, Hand, Stakes, Variant, variant_for
from pokernight.rules.draws import leaves_reshuffle_seed
from pokernight.rules.forced import straddle_amounts
from pokernight.rules.positions import blinds_of, straddle_seats
from pokernight.table.button import DealPlan, plan_blinds, plan_stud
from pokernight.table.errors import TableError
from pokernight.table.events import DeckCommitted, HandDealt
from pokernight.table.mixing import Contribution, contribution_value, mixed, unmixed
from pokernight.table.state import TableState


@dataclass(frozen=True, slots=True)
class NextDeal:
    """What the next hand will be, decided before any card is shuffled."""

    hand_number: int
    game: Variant
    plan: DealPlan
    level: int
    stakes: Stakes
    bomb_pot: int = 0
    straddles: tuple[int, ...] = ()  # table seats, in the order they post (``_straddles``)


def next_deal(table: TableState, now: float) -> NextDeal:
    """The hand ``StartHand`` would deal at ``now``, or a TableError saying why none can be."""
    if table.closed:
        raise TableError("table_closed")
    if table.hand is not None:
        raise TableError("hand_in_play")
    if table.closing:
        raise TableError("table_closing")
    settings = table.upcoming_settings
    number = table.hand_number + 1
    game = settings.game_for_hand(number)
    plan = _plan(table, game.is_stud, settings.seats)
    if plan is None:
        raise TableError("too_few_players")
    # Blind levels count from the first hand dealt, not from the table's opening.
    since_first = 0.0 if table.levels_started_at is None else now - table.levels_started_at
    level = settings.level_at(since_first)
    stakes = settings.stakes_for(game, level)
    bomb_pot = settings.bomb_pot_for(game, stakes, number, table.bomb_pot_called)
    straddles = () if bomb_pot else _straddles(table, game, plan, stakes)
    if len(straddles) == 1 and not stakes.straddle and straddles[0] == _under_the_gun(plan):
        # A lone straddle under the gun is the stakes' straddle, as it always was (its PHH
        # and PokerStars forms included).
        stakes, straddles = replace(stakes, straddle=2 * stakes.big_blind), ()
    return NextDeal(number, game, plan, level, stakes, bomb_pot, straddles)


def _straddles(table: TableState, game: Variant, plan: DealPlan, stakes: Stakes) -> tuple[int, ...]:
    """The table seats that straddle this hand, in order (docs/rules.md, Straddles).

    The first: under the gun, or at a Mississippi table the first seat from under the gun
    round to the button whose player chose to straddle; then re-straddles, each from the
    seat left of the last, while its player chose to, up to ``max_straddles`` (a straddle
    the stakes name counts) and never past the button. A seat straddles only if it can post
    the straddle in full (and its ante), and not while it posts a big blind to be dealt in;
    the chain stops at the first seat that does not. Fixed-limit has no re-straddle.
    """
    settings = table.upcoming_settings
    if game.is_stud or table.tournament or not settings.allows_straddles:
        return ()
    allowed = straddle_seats(len(plan.seats), plan.hand_button, _dead_small_blind(plan))
    most = settings.max_straddles
    if game.betting is BettingStructure.FIXED_LIMIT:
        most = 1
    if stakes.straddle:  # under the gun posts it: what follows are re-straddles
        allowed, most = allowed[1:], most - 1
    if not allowed or most < 1:
        return ()
    amounts = straddle_amounts(stakes, most)

    def straddles(index: int, seat: int) -> bool:
        number = plan.seats[seat]
        chosen = table.seats[number]
        needed = amounts[index] + stakes.ante
        return chosen.straddling and number not in plan.posted and chosen.stack >= needed

    if stakes.straddle or settings.straddles == "under_the_gun":
        candidates = allowed[:1]
    else:
        candidates = allowed
    first = next((seat for seat in candidates if straddles(0, seat)), None)
    if first is None:
        return ()
    chain = [first]
    later = allowed[allowed.index(first) + 1 :]
    for seat in later[: most - 1]:
        if not straddles(len(chain), seat):
            break
        chain.append(seat)
    return tuple(plan.seats[seat] for seat in chain)


def _dead_small_blind(plan: DealPlan) -> bool:
    return plan.positions.big_blind is not None and not plan.small_blind_posted


def _under_the_gun(plan: DealPlan) -> int | None:
    """The table seat under the gun (None: heads-up)."""
    _, _, seat = blinds_of(len(plan.seats), plan.hand_button, _dead_small_blind(plan), True)
    return None if seat is None else plan.seats[seat]


def deck_to_commit(table: TableState) -> int:
    """The hand whose deck ``commit_deck`` would commit, or a TableError saying why none."""
    if table.hand is not None:
        raise TableError("hand_in_play")
    number = table.hand_number + 1
    if table.committed_deck(number) is not None:
        raise TableError("deck_committed", hand=str(number))
    return number


def commit_deck(table: TableState, rng: Random, now: float) -> DeckCommitted:
    number = deck_to_commit(table)
    # The deck of the game that hand will play: short-deck hold'em deals 36 cards.
    deck = shuffled(table.upcoming_settings.game_for_hand(number).cards, rng)
    salt = new_salt(rng)
    return DeckCommitted(
        number, now, tuple(str(card) for card in deck), salt, deck_commitment(deck, salt)
    )


def check_contribution(
    table: TableState,
    player_id: str,
    *,
    hand_number: object,
    commitment: object,
    value: object,
    taken: Mapping[str, str],
) -> str:
    """The value of a player's contribution to the next hand's shuffle, or a TableError
    saying why it is refused (``taken``: the contributions to that hand so far, by player)."""
    table.seat_of(player_id)
    contribution = contribution_value(value)
    committed = table.committed_deck(table.hand_number + 1)
    if committed is None:
        raise TableError("no_commitment")
    if hand_number != committed.hand_number or commitment != committed.commitment:
        raise TableError(
            "contribution_other_hand",
            hand=str(committed.hand_number),
            commitment=committed.commitment,
        )
    if player_id in taken:
        raise TableError("contributed_already", hand=str(committed.hand_number))
    return contribution


def deal(
    table: TableState,
    upcoming: NextDeal,
    rng: Random,
    now: float,
    contributions: Sequence[tuple[str, str]] = (),
) -> HandDealt:
    committed = table.committed_deck(upcoming.hand_number)
    mixes: tuple[Contribution, ...] = ()
    cards = upcoming.game.cards
    if committed is not None and len(committed.deck) != len(cards):
        # The host changed the game after the deck was committed (a 52-card deck for a
        # short-deck hand, or the other way): that deck is not dealt, a new one is.
        committed = None
    if committed is None:
        # Nobody could contribute to a deck committed only now: the server's shuffle alone.
        deck = shuffled(cards, rng)
        salt = new_salt(rng)
        commitment, committed_at = deck_commitment(deck, salt), None
    else:
        deck, salt = parse_cards(committed.deck), committed.salt
        commitment, committed_at = committed.commitment, committed.at
        mixes = _bound_to_seats(table, contributions)
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
        deck=tuple(str(card) for card in mixed(deck, commitment, mixes)),
        salt=salt,
        commitment=commitment,
        contributions=mixes,
        committed_at=committed_at,
        bomb_pot=upcoming.bomb_pot,
        # Jacks or better to open: a Five-Card Draw option (a dealer's choice plays it in
        # those hands only).
        jacks_to_open=table.upcoming_settings.jacks_to_open
        and upcoming.game.is_draw
        and upcoming.game.showdown == "high",
        run_it_twice=table.upcoming_settings.runs_twice(upcoming.game),
        straddles=upcoming.straddles,
        double_board=bool(upcoming.bomb_pot) and table.upcoming_settings.bomb_pot_double_board,
        # Follow the Queen's house rule: in a dealer's choice, in its hands only.
        ftq_queen_carries_over=table.upcoming_settings.ftq_queen_carries_over
        and upcoming.game.follows_queen,
    )


def _bound_to_seats(
    table: TableState, contributions: Sequence[tuple[str, str]]
) -> tuple[Contribution, ...]:
    """Each contribution under the seat of its sender, in seat order; a sender who has
    left since is not mixed (their seat may hold somebody else)."""
    seats = {seat.player_id: number for number, seat in table.seats.items()}
    return tuple(
        sorted(
            Contribution(seats[player_id], value)
            for player_id, value in contributions
            if player_id in seats
        )
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
        bomb_pot=event.bomb_pot,
        reshuffle_seed=reshuffle_seed(event) if variant.is_draw else None,
        jacks_to_open=event.jacks_to_open,
        run_it_twice=event.run_it_twice,
        straddles=[event.seats.index(seat) for seat in event.straddles],
        double_board=event.double_board,
        ftq_queen_carries_over=event.ftq_queen_carries_over,
    )


def reshuffle_seed(event: HandDealt) -> bytes:
    """What orders a draw game's reshuffles (``rules.draws``): the committed deck's leaves,
    fixed by the commitment before the hand, secret until its proof publishes them, so any
    verifier recomputes every reshuffle (``hand_check``)."""
    committed = unmixed(parse_cards(event.deck), event.commitment, event.contributions)
    return leaves_reshuffle_seed(deck_leaves(committed, event.salt))


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
