"""Play the same random hand through our engine and PokerKit 0.7.7, step by step.

Our engine chooses nothing: a seeded ``random.Random`` picks each action among
the ones OUR ``legal_actions()`` offers (fold, check, call, bring-in, the
minimum raise, the maximum, or a random size between). Before every action the
two engines must agree on who acts and on every option; between betting rounds
they must agree on every pot; at the end, on every final stack.

PokerKit is told the cards our engine dealt and burnt (read from our events), so
both play with the same cards. Seats map one to one: our seat ``i`` is
PokerKit's player ``i``; the button is the last seat, so seat 0 is the small
blind (heads-up: the big blind) as in PokerKit.

Where docs/rules.md differs from PokerKit, the check asserts OUR rule (each in a
function below that says so), then play goes on with actions both accept:

- fixed-limit cap: one bet and three raises, counting full ones only (the big
  blind is the bet), lifted as soon as the action is heads-up before the cap;
- fixed-limit half-bet rule: an all-in of half a bet or more is a full bet or
  raise; facing less, a player completes to a full bet instead of raising over
  it; in Seven-Card Stud an open pair on fourth street allows the big bet;
- short all-ins reopen the betting only when together they make a full raise
  over what the player facing them put in;
- each pot is split on its own; odd chips one each from the first winner left
  of the button (stud: highest card by suit);
- a stud deck that runs short deals one community card (PokerKit reshuffles
  the muck): the comparison stops there;
- a check that can change nothing (at most one player has chips and faces no
  bet) is asked by PokerKit when the others went all-in during the round; our
  engine ends the round: the check is made in PokerKit alone;
- draw games: each player discards and is served in turn (Robert's Rules), where
  PokerKit takes every discard and then deals: both get the same discards and the
  same replacements, in the same order. When the stub runs out we reshuffle the
  discards and the stub's last card, PokerKit its burns, mucked hands and discards: it
  warns that our replacements are not the ones it "recommends", a warning ignored by
  name (``_THEIR_RESHUFFLE``); and it is told of burns as unknown cards ("??"), which
  never reach a hand.

Run it twice (``Table.run_it_twice``): PokerKit asks for the number of runouts only in
its cash-game mode, where it also lets a player fold facing no bet (with a warning): its
folds are read with warnings as refusals, as in its tournament mode. Ours asks the live
players in turn and stops at the first "once"; PokerKit asks them all: once ours is
settled, PokerKit is told each answer given, and "no preference" for the players ours
did not need to ask. Both deal the first run, then the second from the same deck.

Double-board bomb pots (``Table.bomb_pot``, ``double_board``): PokerKit has no bomb pot,
so it is dealt the same antes, no blinds and two boards, and everybody checks its first
round, which ours does not have; from the flop on both bet alike.

Big-blind antes are generated (both engines keep them as dead money in the main
pot), but never with a big blind too short to cover blind and ante: there TDA
posts the blind first and PokerKit the ante (``test_rules_antes`` checks ours).
Not generated: straddles (PokerKit counts a straddle as a raise of the
difference, so its minimum re-raise differs), and a big blind or a bring-in
all-in for less than its amount (ours does not lower the bet, PokerKit's does):
``test_rules_betting`` asserts our rule for each.
"""

from __future__ import annotations

import random
import warnings
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from pokerkit import (
    Automation,
    BadugiHand,
    BoardCombinationHand,
    CombinationHand,
    FixedLimitBadugi,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    FixedLimitPokerMixin,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    FixedLimitTexasHoldem,
    HandHistory,
    HoleBoardCombinationHand,
    Mode,
    NoLimitShortDeckHoldem,
    NoLimitTexasHoldem,
    PotLimitOmahaHoldem,
    State,
)
from pokerkit import Card as PokerKitCard

from pokernight.cards import Card, Rank, shuffled
from pokernight.evaluate.eight_low import eight_low_value, omaha_eight_low_value
from pokernight.rules import VARIANTS, BettingStructure, Hand, Stakes
from pokernight.rules.events import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    BringInPosted,
    CardsDealt,
    CardsDrawn,
    CardsShown,
    Event,
    HandStarted,
    PotAwarded,
    StreetStarted,
)
from pokernight.rules.pots import Pot, compute_pots


def _remember_pokerkits_hands() -> None:
    """PokerKit judges a hand from a game again each time it is asked (whether a player can
    still win, then the showdown, for every pot): in Omaha hi-lo that was nine tenths of
    the differential's time. Its own answer is kept, per class, hole and board, so the
    oracle stays PokerKit's and is asked once; a ValueError (no hand, no qualifying low)
    is kept and raised again the same way."""
    # The draw games' hands too: 2-7 lows (a CombinationHand) and badugi (issue 22).
    for owner in (BoardCombinationHand, HoleBoardCombinationHand, CombinationHand, BadugiHand):
        judge = owner.__dict__["from_game"].__func__
        answers: dict[tuple[object, ...], object] = {}

        def from_game(
            cls: type,
            hole_cards: Any,
            board_cards: Any = (),
            *,
            judge: Any = judge,
            answers: dict[tuple[object, ...], object] = answers,
        ) -> object:
            hole, board = PokerKitCard.clean(hole_cards), PokerKitCard.clean(board_cards)
            key = (cls, tuple(hole), tuple(board))
            if key not in answers:
                try:
                    answers[key] = judge(cls, hole, board)
                except ValueError as error:
                    answers[key] = error
            answer = answers[key]
            if isinstance(answer, ValueError):
                raise ValueError(*answer.args)
            return answer

        owner.from_game = classmethod(from_game)  # type: ignore[method-assign,assignment]


