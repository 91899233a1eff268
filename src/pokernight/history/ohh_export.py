"""Writing one of our hands as Open Hand History (OHH) JSON, from its events.

OHH (https://hh-specs.handhistory.org/, version 1.4.7) is the JSON hand history that
PokerTracker and other trackers read: one ``{"ohh": {...}}`` object per hand, hands a
blank line apart in a ``.ohh`` file (its "storage format"). Choices, and what is left
out (docs/decisions/0066-ohh-and-pokerstars-export.md):

- Games: OHH's ``game_type`` names Holdem, Omaha, OmahaHiLo, Stud, StudHiLo and Draw,
  but its rounds are named only Preflop, Flop, Turn, River and Showdown and it has no
  discard action: stud's five betting rounds and a draw's discards cannot be written.
  So Hold'em and Omaha (high, hi-lo), in every betting structure, are written; every
  other game is refused by name (``OhhError``), as is a double board (two boards dealt
  at once, each for half the pot: a round has one list of cards).
- Players: ``id`` is the hand seat (from 0), ``seat`` the table seat (from 1);
  ``dealer_seat`` the button's table seat.
- Forced bets: "Post Ante" (a bomb pot's too: its preflop round then has no betting),
  "Post SB", "Post BB", "Straddle" (each straddle and re-straddle), "Post Extra Blind"
  (a big blind posted to be dealt in). A dead small blind nobody posted is not written.
- Amounts are chips (``currency`` "XPM", OHH's play money). A call's, bet's or raise's
  ``amount`` is the chips the action put in (OHH: a raise's amount is what the player
  added), never a total.
- An uncalled bet returned has no OHH action: readers take it from the actions (the
  bet nobody matched), and the pots hold only the chips that were in them.
- A board run twice: the flag ``Run_It_Twice``, the streets dealt again as rounds of
  their own (OHH: the same street may come twice, in round order), one Showdown round per
  run, and each pot's two halves as one pot whose wins add up both runs.
- Cards: as the view given saw them. ``hero_player_id`` names the player whose export it
  is (their own hole cards, "Dealt Cards"); without one the hand is flagged
  ``Observed`` (a spectator's record: no hole cards but those shown).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from pokernight.history.pokerstars_export import hand_id
from pokernight.history.table_export import PlayedHand
from pokernight.rules import Hand, visible_events
from pokernight.rules.events import (
    ActionTaken,
    AntePosted,
    BlindPosted,
    CardsDealt,
    CardsMucked,
    CardsShown,
    Event,
    HandStarted,
    PotAwarded,
    SecondRunStarted,
    StreetStarted,
)
from pokernight.rules.stakes import BettingStructure
from pokernight.rules.variants import variant_for

SPEC_VERSION: Final = "1.4.7"
INTERNAL_VERSION: Final = "1.0.0"  # the version of this writer

GAME_TYPES: Final = {
    "nlhe": "Holdem",
    "plhe": "Holdem",
    "flhe": "Holdem",
    "nlo": "Omaha",
    "plo": "Omaha",
    "plo8": "OmahaHiLo",
    "o8": "OmahaHiLo",
}
"""Our variant -> OHH's ``game_type`` (the betting structure is ``bet_limit``'s)."""

BET_TYPES: Final = {
    BettingStructure.NO_LIMIT: "NL",
    BettingStructure.POT_LIMIT: "PL",
    BettingStructure.FIXED_LIMIT: "FL",
}

STREETS: Final = {"preflop": "Preflop", "flop": "Flop", "turn": "Turn", "river": "River"}

BLIND_ACTIONS: Final = {
    "small": "Post SB",
    "big": "Post BB",
    "straddle": "Straddle",
    "posted": "Post Extra Blind",
}


class OhhError(ValueError):
    """A hand that Open Hand History cannot hold (the reason is the message)."""


def ohh_game_type(started: HandStarted) -> str:
    """OHH's ``game_type`` for the hand; ``OhhError`` names a game it has no form for."""
    if started.double_board:
        raise OhhError("Open Hand History has no form for a double board (one board a round)")
    game = GAME_TYPES.get(started.variant)
    if game is not None:
        return game
    variant = variant_for(started.variant)
    if variant.is_stud:
        why = "its rounds are named Preflop to River only: stud's five streets have no names"
    elif variant.is_draw:
        why = "it has no discard: a draw cannot be written"
    elif variant.deck == "short":
        why = "it has no short-deck game"
    else:
        why = "it has no such game"
    raise OhhError(f"Open Hand History has no form for {variant.name} ({why})")


