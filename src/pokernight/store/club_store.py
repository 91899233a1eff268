"""The club: its members, their devices, invitations and claim codes, payments, guest
seats claimed, the club's log, the season's tables and what the bots remember.

One capability of the store (decision 62), sharing the store's ``Database`` (one engine,
one writer) with the table log and tournaments. The transactions' bodies are in
``members``, ``invites``, ``club_log`` and ``club``; this runs them. ``Membership`` is
the part of it the tables and tournaments need.
"""

from __future__ import annotations

import functools
import secrets
import time
from collections.abc import Mapping
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError

from pokernight.store import club as club_queries
from pokernight.store import club_imports, club_log, invites, members
from pokernight.store.database import TOKEN_BYTES, Database
from pokernight.store.errors import MemberError
from pokernight.store.records import (
    ClubRecord,
    DeviceRecord,
    MemberRecord,
    PlayerRecord,
    TableRecord,
)


class Membership(Protocol):
    """What the tables and tournaments ask of the club (``ClubStore`` carries it out):
    the server's club, who a device, a name or a seat is, a guest made a member, and what
    the bots remember."""

    async def default_club(self) -> ClubRecord: ...

    async def member(self, member_id: int) -> MemberRecord | None: ...

    async def member_named(self, club_id: int, name: str) -> MemberRecord | None: ...

    async def member_of_device(self, token: str) -> MemberRecord | None: ...

    async def player_of_member(self, table_id: int, member_id: int) -> int | None: ...

    async def member_for_player(
        self, club_id: int, player_id: int, vouched_by: int
    ) -> tuple[MemberRecord, str]: ...

    async def opponent_models(self, club_id: int, member_ids: list[int]) -> dict[int, Any]: ...

    async def save_opponent_models(self, club_id: int, stats: Mapping[int, Any]) -> None: ...


