"""Deciding what a player does in the hand: act (the clock's timeouts too), show cards
after it, and the turn's clock starting again after the table stopped.

The table checks who may act and whether the clock's move is due; the hand engine
(``pokernight.rules``) says whether the action is legal, and its reason is passed on.
"""

from __future__ import annotations

from pokernight.cards import Card, parse_card
from pokernight.rules import Action, ActionKind, Hand, RulesError
from pokernight.table.commands import Act, ShowCards, decides
from pokernight.table.errors import TableError
from pokernight.table.events import CardsShownByChoice, ClockRestarted, PlayerActed, TableEvent
from pokernight.table.state import TableState


def act(table: TableState, command: Act, now: float) -> list[TableEvent]:
    hand, started = table.hand, table.started
    if hand is None or started is None:
        raise TableError("no_hand")
    number = table.seat_of(command.player_id)
    if number not in started.seats:
        raise TableError("not_in_hand")
    if table.seats[number].removed and not command.timed_out:
        # The clock plays a removed player's turns at once: nobody else may.
        raise TableError("removed_played_out")
    action = Action(
        started.seats.index(number),
        action_kind(command.kind),
        command.amount,
        discards(command.cards),
    )
    # The clock's act says whether it skipped an absent player's time bank: the
    # table cannot see who has a page open, the server can.
    present = () if command.absent else None
    if command.timed_out and table.tick(now, present) != command:
        raise TableError("time_left", seat=number)
    verify_action(hand, action)
    return [
        PlayerActed(
            started.hand_number,
            number,
            command.kind,
            command.amount,
            now,
            command.timed_out,
            command.absent,
            tuple(str(card) for card in action.cards),
        )
    ]


def restart_clock(table: TableState, now: float) -> ClockRestarted:
    """The turn timed from ``now``: refused when nobody is to act (no turn to time)."""
    table.seat_to_act()  # nobody to act: no turn to time
    assert table.started is not None
    return ClockRestarted(table.started.hand_number, now)


@decides(ShowCards)
def show_cards(table: TableState, command: ShowCards) -> list[TableEvent]:
    number = table.seat_of(command.player_id)
    started = table.last_started
    if started is None or number not in started.seats:
        raise TableError("no_cards_to_show")
    if table.started is not None:
        raise TableError("cards_mucked")
    unshown = table.unshown_cards(number)
    if not unshown:
        raise TableError("cards_shown_already")
    cards = unshown if command.cards is None else _chosen(table, number, command.cards)
    return [CardsShownByChoice(started.hand_number, number, cards)]


def _chosen(table: TableState, number: int, chosen: tuple[str, ...]) -> tuple[str, ...]:
    """``chosen``, checked: some of the seat's cards of the last hand, not shown yet."""
    if not chosen:
        raise TableError("name_cards")
    unshown = table.unshown_cards(number)
    for text in chosen:
        if text in unshown:
            continue
        if text in table.shown_cards(number):
            raise TableError("card_shown_already", card=text)
        raise TableError("not_your_card", card=text)
    # In the order dealt, each once, however they were named.
    return tuple(card for card in unshown if card in chosen)


def verify_action(hand: Hand, action: Action) -> None:
    """Raise a TableError with the engine's reason if ``hand`` would refuse ``action``."""
    try:
        hand.verify(action)
    except RulesError as error:
        raise TableError.like(error) from None


def discards(texts: tuple[str, ...]) -> tuple[Card, ...]:
    """A draw's discards from their text ("Ah"), or a TableError saying which is no card."""
    try:
        return tuple(parse_card(text) for text in texts)
    except ValueError as error:
        raise TableError("discard_not_a_card", detail=str(error)) from None


def action_kind(text: str) -> ActionKind:
    try:
        return ActionKind(text)
    except ValueError:
        known = ", ".join(kind.value for kind in ActionKind)
        raise TableError("not_an_action_known", kind=text, known=known) from None
