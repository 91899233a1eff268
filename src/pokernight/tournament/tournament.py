"""A tournament over time: the commands on top of its state (``state.TournamentState``).

A command is checked against the current state by its topic's decider
(``registration``, ``play``, ``buying``, ``deals``), which answers with the events
it causes or raises a TournamentError saying why not. The events are folded in
(``fold.evolve``); then the director does whatever is due by itself (``director``:
eliminations, prizes, balancing, breaking tables, hand-for-hand, the final table,
levels and breaks), and those events are folded too. ``decide`` does all that on a
copy and leaves the tournament as it was, so a server can save the events before
it takes the new tournament. ``from_events`` folds stored events back into the same
tournament.

Pure: time arrives as ``now`` (seconds) with each command, randomness as an RNG
(drawn only when a command seats or moves players, or races chips off).
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random

from pokernight.tournament import buying, deals, play, registration
from pokernight.tournament.commands import (
    AddOn,
    ChangeStructure,
    Command,
    Rebuy,
    RecordDeal,
    Register,
    ReportHand,
    Start,
    StartHand,
    Tick,
    Unregister,
)
from pokernight.tournament.director import next_events
from pokernight.tournament.errors import TournamentError
from pokernight.tournament.events import TournamentCreated, TournamentEvent
from pokernight.tournament.fold import evolve
from pokernight.tournament.state import TournamentState
from pokernight.tournament.structure import Structure

MOST_STEPS = 100_000
"""The director's steps after one command: far more than any tournament needs (each step
places, seats or moves somebody, or moves the clock on); past it, a bug loops."""


class Tournament(TournamentState):
    @classmethod
    def create(cls, structure: Structure, director: str) -> Tournament:
        return cls(TournamentCreated(structure.validated(), director))

    @classmethod
    def from_events(cls, events: Iterable[TournamentEvent]) -> Tournament:
        """Rebuild a tournament by folding its stored events (the first is
        ``TournamentCreated``)."""
        stream = iter(events)
        created = next(stream, None)
        if not isinstance(created, TournamentCreated):
            raise ValueError("a tournament's events begin with TournamentCreated")
        tournament = cls(created)
        for event in stream:
            evolve(tournament, event)
        return tournament

    def verify(self, command: Command, now: float) -> None:
        """Raise a TournamentError saying why ``command`` would be refused; else nothing.
        Draws nothing from any RNG the caller holds."""
        self.copy()._decide(command, now, Random(0))

    def can(self, command: Command, now: float) -> bool:
        try:
            self.verify(command, now)
        except TournamentError:
            return False
        return True

    def decide(
        self, command: Command, now: float, rng: Random
    ) -> tuple[Tournament, list[TournamentEvent]]:
        """What ``command`` would do, leaving this tournament as it is: the tournament it
        makes and the events it causes (the director's included), or a TournamentError."""
        after = self.copy()
        return after, after.apply(command, now, rng)

    def apply(self, command: Command, now: float, rng: Random) -> list[TournamentEvent]:
        """Carry out ``command``, then what the director does by itself: the events, in
        order, each folded into the tournament."""
        done = self._decide(command, now, rng)
        for event in done:
            evolve(self, event)
        for _ in range(MOST_STEPS):
            more = next_events(self, now, rng)
            if not more:
                return done
            for event in more:
                evolve(self, event)
            done += more
        raise AssertionError("the tournament director did not settle")

    def _decide(self, command: Command, now: float, rng: Random) -> list[TournamentEvent]:
        match command:
            case Register():
                return registration.register(self, command)
            case Unregister():
                return registration.unregister(self, command)
            case ChangeStructure():
                return registration.change_structure(self, command)
            case Start():
                return registration.start(self, command, now, rng)
            case Tick():
                return []  # the director does whatever the clock has made due
            case StartHand():
                return play.start_hand(self, command, now)
            case ReportHand():
                return play.report_hand(self, command, now)
            case Rebuy():
                return buying.rebuy(self, command, now)
            case AddOn():
                return buying.add_on(self, command)
            case RecordDeal():
                return deals.record_deal(self, command)
