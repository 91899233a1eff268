"""Bots remember the club's members from one table to the next (issue 18, decision 35)."""

from __future__ import annotations

from pathlib import Path

from pokernight.client import TableClient, create_table
from pokernight.table import Table
from tests.server_helpers import (
    club_founder,
    passive,
    play_hands_then_pause,
    scenario,
    serving_app,
)
from tests.test_protocol_bots import QUICK_BOTS

HANDS = 3


async def _night_with_a_bot(url: str, device: str, hands: int) -> str:
    """Bob, a member, hosts a table with a bot and plays ``hands`` hands: his player id."""
    created = await create_table(url, "Bob", QUICK_BOTS, device=device)
    bob = TableClient(url, created["code"], created["token"])
    await bob.connect()
    await bob.sit(0, 1_000)
    await bob.request({"type": "add_bot", "seat": 1, "level": "medium"})
    await bob.start()
    await play_hands_then_pause([bob], hands, passive)
    await bob.disconnect()
    player_id: str = created["player_id"]
    return player_id


def _finished(table: Table) -> int:
    """The hands the table finished (one may have been dealt before the pause)."""
    return table.hand_number - (table.hand is not None)


@scenario
async def test_a_bot_knows_next_week_what_the_club_learned_of_a_member(tmp_path: Path) -> None:
    async with serving_app(tmp_path) as (url, app):
        lobby = app.state.lobby
        device = await club_founder(url, tmp_path, "Bob")
        first_seat = await _night_with_a_bot(url, device, HANDS)
        club = await lobby.store.club.default_club()
        member = await lobby.store.club.member_of_device(device)
        for actor in lobby.actors.values():
            await actor.bots.memory.settle()
        stored = await lobby.store.club.opponent_models(club.id, [member.id])
        first_night = next(a for a in lobby.actors.values() if a.record.id == 1)
        assert stored[member.id]["hands"] == first_night.bots.model[first_seat].hands
        assert stored[member.id]["hands"] == _finished(first_night.table) >= HANDS

        second_seat = await _night_with_a_bot(url, device, 1)
        for actor in lobby.actors.values():
            await actor.bots.memory.settle()
        second_night = next(a for a in lobby.actors.values() if a.record.id == 2)
        remembered = second_night.bots.model[second_seat].hands
        # Last week's hands and tonight's: the bot did not start Bob from nothing.
        assert remembered == stored[member.id]["hands"] + _finished(second_night.table)
        again = await lobby.store.club.opponent_models(club.id, [member.id])
        assert again[member.id]["hands"] == remembered
