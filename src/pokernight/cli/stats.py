"""``pokernight stats CODE``: each player's numbers over a table's finished hands.

Replays the table's stored events from the room's database and counts, per
player, what ``pokernight.history.stats`` describes (hands, pots won, VPIP,
PFR, aggression factor, showdowns, biggest pot, net chips), from what every
spectator saw: no unshown card is read.
"""

from __future__ import annotations

import argparse
import json

from rich.console import Console
from rich.table import Table

from pokernight.cli.stored_table import add_table_arguments, read_table
from pokernight.cli.types import Subparsers
from pokernight.history.stats import PlayerRow, TableStats
from pokernight.history.table_export import played_hands


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "stats",
        help="each player's statistics over a table's hands (VPIP, PFR, aggression, net)",
        description=(
            "Replay a table's stored events and print, for every player, hands dealt, "
            "pots won, VPIP, PFR, aggression factor (bets and raises per call), went to "
            "showdown (per flop seen), won at showdown, biggest pot and net chips."
        ),
    )
    add_table_arguments(parser)
    parser.add_argument(
        "--json", action="store_true", help="one JSON object per player, a line each"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    code = str(args.code)
    stats, hands = TableStats(), 0
    stored = read_table(code, args.db)
    for played in played_hands(stored.events):
        stats.add(played)
        hands += 1
    rows = stats.rows()
    if args.json:
        for row in rows:
            print(json.dumps(row.to_dict()))
    elif not rows:
        print(f"table {code} has no finished hand yet")
    else:
        Console().print(_table(f"Table {code}{stored.told}: {hands} hands", rows))
    return 0


COLUMNS = ("Player", "Hands", "Won", "VPIP", "PFR", "AF", "WTSD", "W$SD", "Biggest pot", "Net")


def _table(title: str, rows: list[PlayerRow]) -> Table:
    table = Table(title=title)
    for column in COLUMNS:
        table.add_column(column, justify="left" if column == "Player" else "right")
    for row in rows:
        table.add_row(
            row.name,
            str(row.hands),
            str(row.won),
            _percent(row.vpip_percent),
            _percent(row.pfr_percent),
            "-" if row.aggression_factor is None else f"{row.aggression_factor:.2f}",
            _percent(row.went_to_showdown_percent),
            _percent(row.won_at_showdown_percent),
            f"{row.biggest_pot:,}",
            f"{row.net:+,}" if row.net else "0",
        )
    return table


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}%"
