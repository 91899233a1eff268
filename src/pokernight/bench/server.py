"""Placeholder until the server load benchmark is written."""

from __future__ import annotations

import argparse

describe = "(not built yet)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    del parser


def run(args: argparse.Namespace) -> int:
    raise ValueError("not built yet")
