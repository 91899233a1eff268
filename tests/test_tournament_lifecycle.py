"""A tournament from registration to its end: the commands, their refusals, the events.

Hands are reported by the test (``tournament_helpers``); the tables that play them
are tested in ``test_tournament_tables`` and ``test_tournament_simulation``.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pokernight.rules import Stakes
from pokernight.tournament import (
    AddOn,
    AddOnPeriod,
    Bounty,
    Break,
    ChangeStructure,
    Format,
    Level,
    Payouts,
    Rebuy,
    RebuyPeriod,
    RecordDeal,
    Register,
    ReportHand,
    Start,
    StartHand,
    Status,
    Tick,
    Tournament,
    TournamentError,
    TournamentEvent,
    Unregister,
    from_template,
    icm_deal,
)
from pokernight.tournament.deals import prizes_left
from pokernight.tournament.events import (
    AddedOn,
    BountyCollected,
    BreakStarted,
    Busted,
    ChipsColouredUp,
    DealRecorded,
    Eliminated,
    FinalTableDrawn,
    Finished,
    LevelStarted,
    PlayerMoved,
    PrizeAwarded,
    PrizePoolFixed,
    Rebought,
    Registered,
    Seated,
    Started,
    TableAdded,
    TableBroken,
)
from pokernight.tournament.ledger import results
from tests.tournament_helpers import (
    DIRECTOR,
    bust,
    of_type,
    play_hand,
    registered,
    report_for,
    rng,
)

SNG = from_template("normal", entries=6, seats=6, payouts=Payouts.of(65, 35))
LEVEL = 10 * 60  # the normal template's level, in seconds


# Registering and starting ----------------------------------------------------------------


def test_a_sit_and_go_starts_when_full() -> None:
    tournament = registered(SNG, 5)
    assert tournament.status is Status.REGISTERING
    for by in (None, "p0", "p5"):  # a bot's entry is the director's to make
        with pytest.raises(
            TournamentError, match="only the tournament director can register a bot"
        ):
            tournament.verify(Register("p5", "Player 5", bot="easy", by=by), 30.0)
    events = tournament.apply(Register("p5", "Player 5", bot="easy", by=DIRECTOR), 30.0, rng())
    assert isinstance(events[0], Registered) and events[0].bot == "easy"
    assert isinstance(events[1], Started) and events[1].at == 30.0
    seated = of_type(events, Seated)
    assert len(seated) == 6 and {event.table for event in seated} == {1}
    level = of_type(events, LevelStarted)[0]
    assert isinstance(level, LevelStarted) and level.level == 1 and level.game == "nlhe"
    fixed = of_type(events, PrizePoolFixed)[0]
    assert fixed == PrizePoolFixed(entries=6, pool=600, prizes=(390, 210))
    assert tournament.chips_in_tournament() == tournament.chips_expected() == 60_000


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (Register("p0", "Again"), "already registered"),
        (Register("x", "player 1"), "the name 'player 1' is taken"),
        (Register("x", " "), "needs a name"),
        (Unregister("nobody"), "you are not registered"),
        (Start("p0"), "only the tournament director can start"),
        (Start(DIRECTOR), "a sit-and-go starts when 6 players have registered: 3 so far"),
        (StartHand(1), "the tournament has not started"),
        (Rebuy("p0"), "this tournament has no rebuys"),
        (ChangeStructure("p1", SNG), "only the tournament director can change"),
        (ChangeStructure(DIRECTOR, replace(SNG, entries=2)), "3 players have registered"),
    ],
)
def test_refusals_before_the_start_say_why(command: object, reason: str) -> None:
    tournament = registered(SNG, 3)
    with pytest.raises(TournamentError, match=reason):
        tournament.verify(command, 0.0)  # type: ignore[arg-type]


def test_a_player_may_unregister_before_the_start_only() -> None:
    tournament = registered(SNG, 3)
    tournament.apply(Unregister("p1"), 0.0, rng())
    assert tournament.entries == 2 and tournament.pool == 200 and "p1" not in tournament.players
    full = registered(SNG, 6)
    with pytest.raises(TournamentError, match="can no longer unregister"):
        full.verify(Unregister("p1"), 0.0)
    with pytest.raises(TournamentError, match="registration is closed"):
        full.verify(Register("late", "Late"), 0.0)


def test_the_director_edits_the_structure_before_the_start() -> None:
    tournament = registered(SNG, 2)
    deep = from_template("deep", entries=6, seats=6)
    tournament.apply(ChangeStructure(DIRECTOR, deep), 0.0, rng())
    assert tournament.structure == deep
    with pytest.raises(TournamentError, match="a break follows one of the 31 levels"):
        tournament.verify(ChangeStructure(DIRECTOR, replace(deep, breaks=(Break(99, 0),))), 0)


SCHEDULED = from_template(
    "normal", format=Format.SCHEDULED, starts_at=1_000.0, entries=0, minimum_entries=3
)


def test_a_scheduled_tournament_starts_at_its_time() -> None:
    tournament = registered(SCHEDULED, 4)
    assert tournament.apply(Tick(), 999.0, rng()) == []
    events = tournament.apply(Tick(), 1_000.0, rng())
    assert isinstance(events[0], Started) and tournament.status is Status.RUNNING


def test_a_scheduled_tournament_waits_for_its_minimum_field() -> None:
    tournament = registered(SCHEDULED, 2)
    assert tournament.apply(Tick(), 2_000.0, rng()) == []
    with pytest.raises(TournamentError, match="at least 3 entries: 2 so far"):
        tournament.verify(Start(DIRECTOR), 2_000.0)
    tournament.apply(Register("p2", "Player 2"), 2_001.0, rng())
    assert tournament.status is Status.RUNNING, "the time has come: it starts once it can"


def test_the_director_may_start_a_scheduled_tournament_early() -> None:
    tournament = registered(SCHEDULED, 3)
    events = tournament.apply(Start(DIRECTOR), 10.0, rng())
    assert isinstance(events[0], Started) and events[0].at == 10.0


# Late registration -----------------------------------------------------------------------

LATE = replace(SCHEDULED, seats=3, late_registration_level=2, minimum_entries=2).validated()


def test_a_late_entrant_draws_a_seat_at_the_shortest_table() -> None:
    tournament = registered(LATE, 5)
    tournament.apply(Tick(), 1_000.0, rng())
    assert sorted(len(seated) for seated in tournament.tables.values()) == [2, 3]
    events = tournament.apply(Register("late", "Late"), 1_100.0, rng())
    seated = of_type(events, Seated)
    assert len(seated) == 1 and isinstance(seated[0], Seated)
    assert seated[0].stack == LATE.starting_stack
    assert sorted(len(seated) for seated in tournament.tables.values()) == [3, 3]
    assert tournament.pool == 600 and tournament.prizes is None, "the pool may still grow"
    assert tournament.chips_in_tournament() == tournament.chips_expected()


def test_a_late_entrant_opens_a_table_when_every_table_is_full_and_balancing_fills_it() -> None:
    tournament = registered(LATE, 6)
    tournament.apply(Tick(), 1_000.0, rng())
    events = tournament.apply(Register("late", "Late"), 1_100.0, rng())
    assert of_type(events, TableAdded) == [TableAdded(3)]
    moves = of_type(events, PlayerMoved)
    assert len(moves) == 1, "a table between hands gives a player to the new one"
    assert sorted(len(seated) for seated in tournament.tables.values()) == [2, 2, 3]


def test_late_registration_closes_with_its_level_and_the_pool_is_fixed() -> None:
    tournament = registered(LATE, 4)
    tournament.apply(Tick(), 1_000.0, rng())
    tournament.apply(Tick(), 1_000.0 + 2 * LEVEL, rng())
    assert tournament.level == 3
    assert tournament.prizes is not None and sum(tournament.prizes) == 400
    with pytest.raises(TournamentError, match="registration is closed"):
        tournament.verify(Register("late", "Late"), 1_000.0 + 2 * LEVEL)


# The clock -------------------------------------------------------------------------------

CLOCKED = replace(
    SNG,
    levels=(
        Level(Stakes(small_blind=25, big_blind=50), 10),
        Level(Stakes(small_blind=50, big_blind=100), 10),
        Level(Stakes(small_blind=100, big_blind=200), 10),
    ),
    breaks=(Break(2, 5, colour_up=25),),
).validated()


def test_levels_start_on_the_clock_and_a_break_follows_its_level() -> None:
    tournament = registered(CLOCKED, 6)
    assert tournament.apply(Tick(), 599.0, rng()) == []
    events = tournament.apply(Tick(), 1_250.0, rng())  # two levels late: both told, in order
    assert [type(event) for event in events] == [LevelStarted, BreakStarted, ChipsColouredUp]
    assert isinstance(events[0], LevelStarted) and events[0].at == 600.0
    assert events[1] == BreakStarted(2, 1_200.0, 1_500.0, 25)
    with pytest.raises(TournamentError, match="on a break: play resumes in 5 min"):
        tournament.verify(StartHand(1), 1_250.0)
    after = tournament.apply(Tick(), 1_500.0, rng())
    assert isinstance(after[0], LevelStarted) and after[0].level == 3
    assert tournament.period_ends_at == float("inf"), "the last level lasts"


def test_the_chip_race_waits_for_the_hand_in_play() -> None:
    tournament = registered(CLOCKED, 6)
    tournament.apply(StartHand(1), 1_199.0, rng())  # any command moves the clock on: level 2
    events = tournament.apply(Tick(), 1_200.0, rng())
    assert [type(event) for event in events] == [BreakStarted]
    assert tournament.colour_up_due == 25
    changes = {"p0": -30, "p1": 30}  # odd chips of 25s and less
    events = tournament.apply(report_for(tournament, 1, changes), 1_210.0, rng())
    race = of_type(events, ChipsColouredUp)
    assert len(race) == 1 and isinstance(race[0], ChipsColouredUp)
    assert race[0].chip == 25 and race[0].into == 100
    assert all(entrant.stack % 100 == 0 for entrant in tournament.players.values())
    assert tournament.chips_in_play[0] == 100 and tournament.colour_up_due is None
    assert tournament.chips_in_tournament() == tournament.chips_expected()


# Players out, places and prizes ----------------------------------------------------------


def test_players_out_in_one_hand_finish_in_the_order_of_their_starting_stacks() -> None:
    tournament = registered(SNG, 6)
    play_hand(tournament, 1, {"p0": -5_000, "p2": 5_000})  # p0 starts the next hand short
    events = play_hand(tournament, 1, {"p0": -5_000, "p1": -10_000, "p2": 15_000})
    placed = {event.player_id: event.place for event in of_type(events, Eliminated)}
    assert placed == {"p0": 6, "p1": 5}, "the larger starting stack finishes higher"


def test_equal_starting_stacks_out_in_one_hand_tie_and_share_the_prizes() -> None:
    tournament = registered(SNG, 6)
    for player in ("p3", "p4", "p5"):
        play_hand(tournament, 1, bust(tournament, player, "p0"))
    events = play_hand(tournament, 1, {"p1": -10_000, "p2": -10_000, "p0": 20_000})
    assert of_type(events, Eliminated) == [Eliminated("p1", 2, 2), Eliminated("p2", 2, 2)]
    # 2nd and 3rd share 35% + 0%: 105 each.
    assert of_type(events, PrizeAwarded)[:2] == [
        PrizeAwarded("p1", 2, 105),
        PrizeAwarded("p2", 2, 105),
    ]
    assert of_type(events, Finished) == [Finished(0.0, (("p0", 1),))]
    assert of_type(events, PrizeAwarded)[-1] == PrizeAwarded("p0", 1, 390)
    assert tournament.status is Status.FINISHED


def test_the_prizes_paid_sum_to_the_pool_and_the_ledger_to_nothing() -> None:
    tournament = Tournament.create(SNG, DIRECTOR)
    events: list[TournamentEvent] = [tournament.created]
    for index in range(6):
        events += tournament.apply(Register(f"p{index}", f"Player {index}"), 0.0, rng())
    for player in ("p1", "p2", "p3", "p4", "p5"):
        events += play_hand(tournament, 1, bust(tournament, player, "p0"))
    paid = sum(event.amount for event in of_type(events, PrizeAwarded))
    assert paid == tournament.pool == 600
    assert [tournament.players[f"p{index}"].place for index in range(6)] == [1, 6, 5, 4, 3, 2]
    money = results(events)
    assert money["p0"].net == 390 - 100 and money["p5"].net == 210 - 100
    assert money["p1"].net == -100
    assert sum(result.net for result in money.values()) == 0


@pytest.mark.parametrize(
    ("report", "reason"),
    [
        (ReportHand(2, {}, object()), "table 2 is not playing a hand"),  # type: ignore[arg-type]
    ],
)
def test_a_report_for_a_table_not_in_a_hand_is_refused(report: ReportHand, reason: str) -> None:
    tournament = registered(SNG, 6)
    with pytest.raises(TournamentError, match=reason):
        tournament.verify(report, 0.0)


def test_a_report_must_account_for_every_player_and_every_chip() -> None:
    tournament = registered(SNG, 6)
    tournament.apply(StartHand(1), 0.0, rng())
    good = report_for(tournament, 1, {})
    missing = replace(good, stacks={k: v for k, v in good.stacks.items() if k != "p3"})
    with pytest.raises(TournamentError, match=r"missing \['p3'\]"):
        tournament.verify(missing, 0.0)
    made = replace(good, stacks={**good.stacks, "p3": 10_010})
    with pytest.raises(TournamentError, match=r"not conserved at table 1: 60,000 before .* 60,010"):
        tournament.verify(made, 0.0)
    with pytest.raises(TournamentError, match="table 1 is already playing a hand"):
        tournament.verify(StartHand(1), 0.0)


# Rebuys and the add-on -------------------------------------------------------------------

REBUYS = replace(
    SNG,
    payouts=None,
    rebuys=RebuyPeriod(price=100, chips=10_000, until_level=2, most=1, window_seconds=60),
    add_on=AddOnPeriod(price=50, chips=20_000, level=2),
).validated()


def test_a_player_at_or_below_the_starting_stack_may_rebuy() -> None:
    tournament = registered(REBUYS, 6)
    assert tournament.prizes is None, "the pool grows until the rebuys end"
    play_hand(tournament, 1, {"p0": -1_000, "p1": 1_000})
    with pytest.raises(TournamentError, match=r"at or below the starting stack .* 11,000"):
        tournament.verify(Rebuy("p1"), 0.0)
    events = tournament.apply(Rebuy("p0"), 0.0, rng())
    assert events == [Rebought("p0", 10_000, 100)]
    assert tournament.players["p0"].stack == 19_000 and tournament.pool == 700
    with pytest.raises(TournamentError, match="all 1 of your rebuys"):
        tournament.verify(Rebuy("p0"), 0.0)
    assert tournament.chips_in_tournament() == tournament.chips_expected()


def test_a_busted_player_may_rebuy_until_their_time_runs_out() -> None:
    tournament = registered(REBUYS, 6)
    events = play_hand(tournament, 1, bust(tournament, "p0", "p1"), now=10.0)
    assert of_type(events, Busted) == [Busted("p0", 70.0)]
    assert not of_type(events, Eliminated) and tournament.players_left == 6
    tournament.apply(Rebuy("p0"), 69.0, rng())
    assert tournament.players["p0"].stack == 10_000 and not tournament.busts
    play_hand(tournament, 1, bust(tournament, "p2", "p1"), now=100.0)
    assert tournament.apply(Tick(), 159.0, rng()) == []
    events = tournament.apply(Tick(), 160.0, rng())
    assert of_type(events, Eliminated) == [Eliminated("p2", 6)]


def test_a_player_with_no_rebuy_left_is_out_at_once() -> None:
    tournament = registered(REBUYS, 6)
    play_hand(tournament, 1, bust(tournament, "p0", "p1"))
    tournament.apply(Rebuy("p0"), 0.0, rng())
    events = play_hand(tournament, 1, bust(tournament, "p0", "p1"))
    assert of_type(events, Eliminated) == [Eliminated("p0", 6)]
    with pytest.raises(
        TournamentError, match=r"you are out of the tournament \(you finished 6th\)"
    ):
        tournament.verify(Rebuy("p0"), 0.0)


def test_the_add_on_comes_once_in_its_level_and_the_pool_is_fixed_after_it() -> None:
    tournament = registered(REBUYS, 6)
    with pytest.raises(TournamentError, match="during level 2 or its break"):
        tournament.verify(AddOn("p0"), 0.0)
    tournament.apply(Tick(), LEVEL, rng())
    assert tournament.apply(AddOn("p0"), LEVEL, rng()) == [AddedOn("p0", 20_000, 50)]
    with pytest.raises(TournamentError, match="taken your add-on"):
        tournament.verify(AddOn("p0"), LEVEL)
    events = tournament.apply(Tick(), 2 * LEVEL, rng())
    fixed = of_type(events, PrizePoolFixed)
    assert len(fixed) == 1 and isinstance(fixed[0], PrizePoolFixed) and fixed[0].pool == 650
    with pytest.raises(TournamentError, match="rebuys ended with level 2"):
        tournament.verify(Rebuy("p1"), 2 * LEVEL)


# Bounties --------------------------------------------------------------------------------


def test_a_fixed_bounty_goes_to_whoever_knocked_the_player_out() -> None:
    tournament = registered(replace(SNG, bounty=Bounty(20)), 6)
    events = play_hand(tournament, 1, bust(tournament, "p3", "p4"))
    assert of_type(events, BountyCollected) == [BountyCollected("p4", "p3", 20)]


def test_a_progressive_bounty_pays_half_and_adds_half_to_the_takers_head() -> None:
    tournament = registered(replace(SNG, bounty=Bounty(20, progressive=True)), 6)
    play_hand(tournament, 1, bust(tournament, "p3", "p4"))
    assert tournament.players["p4"].bounty == 30
    events = play_hand(tournament, 1, bust(tournament, "p4", "p5"))
    assert of_type(events, BountyCollected) == [BountyCollected("p5", "p4", 15, 15)]
    assert tournament.players["p5"].bounty == 35


def test_a_bounty_won_by_two_players_is_shared() -> None:
    tournament = registered(replace(SNG, bounty=Bounty(25)), 6)
    events = play_hand(tournament, 1, {"p3": -10_000, "p4": 5_000, "p5": 5_000})
    assert of_type(events, BountyCollected) == [
        BountyCollected("p4", "p3", 13),
        BountyCollected("p5", "p3", 12),
    ]


def test_a_bounty_tournament_must_be_told_who_knocked_a_player_out() -> None:
    tournament = registered(replace(SNG, bounty=Bounty(20)), 6)
    tournament.apply(StartHand(1), 0.0, rng())
    report = report_for(tournament, 1, bust(tournament, "p3", "p4"))
    with pytest.raises(TournamentError, match="needs to know who knocked out p3"):
        tournament.verify(replace(report, knockouts={}), 0.0)


def test_the_winner_takes_their_own_bounty_and_the_money_adds_up() -> None:
    tournament = registered(replace(SNG, bounty=Bounty(20, progressive=True)), 6)
    events = []
    for player in ("p1", "p2", "p3", "p4", "p5"):
        events += play_hand(tournament, 1, bust(tournament, player, "p0"))
    bounties = of_type(events, BountyCollected)
    assert bounties[-1] == BountyCollected("p0", "p0", 20 + 5 * 10)
    assert sum(event.amount for event in bounties) == 6 * 20


# Deals -----------------------------------------------------------------------------------


def test_a_deal_ends_the_tournament_with_places_by_stacks() -> None:
    structure = replace(SNG, payouts=Payouts.of(50, 30, 20))
    tournament = registered(structure, 6)
    for player in ("p3", "p4", "p5"):
        play_hand(tournament, 1, bust(tournament, player, "p0"))
    with pytest.raises(TournamentError, match="only the tournament director"):
        tournament.verify(RecordDeal("p0", {}), 0.0)
    stacks = {entrant.player_id: entrant.stack for entrant in tournament.alive}
    assert stacks == {"p0": 40_000, "p1": 10_000, "p2": 10_000}
    amounts = icm_deal(stacks, prizes_left(tournament))
    with pytest.raises(TournamentError, match="shares 599 but the prizes left are 600"):
        tournament.verify(RecordDeal(DIRECTOR, {**amounts, "p0": amounts["p0"] - 1}), 0.0)
    events = tournament.apply(RecordDeal(DIRECTOR, amounts), 0.0, rng())
    assert isinstance(events[0], DealRecorded)
    assert of_type(events, PrizeAwarded) == [
        PrizeAwarded("p0", 1, amounts["p0"]),
        PrizeAwarded("p1", 2, amounts["p1"]),
        PrizeAwarded("p2", 3, amounts["p2"]),
    ]
    assert tournament.status is Status.FINISHED


def test_a_deal_is_made_in_the_money_only() -> None:
    tournament = registered(SNG, 6)
    with pytest.raises(TournamentError, match="in the money: 6 players are left and 2 are paid"):
        tournament.verify(RecordDeal(DIRECTOR, {}), 0.0)


# Tables breaking and the final table -----------------------------------------------------

TWO_TABLES = from_template("normal", entries=10, seats=5, payouts=Payouts.of(50, 30, 20))


def test_the_final_table_is_drawn_when_everybody_left_fits_at_one() -> None:
    tournament = registered(TWO_TABLES, 10)
    assert sorted(tournament.tables) == [1, 2]
    while tournament.players_left > 6:
        table = max(tournament.tables, key=lambda number: len(tournament.tables[number]))
        player = next(iter(tournament.tables[table].values()))
        events = play_hand(tournament, table, bust(tournament, player))
        assert not of_type(events, FinalTableDrawn) and not of_type(events, TableBroken)
    player = next(iter(tournament.tables[1].values()))
    events = play_hand(tournament, 1, bust(tournament, player))
    final = of_type(events, FinalTableDrawn)
    assert len(final) == 1 and isinstance(final[0], FinalTableDrawn) and final[0].table == 3
    assert list(tournament.tables) == [3] and len(tournament.tables[3]) == 5
    assert {player for player, _ in final[0].seats} == {
        entrant.player_id for entrant in tournament.alive
    }


@pytest.mark.parametrize(("playing", "other"), [(2, 1), (1, 2)])
def test_no_table_deals_while_the_final_table_waits_for_a_hand(playing: int, other: int) -> None:
    # Either table may be the one still in a hand: the other does not break into it.
    tournament = registered(TWO_TABLES, 10)
    while tournament.players_left > 6:
        table = max(tournament.tables, key=lambda number: len(tournament.tables[number]))
        player = next(iter(tournament.tables[table].values()))
        play_hand(tournament, table, bust(tournament, player))
    tournament.apply(StartHand(playing), 0.0, rng())
    player = next(iter(tournament.tables[other].values()))
    events = play_hand(tournament, other, bust(tournament, player))
    assert not of_type(events, TableBroken)
    assert tournament.players_left == 5 and len(tournament.tables) == 2
    with pytest.raises(TournamentError, match=rf"final table .*: table {playing} is still playing"):
        tournament.verify(StartHand(other), 0.0)
    events = tournament.apply(report_for(tournament, playing, {}), 0.0, rng())
    assert len(of_type(events, FinalTableDrawn)) == 1


def test_a_table_breaks_in_the_set_order_into_the_shortest_tables() -> None:
    structure = from_template("normal", entries=12, seats=4, break_order=(1, 3, 2))
    tournament = registered(structure, 12)  # three tables of four
    for table in (2, 3, 2, 3):
        player = next(iter(tournament.tables[table].values()))
        events = play_hand(tournament, table, bust(tournament, player))
    broken = of_type(events, TableBroken)
    assert broken == [TableBroken(1)], "table 1 breaks first, as the structure says"
    moves = of_type(events, PlayerMoved)
    # 4, 3, 4 after two players out; 4, 2, 3, then table 1 gave a player to balance.
    assert len(moves) == 3 and all(move.reason == "broken" for move in moves)
    assert sorted(len(seated) for seated in tournament.tables.values()) == [4, 4]


def test_balancing_moves_a_player_from_the_table_two_players_longer() -> None:
    tournament = registered(replace(TWO_TABLES, seats=6), 10)  # 5 and 5
    table = 1
    for _ in range(2):
        player = next(iter(tournament.tables[table].values()))
        events = play_hand(tournament, table, bust(tournament, player))
    moves = of_type(events, PlayerMoved)
    assert len(moves) == 1 and isinstance(moves[0], PlayerMoved)
    assert (moves[0].from_table, moves[0].to_table, moves[0].reason) == (2, 1, "balance")
    assert sorted(len(seated) for seated in tournament.tables.values()) == [4, 4]


# Events ----------------------------------------------------------------------------------


def test_decide_leaves_the_tournament_as_it_was() -> None:
    tournament = registered(SNG, 5)
    after, events = tournament.decide(Register("p5", "Player 5"), 0.0, rng())
    assert tournament.status is Status.REGISTERING and len(tournament.players) == 5
    assert after.status is Status.RUNNING and events


def test_verify_draws_nothing_from_the_callers_rng() -> None:
    tournament = registered(SNG, 5)
    draw = random.Random(1)
    state = draw.getstate()
    tournament.verify(Register("p5", "Player 5"), 0.0)
    assert draw.getstate() == state
