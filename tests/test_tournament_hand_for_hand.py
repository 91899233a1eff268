"""Hand-for-hand play on the money bubble, across tables.

Hand-for-hand: while the next player out finishes on the bubble (players left = paid
places + 1) and they play at more than one table. Each table deals one hand of the
round and waits for the others; the hands in play when it begins are finished first,
as ordinary hands. Players out in one round finish together: those at different
tables tie and share the places' prizes; those at one table are ranked by the stacks
they began the hand with. It ends when the bubble bursts (players left <= paid places).
"""

from __future__ import annotations

import pytest

from pokernight.tournament import Payouts, StartHand, Tournament, TournamentError, from_template
from pokernight.tournament.events import (
    Eliminated,
    FinalTableDrawn,
    HandForHandEntered,
    HandForHandLeft,
    HandForHandRoundPlayed,
    PrizeAwarded,
)
from tests.tournament_helpers import bust, of_type, play_hand, registered, report_for, rng

# Eight players at three tables of three; four paid (320, 240, 160, 80): the bubble is 5th.
STRUCTURE = from_template("normal", entries=8, seats=3, payouts=Payouts.of(40, 30, 20, 10))


def on_the_bubble() -> Tournament:
    """Five players left at two tables (3 and 2): hand-for-hand has just begun."""
    tournament = registered(STRUCTURE, 8)
    assert tournament.prizes == (320, 240, 160, 80)
    while tournament.players_left > 5:
        table = max(tournament.tables, key=lambda number: len(tournament.tables[number]))
        victim = next(iter(tournament.tables[table].values()))
        events = play_hand(tournament, table, bust(tournament, victim))
    assert of_type(events, HandForHandEntered) == [HandForHandEntered(5)]
    assert tournament.hand_for_hand
    assert sorted(len(seated) for seated in tournament.tables.values()) == [2, 3]
    return tournament


def tables_by_size(tournament: Tournament) -> tuple[int, int]:
    short, long = sorted(tournament.tables, key=lambda number: len(tournament.tables[number]))
    return long, short


def test_hand_for_hand_begins_when_the_next_player_out_is_on_the_bubble() -> None:
    tournament = registered(STRUCTURE, 8)
    entered_at = []
    while tournament.players_left > 5:
        table = max(tournament.tables, key=lambda number: len(tournament.tables[number]))
        victim = next(iter(tournament.tables[table].values()))
        events = play_hand(tournament, table, bust(tournament, victim))
        entered_at += [tournament.players_left for _ in of_type(events, HandForHandEntered)]
    assert entered_at == [5], "entered once, with paid places + 1 left"


def test_each_table_plays_one_hand_of_the_round_and_waits() -> None:
    tournament = on_the_bubble()
    long, short = tables_by_size(tournament)
    play_hand(tournament, long)
    with pytest.raises(TournamentError, match=f"table {long} has played this hand and waits"):
        tournament.verify(StartHand(long), 0.0)
    events = play_hand(tournament, short)
    assert of_type(events, HandForHandRoundPlayed) == [HandForHandRoundPlayed()]
    assert tournament.can(StartHand(long), 0.0), "the next round begins"


def test_players_out_at_different_tables_in_one_round_tie_and_share() -> None:
    tournament = on_the_bubble()
    long, short = tables_by_size(tournament)
    first = next(iter(tournament.tables[long].values()))
    events = play_hand(tournament, long, bust(tournament, first))
    assert not of_type(events, Eliminated), "placed when the round is over"
    assert tournament.players_left == 5
    second = next(iter(tournament.tables[short].values()))
    events = play_hand(tournament, short, bust(tournament, second))
    assert sorted(of_type(events, Eliminated), key=lambda event: event.player_id) == sorted(
        [Eliminated(first, 4, 2), Eliminated(second, 4, 2)], key=lambda event: event.player_id
    )
    prizes = of_type(events, PrizeAwarded)
    assert sorted(event.amount for event in prizes) == [40, 40], "4th's 80 and 5th's nothing"
    assert of_type(events, HandForHandLeft) == [HandForHandLeft(3)]
    assert len(of_type(events, FinalTableDrawn)) == 1


def test_players_out_at_one_table_in_a_round_are_ranked_by_their_stacks() -> None:
    tournament = on_the_bubble()
    long, short = tables_by_size(tournament)

    def by_stack() -> list[str]:
        return sorted(tournament.tables[long].values(), key=lambda p: tournament.players[p].stack)

    small, big, winner = by_stack()
    # Make the two smallest stacks differ first (a round of its own), then both go broke.
    play_hand(tournament, long, {small: -1_000, winner: 1_000})
    play_hand(tournament, short)
    small, big, winner = by_stack()
    assert tournament.players[small].stack < tournament.players[big].stack
    changes = {
        small: -tournament.players[small].stack,
        big: -tournament.players[big].stack,
    }
    changes[winner] = -sum(changes.values())
    play_hand(tournament, long, changes)
    lone = next(iter(tournament.tables[short].values()))
    events = play_hand(tournament, short, bust(tournament, lone))
    placed = {event.player_id: (event.place, event.tied) for event in of_type(events, Eliminated)}
    # The lowest at each table share 4th and 5th; the next at the long table is 3rd.
    assert placed == {small: (4, 2), lone: (4, 2), big: (3, 1)}


def test_the_hands_in_play_when_it_begins_finish_as_ordinary_hands() -> None:
    tournament = registered(STRUCTURE, 8)
    while tournament.players_left > 6:
        table = max(tournament.tables, key=lambda number: len(tournament.tables[number]))
        victim = next(iter(tournament.tables[table].values()))
        play_hand(tournament, table, bust(tournament, victim))
    long, short = tables_by_size(tournament)
    tournament.apply(StartHand(short), 0.0, rng())  # in play when the bubble comes
    victim = next(iter(tournament.tables[long].values()))
    events = play_hand(tournament, long, bust(tournament, victim))
    assert of_type(events, HandForHandEntered) == [HandForHandEntered(5)]
    with pytest.raises(TournamentError, match=f"every table has finished its hand: table {short}"):
        tournament.verify(StartHand(long), 0.0)
    other = next(iter(tournament.tables[short].values()))
    report = report_for(tournament, short, bust(tournament, other))
    events = tournament.apply(report, 0.0, rng())
    assert of_type(events, Eliminated) == [Eliminated(other, 5)], "the bubble, alone"
    assert not of_type(events, PrizeAwarded)
    assert of_type(events, HandForHandLeft) == [HandForHandLeft(4)]


def test_no_hand_for_hand_at_a_single_table() -> None:
    structure = from_template("normal", entries=6, seats=6, payouts=Payouts.of(65, 35))
    tournament = registered(structure, 6)
    events = []
    for player in ("p1", "p2", "p3"):
        events += play_hand(tournament, 1, bust(tournament, player, "p0"))
    assert tournament.players_left == 3 and not of_type(events, HandForHandEntered)
