"""The club in a real Chromium (issues 18 and 30): the door, players who come back, a second
device signed in with a claim code, the season page (standings, settle-up, a payment
recorded by one side and confirmed by the other, the graph, the statistics, the nights,
the hand search), any night's hand replayed from it, and a guest's seat claimed.

Alice opens the organiser's link the room's console printed and joins the club, then
starts a table from the lobby; Bob joins by her invite link as a member (her word), Carol
as a guest; Python protocol clients play their seats (the tokens the pages keep) so that
chips move. At a second table Bob, on a new phone, types his name: the page asks "is this
you?", and the code his first browser shows signs the phone in. Carol, invited into the
club later, says her guest seat was her. Screenshots go to tests/artifacts/club/.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from pokernight.client import TableClient
from tests.server_helpers import bet_then_call, play_hands_then_pause
from tests.web_helpers import (
    ARTIFACTS,
    found_the_club,
    get_as_member,
    invite_link,
    served_room,
    shown,
    stored_device,
    stored_seat,
    watched_page,
)

pytestmark = pytest.mark.slow

Json = dict[str, Any]
SHOTS = ARTIFACTS / "club"
HANDS = 4


async def _play(url: str, code: str, seats: list[Json], hands: int) -> None:
    """The players' seats, through the tokens their pages keep: sit, deal, play, pause."""
    clients = [TableClient(url, code, seat["token"]) for seat in seats]
    for number, client in enumerate(clients):
        await client.connect()
        await client.sit(number, 1_000)
    await clients[0].start()
    await play_hands_then_pause(clients, hands, bet_then_call)
    for client in clients:
        await client.disconnect()


def _create(page: Any, url: str, name: str) -> str:
    page.goto(f"{url}/")
    page.fill("#create-name", name)
    page.click("#create-submit")
    page.wait_for_url(lambda address: "#" in address and address.split("#")[1].isdigit())
    return str(page.url.split("#")[1])


def _join(page: Any, link: str, name: str, *, remember: bool = True) -> None:
    page.goto(link)
    shown(page, "#join-name")  # once CI waited 40 s for it in vain: what did the page say?
    page.fill("#join-name", name)
    if not remember:
        page.uncheck("form.join-here input.remember")
    page.click("form.join-here button[type=submit]")
    page.wait_for_selector(".spectator-area .hint")


