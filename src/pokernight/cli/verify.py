"""``pokernight verify``: check a published deck against its commitment."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from pokernight.cards import parse_cards, verify_commitment
from pokernight.cli.types import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "verify",
        help="check that a hand's deck matches the hash published before it",
        description=(
            "Recompute SHA-256(deck order + ':' + salt) and compare it with the "
            "commitment published before the hand. Give a published hand as a JSON "
            "file with 'deck', 'salt' and 'commitment', or the three values as options."
        ),
    )
    parser.add_argument("hand", nargs="?", type=Path, help="published hand (JSON)")
    parser.add_argument("--deck", help="the deck order, e.g. 'Ah Kd 7c ...'")
    parser.add_argument("--salt", help="the salt revealed after the hand")
    parser.add_argument("--commitment", help="the SHA-256 published before the hand")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    fields = _read_fields(args)
    deck = parse_cards(fields["deck"])
    if verify_commitment(deck, fields["salt"], fields["commitment"]):
        print(f"ok: the deck of {len(deck)} cards matches commitment {fields['commitment']}")
        return 0
    print("MISMATCH: this deck and salt do not give the published commitment")
    return 1


def _read_fields(args: argparse.Namespace) -> dict[str, str]:
    if args.hand is not None:
        data = json.loads(args.hand.read_text(encoding="utf-8"))
        source = data.get("fairness", data) if isinstance(data, dict) else {}
    else:
        source = {"deck": args.deck, "salt": args.salt, "commitment": args.commitment}
    missing = [key for key in ("deck", "salt", "commitment") if not source.get(key)]
    if missing:
        raise ValueError(f"missing {', '.join(missing)} (give a JSON file or all three options)")
    deck = source["deck"]
    return {
        "deck": " ".join(deck) if isinstance(deck, list) else str(deck),
        "salt": str(source["salt"]),
        "commitment": str(source["commitment"]),
    }