_remember_pokerkits_hands()

AUTOMATIONS: Final = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
DIFFERENTIAL_VARIANTS: Final = (
    *("nlhe", "plo", "flhe", "stud", "razz", "plo8", "o8", "stud8"),
    "nlsd",
    *("27td", "badugi"),
)
_THEIR_RESHUFFLE: Final = ("A card being dealt", "Returning reserved")
"""The starts of PokerKit's warnings for a card dealt that its own reshuffle would not
give, and for its reshuffle of the muck, burns and discards."""

# PokerKit 0.7.7's "FixedLimitOmahaHoldemHighLowSplitEightOrBetter" bets pot-limit (it
# takes PotLimitPokerMixin): with one minimum bet for every street it is Pot-Limit Omaha
# Hi-Lo, and with the fixed-limit mixin first it is the fixed-limit game its name says.
PotLimitOmahaEight = FixedLimitOmahaHoldemHighLowSplitEightOrBetter


class FixedLimitOmahaEight(FixedLimitPokerMixin, FixedLimitOmahaHoldemHighLowSplitEightOrBetter):
    """Fixed-Limit Omaha Hi-Lo, eight or better: one bet and three raises a round."""


@dataclass(frozen=True, slots=True)
class Table:
    """One random hand's set-up."""

    variant_key: str
    stakes: Stakes
    stacks: tuple[int, ...]
    deck: tuple[Card, ...]
    run_it_twice: bool = False
    bomb_pot: int = 0  # every player's ante, no blinds, no betting before the flop
    double_board: bool = False  # a bomb pot's option

    @property
    def button(self) -> int:
        return len(self.stacks) - 1


@dataclass(frozen=True, slots=True)
class Options:
    """What the player to act may do, in terms both engines can answer."""

    seat: int
    can_fold: bool
    call_amount: int | None  # chips added by checking (0) or calling; None: neither allowed
    bring_in_amount: int | None
    min_raise_to: int | None
    max_raise_to: int | None


def random_table(variant_key: str, rng: random.Random) -> Table:
    """Random stakes and stacks, many of them short so that all-ins and side pots abound."""
    variant = VARIANTS[variant_key]
    if variant.is_stud:
        players = rng.randint(2, variant.max_players)
        stakes = Stakes(ante=rng.choice((0, 1, 1, 2)), bring_in=2, small_bet=5, big_bet=10)
        unit = stakes.small_bet
    else:
        players = rng.randint(2, min(9, variant.max_players))
        stakes = _random_blinds(variant.betting, players, rng)
        unit = stakes.big_blind
    stacks = [_random_stack(unit, rng) for _ in range(players)]
    if variant.is_stud:
        # A bring-in all-in for less does not lower it (docs/rules.md; PokerKit lowers it):
        # ``test_rules_betting`` checks ours, so every stack covers ante and bring-in here.
        least = stakes.ante + stakes.bring_in + 1
        stacks = [max(stack, least) for stack in stacks]
    else:
        # Nor does a big blind all-in for less (TDA): the big blind covers blind and ante.
        big_blind = 0 if players == 2 else 1
        least = stakes.ante + stakes.big_blind + stakes.big_blind_ante
        stacks[big_blind] = max(stacks[big_blind], least)
    return Table(variant_key, stakes, tuple(stacks), shuffled(variant.cards, rng))


def _random_blinds(betting: BettingStructure, players: int, rng: random.Random) -> Stakes:
    small_blind = rng.choice((1, 1, 2, 5))
    big_blind = 2 * small_blind
    roll = rng.random()
    ante = small_blind if roll < 0.2 else 0
    big_blind_ante = big_blind if 0.2 <= roll < 0.4 else 0
    fixed = betting is BettingStructure.FIXED_LIMIT
    return Stakes(
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        big_blind_ante=big_blind_ante,
        small_bet=big_blind if fixed else 0,
        big_bet=2 * big_blind if fixed else 0,
    )


def _random_stack(unit: int, rng: random.Random) -> int:
    kind = rng.random()
    if kind < 0.25:
        return rng.randint(1, 3 * unit)
    if kind < 0.7:
        return rng.randint(unit, 25 * unit)
    return rng.randint(25 * unit, 150 * unit)


