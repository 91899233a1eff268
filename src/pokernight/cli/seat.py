"""``pokernight seat --dir ./robo [--connect URL --code 1234] [--acpc PORT]``.

A seat any program can play: the table is written into the folder (``state.json``,
``state.txt``) and the program answers in ``action`` (docs/protocol.md, "Program
seats"). With ``--connect`` the seat joins a server's table as a program, where the
host allows programs; without it, a game of its own against the room's bots in a room
run in this process (``--variant``, ``--bots``, ``--level`` as ``pokernight play``).
``--acpc PORT`` takes the answers from a bot speaking the Annual Computer Poker
Competition's protocol on that TCP port instead (0: any free port, printed).
"""

from __future__ import annotations

import argparse
import asyncio
from dataclasses import replace
from pathlib import Path

from pokernight.bots import LEVELS
from pokernight.cli.play import invite_link
from pokernight.cli.types import Subparsers
from pokernight.rules import VARIANTS
from pokernight.seat import ProgramSeat, SeatOptions, SeatReport, open_local_table

MAX_BOTS = 9


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "seat",
        help="a seat a program plays through files in a folder (or over ACPC)",
        description=(
            "Take a seat and mirror it into a folder: state.json and state.txt say the "
            "table as the server does, with a sequence number and the legal actions; the "
            "program answers by writing action (e.g. '17 raise 60'), renamed into place. "
            "Refused answers are explained in error.txt; log.jsonl keeps every state and "
            "answer. See docs/protocol.md, 'Program seats'."
        ),
    )
    parser.add_argument("--dir", required=True, type=Path, help="the seat's folder")
    parser.add_argument("--name", default="Robo", help="the program's name at the table")
    parser.add_argument(
        "--connect",
        metavar="URL",
        help="join a table on a server (its address, or the invite link); without it, a "
        "game against bots in a room of its own",
    )
    parser.add_argument("--code", help="the table's 4-digit code (with --connect)")
    parser.add_argument("--seat", type=int, default=None, help="the seat to take, from 1")
    parser.add_argument("--buy-in", type=int, default=None, help="chips to sit with")
    parser.add_argument("--hands", type=int, default=None, help="stop after this many hands")
    parser.add_argument(
        "--acpc",
        type=int,
        default=None,
        metavar="PORT",
        help="answers come from an ACPC bot on this TCP port of 127.0.0.1 (0: a free one); "
        "no-limit and fixed-limit hold'em only",
    )
    parser.add_argument(
        "--no-rebuy", action="store_true", help="stop when broke instead of buying back in"
    )
    local = parser.add_argument_group("a game of its own (without --connect)")
    local.add_argument("--variant", default="nlhe", choices=sorted(VARIANTS))
    local.add_argument("--bots", type=int, default=3, help=f"how many bots (1-{MAX_BOTS})")
    local.add_argument("--level", default="medium", choices=sorted(LEVELS))
    local.add_argument(
        "--bot-delay",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="how long the bots think (default 0: the program sets the pace)",
    )
    local.add_argument(
        "--hand-pause",
        type=float,
        default=0.5,
        metavar="SECONDS",
        help="pause between hands (default 0.5)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    options = _options(args)
    report = asyncio.run(_play(args, options))
    print(_summary(report), flush=True)
    return 0


def _options(args: argparse.Namespace) -> SeatOptions:
    if args.seat is not None and args.seat < 1:
        raise ValueError(f"--seat {args.seat}: seats are counted from 1")
    if args.hands is not None and args.hands < 1:
        raise ValueError(f"--hands {args.hands}: give at least 1")
    if args.acpc is not None and not 0 <= args.acpc <= 65_535:
        raise ValueError(f"--acpc {args.acpc} is not a port: give one from 1 to 65535 (0: any)")
    url, linked_code, invite = invite_link(args.connect or "")
    code = args.code or linked_code
    if args.connect and not code:
        raise ValueError("--connect URL and --code 1234 go together (or --connect INVITE-LINK)")
    if args.code and not args.connect:
        raise ValueError("--code needs --connect URL: the server whose table it is")
    if not args.connect and not 1 <= args.bots <= MAX_BOTS:
        raise ValueError(f"--bots {args.bots}: give 1 to {MAX_BOTS}")
    return SeatOptions(
        url=url,
        code=code or "",
        name=args.name,
        folder=args.dir,
        seat=None if args.seat is None else args.seat - 1,
        buy_in=args.buy_in,
        hands=args.hands,
        invite=invite,
        rebuy=not args.no_rebuy,
        acpc_port=args.acpc,
    )


async def _play(args: argparse.Namespace, options: SeatOptions) -> SeatReport:
    if args.connect:
        return await _seat(options)
    from pokernight.cli.local_room import local_room  # the server: only for a local game

    async with local_room(args.hand_pause) as url:
        settings = {
            "variant": args.variant,
            "bot_delay_seconds": args.bot_delay,
            "seats": args.bots + 1,
        }
        bots = (args.level,) * args.bots
        local = await open_local_table(replace(options, url=url), settings, bots)
        return await _seat(local)


async def _seat(options: SeatOptions) -> SeatReport:
    seat = ProgramSeat(options)
    playing = asyncio.create_task(seat.run())
    ready = asyncio.create_task(seat.ready.wait())
    await asyncio.wait({playing, ready}, return_when=asyncio.FIRST_COMPLETED)
    if seat.ready.is_set():
        print(_ready_words(seat), flush=True)
    ready.cancel()
    return await playing


def _ready_words(seat: ProgramSeat) -> str:
    state, folder = seat.client.state, seat.options.folder
    where = "no seat" if state.my_seat is None else f"seat {state.my_seat + 1}"
    words = f"{seat.options.name} at table {seat.options.code}, {where}: playing from {folder}"
    if seat.report.acpc_port is not None:
        words += f"; ACPC bots connect to {seat.options.acpc_host} port {seat.report.acpc_port}"
    return words


def _summary(report: SeatReport) -> str:
    hands = "1 hand" if report.hands == 1 else f"{report.hands} hands"
    refused = f", {report.refused} refused" if report.refused else ""
    return f"{hands} played ({report.answers} answers{refused}): {report.ended}."
