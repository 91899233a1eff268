"""``Hand``: one hand of any variant, driven by verify / can / do actions.

``Hand.start`` posts the forced bets, deals the first street and stops at the
first player to act. Each action has three forms: ``verify_<action>`` raises
``RulesError`` saying exactly why the action is illegal, ``can_<action>``
answers True or False, and ``<action>`` performs it. Performing an action
appends its event, then the engine runs on (ends the betting round, returns
an uncalled bet, deals the next street, shows down) until somebody must act or
the hand is over. The do-methods change the hand in place and return it (the
same object): a hand is a mutable fold of an append-only event log, so an
action costs no copy. An illegal action changes nothing.

Seats are indices into the players dealt in, clockwise; ``button`` is one of
them (heads-up the button posts the small blind; in stud it only fixes the
dealing order and breaks ties). Amounts a player names are street totals
("to"): ``bet_or_raise(seat, 80)`` makes the seat's bet this street 80, and
asking for more than the stack is an all-in for the stack. In stud, completing
the bring-in to a full bet is a ``bet_or_raise``. ``LegalActions.call_amount``
is the chips a call adds (``call_to`` its street total).

``to_dict``/``from_dict`` save and resume a hand mid-way: the deck and the
events; restoring folds the events again (the log is trusted: it is the one
this engine wrote).

Rules where card rooms differ, as decided in docs/rules.md: a short all-in does not
reopen the betting to a player who already acted, unless the raises since that
player acted add up to a full raise (TDA); the fixed-limit cap (a bet and three
raises, the big blind counting as the bet) is lifted for a round that begins
heads-up; several odd chips of one pot go one each to the first winners in the
odd-chip order. Not implemented: the stud option to bet the big bet on fourth
street when a pair shows (fourth street always bets the small bet).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, Final

from pokernight.cards import Card, ensure_distinct, format_cards, parse_card
from pokernight.rules.actions import (
    BET_OR_RAISE,
    BRING_IN,
    CALL,
    CHECK,
    DRAW,
    FOLD,
    RUNS,
    Action,
    LegalActions,
)
from pokernight.rules.betting import (
    compute_legal_actions,
    legal_actions,
    next_actor,
    raise_refusal,
)
from pokernight.rules.dealing import Emit, can_burn, deal_street, rabbit_cards
from pokernight.rules.draws import (
    can_burn_stub,
    check_discards,
    deck_reshuffle_seed,
    draw_events,
    draw_legal_actions,
    next_drawer,
    stub_left,
)
from pokernight.rules.errors import RulesError
from pokernight.rules.events import (
    ActionTaken,
    BetReturned,
    BringInPosted,
    CardsDrawn,
    Event,
    HandStarted,
    StreetStarted,
    StubReshuffled,
    event_from_dict,
)
from pokernight.rules.forced import post_forced_bets, straddle_amounts
from pokernight.rules.labels import puts_all_in
from pokernight.rules.positions import blind_seats, left_of, straddle_seats, wild_ranks
from pokernight.rules.pots import Pot, pots_of, uncalled_bet
from pokernight.rules.runs import (
    check_run_it_twice,
    next_to_choose,
    runs_event,
    runs_legal_actions,
    second_run_due,
    second_run_started,
)
from pokernight.rules.showdown import finish_hand
from pokernight.rules.stakes import BettingStructure, Stakes
from pokernight.rules.state import HandState, action_taken, chips_lost, record
from pokernight.rules.variants import VARIANTS, Variant

MIN_PLAYERS: Final = 2
MAX_SEATS: Final = max(variant.max_players for variant in VARIANTS.values())


# Folds and checks carry nothing but the seat: one event per seat serves every hand
# (events are frozen values, so sharing them is invisible).
_FOLDS: Final = tuple(ActionTaken(seat, "fold", None, "fold") for seat in range(MAX_SEATS))
_CHECKS: Final = tuple(ActionTaken(seat, "check", None, "check") for seat in range(MAX_SEATS))


class Hand:
    __slots__ = (
        "_deck",
        "_deck_seed",
        "_emit",
        "_events",
        "_given_stubs",
        "_reshuffle_seed",
        "_state",
    )

    def __init__(
        self,
        deck: Sequence[Card],
        started: HandStarted,
        reshuffle_seed: bytes | None = None,
        given_stubs: Sequence[Sequence[Card]] = (),
    ) -> None:
        self._deck = tuple(deck)
        # Draw games: what orders a reshuffle of the discards (``draws``); secret like the deck.
        self._reshuffle_seed = reshuffle_seed
        # A replay's reshuffles: the cards a record dealt once its stub ran out (``draws``).
        self._given_stubs = tuple(tuple(stub) for stub in given_stubs)
        self._deck_seed: bytes | None = None  # the deck's own seed, made once when needed
        self._events: list[Event] = [started]
        self._state = HandState(started)
        # Appends an event and folds it in: a partial, one Python call an event fewer.
        self._emit: Emit = partial(record, self._state, self._events)

    # ----- creation and restoration

    @classmethod
    def start(
        cls,
        variant: Variant,
        stakes: Stakes,
        stacks: Sequence[int],
        button: int,
        deck: Sequence[Card],
        *,
        dead_small_blind: bool = False,
        posted_big_blinds: Sequence[int] = (),
        bomb_pot: int = 0,
        reshuffle_seed: bytes | None = None,
        given_stubs: Sequence[Sequence[Card]] = (),
        jacks_to_open: bool = False,
        run_it_twice: bool = False,
        straddles: Sequence[int] = (),
        double_board: bool = False,
        ftq_queen_carries_over: bool = False,
    ) -> Hand:
        """Deal a hand to the players ``stacks`` (clockwise, index = seat).

        ``dead_small_blind``: nobody posts the small blind this hand (dead-button rule);
        the big blind sits left of the button. ``posted_big_blinds``: seats that post a
        live big blind to be dealt in at once (they act in their turn and may check if
        nobody raised). ``bomb_pot``: every player posts this ante instead of the blinds,
        and the flop comes with no betting before it (a board game's house option).
        ``reshuffle_seed``: draw games, what orders a reshuffle of the
        discards (``draws``; default: a function of the deck). ``given_stubs``: a replay's
        reshuffles, the stub a record's dealer made each time the stub ran out (the cards it
        dealt from then on, in order): the hand's n-th reshuffle goes on with
        ``given_stubs[n]`` instead of our reshuffle of the discards, since the record's
        cards are the truth (``draws.draw_events``). ``jacks_to_open``: Five-Card
        Draw's option, the first raise before the draw needs jacks or better.
        ``run_it_twice``: once nobody can bet any more before the board is complete, the
        players are asked whether to run the rest of it twice (``runs``).
        ``straddles``: seats that post a voluntary straddle, in order (``_check_straddles``
        says which may). ``double_board``: a bomb pot dealt two boards, each winning half of
        every pot (``showdown``). ``ftq_queen_carries_over``: Follow the Queen's house rule,
        a queen dealt last on a street is followed by the next street's first up card
        (``dealing``); off, the seed's rule: only queens are wild after it.
        """
        if jacks_to_open and not (variant.is_draw and variant.showdown == "high"):
            raise RulesError("jacks_option")
        if run_it_twice:
            check_run_it_twice(variant)
        if ftq_queen_carries_over and not variant.follows_queen:
            raise RulesError("queen_option")
        _check_setup(variant, stacks, button, deck)
        _check_bomb_pot(variant, bomb_pot)
        if double_board:
            _check_double_board(variant, bomb_pot, len(stacks), len(deck))
        started = HandStarted(
            variant.key,
            str(variant.betting),
            stakes,
            tuple(stacks),
            button,
            dead_small_blind,
            tuple(sorted(posted_big_blinds)) if posted_big_blinds else (),
            bomb_pot,
            jacks_to_open,
            run_it_twice,
            tuple(straddles),
            double_board,
            ftq_queen_carries_over,
        )
        hand = cls(deck, started, reshuffle_seed, given_stubs)
        _check_posted_big_blinds(hand._state)
        _check_straddles(hand._state)
        hand._emit(StreetStarted(0, variant.streets[0].name, False))
        post_forced_bets(hand._state, hand._emit)
        deal_street(hand._state, hand._deck, hand._emit)
        hand._settle()
        return hand

    def copy(self) -> Hand:
        """An independent copy of the hand so far: acting on one leaves the other as it was."""
        started = self._events[0]
        assert isinstance(started, HandStarted)
        twin = Hand(self._deck, started, self._reshuffle_seed, self._given_stubs)
        twin._events.extend(self._events[1:])
        twin._state = self._state.copy(started)
        twin._emit = partial(record, twin._state, twin._events)
        return twin

    @classmethod
    def from_events(
        cls,
        deck: Sequence[Card],
        events: Sequence[Event],
        reshuffle_seed: bytes | None = None,
        given_stubs: Sequence[Sequence[Card]] = (),
    ) -> Hand:
        """The hand these events describe, rebuilt by folding them in order."""
        if not events or not isinstance(events[0], HandStarted):
            raise RulesError("events_begin")
        hand = cls(deck, events[0], reshuffle_seed, given_stubs)
        for event in events[1:]:
            hand._emit(event)
        state = hand._state
        if state.over or state.live < 2:
            state.to_act = None
        else:
            state.to_act = _next_to_act(state, len(hand._deck))
        return hand

    def to_dict(self) -> dict[str, Any]:
        """The deck and the events, JSON-ready; ``from_dict`` resumes the hand from them
        (and the reshuffle seed and a replay's given stubs, when there are)."""
        data: dict[str, Any] = {
            "deck": [str(card) for card in self._deck],
            "events": [event.to_dict() for event in self._events],
        }
        if self._reshuffle_seed is not None:
            data["reshuffle_seed"] = self._reshuffle_seed.hex()
        if self._given_stubs:
            data["given_stubs"] = [[str(card) for card in stub] for stub in self._given_stubs]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hand:
        deck = [parse_card(text) for text in data["deck"]]
        seed = data.get("reshuffle_seed")
        stubs = [[parse_card(text) for text in stub] for stub in data.get("given_stubs", ())]
        return cls.from_events(
            deck,
            [event_from_dict(item) for item in data["events"]],
            None if seed is None else bytes.fromhex(seed),
            stubs,
        )

    # ----- queries

    @property
    def variant(self) -> Variant:
        return self._state.variant

    @property
    def stakes(self) -> Stakes:
        return self._state.stakes

    @property
    def button(self) -> int:
        return self._state.button

    @property
    def player_count(self) -> int:
        return self._state.count

    @property
    def deck(self) -> tuple[Card, ...]:
        return self._deck

    @property
    def events(self) -> tuple[Event, ...]:
        """The whole log (a copy: for the events an action added, see ``events_since``)."""
        return tuple(self._events)

    @property
    def event_count(self) -> int:
        return len(self._events)

    def events_since(self, count: int) -> tuple[Event, ...]:
        """The events after the first ``count``, without copying the whole log."""
        return tuple(self._events[count:])

    @property
    def to_act(self) -> int | None:
        return self._state.to_act

    @property
    def is_over(self) -> bool:
        return self._state.over

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(self._state.stacks)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        return self._state.starting_stacks

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet on this street (not yet in a pot)."""
        return tuple(self._state.bets)

    @property
    def contributed(self) -> tuple[int, ...]:
        """Each seat's chips put in this hand (antes, blinds and bets)."""
        return tuple(self._state.contributed)

    @property
    def pots(self) -> tuple[Pot, ...]:
        return pots_of(self._state)

    @property
    def total_pot(self) -> int:
        """Every chip put in this hand and not yet awarded, this street's bets included."""
        return self._state.chips_in_pots

    @property
    def street_index(self) -> int:
        return self._state.street_index

    @property
    def board(self) -> tuple[Card, ...]:
        """The board (run twice: the second run's; ``boards`` has both)."""
        return tuple(self._state.board)

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Each board: one; a double board's two; a board run twice, both runs' once the
        second began."""
        state = self._state
        if state.first_board:
            return (state.first_board, tuple(state.board))
        if state.double_board:
            return (tuple(state.board), tuple(state.other_board))
        return (tuple(state.board),)

    @property
    def runs(self) -> int:
        """How many times the board is run: 2 once every live player agreed, else 1."""
        return 2 if self._state.runs == 2 else 1

    def hole(self, seat: int) -> tuple[Card, ...]:
        """Every card dealt to the seat, in the order dealt (stud: down and up)."""
        return tuple(self._state.cards[seat])

    def up_cards(self, seat: int) -> tuple[Card, ...]:
        return tuple(self._state.up[seat])

    @property
    def folded(self) -> tuple[bool, ...]:
        return tuple(self._state.folded)

    @property
    def wild_ranks(self) -> frozenset[int]:
        """The wild ranks (Follow the Queen, Baseball, deuces wild), empty in other games."""
        return wild_ranks(self._state) if self._state.variant.has_wild_cards else frozenset()

    def rabbit(self) -> tuple[tuple[Card, ...], ...]:
        """A hand over before its last street: the board each street left would have
        brought, street by street (rabbit hunting; never dealt, never in the hand)."""
        return rabbit_cards(self._state, self._deck) if self._state.over else ()

    @property
    def final_stacks(self) -> tuple[int, ...] | None:
        return self._state.final_stacks

    def legal_actions(self) -> LegalActions | None:
        state = self._state
        legal: LegalActions | None = state.legal  # computed when the seat to act was found
        if legal is not None:
            return legal
        seat = state.to_act
        return None if seat is None else _legal_actions(state, seat, len(self._deck))

    @property
    def is_drawing(self) -> bool:
        """A draw round is on: the seat to act draws (``draw``), nobody bets."""
        return self._state.drawing

    @property
    def stub_size(self) -> int:
        """Draw games: the cards the stub holds (its last card is never dealt)."""
        return len(stub_left(self._state, self._deck))

    def __repr__(self) -> str:
        state = self._state
        return (
            f"Hand({state.variant.key}, street {state.street_index}, stacks {state.stacks}, "
            f"board [{format_cards(state.board)}], to act {state.to_act})"
        )

    # ----- actions: verify / can / do

    def verify(self, action: Action) -> None:
        self._event_for(action)

    def can(self, action: Action) -> bool:
        try:
            self._event_for(action)
        except RulesError:
            return False
        return True

    def act(self, action: Action) -> Hand:
        event = self._event_for(action)
        if type(event) is CardsDrawn:
            # The draw's events again (a reshuffle may come first): ``_event_for`` gave the last.
            for each in self._draw_events(action):
                self._emit(each)
        elif type(event) is ActionTaken:
            # ``record`` without the handler lookup: the reducer is called directly.
            state = self._state
            self._events.append(event)
            state.legal = None
            action_taken(state, event)
            if state.chips_behind + state.chips_in_pots != state.total_chips:
                raise chips_lost(state)
        else:
            self._emit(event)
        self._settle()
        return self

    def verify_fold(self, seat: int) -> None:
        self.verify(Action(seat, FOLD))

    def can_fold(self, seat: int) -> bool:
        return self.can(Action(seat, FOLD))

    def fold(self, seat: int) -> Hand:
        return self.act(Action(seat, FOLD))

    def verify_check(self, seat: int) -> None:
        self.verify(Action(seat, CHECK))

    def can_check(self, seat: int) -> bool:
        return self.can(Action(seat, CHECK))

    def check(self, seat: int) -> Hand:
        return self.act(Action(seat, CHECK))

    def verify_call(self, seat: int) -> None:
        self.verify(Action(seat, CALL))

    def can_call(self, seat: int) -> bool:
        return self.can(Action(seat, CALL))

    def call(self, seat: int) -> Hand:
        return self.act(Action(seat, CALL))

    def verify_bet_or_raise(self, seat: int, to: int) -> None:
        self.verify(Action(seat, BET_OR_RAISE, to))

    def can_bet_or_raise(self, seat: int, to: int) -> bool:
        return self.can(Action(seat, BET_OR_RAISE, to))

    def bet_or_raise(self, seat: int, to: int) -> Hand:
        return self.act(Action(seat, BET_OR_RAISE, to))

    def verify_bring_in(self, seat: int) -> None:
        self.verify(Action(seat, BRING_IN))

    def can_bring_in(self, seat: int) -> bool:
        return self.can(Action(seat, BRING_IN))

    def bring_in(self, seat: int) -> Hand:
        return self.act(Action(seat, BRING_IN))

    def verify_draw(self, seat: int, discards: Sequence[Card] = ()) -> None:
        self.verify(Action(seat, DRAW, None, tuple(discards)))

    def can_draw(self, seat: int, discards: Sequence[Card] = ()) -> bool:
        return self.can(Action(seat, DRAW, None, tuple(discards)))

    def draw(self, seat: int, discards: Sequence[Card] = ()) -> Hand:
        """Discard ``discards`` and draw as many (none: stand pat)."""
        return self.act(Action(seat, DRAW, None, tuple(discards)))

    def stand_pat(self, seat: int) -> Hand:
        return self.draw(seat, ())

    def verify_choose_runs(self, seat: int, runs: int) -> None:
        self.verify(Action(seat, RUNS, runs))

    def can_choose_runs(self, seat: int, runs: int) -> bool:
        return self.can(Action(seat, RUNS, runs))

    def choose_runs(self, seat: int, runs: int) -> Hand:
        """Answer the question of running it twice: 2 agrees to twice, 1 runs it once."""
        return self.act(Action(seat, RUNS, runs))

    def _check_or_call_action(self, seat: int) -> Action:
        """A call facing a bet, else a check; in a draw round, standing pat (the passive
        choice there, as a check is in a betting round)."""
        if self._state.drawing:
            return Action(seat, DRAW)
        legal = self.legal_actions()
        facing = legal is not None and legal.seat == seat and legal.call_amount > 0
        return Action(seat, CALL if facing else CHECK)

    def verify_check_or_call(self, seat: int) -> None:
        self.verify(self._check_or_call_action(seat))

    def can_check_or_call(self, seat: int) -> bool:
        return self.can(self._check_or_call_action(seat))

    def check_or_call(self, seat: int) -> Hand:
        return self.act(self._check_or_call_action(seat))

    # ----- the engine

    def _settle(self) -> None:
        """Run the hand on until somebody must act or it is over."""
        state = self._state
        while True:
            if state.live > 1:
                drawer = next_drawer(state) if state.drawing else None
                if drawer is not None:
                    state.to_act = drawer
                    state.legal = draw_legal_actions(state, drawer)
                    return
                actor = next_actor(state)
                if actor is not None:
                    state.to_act = actor
                    state.legal = compute_legal_actions(state, actor)
                    return
            returned = uncalled_bet(state.bets)
            if returned is not None:
                self._emit(BetReturned(*returned))
            if state.run_it_twice:
                chooser = next_to_choose(state, len(self._deck))
                if chooser is not None:
                    state.to_act = chooser
                    state.legal = runs_legal_actions(state, chooser)
                    return
            if state.live == 1 or state.street_index == state.last_street:
                if not second_run_due(state):
                    finish_hand(state, self._emit)
                    return
                self._emit(second_run_started(state))
            index = state.street_index + 1
            street = state.variant.streets[index]
            if street.draws:
                burn = can_burn_stub(state, self._deck)
            else:
                burn = can_burn(state, len(self._deck))
            self._emit(StreetStarted(index, street.name, burn))
            deal_street(state, self._deck, self._emit)

    def _event_for(self, action: Action) -> Event:
        """The event the action would append, or RulesError saying why it is illegal."""
        state = self._state
        # The caller's fields are read untyped and checked here: compiled code (decision
        # 18) would otherwise raise TypeError on a wrongly typed field as it reads it.
        given: Any = action
        seat = state.to_act
        if seat is None or given.seat != seat:
            raise self._seat_refusal(given.seat)
        legal = state.legal
        if legal is None or legal.seat != seat:
            legal = _legal_actions(state, seat, len(self._deck))
        # ActionKind is a StrEnum: its members equal these literals, which cost less to
        # load than a module's names (and nothing at all once compiled, decision 18).
        kind = given.kind
        if legal.can_choose_runs:
            if kind != "runs":
                raise RulesError("choose_runs_first")
            return runs_event(seat, given.amount)
        if legal.can_draw:
            if kind != "draw":
                raise RulesError("draw_first", most=legal.max_discard)
            return self._draw_events(given)[-1]
        if kind == "draw":
            if state.variant.is_draw:
                raise RulesError("no_draw_now")
            raise RulesError("game_has_no_draw", game=state.variant.name)
        if kind == "bet_or_raise":
            return self._bet_or_raise_event(legal, given.amount)
        if kind == "bring_in":
            if not legal.can_bring_in:
                raise RulesError("no_bring_in")
            to = legal.bring_in_amount
            return BringInPosted(seat, to, puts_all_in(state, seat, to))
        if legal.can_bring_in:
            raise RulesError("bring_in_first")
        if kind == "call":
            if not legal.call_amount:
                raise RulesError("nothing_to_call")
            to = legal.call_to
            return ActionTaken(
                seat, "call", to, "call", to == state.bets[seat] + state.stacks[seat]
            )
        if kind == "fold":
            if not legal.can_fold:
                raise RulesError("nothing_to_fold_to")
            return _FOLDS[seat]
        if kind == "check":
            if not legal.can_check:
                raise RulesError("check_facing_bet", level=state.level)
            return _CHECKS[seat]
        if kind == "runs":  # last: the kinds played on every action are looked at first
            if state.run_it_twice:
                raise RulesError("runs_not_now")
            raise RulesError("runs_not_played")
        raise RulesError("not_an_action", kind=str(kind))

    def _draw_events(self, action: Any) -> list[Event]:
        """The events of a draw (checked: RulesError saying why it is refused)."""
        state = self._state
        discards = check_discards(state, action.seat, action.cards)
        seed = self._reshuffle_seed
        if seed is None:
            if self._deck_seed is None:
                self._deck_seed = deck_reshuffle_seed(self._deck)
            seed = self._deck_seed
        given = None
        if self._given_stubs:
            done = sum(1 for event in self._events if type(event) is StubReshuffled)
            given = self._given_stubs[done] if done < len(self._given_stubs) else None
        return draw_events(state, self._deck, seed, action.seat, discards, given=given)

    def _seat_refusal(self, seat: object) -> RulesError:
        """Why ``seat``, which is not the seat to act, may not act."""
        state = self._state
        if state.over:
            return RulesError("hand_over")
        if not isinstance(seat, int) or not 0 <= seat < state.count:
            return RulesError("no_such_seat", seat=seat if isinstance(seat, int) else repr(seat))
        if state.folded[seat]:
            return RulesError("seat_folded", seat=seat)
        return RulesError("not_your_turn")

    def _bet_or_raise_event(self, legal: LegalActions, amount: object) -> Event:
        state = self._state
        seat = legal.seat
        if amount is None or isinstance(amount, bool) or not isinstance(amount, int):
            raise RulesError("amount_whole")
        if legal.min_raise_to is None or legal.max_raise_to is None:
            raise raise_refusal(state, seat) or RulesError("no_bet_or_raise")
        all_in = state.bets[seat] + state.stacks[seat]
        to = all_in if all_in < amount else amount
        raising = bool(state.level)
        if to < legal.min_raise_to:
            raise RulesError(
                "raise_below_minimum" if raising else "bet_below_minimum", amount=legal.min_raise_to
            )
        if to > legal.max_raise_to:
            raise RulesError(
                "raise_above_maximum" if raising else "bet_above_maximum", amount=legal.max_raise_to
            )
        if legal.fixed_amounts and legal.min_raise_to < to < legal.max_raise_to:
            raise RulesError(
                "raise_fixed" if raising else "bet_fixed",
                low=legal.min_raise_to,
                high=legal.max_raise_to,
            )
        # The legal actions named it already (``labels.bet_or_raise_says``): one decision.
        return ActionTaken(seat, "bet_or_raise", to, legal.raise_says, to == all_in)


def _next_to_act(state: HandState, deck_size: int) -> int | None:
    drawer = next_drawer(state) if state.drawing else None
    if drawer is not None:
        return drawer
    actor = next_actor(state)
    if actor is None and state.run_it_twice:
        return next_to_choose(state, deck_size)
    return actor


def _legal_actions(state: HandState, seat: int, deck_size: int) -> LegalActions:
    if state.drawing:
        return draw_legal_actions(state, seat)
    if state.run_it_twice and next_to_choose(state, deck_size) == seat:
        return runs_legal_actions(state, seat)
    return legal_actions(state, seat)


def _check_setup(
    variant: Variant, stacks: Sequence[int], button: int, deck: Sequence[Card]
) -> None:
    count = len(stacks)
    if not MIN_PLAYERS <= count <= variant.max_players:
        raise RulesError(
            "player_count",
            game=variant.name,
            low=MIN_PLAYERS,
            high=variant.max_players,
            count=count,
        )
    for seat, stack in enumerate(stacks):
        if stack <= 0:
            raise RulesError("seat_no_chips", seat=seat)
    if not 0 <= button < count:
        raise RulesError("button_range", last=count - 1)
    if len(set(deck)) != len(deck):
        ensure_distinct(deck)
    if variant.deck != "full" and not set(deck) <= set(variant.cards):
        raise RulesError("own_deck", game=variant.name, cards=len(variant.cards))
    if len(deck) < _cards_required(variant, count):
        raise RulesError("deck_short", cards=len(deck), players=count)


def _check_bomb_pot(variant: Variant, bomb_pot: int) -> None:
    if bomb_pot < 0:
        raise RulesError("bomb_pot_ante_negative", ante=bomb_pot)
    if bomb_pot and not variant.has_flop:
        raise RulesError("bomb_pot_board", game=variant.name)


def _check_double_board(variant: Variant, bomb_pot: int, players: int, deck_size: int) -> None:
    if not bomb_pot:
        raise RulesError("double_board_ante")
    needed = _cards_required(variant, players) + sum(street.board for street in variant.streets)
    if deck_size < needed:
        raise RulesError("deck_short_two_boards", cards=deck_size, players=players)


def _check_posted_big_blinds(state: HandState) -> None:
    posted = state.posted_big_blinds
    if not posted:
        return
    if state.variant.is_stud:
        raise RulesError("no_blinds_to_post", game=state.variant.name)
    if len(set(posted)) != len(posted):
        raise RulesError("one_big_blind")
    blinds = blind_seats(state)
    for seat in posted:
        if not 0 <= seat < state.count:
            raise RulesError("no_such_seat", seat=seat)
        if seat in blinds:
            raise RulesError("posts_blind_already", seat=seat)


def _check_straddles(state: HandState) -> None:
    """Voluntary straddles as the books deal them, or a RulesError saying why not.

    The first from any seat from under the gun round to the button (a straddle the stakes
    name sits under the gun: the first voluntary one is then a re-straddle left of it),
    each next one left of the last; never from the blinds, nor heads-up. Each is posted in
    full: a voluntary raise all-in for less would make the others call chips never put
    in. In fixed-limit a straddle is one raise of the cap, so there is no re-straddle.
    """
    straddles = state.straddles
    if not straddles:
        return
    if state.variant.is_stud:
        raise RulesError("no_blinds_to_straddle", game=state.variant.name)
    if state.bomb_pot:
        raise RulesError("bomb_pot_straddle")
    if state.count < 3:
        raise RulesError("heads_up_straddle")
    stakes = state.stakes
    if state.betting is BettingStructure.FIXED_LIMIT and len(straddles) + bool(stakes.straddle) > 1:
        raise RulesError("limit_restraddle")
    allowed = straddle_seats(state.count, state.button, state.dead_small_blind)
    if stakes.straddle:
        allowed = allowed[1:]  # under the gun posts the stakes' straddle
    previous: int | None = None
    for seat, amount in zip(straddles, straddle_amounts(stakes, len(straddles)), strict=True):
        if not 0 <= seat < state.count:
            raise RulesError("no_such_seat", seat=seat)
        if seat not in allowed:
            raise RulesError("straddle_seat", seat=seat)
        if previous is not None and seat != left_of(previous, state.count):
            raise RulesError("restraddle_seat", seat=seat, left=left_of(previous, state.count))
        if previous is None and stakes.straddle and seat != allowed[0]:
            raise RulesError("straddle_after_stakes", seat=seat, left=allowed[0])
        if seat in state.posted_big_blinds:
            raise RulesError("straddle_posting", seat=seat)
        needed = amount + stakes.ante
        if state.starting_stacks[seat] < needed:
            raise RulesError(
                "straddle_short_ante" if stakes.ante else "straddle_short",
                seat=seat,
                chips=state.starting_stacks[seat],
                amount=amount,
            )
        previous = seat
        allowed = allowed[allowed.index(seat) + 1 :]


def _cards_required(variant: Variant, count: int) -> int:
    """Cards a hand needs if nobody folds (stud: third street; it copes with the rest)."""
    streets = variant.streets
    if variant.is_stud:
        return (streets[0].hole_down + streets[0].hole_up) * count
    if variant.is_draw:
        # The deal and a stub of one card at least (draws reshuffle the discards).
        return streets[0].hole_cards * count + 1
    cards = len(streets) - 1  # the burns
    for street in streets:
        cards += (street.hole_down + street.hole_up) * count + street.board
    return cards
