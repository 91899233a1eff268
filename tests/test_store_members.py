"""Clubs, members, devices, claim codes and claimed seats in the store (decision 33), on
SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import hashlib
import random
from dataclasses import replace
from typing import Any

import pytest
from alembic import command
from sqlalchemy import Connection, delete, func, insert, select, text, update
from sqlalchemy.exc import IntegrityError

from pokernight.store import MemberError, Store, members, open_store, schema
from pokernight.store.engine import alembic_config, create_engine, database_url
from pokernight.store.members import CLAIM_ALPHABET, CLAIM_CODE_SECONDS, DEFAULT_CLUB_NAME
from tests.async_helpers import scenario

NOW = 1_000_000.0


async def _new_club(store: Store, name: str) -> int:
    """A second club (no store method makes one yet: ``pokernight club add`` will)."""
    async with store.database.transaction() as connection:
        result = await connection.execute(
            insert(schema.clubs).values(name=name, created_at=NOW).returning(schema.clubs.c.id)
        )
        club_id: int = result.scalar_one()
        return club_id


async def _rows(store: Store, table: Any) -> list[dict[str, Any]]:
    async with store.database.transaction() as connection:
        return [dict(row) for row in (await connection.execute(select(table))).mappings()]


async def _club_table(store: Store, club_id: int | None) -> int:
    """A stored table of the club (tables join a club outside the store for now)."""
    table = await store.tables.create_table({}, random.Random(1))
    async with store.database.transaction() as connection:
        await connection.execute(
            update(schema.tables).where(schema.tables.c.id == table.id).values(club_id=club_id)
        )
    return table.id


# Clubs -------------------------------------------------------------------------------------


@scenario
async def test_the_migration_makes_the_default_club(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        assert club.name == DEFAULT_CLUB_NAME
        assert await store.club.default_club() == club
        assert len(await _rows(store, schema.clubs)) == 1


@scenario
async def test_the_default_club_is_made_on_first_use_when_there_is_none(store_url: str) -> None:
    async with await open_store(store_url) as store:
        async with store.database.transaction() as connection:
            await connection.execute(delete(schema.clubs))
        club = await store.club.default_club()
        assert club.name == DEFAULT_CLUB_NAME
        assert await store.club.default_club() == club
        assert [row["id"] for row in await _rows(store, schema.clubs)] == [club.id]


# Members -----------------------------------------------------------------------------------


@scenario
async def test_a_member_is_found_by_any_name_reading_the_same_within_their_club(
    store_url: str,
) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        other_club = await _new_club(store, "Tuesdays")
        alice = await store.club.add_member(club.id, "Alice")
        assert (alice.club_id, alice.name) == (club.id, "Alice")
        assert (
            await store.club.member_named(club.id, "\uff21\uff2c\uff29\uff23\uff25") == alice
        )  # full-width capitals
        assert await store.club.member(alice.id) == alice
        assert await store.club.member_named(club.id, "Bob") is None
        assert await store.club.member_named(other_club, "Alice") is None
        assert await store.club.member(alice.id + 1) is None
        other_alice = await store.club.add_member(other_club, "alice")  # another club's name
        assert await store.club.member_named(other_club, "Alice") == other_alice


@scenario
async def test_a_name_another_member_of_the_club_has_is_refused(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        await store.club.add_member(club.id, "Alice")
        with pytest.raises(MemberError, match="already has a member called Alice: choose"):
            await store.club.add_member(club.id, "ALICE")
        with pytest.raises(MemberError, match=f"there is no club {club.id + 1}"):
            await store.club.add_member(club.id + 1, "Bob")
        assert [row["name"] for row in await _rows(store, schema.members)] == ["Alice"]


@scenario
async def test_the_database_refuses_two_members_not_merged_with_one_name(store_url: str) -> None:
    """The partial unique index, not only the store's check: merged members free a name."""
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        alice = await store.club.add_member(club.id, "Alice")
        row = {"club_id": club.id, "name": "alice", "name_key": "alice", "created_at": NOW}
        async with store.database.transaction() as connection:
            await connection.execute(insert(schema.members).values(**row, merged_into=alice.id))
        with pytest.raises(IntegrityError):
            async with store.database.engine.begin() as connection:
                await connection.execute(insert(schema.members).values(row))


