"""A rebuy tournament with an add-on and progressive knockout bounties, played by bots.

The players rebuy when they lose every chip (those who still may) and all take the
add-on; after every hand the chips are conserved (rebuys and add-ons counted) and each
table holds the tournament's stacks. At the end the prize pool (buy-ins, rebuys and
add-ons) is paid out exactly, every bounty has been collected, the ledger's nets sum
to zero, and the events, through JSON, rebuild the same tournament.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from pokernight.bots import make_bot
from pokernight.rules import Stakes
from pokernight.rules.codec import EVENTS, Family
from pokernight.table import Positions
from pokernight.tournament import (
    AddOn,
    AddOnPeriod,
    Bounty,
    Payouts,
    Rebuy,
    RebuyPeriod,
    Status,
    Tournament,
    events,
    from_template,
    tournament_event_from_dict,
)
from pokernight.tournament.events import (
    AddedOn,
    BountyCollected,
    Knockout,
    PrizeAwarded,
    Rebought,
    TournamentEvent,
)
from pokernight.tournament.ledger import EntryKind, ledger_entries, results
from pokernight.tournament.simulation import Entry, HandReport, Run, play_tournament

STRUCTURE = from_template(
    "normal",
    entries=12,
    seats=6,
    buy_in=100,
    bounty=Bounty(40, progressive=True),
    rebuys=RebuyPeriod(price=100, chips=10_000, until_level=4, most=2, window_seconds=30),
    add_on=AddOnPeriod(price=50, chips=15_000, level=4),
)


def buy_what_they_may(run: Run, report: HandReport) -> None:
    """After each hand: chips conserved; a player who lost everything rebuys (the odd
    ones only, so some go out); everybody takes the add-on in its level."""
    tournament = run.tournament
    assert tournament.chips_in_tournament() == tournament.chips_expected()
    for table in run.tables.tables.values():
        for seat in table.seats.values():
            assert seat.stack + seat.queued == tournament.players[seat.player_id].stack
    for entrant in tournament.alive:
        rebuy, add_on = Rebuy(entrant.player_id), AddOn(entrant.player_id)
        if entrant.rebuy_until is not None and entrant.entry % 2 and tournament.can(rebuy, run.now):
            run.apply(rebuy, random.Random(0))
        if tournament.can(add_on, run.now):
            run.apply(add_on, random.Random(0))


@pytest.mark.parametrize("seed", [1, 3])  # both with a rebuy in the period
def test_a_rebuy_bounty_tournament_pays_out_every_chip_it_took(seed: int) -> None:
    entries = [Entry(f"p{index}", f"Bot {index}", "easy") for index in range(12)]
    bots = {
        entry.player_id: make_bot("easy", random.Random(seed + index))
        for index, entry in enumerate(entries)
    }
    run = play_tournament(
        Tournament.create(STRUCTURE, "director"),
        entries,
        lambda player, view: bots[player].decide(view),
        random.Random(seed),
        seconds_per_action=4.0,
        after_hand=buy_what_they_may,
    )
    tournament = run.tournament
    assert tournament.status is Status.FINISHED
    rebuys = [event for event in run.events if isinstance(event, Rebought)]
    add_ons = [event for event in run.events if isinstance(event, AddedOn)]
    assert rebuys and add_ons
    assert tournament.pool == 12 * 100 + 100 * len(rebuys) + 50 * len(add_ons)
    assert sum(event.amount for event in run.events if isinstance(event, PrizeAwarded)) == (
        tournament.pool
    )
    bounties = [event for event in run.events if isinstance(event, BountyCollected)]
    assert sum(event.amount for event in bounties) == 12 * 40
    assert any(event.added for event in bounties), "a progressive knockout grows a head"
    money = results(run.events)
    assert sum(result.net for result in money.values()) == 0
    assert (
        sum(entry.amount for entry in ledger_entries(run.events) if entry.kind is EntryKind.BUY_IN)
        == 12 * 140
    )

    stored = [tournament_event_from_dict(event.to_dict()) for event in run.events]
    assert stored == run.events
    again = Tournament.from_events(stored)
    for name in ("players", "pool", "prizes", "status", "entries", "chips_created"):
        assert getattr(again, name) == getattr(tournament, name), name


ONE_OF_EACH: list[TournamentEvent] = [
    events.TournamentCreated(STRUCTURE, "director"),
    events.StructureChanged(replace(STRUCTURE, payouts=Payouts.of("62.5", "37.5"))),
    events.Registered("p1", "Ann", bot="easy"),
    events.Unregistered("p1"),
    events.Started(0.0, (1, 2)),
    events.TableAdded(3),
    events.Seated("p1", 2, 4, 10_000),
    events.LevelStarted(2, 600.0, "razz", Stakes(small_blind=50, big_blind=100)),
    events.BreakStarted(6, 3_600.0, 3_900.0, 25),
    events.ChipsColouredUp(25, 100, (("p1", 10_100),), (("p1", "As"),)),
    events.HandStarted(1, 10.0),
    events.HandPlayed(
        1, 20.0, (("p1", 0), ("p2", 20_000)), Positions(0, 1, 2), (Knockout("p1", ("p2",)),)
    ),
    events.Busted("p1", 50.0),
    events.Rebought("p1", 10_000, 100),
    events.AddedOn("p1", 15_000, 50),
    events.PrizePoolFixed(12, 1_200, (600, 360, 240)),
    events.Eliminated("p1", 4, 2),
    events.PrizeAwarded("p2", 1, 600),
    events.BountyCollected("p2", "p1", 20, 20),
    events.PlayerMoved("p2", 1, 3, 2, 5, "balance"),
    events.TableBroken(3),
    events.HandForHandEntered(11),
    events.HandForHandRoundPlayed(),
    events.HandForHandLeft(10),
    events.FinalTableDrawn(4, (("p2", 0), ("p3", 5))),
    events.DealRecorded((("p2", 700), ("p3", 500))),
    events.Finished(9_000.0, (("p2", 1), ("p3", 2))),
]


def test_every_kind_of_event_survives_json() -> None:
    assert {type(event).__name__ for event in ONE_OF_EACH} == set(EVENTS.kinds(Family.TOURNAMENT))
    for event in ONE_OF_EACH:
        data = event.to_dict()
        assert json.loads(json.dumps(data)) == data, "JSON-ready"
        assert tournament_event_from_dict(data) == event
    with pytest.raises(ValueError, match="'Nothing' is not a tournament event"):
        tournament_event_from_dict({"type": "Nothing"})
    with pytest.raises(ValueError, match="Eliminated"):
        tournament_event_from_dict({"type": "Eliminated", "player_id": "p1", "place": "first"})
