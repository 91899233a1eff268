"""Where players sit: the random draw, balancing, breaking tables, the final table.

Pure functions of seat maps (table: seat: player id), the positions each table's
last hand was played with, and an RNG where a rule asks for a random draw:

- **Random seating** (TDA 6): the first draw spreads the field over as few tables
  as hold it, as evenly as possible, at random seats.
- **Balancing** (TDA 10): when a table between hands has two players more than the
  shortest table, the player who would be big blind next moves to the worst
  position at the shortest table: the empty seat the big blind reaches first,
  which may be the big blind itself and is never the small blind (but at a table
  of one, where heads-up the other seat always is). Stud-only
  tournaments fill the seat that opened last at the short table. The table a
  player leaves is the largest between hands, the one to break first on a tie.
- **Breaking tables** (TDA 9): in the set order; each player of the broken table
  draws a table among the shortest, then a seat at it, so the tables stay balanced.
- **The final table** is drawn afresh: everybody left draws a seat.

The next hand's positions come from the table's own dead-button rule
(``pokernight.table.plan_blinds``), so "big blind next" means what the table will do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from random import Random

from pokernight.table import Positions, plan_blinds

SeatMap = Mapping[int, Mapping[int, str]]
"""table: seat: player id."""


@dataclass(frozen=True, slots=True)
class Move:
    player_id: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int


def first_draw(players: Sequence[str], seats: int, rng: Random) -> dict[int, dict[int, str]]:
    """Tables 1..n for ``players``, as few as hold them, sizes within one, seats drawn."""
    count = -(-len(players) // seats)
    order = list(players)
    rng.shuffle(order)
    tables: dict[int, dict[int, str]] = {}
    start = 0
    for index in range(count):
        size = len(order) // count + (1 if index < len(order) % count else 0)
        chosen = sorted(rng.sample(range(seats), size))
        tables[index + 1] = dict(zip(chosen, order[start : start + size], strict=True))
        start += size
    return tables


def draw_seat(tables: SeatMap, seats: int, rng: Random) -> tuple[int, int] | None:
    """A table among the shortest (drawn), then an empty seat at it (drawn): a late
    entrant's seat, or one for a player of a broken table. None: every table is full."""
    open_tables = [number for number, seated in tables.items() if len(seated) < seats]
    if not open_tables:
        return None
    fewest = min(len(tables[number]) for number in open_tables)
    table = rng.choice(sorted(number for number in open_tables if len(tables[number]) == fewest))
    empty = [seat for seat in range(seats) if seat not in tables[table]]
    return table, rng.choice(empty)


def final_draw(players: Sequence[str], seats: int, rng: Random) -> dict[int, str]:
    """A seat for each of ``players`` at the final table, drawn."""
    chosen = rng.sample(range(seats), len(players))
    order = list(players)
    rng.shuffle(order)
    return dict(zip(chosen, order, strict=True))


def due_big_blind(seated: Mapping[int, str], positions: Positions | None, seats: int) -> int | None:
    """The seat of the player who would be big blind in the table's next hand. At a stud
    table (its positions have a button only) the player who would be big blind if the game
    were hold'em (TDA 10 B). None: fewer than two players."""
    plan = plan_blinds(positions, sorted(seated), (), (), seats)
    return None if plan is None else plan.positions.big_blind


def next_small_blind(
    seated: Mapping[int, str], positions: Positions | None, seats: int
) -> int | None:
    """The seat that posts the small blind in the next hand (None: a dead small blind)."""
    plan = plan_blinds(positions, sorted(seated), set(seated), (), seats, deal_waiting=True)
    return None if plan is None else plan.positions.small_blind


def worst_seat(seated: Mapping[int, str], positions: Positions | None, seats: int) -> int:
    """The empty seat the big blind reaches first (it may be the next big blind itself),
    never the next hand's small blind; the lowest seat on a tie. A table of one player is
    the exception: heads-up, the other seat is always the small blind."""
    empty = [seat for seat in range(seats) if seat not in seated]
    ranked: list[tuple[bool, int, int]] = []
    for seat in empty:
        players = sorted([*seated, seat])
        plan = plan_blinds(positions, players, {seat}, (), seats, deal_waiting=True)
        if plan is None:
            return empty[0]  # nobody to play against yet: any seat is as bad
        big_blind = plan.positions.big_blind
        assert big_blind is not None
        if seat in plan.seats:
            hands = (plan.seats.index(seat) - plan.seats.index(big_blind)) % len(plan.seats)
        else:
            hands = len(players)  # between the button and the small blind: waits a hand
        ranked.append((seat == plan.positions.small_blind, hands, seat))
    return min(ranked)[2]


def balancing_move(
    tables: SeatMap,
    positions: Mapping[int, Positions],
    seats: int,
    *,
    movable: Mapping[int, Mapping[int, str]],
    busy: frozenset[int] = frozenset(),
    order: Sequence[int] = (),
    opened: Mapping[int, Sequence[int]] | None = None,
) -> Move | None:
    """The next player to move so that no table has two more players than the shortest,
    or None when the tables are balanced (or only tables in a hand, ``busy``, could give).

    ``movable``: each table's players who may move (with chips); ``order``: the break
    order (ties between the largest tables go to the first in it, between the shortest to
    the last); ``opened``: for a stud-only tournament, each table's seats in the order they
    opened (the last one still empty is filled)."""
    if len(tables) < 2:
        return None
    rank = {number: index for index, number in enumerate(order)}
    free = [number for number in tables if number not in busy and movable.get(number)]
    if not free:
        return None
    source = min(free, key=lambda number: (-len(tables[number]), rank.get(number, -1), number))
    target = min(tables, key=lambda number: (len(tables[number]), -rank.get(number, -1), -number))
    if len(tables[source]) <= len(tables[target]) + 1:
        return None
    candidates = movable[source]
    from_seat = due_big_blind(candidates, positions.get(source), seats)
    if from_seat is None or from_seat not in candidates:
        from_seat = min(candidates)
    to_seat = _seat_to_fill(tables[target], positions.get(target), seats, opened, target)
    return Move(candidates[from_seat], source, from_seat, target, to_seat)


def _seat_to_fill(
    seated: Mapping[int, str],
    positions: Positions | None,
    seats: int,
    opened: Mapping[int, Sequence[int]] | None,
    table: int,
) -> int:
    if opened is not None:
        empty_in_order = [seat for seat in opened.get(table, ()) if seat not in seated]
        if empty_in_order:
            return empty_in_order[-1]
    return worst_seat(seated, positions, seats)


def balance(
    tables: SeatMap,
    positions: Mapping[int, Positions],
    seats: int,
    order: Sequence[int] = (),
) -> list[Move]:
    """Every move balancing needs when every table is between hands (as a whole, for
    tests and tools; the director makes them one at a time)."""
    current = {number: dict(seated) for number, seated in tables.items()}
    moves: list[Move] = []
    while True:
        move = balancing_move(current, positions, seats, movable=current, order=order)
        if move is None:
            return moves
        moves.append(move)
        del current[move.from_table][move.from_seat]
        current[move.to_table][move.to_seat] = move.player_id
