"""The ``pokernight`` command: one entry point, one module per subcommand.

Each subcommand module exposes ``register(subparsers)``, which adds its parser
and sets ``run`` to a function taking the parsed arguments and returning the
exit status. Errors a user can cause (a malformed card, a missing file) are
``ValueError`` or ``OSError``; they are printed as one line, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from pokernight import __version__
from pokernight.cli import (
    bench,
    equity,
    eval,
    export,
    play,
    replay,
    serve,
    simulate,
    stats,
    verify,
)

COMMANDS = (serve, play, simulate, equity, eval, verify, replay, export, stats, bench)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokernight",
        description="A self-hosted, real-time poker room for a group of friends.",
    )
    parser.add_argument("--version", action="version", version=f"pokernight {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in COMMANDS:
        command.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except (ValueError, OSError) as error:
        print(f"pokernight {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
