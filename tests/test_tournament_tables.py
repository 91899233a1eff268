"""How a tournament table plays: ``pokernight.table.Table``s following the tournament.

The tables are tournament tables (everybody with chips dealt in, whoever is away
blinded away), their stakes follow the levels from the next hand, and a finished
hand is read back as the tournament's report: stacks, positions, and who took the
last chips of each player left with none.
"""

from __future__ import annotations

import random
from dataclasses import replace

from pokernight.bots import make_bot
from pokernight.cards import full_deck, parse_cards
from pokernight.rules import Action, HandView
from pokernight.table import Act, AddChips, SitDown, Table, evolve
from pokernight.table.deal import deal, next_deal
from pokernight.tournament import Payouts, Tournament, from_template
from pokernight.tournament.events import LevelStarted, PlayerMoved
from pokernight.tournament.simulation import Entry, HandReport, Run, play_tournament
from pokernight.tournament.tables import DIRECTOR, report, table_settings

STRUCTURE = from_template("normal", entries=6, seats=6, payouts=Payouts.of(65, 35))


def test_a_tournament_table_plays_the_levels_game_for_its_stakes() -> None:
    structure = from_template("normal", games=("nlhe", "razz"))
    settings = table_settings(structure, 2)
    assert settings.variant == "razz" and settings.seats == 8
    assert settings.stakes_for(settings.variant_of("razz"), 0).bring_in == 30
    assert settings.debt_limit is None and settings.minimum_buy_in == 1


def table_with_hands(holes: list[str], board: str, bought: int = 0) -> Table:
    """Three players (100, 500 and 1,000 chips; button seat 0, blinds 25/50) dealt
    ``holes`` (seat by seat) and ``board``; ``bought``: chips seat 1 buys during the hand
    (a rebuy or add-on, added from the next hand)."""
    table = Table.open(table_settings(STRUCTURE, 1), DIRECTOR, tournament=True)
    for seat, stack in ((0, 100), (1, 500), (2, 1_000)):
        table.apply(SitDown(seat, f"p{seat}", f"Player {seat}", stack, by=DIRECTOR), 0.0)
    # Hold'em deals one card at a time from the small blind (seat 1) round; the flop, turn
    # and river each follow a burnt card.
    first, second = ([hole.split()[round_] for hole in holes] for round_ in (0, 1))
    order = [first[1], first[2], first[0], second[1], second[2], second[0]]
    flop, turn, river = board.split()[:3], board.split()[3], board.split()[4]
    chosen = parse_cards(" ".join([*order, "8c", *flop, "8d", turn, "8h", river]))
    rest = [card for card in full_deck() if card not in chosen]
    dealt = deal(table, next_deal(table, 0.0), random.Random(0), 0.0)
    evolve(table, replace(dealt, deck=tuple(str(card) for card in (*chosen, *rest))))
    assert table.hand is not None and [str(card) for card in table.hand.hole(0)] == holes[0].split()
    table.apply(Act("p0", "bet_or_raise", 100), 0.0)  # all in
    table.apply(Act("p1", "bet_or_raise", 500), 0.0)  # all in
    if bought:
        table.apply(AddChips("p1", bought, by=DIRECTOR), 0.0)
    table.apply(Act("p2", "call"), 0.0)
    assert table.hand is None, "the board runs out"
    return table


def test_a_player_out_was_knocked_out_by_the_winner_of_the_last_pot_they_were_in() -> None:
    # Aces win the main pot (all three), kings the side pot against queens.
    table = table_with_hands(["As Ah", "Qs Qh", "Ks Kh"], "2c 7d 9h 4s Jc")
    told = report(1, table)
    assert told.stacks == {"p0": 300, "p1": 0, "p2": 1_300}
    assert told.knockouts == {"p1": ("p2",)}
    assert told.positions == table.positions


