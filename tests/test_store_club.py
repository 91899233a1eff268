"""The season in the store (decision 35): a club's tables and who played them, payments,
claims of guest seats and what the bots remember; on SQLite and PostgreSQL."""

from __future__ import annotations

import random

import pytest
from alembic import command
from sqlalchemy import Connection, select, text

from pokernight.store import MemberError, Store, open_store, schema
from pokernight.store.engine import alembic_config
from tests.async_helpers import scenario


async def _seat(store: Store, table_id: int, name: str, member_id: int | None = None) -> int:
    """A player of the table who bought in (a ledger row, as the projection writes it)."""
    player, _ = await store.tables.register_player(table_id, name, member_id=member_id)
    async with store.database.transaction() as connection:
        await connection.execute(
            schema.ledger_entries.insert().values(
                table_id=table_id, hand_number=0, player_id=str(player.id), name=name,
                kind="buy-in", amount=100,
            )
        )  # fmt: skip
    return player.id


@scenario
async def test_the_club_knows_its_tables_and_which_member_played_each_seat(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        alice, ally, bob = [
            await store.club.add_member(club.id, n) for n in ("Alice", "Ally", "Bob")
        ]
        first = await store.tables.create_table({}, random.Random(1))
        second = await store.tables.create_table({}, random.Random(2))
        assert first.club_id == second.club_id == club.id
        assert [table.id for table in await store.club.club_tables(club.id)] == [
            first.id,
            second.id,
        ]
        a1 = await _seat(store, first.id, "Alice", alice.id)
        a2 = await _seat(store, second.id, "Ally", ally.id)
        b1 = await _seat(store, first.id, "Bob", bob.id)
        guest = await _seat(store, second.id, "Carol")
        await store.club.merge(alice.id, ally.id)
        identities = await store.club.club_identities(club.id)
        assert {player: member.name for player, member in identities.items()} == {
            str(a1): "Alice", str(a2): "Alice", str(b1): "Bob",
        }  # fmt: skip
        assert [member.name for member in await store.club.club_members(club.id)] == [
            "Alice",
            "Bob",
        ]
        assert str(guest) not in identities  # Carol is a guest
        assert await store.club.player_of_member(second.id, alice.id) == a2  # merged into Alice
        assert await store.club.player_of_member(second.id, bob.id) is None


@scenario
async def test_payments_are_between_two_members_and_count_on_both_words(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        alice, bob, carol = [
            await store.club.add_member(club.id, n) for n in ("Alice", "Bob", "Carol")
        ]
        paid = await store.club.add_payment(club.id, bob.id, alice.id, 150, recorded_by=alice.id)
        assert (paid.payer.name, paid.payee.name, paid.amount) == ("Bob", "Alice", 150)
        assert not paid.counts
        refusals = [
            (bob.id, bob.id, 10, bob.id, "Bob cannot pay themselves"),
            (bob.id, alice.id, 0, bob.id, "a payment is a whole number of chips"),
            (bob.id, alice.id + 99, 10, bob.id, f"there is no member {alice.id + 99} in this club"),
            (bob.id, alice.id, 10, carol.id, "only the payer or the payee can record a payment"),
        ]
        for payer, payee, amount, recorder, reason in refusals:
            with pytest.raises(MemberError, match=reason):
                await store.club.add_payment(club.id, payer, payee, amount, recorded_by=recorder)
        assert await store.club.payments(club.id) == [paid]
        for member, reason in ((alice, "Bob has to confirm it"), (carol, "only the payer or")):
            with pytest.raises(MemberError, match=reason):
                await store.club.confirm_payment(club.id, paid.id, member.id)
        counted = await store.club.confirm_payment(club.id, paid.id, bob.id)
        assert counted.counts and counted.confirmed_by == bob.id
        assert await store.club.payments(club.id) == [counted]
        with pytest.raises(MemberError, match="only an organiser can undo it now"):
            await store.club.delete_payment(club.id, paid.id, bob.id)
        with pytest.raises(MemberError, match="only an organiser of the club can settle"):
            await store.club.settle_dispute(club.id, paid.id, carol, counts=False)
        olga = await store.club.add_member(club.id, "Olga", organiser=True)
        assert await store.club.settle_dispute(club.id, paid.id, olga, counts=False) is None
        assert await store.club.payments(club.id) == []
        [logged] = await store.club.club_log(club.id)
        assert (logged["by"], logged["action"], logged["detail"]["counts"]) == (
            olga.id, "dispute", False,
        )  # fmt: skip


@scenario
async def test_a_claimed_guest_seat_is_written_down_with_who_claimed_it(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        alice = await store.club.add_member(club.id, "Alice")
        table = await store.tables.create_table({}, random.Random(1))
        await _seat(store, table.id, "Host")
        guest, token = await store.tables.register_player(table.id, "Al")
        claimed = await store.club.claim_guest(token, alice)
        assert claimed.member_id == alice.id
        async with store.database.transaction() as connection:
            rows = (await connection.execute(select(schema.member_claims))).mappings().all()
        assert [(r["player_id"], r["member_id"], r["previous_member_id"], r["by_member"])
                for r in rows] == [(guest.id, alice.id, None, alice.id)]  # fmt: skip
        [logged] = await store.club.club_log(club.id)
        assert (logged["action"], logged["detail"]["player_id"]) == ("claimed seat", guest.id)
        with pytest.raises(MemberError, match="that seat token is nobody's"):
            await store.club.claim_guest("not a token", alice)


@scenario
async def test_what_the_bots_remember_of_a_member_is_kept_and_replaced(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        bob = await store.club.add_member(club.id, "Bob")
        assert await store.club.opponent_models(club.id, [bob.id]) == {}
        await store.club.save_opponent_models(club.id, {bob.id: {"hands": 3, "bluffs_shown": 1}})
        await store.club.save_opponent_models(club.id, {bob.id: {"hands": 4, "bluffs_shown": 2}})
        assert await store.club.opponent_models(club.id, [bob.id]) == {
            bob.id: {"hands": 4, "bluffs_shown": 2}
        }


def _down_to_0003(connection: Connection) -> None:
    command.downgrade(alembic_config(connection), "0003")


@scenario
async def test_a_downgrade_to_0003_drops_the_season_and_keeps_the_members(store_url: str) -> None:
    async with await open_store(store_url) as store:
        club = await store.club.default_club()
        alice, bob = [await store.club.add_member(club.id, n) for n in ("Alice", "Bob")]
        await store.club.add_payment(club.id, bob.id, alice.id, 5, recorded_by=bob.id)
        async with store.database.engine.begin() as connection:
            await connection.run_sync(_down_to_0003)
            names = await connection.execute(text("SELECT name FROM members ORDER BY id"))
            assert names.scalars().all() == ["Alice", "Bob"]
    async with await open_store(store_url) as store:  # migrated up again
        assert await store.club.payments(club.id) == []
