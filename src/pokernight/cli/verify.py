"""``pokernight verify``: check a finished hand's cards against the commitment made before it,
and the shuffle against the players' contributions (``table.hand_check``)."""

from __future__ import annotations

import argparse
import json
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from pokernight.cards import parse_cards
from pokernight.cli.types import Subparsers
from pokernight.commitment import Reveal, check_reveals, verify_commitment
from pokernight.table.hand_check import HandCheck, check_proof


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "verify",
        help="check that a hand's cards come from the deck committed before it",
        description=(
            "Check a hand's fairness proof (the JSON the room gives after each hand: the "
            "'Fairness proof' link under Last hands, or a hand of the table's hands API "
            "/api/tables/CODE/hands, with --hand N when the file holds several): the deck "
            "was committed before the players' contributions, the leaves give that "
            "commitment, the contributions give the order the cards were dealt in, every "
            "card you saw lies where the game's dealing order puts it and is the card "
            "committed there, and nothing you were not shown is revealed. With "
            "--contribution, also that yours is in the mix. With --server URL --table "
            "CODE --hand N, the hand is read from a running room (its replay API; with "
            "--token, your seat token, as you saw it). With --deck and --salt (a "
            "host who has the whole deck), check the whole deck instead."
        ),
    )
    parser.add_argument("hand", nargs="?", type=Path, help="a hand's fairness proof (JSON)")
    parser.add_argument("--hand", dest="number", type=int, help="the hand's number in the file")
    parser.add_argument(
        "--contribution", help="the contribution you sent to the hand (64 hex digits)"
    )
    parser.add_argument("--server", help="a running room's address, e.g. http://host:8000")
    parser.add_argument("--table", help="the table's code, with --server")
    parser.add_argument("--token", help="your seat token, with --server: your own cards too")
    parser.add_argument("--deck", help="the whole deck in order, e.g. 'Ah Kd 7c ...'")
    parser.add_argument("--salt", help="the deck's secret salt")
    parser.add_argument("--commitment", help="the SHA-256 published before the hand")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.server is not None:
        proof = _fetch_proof(args.server, args.table, args.number, args.token)
        return _report(check_proof(proof, args.contribution), proof)
    if args.hand is not None:
        proof = _read_proof(args.hand, args.number)
        if "events" in proof:
            mine = args.contribution or proof.get("my_contribution")
            return _report(check_proof(proof, mine), proof)
        return _check_reveals_only(proof)
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


def _read_proof(path: Path, number: int | None) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{path} is not JSON: {error.msg} (line {error.lineno})") from None
    if isinstance(data, dict) and isinstance(data.get("hands"), list):
        data = _one_hand(path, data["hands"], number)
    proof = data.get("fairness", data) if isinstance(data, dict) else None
    if not isinstance(proof, dict):
        raise ValueError(f"{path} holds no fairness proof")
    missing = [key for key in ("commitment", "leaves", "revealed") if key not in proof]
    if missing:
        raise ValueError(f"{path}: the proof lacks {', '.join(missing)}")
    return proof


def _fetch_proof(server: str, table: str | None, number: int | None, token: str | None) -> Any:
    """The proof of hand ``number`` at ``table`` in the room at ``server``, for the seat
    whose ``token`` it is (None: everybody's proof)."""
    if table is None or number is None:
        raise ValueError("with --server, give the table's code (--table) and the hand (--hand N)")
    code = urllib.parse.quote(table, safe="")
    url = f"{server.rstrip('/')}/api/tables/{code}/hands/{number}/replay"
    headers = {} if token is None else {"Authorization": f"Bearer {token}"}
    try:
        with urllib.request.urlopen(
            urllib.request.Request(url, headers=headers), timeout=30
        ) as got:
            answer = json.loads(got.read())
    except urllib.error.HTTPError as error:
        raise ValueError(f"the room says: {_reason(error)}") from None
    except (OSError, ValueError) as error:
        raise ValueError(f"cannot read hand {number} from {server}: {error}") from None
    proof = answer.get("fairness") if isinstance(answer, dict) else None
    if not isinstance(proof, dict):
        raise ValueError(f"the room's answer for hand {number} holds no fairness proof")
    return proof


def _reason(error: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(error.read())["error"])
    except (ValueError, KeyError, TypeError):
        return f"{error.code} {error.reason}"


def _one_hand(path: Path, hands: list[Any], number: int | None) -> Any:
    """The hand ``number`` of a hands API answer (its only hand when there is one)."""
    if number is None:
        if len(hands) != 1:
            raise ValueError(f"{path} holds {len(hands)} hands: say which with --hand N")
        return hands[0]
    for hand in hands:
        if isinstance(hand, dict) and hand.get("hand_number") == number:
            return hand
    raise ValueError(f"{path} holds no hand {number}")


def _report(check: HandCheck, proof: dict[str, Any]) -> int:
    for problem in check.problems:
        print(f"MISMATCH: {problem}")
    if check.problems:
        return 1
    mixed = f"{check.contributions} players' contributions" if check.contributions else "none"
    print(
        f"ok: hand {proof.get('hand_number', '?')}: {len(check.seen)} cards you saw are where "
        f"the dealing order puts them, from the deck committed before the hand "
        f"({proof['commitment']}); contributions mixed in: {mixed}"
    )
    if check.mine_mixed:
        print("   your contribution is in the mix")
    seen = " ".join(f"{card}@{dealt}<-{committed}" for card, dealt, committed in check.seen)
    if seen:
        print(f"   card@dealt position<-committed position: {seen}")
    return 0


def _check_reveals_only(proof: dict[str, Any]) -> int:
    """A proof made before the proofs held the hand's events: its cards, not their order."""
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
