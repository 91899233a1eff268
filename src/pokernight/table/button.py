"""The button and the blinds: who is dealt in, and where the button and blinds go.

The dead-button rule (TDA), as card rooms play it:

- the big blind moves to the next player clockwise every hand, so nobody ever
  skips it, new players included (it is what deals them in);
- the small blind goes to the seat that had the big blind; if that player has
  left or sat out, there is no small blind this hand (a dead small blind);
- the button goes to the seat that had the small blind, even if it is empty
  now (a dead button).

A new player, or one back from sitting out, waits for the big blind unless
they post one to be dealt in at once, from any seat except the button, the
small blind or between them, where it would buy a hand without paying the
blinds. A posted big blind is live: the player acts in turn and may check if
nobody raised. Heads-up, the button posts the small blind and the other player
the big blind (the big blind still advances, so nobody takes it twice in a row).
When the chain of positions no longer makes sense (the first hand, a restart
after the game stopped, a stud hand before, or a seat change that put the big
blind on the button) the button and small blind are laid out anew behind the
big blind. Stud games have no blinds: the button moves one player clockwise.

All positions are seat numbers; seats are numbered clockwise from 0.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Positions:
    """Where the button and blinds are; a blind seat need not hold a player (dead)."""

    button: int
    small_blind: int | None = None
    big_blind: int | None = None


@dataclass(frozen=True, slots=True)
class DealPlan:
    """Who is dealt into the next hand (clockwise from seat 0) and where the positions are."""

    seats: tuple[int, ...]
    positions: Positions
    posted: tuple[int, ...] = ()

    @property
    def small_blind_posted(self) -> bool:
        return self.positions.small_blind in self.seats

    @property
    def hand_button(self) -> int:
        """Index (into ``seats``) of the player the hand treats as the button.

        The hand puts its small blind left of its button (heads-up: on it), or,
        with a dead small blind, its big blind. With a dead button that is the
        dealt-in player just before the small blind (or the big blind), which
        keeps the order of play exact.
        """
        positions, seats = self.positions, self.seats
        if positions.big_blind is None or len(seats) == 2:
            return seats.index(positions.button)
        if positions.small_blind is not None and self.small_blind_posted:
            return (seats.index(positions.small_blind) - 1) % len(seats)
        return (seats.index(positions.big_blind) - 1) % len(seats)


def plan_stud(previous: Positions | None, players: Sequence[int]) -> DealPlan | None:
    """Everybody who can play is dealt in; the button moves one player clockwise."""
    if len(players) < 2:
        return None
    start = -1 if previous is None else previous.button
    return DealPlan(tuple(players), Positions(_next_after(start, players)))


def plan_blinds(
    previous: Positions | None,
    players: Sequence[int],
    waiting: Collection[int],
    posting: Collection[int],
    seat_count: int,
    *,
    deal_waiting: bool = False,
) -> DealPlan | None:
    """The next hand of a blinds game, or None when fewer than two can play.

    ``players``: seats (ascending) whose players can play (seated, in, with
    chips); ``waiting``: those of them waiting for the big blind; ``posting``:
    those waiting who chose to post a big blind to be dealt in at once.
    ``deal_waiting`` (a tournament, TDA 9): the waiting players are dealt in at once
    without posting, wherever they sit, except strictly between the button and the
    small blind, where they wait one hand.
    """
    if len(players) < 2:
        return None
    if previous is None or previous.big_blind is None:
        return _fresh(previous, players)
    big_blind = _next_after(previous.big_blind, players)
    small_blind = previous.big_blind
    button = previous.small_blind if previous.small_blind is not None else previous.button
    dead_zone = _arc(button, small_blind, seat_count)
    # Cash games: a waiting player comes in on the big blind. Tournaments: at once, but
    # not between the button and the small blind (a hand without paying for it).
    held = dead_zone - {button, small_blind} if deal_waiting else frozenset(players)
    seats = tuple(
        seat for seat in players if seat not in waiting or seat not in held or seat == big_blind
    )
    posted = tuple(sorted(seat for seat in posting if seat not in seats and seat not in dead_zone))
    seats = tuple(sorted((*seats, *posted)))
    if len(seats) < 2:
        return _fresh(previous, players)
    if len(seats) == 2 or big_blind in dead_zone:
        return _laid_out_behind(big_blind, seats, posted)
    return DealPlan(seats, Positions(button, small_blind, big_blind), posted)


def _fresh(previous: Positions | None, players: Sequence[int]) -> DealPlan:
    """Everybody is dealt in; the big blind still advances, or follows a new button."""
    if previous is not None and previous.big_blind is not None:
        big_blind = _next_after(previous.big_blind, players)
    else:
        button = _next_after(-1 if previous is None else previous.button, players)
        offset = 1 if len(players) == 2 else 2
        big_blind = players[(players.index(button) + offset) % len(players)]
    return _laid_out_behind(big_blind, tuple(players), ())


def _laid_out_behind(big_blind: int, seats: tuple[int, ...], posted: tuple[int, ...]) -> DealPlan:
    """Small blind just before the big blind, button before it (heads-up: the same player).

    A player who posted and lands on a blind pays that blind instead.
    """
    index = seats.index(big_blind)
    small_blind = seats[index - 1]
    button = small_blind if len(seats) == 2 else seats[index - 2]
    posted = tuple(seat for seat in posted if seat not in (small_blind, big_blind))
    return DealPlan(seats, Positions(button, small_blind, big_blind), posted)


def _next_after(seat: int, players: Sequence[int]) -> int:
    """The first of ``players`` clockwise after ``seat`` (wrapping round the table)."""
    return next((player for player in players if player > seat), players[0])


def _arc(first: int, last: int, seat_count: int) -> frozenset[int]:
    """Seats from ``first`` to ``last`` clockwise, both included."""
    length = (last - first) % seat_count + 1
    return frozenset((first + step) % seat_count for step in range(length))