@dataclass(frozen=True, slots=True)
class OhhTable:
    """What the hand object says beyond the hand: its number (``game_number``), the
    table's name and size, when the hand began (seconds since the epoch), each hand
    seat's table seat number (1-based; default 1, 2, 3...) and the button's."""

    number: str = "1"
    name: str = "pokernight"
    max_seats: int = 9
    at: float = 0.0
    seat_numbers: tuple[int, ...] = ()
    button_seat: int | None = None


def to_ohh(
    hand: Hand,
    names: Sequence[str],
    events: Sequence[Event] | None = None,
    table: OhhTable | None = None,
    hero: int | None = None,
) -> dict[str, Any]:
    """The finished ``hand`` as one OHH object (``{"ohh": {...}}``), ready for ``json``.

    ``names``: the players' names by hand seat; ``events``: the hand's events as one view
    saw them (default: every card); ``hero``: the hand seat whose record it is.
    """
    events = hand.events if events is None else events
    started = events[0]
    assert isinstance(started, HandStarted)
    game_type = ohh_game_type(started)
    info = table or OhhTable()
    seat_numbers = info.seat_numbers or tuple(range(1, len(started.stacks) + 1))
    button = info.button_seat if info.button_seat is not None else seat_numbers[started.button]
    stakes = started.stakes
    writer = _Rounds()
    for event in events[1:]:
        writer.add(event)
    flags = ["Run_It_Twice"] if writer.runs > 1 else []
    if hero is None:
        flags.append("Observed")
    body: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": "pokernight",
        "network_name": "pokernight",
        "internal_version": INTERNAL_VERSION,
        "tournament": False,
        "game_number": info.number,
        "start_date_utc": _utc(info.at),
        "table_name": info.name,
        "game_type": game_type,
        "bet_limit": {"bet_type": BET_TYPES[BettingStructure(started.betting)], "bet_cap": 0},
        "table_size": info.max_seats,
        "currency": "XPM",
        "dealer_seat": button,
        "small_blind_amount": stakes.small_blind,
        "big_blind_amount": stakes.big_blind,
        "ante_amount": started.bomb_pot or stakes.ante or stakes.big_blind_ante,
    }
    if hero is not None:
        body["hero_player_id"] = hero
    body["flags"] = flags
    body["players"] = [
        {"id": seat, "seat": seat_numbers[seat], "name": names[seat], "starting_stack": stack}
        for seat, stack in enumerate(started.stacks)
    ]
    body["rounds"] = writer.finished()
    body["pots"] = writer.pots()
    return {"ohh": body}


def played_to_ohh(
    played: PlayedHand,
    code: str,
    max_seats: int,
    as_seat: int | None = None,
    all_cards: bool = False,
) -> dict[str, Any]:
    """A table's finished hand as OHH: every card (``all_cards``), as the hand seat
    ``as_seat`` saw it (its hero), or as a spectator saw it."""
    if all_cards:
        events: Sequence[Event] = played.hand.events
    else:
        events = visible_events(played.hand.events, as_seat)
    info = OhhTable(
        number=str(hand_id(played, code)),
        name=f"pokernight {code}",
        max_seats=max_seats,
        at=played.started.at,
        seat_numbers=tuple(seat + 1 for seat in played.started.seats),
        button_seat=played.started.button + 1,
    )
    return to_ohh(played.hand, played.names, events, info, as_seat)