def pokerkit_state(table: Table) -> State:
    """The same hand in PokerKit, before any card is dealt.

    Antes are the same for everybody, or paid by the big blind alone. Equal antes
    PokerKit "trims" (layers into side pots like any other chip), which comes to the
    same as our dead antes at the bottom of the main pot; a big-blind ante (PokerKit's
    player 1, heads-up too) it keeps untrimmed, as dead money in the main pot.
    """
    stakes, stacks, players = table.stakes, list(table.stacks), len(table.stacks)
    # Only the cash-game mode asks for runouts; the tournament mode is the default.
    mode = Mode.CASH_GAME if table.run_it_twice else Mode.TOURNAMENT
    extra: dict[str, Any] = {
        "mode": mode,
        "starting_board_count": 2 if table.double_board else 1,
    }
    trimming = not stakes.big_blind_ante
    antes: int | dict[int, int] = {1: stakes.big_blind_ante} if not trimming else stakes.ante
    blinds = (stakes.small_blind, stakes.big_blind)
    if table.bomb_pot:
        # PokerKit has no bomb pot: the same antes, no blinds, and a first round in which
        # everybody checks (``play_both``); then both engines bet the flop alike.
        antes, blinds, trimming = table.bomb_pot, (0, 0), True
    stud = (stakes.ante, stakes.bring_in, stakes.small_bet, stakes.big_bet, stacks, players)
    factories: dict[str, Callable[[], State]] = {
        "nlhe": lambda: NoLimitTexasHoldem.create_state(
            AUTOMATIONS, trimming, antes, blinds, stakes.minimum_bet(), stacks, players, **extra
        ),
        "plo": lambda: PotLimitOmahaHoldem.create_state(
            AUTOMATIONS, trimming, antes, blinds, stakes.minimum_bet(), stacks, players, **extra
        ),
        "flhe": lambda: FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, trimming, antes, blinds, *stud[2:]
        ),
        "stud": lambda: FixedLimitSevenCardStud.create_state(AUTOMATIONS, True, *stud),
        "razz": lambda: FixedLimitRazz.create_state(AUTOMATIONS, True, *stud),
        "plo8": lambda: PotLimitOmahaEight.create_state(
            AUTOMATIONS,
            trimming,
            antes,
            blinds,
            *(stakes.minimum_bet(),) * 2,
            stacks,
            players,
            **extra,
        ),
        "o8": lambda: FixedLimitOmahaEight.create_state(
            AUTOMATIONS, trimming, antes, blinds, *stud[2:]
        ),
        "stud8": lambda: FixedLimitSevenCardStudHighLowSplitEightOrBetter.create_state(
            AUTOMATIONS, True, *stud
        ),
        # Short-deck with the room's blinds (docs/rules.md, Short-deck hold'em), not
        # PokerKit's usual antes and button blind: the hand ranking is what is compared.
        "nlsd": lambda: NoLimitShortDeckHoldem.create_state(
            AUTOMATIONS, trimming, antes, blinds, stakes.minimum_bet(), stacks, players, **extra
        ),
        "27td": lambda: FixedLimitDeuceToSevenLowballTripleDraw.create_state(
            AUTOMATIONS, trimming, antes, blinds, *stud[2:]
        ),
        "badugi": lambda: FixedLimitBadugi.create_state(
            AUTOMATIONS, trimming, antes, blinds, *stud[2:]
        ),
    }
    return factories[table.variant_key]()


def pokerkit_options(state: State) -> Options | None:
    seat = state.actor_index
    if seat is None:
        return None
    with warnings.catch_warnings():
        # The cash-game mode (run it twice) warns of a fold facing no bet; ours refuses it.
        warnings.simplefilter("error", UserWarning)
        can_fold = state.can_fold()
    return Options(
        seat=seat,
        can_fold=can_fold,
        call_amount=state.checking_or_calling_amount if state.can_check_or_call() else None,
        bring_in_amount=state.effective_bring_in_amount if state.can_post_bring_in() else None,
        min_raise_to=state.min_completion_betting_or_raising_to_amount,
        max_raise_to=state.max_completion_betting_or_raising_to_amount,
    )


def our_options(hand: Hand) -> Options | None:
    legal = hand.legal_actions()
    if legal is None:
        return None
    seat = legal.seat
    can_check_or_call = legal.can_check or legal.call_amount > 0
    return Options(
        seat=seat,
        can_fold=legal.can_fold,
        call_amount=legal.call_amount if can_check_or_call else None,
        bring_in_amount=legal.bring_in_amount if legal.can_bring_in else None,
        min_raise_to=legal.min_raise_to,
        max_raise_to=legal.max_raise_to,
    )


def deal_pending(state: State, hand: Hand) -> None:
    """Give PokerKit the cards our engine dealt (and burnt), wherever PokerKit waits for
    some; stop where our engine has dealt nothing yet (the next comparison says why)."""
    if hand.variant.is_draw:
        with warnings.catch_warnings():
            for message in _THEIR_RESHUFFLE:
                warnings.filterwarnings("ignore", message, UserWarning)
            _deal_pending_draw(state, hand)
        return
    holes, board, burnt = dealt_cards(hand)
    while True:
        if state.can_burn_card():
            if len(burnt) <= len(state.burn_cards):
                return
            state.burn_card(str(burnt[len(state.burn_cards)]))
        elif state.can_deal_hole():
            seat = state.hole_dealee_index
            assert seat is not None
            dealt = len(state.hole_cards[seat])
            if len(holes[seat]) <= dealt:
                return
            state.deal_hole(str(holes[seat][dealt]), seat)
        elif state.can_deal_board():
            # Every board card dealt so far, the second run's too, in the order dealt.
            dealt = sum(len(cards) for cards in state.board_cards)
            count = state.board_dealing_count
            assert count is not None
            if len(board) < dealt + count:
                return
            state.deal_board("".join(str(card) for card in board[dealt : dealt + count]))
        else:
            return


def _deal_pending_draw(state: State, hand: Hand) -> None:
    """Draw games: the first deal as our engine dealt it, then each draw's replacements;
    burns as unknown cards (where our stub has its last card only, we burn none)."""
    served: dict[tuple[int, int], tuple[Card, ...]] = {}
    first: dict[int, list[Card]] = defaultdict(list)
    street = 0
    for event in hand.events:
        if isinstance(event, StreetStarted):
            street = event.index
        elif isinstance(event, CardsDealt) and event.seat is not None:
            first[event.seat].extend(event.cards)
        elif isinstance(event, CardsDrawn):
            served[street, event.seat] = event.drawn
    while True:
        if state.can_burn_card():
            state.burn_card("??")
        elif state.can_deal_hole():
            seat = state.hole_dealee_index
            assert seat is not None and state.street_index is not None
            if state.street_index == 0:
                cards: Sequence[Card] = first[seat]
                dealt = len(state.hole_cards[seat])
            else:
                cards = served.get((state.street_index, seat), ())
                dealt = len(cards) - len(state.hole_dealing_statuses[seat])
            if len(cards) <= dealt:
                return
            # A draw's replacements in one go (PokerKit deals each call's cards to one seat).
            last = dealt + 1 if state.street_index == 0 else len(cards)
            state.deal_hole("".join(map(str, cards[dealt:last])), seat)
        else:
            return


