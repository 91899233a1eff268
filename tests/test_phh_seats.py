"""Hands exported with the seats their players sat at (PHH's ``seat_count`` and
``seats``) are imported at those seats: sessions the importer's guesses could not
seat are taken whole, and written again the same."""

from __future__ import annotations

import pytest
from pokerkit import HandHistory

from pokernight.history import parse_phh
from tests.test_phh_import import import_all, imported, public_phh, random_session


def exported_and_imported_again(variant: str, seed: int) -> tuple[list[str], list[str], int]:
    """A random session's hands exported with their seats, and again after an import:
    the texts before and after, and how many hands the import refused."""
    exported = public_phh(random_session(variant, seed), seats=True)
    hands = [imported(parse_phh(text)[0], f"hand {n}") for n, text in enumerate(exported, 1)]
    table_import, taken = import_all(hands)
    return exported, public_phh(table_import.finish(), seats=True), len(hands) - len(taken)


@pytest.mark.parametrize(
    ("variant", "seed"),
    # Refused a hand when the importer guessed the seats (a newcomer dealt in on the big
    # blind with no free seat after the last big blind's at a six-seat table).
    [("nl5cd", 39), ("nl5cd", 47), ("nl5cd", 70), ("nl5cd", 142), ("fl5cd", 44), ("fl5cd", 73)],
)
def test_a_session_the_guesses_could_not_seat_is_imported_whole_at_its_seats(
    variant: str, seed: int
) -> None:
    unseated = public_phh(random_session(variant, seed))
    hands = [imported(parse_phh(text)[0], f"hand {n}") for n, text in enumerate(unseated, 1)]
    assert len(import_all(hands)[1]) == len(hands) - 1  # without the seats
    exported, again, refused = exported_and_imported_again(variant, seed)
    assert refused == 0
    assert again == exported


@pytest.mark.parametrize("variant", ["nl5cd", "fl5cd", "nlhe"])
def test_random_sessions_with_seats_are_imported_whole_and_export_the_same(variant: str) -> None:
    for seed in range(100, 130):
        exported, again, refused = exported_and_imported_again(variant, seed)
        assert (refused, again) == (0, exported), seed


def test_pokerkit_reads_the_seats_we_write() -> None:
    text = public_phh(random_session("nl5cd", 47), seats=True)[16]
    assert "seat_count = 6\n" in text
    history = HandHistory.loads(text)
    (phh,) = parse_phh(text)
    assert history.seat_count == phh.seat_count == 6
    assert phh.seats is not None and history.seats == list(phh.seats)
