"""The ``pokernight`` command: one entry point, one module per subcommand.

Each subcommand module exposes ``register(subparsers)``, which adds its parser
and sets ``run`` to a function taking the parsed arguments and returning the
exit status. Errors a user can cause (a malformed card, a missing file) are
``ValueError`` or ``OSError``; they are printed as one line, never a traceback, as is
the extra to install when a command needs an optional dependency.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version

from pokernight.cli import (
    bench,
    deal,
    equity,
    eval,
    export,
    import_phh,
    play,
    replay,
    seat,
    serve,
    simulate,
    stats,
    verify,
)
from pokernight.extras import MissingExtraError

COMMANDS = (
    serve,
    play,
    seat,
    simulate,
    equity,
    eval,
    deal,
    verify,
    replay,
    export,
    import_phh,
    stats,
    bench,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pokernight",
        description="A self-hosted, real-time poker room for a group of friends.",
    )
    parser.add_argument("--version", action="version", version=f"pokernight {package_version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for command in COMMANDS:
        command.register(subparsers)
    return parser


def package_version() -> str:
    """The installed distribution's version: pyproject.toml is its one source."""
    try:
        return version("pokernight")
    except PackageNotFoundError:  # a source tree on the path that was never installed
        return "unknown (not installed)"


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        status: int = args.run(args)
    except (ValueError, OSError, MissingExtraError) as error:
        print(f"pokernight {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
