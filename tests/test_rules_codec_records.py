"""Records inside the core's events read back as they were written, in the pure build and
in the compiled one (``make test-compiled`` runs this file too): there mypyc has written a
``Stakes``'s ``int | None`` down as ``type``, which msgspec cannot read, so a tournament's
structure (its levels' stakes) is told and read field by field (``Structure.to_dict``)."""

from __future__ import annotations

import json

from pokernight.rules import Stakes
from pokernight.tournament import from_template
from pokernight.tournament.events import (
    StructureChanged,
    TournamentCreated,
    tournament_event_from_dict,
)
from pokernight.tournament.structure import Level


def test_a_tournament_s_structure_reads_back_as_it_was_written() -> None:
    structure = from_template("normal", entries=100, seats=9)
    uncapped = (Level(Stakes(small_blind=25, big_blind=50, raise_cap=None), 12.5),)
    for event in (
        TournamentCreated(structure, "director"),
        StructureChanged(from_template("quick", ("stud", "razz"), levels=uncapped, breaks=())),
    ):
        stored = json.loads(json.dumps(event.to_dict()))
        assert tournament_event_from_dict(stored) == event


def test_a_structure_is_stored_as_before_its_levels_were_told_field_by_field() -> None:
    # The dict the codec stores is msgspec's of the dataclass: logs written before read back.
    level = Level(Stakes(small_blind=25, big_blind=50), 10.0)
    stored = from_template("normal", levels=(level,), breaks=()).to_dict()
    assert stored["levels"] == [{"stakes": Stakes(small_blind=25, big_blind=50).to_dict(),
                                 "minutes": 10.0}]  # fmt: skip
    assert list(stored)[:3] == ["name", "format", "entries"]
    assert stored["games"] == ["nlhe"] and stored["betting"] is None
