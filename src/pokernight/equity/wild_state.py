"""Follow the Queen's wild rank as up cards are dealt (see ``rules.dealing``).

A queen dealt face up leaves the wild rank waiting for the next up card; that
card's rank (unless it is a queen too) becomes wild beside the queens. By seed 000's
rule a queen still waiting when its street's up cards are out leaves only queens wild
(``after_street``); by the house rule ``carries_over`` it waits for the next street's
first up card. A queen still waiting when no up card is left makes only queens wild.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pokernight.cards import Rank

QUEEN = int(Rank.QUEEN)


@dataclass(frozen=True, slots=True)
class WildState:
    rank: int | None = None  # wild beside the queens (None: only queens)
    queen_waiting: bool = False
    carries_over: bool = False  # the house rule ``ftq_queen_carries_over``

    def after(self, up_ranks: Iterable[int]) -> WildState:
        """The state once cards of these ranks are dealt face up, in this order, on one
        street (the street not over yet: a queen last among them still waits)."""
        rank, waiting = self.rank, self.queen_waiting
        for up_rank in up_ranks:
            if up_rank == QUEEN:
                waiting = True
            elif waiting:
                rank, waiting = up_rank, False
        return WildState(rank, waiting, self.carries_over)

    def after_street(self, up_ranks: Iterable[int]) -> WildState:
        """The state once a street's up cards are out: by the seed's rule a queen last on
        the street leaves only queens wild; by the house rule it waits on."""
        state = self.after(up_ranks)
        if state.queen_waiting and not self.carries_over:
            return WildState(None, False, self.carries_over)
        return state

    def at_showdown(self) -> frozenset[int]:
        """The wild ranks once the hand is dealt out."""
        if self.queen_waiting or self.rank is None:
            return frozenset((QUEEN,))
        return frozenset((QUEEN, self.rank))
