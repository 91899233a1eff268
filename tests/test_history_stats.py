"""Player statistics of a table: tracker definitions on hands with known numbers, and
properties of random tables (every variant)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokernight.bots.stats import OpponentModel
from pokernight.history.stats import PlayerRow, TableStats, seat_tallies
from pokernight.history.table_export import PlayedHand, played_hands
from pokernight.rules import VARIANTS, PotAwarded, view, visible_events
from pokernight.rules.random_play import random_action
from pokernight.table import Act, Command, SitDown, StartHand, Table, TableEvent, TableSettings

Step = tuple[str, str, int | None]  # (player name, action kind, street total)


class ScriptedTable:
    """A table of players named by their ids, playing the actions a test scripts."""

    def __init__(self, variant: str, names: Sequence[str], buy_in: int = 1000) -> None:
        self.table = Table.open(TableSettings.for_variant(variant, debt_cap=None), host=names[0])
        self.log: list[TableEvent] = [self.table.opened]
        for seat, name in enumerate(names):
            self.run(SitDown(seat, name, name, buy_in))

    def run(self, command: Command) -> None:
        self.log.extend(folded.event for folded in self.table.apply(command, 0.0))

    def play(self, seed: int, steps: Sequence[Step]) -> None:
        """Deal a hand and play ``steps``; then everyone checks, calls or brings in to the end."""
        self.run(StartHand(random.Random(seed)))
        for name, kind, amount in steps:
            assert self.to_act() == name, f"{self.to_act()} acts, not {name}"
            self.run(Act(name, kind, amount))
        while self.table.hand is not None:
            legal = self.table.hand.legal_actions()
            assert legal is not None
            kind = "bring_in" if legal.can_bring_in else "call" if legal.call_amount else "check"
            self.run(Act(self.to_act(), kind))

    def to_act(self) -> str:
        assert self.table.hand is not None and self.table.started is not None
        legal = self.table.hand.legal_actions()
        assert legal is not None
        return self.table.seats[self.table.started.seats[legal.seat]].player_id

    def played(self) -> list[PlayedHand]:
        return list(played_hands(self.log))


def rows_by_name(hands: Sequence[PlayedHand]) -> dict[str, PlayerRow]:
    stats = TableStats()
    for hand in hands:
        stats.add(hand)
    return {row.name: row for row in stats.rows()}


def limp_raise_and_checked_big_blind() -> ScriptedTable:
    """Hand 1 (button Ann, blinds Bob and Cat): Dan limps, Ann raises, the blinds fold,
    Dan calls, then folds to Ann's flop bet. Hand 2 (button Bob): Ann limps, Bob calls,
    Cat completes, Dan checks his big blind; everyone checks to the showdown."""
    game = ScriptedTable("nlhe", ["Ann", "Bob", "Cat", "Dan"])
    game.play(
        0,
        [
            ("Dan", "call", None),
            ("Ann", "bet_or_raise", 80),
            ("Bob", "fold", None),
            ("Cat", "fold", None),
            ("Dan", "call", None),
            ("Dan", "check", None),
            ("Ann", "bet_or_raise", 100),
            ("Dan", "fold", None),
        ],
    )
    game.play(
        1,
        [
            ("Ann", "call", None),
            ("Bob", "call", None),
            ("Cat", "call", None),
            ("Dan", "check", None),
        ],
    )
    return game


def test_a_limp_and_a_raise_are_voluntary_and_only_the_raise_is_a_preflop_raise() -> None:
    rows = rows_by_name(limp_raise_and_checked_big_blind().played())
    assert rows["Ann"].vpip_percent == 100.0 and rows["Ann"].pfr_percent == 50.0
    assert rows["Dan"].vpip_percent == 50.0 and rows["Dan"].pfr_percent == 0.0


def test_a_big_blind_who_checks_did_not_put_chips_in_voluntarily() -> None:
    second = limp_raise_and_checked_big_blind().played()[1]
    assert seat_tallies(second.hand.events)[second.names.index("Dan")].voluntary is False
    assert rows_by_name([second])["Dan"].vpip_percent == 0.0


def test_completing_the_small_blind_is_voluntary_and_folding_a_blind_is_not() -> None:
    rows = rows_by_name(limp_raise_and_checked_big_blind().played())
    assert rows["Bob"].voluntary == 1 and rows["Cat"].voluntary == 1
    assert rows["Bob"].raised_first_round == rows["Cat"].raised_first_round == 0


def test_aggression_counts_bets_and_raises_per_call_on_every_round() -> None:
    rows = rows_by_name(limp_raise_and_checked_big_blind().played())
    assert (rows["Ann"].bets_and_raises, rows["Ann"].calls) == (2, 1)
    assert rows["Ann"].aggression_factor == 2.0
    assert rows["Dan"].aggression_factor == 0.0


def test_rates_with_nothing_to_count_are_none() -> None:
    first, _ = limp_raise_and_checked_big_blind().played()
    bob = rows_by_name([first])["Bob"]
    assert bob.hands == 1 and bob.calls == 0 and bob.aggression_factor is None
    assert bob.saw_second_round == 0 and bob.went_to_showdown_percent is None
    assert bob.won_at_showdown_percent is None


def test_showdowns_count_per_hand_that_saw_the_flop() -> None:
    rows = rows_by_name(limp_raise_and_checked_big_blind().played())
    # Ann and Dan saw both flops and showed down once; Bob and Cat saw only the second.
    seen = {name: (row.saw_second_round, row.showdowns) for name, row in rows.items()}
    assert seen == {"Ann": (2, 1), "Dan": (2, 1), "Bob": (1, 1), "Cat": (1, 1)}
    assert rows["Ann"].went_to_showdown_percent == 50.0
    assert rows["Bob"].went_to_showdown_percent == 100.0


def test_a_pot_won_without_a_showdown_is_won_but_not_at_showdown() -> None:
    first, _ = limp_raise_and_checked_big_blind().played()
    ann = rows_by_name([first])["Ann"]
    assert (ann.won, ann.showdowns, ann.showdowns_won) == (1, 0, 0)
    # Ann collects the pot: her 80, Dan's 80 and the blinds (10 and 20).
    assert ann.biggest_pot == 190 and ann.net == 110


def test_net_is_the_ledgers_result_and_the_showdown_winner_won_at_showdown() -> None:
    game = limp_raise_and_checked_big_blind()
    rows = rows_by_name(game.played())
    results = {player: account.results for player, account in game.table.ledger.accounts.items()}
    assert {name: row.net for name, row in rows.items()} == results
    second = game.played()[1]
    winners = {
        second.names[seat]
        for event in second.hand.events
        if isinstance(event, PotAwarded)
        for seat, _ in event.winners
    }
    for name in winners:
        assert rows[name].showdowns_won == 1 and rows[name].won_at_showdown_percent == 100.0


def test_the_latest_name_labels_a_player_kept_by_id() -> None:
    game = limp_raise_and_checked_big_blind()
    first, second = game.played()
    renamed = PlayedHand(
        second.started, second.hand, ("Annie", *second.names[1:]), second.player_ids
    )
    stats = TableStats()
    stats.add(first)
    stats.add(renamed)
    row = next(row for row in stats.rows() if row.player_id == "Ann")
    assert row.name == "Annie" and row.hands == 2


def test_a_hand_without_player_ids_is_refused() -> None:
    first = limp_raise_and_checked_big_blind().played()[0]
    anonymous = PlayedHand(first.started, first.hand, first.names)
    with pytest.raises(ValueError, match="has no player ids"):
        TableStats().add(anonymous)


def stud_hand(steps: Sequence[Step]) -> dict[str, PlayerRow]:
    # With this deck Ann shows the 2d, the lowest up card: she brings in.
    game = ScriptedTable("stud", ["Ann", "Bob", "Cat"])
    game.play(0, steps)
    return rows_by_name(game.played())


def test_the_stud_bring_in_is_not_voluntary_and_completing_is_a_raise() -> None:
    rows = stud_hand(
        [
            ("Ann", "bring_in", None),
            ("Bob", "call", None),
            ("Cat", "bet_or_raise", 20),
            ("Ann", "fold", None),
        ]
    )
    assert (rows["Ann"].voluntary, rows["Ann"].raised_first_round) == (0, 0)
    assert (rows["Bob"].voluntary, rows["Bob"].raised_first_round) == (1, 0)
    assert (rows["Cat"].voluntary, rows["Cat"].raised_first_round) == (1, 1)
    assert rows["Ann"].saw_second_round == 0 and rows["Bob"].saw_second_round == 1


def test_the_stud_bring_in_who_calls_a_completion_is_voluntary() -> None:
    rows = stud_hand(
        [
            ("Ann", "bring_in", None),
            ("Bob", "bet_or_raise", 20),
            ("Cat", "fold", None),
            ("Ann", "call", None),
        ]
    )
    assert rows["Ann"].vpip_percent == 100.0 and rows["Ann"].pfr_percent == 0.0
    assert rows["Bob"].pfr_percent == 100.0 and rows["Cat"].vpip_percent == 0.0


def random_table(seed: int) -> tuple[Table, list[PlayedHand]]:
    """A table of a random game and size, played for a few hands by random legal actions."""
    rng = random.Random(seed)
    variant = rng.choice(sorted(VARIANTS))
    table_settings = TableSettings.for_variant(variant, debt_cap=None)
    names = [f"p{index}" for index in range(rng.randint(2, min(6, table_settings.seats)))]
    game = ScriptedTable(variant, names, buy_in=table_settings.minimum_buy_in)
    for _ in range(rng.randint(1, 6)):
        if not game.table.can(StartHand(random.Random(0)), 0.0):
            break
        game.run(StartHand(random.Random(rng.getrandbits(32))))
        while (hand := game.table.hand) is not None:
            legal = hand.legal_actions()
            assert legal is not None
            action = random_action(legal, rng)
            game.run(Act(game.to_act(), action.kind, action.amount))
    return game.table, game.played()


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_rates_stay_in_bounds_and_nets_cancel_on_random_tables(seed: int) -> None:
    table, hands = random_table(seed)
    rows = rows_by_name(hands)
    for row in rows.values():
        assert 0 <= row.raised_first_round <= row.voluntary <= row.hands
        assert row.won <= row.hands
        assert row.showdowns_won <= row.showdowns <= row.saw_second_round <= row.hands
    assert sum(row.net for row in rows.values()) == 0
    assert {row.player_id: row.net for row in rows.values()} == {
        player: account.results
        for player, account in table.ledger.accounts.items()
        if player in rows
    }


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_no_number_depends_on_a_card_nobody_was_shown(seed: int) -> None:
    _, hands = random_table(seed)
    for played in hands:
        events = played.hand.events
        assert seat_tallies(events) == seat_tallies(visible_events(events, None))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_bots_opponent_model_counts_what_the_tables_statistics_count(seed: int) -> None:
    """One implementation of the tracker numbers: a bot that watched the same hands has
    the same hands, VPIP and PFR hands, bets and raises and calls for each player."""
    _, hands = random_table(seed)
    model = OpponentModel()
    for played in hands:
        model.learn(view(played.hand, None), played.player_ids)
    for row in rows_by_name(hands).values():
        stats = model[row.player_id]
        counted = (stats.hands, stats.entered, stats.raised_first, stats.bets_and_raises)
        assert counted == (row.hands, row.voluntary, row.raised_first_round, row.bets_and_raises)
        assert stats.calls == row.calls
