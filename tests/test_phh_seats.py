"""Hands exported with the seats their players sat at (PHH's ``seat_count`` and
``seats``) are imported at those seats: sessions the importer's guesses could not
seat are taken whole, and written again the same."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from pokerkit import HandHistory

from pokernight.history import parse_phh
from pokernight.history.phh_import import ImportedHand
from pokernight.table import TableEvent
from tests.test_phh_blinds import session
from tests.test_phh_import import import_all, imported, public_phh, random_session


def hands_of(texts: Sequence[str]) -> list[ImportedHand]:
    return [imported(parse_phh(text)[0], f"hand {n}") for n, text in enumerate(texts, 1)]


def refused_without_seats(log: Sequence[TableEvent]) -> int:
    """How many of the session's hands an import refuses when the file says no seats."""
    hands = hands_of(public_phh(log))
    return len(hands) - len(import_all(hands)[1])


def exported_and_imported_again(log: Sequence[TableEvent]) -> tuple[list[str], list[str], int]:
    """A session's hands exported with their seats, and again after an import: the texts
    before and after, and how many hands the import refused."""
    exported = public_phh(log, seats=True)
    hands = hands_of(exported)
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
    log = random_session(variant, seed)
    assert refused_without_seats(log) == 1
    exported, again, refused = exported_and_imported_again(log)
    assert (refused, again) == (0, exported)


@pytest.mark.parametrize(("variant", "seed"), [("nlhe", 13), ("plo", 11), ("flhe", 7)])
def test_a_busy_session_the_guesses_could_not_seat_is_imported_whole_at_its_seats(
    variant: str, seed: int
) -> None:
    """Players who sit out, post to come in and leave the big blind (decision 34)."""
    log = session(variant, seed, 12)
    assert refused_without_seats(log) > 0
    exported, again, refused = exported_and_imported_again(log)
    assert (refused, again) == (0, exported)


def test_players_who_all_left_and_came_back_are_seated_anew() -> None:
    """Bob left and came back with more chips, as everybody else sat down: PHH reads it
    as a stack topped up, but the table deals players who all just sat down otherwise."""
    exported, again, refused = exported_and_imported_again(random_session("nl5cd", 283))
    assert (refused, again) == (0, exported)


@pytest.mark.parametrize("variant", ["nl5cd", "fl5cd", "nlhe"])
def test_random_sessions_with_seats_are_imported_whole_and_export_the_same(variant: str) -> None:
    for seed in range(100, 130):
        exported, again, refused = exported_and_imported_again(random_session(variant, seed))
        assert (refused, again) == (0, exported), seed


def test_pokerkit_reads_the_seats_we_write() -> None:
    text = public_phh(random_session("nl5cd", 47), seats=True)[16]
    assert "seat_count = 6\n" in text
    history = HandHistory.loads(text)
    (phh,) = parse_phh(text)
    assert history.seat_count == phh.seat_count == 6
    assert phh.seats is not None and history.seats == list(phh.seats)