def _draw_both(hand: Hand, state: State, seat: int, rng: random.Random) -> Hand:
    """A random draw (often none, often all) made in both engines, in the same turn."""
    held = hand.hole(seat)
    count = rng.choice((0, 0, rng.randint(0, len(held)), len(held)))
    discards = tuple(rng.sample(held, count))
    assert state.stand_patter_or_discarder_index == seat, (
        f"we draw for {seat}, PokerKit for {state.stand_patter_or_discarder_index}"
    )
    state.stand_pat_or_discard("".join(map(str, discards)))
    return hand.draw(seat, discards)


def dealt_cards(hand: Hand) -> tuple[dict[int, list[Card]], list[Card], list[Card]]:
    """Each seat's cards, the board's and the burnt cards, in the order our engine dealt them.

    The engine takes cards from the top of its deck in order (``rules.dealing``),
    so the burnt cards are the ones passed over at each ``StreetStarted`` that burns.
    """
    holes: dict[int, list[Card]] = defaultdict(list)
    board: list[Card] = []
    burnt: list[Card] = []
    position = 0
    for event in hand.events:
        if isinstance(event, StreetStarted) and event.burn:
            burnt.append(hand.deck[position])
            position += 1
        elif isinstance(event, CardsDealt):
            (board if event.seat is None else holes[event.seat]).extend(event.cards)
            position += len(event.cards)
    return holes, board, burnt


@dataclass(slots=True)
class StreetBetting:
    """The betting of the current street as docs/rules.md counts it, read from our events.

    ``level`` is the highest street total; ``full_level`` the total set by the last
    full bet or raise; ``increment`` what a raise must add; ``full_bets`` the full
    bets and raises so far (a big blind counts) for the fixed-limit cap; ``acted_at``
    each seat's street total after its last action.
    """

    full_bet: int
    fixed: bool
    level: int = 0
    full_level: int = 0
    increment: int = 0
    full_bets: int = 0
    lifted: bool = False
    acted_at: dict[int, int] = field(default_factory=dict)

    @classmethod
    def of(cls, hand: Hand) -> StreetBetting:
        events = hand.events
        start = max(i for i, event in enumerate(events) if isinstance(event, StreetStarted))
        street = hand.variant.streets[hand.street_index]
        fixed = hand.variant.betting is BettingStructure.FIXED_LIMIT
        full_bet = hand.stakes.fixed_bet(street.bets_big) if fixed else hand.stakes.minimum_bet()
        betting = cls(full_bet, fixed, increment=full_bet)
        chips = _Chips(events[0])
        cap = hand.stakes.raise_cap
        for index, event in enumerate(events):
            chips.record(event)
            if index < start:
                continue
            betting.record(event)
            # docs/rules.md: heads-up before the cap (two players with chips) lifts it for good.
            if cap is not None and chips.active() <= 2 and betting.full_bets < cap:
                betting.lifted = True
        return betting

    def record(self, event: Event) -> None:
        if isinstance(event, BlindPosted) and event.kind == "big":
            self.level = max(self.level, event.amount)
            self.full_level, self.full_bets = self.level, 1
        elif isinstance(event, BlindPosted | BringInPosted):
            self.level = max(self.level, event.amount)
            if isinstance(event, BringInPosted):
                self.acted_at[event.seat] = event.amount
        elif isinstance(event, ActionTaken):
            to = event.amount if event.amount is not None else self.level
            if event.kind == "bet_or_raise" and self._full(to):
                self.full_level, self.full_bets = to, self.full_bets + 1
                self.increment = self.increment if self.fixed else to - self.level
            self.level = max(self.level, to)
            self.acted_at[event.seat] = to

    def _full(self, to: int) -> bool:
        """docs/rules.md: fixed-limit, half a bet or more over the last full bet counts as a
        full bet or raise (Robert's Rules, betting 6); else the full increment over the
        level."""
        if self.fixed:
            return 2 * (to - self.full_level) >= self.increment
        return to - self.level >= self.increment


class _Chips:
    """Each seat's stack and whether it folded, event by event (for who has chips left)."""

    def __init__(self, started: Event) -> None:
        assert isinstance(started, HandStarted)
        self.stacks = list(started.stacks)
        self.bets = [0] * len(self.stacks)
        self.folded = [False] * len(self.stacks)

    def record(self, event: Event) -> None:
        if isinstance(event, StreetStarted):
            self.bets = [0] * len(self.stacks)
        elif isinstance(event, AntePosted):
            self.stacks[event.seat] -= event.amount
        elif isinstance(event, BlindPosted):
            self._bet(event.seat, self.bets[event.seat] + event.amount)
        elif isinstance(event, BringInPosted):
            self._bet(event.seat, event.amount)
        elif isinstance(event, ActionTaken):
            if event.kind == "fold":
                self.folded[event.seat] = True
            elif event.amount is not None:
                self._bet(event.seat, event.amount)

    def _bet(self, seat: int, to: int) -> None:
        self.stacks[seat] -= to - self.bets[seat]
        self.bets[seat] = to

    def active(self) -> int:
        return sum(1 for s, f in zip(self.stacks, self.folded, strict=True) if s and not f)


