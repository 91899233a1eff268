"""The ``pokernight`` command: one entry point, one module per subcommand.

Each subcommand module exposes ``register(subparsers)``, which adds its parser
and sets ``run`` to a function taking the parsed arguments and returning the
exit status. Only the module of the subcommand asked for is imported (the others
load the engine, the tournament code, the terminal UI...): ``pokernight serve``
starts without them. Errors a user can cause (a malformed card, a missing file) are
``ValueError`` or ``OSError``; they are printed as one line, never a traceback, as is
the extra to install when a command needs an optional dependency.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from importlib.metadata import PackageNotFoundError, version
from typing import Final

from pokernight.extras import MissingExtraError

COMMANDS: Final = {
    "serve": "serve",
    "play": "play",
    "seat": "seat",
    "simulate": "simulate",
    "equity": "equity",
    "eval": "eval",
    "deal": "deal",
    "verify": "verify",
    "replay": "replay",
    "export": "export",
    "import": "import_phh",  # a module cannot be called ``import``
    "stats": "stats",
    "club": "club",
    "backup": "backup",
    "restore": "restore",
    "bench": "bench",
}
"""Each subcommand and its module in ``pokernight.cli``, in the order ``--help`` lists them."""


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand, or, given the arguments ``argv`` of one, of that
    one alone (and its module alone imported)."""
    parser = argparse.ArgumentParser(
        prog="pokernight",
        description="A self-hosted, real-time poker room for a group of friends.",
    )
    parser.add_argument("--version", action="version", version=f"pokernight {package_version()}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    chosen = _chosen(argv or ())
    for name, module in COMMANDS.items():
        if chosen in (None, name):
            importlib.import_module(f"pokernight.cli.{module}").register(subparsers)
    return parser


def _chosen(argv: Sequence[str]) -> str | None:
    """The subcommand the arguments name (None: none, or one nobody knows, which the
    whole parser then refuses with the list of them)."""
    first = next((arg for arg in argv if not arg.startswith("-")), None)
    return first if first in COMMANDS else None


def package_version() -> str:
    """The installed distribution's version: pyproject.toml is its one source."""
    try:
        return version("pokernight")
    except PackageNotFoundError:  # a source tree on the path that was never installed
        return "unknown (not installed)"


# Options whose values are secrets the room made (``secrets.token_urlsafe``): a third of
# them begin with "-" or "_", and argparse takes a value beginning with "-" for an option.
SECRET_OPTIONS = ("--token",)


def glued(argv: Sequence[str]) -> list[str]:
    """``--token -x...`` as ``--token=-x...``: the next word is the secret, whatever it
    begins with."""
    words = list(argv)
    for index in range(len(words) - 2, -1, -1):
        if words[index] in SECRET_OPTIONS:
            words[index : index + 2] = [f"{words[index]}={words[index + 1]}"]
    return words


def main(argv: Sequence[str] | None = None) -> int:
    argv = glued(sys.argv[1:] if argv is None else argv)
    args = build_parser(argv).parse_args(argv)
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
