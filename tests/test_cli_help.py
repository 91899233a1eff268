"""Every subcommand answers --help (the product contract), and bad input is one line."""

from __future__ import annotations

import pytest

from pokernight.cli.bench import TARGETS
from pokernight.cli.main import COMMANDS, build_parser, main

SUBCOMMANDS = [module.__name__.rsplit(".", 1)[-1] for module in COMMANDS]


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
