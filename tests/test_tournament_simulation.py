"""Issue 19's acceptance: a 27-player, 3-table tournament of bots played to the end.

The clock is injected (a hand takes seconds of a number, not of the wall), so the
whole tournament plays in a couple of seconds. After every hand:

- chips are conserved: the players' stacks add up to every chip that came in (a chip
  race is the only thing that makes or takes chips, and it is counted), and each
  ``Table`` holds exactly the stacks the tournament counts;
- no table between hands has two players more than the shortest (a table in a hand
  gives players to balance when its hand is over);
- hand-for-hand is on exactly while the next player out finishes on the bubble
  (players left = paid places + 1) and they play at more than one table, and during
  it each table deals one hand a round;
- players out in the same hand at one table are placed by the stacks they began it
  with, the larger higher (equal stacks tie).

At the end the prizes sum to the prize pool and went to places 1 to 10 by finishing
order (tied players sharing their places' prizes), and the stored events rebuild
the same tournament.
"""

from __future__ import annotations

import random
from collections import defaultdict

from pokernight.bots import Bot, make_bot
from pokernight.tournament import (
    Payouts,
    Status,
    Tournament,
    from_template,
    tournament_event_from_dict,
)
from pokernight.tournament.events import (
    ChipsColouredUp,
    Eliminated,
    FinalTableDrawn,
    HandForHandEntered,
    HandForHandLeft,
    HandForHandRoundPlayed,
    PrizeAwarded,
    TableBroken,
)
from pokernight.tournament.simulation import Entry, HandReport, Run, play_tournament

PAYOUTS = Payouts.of(25, 17, 13, 10, 8, 7, 6, 5, 5, 4)  # ten places: the bubble is 11th
STRUCTURE = from_template("normal", entries=27, seats=9, payouts=PAYOUTS)
SEATS = STRUCTURE.seats


class Checks:
    """What ``after_hand`` saw, checked as it goes, for the assertions at the end."""

    def __init__(self) -> None:
        self.chips_created = 0
        self.told = 0  # the run's events already looked at
        self.hand_for_hand_changes: list[tuple[str, int]] = []
        self.round_tables: list[int] = []
        self.same_hand_busts = 0
        self.tables_seen: set[int] = set()

    def after_hand(self, run: Run, report: HandReport) -> None:
        tournament = run.tournament
        self.tables_seen |= set(tournament.tables)
        self.check_chips(run, report)
        if tournament.status is Status.FINISHED:
            return
        sizes = {number: len(seated) for number, seated in tournament.tables.items()}
        between = [size for number, size in sizes.items() if number not in tournament.in_play]
        assert max(between, default=0) <= min(sizes.values()) + 1, (
            f"hand {report.number}: tables of {sizes}, {sorted(tournament.in_play)} in a hand"
        )
        self.check_hand_for_hand(run, report)
        self.check_same_hand_order(report)

    def check_chips(self, run: Run, report: HandReport) -> None:
        """Every chip is counted: a chip race since the last hand is the only change."""
        tournament = run.tournament
        raced = any(isinstance(event, ChipsColouredUp) for event in run.events[self.told :])
        self.told = len(run.events)
        if not raced:
            assert tournament.chips_created == self.chips_created
        self.chips_created = tournament.chips_created
        assert tournament.chips_in_tournament() == tournament.chips_expected()
        assert tournament.chips_expected() == 27 * STRUCTURE.starting_stack + self.chips_created
        for number, table in run.tables.tables.items():
            for seat, player in tournament.tables[number].items():
                assert table.seats[seat].player_id == player
                assert table.seats[seat].stack == tournament.players[player].stack

    def check_hand_for_hand(self, run: Run, report: HandReport) -> None:
        tournament = run.tournament
        left, paid = tournament.players_left, tournament.paid_places
        assert tournament.hand_for_hand == (left == paid + 1 and left > SEATS), (
            f"hand {report.number}: {left} left, {paid} paid, at {len(tournament.tables)} tables"
        )
        for event in report.events:
            if isinstance(event, HandForHandEntered | HandForHandLeft):
                self.hand_for_hand_changes.append((type(event).__name__, event.players_left))
        if report.hand_for_hand:
            self.round_tables.append(report.table)
        if any(isinstance(event, HandForHandRoundPlayed) for event in report.events):
            tables = self.round_tables
            assert len(tables) == len(set(tables)), f"a table dealt twice in a round: {tables}"
            self.round_tables = []

    def check_same_hand_order(self, report: HandReport) -> None:
        out = [event for event in report.events if isinstance(event, Eliminated)]
        at_this_table = [event for event in out if event.player_id in report.began_with]
        for one in at_this_table:
            for other in at_this_table:
                before, other_before = (
                    report.began_with[one.player_id],
                    report.began_with[other.player_id],
                )
                if before > other_before:
                    assert one.place < other.place, "the larger starting stack finishes higher"
                    self.same_hand_busts += 1
                elif before == other_before:
                    assert one.place == other.place, "equal starting stacks tie"