@dataclass(frozen=True, slots=True)
class BothPlayed:
    """One hand as both engines played it: ours, PokerKit's, and how many runs."""

    hand: Hand
    state: State
    runs: int


def play_both(table: Table, rng: random.Random) -> int:
    """Play one hand through both engines, asserting they agree at every step; how many
    times the board was run."""
    return play_both_engines(table, rng).runs


def play_both_engines(table: Table, rng: random.Random) -> BothPlayed:
    """``play_both``, keeping both engines' hands (PokerKit's records the hand as PHH:
    ``pokerkit_phh``)."""
    variant = VARIANTS[table.variant_key]
    hand = Hand.start(
        variant, table.stakes, table.stacks, table.button, table.deck,
        run_it_twice=table.run_it_twice, bomb_pot=table.bomb_pot,
        double_board=table.double_board,
    )  # fmt: skip
    state = pokerkit_state(table)
    deal_pending(state, hand)
    if table.bomb_pot:  # PokerKit's first round, which ours does not have: all check
        while state.street_index == 0 and state.can_check_or_call():
            assert state.checking_or_calling_amount == 0
            state.check_or_call()
        deal_pending(state, hand)
    street = hand.street_index
    runs: dict[int, int] = {}
    while True:
        _skip_pointless_check(hand, state)
        legal = hand.legal_actions()
        if legal is not None and legal.can_draw:
            hand = _draw_both(hand, state, legal.seat, rng)
            deal_pending(state, hand)
            continue
        if legal is not None and legal.can_choose_runs:
            runs[legal.seat] = 2 if rng.random() < 0.8 else 1
            hand = hand.choose_runs(legal.seat, runs[legal.seat])
            _tell_pokerkit_the_runs(hand, state, runs)
            continue
        if (ours := our_options(hand)) is None:
            break
        if hand.street_index != street:
            street = hand.street_index
            assert_same_pots(hand, state)
            if _community_card_dealt(hand, state):
                return BothPlayed(hand, state, 1)
        theirs = pokerkit_options(state)
        assert theirs is not None, f"we expect {ours}, PokerKit expects nobody (street {street})"
        hand = _act(hand, state, agreed_options(hand, ours, theirs), rng)
        deal_pending(state, hand)
    assert hand.is_over, "nobody is to act but the hand is not over"
    if _community_card_dealt(hand, state):
        return BothPlayed(hand, state, 1)
    assert not state.status, f"our hand is over, PokerKit still expects {state.actor_index}"
    assert_same_awards(hand, state)
    return BothPlayed(hand, state, hand.runs)


def _tell_pokerkit_the_runs(hand: Hand, state: State, runs: dict[int, int]) -> None:
    """Once our players settled how many runs, PokerKit's selectors answer the same (no
    preference for those ours did not ask); then it is dealt what ours dealt."""
    legal = hand.legal_actions()
    if legal is not None and legal.can_choose_runs:
        return
    assert state.can_select_runout_count(), "we asked for runs, PokerKit asks nobody"
    while state.can_select_runout_count():
        seat = next(state.runout_count_selector_indices)
        state.select_runout_count(runs.get(seat))
    assert (state.runout_count or 1) == hand.runs, (state.runout_count, hand.runs)
    deal_pending(state, hand)


def _skip_pointless_check(hand: Hand, state: State) -> None:
    """docs/rules.md: when at most one player has chips and faces no bet, the betting round
    ends. PokerKit still asks that player to check when the others went all-in during
    the round: the check (which can change nothing) is made in PokerKit alone."""
    theirs = pokerkit_options(state)
    if theirs is None or theirs != Options(theirs.seat, False, 0, None, None, None):
        return
    ours = our_options(hand)
    if ours is None or ours.seat != theirs.seat or hand.is_drawing:
        players = zip(state.statuses, state.stacks, strict=True)
        with_chips = sum(1 for live, stack in players if live and stack)
        assert with_chips <= 1, f"{theirs} is not pointless: {with_chips} players have chips"
        state.check_or_call()
        deal_pending(state, hand)


def _community_card_dealt(hand: Hand, state: State) -> bool:
    """docs/rules.md: when the deck cannot give every live stud player a seventh card, one
    community card is dealt instead; PokerKit reshuffles the burnt and mucked cards to
    deal them all. The engines part ways there, so the comparison stops (after checking
    that the deck really ran short)."""
    if not (hand.variant.is_stud and hand.board):
        return False
    live = hand.folded.count(False)
    assert len(state.deck_cards) < live, f"community card with {len(state.deck_cards)} left"
    return True


def agreed_options(hand: Hand, ours: Options, theirs: Options) -> Options:
    """Assert the two engines offer the same options, except where docs/rules.md differs from
    PokerKit (then OUR rule is asserted); return the options both engines accept."""
    without_raise = replace(ours, min_raise_to=None, max_raise_to=None)
    assert without_raise == replace(theirs, min_raise_to=None, max_raise_to=None), (
        f"options differ: ours {ours}, PokerKit {theirs}"
    )
    our_range = (ours.min_raise_to, ours.max_raise_to)
    their_range = (theirs.min_raise_to, theirs.max_raise_to)
    if our_range == their_range:
        return ours
    betting = StreetBetting.of(hand)
    explained = (
        _cap_lifted_or_counted_our_way(hand, betting, ours, theirs)
        or _short_all_ins_reopen_our_way(betting, ours, theirs)
        or _fixed_limit_amounts_our_way(hand, betting, ours)
    )
    assert explained, f"raise sizes differ: ours {our_range}, PokerKit {their_range}"
    return without_raise


