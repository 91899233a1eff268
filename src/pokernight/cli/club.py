"""``pokernight club invite``: the server's operator lets somebody into the club.

Nobody becomes a member of the club by asking (issue 30): the person who runs the room
makes the first organiser's invitation here (``pokernight serve`` prints one too while
the club has no organiser), and members invite their friends from the club page. An
invitation is a link, good once, for a week; only its SHA-256 is stored.
"""

from __future__ import annotations

import argparse
import asyncio
import os

from pokernight.cli.types import Subparsers

INVITE_PATH = "#club/join/"


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "club",
        help="the room's club: invite its first organiser, or a member",
        description="The room's club. `pokernight club invite` prints an invitation link.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    invite = actions.add_parser(
        "invite",
        help="print a link that lets one person into the club (once, for a week)",
        description=(
            "Print an invitation to the club: whoever opens it first chooses a name and "
            "becomes a member (an organiser with --organiser). Give it to one person."
        ),
    )
    invite.add_argument(
        "--organiser",
        action="store_true",
        help="whoever takes it organises the club (names organisers, settles disputes)",
    )
    invite.add_argument(
        "--url",
        default="http://127.0.0.1:8000/",
        help="the room's address as friends open it (default http://127.0.0.1:8000/)",
    )
    invite.add_argument(
        "--db",
        help="database URL or SQLite file (default: $DATABASE_URL, else pokernight.sqlite3)",
    )
    invite.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    code = asyncio.run(operator_invite(args.db or os.environ.get("DATABASE_URL"), args.organiser))
    role = "its organiser" if args.organiser else "a member"
    print(f"open {invite_link(args.url, code)} to join the club as {role} (once, within a week)")
    return 0


async def operator_invite(database: str | None, organiser: bool) -> str:
    """An invitation to the room's club made by the server's operator; its secret."""
    from pokernight.store import open_store

    async with await open_store(database) as store:
        club = await store.club.default_club()
        return await store.club.new_club_invite(club.id, None, organiser=organiser)


async def organiser_wanted(database: str | None) -> str | None:
    """An organiser's invitation if the room's club has no organiser yet (else None)."""
    from pokernight.store import open_store

    async with await open_store(database) as store:
        club = await store.club.default_club()
        if await store.club.has_organiser(club.id):
            return None
        return await store.club.new_club_invite(club.id, None, organiser=True)


def invite_link(base: str, code: str) -> str:
    return f"{base.rstrip('/')}/{INVITE_PATH}{code}"
