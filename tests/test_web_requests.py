"""A page's requests (``web/js/connection.js``, issue 31): ids that never repeat in a
session, a "done already" answer to a fresh click that is not silent, and a table screen
that leaves no keys behind when it is built again.

Back from a replay, the table screen was built again with a new connection whose ids
counted from 1 again in the same session: the server took each new click for a resend
of the old screen's and did nothing, silently; the old screen's keys still acted through
its closed socket.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web_helpers import module_page

CONNECTIONS = """async (count) => {
    const { Connection } = await import('/js/connection.js');
    const { TableState } = await import('/js/state.js');
    const listener = { changed() {}, status() {}, chat() {}, fatal() {} };
    const ids = [];
    for (let screen = 0; screen < count; screen += 1) {  // a table screen built again
        const connection = new Connection('1234', 'token', new TableState(null), listener);
        for (let click = 0; click < 3; click += 1) connection.send({ type: 'chat', text: 'hi' });
        ids.push(...connection.pending.keys());
    }
    return ids;
}"""

DUPLICATE = """async (resent) => {
    const { Connection } = await import('/js/connection.js');
    const { TableState } = await import('/js/state.js');
    const listener = { changed() {}, status() {}, chat() {}, fatal() {} };
    const connection = new Connection('1234', 'token', new TableState(null), listener);
    connection.socket = { send() {} };
    const answer = connection.send({ type: 'act', kind: 'fold' });
    if (resent) connection.receive({ type: 'welcome', player_id: '1' });  // sent again
    const [id] = connection.pending.keys();
    connection.receive({ type: 'ack', ref: id, duplicate: true, v: 7 });
    return answer.then(() => 'carried out', (refused) => refused.message);
}"""

KEYS_AFTER_CLOSE = """async () => {
    const { ActionBar } = await import('/js/action_bar.js');
    const sent = [];
    const bar = new ActionBar((intent) => { sent.push(intent.kind); return Promise.resolve(); });
    bar.legal = { can_check: false, can_call: true, call_amount: 10, min_raise_to: 20,
                  max_raise_to: 100, can_fold: true };
    bar.fold.disabled = false;  // as update() leaves it at the player's turn
    const press = () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'f' }));
    press();
    bar.close();
    press();
    return sent;
}"""


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    return module_page(browser)


def test_request_ids_never_repeat_in_a_session_across_the_pages_screens(page: Any) -> None:
    ids = page.evaluate(CONNECTIONS, 4)
    assert len(ids) == 12 and len(set(ids)) == 12
    again = page.evaluate(CONNECTIONS, 2)  # later in the same session: still new ids
    assert not set(again) & set(ids)


def test_a_done_already_answer_to_a_fresh_click_is_shown_and_to_a_resend_is_not(
    page: Any,
) -> None:
    assert page.evaluate(DUPLICATE, False).startswith(
        "the room took this for a request it had already carried out"
    )
    assert page.evaluate(DUPLICATE, True) == "carried out"


def test_a_closed_action_bar_no_longer_acts_on_its_keys(page: Any) -> None:
    assert page.evaluate(KEYS_AFTER_CLOSE) == ["fold"]
