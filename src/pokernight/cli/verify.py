"""``pokernight verify``: check a finished hand's cards against the commitment made before it."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from pokernight.cards import parse_cards
from pokernight.cli.types import Subparsers
from pokernight.commitment import Reveal, check_reveals, verify_commitment


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "verify",
        help="check that a hand's cards come from the deck committed before it",
        description=(
            "Check a hand's fairness proof (the JSON the room gives after each hand, "
            "with 'commitment', 'leaves' and 'revealed'): the leaves must give the "
            "commitment published before the hand, and each revealed card must be the "
            "card committed at its position. With --deck and --salt (a host who has the "
            "whole deck), check the whole deck instead."
        ),
    )
    parser.add_argument("hand", nargs="?", type=Path, help="a hand's fairness proof (JSON)")
    parser.add_argument("--deck", help="the whole deck in order, e.g. 'Ah Kd 7c ...'")
    parser.add_argument("--salt", help="the deck's secret salt")
    parser.add_argument("--commitment", help="the SHA-256 published before the hand")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.hand is not None:
        return _check_proof(_read_proof(args.hand))
    missing = [name for name in ("deck", "salt", "commitment") if not getattr(args, name)]
    if missing:
        raise ValueError(
            f"missing --{', --'.join(missing)} (give a proof file, or all three options)"
        )
    deck = parse_cards(args.deck)
    if verify_commitment(deck, args.salt, args.commitment):
        print(f"ok: the deck of {len(deck)} cards matches commitment {args.commitment}")
        return 0
    print("MISMATCH: this deck and salt do not give the published commitment")
    return 1


def _read_proof(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{path} is not JSON: {error.msg} (line {error.lineno})") from None
    proof = data.get("fairness", data) if isinstance(data, dict) else None
    if not isinstance(proof, dict):
        raise ValueError(f"{path} holds no fairness proof")
    missing = [key for key in ("commitment", "leaves", "revealed") if key not in proof]
    if missing:
        raise ValueError(f"{path}: the proof lacks {', '.join(missing)}")
    return proof


def _check_proof(proof: dict[str, Any]) -> int:
    commitment, leaves, revealed = proof["commitment"], proof["leaves"], proof["revealed"]
    if not isinstance(commitment, str) or not isinstance(leaves, list):
        raise ValueError("the commitment is a hash and the leaves a list of hashes")
    if not isinstance(revealed, list):
        raise ValueError("'revealed' is a list of cards with their position and key")
    reveals = [Reveal.from_dict(item) for item in revealed]
    problems = check_reveals(commitment, [str(item) for item in leaves], reveals)
    for problem in problems:
        print(f"MISMATCH: {problem}")
    if problems:
        return 1
    cards = " ".join(f"{item.card}@{item.position}" for item in reveals)
    print(f"ok: {len(reveals)} cards are the ones committed before the hand ({commitment})")
    if cards:
        print(f"   {cards}")
    return 0