# Merges ------------------------------------------------------------------------------------


@scenario
async def test_a_merged_member_is_read_as_the_one_who_absorbed_them(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        alice = await store.club.add_member(club.id, "Alice")
        ally = await store.club.add_member(club.id, "Ally")
        token = await store.club.add_device(ally.id)
        assert await store.club.merge(alice.id, ally.id) == alice
        assert await store.club.member(ally.id) == alice
        assert await store.club.member_named(club.id, "Ally") == alice
        assert await store.club.member_of_device(token) == alice
        new_ally = await store.club.add_member(club.id, "Ally")  # the name is free again
        assert await store.club.member_named(club.id, "Ally") == new_ally
        rows = {row["id"]: row["merged_into"] for row in await _rows(store, schema.members)}
        assert rows == {alice.id: None, ally.id: alice.id, new_ally.id: None}


@scenario
async def test_merges_that_are_none_cross_clubs_or_would_chain_are_refused(
    store_url: str,
) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        alice, bob, carol = [
            await store.club.add_member(club.id, n) for n in ("Alice", "Bob", "Carol")
        ]
        dan = await store.club.add_member(await _new_club(store, "Tuesdays"), "Dan")
        await store.club.merge(alice.id, bob.id)
        before = await _rows(store, schema.members)
        refusals = [
            (alice.id, alice.id, "Alice cannot be merged into themselves"),
            (alice.id, dan.id, "Alice and Dan are members of different clubs"),
            (carol.id, bob.id, "Bob was merged into another member already"),
            (bob.id, carol.id, "Bob was merged into another member: merge into that one"),
            (carol.id, alice.id, "others were merged into Alice, who cannot be merged now"),
            (alice.id, alice.id + 99, f"there is no member {alice.id + 99}"),
        ]
        for into, other, message in refusals:
            with pytest.raises(MemberError, match=message):
                await store.club.merge(into, other)
        assert await _rows(store, schema.members) == before


# PostgreSQL only (SQLite has one writer at a time: a second merge cannot run meanwhile);
# slow: it gives the second merge half a second to be seen waiting.
@pytest.mark.slow
@pytest.mark.parametrize("store_url", ["postgresql"], indirect=True)
@scenario
async def test_a_merge_waits_for_another_of_the_same_member_and_then_is_refused(
    store_url: str,
) -> None:
    """On PostgreSQL, checks made while another merge is not committed yet would let a
    chain through: the second merge waits for the first's row locks, then sees it."""
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        ann, bea, cat = [await store.club.add_member(club.id, n) for n in ("Ann", "Bea", "Cat")]
        async with store.database.engine.begin() as first:
            await first.run_sync(lambda c: members.merge(c, bea.id, ann.id))
            second = asyncio.ensure_future(store.club.merge(cat.id, bea.id))
            await asyncio.sleep(0.5)
            assert not second.done()
        with pytest.raises(MemberError, match="others were merged into Bea"):
            await second


# Devices -----------------------------------------------------------------------------------


@scenario
async def test_a_device_token_signs_in_as_its_member_and_only_its_hash_is_stored(
    store_url: str,
) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        alice = await store.club.add_member(club.id, "Alice")
        token = await store.club.add_device(alice.id)
        assert len(token) >= 43 and token != await store.club.add_device(alice.id)
        assert await store.club.member_of_device(token) == alice
        assert await store.club.member_of_device(token[:-1]) is None
        devices = {row["token_sha256"]: row for row in await _rows(store, schema.devices)}
        mine = devices[hashlib.sha256(token.encode()).hexdigest()]
        assert mine["member_id"] == alice.id and mine["last_seen"] >= mine["created_at"]
        assert len(devices) == 2 and token not in str(devices)
        with pytest.raises(MemberError, match=f"there is no member {alice.id + 1}"):
            await store.club.add_device(alice.id + 1)


# Claim codes -------------------------------------------------------------------------------


@scenario
async def test_a_claim_code_adds_one_device_once(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        alice = await store.club.add_member(club.id, "Alice")
        code = await store.club.new_claim_code(alice.id, NOW)
        assert len(code) == 6 and set(code) <= set(CLAIM_ALPHABET)
        assert code not in str(await _rows(store, schema.claim_codes))
        typed = f" {code[:3].lower()} {code[3:]}"  # case and spaces do not matter
        member, token = await store.club.claim(typed, NOW + CLAIM_CODE_SECONDS - 1)
        assert member == alice
        assert await store.club.member_of_device(token) == alice
        with pytest.raises(MemberError, match="that code is wrong or was used already: ask"):
            await store.club.claim(code, NOW + 1)
        assert len(await _rows(store, schema.devices)) == 1


@scenario
async def test_a_code_claimed_twice_at_once_adds_one_device(store_url: str) -> None:
    async with await open_store(store_url) as store:
        alice = await store.club.add_member((await store.club.default_club()).id, "Alice")
        code = await store.club.new_claim_code(alice.id, NOW)
        results = await asyncio.gather(
            *(store.club.claim(code, NOW) for _ in range(2)), return_exceptions=True
        )
        assert sum(isinstance(result, MemberError) for result in results) == 1
        assert len(await _rows(store, schema.devices)) == 1


@scenario
async def test_a_wrong_or_expired_code_is_refused_and_changes_nothing(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        alice = await store.club.add_member(club.id, "Alice")
        code = await store.club.new_claim_code(alice.id, NOW)
        wrong = "".join(CLAIM_ALPHABET[(CLAIM_ALPHABET.index(c) + 1) % 17] for c in code)
        with pytest.raises(MemberError, match="that code is wrong or was used already"):
            await store.club.claim(wrong, NOW)
        with pytest.raises(MemberError, match="that code has expired: ask for a new one"):
            await store.club.claim(code, NOW + CLAIM_CODE_SECONDS)
        assert await _rows(store, schema.devices) == []
        assert len(await _rows(store, schema.claim_codes)) == 1
        with pytest.raises(MemberError, match=f"there is no member {alice.id + 1}"):
            await store.club.new_claim_code(alice.id + 1, NOW)


@scenario
async def test_a_new_code_sweeps_away_the_expired_ones(store_url: str) -> None:
    async with await open_store(store_url) as store:
        alice = await store.club.add_member((await store.club.default_club()).id, "Alice")
        await store.club.new_claim_code(alice.id, NOW)
        await store.club.new_claim_code(alice.id, NOW + CLAIM_CODE_SECONDS)
        (kept,) = await _rows(store, schema.claim_codes)
        assert kept["expires_at"] == NOW + 2 * CLAIM_CODE_SECONDS


# Claimed seats -----------------------------------------------------------------------------


@scenario
async def test_a_guest_seat_of_a_club_table_becomes_the_members(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        alice, ally = [await store.club.add_member(club.id, name) for name in ("Alice", "Ally")]
        table_id = await _club_table(store, club.id)
        guest, token = await store.tables.register_player(table_id, "Alice")
        assert guest.member_id is None
        claimed = await store.club.claim_guest(token, alice)
        assert claimed.member_id == alice.id and claimed.name == "Alice"
        assert await store.tables.player_by_token(table_id, token) == claimed
        assert await store.club.claim_guest(token, alice) == claimed  # again: no change
        await store.club.merge(alice.id, ally.id)
        _other, other_token = await store.tables.register_player(
            await _club_table(store, club.id), "A"
        )
        ally_now = await store.club.member(ally.id)  # read as Alice
        assert ally_now is not None
        assert (await store.club.claim_guest(other_token, ally_now)).member_id == alice.id


@scenario
async def test_a_seat_of_another_club_or_member_is_not_claimed(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        alice, bob = [await store.club.add_member(club.id, name) for name in ("Alice", "Bob")]
        dan = await store.club.add_member(await _new_club(store, "Tuesdays"), "Dan")
        seat, token = await store.tables.register_player(await _club_table(store, club.id), "Al")
        clubless, clubless_token = await store.tables.register_player(
            await _club_table(store, None), "Al"
        )
        await store.club.claim_guest(token, alice)
        refusals = [
            (token, bob, f"player {seat.id}'s seat is already another member's"),
            (token, dan, f"player {seat.id} sat at another club's table than Dan's"),
            (clubless_token, alice, f"player {clubless.id}'s table belongs to no club"),
            ("nobody's token", alice, "that seat token is nobody's"),
        ]
        for seat_token, member, message in refusals:
            with pytest.raises(MemberError, match=message):
                await store.club.claim_guest(seat_token, member)
        members = {row["id"]: row["member_id"] for row in await _rows(store, schema.players)}
        assert members == {seat.id: alice.id, clubless.id: None}


# Migration ---------------------------------------------------------------------------------


def _to_0002_with_a_table(connection: Connection) -> None:
    command.upgrade(alembic_config(connection), "0002")
    table = connection.execute(
        text("INSERT INTO tables (code, settings, status, created_at) "
             "VALUES ('0042', '{}', 'closed', 0) RETURNING id")
    ).scalar_one()  # fmt: skip
    for name in ("Ann", "Bob"):
        token_sha256 = hashlib.sha256(name.encode()).hexdigest()
        connection.execute(
            text("INSERT INTO players (table_id, name, name_key, token_sha256, created_at) "
                 "VALUES (:table, :name, :key, :token, 0)"),
            {"table": table, "name": name, "key": name.lower(), "token": token_sha256},
        )  # fmt: skip


@scenario
async def test_tables_stored_at_0002_join_the_default_club_with_guests(store_url: str) -> None:
    engine = create_engine(database_url(store_url))
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_to_0002_with_a_table)
    finally:
        await engine.dispose()
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        (table,) = await _rows(store, schema.tables)
        assert table["club_id"] == club.id
        ann = await store.tables.player_by_token(table["id"], "Ann")
        assert ann is not None and (ann.name, ann.member_id) == ("Ann", None)
        async with store.database.transaction() as connection:
            guests = await connection.execute(
                select(func.count()).where(schema.players.c.member_id.is_(None))
            )
            assert guests.scalar_one() == 2
        member = await store.club.add_member(club.id, "Ann")
        assert await store.club.claim_guest("Ann", member) == replace(ann, member_id=member.id)


def _down_to_0002(connection: Connection) -> None:
    command.downgrade(alembic_config(connection), "0002")


@scenario
async def test_a_downgrade_to_0002_keeps_tables_and_players(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        table_id = await _club_table(store, club.id)
        player, token = await store.tables.register_player(table_id, "Ann")
        await store.club.claim_guest(token, await store.club.add_member(club.id, "Ann"))
        async with store.database.engine.begin() as connection:
            await connection.run_sync(_down_to_0002)
    async with await open_store(store_url) as store:  # and up again: a guest of a new club
        assert await store.tables.player_by_token(table_id, token) == player
        (table,) = await _rows(store, schema.tables)
        assert table["club_id"] == (await store.club.default_club()).id
        assert await _rows(store, schema.members) == []


@scenario
async def test_a_new_table_belongs_to_the_default_club_and_its_guests_can_be_claimed(
    store_url: str,
) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        played = await store.tables.create_table({}, random.Random(1))
        _seat, token = await store.tables.register_player(played.id, "Alice")
        alice = await store.club.add_member(club.id, "Alice")
        assert (await store.club.claim_guest(token, alice)).member_id == alice.id
        clubs = {row["id"]: row["club_id"] for row in await _rows(store, schema.tables)}
        assert clubs == {played.id: club.id}