class ClubStore:
    """The club's people, money and memory (``Store.club``)."""

    def __init__(self, database: Database) -> None:
        self._db = database

    # Clubs, members, devices (decision 33; the transactions' bodies are in ``members``) ---

    async def default_club(self) -> ClubRecord:
        """The server's club: the first one, made now if the migration did not."""
        return await self._db.write(lambda c: members.default_club(c, time.time()))

    async def club(self, club_id: int) -> ClubRecord:
        return await self._db.read(lambda c: members.club(c, club_id))

    async def add_member(self, club_id: int, name: str, *, organiser: bool = False) -> MemberRecord:
        """A new member of the club. ``name`` must be a display name
        (``pokernight.names.display_name``); one reading the same as another member's of
        the club, or looking like it, is refused with MemberError."""
        try:
            return await self._db.write(
                lambda c: members.add_member(c, club_id, name, time.time(), organiser=organiser)
            )
        except IntegrityError:  # another process added the name since it was checked
            raise MemberError("member_name_taken", name=name) from None

    async def has_organiser(self, club_id: int) -> bool:
        return await self._db.read(lambda c: members.has_organiser(c, club_id))

    async def new_club_invite(
        self, club_id: int, made_by: MemberRecord | None, *, organiser: bool = False
    ) -> str:
        """An invitation to the club (``made_by`` None: the server's operator), used once
        within ``invites.INVITE_SECONDS``; only its SHA-256 is stored."""
        code = secrets.token_urlsafe(invites.INVITE_BYTES)
        await self._db.write(
            lambda c: invites.new_invite(
                c, club_id, code, organiser=organiser, made_by=made_by, now=time.time()
            )
        )
        return code

    async def take_club_invite(
        self, code: str, name: str, already: MemberRecord | None
    ) -> tuple[MemberRecord, str | None]:
        """The invitation taken: a new member called ``name`` and their device token; or a
        member ``already`` signed in made an organiser (no new token). MemberError, and
        nothing changed, for a wrong, spent or expired invitation or a name taken."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        try:
            made = await self._db.write(
                lambda c: invites.take_invite(c, code, name, token, time.time(), already=already)
            )
        except IntegrityError:  # another process added the name since it was checked
            raise MemberError("member_name_taken", name=name) from None
        return made, None if already is not None else token

    async def club_log(self, club_id: int) -> list[dict[str, Any]]:
        return await self._db.read(lambda c: club_log.read(c, club_id))

    async def member(self, member_id: int) -> MemberRecord | None:
        """The member, or whoever absorbed them (``merge``)."""
        return await self._db.read(lambda c: members.member(c, member_id))

    async def member_named(self, club_id: int, name: str) -> MemberRecord | None:
        """The club's member whose name reads as ``name`` (``pokernight.names.name_key``)."""
        return await self._db.read(lambda c: members.member_named(c, club_id, name))

    async def merge(self, into: int, other: int) -> MemberRecord:
        """Member ``other`` is read as ``into`` from now on; refused for one member, two
        clubs, or a merge that would chain. Only ``merge_by_code`` asks the people."""
        return await self._db.write(lambda c: members.merge(c, into, other))

    async def merge_by_code(self, into: MemberRecord, code: str) -> MemberRecord:
        """The member whose claim code ``code`` is, read as ``into`` from now on (logged)."""
        return await self._db.write(lambda c: members.merge_by_code(c, into, code, time.time()))

    async def add_device(self, member_id: int) -> str:
        """A new device token signed in as the member; only its SHA-256 is stored."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        await self._db.write(lambda c: members.add_device(c, member_id, token, time.time()))
        return token

    async def member_devices(self, member_id: int) -> list[DeviceRecord]:
        return await self._db.read(lambda c: members.member_devices(c, member_id))

    async def remove_device(self, member_id: int, key: str) -> None:
        """The member's device known by ``key`` is signed out (its token stops working)."""
        await self._db.write(lambda c: members.remove_device(c, member_id, key))

    async def make_organiser(self, member_id: int, by: MemberRecord) -> MemberRecord:
        """Organiser ``by`` names another member an organiser too (logged)."""
        return await self._db.write(lambda c: invites.make_organiser(c, member_id, by, time.time()))

    async def member_of_device(self, token: str) -> MemberRecord | None:
        """The member the device token signs in as (its ``last_seen`` is now), or None."""
        return await self._db.write(lambda c: members.member_of_device(c, token, time.time()))

    async def new_claim_code(self, member_id: int, now: float) -> str:
        """A code (``members.CLAIM_CODE_LENGTH`` letters) that adds one more device to
        the member, once, for ``members.CLAIM_CODE_SECONDS``; only its SHA-256 is stored."""
        while True:
            code = _claim_code()
            try:
                await self._db.write(
                    functools.partial(
                        members.new_claim_code, member_id=member_id, code=code, now=now
                    )
                )
                return code
            except IntegrityError:
                continue  # a code another member holds now: draw again

    async def claim(self, code: str, now: float) -> tuple[MemberRecord, str]:
        """The claim code's member and a new device token for them; the code is spent. A
        wrong, spent or expired code raises MemberError and changes nothing."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        member = await self._db.write(lambda c: members.claim(c, code, token, now))
        return member, token

    # The season (decision 35; the transactions' bodies are in ``club``) ---------------

    async def club_tables(self, club_id: int) -> list[TableRecord]:
        """The club's tables, oldest first: open, closed and imported."""
        return await self._db.read(lambda c: club_queries.club_tables(c, club_id))

    async def club_identities(self, club_id: int) -> dict[str, MemberRecord]:
        """The member who played each seat of the club's tables, by player id."""
        return await self._db.read(lambda c: club_queries.club_identities(c, club_id))

    async def club_members(self, club_id: int) -> list[MemberRecord]:
        return await self._db.read(lambda c: club_queries.club_members(c, club_id))

    async def player_of_member(self, table_id: int, member_id: int) -> int | None:
        """The member's seat (player id) at the table, if they have one."""
        return await self._db.read(lambda c: club_queries.player_of_member(c, table_id, member_id))

    async def add_payment(
        self, club_id: int, payer: int, payee: int, amount: int, recorded_by: int
    ) -> club_queries.PaymentRecord:
        """Member ``payer`` paid ``payee``, recorded by one of them: it counts once the
        other confirms it. Refused (MemberError) between non-members, or by anybody else."""
        return await self._db.write(
            lambda c: club_queries.add_payment(
                c, club_id, payer, payee, amount, at=time.time(), recorded_by=recorded_by
            )
        )

    async def confirm_payment(
        self, club_id: int, payment_id: int, member_id: int
    ) -> club_queries.PaymentRecord:
        """The other side's word on a payment: it counts from now on."""
        return await self._db.write(
            lambda c: club_queries.confirm_payment(c, club_id, payment_id, member_id, time.time())
        )

    async def settle_dispute(
        self, club_id: int, payment_id: int, organiser: MemberRecord, counts: bool
    ) -> club_queries.PaymentRecord | None:
        """An organiser's word on a disputed payment (logged): it counts, or it is gone."""
        return await self._db.write(
            lambda c: club_queries.settle_dispute(
                c, club_id, payment_id, organiser, counts=counts, at=time.time()
            )
        )

    async def delete_payment(self, club_id: int, payment_id: int, member_id: int) -> None:
        """A payment waiting for a word, withdrawn or declined by one of its two sides."""
        await self._db.write(
            lambda c: club_queries.delete_payment(c, club_id, payment_id, member_id)
        )

    async def member_for_player(
        self, club_id: int, player_id: int, vouched_by: int
    ) -> tuple[MemberRecord, str]:
        """A new member for a player who just joined under their name at the table of
        member ``vouched_by`` (the host, whose invite link they came by), with a device
        token (only its SHA-256 kept): one transaction. A name a member took meanwhile:
        MemberError."""
        token = secrets.token_urlsafe(TOKEN_BYTES)
        try:
            made = await self._db.write(
                lambda c: club_queries.member_for_player(
                    c, club_id, player_id, token, now=time.time(), vouched_by=vouched_by
                )
            )
        except IntegrityError:  # another process made a member of that name since
            raise MemberError("name_became_member") from None
        return made, token

    async def payments(self, club_id: int) -> list[club_queries.PaymentRecord]:
        return await self._db.read(lambda c: club_queries.club_payments(c, club_id))

    async def guest_seats(self, club_id: int, tokens: list[str]) -> list[club_queries.GuestSeat]:
        """Which of these seat tokens are the club's guest seats, not yet claimed."""
        return await self._db.read(lambda c: club_queries.guest_seats(c, club_id, tokens))

    async def claim_guest(self, seat_token: str, member: MemberRecord) -> PlayerRecord:
        """The guest seat of ``seat_token`` becomes ``member``'s (logged): the word of
        whoever holds both the seat's token and the member's device."""
        return await self._db.write(
            lambda c: club_queries.claim_guest(c, seat_token, member, time.time())
        )

    # A club moving in (decision 65; the transactions' bodies are in ``club_imports``) ----

    async def add_ledger(
        self,
        club_id: int,
        file_sha256: str,
        file_name: str,
        nights: Mapping[str, list[tuple[str, int]]],
    ) -> club_imports.LedgerAdded:
        """An imported ledger's nights into the season, in one transaction: the same file
        again raises LedgerKnownError, and a night the club has already is left out."""
        return await self._db.write(
            lambda c: club_imports.add_ledger(
                c, club_id, file_sha256, file_name, nights, now=time.time()
            )
        )

    async def ledger_nights(self, club_id: int) -> list[club_imports.LedgerNightRecord]:
        return await self._db.read(lambda c: club_imports.ledger_nights(c, club_id))

    async def map_names(self, club_id: int, mapping: Mapping[str, str]) -> dict[str, MemberRecord]:
        """Imported names matched to members (by member name), remembered; the club's
        imported seats of those names become the members'. MemberError: nothing changed."""
        return await self._db.write(
            lambda c: club_imports.map_names(c, club_id, mapping, time.time())
        )

    async def imported_names(self, club_id: int) -> dict[str, MemberRecord]:
        """The imported names matched to members, by name key."""
        return await self._db.read(lambda c: club_imports.imported_names(c, club_id))

    async def opponent_models(self, club_id: int, member_ids: list[int]) -> dict[int, Any]:
        """What the club's bots remember of these members (``bots.stats.PlayerStats``)."""
        return await self._db.read(lambda c: club_queries.opponent_models(c, club_id, member_ids))

    async def save_opponent_models(self, club_id: int, stats: Mapping[int, Any]) -> None:
        await self._db.write(
            lambda c: club_queries.save_opponent_models(c, club_id, stats, time.time())
        )


def _claim_code() -> str:
    length, alphabet = members.CLAIM_CODE_LENGTH, members.CLAIM_ALPHABET
    return "".join(secrets.choice(alphabet) for _ in range(length))
