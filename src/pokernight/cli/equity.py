"""``pokernight equity``: placeholder until its module is written."""

from __future__ import annotations

import argparse

from pokernight.cli.types import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser("equity", help="(not built yet)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    raise ValueError("not built yet")