def test_members_come_back_and_the_season_is_theirs(browser: Any, tmp_path: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    with served_room(tmp_path, hand_pause=0.2) as url, ThreadPoolExecutor(1) as pool:
        alice = watched_page(browser, viewport={"width": 1280, "height": 900})
        bob = watched_page(browser, viewport={"width": 1280, "height": 900})
        carol = watched_page(browser, viewport={"width": 1280, "height": 900})
        found_the_club(alice, tmp_path, "Alice")
        alice.screenshot(path=str(SHOTS / "founded.png"), full_page=True)
        first = _create(alice, url, "Alice")
        link = invite_link(alice)
        _join(bob, link, "Bob")
        _join(carol, link, "Carol", remember=False)
        assert carol.evaluate("localStorage.getItem('pokernight.device')") is None
        seats = [stored_seat(page, first) for page in (alice, bob, carol)]
        pool.submit(asyncio.run, _play(url, first, seats, HANDS)).result()

        # A second night: Bob on a new phone. His name is a member's: "is this you?".
        alice.goto(f"{url}/")
        assert alice.locator("#create-name").input_value() == "Alice"  # signed in: her name
        assert alice.locator("#create-name ~ .member-choice .member-note").is_visible()
        second = _create(alice, url, "Alice")
        phone = watched_page(browser, viewport={"width": 390, "height": 844}, is_mobile=True,
                             has_touch=True)  # fmt: skip
        phone.goto(invite_link(alice))
        phone.fill("#join-name", "bob")
        phone.click("form.join-here button[type=submit]")
        phone.wait_for_selector(".is-this-you")
        phone.screenshot(path=str(SHOTS / "is-this-you-phone.png"), full_page=True)
        bob.goto(f"{url}/#club")
        bob.click("#club-new-code")
        code = bob.locator("#club-device-code .claim-code").inner_text()
        bob.screenshot(path=str(SHOTS / "sign-in-another-device.png"))
        phone.fill("#claim-code", code)
        phone.click("#claim-submit")
        phone.wait_for_selector(".spectator-area .hint")
        assert stored_device(phone) != stored_device(bob)
        dan = watched_page(browser, viewport={"width": 1280, "height": 900})
        _join(dan, invite_link(alice), "Dan")
        seats = [stored_seat(page, second) for page in (alice, phone, dan)]
        assert seats[1]["name"] == "Bob"
        pool.submit(asyncio.run, _play(url, second, seats, HANDS)).result()

        season = get_as_member(f"{url}/api/club/season", stored_device(alice))
        by_name = {row["name"]: row for row in season["standings"]}
        assert by_name["Bob"]["nights"] == 2 and by_name["Alice"]["nights"] == 2
        assert by_name["Carol"]["member_id"] is None  # a guest

        # The season page, as Alice sees it.
        alice.goto(f"{url}/#club")
        alice.wait_for_selector("#club-standings table")
        rows = alice.locator("#club-standings tbody tr")
        assert rows.count() == len(season["standings"])
        shown = {
            row.locator("th").inner_text().removesuffix(" (guest)"): row.locator(
                ".balance"
            ).inner_text()
            for row in rows.all()
        }
        for name, row in by_name.items():
            balance = row["balance"]
            assert shown[name] == (f"+{balance:,}" if balance > 0 else f"{balance:,}")
        transfers = alice.locator("#club-transfers li")
        assert transfers.count() == len(season["settle_up"])
        assert alice.locator(".chart path.series").count() >= 3
        alice.wait_for_selector("#hand-search-results li")
        assert alice.locator("#hand-search-results li").count() == 2 * HANDS
        assert alice.locator("#club-organise #club-log").count() == 1  # she organises
        alice.screenshot(path=str(SHOTS / "season.png"), full_page=True)

        # A transfer of Alice's recorded on her page: it waits for the other side's word.
        mine = [
            t
            for t in season["settle_up"]
            if season["me"]["key"] in (t["payee"], t["payer"])
            and t["payer"].startswith("member:")
            and t["payee"].startswith("member:")
        ]
        assert alice.locator("#club-transfers .mark-paid").count() == len(mine)
        if mine:
            alice.locator("#club-transfers li .mark-paid").first.click()
            alice.wait_for_selector("#club-payments li.waiting")
            other = (
                mine[0]["payer"] if mine[0]["payee"] == season["me"]["key"] else mine[0]["payee"]
            )
            other_page = {by_name["Bob"]["key"]: bob, by_name["Dan"]["key"]: dan}[other]
            other_page.goto(f"{url}/#club")
            other_page.reload()  # the page may be at #club already: the season read anew
            other_page.click("#club-payments .confirm-payment")
            other_page.wait_for_selector("#club-payments li.payment:not(.waiting)")
            paid = get_as_member(f"{url}/api/club/season", stored_device(alice))["payments"]
            assert paid[0]["amount"] == mine[0]["amount"] and paid[0]["counts"]

        # Bob's showdowns, then the first of them replayed: his own cards at the deal.
        alice.select_option("#hand-search-player", by_name["Bob"]["key"])
        alice.check("#hand-search-showdown")
        alice.click("#hand-search-submit")
        alice.locator("#hand-search-count").filter(has_text="hand").wait_for()
        found = get_as_member(
            f"{url}/api/club/hands?player={by_name['Bob']['key']}&showdown=1", stored_device(alice)
        )
        assert alice.locator("#hand-search-results li").count() == len(found["hands"])
        alice.locator("#hand-search-results a.replay-link").first.click()
        alice.wait_for_selector("body[data-replay-step='0']")
        assert "#club/table/" in alice.url
        alice.keyboard.press("End")
        alice.wait_for_timeout(600)
        alice.screenshot(path=str(SHOTS / "club-replay.png"), full_page=True)

        # On Bob's phone: the season fits a phone's width.
        phone.goto(f"{url}/#club")
        phone.wait_for_selector("#club-standings table")
        phone.wait_for_timeout(300)
        phone.screenshot(path=str(SHOTS / "season-phone.png"), full_page=True)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the club page is {width} px wide on a 390 px screen"
        assert phone.locator("#club-me").inner_text() == "Bob"
        phone.locator("#club-device-list li").nth(1).wait_for()  # his browser and this phone
        assert phone.locator("#club-device-list li strong").inner_text() == "This browser"
        assert phone.locator("#club-organise").count() == 0  # Alice organises, not Bob
        assert alice.locator("#club-organise").count() == 0  # on the replay now

        # Carol, a guest that night, is invited into the club: her seat was her.
        alice.goto(f"{url}/#club")
        alice.click("#club-new-invite")
        carol.goto(alice.locator("#club-invite-link input").input_value())
        carol.fill("#club-invite-name", "Caroline")
        carol.click("#club-invite-submit")
        carol.wait_for_selector("#club-my-seats .claim-seat")
        carol.locator("#club-my-seats .claim-seat").first.click()
        # The page is drawn anew with her night (she had none before) and still says why
        # (it once said so only until the new page wiped it).
        carol.wait_for_selector("#club-nights li.night")
        assert "is yours in the season" in carol.locator("#who-is-who-note").inner_text()
        carol.screenshot(path=str(SHOTS / "guest-seat-claimed.png"), full_page=True)
        after = get_as_member(f"{url}/api/club/season", stored_device(carol))
        assert [row["nights"] for row in after["standings"] if row["name"] == "Caroline"] == [1]
        for page in (alice, bob, carol, phone, dan):
            assert page.errors == [], page.errors