def test_a_player_who_bought_chips_during_the_hand_they_lost_is_not_out() -> None:
    # Queens lose every chip dealt in, but the add-on bought meanwhile keeps them in.
    table = table_with_hands(["As Ah", "Qs Qh", "Ks Kh"], "2c 7d 9h 4s Jc", bought=1_000)
    told = report(1, table)
    assert told.stacks["p1"] == 1_000 and told.knockouts == {}


def test_one_winner_of_every_pot_knocks_out_everybody_who_lost() -> None:
    table = table_with_hands(["Ks Kh", "Qs Qh", "As Ah"], "2c 7d 9h 4s Jc")
    assert report(1, table).knockouts == {"p0": ("p2",), "p1": ("p2",)}


def test_a_split_last_pot_makes_two_takers() -> None:
    # Seats 1 and 2 both make the nine-high straight: they split both pots.
    table = table_with_hands(["As Ah", "9s 2h", "9d 2d"], "5c 6d 7h 8s Kc")
    told = report(1, table)
    assert told.stacks["p0"] == 0 and told.knockouts["p0"] == ("p1", "p2")


def entries(count: int) -> list[Entry]:
    return [Entry(f"p{index}", f"Bot {index}", "easy") for index in range(count)]


def test_a_player_who_is_away_is_blinded_and_folded_by_the_clock() -> None:
    bots = {f"p{index}": make_bot("easy", random.Random(index)) for index in range(6)}
    acted_by_choice: list[str] = []

    def choose(player: str, view: HandView) -> Action:
        acted_by_choice.append(player)
        return bots[player].decide(view)

    tournament = Tournament.create(STRUCTURE, "td")
    run = play_tournament(
        tournament,
        entries(6),
        choose,
        random.Random(2),
        away=lambda player: player == "p3",
    )
    assert "p3" not in acted_by_choice
    assert tournament.players["p3"].place is not None and tournament.players["p3"].place > 1
    assert run.hands > 0


def test_the_stakes_change_from_the_next_hand_at_every_table() -> None:
    seen: list[tuple[int, int]] = []

    def after_hand(run: Run, report: HandReport) -> None:
        table = run.tables.tables.get(report.table)
        if table is not None and table.last_started is not None:
            seen.append((run.tournament.level, table.last_started.stakes.big_blind))

    bots = {f"p{index}": make_bot("easy", random.Random(index)) for index in range(6)}
    run = play_tournament(
        Tournament.create(STRUCTURE, "td"),
        entries(6),
        lambda player, view: bots[player].decide(view),
        random.Random(4),
        seconds_per_action=10,
        after_hand=after_hand,
    )
    levels = [event for event in run.events if isinstance(event, LevelStarted)]
    assert len(levels) > 2
    big_blinds = {level.level: level.stakes.big_blind for level in levels}
    for level, big_blind in seen:
        # A hand dealt before a level began plays the level before it.
        assert big_blind in (big_blinds[level], big_blinds.get(level - 1))


def test_moved_players_take_their_stacks_to_their_new_table() -> None:
    # Thirteen at tables of six: three tables, one of which breaks once twelve are left.
    structure = from_template("normal", entries=13, seats=6, payouts=Payouts.of(50, 30, 20))
    bots = {f"p{index}": make_bot("easy", random.Random(index)) for index in range(13)}
    moved: list[PlayerMoved] = []

    def after_hand(run: Run, report: HandReport) -> None:
        moved.extend(event for event in report.events if isinstance(event, PlayerMoved))
        for number, table in run.tables.tables.items():
            assert table.tournament
            for seat, player in run.tournament.tables[number].items():
                assert table.seats[seat].player_id == player
                assert table.seats[seat].stack == run.tournament.players[player].stack

    play_tournament(
        Tournament.create(structure, "td"),
        entries(13),
        lambda player, view: bots[player].decide(view),
        random.Random(9),
        seconds_per_action=10.0,  # the blinds rise in fewer hands: a shorter test
        after_hand=after_hand,
    )
    assert moved
