"""The hand log tells each action as the server named it (``web/js/panels.js`` ``handLines``)."""

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


def test_each_action_is_told_as_the_server_named_it(page: Any) -> None:
    lines = _lines(
        page,
        [
            {"type": "StreetStarted", "name": "third"},
            {"type": "BringInPosted", "seat": 2, "amount": 10, "all_in": False},
            {"type": "ActionTaken", "seat": 0, "kind": "bet_or_raise", "amount": 20,
             "says": "complete", "all_in": False},
            {"type": "ActionTaken", "seat": 1, "kind": "bet_or_raise", "amount": 40,
             "says": "raise", "all_in": False},
            {"type": "ActionTaken", "seat": 2, "kind": "call", "amount": 35,
             "says": "call", "all_in": True},
            {"type": "StreetStarted", "name": "fourth"},
            {"type": "ActionTaken", "seat": 0, "kind": "check", "amount": None,
             "says": "check", "all_in": False},
            {"type": "ActionTaken", "seat": 1, "kind": "bet_or_raise", "amount": 20,
             "says": "bet", "all_in": False},
        ],
    )  # fmt: skip
    assert lines == [
        "— Third —",
        "Cy brings in 10",
        "Ann completes to 20",
        "Bob raises to 40",
        "Cy calls 35 (all-in)",
        "— Fourth —",
        "Ann checks",
        "Bob bets 20",
    ]


def test_the_log_says_what_the_server_says_and_works_nothing_out(page: Any) -> None:
    """A "bet" after chips were put in stays a bet: the page does not measure the bets;
    an event without ``says`` (from before it existed) is told by its kind."""
    lines = _lines(
        page,
        [
            {"type": "BlindPosted", "seat": 1, "kind": "big", "amount": 20},
            {"type": "ActionTaken", "seat": 2, "kind": "bet_or_raise", "amount": 60,
             "says": "bet", "all_in": False},
            {"type": "ActionTaken", "seat": 0, "kind": "bet_or_raise", "amount": 90},
        ],
    )  # fmt: skip
    assert lines[1:] == ["Cy bets 60", "Ann bets/raises to 90"]


def test_a_hi_lo_pot_is_told_half_by_half(page: Any) -> None:
    lines = _lines(
        page,
        [
            {"type": "PotAwarded", "index": 0, "amount": 60, "winners": [[1, 45], [2, 15]],
             "description": "high: Flush, Ace high, low: 7-5-4-2-A low",
             "high": [[1, 30]], "low": [[1, 15], [2, 15]]},
            {"type": "PotAwarded", "index": 1, "amount": 20, "winners": [[1, 20]],
             "description": "high: One Pair, Aces, no low", "high": [[1, 20]], "low": []},
        ],
    )  # fmt: skip
    assert lines == [
        "the pot: high Bob 30, low Bob 15, Cy 15 \u2014 high: Flush, Ace high, low: 7-5-4-2-A low",
        "side pot 1: high Bob 20, no low \u2014 high: One Pair, Aces, no low",
    ]


def test_a_hi_lo_winner_is_announced_half_by_half(page: Any) -> None:
    halves = {"index": 0, "amount": 60, "winners": [[1, 45], [2, 15]],
              "description": "high: Flush, Ace high, low: 7-5-4-2-A low",
              "high": [[1, 30]], "low": [[1, 15], [2, 15]]}  # fmt: skip
    scoop = {**halves, "winners": [[0, 60]], "high": [[0, 30]], "low": [[0, 30]]}
    lines = page.evaluate(
        """async (awards) => {
            const m = await import('/js/narrate.js');
            const name = (seat) => ['Ann', 'Bob', 'Cy'][seat];
            return awards.map((award) => m.winnerLines([award], name)[0]);
        }""",
        [halves, scoop],
    )
    assert lines == [
        "Bob 30 with the high, Bob 15 and Cy 15 with the low: high: flush, ace high,"
        " low: 7-5-4-2-A low",
        "Ann scoops 60 with high: flush, ace high, low: 7-5-4-2-A low",
    ]


def test_a_timeout_is_told_as_a_timeout_and_an_all_in_is_marked(page: Any) -> None:
    """The page marks the clock's moves (``PlayerActed.timed_out``) on their hand events;
    an all-in is the hand event's own ``all_in``."""
    folded: list[str] = page.evaluate(
        """async () => {
            const { TableState } = await import('/js/state.js');
            const { handLines } = await import('/js/panels.js');
            const state = new TableState('1');
            state.hand = state.newHand({hand_number: 1, seats: [0, 1], stacks: [100, 100]});
            const moves = [
              {type: 'ActionTaken', seat: 0, kind: 'fold', amount: null, says: 'fold'},
              {type: 'ActionTaken', seat: 1, kind: 'check', amount: null, says: 'check'},
            ];
            state.fold({type: 'PlayerActed', seat: 0, timed_out: true, hand: [moves[0]]});
            state.fold({type: 'PlayerActed', seat: 1, timed_out: false, hand: [moves[1]]});
            const shove = {type: 'ActionTaken', seat: 1, kind: 'bet_or_raise', amount: 100,
                           says: 'bet', all_in: true};
            state.fold({type: 'PlayerActed', seat: 1, hand: [shove]});
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
