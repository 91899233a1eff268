"""``pokernight verify``: a hand's proof, or a whole deck, against its commitment."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pokernight.cards import full_deck, shuffled
from pokernight.cli.main import build_parser, glued, main
from pokernight.commitment import deck_commitment, deck_leaves, new_salt, reveal
from tests.test_table_entropy import honest_hand

RNG = random.Random(11)
DECK = shuffled(full_deck(), RNG)
SALT = new_salt(RNG)
COMMITMENT = deck_commitment(DECK, SALT)


def proof_file(tmp_path: Path, shown: range = range(5), **changes: object) -> Path:
    proof = {
        "commitment": COMMITMENT,
        "leaves": list(deck_leaves(DECK, SALT)),
        "revealed": [item.to_dict() for item in reveal(DECK, SALT, [DECK[i] for i in shown])],
        **changes,
    }
    path = tmp_path / "hand.json"
    path.write_text(json.dumps({"hand_number": 3, "fairness": proof}), encoding="utf-8")
    return path


def test_an_honest_proof_verifies(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(proof_file(tmp_path))]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok: 5 cards are the ones committed before the hand")
    assert f"{DECK[0]}@0" in out


def test_a_card_swapped_after_the_commitment_is_a_mismatch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    revealed = [item.to_dict() for item in reveal(DECK, SALT, [DECK[7]])]
    revealed[0]["card"] = str(DECK[8])
    assert main(["verify", str(proof_file(tmp_path, revealed=revealed))]) == 1
    assert f"MISMATCH: {DECK[8]} is not the card committed at position 7" in capsys.readouterr().out


def test_leaves_of_another_deck_are_a_mismatch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = shuffled(full_deck(), random.Random(12))
    path = proof_file(tmp_path, range(0), leaves=list(deck_leaves(other, SALT)))
    assert main(["verify", str(path)]) == 1
    assert "the leaves do not give the published commitment" in capsys.readouterr().out


def test_the_whole_deck_verifies_with_its_salt(capsys: pytest.CaptureFixture[str]) -> None:
    deck = " ".join(str(card) for card in DECK)
    args = ["verify", "--deck", deck, "--salt", SALT, "--commitment", COMMITMENT]
    assert main(args) == 0
    assert "ok: the deck of 52 cards" in capsys.readouterr().out
    wrong = COMMITMENT[:-1] + ("0" if COMMITMENT[-1] != "0" else "1")
    assert main([*args[:-1], wrong]) == 1
    assert "MISMATCH" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{not json", "is not JSON"),
        ('{"commitment": "ab"}', "the proof lacks leaves, revealed"),
        ("[1, 2]", "holds no fairness proof"),
    ],
)
def test_a_bad_proof_file_gets_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, reason: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert main(["verify", str(path)]) != 0
    err = capsys.readouterr().err
    assert reason in err
    assert "Traceback" not in err


def test_without_a_file_all_three_options_are_needed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--salt", SALT]) != 0
    assert "missing --deck, --commitment" in capsys.readouterr().err


def hand_file(tmp_path: Path, proof: object) -> Path:
    path = tmp_path / "hand-proof.json"
    path.write_text(json.dumps(proof), encoding="utf-8")
    return path


def test_a_hand_with_contributions_verifies_with_the_readers_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    proof, taken, _ = honest_hand("stud", 4)
    reader = proof.started.seats.index(0)
    path = hand_file(tmp_path, proof.for_seat(reader))
    assert main(["verify", str(path), "--contribution", taken["p0"]]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok: hand 1: ")
    assert "your contribution is in the mix" in out
    assert main(["verify", str(path), "--contribution", "ab" * 32]) == 1
    assert "MISMATCH: your contribution is not in the mix" in capsys.readouterr().out


def test_a_hand_dealt_in_another_order_is_a_mismatch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    proof, _, _ = honest_hand("nlhe", 8)
    data = proof.for_seat(None)
    data["contributions"] = data["contributions"][:-1]  # one dropped from the record
    assert main(["verify", str(hand_file(tmp_path, data))]) == 1
    assert "is not proven at committed position" in capsys.readouterr().out


def test_a_hand_is_picked_from_the_hands_api_by_its_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    proof, _, _ = honest_hand("plo", 2)
    hands = {"hands": [{"hand_number": 1, "fairness": proof.for_seat(None)}, {"hand_number": 2}]}
    path = hand_file(tmp_path, hands)
    assert main(["verify", str(path), "--hand", "1"]) == 0
    assert main(["verify", str(path)]) == 2
    assert "holds 2 hands: say which with --hand N" in capsys.readouterr().err


@pytest.mark.parametrize("token", ["-AbC_9xyz", "--9xyz", "_-x", "plain"])
def test_a_seat_token_beginning_with_a_dash_is_read_as_the_token(token: str) -> None:
    """A third of the room's tokens begin with "-" or "_" (token_urlsafe): argparse alone
    refused ``--token -AbC...`` as "expected one argument" (a CI run of the entropy test)."""
    argv = glued(["verify", "--server", "http://x", "--table", "1234", "--hand", "1",
                  "--token", token])  # fmt: skip
    assert build_parser(argv).parse_args(argv).token == token