def _utc(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


@dataclass(slots=True)
class _Rounds:
    """Turns the events into OHH rounds and pots."""

    rounds: list[dict[str, Any]] = field(default_factory=list)
    number: int = 0  # the last action's ``action_number`` (they run through the hand)
    street_bets: dict[int, int] = field(default_factory=dict)
    runs: int = 1
    showdown: dict[str, Any] | None = None
    showdown_board: int = 0  # the run whose showdown ``showdown`` is
    awards: dict[int, dict[str, int]] = field(default_factory=dict)  # pot -> amount, by seat

    def add(self, event: Event) -> None:
        if isinstance(event, StreetStarted):
            self.street_bets = {}
            self.showdown = None
            self._round(STREETS[event.name])
        elif isinstance(event, SecondRunStarted):
            self.runs = 2
        elif isinstance(event, AntePosted):
            self._act(event.seat, "Post Ante", event.amount)
        elif isinstance(event, BlindPosted):
            self.street_bets[event.seat] = event.amount
            self._act(event.seat, BLIND_ACTIONS[event.kind], event.amount)
        elif isinstance(event, CardsDealt):
            self._dealt(event)
        elif isinstance(event, ActionTaken):
            self._action(event)
        elif isinstance(event, CardsShown):
            self._showdown_round(event.board)["actions"].append(
                self._action_obj(event.seat, "Shows Cards", cards=[str(c) for c in event.cards])
            )
        elif isinstance(event, CardsMucked):
            self._showdown_round()["actions"].append(self._action_obj(event.seat, "Mucks Cards"))
        elif isinstance(event, PotAwarded):
            pot = self.awards.setdefault(event.index, {"amount": 0})
            pot["amount"] += event.amount
            for seat, chips in event.winners:
                pot[str(seat)] = pot.get(str(seat), 0) + chips

    def finished(self) -> list[dict[str, Any]]:
        return self.rounds

    def pots(self) -> list[dict[str, Any]]:
        return [
            {
                "number": index,
                "amount": pot["amount"],
                "rake": 0,
                "player_wins": [
                    {"player_id": int(seat), "win_amount": chips}
                    for seat, chips in pot.items()
                    if seat != "amount"
                ],
            }
            for index, pot in sorted(self.awards.items())
        ]

    def _round(self, street: str) -> dict[str, Any]:
        new: dict[str, Any] = {"id": len(self.rounds), "street": street, "actions": []}
        if street != "Showdown":
            new["cards"] = []
        self.rounds.append(new)
        return new

    def _showdown_round(self, board: int = 0) -> dict[str, Any]:
        """The Showdown round of run ``board`` (a board run twice has one a run)."""
        if self.showdown is None or board != self.showdown_board:
            self.showdown = self._round("Showdown")
            self.showdown_board = board
        return self.showdown

    def _dealt(self, event: CardsDealt) -> None:
        if event.seat is None:
            self.rounds[-1]["cards"] += [str(card) for card in event.cards]
        elif event.cards:  # cards this view saw
            cards = [str(card) for card in event.cards]
            self.rounds[-1]["actions"].append(
                self._action_obj(event.seat, "Dealt Cards", cards=cards)
            )

    def _action(self, event: ActionTaken) -> None:
        seat, before = event.seat, self.street_bets.get(event.seat, 0)
        if event.kind == "fold":
            self.rounds[-1]["actions"].append(self._action_obj(seat, "Fold"))
            return
        if event.kind == "check":
            self.rounds[-1]["actions"].append(self._action_obj(seat, "Check"))
            return
        assert event.amount is not None
        facing = max(self.street_bets.values(), default=0)
        self.street_bets[seat] = event.amount
        word = "Call" if event.kind == "call" else "Bet" if facing == 0 else "Raise"
        self._act(seat, word, event.amount - before, event.all_in)

    def _act(self, seat: int, action: str, amount: int, all_in: bool = False) -> None:
        if not self.rounds:  # forced bets come in round 0, Preflop
            self._round("Preflop")
        self.rounds[-1]["actions"].append(self._action_obj(seat, action, amount, all_in))

    def _action_obj(
        self,
        seat: int,
        action: str,
        amount: int | None = None,
        all_in: bool = False,
        cards: list[str] | None = None,
    ) -> dict[str, Any]:
        self.number += 1
        obj: dict[str, Any] = {"action_number": self.number, "player_id": seat, "action": action}
        if amount is not None:
            obj["amount"] = amount
            obj["is_allin"] = all_in
        if cards is not None:
            obj["cards"] = cards
        return obj
