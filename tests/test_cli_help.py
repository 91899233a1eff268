"""Every subcommand answers --help (the product contract), and bad input is one line."""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
from importlib.machinery import ModuleSpec
from importlib.metadata import version

import pytest

from pokernight.cli.bench import TARGETS
from pokernight.cli.main import COMMANDS, build_parser, main


def subcommand_names() -> list[str]:
    """The name each module of ``COMMANDS`` registers (``import`` is ``import_phh.py``:
    a module cannot be called ``import``)."""
    (subparsers,) = [
        action
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    ]
    names = list(subparsers.choices)
    assert len(names) == len(COMMANDS)
    return names


SUBCOMMANDS = subcommand_names()


def test_top_level_help_lists_every_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert all(name in out for name in SUBCOMMANDS)


@pytest.mark.parametrize(
    "argv", [[name, "--help"] for name in SUBCOMMANDS] + [["bench", t, "--help"] for t in TARGETS]
)
def test_every_subcommand_has_help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(argv)
    assert exit_info.value.code == 0
    assert "usage: pokernight" in capsys.readouterr().out


def test_user_error_is_one_line_without_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", "Xz", "Kh", "Qh", "Jh", "Th"]) == 2
    err = capsys.readouterr().err
    assert err.strip().count("\n") == 0
    assert "Xz is not a card" in err
    assert "Traceback" not in err


def test_version_is_the_installed_distributions(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"pokernight {version('pokernight')}\n"


@pytest.mark.parametrize(
    ("argv", "missing", "said"),
    [
        (
            ["bench", "server", "--seconds", "1"],
            "psutil",
            "pokernight bench server: the server benchmark (it meters processes with psutil) "
            "needs: pip install 'pokernight[bench]'\n",
        ),
        (
            ["serve", "--db", "postgresql://nobody@127.0.0.1:1/room"],
            "asyncpg",
            "pokernight serve: a PostgreSQL database needs: pip install 'pokernight[postgresql]'\n",
        ),
    ],
)
def test_a_command_needing_a_missing_extra_names_it_in_one_line(
    argv: list[str],
    missing: str,
    said: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    real_find_spec = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> ModuleSpec | None:
        return None if name == missing else real_find_spec(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    assert main(argv) == 2
    assert capsys.readouterr().err == said


@pytest.mark.parametrize(
    "argv",
    [["serve", "--port", "0"], ["backup", "nightly.sqlite3"], ["restore", "nightly.sqlite3"]],
)
def test_a_subcommand_imports_its_own_module_only(argv: list[str]) -> None:
    """``pokernight serve`` does not load the engine, the tournaments or the terminal UI
    before it needs them: only the module of the command asked for is imported (and the
    store, by the commands that open the database, only when they run)."""
    probe = (
        "import sys\n"
        "from pokernight.cli.main import build_parser\n"
        f"build_parser({argv!r})\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('pokernight'))))\n"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout.split()
    command = COMMANDS[argv[0]]
    assert f"pokernight.cli.{command}" in loaded
    others = [f"pokernight.cli.{module}" for module in COMMANDS.values() if module != command]
    assert not set(others) & set(loaded)
    assert not {"pokernight.rules", "pokernight.tournament", "pokernight.tui"} & set(loaded)
    assert "pokernight.store" not in loaded


def test_a_command_nobody_knows_is_refused_with_the_list(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["servve"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'servve'" in err and all(f"'{name}'" in err for name in COMMANDS)