def _cap_lifted_or_counted_our_way(
    hand: Hand, betting: StreetBetting, ours: Options, theirs: Options
) -> bool:
    """docs/rules.md: a cap of one bet and three raises, counting full bets and raises only
    (the big blind is the first bet; an all-in of less than half a bet is no raise),
    lifted as soon as the action is heads-up before the cap. PokerKit counts its own
    way and never lifts it."""
    cap = hand.stakes.raise_cap
    if hand.variant.betting is not BettingStructure.FIXED_LIMIT or cap is None:
        return False
    lifted = betting.lifted
    if ours.min_raise_to is None:
        return not lifted and betting.full_bets >= cap
    return theirs.min_raise_to is None and (lifted or betting.full_bets < cap)


def _short_all_ins_reopen_our_way(betting: StreetBetting, ours: Options, theirs: Options) -> bool:
    """docs/rules.md (TDA): short all-ins reopen the betting for a player who already acted
    only when, together, they make at least a full raise over what that player put in.
    PokerKit counts them its own way: it sometimes reopens on less, sometimes not on
    more."""
    acted_at = betting.acted_at.get(ours.seat)
    if acted_at is None or acted_at < betting.full_level:
        return False  # not acted yet, or a full raise since: no short all-in question
    if betting.level - acted_at >= betting.increment:
        return ours.min_raise_to is not None and theirs.min_raise_to is None
    return ours.min_raise_to is None and theirs.min_raise_to is not None


def _fixed_limit_amounts_our_way(hand: Hand, betting: StreetBetting, ours: Options) -> bool:
    """docs/rules.md, fixed-limit: a bet or raise goes one bet over the last full one, so facing
    an all-in of less than half a bet the player completes it (bets of 10, an all-in for
    4: complete to 10, not raise to 14); in Seven-Card Stud an open pair on fourth street
    allows the big bet too. PokerKit raises over the all-in and knows no open pair."""
    if not betting.fixed or ours.min_raise_to is None or ours.max_raise_to is None:
        return False
    seat = ours.seat
    all_in = hand.bets[seat] + hand.stacks[seat]
    low = min(betting.full_level + betting.increment, all_in)
    high = low
    if _open_pair_on_fourth(hand) and betting.increment < hand.stakes.fixed_bet(True):
        high = min(betting.full_level + hand.stakes.fixed_bet(True), all_in)
    return (ours.min_raise_to, ours.max_raise_to) == (low, high)


def _open_pair_on_fourth(hand: Hand) -> bool:
    if hand.variant.key != "stud" or hand.street_index != 1:
        return False
    up: dict[int, list[Card]] = defaultdict(list)
    for event in hand.events:
        if isinstance(event, CardsDealt) and event.face_up and event.seat is not None:
            up[event.seat].extend(event.cards)
    return any(
        len(cards) == 2 and cards[0].rank == cards[1].rank and not hand.folded[seat]
        for seat, cards in up.items()
    )


def _act(hand: Hand, state: State, options: Options, rng: random.Random) -> Hand:
    """One random action among ``options``, done in both engines."""
    seat = options.seat
    choices: list[tuple[str, int | None]] = []
    if options.can_fold:
        choices.append(("fold", None))
    if options.call_amount is not None:
        choices.extend([("check_or_call", None)] * 3)
    if options.bring_in_amount is not None:
        choices.extend([("bring_in", None)] * 2)
    if options.min_raise_to is not None and options.max_raise_to is not None:
        low, high = options.min_raise_to, options.max_raise_to
        choices.extend([("raise", low), ("raise", high), ("raise", rng.randint(low, high))])
    kind, amount = rng.choice(choices)
    if kind == "fold":
        state.fold()
        return hand.fold(seat)
    if kind == "check_or_call":
        state.check_or_call()
        return hand.check_or_call(seat)
    if kind == "bring_in":
        state.post_bring_in()
        return hand.bring_in(seat)
    assert amount is not None
    state.complete_bet_or_raise_to(amount)
    return hand.bet_or_raise(seat, amount)


def assert_same_pots(hand: Hand, state: State) -> None:
    """Between betting rounds: the same pots (pots with the same players merged)."""
    ours = _merged((pot.amount, pot.eligible) for pot in hand.pots)
    theirs = _merged((pot.amount, frozenset(pot.player_indices)) for pot in state.pots)
    assert ours == theirs, f"pots differ: ours {ours}, PokerKit {theirs}"


def _merged(pots: Any) -> dict[frozenset[int], int]:
    merged: dict[frozenset[int], int] = defaultdict(int)
    for amount, eligible in pots:
        merged[frozenset(eligible)] += amount
    return dict(merged)


