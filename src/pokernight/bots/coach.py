"""The coach: each of a player's decisions in a finished hand, priced (issue 37, item 2).

For every betting decision the player made (fold, check, call, bet or raise) the coach
reads the hand as that player saw it then, with only what became public at the end of
the hand added: the cards an opponent showed (``history.decisions`` makes those views:
like a bot, the coach never holds a ``Hand``). Each live opponent is then either a known
hand (shown) or a range: the bots' opponent model (``bots.ranges``) for a typical player
with no history (the stats' priors) who acted as this one did. That is why the coach
lives in ``bots``: the layers let ``bots`` read ``equity`` and ``history``, not the
reverse (decision 70).

The numbers, all in chips from the decision on (what is in the pot is gone):

- pot odds: the call over the chips the caller could win once it has called (the pot
  as it stands, the call included, each seat's chips counted up to the caller's own:
  a side pot it cannot win is left out): the equity a call needs to break even;
- equity: the player's share of the pot at the showdown against those hands, dealing
  the cards still to come; exact when enumerating costs at most ``EXACT_LIMIT``
  evaluations, else seeded Monte Carlo deals (``SAMPLES``, fewer where the game's hands
  cost more to evaluate: ``BUDGET``) with its 95% error;
- worth: folding is 0; a call (a check, when there is nothing to call) is
  equity x the chips it could win - the call; the bet or raise made, if every live
  opponent calls it (each up to its stack; an uncalled part comes back), the same
  with the bet. The estimate knows no later betting and no folds: it is the all-in
  price of each choice, the one the pot odds speak of.

Draw games are not coached: their equity depends on how each hand draws.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from pokernight.bots.estimate import scenario_of
from pokernight.bots.range_reading import reraised_share
from pokernight.bots.ranges import FLOP_SIZE, range_weights
from pokernight.bots.situation import Situation
from pokernight.bots.stats import PlayerStats
from pokernight.cards import Card
from pokernight.equity import equity
from pokernight.equity.deals import EVALUATION_COST, enumeration_cost
from pokernight.history.decisions import Decision
from pokernight.rules import ActionTaken, HandStarted, HandView, variant_for
from pokernight.rules.actions import ActionKind

SAMPLES = 20_000
"""Monte Carlo deals per decision at most: a 95% error under 0.7 points of equity
unweighted (hold'em heads-up or three-way); games dearer to evaluate get ``BUDGET``'s worth."""
BUDGET = 600_000
"""Monte Carlo work per decision, in batch evaluations (``equity.deals.EVALUATION_COST``):
about 0.1 s, whatever the game (Follow the Queen three-way: 1,000 deals, 3 points)."""
MIN_SAMPLES = 500
EXACT_LIMIT = 400_000
"""Enumerate when it costs at most this many batch evaluations (about 0.1 s)."""


@dataclass(frozen=True, slots=True)
class Units:
    """How amounts are written: the engine's whole chips are amount x 10**``exponent``,
    written with ``places`` decimals (a hand history in cents: 2 and 2; the room: 0)."""

    exponent: int = 0
    places: int = 0

    def amount(self, chips: float) -> str:
        return f"{chips / 10**self.exponent:,.{self.places}f}"

    def signed(self, chips: float) -> str:
        places = self.places + 1 if self.exponent == 0 else self.places
        value = round(chips / 10**self.exponent, places)
        return "0" if value == 0 else f"{value:+,.{places}f}"


CHIPS = Units()


@dataclass(frozen=True, slots=True)
class AssumedRange:
    """The range the opponent model gives an opponent not shown (``bots.ranges``), as facts
    a page words in its language: ``kind`` is "unnarrowed" (the model narrows only hold'em
    hands), "raised" or "entered" before the flop (``top``: about that share of starting
    hands) or "any_two"; ``bet_after_flop``: it bet or raised after the flop."""

    kind: str
    top: float = 0.0
    bet_after_flop: bool = False

    def words(self) -> str:
        if self.kind == "unnarrowed":
            return "any cards (the model narrows only hold'em hands)"
        words = {
            "raised": f"raised before the flop: about the top {self.top:.0%} of starting hands",
            "entered": f"entered the pot: about the top {self.top:.0%} of starting hands",
        }.get(self.kind, "any two cards")
        if self.bet_after_flop:
            words += "; bet or raised after the flop: a hand without a pair less likely"
        return words

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "top": self.top, "bet_after_flop": self.bet_after_flop}


@dataclass(frozen=True, slots=True)
class Against:
    """One live opponent at a decision: the cards it showed at the end of the hand, or
    (none shown) the range the coach gave it, in words (``range``) and as facts (``assumed``)."""

    seat: int  # hand seat
    cards: tuple[Card, ...] = ()
    range: str = ""
    assumed: AssumedRange | None = None

    @property
    def shown(self) -> bool:
        return bool(self.cards)


@dataclass(frozen=True, slots=True)
class Advice:
    """One decision of the player, priced. ``index``: the decision's ``ActionTaken`` in
    the hand's events; ``pot``: the chips in the middle before it; ``to_call``: what a
    call added; ``could_win``: the chips a call could win (the call included);
    ``pot_odds``: ``to_call / could_win`` (0: nothing to call); ``equity`` and its 95%
    ``error`` (0 when ``exact``) over ``deals`` deals; ``call`` the worth of calling (of
    checking when ``to_call`` is 0); ``bet``: the worth of the bet or raise made to
    ``bet_to`` (a street total), if called (None: the player made none)."""

    index: int
    seat: int
    street: int
    action: ActionTaken
    pot: int
    to_call: int
    could_win: int
    pot_odds: Fraction
    equity: float
    error: float
    exact: bool
    deals: int
    against: tuple[Against, ...]
    call: float
    bet: float | None = None
    bet_to: int | None = None
    fold: float = 0.0
    cards: tuple[Card, ...] = ()  # the player's own cards then
    board: tuple[Card, ...] = ()

    @property
    def ranged(self) -> bool:
        """Whether any opponent's hand is an assumption (a range), not a shown hand."""
        return any(not opponent.shown for opponent in self.against)


def coach(
    found: Sequence[Decision],
    *,
    seed: int = 0,
    samples: int = SAMPLES,
    exact_limit: int = EXACT_LIMIT,
) -> tuple[Advice, ...]:
    """Each decision (``history.decisions``) priced from its view. ``seed`` seeds the Monte
    Carlo deals (with each decision's index): the same hand gives the same numbers every
    time. Empty for a draw game."""
    advice = []
    for decision in found:
        started = decision.seen.events[0]
        assert isinstance(started, HandStarted)
        if variant_for(started.variant, started.betting).is_draw:
            return ()
        rng = np.random.default_rng((seed, decision.index))
        advice.append(_advise(decision, rng=rng, samples=samples, exact_limit=exact_limit))
    return tuple(advice)


def _advise(
    decision: Decision, *, rng: np.random.Generator, samples: int, exact_limit: int
) -> Advice:
    index, action, seen = decision.index, decision.action, decision.seen
    situation = Situation.of(seen)
    scenario = scenario_of(situation)
    against = tuple(_against(situation, seat) for seat in situation.opponents)
    weigh = range_weights(situation, scenario, [PlayerStats()] * len(situation.opponents))
    exact = enumeration_cost(scenario) <= exact_limit
    work = len(scenario.hands) * EVALUATION_COST[scenario.showdown]
    count = max(MIN_SAMPLES, min(samples, BUDGET // work))
    result = equity(scenario, samples=count, exact_limit=exact_limit, rng=rng, weigh=weigh)
    mine = result.hands[0].equity
    me, legal = situation.seat, situation.legal
    invested, stacks, live = situation.invested, seen.stacks, situation.opponents
    call_total = invested[me] + legal.call_amount
    could_win, cost = _stake(invested, stacks, me, live, call_total, matched=False)
    bet_to = action.amount if action.kind == ActionKind.BET_OR_RAISE else None
    bet = None
    if bet_to is not None:
        won, paid = _stake(invested, stacks, me, live, invested[me] + bet_to - seen.bets[me])
        bet = mine * won - paid
    return Advice(
        index=index,
        seat=me,
        street=seen.street_index,
        action=action,
        pot=situation.pot,
        to_call=legal.call_amount,
        could_win=could_win,
        pot_odds=Fraction(legal.call_amount, could_win) if legal.call_amount else Fraction(0),
        equity=mine,
        error=0.0 if exact else result.error,
        exact=exact,
        deals=result.deals,
        against=against,
        call=mine * could_win - cost,
        bet=bet,
        bet_to=bet_to,
        cards=situation.my_cards,
        board=seen.board,
    )


def _stake(
    invested: Sequence[int],
    stacks: Sequence[int],
    me: int,
    live: Sequence[int],
    total: int,
    *,
    matched: bool = True,
) -> tuple[int, int]:
    """What the seat ``me`` could win and what it pays, putting its hand total to ``total``:
    each live opponent matching it up to its stack (``matched``; else as they stand), the
    part nobody matches coming back, every seat's chips counted up to the seat's own."""
    after = list(invested)
    if matched:
        for seat in live:
            after[seat] = min(invested[seat] + stacks[seat], total)
    mine = min(total, max((after[seat] for seat in live), default=total))
    mine = max(mine, invested[me])
    won = mine + sum(min(chips, mine) for seat, chips in enumerate(after) if seat != me)
    return won, mine - invested[me]


def _against(situation: Situation, seat: int) -> Against:
    """An opponent as the coach reads it: the cards shown, else the range assumed."""
    if _known(situation.view, seat):
        return Against(seat, _cards(situation.view, seat))
    assumed = assumed_range(situation, seat)
    return Against(seat, range=assumed.words(), assumed=assumed)


def _known(seen: HandView, seat: int) -> bool:
    return bool(seen.cards[seat]) and all(card is not None for card in seen.cards[seat])


def _cards(seen: HandView, seat: int) -> tuple[Card, ...]:
    return tuple(card for card in seen.cards[seat] if card is not None)


def assumed_range(situation: Situation, seat: int) -> AssumedRange:
    """The range the opponent model gives ``seat`` (``bots.ranges``)."""
    variant = situation.variant
    if variant.showdown != "high" or variant.is_stud:
        return AssumedRange("unnarrowed")
    prior = PlayerStats()
    raises = situation.aggression_by(seat, 0)
    bets = sum(situation.aggression_by(seat, street) for street in range(1, situation.street + 1))
    after_flop = bool(bets) and len(situation.view.board) >= FLOP_SIZE
    if raises:
        top = reraised_share(prior.pfr, raises)
        return AssumedRange("raised", top, after_flop)
    if situation.entered(seat):
        return AssumedRange("entered", prior.vpip, after_flop)
    return AssumedRange("any_two", 0.0, after_flop)


def range_words(situation: Situation, seat: int) -> str:
    """The range the opponent model gives ``seat`` (``bots.ranges``), in words."""
    return assumed_range(situation, seat).words()


def advice_lines(advice: Advice, name_of: Callable[[int], str], units: Units = CHIPS) -> list[str]:
    """The decision told in words, as ``pokernight replay --coach`` prints it and the
    replayer's panel shows it: the odds, the equity and against what, the worth."""
    held = " ".join(str(card) for card in advice.cards)
    board = " ".join(str(card) for card in advice.board)
    where = f"{held}, board {board}" if board else held
    lines = [f"{name_of(advice.seat)} ({where}) {_did(advice.action, units)}."]
    if advice.to_call:
        lines.append(
            f"Pot odds: {units.amount(advice.to_call)} to call to win "
            f"{units.amount(advice.could_win)}: "
            f"a call needs {_percent(float(advice.pot_odds))} equity."
        )
    else:
        lines.append(f"Nothing to call; the pot is {units.amount(advice.pot)}.")
    lines.append(f"Equity: {equity_words(advice)} {against_words(advice, name_of)}.")
    worth = " · ".join(worth_words(advice, units))
    lines.append(f"Worth, in chips from here (all in, no more betting): {worth}.")
    return lines


def equity_words(advice: Advice) -> str:
    if advice.exact and advice.deals == 1:
        return f"{_percent(advice.equity)} (exact: no card to come)"
    if advice.exact:
        return f"{_percent(advice.equity)} (exact, every one of {advice.deals:,} deals)"
    return (
        f"{_percent(advice.equity)} ± {_percent(advice.error)} "
        f"(Monte Carlo, {advice.deals:,} seeded deals, 95%)"
    )


def against_words(advice: Advice, name_of: Callable[[int], str]) -> str:
    parts = [
        f"{name_of(opponent.seat)}'s {' '.join(str(card) for card in opponent.cards)} (shown)"
        if opponent.shown
        else f"{name_of(opponent.seat)}'s assumed range, not shown ({opponent.range})"
        for opponent in advice.against
    ]
    return "against " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Choice:
    """A choice priced: ``kind`` ("fold", "call", "check", or what the bet made says:
    "bet", "raise", ...), the street total ``bet_to`` of a bet, its ``words``, its worth in
    ``chips`` and whether the player ``made`` it."""

    kind: str
    bet_to: int | None
    words: str
    chips: float
    made: bool


def worth_choices(advice: Advice, units: Units = CHIPS) -> list[Choice]:
    """Each choice priced: fold, call (or check), and the bet or raise made if called."""
    kind = advice.action.kind
    call = "call" if advice.to_call else "check"
    choices = [
        Choice("fold", None, "fold", advice.fold, kind == ActionKind.FOLD),
        Choice(call, None, call, advice.call, kind in (ActionKind.CALL, ActionKind.CHECK)),
    ]
    if advice.bet is not None and advice.bet_to is not None:
        says = advice.action.says or "bet"
        bet_to = units.amount(advice.bet_to)
        made = f"your bet of {bet_to}" if says == "bet" else f"your {says} to {bet_to}"
        choices.append(Choice(says, advice.bet_to, f"{made} if called", advice.bet, True))
    return choices


def worth_words(advice: Advice, units: Units = CHIPS) -> list[str]:
    return [
        f"{choice.words} {units.signed(choice.chips)}" for choice in worth_choices(advice, units)
    ]


def _did(action: ActionTaken, units: Units) -> str:
    says = action.says or str(action.kind)
    said = {"fold": "folded", "check": "checked", "call": "called", "bet": "bet"}.get(says)
    if said is None:
        said = f"{says}d" if says.endswith("e") else f"{says}ed"
    if action.amount is not None and says not in ("fold", "check", "call"):
        said += f" {'' if says == 'bet' else 'to '}{units.amount(action.amount)}"
    return said + (" (all in)" if action.all_in else "")


def _percent(share: float) -> str:
    return f"{share * 100:.1f}%"
