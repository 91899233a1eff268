"""The settings form (``settings_form.js``): what it sends, and what changing the game keeps."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web_helpers import module_page


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    return module_page(browser)


def test_changing_hold_em_to_omaha_keeps_the_stakes_and_stud_brings_antes(page: Any) -> None:
    stakes: dict[str, Any] = page.evaluate(
        """async () => {
            const { settingsForm, readSettings } = await import('/js/settings_form.js');
            const stakes = { small_blind: 25, big_blind: 50 };
            const form = settingsForm({ variant: 'nlhe', stakes });
            document.body.append(form);
            const game = form.querySelector('[name=variant]');
            const pick = (key) => { game.value = key; game.dispatchEvent(new Event('change')); };
            pick('plo');
            const omaha = readSettings(form).stakes;
            pick('stud');
            const stud = readSettings(form).stakes;
            return { omaha, stud };
        }"""
    )
    assert stakes["omaha"]["small_blind"] == 25 and stakes["omaha"]["big_blind"] == 50
    assert stakes["stud"]["bring_in"] == 10 and "small_blind" not in stakes["stud"]


def test_a_debt_cap_left_empty_is_the_servers_default_and_none_is_asked_for(page: Any) -> None:
    sent: dict[str, Any] = page.evaluate(
        """async () => {
            const { settingsForm, readSettings } = await import('/js/settings_form.js');
            const fresh = settingsForm({});
            const none = settingsForm({ debt_cap: null });
            const set = settingsForm({ debt_cap: 3000 });
            return { fresh: readSettings(fresh), none: readSettings(none), set: readSettings(set) };
        }"""
    )
    assert "debt_cap" not in sent["fresh"]
    assert sent["none"]["debt_cap"] is None
    assert sent["set"]["debt_cap"] == 3000


def test_the_form_comes_in_sections_each_saying_what_it_is_for(page: Any) -> None:
    sections: list[list[str]] = page.evaluate(
        """async () => {
            const { settingsForm } = await import('/js/settings_form.js');
            const form = settingsForm({});
            const text = (part, selector) => part.querySelector(selector).textContent;
            return [...form.querySelectorAll('fieldset.settings-section')].map((part) =>
                [text(part, 'legend'), text(part, '.note')]);
        }"""
    )
    titles = [title for title, _ in sections]
    assert titles == [
        "Game", "Stakes", "Seats and buy-ins", "Clocks", "Blind schedule and dealer's choice",
        "House rules", "Table options", "Stream delay",
    ]  # fmt: skip
    assert all(len(note) > 20 for _, note in sections)


def test_the_stream_delay_is_sent_in_seconds_or_in_actions(page: Any) -> None:
    read: dict[str, Any] = page.evaluate(
        """async () => {
            const { settingsForm, readSettings } = await import('/js/settings_form.js');
            const pick = (initial) => {
                const sent = readSettings(settingsForm(initial));
                return [sent.stream_delay_seconds, sent.stream_delay_actions];
            };
            return { none: pick({}), seconds: pick({ stream_delay_seconds: 30 }),
                     actions: pick({ stream_delay_actions: 4 }) };
        }"""
    )
    assert read == {"none": [0, 0], "seconds": [30, 0], "actions": [0, 4]}


def test_a_games_own_stakes_are_read_and_written_back(page: Any) -> None:
    read: dict[str, Any] = page.evaluate(
        """async () => {
            const { settingsForm, readSettings } = await import('/js/settings_form.js');
            const own = { stud: { ante: 1, bring_in: 3, small_bet: 10, big_bet: 20 },
                          plo: { small_blind: 5, big_blind: 10 } };
            const games = ['nlhe', 'stud', 'plo'];
            const form = settingsForm({ dealers_choice: games, game_stakes: own });
            const typed = form.querySelector('[name=game_stakes]').value;
            let refused = null;
            const bad = settingsForm({});
            bad.querySelector('[name=game_stakes]').value = 'poker 1/2';
            try { readSettings(bad); } catch (error) { refused = error.message; }
            return { typed, sent: readSettings(form).game_stakes, refused };
        }"""
    )
    assert read["typed"] == "stud 1/3/10/20, plo 5/10"
    assert read["sent"]["stud"] == {"ante": 1, "bring_in": 3, "small_bet": 10, "big_bet": 20}
    assert read["sent"]["plo"] == {"small_blind": 5, "big_blind": 10}
    assert read["refused"].startswith('"poker 1/2" is not a game')


def test_the_host_allows_programs_with_a_box_left_unticked_by_default(page: Any) -> None:
    sent: dict[str, Any] = page.evaluate(
        """async () => {
            const { settingsForm, readSettings } = await import('/js/settings_form.js');
            const fresh = settingsForm({});
            const allowing = settingsForm({ allow_programs: true });
            const box = fresh.querySelector('[name=allow_programs]');
            return { fresh: readSettings(fresh).allow_programs, ticked: box.checked,
                     allowing: readSettings(allowing).allow_programs,
                     label: box.closest('label').textContent };
        }"""
    )
    assert sent["fresh"] is False and sent["ticked"] is False
    assert sent["allowing"] is True
    assert "programs may sit" in sent["label"]


def test_a_program_seat_is_badged_as_a_bot_and_a_person_is_not(page: Any) -> None:
    badges: dict[str, Any] = page.evaluate(
        """async () => {
            const { botOf, botBadge } = await import('/js/bot_badge.js');
            const words = (seat) => botBadge(botOf(seat))?.textContent ?? null;
            return {
                program: words({ bot: null, program: true }),
                bot: words({ bot: 'hard', program: false }),
                person: words({ bot: null, program: false }),
                older: words({ bot: null }),
            };
        }"""
    )
    assert badges["program"] is not None and "bot (program)" in badges["program"]
    assert badges["bot"] is not None and "bot (hard)" in badges["bot"]
    assert badges["person"] is None and badges["older"] is None