def assert_same_awards(hand: Hand, state: State) -> None:
    """The same final stacks, but for odd chips split the docs/rules.md way.

    PokerKit adds up the pots that the same players win before splitting them and
    gives every odd chip to the winner with the lowest index. docs/rules.md splits each pot
    on its own and gives its odd chips one each, in turn, from the first winner left of
    the button (board games: seat 0 onwards here) or, in stud games, from the winner
    with the highest card by suit among the cards shown (Razz: the lowest, aces low).
    So: every pot split our way,
    the same total for each group of players who split a pot, the same stack for
    everybody else.

    Hi-lo games: a pot's high and low winners share it, so they are one group too. And
    where a side pot's players hold no qualifying low but a player outside it does,
    PokerKit still cuts that pot in halves and shares the low half among the pot's
    players (none has a low, so all "tie" at none); docs/rules.md (Robert's Rules) gives
    the high hand the whole pot. The players of such a pot are one group too.
    """
    final = hand.final_stacks
    assert final is not None
    groups: list[set[int]] = []  # players linked by the pots they split
    for award in (event for event in hand.events if isinstance(event, PotAwarded)):
        assert_split_our_way(hand, award)
        if len(award.winners) > 1:
            _link(groups, {seat for seat, _ in award.winners})
    for eligible in _pots_pokerkit_halves_without_a_low(hand):
        _link(groups, set(eligible))
    for shared in _pots_shared_by_the_runs(hand):
        _link(groups, shared)
    for group in groups:
        ours, theirs = [final[s] for s in group], [state.stacks[s] for s in group]
        assert sum(ours) == sum(theirs), f"seats {group} end with {ours}, PokerKit {theirs}"
    splitters = set().union(*groups)
    others = [seat for seat in range(len(final)) if seat not in splitters]
    ours, theirs = [final[s] for s in others], [state.stacks[s] for s in others]
    assert ours == theirs, f"seats {others} end with {ours}, PokerKit {theirs}"


def _pots_shared_by_the_runs(hand: Hand) -> list[set[int]]:
    """Two boards (a board run twice, a double board): docs/rules.md splits each pot in
    two, the odd chip to the first board (asserted here); PokerKit first merges the pots of
    the hands left at the showdown, so the odd chips of a pot whose boards went to
    different players may differ: those players are one group."""
    if len(hand.boards) == 1:
        return []
    halves: dict[int, list[PotAwarded]] = defaultdict(list)
    for award in (event for event in hand.events if isinstance(event, PotAwarded)):
        halves[award.index].append(award)
    shared = []
    for awards in halves.values():
        if len(awards) == 1:  # everybody else folded: one award, no board shown down
            continue
        first, second = awards
        assert (first.board, second.board) == (0, 1), (first, second)
        assert first.amount == second.amount + (first.amount + second.amount) % 2, (first, second)
        shared.append({seat for award in (first, second) for seat, _ in award.winners})
    return shared


def _link(groups: list[set[int]], group: set[int]) -> None:
    for linked in [g for g in groups if g & group]:
        groups.remove(linked)
        group |= linked
    groups.append(group)


def _pots_pokerkit_halves_without_a_low(hand: Hand) -> list[frozenset[int]]:
    """The players of each hi-lo pot that nobody in it could win low, in a hand where
    somebody (in another pot) has a low."""
    awards = [event for event in hand.events if isinstance(event, PotAwarded)]
    if not any(award.is_hi_lo and not award.low for award in awards):
        return []
    holes, _, _ = dealt_cards(hand)
    omaha = hand.variant.showdown == "omaha8"
    pots = _showdown_pots(hand, awards)
    halved: list[frozenset[int]] = []
    for run, board in enumerate(hand.boards):  # a board run twice: each run on its own
        if any(
            (omaha_eight_low_value(holes[seat], board) if omaha else eight_low_value(holes[seat]))
            is not None
            for seat, folded in enumerate(hand.folded)
            if not folded
        ):
            halved += [
                pots[award.index].eligible
                for award in awards
                if award.board == run and award.is_hi_lo and not award.low
            ]
    return halved


def _showdown_pots(hand: Hand, awards: list[PotAwarded]) -> tuple[Pot, ...]:
    """The pots as the showdown found them (a finished hand's stacks hold its winnings)."""
    final = hand.final_stacks
    assert final is not None
    stacks = list(final)
    for award in awards:
        for seat, chips in award.winners:
            stacks[seat] -= chips
    dead = [0] * hand.player_count
    for event in hand.events:
        if isinstance(event, AntePosted):
            dead[event.seat] += event.amount
    pots = compute_pots(hand.contributed, dead, hand.folded, stacks)
    awarded: dict[int, int] = defaultdict(int)  # a board run twice: each pot in two awards
    for award in awards:
        awarded[award.index] += award.amount
    assert [pot.amount for pot in pots] == [awarded[i] for i in range(len(pots))], (pots, awards)
    return pots


def _ace_low_key(card: Card) -> tuple[int, int]:
    return (0 if card.rank == Rank.ACE else card.rank + 1, card.suit)


def _shown(hand: Hand) -> list[CardsShown]:
    return [event for event in hand.events if isinstance(event, CardsShown)]


def assert_split_our_way(hand: Hand, award: PotAwarded) -> None:
    if award.is_hi_lo:
        _assert_hi_lo_split_our_way(hand, award)
        return
    seats = [seat for seat, _ in award.winners]
    if len(seats) == 1:
        return
    low = hand.variant.showdown == "low"
    _assert_shared_our_way(hand, award, award.amount, award.winners, low=low)


