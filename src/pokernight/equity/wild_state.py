"""Follow the Queen's wild rank as up cards are dealt (see ``rules.dealing``).

A queen dealt face up leaves the wild rank waiting for the next up card; that
card's rank (unless it is a queen too) becomes wild beside the queens. A queen
still waiting when no up card is left makes only queens wild.
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

    def after(self, up_ranks: Iterable[int]) -> WildState:
        """The state once cards of these ranks are dealt face up, in this order."""
        rank, waiting = self.rank, self.queen_waiting
        for up_rank in up_ranks:
            if up_rank == QUEEN:
                waiting = True
            elif waiting:
                rank, waiting = up_rank, False
        return WildState(rank, waiting)

    def at_showdown(self) -> frozenset[int]:
        """The wild ranks once the hand is dealt out."""
        if self.queen_waiting or self.rank is None:
            return frozenset((QUEEN,))
        return frozenset((QUEEN, self.rank))
