"""A test's seeded room (issue 32): a test whose assertions need the cards deals them from
a seed, the same every run; only the environment of ``pokernight serve`` (or an in-process
room's config) can seed it, never a request."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pokernight.cli.serve import TEST_SHUFFLE_SEED, _test_shuffle_seed
from pokernight.client import TableClient
from tests.server_helpers import (
    FAST,
    close_all,
    open_table,
    passive,
    play_until_hand_over,
    scenario,
    serving,
)

HEADS_UP = {"variant": "nlhe", "stakes": {"small_blind": 5, "big_blind": 10}, "seats": 2}


async def _first_deal(tmp_path: Path, seed: int | None) -> list[list[str | None]]:
    """Each player's own cards of the first hand a fresh room deals, and the board."""
    config = replace(FAST, shuffle_seed=seed)
    tmp_path.mkdir()
    async with serving(tmp_path, config) as url:
        code, clients = await open_table(url, HEADS_UP, 2)
        for seat, client in enumerate(clients):
            await client.sit(seat, 500)
        await clients[0].start()
        await play_until_hand_over(clients, 1, passive)
        seen = [_own_cards(client) for client in clients]
        await close_all(clients)
    assert code
    return seen


def _own_cards(client: TableClient) -> list[str | None]:
    hand = client.state.last_hand
    assert hand is not None
    index = hand["seats"].index(client.state.my_seat)
    cards: list[str | None] = [*hand["cards"][index], *hand["board"]]
    return cards


@scenario
async def test_a_seeded_room_deals_the_same_cards_every_time(tmp_path: Path) -> None:
    first = await _first_deal(tmp_path / "a", 7)
    again = await _first_deal(tmp_path / "b", 7)
    other = await _first_deal(tmp_path / "c", 8)
    assert first == again
    assert first != other


def test_only_the_environment_seeds_pokernight_serve(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv(TEST_SHUFFLE_SEED, raising=False)
    assert _test_shuffle_seed() is None
    monkeypatch.setenv(TEST_SHUFFLE_SEED, "12")
    assert _test_shuffle_seed() == 12
    assert "TEST MODE: every deck is dealt from" in capsys.readouterr().err
    monkeypatch.setenv(TEST_SHUFFLE_SEED, "twelve")
    with pytest.raises(ValueError, match="give a whole number"):
        _test_shuffle_seed()