def _assert_hi_lo_split_our_way(hand: Hand, award: PotAwarded) -> None:
    """docs/rules.md: the high half takes the odd chip; no low, the high hands take all;
    each half shared like a pot of its own (stud: the low half's odd chip by lowest card)."""
    low_chips = award.amount // 2 if award.low else 0
    _assert_shared_our_way(hand, award, award.amount - low_chips, award.high, low=False)
    if award.low:
        _assert_shared_our_way(hand, award, low_chips, award.low, low=True)
    total: dict[int, int] = defaultdict(int)
    for seat, chips in (*award.high, *award.low):
        total[seat] += chips
    assert dict(award.winners) == dict(total), f"{award}: winners are not the halves added"


def _assert_shared_our_way(
    hand: Hand, award: PotAwarded, amount: int, shares: tuple[tuple[int, int], ...], *, low: bool
) -> None:
    seats = [seat for seat, _ in shares]
    if low and hand.variant.is_stud:
        shown_low = {e.seat: min(map(_ace_low_key, e.cards)) for e in _shown(hand)}
        seats.sort(key=shown_low.__getitem__)
    elif hand.variant.is_stud:
        shown = {e.seat: max(e.cards) for e in _shown(hand)}
        seats.sort(key=shown.__getitem__, reverse=True)
    else:
        seats.sort(key=lambda seat: (seat - hand.button - 1) % hand.player_count)
    share, odd = divmod(amount, len(seats))
    expected = {seat: share + (1 if place < odd else 0) for place, seat in enumerate(seats)}
    assert dict(shares) == expected, f"{award} is not split our way: {expected}"


# PokerKit's draw hands as PHH (the replay's test: tests/test_phh_draw.py) ----------------

_DRAW_GAMES: Final = {
    "27td": FixedLimitDeuceToSevenLowballTripleDraw,
    "badugi": FixedLimitBadugi,
}


def pokerkit_phh(table: Table, state: State) -> str:
    """PokerKit's own PHH record of a draw hand it played (``HandHistory.from_game_state``):
    the cards it dealt, whoever chose them."""
    stakes = table.stakes
    trimming = not stakes.big_blind_ante
    antes: int | dict[int, int] = {1: stakes.big_blind_ante} if not trimming else stakes.ante
    game = _DRAW_GAMES[table.variant_key](
        AUTOMATIONS,
        trimming,
        antes,
        (stakes.small_blind, stakes.big_blind),
        stakes.small_bet,
        stakes.big_bet,
    )
    with warnings.catch_warnings():
        for message in _THEIR_RESHUFFLE:
            warnings.filterwarnings("ignore", message, UserWarning)
        return HandHistory.from_game_state(game, state).dumps()


def pokerkit_deals_a_draw_hand(table: Table, rng: random.Random) -> State:
    """A draw hand PokerKit plays and deals alone, reshuffling its own way: from
    ``table.deck`` while its deck lasts (burns included, one before each draw), then, when
    a draw needs more cards than the deck holds, the deck's last cards and random ones of
    its burns, mucked hands and every discard (the drawer's own and those of players
    still to be served included: Robert's Rules, and ours, take none of these). Actions
    are random among PokerKit's options (folds, calls, raises; discards of none to all,
    often many). Stacks cover every bet of the hand: with nobody all in, no rule on which
    docs/rules.md and PokerKit differ (short all-ins, the cap heads-up) comes into play."""
    deep = [rng.randint(30, 150) * table.stakes.big_blind for _ in table.stacks]
    state = pokerkit_state(replace(table, stacks=tuple(deep)))
    with warnings.catch_warnings():
        for message in _THEIR_RESHUFFLE:  # PokerKit warns as it reshuffles: expected
            warnings.filterwarnings("ignore", message, UserWarning)
        _deal_alone(state, [str(card) for card in table.deck], table.stakes, rng)
    return state


def _deal_alone(state: State, order: Sequence[str], stakes: Stakes, rng: random.Random) -> None:
    cap = stakes.raise_cap or 0
    street, bets = 0, 1  # the bets of this round, the big blind the first before the draw

    def cards(count: int) -> str:
        deck = {repr(card) for card in state.deck_cards}
        taken = [card for card in order if card in deck][:count]
        if len(taken) < count:  # PokerKit's reshuffle: every card not in play
            reserve = sorted(repr(card) for card in state.reserved_cards)
            taken += rng.sample(reserve, count - len(taken))
        return "".join(taken)

    while state.status:
        if state.can_burn_card():
            state.burn_card(cards(1))
        elif state.can_deal_hole():
            seat = state.hole_dealee_index
            assert seat is not None
            pending = 1 if state.street_index == 0 else len(state.hole_dealing_statuses[seat])
            state.deal_hole(cards(pending), seat)
        elif state.can_stand_pat_or_discard():
            seat = state.stand_patter_or_discarder_index
            assert seat is not None
            held = [repr(card) for card in state.hole_cards[seat]]
            count = rng.choice((0, len(held), rng.randint(0, len(held)), len(held)))
            state.stand_pat_or_discard("".join(rng.sample(held, count)))
        elif state.actor_index is not None:
            if state.street_index != street:
                street, bets = state.street_index or 0, 0
            choices = ["check_or_call"] * 3
            if state.can_fold():
                choices.append("fold")
            # Within our cap (PokerKit allows one more raise before the draw, counting its
            # own way): where the two differ is the differential test's to check.
            if state.can_complete_bet_or_raise_to() and bets < cap:
                choices += ["raise"] * 2
            match rng.choice(choices):
                case "fold":
                    state.fold()
                case "raise":
                    state.complete_bet_or_raise_to()
                    bets += 1
                case _:
                    state.check_or_call()
        else:
            raise AssertionError("PokerKit's hand waits for nothing it can be given")
