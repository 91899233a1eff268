"""The hand log tells a bet from a raise (``web/js/panels.js`` ``handLines``)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web_helpers import module_page


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    return module_page(browser)


def _lines(page: Any, events: list[dict[str, Any]]) -> list[str]:
    lines: list[str] = page.evaluate(
        """async (events) => {
            const m = await import('/js/panels.js');
            return m.handLines(events, (seat) => ['Ann', 'Bob', 'Cy'][seat]);
        }""",
        events,
    )
    return lines


def test_first_chips_of_a_street_are_a_bet_then_a_raise(page: Any) -> None:
    lines = _lines(
        page,
        [
            {"type": "StreetStarted", "name": "flop"},
            {"type": "ActionTaken", "seat": 0, "kind": "bet_or_raise", "amount": 30},
            {"type": "ActionTaken", "seat": 1, "kind": "bet_or_raise", "amount": 90},
            {"type": "StreetStarted", "name": "turn"},
            {"type": "ActionTaken", "seat": 0, "kind": "bet_or_raise", "amount": 40},
        ],
    )
    assert lines == ["— Flop —", "Ann bets 30", "Bob raises to 90", "— Turn —", "Ann bets 40"]


def test_raising_the_big_blind_is_a_raise_and_antes_do_not_count(page: Any) -> None:
    lines = _lines(
        page,
        [
            {"type": "StreetStarted", "name": "preflop"},
            {"type": "AntePosted", "seat": 0, "amount": 5},
            {"type": "BlindPosted", "seat": 1, "kind": "big", "amount": 20},
            {"type": "ActionTaken", "seat": 2, "kind": "bet_or_raise", "amount": 60},
        ],
    )
    assert lines[-1] == "Cy raises to 60"


def test_a_timeout_is_told_as_a_timeout_and_an_all_in_is_marked(page: Any) -> None:
    """The page marks the clock's moves (``PlayerActed.timed_out``) and the all-ins
    (``all_in``, the server's) on their hand events."""
    folded: list[str] = page.evaluate(
        """async () => {
            const { TableState } = await import('/js/state.js');
            const { handLines } = await import('/js/panels.js');
            const state = new TableState('1');
            state.hand = state.newHand({hand_number: 1, seats: [0, 1], stacks: [100, 100]});
            const moves = [
              {type: 'ActionTaken', seat: 0, kind: 'fold', amount: null},
              {type: 'ActionTaken', seat: 1, kind: 'check', amount: null},
            ];
            state.fold({type: 'PlayerActed', seat: 0, timed_out: true, hand: [moves[0]]});
            state.fold({type: 'PlayerActed', seat: 1, timed_out: false, hand: [moves[1]]});
            const shove = {type: 'ActionTaken', seat: 1, kind: 'bet_or_raise', amount: 100};
            state.fold({type: 'PlayerActed', seat: 1, all_in: true, hand: [shove]});
            return handLines(state.hand.events, (seat) => ['Ann', 'Bob'][seat]);
        }"""
    )
    assert folded == ["Ann timed out (folded)", "Bob checks", "Bob bets 100 (all-in)"]


def test_cards_in_a_chat_line_are_drawn_as_faces_and_the_rest_stays_text(page: Any) -> None:
    shown: list[list[str]] = page.evaluate(
        """async () => {
            const { withCardFaces } = await import('/js/cards.js');
            const said = ['I had Ah Kh!', 'Ah well', 'river 10d <b>x</b>', 'As a joke'];
            return said.map((text) => withCardFaces(text).map((node) =>
                typeof node === 'string' ? node : `[${node.getAttribute('aria-label')}]`));
        }"""
    )
    assert shown == [
        ["I had ", "[Ace of hearts]", " ", "[King of hearts]", "!"],
        ["Ah well"],
        ["river ", "[Ten of diamonds]", " <b>x</b>"],
        ["As a joke"],
    ]
