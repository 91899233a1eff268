"""A room's bot that wins a pot with seven-deuce shows it, to collect the 7-2 bounty."""

from __future__ import annotations

import random
from dataclasses import replace

from pokernight.server.tables import messages as msg
from pokernight.server.tables.bot_driver import BotDriver
from pokernight.server.tables.connection import Connection
from pokernight.table import Act, Folded, HandFinished, ShowCards, Table
from tests.table_helpers import player_to_act, seated, start
from tests.test_table_bounty import BOUNTY, FOLD_SEED


def won_with_seven_deuce(bounty: int) -> tuple[Table, list[Folded]]:
    """Seat 3, a bot, is folded to holding seven-deuce; what the table told at the end."""
    table = seated({0: 1000, 3: 1000}, replace(BOUNTY, seven_deuce_bounty=bounty))
    table.seats[3] = replace(table.seats[3], bot="easy")
    start(table, seed=FOLD_SEED)
    return table, table.apply(Act(player_to_act(table), "fold"), 0.0)


def test_a_bot_that_won_with_seven_deuce_shows_it_when_the_table_pays_a_bounty() -> None:
    assert bots_shown(50) == [("p3", msg.asking(ShowCards))]
    assert bots_shown(0) == []  # no bounty: nothing to show for


def bots_shown(bounty: int) -> list[tuple[str | None, msg.Intent]]:
    table, told = won_with_seven_deuce(bounty)
    assert any(isinstance(folded.event, HandFinished) for folded in told)
    sent: list[tuple[Connection, msg.Intent]] = []
    driver = BotDriver(lambda who, intent: sent.append((who, intent)), random.Random(1))
    driver.after_commit(told, table)
    return [(who.player_id, intent) for who, intent in sent if intent == msg.asking(ShowCards)]