def bots_for(entries: list[Entry], seed: int) -> dict[str, Bot]:
    return {
        entry.player_id: make_bot(entry.bot or "easy", random.Random(seed * 1_000 + index))
        for index, entry in enumerate(entries)
    }


MOST_SEEDS = 30


def test_27_player_tournaments_of_bots_run_to_the_end() -> None:
    """Deals from seed 0 on, each checked whole, until some deal has knocked two players
    out in one hand and some deal has played hand-for-hand (a hand can take the field
    from 12 to 10 and skip it): the deals find their own cases, whatever the bots do."""
    busts = hand_for_hand = 0
    for seed in range(MOST_SEEDS):
        checks = _a_27_player_tournament(seed)
        busts += bool(checks.same_hand_busts)
        hand_for_hand += bool(checks.hand_for_hand_changes)
        if seed >= 2 and busts and hand_for_hand:
            return
    raise AssertionError(
        f"{MOST_SEEDS} deals: {busts} with a double knockout, {hand_for_hand} hand-for-hand"
    )


def _a_27_player_tournament(seed: int) -> Checks:
    entries = [
        Entry(f"p{index}", f"Bot {index}", "medium" if index % 3 == 0 else "easy")
        for index in range(27)
    ]
    bots = bots_for(entries, seed)
    checks = Checks()
    run = play_tournament(
        Tournament.create(STRUCTURE, "director"),
        entries,
        lambda player, view: bots[player].decide(view),
        random.Random(seed),
        seconds_per_action=6.0,
        seconds_between_hands=9.0,
        after_hand=checks.after_hand,
    )
    tournament = run.tournament
    assert tournament.status is Status.FINISHED
    assert checks.tables_seen >= {1, 2, 3}
    assert sum(isinstance(event, TableBroken) for event in run.events) == 1
    assert sum(isinstance(event, FinalTableDrawn) for event in run.events) == 1

    # Hand-for-hand, when the field reached 11, began there and ended when the bubble burst.
    if checks.hand_for_hand_changes:
        entered, left = checks.hand_for_hand_changes
        assert entered == ("HandForHandEntered", 11)
        assert left[0] == "HandForHandLeft" and left[1] <= 10

    # Places 1 to 27, each once (tied players share the places from theirs down).
    places: dict[int, list[str]] = defaultdict(list)
    for entrant in tournament.players.values():
        assert entrant.place is not None
        places[entrant.place].append(entrant.player_id)
    covered = sorted(
        place + offset for place, group in places.items() for offset in range(len(group))
    )
    assert covered == list(range(1, 28))

    # The prizes sum to the pool and went to the places by finishing order.
    prizes = tournament.prizes
    assert prizes is not None and len(prizes) == 10
    assert tournament.pool == 27 * STRUCTURE.buy_in == sum(prizes)
    won: dict[str, int] = defaultdict(int)
    for event in run.events:
        if isinstance(event, PrizeAwarded):
            won[event.player_id] += event.amount
    assert sum(won.values()) == tournament.pool
    for place, group in places.items():
        share = sum(
            prizes[place - 1 + offset] for offset in range(len(group)) if place + offset <= 10
        )
        assert sorted(won.get(player, 0) for player in group) == sorted(
            share // len(group) + (1 if index < share % len(group) else 0)
            for index in range(len(group))
        ), f"place {place}: {group}"

    # The stored events rebuild the same tournament, and survive JSON.
    again = Tournament.from_events(
        tournament_event_from_dict(event.to_dict()) for event in run.events
    )
    assert again.players == tournament.players
    assert (again.pool, again.prizes, again.status) == (
        tournament.pool,
        tournament.prizes,
        Status.FINISHED,
    )
    return checks
