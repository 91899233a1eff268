"""The page's side of showing one card and of the 7-2 bounty, in a real Chromium.

The table's state takes a card shown by choice (one of two: the other stays face down)
and a bounty paid; the dealer's lines for both are the server's (decision 83), which the
page words by their code, who paid what item by item; the seat's controls offer a
button for each of the player's own cards still face down (saved as
tests/artifacts/show-one-card.png).
"""

from __future__ import annotations

from typing import Any

from tests.web_helpers import ARTIFACTS, module_page

SCRIPT = """async () => {
    const { TableState } = await import('/js/state.js');
    const { SeatControls } = await import('/js/seat_controls.js');
    const state = new TableState('ann');
    const seat = (number, id, name, stack) => ({ seat: number, player_id: id, name, stack,
      sitting_out: false, waiting: false, posting: false, can_post_big_blind: false,
      missed_hand: false, queued: 0, bot: null, program: false, may_show: true, rebuy: null });
    state.seats = new Map([[0, seat(0, 'ann', 'Ann', 1040)], [3, seat(3, 'bob', 'Bob', 980)]]);
    state.lastHand = state.newHand({ hand_number: 7, seats: [0, 3], stacks: [1000, 1000] });
    state.lastHand.cards = [[{ card: '7s', up: false }, { card: '2c', up: false }],
      [{ card: null, up: false }, { card: null, up: false }]];
    const sent = [];
    const controls = new SeatControls('1234', async (intent) => { sent.push(intent); });
    document.body.append(controls.element);
    controls.render(state);
    window.shown = { state, controls, sent };
    return [...controls.element.querySelectorAll('.show-card')].map((b) => b.textContent);
}"""

SHOW_THE_SEVEN = """async () => {
    const { state, controls, sent } = window.shown;
    controls.element.querySelector('.show-card').click();
    // The server's answers: Ann's seven, then Bob shows one card of his own, then her deuce
    // and the bounty it pays.
    state.fold({ type: 'CardsShownByChoice', hand_number: 7, seat: 0, cards: ['7s'] });
    state.fold({ type: 'CardsShownByChoice', hand_number: 7, seat: 3, cards: ['Kd'] });
    controls.render(state);
    const after = [...controls.element.querySelectorAll('.show-card')].map((b) => b.textContent);
    state.fold({ type: 'CardsShownByChoice', hand_number: 7, seat: 0, cards: ['2c'] });
    state.fold({ type: 'BountyPaid', hand_number: 7, seat: 0, payments: [[3, 50]] });
    return { after, sent, cards: state.lastHand.cards,
      chat: state.chat.map((line) => line.text) };
}"""

# The server's line for the bounty, as the room sends it (server/tables/dealer.py).
WORD_THE_BOUNTY = """async () => {
    const { chatWords } = await import('/js/panels.js');
    return chatWords({ type: 'chat', name: 'Dealer', dealer: true, code: 'bounty_paid',
      text: 'the English of the server', params: { name: 'Ann', amount: 1540, number: '7',
      from: [{ amount: 1500, name: 'Bob' }, { amount: 40, name: 'Cy' }] } });
}"""


def test_one_card_is_shown_at_a_time_and_the_bounty_is_told(browser: Any) -> None:
    page = module_page(browser)
    assert page.evaluate(SCRIPT) == ["Show 7♠", "Show 2♣"]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator(".seat-controls").screenshot(path=str(ARTIFACTS / "show-one-card.png"))
    told: dict[str, Any] = page.evaluate(SHOW_THE_SEVEN)
    assert told["sent"][0] == {"type": "show_cards", "cards": ["7s"]}
    # Her seven is up, so only the deuce is offered (one card left: "Show my last hand").
    assert told["after"] == []
    assert told["cards"][0] == [{"card": "7s", "up": True}, {"card": "2c", "up": True}]
    # Bob's shown king takes the place of one back; the other stays face down.
    assert told["cards"][1] == [{"card": "Kd", "up": True}, {"card": None, "up": False}]
    # The page words no dealer line of its own: a reload would lose it (decision 83).
    assert told["chat"] == []
    assert page.evaluate(WORD_THE_BOUNTY) == (
        "Ann wins the 7-2 bounty: 1,540 (1,500 from Bob, 40 from Cy), hand #7"
    )
    page.close()
